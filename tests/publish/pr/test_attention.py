"""Tests of kgsync.publish.pr.attention: what loses or re-judges knowledge, counted; a line of 0 is left out."""

from __future__ import annotations

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.lint.rules import Finding, Severity
from kgsync.publish.pr.attention import attention, citing_reworded, evidence_rows

A, B = "claim:2026-03-01-alpha:k1", "claim:2026-03-02-beta:k1"


def test_an_empty_diff_has_no_line_a_reviewer_would_read_for_nothing() -> None:
    """A line saying 0 carries nothing: the head leaves it out (and says "nothing needs attention" once)."""
    assert attention(diff(Graph((), ()), Graph((), ()))) == ()


def test_only_the_lines_that_count_something_are_kept() -> None:
    claims = (Entity(A, "claim", ("x",)), Entity(B, "claim", ("y",)))
    d = diff(Graph(claims, ()), Graph(claims, (Relation(A, B, "contradicts"),)))
    assert [line.label for line in attention(d)] == ["1 new contradiction"]


def test_removed_concepts_say_why_and_a_line_lists_at_most_cap_entries() -> None:
    old = Graph(tuple(Entity(f"concept:c{n}", "concept", ("x",)) for n in range(5)), ())
    [removed] = attention(diff(old, Graph((), ())), lost={"concept:c0": "no item names it"}, cap=2)
    assert removed.label == "5 removed concepts or methods" and removed.more == 3
    assert [(e.name, e.note) for e in removed.entries] == [("concept:c0", "no item names it"), ("concept:c1", "")]
    [everything] = attention(diff(old, Graph((), ())), cap=0)
    assert len(everything.entries) == 5 and everything.more == 0


def test_a_renamed_concept_says_what_it_is_called_now() -> None:
    item = Entity("item:2026-01-01-a", "research_item", ("title: a",))
    old = Graph((item, Entity("method:rag-retrieval", "method", ("alias:RAG",))),
                (Relation(item.name, "method:rag-retrieval", "uses_method"),))
    new = Graph((item, Entity("method:retrieval-augmented-generation", "method", ("alias:RAG",))),
                (Relation(item.name, "method:retrieval-augmented-generation", "uses_method"),))
    [removed] = attention(diff(old, new))
    assert [(e.name, e.note) for e in removed.entries] == [
        ("method:rag-retrieval", "renamed to method:retrieval-augmented-generation: its observations and 1 relation kept")]


def test_a_new_contradiction_quotes_its_sentence_and_where_it_is_stated() -> None:
    claims = (Entity(A, "claim", ("x",)), Entity(B, "claim", ("y",)))
    d = diff(Graph(claims, ()), Graph(claims, (Relation(A, B, "contradicts"),)))
    evidence = {(A, B, "contradicts"): ("Our replication does not hold.", "Research/completed/beta.md:12")}
    [row] = evidence_rows(d, evidence)
    assert (row.sign, row.source, row.relation, row.target) == ("+", A, "contradicts", B)
    [line] = [line for line in attention(d, evidence) if line.noun == "new contradiction"]
    [entry] = line.entries
    assert entry.link == (A, "contradicts", B)
    assert entry.note == "“Our replication does not hold.” (Research/completed/beta.md:12)"


def test_an_evidence_sentence_is_quoted_from_its_words_not_its_list_marker_and_sources() -> None:
    """The reviewer's pass: 7 of the 16 evidence links of the later items' PRs (and the veto's) were
    quoted from a bullet that opens with its sources, “&#45; &#91;fact; source: https://…; https://…&#93;
    Williamson's accessible…”: the 240 characters a quote keeps were spent on the marker and the
    URLs, and the words that state the link were cut.  The words come first; the sources stay, after them."""
    claims = (Entity(A, "claim", ("x",)), Entity(B, "claim", ("y",)))
    d = diff(Graph(claims, ()), Graph(claims, (Relation(A, B, "extends"),)))
    sources = ("[fact; source: https://ageconsearch.umn.edu/record/294665/files/ipr018.pdf; "
               "https://example.org/research/2026-03-02-transaction-costs.html]")
    words = "Williamson's 1991 working paper says transactions should be aligned with governance structures."
    for marker in ("- ", "* ", "3. ", ""):
        evidence = {(A, B, "extends"): (f"{marker}{sources} {words}", "Research/completed/alpha.md:150")}
        [row] = evidence_rows(d, evidence)
        assert row.sentence == f"{words} {sources}", marker
    # A sentence that opens with a link keeps it; one that is all annotation is kept as it is.
    link = "[Williamson (1991)](https://example.org/w.pdf) says transactions should be aligned."
    for sentence in (link, sources):
        [row] = evidence_rows(d, {(A, B, "extends"): (sentence, "Research/completed/alpha.md:150")})
        assert row.sentence == sentence


def test_only_other_items_links_to_a_reworded_finding_are_named() -> None:
    own = "claim:2026-03-02-beta:k2"
    old = Graph((Entity(A, "claim", ("title: Old words.",)), Entity(B, "claim", ("title: Beta.",)),
                 Entity(own, "claim", ("title: Own.",))),
                (Relation(B, A, "extends"), Relation(own, B, "supports"), Relation(B, own, "extends")))
    new = Graph((Entity(A, "claim", ("title: New words.",)),) + old.entities[1:], old.relations)
    assert citing_reworded(diff(old, new), new) == (Relation(B, A, "extends"),)
    reworded_beta = Graph((old.entities[0], Entity(B, "claim", ("title: Beta, reworded.",)), old.entities[2]),
                          old.relations)
    assert citing_reworded(diff(old, reworded_beta), reworded_beta) == ()  # beta's own claim links it: no other item


def test_a_near_duplicate_warning_the_pairs_section_lists_is_not_counted_again_as_a_lint_warning() -> None:
    """The 220 -> 273-item PR said "6 new lint warnings" and "5 candidate near-duplicate pairs (below)";
    its lint section said "Lint findings (1 new, ...)": the 5 pairs' warnings are listed as pairs
    only, so the head counted them twice and disagreed with the section it points to."""
    pair = ("concept:memories", "concept:memory")
    twin = Finding(Severity.WARNING, "near-duplicate-name", pair[0], f"near-duplicate of {pair[1]}", "", other=pair[1])
    long = Finding(Severity.WARNING, "non-atomic-observation", "item:2026-01-01-a", "title: … is 320 characters", "")
    lines = attention(diff(Graph(), Graph(), findings=(twin, long), near_duplicates=(pair,)))
    assert [line.label for line in lines] == ["1 new lint warning"]
    assert [line.label for line in attention(diff(Graph(), Graph(), findings=(twin, long)))] == ["2 new lint warnings"]
    # the pair is the finding's typed field, whatever its message says
    reworded = Finding(Severity.WARNING, "near-duplicate-name", pair[0], "reads like the other", "", other=pair[1])
    assert [line.label for line in attention(diff(Graph(), Graph(), findings=(reworded, long), near_duplicates=(pair,)))] \
        == ["1 new lint warning"]


def test_merged_items_warnings_are_one_line_each_at_its_place_with_its_fix_and_bounded() -> None:
    # qa143: a merged item's own warnings reach the body; twelve of them list the first ten, "and 2 more".
    from kgsync.contract.errors import Location
    from kgsync.read.item_model import Issue, IssueSeverity

    warned = [Issue(IssueSeverity.WARNING, Location(f"Research/completed/2026-01-{n:02}-a.md", 5),
                    f"confidence 'x{n}' ignored", "write confidence: high, medium or low", f"2026-01-{n:02}-a")
              for n in range(1, 13)]
    [line] = attention(diff(Graph(), Graph()), warned=warned, cap=10)
    assert line.label == "12 build warnings of merged items" and line.more == 2
    assert line.entries[0].name == "Research/completed/2026-01-01-a.md:5"
    assert line.entries[0].note == "confidence 'x1' ignored (fix: write confidence: high, medium or low)"
    assert attention(diff(Graph(), Graph())) == ()  # none warned: no line


def test_a_long_warning_keeps_its_fix_whole_and_loses_the_middle() -> None:
    # qa143's leftover, seen again on a real merge (a later item's stance warning, 351 characters with its fix):
    # the note was cut at the body's 240 characters from the end, so the reviewer read the build's words and no
    # fix.  Now the words are cut where they run long (at a word, "…") and the fix is kept whole; the same in the
    # lint table, whose cells have the same cap.
    from kgsync.contract.errors import Location
    from kgsync.lint.rules import Finding as LintFinding
    from kgsync.publish.pr.item_views import finding_row
    from kgsync.publish.pr.markdown_escape import TEXT_LIMIT, md_escape
    from kgsync.read.item_model import Issue, IssueSeverity

    other = "2026-02-27-youtube-transcript-fetcher"
    words = (f"'confirmed by' near {other} is not read as a stance of this item's finding (it is not said, in its own "
             f"clause, that this finding supports {other}'s): linked as extends at most")
    fix = (f"if this finding supports it, write [supports: {other} KF<n>] in the finding that states it (or ... from "
           "KF<n> elsewhere); docs/EVIDENCE.md")
    warned = [Issue(IssueSeverity.WARNING, Location("Research/completed/2026-02-27-a.md", 114), words, fix,
                    "2026-02-27-a")]
    [line] = attention(diff(Graph(), Graph()), warned=warned, cap=10)
    for note in (str(md_escape(line.entries[0].note)),
                 str(md_escape(finding_row(LintFinding(Severity.WARNING, "x", "item:a", words, fix)).message))):
        assert len(note) <= TEXT_LIMIT + 40, note  # the cap, plus what escaping the brackets adds
        assert note.startswith("'confirmed by' near"), note
        assert note.endswith("docs/EVIDENCE.md)") and "(fix: if this finding supports it, write" in note, note
        assert "…" in note, note
    short = [Issue(IssueSeverity.WARNING, Location("a.md", 5), "confidence 'x' ignored", "write confidence: high", "a")]
    [line] = attention(diff(Graph(), Graph()), warned=short, cap=10)
    assert line.entries[0].note == "confidence 'x' ignored (fix: write confidence: high)"  # short: whole, as before
