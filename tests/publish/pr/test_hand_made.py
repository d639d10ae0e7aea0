"""Tests of kgsync.publish.pr.hand_made: the changes no build wrote, read apart from each item's."""

from __future__ import annotations

from kgsync.contract.model import Entity, Facts, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.diff.model import EntityChange, ItemDiff
from kgsync.publish.pr.hand_made import HandMade, split_by_hand

A, B = "2026-03-01-alpha", "2026-03-02-beta"
PROV_A, PROV_B = f"provenance:item={A}", f"provenance:item={B}"


def _base() -> Graph:
    return Graph((Entity(f"item:{A}", "research_item", ("title: QA", PROV_A)),
                  Entity(f"item:{B}", "research_item", ("title: QB", PROV_B)),
                  Entity("concept:rag", "concept", ())),
                 (Relation(f"item:{A}", "concept:rag", "addresses"),))


def test_a_relation_and_a_note_no_build_wrote_leave_the_items_changes() -> None:
    old = _base()
    extends, note = Relation(f"item:{B}", f"item:{A}", "extends"), "note: an agent checked it"
    generated = Relation(f"item:{B}", "concept:rag", "addresses")
    new = Graph(tuple(Entity(e.name, e.entity_type, e.observations + ((note,) if e.name == f"item:{B}" else ()))
                      for e in old.entities), old.relations + (extends, generated))
    d = diff(old, new)
    hand = HandMade(Facts(observations=((f"item:{B}", note),), relations=(extends,)), None)
    built, by_hand = split_by_hand(d.items, hand)
    [b_built] = [i for i in built if i.slug == B]
    assert b_built.relations_added == (generated,) and b_built.changed == ()
    assert by_hand == [ItemDiff(B, "QB", changed=(EntityChange(f"item:{B}", "research_item", (note,)),),
                                relations_added=(extends,))]


def test_a_removed_fact_is_by_hand_when_the_old_manifest_credits_no_build_with_it() -> None:
    extends = Relation(f"item:{B}", f"item:{A}", "extends")
    old = Graph(_base().entities, _base().relations + (extends,))
    d = diff(old, _base())
    built, by_hand = split_by_hand(d.items, HandMade(Facts(), Facts(relations=(extends,))))
    assert built == [] and [(i.slug, i.relations_removed) for i in by_hand] == [(B, (extends,))]


def test_without_a_manifest_nothing_is_told_apart() -> None:
    old = _base()
    new = Graph(old.entities, old.relations + (Relation(f"item:{B}", f"item:{A}", "extends"),))
    d = diff(old, new)
    assert split_by_hand(d.items, HandMade()) == (list(d.items), [])
