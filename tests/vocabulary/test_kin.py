"""kgsync.vocabulary.kin: candidate duplicates found through an alias or a vague head."""

from __future__ import annotations

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.vocabulary.kin import alias_pairs, graph_forms, kin_pairs, vague_head_pairs


def test_a_short_form_the_items_define_meets_its_facet() -> None:
    # The items define "H-neurons" as the short form of hallucination-associated neurons; a
    # node named by the short form plus a head is a facet of that page.
    forms = {"hallucination-associated-neurons": ("H-neurons", "hallucination-associated neurons"),
             "h-neuron-activation": ("H-neuron activations",),
             "neuron-pruning": ("neuron pruning",)}
    assert alias_pairs(forms) == {("h-neuron-activation", "hallucination-associated-neurons")}


def test_no_alias_no_pair() -> None:
    forms = {"hallucination-associated-neurons": ("hallucination-associated neurons",),
             "h-neuron-activation": ("H-neuron activations",)}
    assert alias_pairs(forms) == set()


def test_a_surface_two_nodes_share_pairs_neither() -> None:
    # "DORA" written by both: the acronym index decides which one it names, not a merge; and a
    # surface both write ("h-neurons") is no evidence that either is the third node's page.
    forms = {"devops-research-and-assessment": ("DORA",), "digital-operational-resilience-act": ("DORA",)}
    assert alias_pairs(forms) == set()
    forms = {"hallucination-associated-neurons": ("H-neurons",), "neuron-pruning": ("H-neurons",),
             "h-neuron-activation": ("H-neuron activations",)}
    assert alias_pairs(forms) == set()


def test_a_vague_head_over_a_kind_of_the_same_thing_when_an_item_links_both() -> None:
    forms: dict[str, tuple[str, ...]] = {"instruction-file": ("instruction files",),
                                         "copilot-instruction": ("copilot instructions",),
                                         "agent-skill": ("agent skills",), "ai-agent": ("AI agents",),
                                         "instruction": ("instructions",)}
    items = {"instruction-file": frozenset({"a", "b"}), "copilot-instruction": frozenset({"b", "c"}),
             "instruction": frozenset({"a"}), "agent-skill": frozenset({"d"}), "ai-agent": frozenset({"e"})}
    assert vague_head_pairs(forms, items) == {("copilot-instruction", "instruction-file"),
                                              ("instruction", "instruction-file")}
    # "agent skill" / "ai agent": a skill an agent has; no item links both, so no pair.
    items_shared = dict(items, **{"agent-skill": frozenset({"e"})})
    assert ("agent-skill", "ai-agent") in vague_head_pairs(forms, items_shared)


def test_a_proper_name_with_a_vague_head_is_no_kind() -> None:
    # "GitHub Issues" is a product, not an issue of GitHub's.
    forms = {"github-issue": ("GitHub Issues",), "github": ("GitHub",), "instruction-file": ("instruction files",),
             "instruction": ("instructions",)}
    items = {name: frozenset({"a"}) for name in forms}
    assert vague_head_pairs(forms, items) == {("instruction", "instruction-file")}


def test_a_head_that_is_no_vague_noun_pairs_nothing() -> None:
    forms = {"prompt-injection": ("prompt injection",), "system-prompt": ("system prompts",)}
    items = {name: frozenset({"a"}) for name in forms}
    assert vague_head_pairs(forms, items) == set()


def test_from_a_graph() -> None:
    graph = Graph(entities=(
        Entity("concept:instruction-file", "concept", ("alias:instruction files",)),
        Entity("concept:copilot-instruction", "concept", ("alias:copilot instructions",)),
        Entity("item:x", "research-item", ()),
        Entity("claim:y:one", "claim", ()),
    ), relations=(
        Relation("item:x", "concept:instruction-file", "addresses"),
        Relation("claim:x:one", "concept:copilot-instruction", "about"),
    ))
    forms, items = graph_forms(graph, "concept", "concept:")
    assert forms == {"instruction-file": ("instruction files",), "copilot-instruction": ("copilot instructions",)}
    assert items == {"instruction-file": frozenset({"x"}), "copilot-instruction": frozenset({"x"})}
    assert kin_pairs(forms, items) == {("copilot-instruction", "instruction-file")}
