"""kgsync.vocabulary.kin: candidate duplicates found through an alias or a vague head, and those a reviewer is shown."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.vocabulary.kin import (MIN_SHARED_ITEMS, SAME_ITEMS_SHARE, alias_pairs, graph_forms, head_pairs,
                                   kin_pairs, proposed_pairs, reviewed, same_items, shared_items, two_things,
                                   vague_head_pairs)


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
    # The relations' targets as lint read them once (``kgsync.lint.checks.columns_of``): the same forms.
    targets = [relation.target for relation in graph.relations]
    assert graph_forms(graph, "concept", "concept:", targets) == (forms, items)
    # They are what picks the relations into the nodes: a relation whose target reads as no node's is left out.
    _, other = graph_forms(graph, "concept", "concept:", ["concept:instruction-file", "concept:gone"])
    assert other == {"instruction-file": frozenset({"x"})}


def _slugs(*numbers: int) -> frozenset[str]:
    return frozenset(f"item-{n}" for n in numbers)


def test_a_head_the_same_items_write_for_the_longer_name_is_proposed() -> None:
    # "language model" / "large language model": most items that write one write the other.
    items = {"language-model": _slugs(*range(10)), "large-language-model": _slugs(*range(2, 14)),
             "coding-agent": _slugs(*range(20)), "copilot-coding-agent": _slugs(1, 2, 3, 4)}
    assert head_pairs(items, items) == {("language-model", "large-language-model")}
    assert shared_items(items, "language-model", "large-language-model") == (8, 10, 12)
    assert ("language-model", "large-language-model") in kin_pairs(dict.fromkeys(items, ()), items)


def test_a_narrower_kind_a_few_of_the_broader_items_address_is_no_head_pair() -> None:
    # "copilot coding agent": all 4 of its items address "coding agent", but 4 of its 20 do.
    items = {"coding-agent": _slugs(*range(20)), "copilot-coding-agent": _slugs(1, 2, 3, 4)}
    assert head_pairs(items, items) == set() and not same_items(items, "coding-agent", "copilot-coding-agent")


def test_a_modifier_and_a_name_it_opens_is_no_head_pair() -> None:
    # "github" / "github-actions": the shorter name opens the longer one (its maker), not its head.
    items = {"github": _slugs(1, 2, 3, 4), "github-actions": _slugs(1, 2, 3, 4)}
    assert head_pairs(items, items) == set()


def test_two_shared_items_are_no_usage_yet() -> None:
    items = {"model": _slugs(1, 2), "language-model": _slugs(1, 2)}
    assert MIN_SHARED_ITEMS > 2 and not same_items(items, "model", "language-model")
    assert head_pairs(items, items) == set()


_NAME = st.lists(st.sampled_from(["large", "language", "model", "agent", "coding"]), min_size=1, max_size=3).map("-".join)


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(_NAME, st.frozensets(st.integers(0, 6), max_size=6).map(lambda ns: _slugs(*ns)), max_size=8))
def test_head_pairs_are_exactly_the_heads_with_the_same_items(items: dict[str, frozenset[str]]) -> None:
    # The definition, pair by pair, and the same whatever order the names come in.
    expected = set()
    for a in items:
        for b in items:
            if b.endswith("-" + a):
                shared = len(items[a] & items[b])
                if shared >= MIN_SHARED_ITEMS and shared >= SAME_ITEMS_SHARE * max(len(items[a]), len(items[b])):
                    expected.add((min(a, b), max(a, b)))
    assert head_pairs(items, items) == expected
    assert head_pairs(list(reversed(list(items))), items) == expected


def test_other_heads_are_two_things() -> None:
    # An English compound names a kind of its last word: "GitHub issue" is no GitHub.
    for a, b in (("github", "github-issue"), ("coding-agent", "coding-agent-harness"),
                 ("policy-enforcement", "policy-enforcement-point"), ("agent-skill", "ai-agent"),
                 ("copilot-instruction", "instruction-file")):
        assert two_things(a, b, {})


def test_a_kind_is_two_things_unless_the_same_items_address_both() -> None:
    assert two_things("coding-agent", "copilot-coding-agent", {})
    items = {"language-model": _slugs(*range(10)), "large-language-model": _slugs(*range(2, 14))}
    assert not two_things("language-model", "large-language-model", items)


def test_spellings_of_one_name_are_one_thing() -> None:
    for a, b in (("fine-tuning", "finetuning"), ("knowledge-graph", "knowledge-graphs"),
                 ("agent-memory", "agentic-memory"), ("rag-eval", "rag-evals")):
        assert not two_things(a, b, {})


def test_reviewed_keeps_the_same_content_words_whatever_the_heads() -> None:
    # "agentic AI" / "AI agent": the heads differ as written, the content words are the same.
    names = ["agentic-ai", "ai-agent", "ai-architecture"]
    pairs = {("agentic-ai", "ai-agent"), ("agentic-ai", "ai-architecture")}
    assert reviewed(pairs, names, {}) == {("agentic-ai", "ai-agent")}


def test_proposed_pairs_leave_out_a_vague_head_over_a_kind() -> None:
    forms = {"instruction-file": ("instruction files",), "copilot-instruction": ("copilot instructions",),
             "vector-search": (), "vector-searches": ()}
    items = {name: frozenset({"x"}) for name in forms}
    assert ("copilot-instruction", "instruction-file") in kin_pairs(forms, items)
    assert proposed_pairs(forms, forms, items) == {("vector-search", "vector-searches")}
