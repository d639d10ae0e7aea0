"""kgsync.extract.evidence_ends, alone and read through ``evidence.plan``: a citation that only a word match
attaches to a finding links nothing when that finding's own statement of its sources (its entry's named items,
its Evidence Map rows' cited findings) leaves the cited finding out."""

from __future__ import annotations

from kgsync.extract.evidence_ends import StatedSources
from tests.extract.evidence_items import NEW, OLD, OLD_FINDINGS, links_of, make, item_text, new_item, old_item

OTHER = "2026-01-15-other-study"

#: Two findings of the new item: the first on vector-search cost and FTS5 (a note on vector stores matches it best)
FINDINGS = ("Semantic search over vector stores costs too much for a small corpus: SQLite FTS5 ranking is enough.",
            "Binary files stay out of the repository.")
NOTE = f"Vector stores solve semantic search at a cost. Source: `{OLD}.md` Key Finding 2."
ROW = "| Claim | Source | Confidence |\n|---|---|---|\n| Semantic search over vector stores costs too much; SQLite FTS5 ranks by BM25 | {} | high |"


def test_leaves_out_reads_the_rows_first_then_the_entry() -> None:
    stated = StatedSources({1: frozenset({OTHER})}, {2: {OLD: frozenset({1})}})
    assert stated.leaves_out(1, OLD, 2) == "entry"  # its entry names another item only
    assert stated.leaves_out(1, OLD, 2, beside={OTHER}) == ""  # ... the one the sentence cites beside it
    assert stated.leaves_out(2, OLD, 2) == "rows" and stated.leaves_out(2, OLD, 1) == ""
    assert stated.leaves_out(3, OLD, 2) == ""  # a finding that says nothing of its sources


def test_a_note_matched_to_a_finding_whose_row_cites_another_finding_of_the_item_links_nothing() -> None:
    # without a row the note's best match builds on it, as before
    [link] = links_of(old_item(), new_item(NOTE, FINDINGS)).links[NEW]
    assert (link.source_number, link.kind) == (1, "number clear-match prose")
    # finding 1's Evidence Map row cites the old item's Key Finding 1: the item says which finding of it that
    # finding uses, and it is not the one the note cites
    result = links_of(old_item(), new_item(f"{NOTE}\n\n{ROW.format(f'`{OLD}.md` Key Finding 1')}", FINDINGS))
    assert {link.target_claim.split(":")[2] for link in result.links[NEW]} == {"sqlite-fts5-ranks-research"}
    [issue] = [i for i in result.issues if "no claim link" in i.message]
    assert f"its Evidence Map rows cite {OLD}'s Key Finding 1, not 2" in issue.message
    assert f"[extends: {OLD} KF2 from KF<n>]" in issue.hint
    # a row citing both keeps the note's link
    both = links_of(old_item(), new_item(f"{NOTE}\n\n{ROW.format(f'`{OLD}.md` Key Findings 1, 2')}", FINDINGS))
    assert len(both.links[NEW]) == 3 and not [i for i in both.issues if "no claim link" in i.message]


def test_a_note_matched_to_a_finding_whose_entry_names_other_sources_links_nothing() -> None:
    other = make(OTHER, item_text("Other study", "2026-01-15", OLD_FINDINGS))
    labelled = (f"[inference; source: https://example.org/research/{OTHER}.html] {FINDINGS[0]}", FINDINGS[1])
    result = links_of(old_item(), other, new_item(NOTE, labelled))
    assert NEW not in result.links
    [issue] = result.issues
    assert f"its entry names its sources, and not {OLD}" in issue.message and issue.location.line > 0
    # an entry naming the cited item, or an item the sentence cites beside it, keeps it
    naming = (f"[inference; source: https://example.org/research/{OLD}.html] {FINDINGS[0]}", FINDINGS[1])
    assert [link.source_number for link in links_of(old_item(), other, new_item(NOTE, naming)).links[NEW]] == [1]
    beside = NOTE.replace(f"`{OLD}.md`", f"`{OLD}.md` and `{OTHER}.md`")
    links = links_of(old_item(), other, new_item(beside, labelled)).links[NEW]
    assert (1, OLD) in {(link.source_number, link.target_slug) for link in links}


def test_a_page_the_sentence_and_the_finding_both_name_keeps_the_match() -> None:
    # finding 1's entry names another item and a page that is no item; the sentence cites the old item and that
    # page: the fact enters the finding through the page it names
    other = make(OTHER, item_text("Other study", "2026-01-15", OLD_FINDINGS))
    page = "Knowledge/2026-01-20-stack-notes.md"
    labelled = (f"[inference; source: https://example.org/research/{OTHER}.html; {page}] {FINDINGS[0]}", FINDINGS[1])
    beside = NOTE.replace(f"`{OLD}.md`", f"`{OLD}.md` and `{page}`")
    links = links_of(old_item(), other, new_item(beside, labelled)).links[NEW]
    assert (1, OLD) in {(link.source_number, link.target_slug) for link in links}


def test_a_clear_note_on_another_part_of_the_finding_than_its_rows_source_keeps_its_link() -> None:
    # finding 1's row sources its FTS5 part (the old item's Key Finding 1); the note, clearly matched to finding 1,
    # speaks of its vector-store part (no word of the row's claim cell): the row says nothing of that part's source
    fts_row = ROW.replace("Semantic search over vector stores costs too much; SQLite FTS5 ranks by BM25",
                          "SQLite FTS5 ranking by BM25 is enough")
    result = links_of(old_item(), new_item(f"{NOTE}\n\n{fts_row.format(f'`{OLD}.md` Key Finding 1')}", FINDINGS))
    assert (1, "vector-stores-solve-semantic") in {(link.source_number, link.target_claim.split(":")[2])
                                                   for link in result.links[NEW]}
    assert not [i for i in result.issues if "no claim link" in i.message]
    # ... unless a finding's rows cite the note's finding: the item says which finding uses it
    findings = (FINDINGS[0], "Deduplication of semantic duplicates needs a separate pass.")
    second = f"| Deduplication of semantic duplicates needs a separate pass | `{OLD}.md` Key Finding 2 | high |"
    cited = links_of(old_item(), new_item(f"{NOTE}\n\n{fts_row.format(f'`{OLD}.md` Key Finding 1')}\n{second}",
                                          findings))
    assert (2, "vector-stores-solve-semantic") in {(link.source_number, link.target_claim.split(":")[2])
                                                   for link in cited.links[NEW]}
    assert (1, "vector-stores-solve-semantic") not in {(link.source_number, link.target_claim.split(":")[2])
                                                       for link in cited.links[NEW]}


def test_leaves_out_keeps_a_clear_match_on_another_part_only() -> None:
    stated = StatedSources({}, {2: {OLD: frozenset({1})}}, {2: {OLD: frozenset({"sqlite", "fts5", "ranks"})}})
    assert stated.leaves_out(2, OLD, 2, said=frozenset({"vector", "stores", "semantic", "sqlite"})) == ""
    assert stated.leaves_out(2, OLD, 2, said=frozenset({"sqlite", "fts5", "ranks", "vector"})) == "rows"
    assert stated.leaves_out(2, OLD, 2) == "rows"  # no clear match: as before
    also = StatedSources({}, {2: {OLD: frozenset({1})}, 1: {OLD: frozenset({2})}}, {2: {OLD: frozenset()}})
    assert also.leaves_out(2, OLD, 2, said=frozenset({"vector"})) == "rows"  # finding 1's rows cite it


def test_row_user_is_the_one_other_finding_whose_rows_cite_the_finding() -> None:
    stated = StatedSources({}, {1: {OLD: frozenset({1})}, 2: {OLD: frozenset({2})}, 3: {OLD: frozenset({2, 3})}})
    assert stated.row_user(1, OLD, 3) == 3  # only finding 3's rows cite Key Finding 3
    assert stated.row_user(1, OLD, 2) == 0  # two findings' rows cite it: which one is not said
    assert stated.row_user(3, OLD, 3) == 0 and stated.row_user(1, OLD, 4) == 0  # only its own rows; none
    assert stated.row_user(2, OTHER, 1) == 0  # no row cites that item


def test_a_left_out_note_is_evidence_for_the_one_finding_whose_rows_cite_its_finding() -> None:
    # finding 1's row cites the old item's Key Finding 1, finding 2's row its Key Finding 2: the note on Key Finding 2,
    # matched by its words to finding 1, is evidence for the pair finding 2's row states (no warning)
    findings = (FINDINGS[0], "Deduplication of semantic duplicates needs a separate pass.")
    second = f"| Deduplication of semantic duplicates needs a separate pass | `{OLD}.md` Key Finding 2 | high |"
    text = f"{NOTE}\n\n{ROW.format(f'`{OLD}.md` Key Finding 1')}\n{second}"
    result = links_of(old_item(), new_item(text, findings))
    at_note = [link for link in result.links[NEW] if link.sentence.startswith("Source:")]
    assert [(link.source_number, link.target_claim.split(":")[2], link.kind) for link in at_note] == \
        [(2, "vector-stores-solve-semantic", "number anchor prose")]
    assert not [i for i in result.issues if "no claim link" in i.message]
