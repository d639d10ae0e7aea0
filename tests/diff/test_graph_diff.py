"""kgsync.diff.graph_diff: the pure graph diff, grouping, review (`kgsync diff`: tests/cli/test_diff.py)."""

from __future__ import annotations

import importlib.util
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.diff.finding_order import sort_findings
from kgsync.diff.graph_diff import diff, review
from kgsync.diff.json_report import to_dict, to_json
from kgsync.diff.model import EntityChange, GraphDiff
from kgsync.contract.model import Entity, Graph, Relation
from tests.diff.small_graphs import A, B, BASE, claim, concept, item, rel


# --------------------------------------------------------------------------- detection


def test_identical_graphs_have_an_empty_diff() -> None:
    d = diff(BASE, BASE)
    assert d.is_empty
    assert d == GraphDiff()
    assert diff(Graph(), Graph()).is_empty


def test_file_order_is_not_a_change() -> None:
    shuffled = Graph(tuple(reversed(BASE.entities)), tuple(reversed(BASE.relations)))
    assert diff(BASE, shuffled).is_empty


def test_added_and_removed_entities() -> None:
    new = Graph(BASE.entities[:2] + (concept("agents", A),), BASE.relations)
    d = diff(BASE, new)
    assert [e.name for e in d.added] == ["concept:agents"]
    assert [e.name for e in d.removed] == [f"claim:{A}:k1"]
    assert d.added[0] == concept("agents", A)  # the whole entity, observations included
    assert not d.changed and not d.is_empty


def test_a_copy_of_a_name_added_or_removed_is_an_added_or_removed_node() -> None:
    # Entities are matched by their name's first line, so a later line of the same name under
    # another type (an agent's "topic" node) was no change at all: "No change to the graph."
    # above "64 -> 65 entities (+1)". The copy is a node the file gains (or loses).
    copy = Entity("concept:rag", "topic", ("note: mine",))
    new = Graph(BASE.entities + (copy,), BASE.relations)
    d = diff(BASE, new)
    assert d.added == (copy,) and not d.removed and not d.changed and not d.is_empty
    # Filed under no item: no item's relation reaches a copy (not under the items addressing concept:rag).
    assert [(i.slug, i.added) for i in d.items] == [("", (copy,))]
    back = diff(new, BASE)
    assert back.removed == (copy,) and not back.added and not back.changed
    twice = Graph(new.entities + (copy,), BASE.relations)  # the very same line once more
    assert diff(new, twice).added == (copy,) and diff(new, new).is_empty


def test_observation_changes_are_a_multiset_diff() -> None:
    old = Graph((Entity("concept:rag", "concept", ("tag:a", "tag:b", "tag:b")),))
    new = Graph((Entity("concept:rag", "concept", ("tag:c", "tag:b", "tag:a")),))
    (change,) = diff(old, new).changed
    assert change == EntityChange("concept:rag", "concept", ("tag:c",), ("tag:b",), None, False)


def test_type_change_and_reorder() -> None:
    old = Graph((Entity("x", "concept", ("a", "b")), Entity("y", "concept", ("a", "b"))))
    new = Graph((Entity("x", "method", ("a", "b")), Entity("y", "concept", ("b", "a"))))
    changes = {c.name: c for c in diff(old, new).changed}
    assert changes["x"].type_changed == ("concept", "method")
    assert changes["x"].entity_type == "method" and not changes["x"].reordered
    assert changes["y"].reordered and changes["y"].type_changed is None
    assert not changes["y"].observations_added and not changes["y"].observations_removed


def test_relations_added_and_removed_by_key() -> None:
    new = Graph(
        BASE.entities,
        (
            rel(f"item:{A}", "concept:rag", "addresses"),
            rel(f"item:{A}", "concept:rag", "addresses"),  # a duplicate line is no change
            rel(f"claim:{A}:k1", "concept:rag", "about"),
        ),
    )
    d = diff(BASE, new)
    assert d.relations_added == (rel(f"claim:{A}:k1", "concept:rag", "about"),)
    assert d.relations_removed == (rel(f"item:{A}", f"claim:{A}:k1", "states"),)
    assert not d.added and not d.removed and not d.changed


def test_first_entity_of_a_name_wins_like_the_server() -> None:
    old = Graph((Entity("concept:x", "concept", ("a",)),))
    new = Graph((Entity("concept:x", "concept", ("a",)), Entity("concept:x", "concept", ("b",))))
    # The first line is the node the server reads: it did not change; the later line is a copy added.
    d = diff(old, new)
    assert not d.changed and d.added == (Entity("concept:x", "concept", ("b",)),)


def test_outputs_are_sorted_contract_types_first() -> None:
    new = Graph(
        (
            Entity("zzz:foreign", "aaa_foreign"),
            concept("b", B),
            concept("a", B),
            claim(B, "k"),
            item(B),
            Entity("method:m", "method"),
        )
    )
    d = diff(Graph(), new)
    assert [e.name for e in d.added] == [
        f"item:{B}", "concept:a", "concept:b", f"claim:{B}:k", "method:m", "zzz:foreign",
    ]
    assert [c.entity_type for c in d.counts] == ["research_item", "concept", "claim", "method", "aaa_foreign"]
    assert [(c.added, c.removed, c.changed) for c in d.counts][:2] == [(1, 0, 0), (2, 0, 0)]
    added, removed, changed = d.by_type("concept")
    assert [e.name for e in added] == ["concept:a", "concept:b"] and removed == () and changed == ()


def test_counts_list_contract_types_even_when_zero() -> None:
    assert [(c.entity_type, c.added) for c in diff(Graph(), Graph()).counts] == [
        ("research_item", 0), ("concept", 0), ("claim", 0), ("method", 0),
    ]


# --------------------------------------------------------------------------- grouping


def test_grouping_by_item() -> None:
    new = Graph(
        BASE.entities + (item(B, "Beta"), claim(B, "k1", provenance=False), concept("shared", A, B),
                         Entity("concept:orphan", "concept")),
        BASE.relations + (rel(f"item:{B}", "concept:shared", "addresses"),
                          rel(f"claim:{B}:k1", "concept:rag", "about"),
                          rel("concept:orphan", "concept:rag", "extends")),
    )
    d = diff(BASE, new)
    by_slug = {i.slug: i for i in d.items}
    assert [i.slug for i in d.items] == ["", A, B]  # ascending; "" = no item
    assert by_slug[B].title == "Beta"
    assert [e.name for e in by_slug[B].added] == [f"item:{B}", "concept:shared", f"claim:{B}:k1"]
    assert [e.name for e in by_slug[A].added] == ["concept:shared"]  # a shared node is filed under each
    assert [r.source for r in by_slug[B].relations_added] == [f"claim:{B}:k1", f"item:{B}"]
    assert [e.name for e in by_slug[""].added] == ["concept:orphan"]
    assert by_slug[""].relations_added == (rel("concept:orphan", "concept:rag", "extends"),)
    assert by_slug[A].title == "Alpha" and by_slug[""].title == ""


def test_removed_relations_and_changes_are_filed_by_the_old_graph_too() -> None:
    # The claim lost its provenance in NEW: the change belongs to both the old and new owner.
    old = Graph((claim(A, "k"), item(A, "Old title")), (rel(f"claim:{A}:k", "concept:gone", "about"),))
    new = Graph((Entity(f"claim:{A}:k", "claim", ("A statement.", f"provenance:item={B}")),))
    d = diff(old, new)
    by_slug = {i.slug: i for i in d.items}
    assert set(by_slug) == {A, B}
    assert [c.name for c in by_slug[A].changed] == [c.name for c in by_slug[B].changed] == [f"claim:{A}:k"]
    assert by_slug[A].relations_removed == (rel(f"claim:{A}:k", "concept:gone", "about"),)
    assert by_slug[A].title == "Old title"  # removed item: its title comes from OLD


def test_relation_whose_from_node_is_in_no_graph_uses_the_name() -> None:
    new = Graph((), (rel(f"item:{B}", "concept:x", "addresses"), rel(f"claim:{A}:z", "concept:x", "about")))
    by_slug = {i.slug: i for i in diff(Graph(), new).items}
    assert set(by_slug) == {A, B}


# --------------------------------------------------------------------------- review: near-duplicate pairs


def test_review_reports_near_duplicates_that_involve_a_new_name() -> None:
    old = Graph((concept("retrieval augmented generation"), concept("prompt injection"),
                 concept("prompt injections")))
    new = Graph(old.entities + (concept("retrieval-augmented generation"), Entity("method:rag eval", "method"),
                                Entity("method:rag evals", "method")))
    d = review(old, new)
    assert d.near_duplicates == (
        ("concept:retrieval augmented generation", "concept:retrieval-augmented generation"),
        ("method:rag eval", "method:rag evals"),
    )  # the old pair (prompt injection/s) is not news
    if importlib.util.find_spec("kgsync.lint.rules") is not None:
        from kgsync.lint.rules import lint

        assert d.findings == sort_findings(lint(new).findings)
    else:
        assert d.findings == ()


def test_review_reports_a_pair_found_through_an_alias() -> None:
    # The items write "LLM agents" for a node named in full: a new "LLM agent" node meets it
    # through that alias (kin.alias_pairs), though the names share no form.
    old = Graph((Entity("concept:large-language-model-agent", "concept", ("alias:LLM agents",)),))
    new = Graph(old.entities + (Entity("concept:llm-agent", "concept"),))
    assert review(old, new).near_duplicates == (("concept:large-language-model-agent", "concept:llm-agent"),)


def test_review_leaves_out_an_alias_pair_whose_heads_differ() -> None:
    # "H-neuron activations" meets the short form "H-neurons", but an activation is no neuron.
    old = Graph((Entity("concept:hallucination-associated-neurons", "concept",
                        ("alias:H-neurons", "alias:hallucination-associated neurons")),))
    new = Graph(old.entities + (Entity("concept:h-neuron-activation", "concept", ("alias:H-neuron activations",)),))
    assert review(old, new).near_duplicates == ()


def test_review_gives_the_shared_items_of_a_pair_the_same_items_address() -> None:
    # Three items write both "language model" and "large language model", a fourth only the
    # longer: the pair is proposed (kin.head_pairs) with its shared items; the other pair is not.
    items = [Entity(f"item:2026-01-0{n}-x", "research_item") for n in range(1, 5)]
    nodes = (Entity("concept:language-model", "concept"), Entity("concept:large-language-model", "concept"))
    links = tuple(Relation(f"item:2026-01-0{n}-x", "concept:large-language-model", "addresses") for n in range(1, 5))
    links += tuple(Relation(f"item:2026-01-0{n}-x", "concept:language-model", "addresses") for n in range(1, 4))
    d = review(Graph(tuple(items)), Graph(tuple(items) + nodes, links))
    assert ("concept:language-model", "concept:large-language-model") in d.near_duplicates
    assert d.same_items == (("concept:language-model", "concept:large-language-model", 3, 3, 4),)
    assert to_dict(d)["near_duplicate_items"] == [
        {"pair": ["concept:language-model", "concept:large-language-model"], "both": 3, "counts": [3, 4]}]


# --------------------------------------------------------------------------- properties

_names = st.sampled_from(
    [f"item:{A}", f"item:{B}", "concept:rag", "concept:agents", f"claim:{A}:k1", f"claim:{B}:k2", "method:survey"]
)
_types = st.sampled_from(["research_item", "concept", "claim", "method", "other"])
_observations = st.lists(
    st.sampled_from(["tag:a", "tag:b", f"provenance:item={A}", f"provenance:item={B}", "confidence:high", "x"]),
    max_size=4,
).map(tuple)


@st.composite
def graphs(draw: st.DrawFn) -> Graph:
    names = draw(st.lists(_names, unique=True, max_size=6))
    entities = tuple(Entity(n, draw(_types), draw(_observations)) for n in names)
    relations = draw(
        st.lists(st.builds(Relation, _names, _names, st.sampled_from(["addresses", "about", "states"])), max_size=6)
    )
    return Graph(entities, tuple(relations))


@settings(max_examples=150, deadline=None)
@given(graphs(), graphs(), st.randoms(use_true_random=False))
def test_diff_properties(a: Graph, b: Graph, rnd: random.Random) -> None:
    assert diff(a, a).is_empty
    d = diff(a, b)
    # Deterministic, whatever the file order.
    shuffled = Graph(tuple(rnd.sample(b.entities, len(b.entities))), tuple(rnd.sample(b.relations, len(b.relations))))
    assert diff(a, shuffled) == d
    assert to_json(diff(a, shuffled)) == to_json(d)
    # Applying the diff to A's sets gives B's sets.
    names_a = {e.name for e in a.entities}
    assert (names_a - {e.name for e in d.removed}) | {e.name for e in d.added} == {e.name for e in b.entities}
    keys_a = {r.key for r in a.relations}
    assert (keys_a - {r.key for r in d.relations_removed}) | {r.key for r in d.relations_added} == {
        r.key for r in b.relations
    }
    for change in d.changed:
        old, new = a.entity(change.name), b.entity(change.name)
        assert old is not None and new is not None
        rebuilt = Counter(old.observations) - Counter(change.observations_removed) + Counter(change.observations_added)
        assert rebuilt == Counter(new.observations)
        assert change.entity_type == new.entity_type
    # Every change is filed under at least one item group, and groups hold nothing else.
    filed = {e.name for i in d.items for e in i.added} | {e.name for i in d.items for e in i.removed}
    assert filed == {e.name for e in d.added + d.removed}
    assert {r for i in d.items for r in i.relations_added} == set(d.relations_added)
    assert [i.slug for i in d.items] == sorted(i.slug for i in d.items)
    assert to_dict(d)["version"] == 1


def test_shared_nodes_are_grouped_under_the_items_that_address_them() -> None:
    new = Graph(
        (Entity("item:2026-01-01-a", "research_item", ("title: A", "provenance:item=2026-01-01-a")),
         Entity("item:2026-01-02-b", "research_item", ("title: B", "provenance:item=2026-01-02-b")),
         Entity("concept:knowledge-graph", "concept", ("alias:knowledge graph",))),
        (Relation("item:2026-01-01-a", "concept:knowledge-graph", "addresses"),
         Relation("item:2026-01-02-b", "concept:knowledge-graph", "addresses")),
    )
    grouped = {d.slug: [e.name for e in d.added] for d in diff(Graph(), new).items}
    assert "" not in grouped  # no "(no item)" bucket: the relation is the concept's provenance
    assert "concept:knowledge-graph" in grouped["2026-01-01-a"] and "concept:knowledge-graph" in grouped["2026-01-02-b"]


def test_a_removed_and_an_added_item_with_one_title_are_a_rename_with_their_claims_paired() -> None:
    old_slug, new_slug = A, f"{A}-revisited"
    old = Graph((item(old_slug, "Same question"), claim(old_slug, "k1", "Old words."), claim(old_slug, "k2")), ())
    new = Graph((item(new_slug, "Same question"), claim(new_slug, "k1", "New words."), claim(new_slug, "k3", "Other words.")), ())
    (rename,) = diff(old, new).renames
    assert (rename.old, rename.new) == (old_slug, new_slug)
    assert rename.claims == ((f"claim:{old_slug}:k1", f"claim:{new_slug}:k1"),)
    assert diff(old, Graph((item(new_slug, "Another question"),), ())).renames == ()
