"""The PR title names the cause (kgsync.publish.pr.title)."""

from __future__ import annotations

from kgsync.diff.graph_diff import diff
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.pr.title import MAX_TITLE, cause_title

FALLBACK = "kgsync: knowledge graph update"


def item(slug: str, title: str) -> Entity:
    return Entity(f"item:{slug}", "research_item", (f"title: {title}", f"provenance:item={slug}"))


def claim(slug: str, key: str, statement: str) -> Entity:
    return Entity(f"claim:{slug}:{key}", "claim", (f"title: {statement}", f"provenance:item={slug}"))


def graph(*entities: Entity) -> Graph:
    states = tuple(Relation(f"item:{e.name.split(':')[1]}", e.name, "states") for e in entities
                   if e.entity_type == "claim")
    return Graph(tuple(sorted(entities, key=lambda e: e.name)), states)


A, B, C = "2026-03-01-alpha", "2026-03-02-beta", "2026-03-03-gamma"
BASE = graph(item(A, "Alpha work"), claim(A, "k1", "Alpha holds."), item(B, "Beta work"))


def test_one_new_item_is_named_with_the_nodes_it_adds() -> None:
    new = graph(*BASE.entities, item(C, "Gamma: a new study"), claim(C, "k1", "Gamma holds."))
    assert cause_title(diff(BASE, new), FALLBACK) == "kgsync: add Gamma: a new study (+2 nodes)"


def test_one_edited_or_removed_item_is_named() -> None:
    edited = graph(item(A, "Alpha work"), claim(A, "k1", "Alpha holds, reworded."), item(B, "Beta work"))
    assert cause_title(diff(BASE, edited), FALLBACK) == "kgsync: update Alpha work"
    removed = graph(item(A, "Alpha work"), claim(A, "k1", "Alpha holds."))
    assert cause_title(diff(BASE, removed), FALLBACK) == "kgsync: remove Beta work"


def test_several_items_are_counted_by_what_happened_to_them() -> None:
    new = graph(item(A, "Alpha work"), claim(A, "k1", "Alpha changed."), item(C, "Gamma"))
    assert cause_title(diff(BASE, new), FALLBACK) == "kgsync: add 1 item, update 1, remove 1"
    two = graph(*BASE.entities, item(C, "Gamma"), item("2026-03-04-delta", "Delta"))
    assert cause_title(diff(BASE, two), FALLBACK) == "kgsync: add 2 items"


def test_no_item_behind_the_change_keeps_the_configured_title_and_long_titles_are_cut() -> None:
    hand = Graph(BASE.entities + (Entity("concept:hand-added", "concept", ("alias:x",)),), BASE.relations)
    assert cause_title(diff(BASE, hand), FALLBACK) == FALLBACK
    long = graph(*BASE.entities, item(C, "Long " * 40))
    title = cause_title(diff(BASE, long), FALLBACK)
    assert len(title) <= MAX_TITLE and title.endswith("… (+1 node)")


def test_a_side_effect_on_another_item_is_not_counted_as_an_update() -> None:
    # Beta only gains a link to a concept the new item brings: its file did not change.
    new = graph(*BASE.entities, item(C, "Gamma"), Entity("concept:shared", "concept", (f"provenance:item={C}",)))
    new = Graph(new.entities, new.relations + (Relation(f"item:{B}", "concept:shared", "addresses"),
                                               Relation(f"item:{C}", "concept:shared", "addresses")))
    assert cause_title(diff(BASE, new), FALLBACK) == "kgsync: add Gamma (+2 nodes)"
