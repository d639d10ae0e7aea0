"""kgsync.extract.evidence_reports, alone and read through ``evidence.plan``: a sentence that cites an item with no
finding number, whose words restate one of its findings while what it reports the item found matches another as
much, links no claim (the item's own words restate; the report is what it takes from the item)."""

from __future__ import annotations

from kgsync.extract.evidence_model import ClaimText
from kgsync.extract.evidence_reports import report_points_elsewhere, report_weights
from kgsync.extract.restated import FindingIndex
from tests.extract.evidence_items import NEW, OLD, OLD_FINDINGS, links_of, new_item, old_item

INDEX = FindingIndex([ClaimText(n, f"k{n}", text) for n, text in enumerate(OLD_FINDINGS, 1)])

#: This item's own benchmark restates the old item's Key Finding 1 (FTS5, BM25); what it reports the old item found
#: (SQLite files not diffable) is its Key Finding 3's words more than Key Finding 1's
OWN = "SQLite FTS5 ranks items by BM25 without extra dependencies in our benchmark"
REPORTING_3 = f"{OWN}, corroborating the prior study's finding that SQLite files are not diffable (`{OLD}.md`)."
REPORTING_1 = f"{OWN}, corroborating the prior study's finding that FTS5 ranks items by BM25 (`{OLD}.md`)."
SECOND = "Vector search waits until the corpus grows."


def test_report_weights_weigh_each_word_by_the_findings_that_use_it() -> None:
    # "sqlite" is Key Finding 1's alone; "files" and "diffable" Key Finding 3's; "database" too; "git" too
    assert report_weights(INDEX, "diffable files sqlite") == {1: 1.0, 3: 2.0}
    assert report_weights(INDEX, "nothing here") == {}


def test_a_report_points_elsewhere_when_another_finding_weighs_at_least_as_much() -> None:
    assert report_points_elsewhere(INDEX, "diffable files sqlite", 1) == (3,)
    assert report_points_elsewhere(INDEX, "files sqlite", 1) == (3,)  # a tie is no lead for the restated one
    assert report_points_elsewhere(INDEX, "diffable files stores", 1) == (3, 2)  # the heaviest first
    assert report_points_elsewhere(INDEX, "bm25 fts5 sqlite files", 1) == ()  # it leads for Key Finding 1
    assert report_points_elsewhere(INDEX, "unrelated words only", 1) == ()  # says nothing against it


def test_a_finding_whose_words_restate_one_finding_and_report_another_links_no_claim() -> None:
    result = links_of(old_item(), new_item("", (REPORTING_3, SECOND)))
    assert NEW not in result.links  # the restated Key Finding 1 is not linked
    [issue] = [i for i in result.issues if "what it reports" in i.message]
    assert f"restate {OLD}'s Key Finding 1, but what it reports {OLD} found matches Key Finding 3 at least as much" \
        in issue.message and "no claim link" in issue.message
    assert f"[extends: {OLD} KF<m> from KF1]" in issue.hint and "1 or 3" in issue.hint
    assert issue.location.line is not None


def test_a_report_that_restates_the_same_finding_keeps_the_link() -> None:
    [link] = links_of(old_item(), new_item("", (REPORTING_1, SECOND))).links[NEW]
    assert (link.source_number, link.target_claim.split(":")[2], link.kind) == \
        (1, "sqlite-fts5-ranks-research", "restated held list")


def test_prose_outside_the_findings_is_withheld_with_the_marker_to_write() -> None:
    result = links_of(old_item(), new_item(REPORTING_3.replace(OWN, f"Our benchmark shows {OWN}"),
                                           (f"{OWN}.", SECOND)))
    assert NEW not in result.links
    [issue] = [i for i in result.issues if "what it reports" in i.message]
    assert f"[extends: {OLD} KF<m> from KF<n>]" in issue.hint and "n: this item's finding" in issue.hint


def test_a_number_on_the_line_says_which_finding_and_no_report_warning_is_written() -> None:
    body = REPORTING_3.replace(OWN, f"Our benchmark shows {OWN}") + f" Source: `{OLD}.md` Key Finding 3."
    result = links_of(old_item(), new_item(body, (f"{OWN}.", SECOND)))
    assert not [i for i in result.issues if "what it reports" in i.message]
    # the restatement does not link Key Finding 1 beside the number: the number's own rules decide
    assert not [link for link in result.links.get(NEW, ()) if link.target_claim.endswith("sqlite-fts5-ranks-research")]


def test_what_a_report_found_is_its_main_clause_not_its_because_clause() -> None:
    # the whole report leads for Key Finding 1 (its reason restates it); its main clause says Key Finding 3's words
    reason = f"{OWN}, corroborating the prior study's finding that binary files stay apart because SQLite FTS5 ranks " \
        f"items by BM25 without extra dependencies (`{OLD}.md`)."
    result = links_of(old_item(), new_item("", (reason, SECOND)))
    assert NEW not in result.links
    [issue] = [i for i in result.issues if "what it reports" in i.message]
    assert "Key Finding 1, but what it reports" in issue.message and "matches Key Finding 3 at least as much" in issue.message
    # with no because-clause the same reason words are the report: it leads for Key Finding 1, which stays linked
    [link] = links_of(old_item(), new_item("", (reason.replace(" because ", " and "), SECOND))).links[NEW]
    assert link.target_claim.endswith("sqlite-fts5-ranks-research")
