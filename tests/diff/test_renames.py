"""Tests of kgsync.diff.renames: which removed and added items are the same research."""

from __future__ import annotations

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.renames import item_renames
from tests.diff.small_graphs import A, B, claim, item

NEW = f"{A}-revisited"


def test_most_claim_statements_equal_make_a_rename_when_the_titles_differ() -> None:
    statements = ("One.", "Two.", "Three.")
    old = Graph((item(A, "Old question"), *(claim(A, f"k{n}", s) for n, s in enumerate(statements))), ())
    new = Graph((item(NEW, "New question"), *(claim(NEW, f"j{n}", s) for n, s in enumerate(statements[:2])),
                 claim(NEW, "j9", "Other.")), ())
    (rename,) = item_renames(old, new)
    assert rename.rule == "2 of 3 claim statements equal"
    assert rename.claims == ((f"claim:{A}:k0", f"claim:{NEW}:j0"), (f"claim:{A}:k1", f"claim:{NEW}:j1"))
    one_of_three = Graph((item(NEW, "New question"), claim(NEW, "j0", "One."), claim(NEW, "j1", "x."),
                          claim(NEW, "j2", "y.")), ())
    assert item_renames(old, one_of_three) == ()


def test_an_ambiguous_match_is_no_rename() -> None:
    old = Graph((item(A, "Same"),), ())
    assert item_renames(old, Graph((item(NEW, "Same"), item(f"{B}-x", "Same")), ())) == ()


def test_what_is_left_on_the_old_nodes_is_named() -> None:
    old = Graph((item(A, "Same"),), ())
    stranded = Entity(f"item:{A}", "research_item", ("note: by an agent",))
    link = Relation(f"item:{A}", "concept:rag", "addresses")
    (rename,) = item_renames(old, Graph((item(NEW, "Same"), stranded), (link,)))
    assert rename.left == (f"item:{A}: note: by an agent",) and rename.left_relations == (link,)
    assert rename.renamed(f"item:{A}") == f"item:{NEW}"
