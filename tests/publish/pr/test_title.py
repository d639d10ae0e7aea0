"""The PR title names the cause (kgsync.publish.pr.title)."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.diff.graph_diff import diff
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.pr.title import MAX_TITLE, cause_title, inert_references, plain_text, shorten, vetoed_title

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


def test_one_new_item_is_named_with_the_claims_it_adds() -> None:
    new = graph(*BASE.entities, item(C, "Gamma: a new study"), claim(C, "k1", "Gamma holds."),
                claim(C, "k2", "Gamma also holds."))
    assert cause_title(diff(BASE, new), FALLBACK) == "Add Gamma: a new study (+2 claims)"


def test_one_edited_or_removed_item_is_named_with_the_size_of_its_change() -> None:
    edited = graph(item(A, "Alpha work"), claim(A, "k1", "Alpha holds, reworded."), item(B, "Beta work"))
    assert cause_title(diff(BASE, edited), FALLBACK) == "Update Alpha work (1 claim reworded)"
    grown = graph(*BASE.entities, claim(A, "k2", "Alpha more."), claim(A, "k3", "Alpha again."))
    assert cause_title(diff(BASE, grown), FALLBACK) == "Update Alpha work (+2 claims)"
    removed = graph(item(A, "Alpha work"), claim(A, "k1", "Alpha holds."))
    assert cause_title(diff(BASE, removed), FALLBACK) == "Remove Beta work (1 node changed)"
    gone = graph(item(B, "Beta work"))
    assert cause_title(diff(BASE, gone), FALLBACK) == "Remove Alpha work (-1 claim)"


def test_several_items_are_counted_with_the_claims_they_change() -> None:
    new = graph(item(A, "Alpha work"), claim(A, "k1", "Alpha changed."), claim(A, "k2", "Alpha more."),
                item(C, "Gamma"), claim(C, "k1", "Gamma holds."))
    # One added, one updated, one removed: each said, with how many.
    assert cause_title(diff(BASE, new), FALLBACK) == "Add 1, update 1, remove 1 item (+2 claims, 1 reworded)"
    two = graph(*BASE.entities, item(C, "Gamma"), item("2026-03-04-delta", "Delta"))
    assert cause_title(diff(BASE, two), FALLBACK) == "Add 2 items (2 nodes changed)"
    trimmed = graph(item(A, "Alpha work"), claim(A, "k2", "Alpha other."), item(B, "Beta work"),
                    claim(B, "k1", "Beta one."), claim(B, "k2", "Beta two."))
    assert cause_title(diff(BASE, trimmed), FALLBACK) == "Update graph: 2 items (+3 claims, -1)"


def test_no_item_behind_the_change_keeps_the_configured_title() -> None:
    hand = Graph(BASE.entities + (Entity("concept:hand-added", "concept", ("alias:x",)),), BASE.relations)
    assert cause_title(diff(BASE, hand), FALLBACK) == FALLBACK


def test_a_long_title_is_cut_at_a_word_with_an_ellipsis() -> None:
    long_title = "Contract-first delegation between agents: " + "a careful study of failure " * 5
    new = graph(*BASE.entities, item(C, long_title), claim(C, "k1", "Gamma holds."))
    title = cause_title(diff(BASE, new), FALLBACK)
    assert len(title) <= MAX_TITLE and title.endswith("… (+1 claim)"), title
    assert_whole_words(title, long_title)


def test_a_first_word_too_long_to_fit_leaves_the_name_out_rather_than_cut_it() -> None:
    new = graph(*BASE.entities, item(C, "x" * 200), claim(C, "k1", "Gamma holds."))
    assert cause_title(diff(BASE, new), FALLBACK) == "Add 1 item (+1 claim)"


def test_bidi_and_zero_width_characters_never_reach_the_title() -> None:
    new = graph(*BASE.entities, item(C, "Safe\u202e txt.exe\u200b \u2066title\u2069"), claim(C, "k1", "Gamma holds."))
    title = cause_title(diff(BASE, new), FALLBACK)
    assert title == "Add Safe txt.exe title (+1 claim)"


def test_an_item_title_cannot_close_an_issue_or_ping_anyone_through_the_commit() -> None:
    # The title is the bot's commit subject: merged into the default branch, "Fixes #1" in it closes
    # issue 1 (and "#1" alone writes into its timeline); "@octocat" reads as a mention.  Each keeps its
    # look with the full-width sign, which GitHub reads as no reference.
    hostile = {
        "Fixes #1": "Add Fixes \uff031 (+1 claim)",
        "closes owner/repo#3": "Add closes owner/repo\uff033 (+1 claim)",
        "Resolves https://github.com/o/r/issues/9": "Add Resolves https\uff1a//github.com/o/r/issues/9 (+1 claim)",
        "fix GH-12 for @octocat and @org/team": "Add fix GH\uff0d12 for \uff20octocat and \uff20org/team (+1 claim)",
    }
    for written, expected in hostile.items():
        new = graph(*BASE.entities, item(C, written), claim(C, "k1", "Gamma holds."))
        assert cause_title(diff(BASE, new), FALLBACK) == expected
    # Text that references nothing keeps its signs: "C#", "a@b", "No. #a", "10:30".
    new = graph(*BASE.entities, item(C, "C# at 10:30, mail a@ b, #a"), claim(C, "k1", "Gamma holds."))
    assert cause_title(diff(BASE, new), FALLBACK) == "Add C# at 10:30, mail a@ b, #a (+1 claim)"


def test_a_side_effect_on_another_item_is_not_counted_as_an_update() -> None:
    # Beta only gains a link to a concept the new item brings: its file did not change.
    new = graph(*BASE.entities, item(C, "Gamma"), Entity("concept:shared", "concept", (f"provenance:item={C}",)))
    new = Graph(new.entities, new.relations + (Relation(f"item:{B}", "concept:shared", "addresses"),
                                               Relation(f"item:{C}", "concept:shared", "addresses")))
    assert cause_title(diff(BASE, new), FALLBACK) == "Add Gamma (2 nodes changed)"


def test_a_renamed_item_is_titled_as_a_rename_with_what_changed_beyond_it() -> None:
    # `git mv` of Alpha's file to a new slug: one item renamed, not one added and one removed.
    moved = "2026-03-05-alpha-moved"
    renamed = graph(item(moved, "Alpha work"), claim(moved, "k1", "Alpha holds."), item(B, "Beta work"))
    assert cause_title(diff(BASE, renamed), FALLBACK) == "Rename Alpha work"
    grown = graph(item(moved, "Alpha work"), claim(moved, "k1", "Alpha holds, reworded."),
                  claim(moved, "k2", "Alpha more."), item(B, "Beta work"))
    assert cause_title(diff(BASE, grown), FALLBACK) == "Rename Alpha work (+1 claim, 1 reworded)"
    with_new = graph(*renamed.entities, item(C, "Gamma"), claim(C, "k1", "Gamma holds."))
    assert cause_title(diff(BASE, with_new), FALLBACK) == "Add 1, rename 1 item (+1 claim)"


_TRAILING = ",;:.-—–"


def assert_whole_words(title: str, source: str) -> None:
    """Every word of ``title`` from the item's title is one of its words, whole (punctuation aside)."""
    words = {w.rstrip(_TRAILING) for w in source.split()}
    name = title.split(" ", 1)[1].rsplit(" (", 1)[0]
    for word in name.removesuffix("…").split():
        assert word.rstrip(_TRAILING) in words, (word, title)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300), st.integers(0, 30))
def test_every_title_fits_and_never_cuts_a_word(text: str, claims: int) -> None:
    new = graph(*BASE.entities, item(C, text), *(claim(C, f"k{n}", f"Claim {n}.") for n in range(claims)))
    title = cause_title(diff(BASE, new), FALLBACK)
    assert len(title) <= MAX_TITLE
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in title)
    if title.startswith("Add ") and " 1 item" not in title:
        assert_whole_words(title, inert_references(plain_text(text)) or C)


@given(st.text(max_size=200), st.integers(1, 80))
def test_shorten_keeps_whole_words_within_the_limit(text: str, limit: int) -> None:
    flat = plain_text(text)
    short = shorten(flat, limit)
    assert len(short) <= limit
    if short and short != flat:
        assert short.endswith("…")
        words = {w.rstrip(_TRAILING) for w in flat.split()}
        assert all(w.rstrip(_TRAILING) in words for w in short.removesuffix("…").split())


def test_a_change_of_the_manifest_alone_is_titled_as_one() -> None:
    # A finding reworded past the stored cut changes no node, only the manifest's whole statement: the PR
    # that carries it was titled with the fallback, over a body saying "No change to the graph."
    from kgsync.publish.pr.title import manifest_only_title

    assert manifest_only_title(1, 0) == "Record 1 finding reworded past the cut (no graph change)"
    assert manifest_only_title(2, 1) == "Record 2 findings reworded past the cut, 1 item's links"  # 72 characters at most
    assert manifest_only_title(0, 3) == "Record 3 items' links (no graph change)"
    assert manifest_only_title(0, 0) is None
    assert all(len(manifest_only_title(n, k) or "") <= MAX_TITLE for n in (1, 99999) for k in (0, 1, 99999))


def test_a_veto_s_change_is_titled_by_the_veto() -> None:
    assert vetoed_title(1) == "Veto 1 evidence link"
    assert vetoed_title(1200) == "Veto 1,200 evidence links"


def test_a_change_of_renamed_concepts_alone_is_titled_by_the_renames() -> None:
    """The reviewer's pass: upgrading kgsync with no theme vocabulary renamed 5 theme nodes and
    retyped 1, no item merged, under the title "kgsync: knowledge graph update"."""
    a = item("2026-01-01-a", "A")
    old = Graph((a, Entity("concept:agentic-ai", "concept"), Entity("concept:software-engineering", "concept"),
                 Entity("concept:agentic-artificial-intelligence", "concept", ("alias:agentic AI",))),
                (Relation(a.name, "concept:agentic-ai", "addresses"), Relation(a.name, "concept:software-engineering", "addresses"),
                 Relation(a.name, "concept:agentic-artificial-intelligence", "addresses")))
    renamed = Entity("concept:agentic-artificial-intelligence", "concept", ("alias:agentic AI", "alias:agentic-ai"))
    new = Graph((a, renamed, Entity("method:software-engineering", "method")),
                (Relation(a.name, renamed.name, "addresses"), Relation(a.name, "method:software-engineering", "uses_method")))
    assert cause_title(diff(old, new), FALLBACK, frozenset()) == "Rename 1, retype 1 concept or method"
    only_retyped = Graph((a, Entity("concept:software-engineering", "concept")),
                         (Relation(a.name, "concept:software-engineering", "addresses"),))
    assert cause_title(diff(only_retyped, Graph((a, Entity("method:software-engineering", "method")),
                                                (Relation(a.name, "method:software-engineering", "uses_method"),))),
                       FALLBACK, frozenset()) == "Retype 1 concept or method"
    # A node lost beside the renames is no rename: the fallback
    lost = Graph(old.entities + (Entity("concept:gone", "concept"),), old.relations + (Relation(a.name, "concept:gone", "addresses"),))
    assert cause_title(diff(lost, new), FALLBACK, frozenset()) == FALLBACK
