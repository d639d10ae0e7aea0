"""kgsync.extract.evidence_blocks: a numbered citation whose user the item does not say otherwise is served by the
finding its sub-question block's title clearly states, read through ``evidence.plan``."""

from __future__ import annotations

from kgsync.extract.evidence_anchor import Deferred
from kgsync.extract.evidence_blocks import Headings, block_user, headed
from kgsync.extract.evidence_model import ClaimText, Mention
from tests.extract.evidence_items import NEW, OLD, links_of, new_item, old_item

FINDINGS = ("SQLite FTS5 search is enough for a small corpus of items.",
            "Git keeps the store of text files under review.")
FACT = f"[fact] SQLite FTS5 indexes are binary files. Source: `{OLD}.md` (Key Finding 3)."


def test_a_numbered_fact_no_finding_clearly_uses_is_linked_from_the_finding_its_block_title_states() -> None:
    # the fact's own words match finding 1, which shares too little with the old finding 3 to build on it: warned,
    # no claim link; under a title finding 2 clearly states (4 words against none), it is that finding's evidence
    body = f"#### Q2 — Git text store review\n\n{FACT}"
    result = links_of(old_item(), new_item(body, FINDINGS))
    [link] = result.links[NEW]
    assert (link.source_number, link.target_claim.split(":")[2][:12], link.kind) == (
        2, "binary-datab", "number heading prose")
    assert result.issues == ()


def test_a_title_that_states_no_finding_clearly_leaves_the_citation_unlinked_and_warned() -> None:
    for title in ("#### Q2 — Indexes", "**E1. Search and git**", ""):  # none; one word each; the "Analysis" section
        result = links_of(old_item(), new_item(f"{title}\n\n{FACT}", FINDINGS))
        assert result.links == {}, title
        [issue] = result.issues
        assert f"[extends: {OLD} KF3 from KF<n>]" in issue.hint


def test_only_a_numbered_citation_is_placed_by_its_block() -> None:
    # the same unclear citation under a title that clearly states finding 1: placed there when it cites the old
    # finding by number; not when it names it by restatement (which finding of the old item is inferred from words,
    # and which finding of this item uses it would be a second inference), nor an author's marker (it says)
    title = "governance model operating"
    claims = (ClaimText(1, "a", "", "governance model operating owner"), ClaimText(2, "b", "", "cost"))
    cited = ClaimText(3, "c", "", "owner")

    def deferred(**fields: object) -> Deferred:
        mention = Mention(target=OLD, finding=0, quote="", stance=None, sentence="s", line=3, held_by=0, block=title)
        return Deferred(mention.but(**fields), OLD, cited, claims[1], unclear=True, restated=not fields)

    [numbered, restated, marker] = headed([deferred(finding=3), deferred(), deferred(finding=3, exact=True)], claims)
    assert numbered.headed == claims[0]
    assert restated.headed is None and marker.headed is None


def test_headings_give_each_line_the_title_of_the_block_it_stands_under() -> None:
    body = ["# Title", "", "#### Q3a-Q3c — Governance operating model", "text", "**E1. Completeness tension**", "x"]
    headings = Headings.of(body, 10)  # the body's first line is the file's line 10
    assert headings.title_at(10) == ""  # before any block: no title (the heading line itself opens the block)
    assert headings.title_at(13) == "governance model operating"  # the sub-question's label is no word of it
    assert headings.title_at(15) == "completeness tension"
    claims = (ClaimText(1, "a", "", "governance model operating owner"), ClaimText(2, "b", "", "governance cost"))
    assert block_user("governance model operating", claims) == claims[0]
    assert block_user("governance", claims) is None  # one word: under the trust bar
    assert block_user("", claims) is None
