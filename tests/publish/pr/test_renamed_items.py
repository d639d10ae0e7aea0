"""Tests of kgsync.publish.pr.renamed_items: the changes a rename explains, read once."""

from __future__ import annotations

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.publish.pr.item_views import StatementChange
from kgsync.publish.pr.renamed_items import carried_claims, renamed_items

OLD, NEW = "2026-03-01-alpha", "2026-03-01-alpha-revisited"


def _graph(slug: str, statement: str) -> Graph:
    item, claim = f"item:{slug}", f"claim:{slug}:k1"
    prov = f"provenance:item={slug}"
    return Graph((Entity(item, "research_item", ("title: Q", prov)), Entity(claim, "claim", (f"title: {statement}", prov)),
                  Entity("concept:rag", "concept", ())),
                 (Relation(item, claim, "states"), Relation(item, "concept:rag", "addresses")))


def test_the_relations_and_claims_a_rename_carries_over_leave_both_sections() -> None:
    d = diff(_graph(OLD, "Alpha holds."), _graph(NEW, "Alpha holds well."))
    items = {i.slug: i for i in renamed_items(d, d.items)}
    assert items[OLD].size == 0  # everything the old item lost, the new one has
    assert [e.name for e in items[NEW].added] == [f"item:{NEW}"]
    assert items[NEW].relations_added == ()
    (row,) = carried_claims(d, d.renames[0], {})
    assert row.name == f"claim:{NEW}:k1" and row.reworded is not None and row.reworded == "Alpha holds **well**."


def test_without_a_rename_the_items_are_as_they_were() -> None:
    d = diff(_graph(OLD, "Alpha holds."), Graph((), ()))
    assert renamed_items(d, d.items) == list(d.items)


def test_a_carried_claim_reworded_past_its_stored_cut_shows_the_whole_findings_words() -> None:
    """The graph stores a statement cut at 160 characters: a finding reworded after the cut keeps
    its stored text, so only the whole findings (``statements``, from the manifests) show the change."""
    cut = "Alpha holds …"
    d = diff(_graph(OLD, cut), _graph(NEW, cut))
    whole = StatementChange(2, "Alpha holds for the long tail of the corpus.", "Alpha holds for the long tail of every corpus.")
    (row,) = carried_claims(d, d.renames[0], {f"claim:{NEW}:k1": whole})
    assert row.reworded == "Alpha holds for the long tail of ~~the~~ **every** corpus.", row
    assert row.finding == "Key Finding 2" and row.added == row.removed == ()


def test_claims_carried_over_unchanged_are_no_rows_with_nothing_under_them() -> None:
    """qa128 row 11: "Claims carried over from item:<old> (what changed in each)" listed every claim,
    names with nothing under them when nothing changed.  Only a changed claim is a row; the others are counted."""
    from kgsync.publish.pr.item_views import ItemView
    from kgsync.publish.pr.renamed_items import renamed_view

    def two_claims(slug: str, second: str) -> Graph:
        one = _graph(slug, "Alpha holds.")
        prov = f"provenance:item={slug}"
        claim = Entity(f"claim:{slug}:k2", "claim", (f"title: {second}", prov))
        return Graph((*one.entities, claim), (*one.relations, Relation(f"item:{slug}", claim.name, "states")))

    same = diff(_graph(OLD, "Alpha holds."), _graph(NEW, "Alpha holds."))
    assert renamed_view(ItemView(NEW, "Q", ""), same, {}).groups == ()
    d = diff(two_claims(OLD, "Beta holds."), two_claims(NEW, "Beta holds well."))
    (group,) = renamed_view(ItemView(NEW, "Q", ""), d, {}).groups
    assert [row.name for row in group.rows] == [f"claim:{NEW}:k2"]
    assert group.label == f"claims carried over from item:{OLD} (what changed in each; 1 other carried over unchanged)"
