"""kgsync.extract.mentions: what one sentence says of the items it names (a source attribution's
described work, an example or a hypothetical, "Finding N" after an item), read through ``references.scan``
and ``evidence.plan``."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from kgsync.contract.model import RelationType
from kgsync.extract.findings import extract
from kgsync.extract.mentions import _HYPOTHETICAL
from kgsync.extract.references import scan
from kgsync.read.items import IssueSeverity
from tests.extract.evidence_items import NEW, OLD, links_of, new_item, old_item

MAP_HEADER = "| Claim | Source | Confidence | Notes |\n|---|---|---|---|\n"


_PLAIN_HYPOTHETICAL = re.compile(r"\b(?:hypothetical(?:ly)?|suppose|imagine)\b", re.I)


@given(st.lists(st.sampled_from(["hypothetical", "Hypothetically", "HYPOTHETICALLY", "suppose", "Suppose", "SUPPOSED",
                                 "\u017fuppo\u017fe", "imagine", "IMAGINE", "\u0130magine", "\u0131magine", "imagined", "x",
                                 "_", "1", "\u00e9", " ", "-", ".", "h", "s", "i", "ypothetical", "uppose", "magine"]),
                max_size=12))
def test_the_letter_led_hypothetical_check_answers_as_the_plain_regex(parts: list[str]) -> None:
    text = "".join(parts)
    assert [m.span() for m in _HYPOTHETICAL.finditer(text)] == [m.span() for m in _PLAIN_HYPOTHETICAL.finditer(text)]


def test_the_letter_led_hypothetical_check_leads_with_every_character_the_case_blind_h_i_s_match() -> None:
    lead = re.compile(r"[his]", re.I)
    everything = "".join(map(chr, range(0x110000)))
    first = re.compile(_HYPOTHETICAL.pattern.split(")")[0] + ")", re.I)
    assert all(first.match(c) for c in everything if lead.match(c))


# --- an item named only in the source attribution, described in the prose -----------------------

URL = f"https://example.org/Research/completed/{OLD}.md"


def test_agreement_with_described_work_named_in_the_attribution_links_the_finding_it_describes() -> None:
    for body in (
        f"Vector search waits until the corpus grows. This conclusion also fits prior repository work showing "
        f"that vector stores solve semantic search, not deduplication. [inference; source: {URL}]",
        f"- [inference; source: {URL}] Vector search waits until the corpus grows, and this conclusion is "
        "consistent with prior repository findings that vector stores solve semantic search.",
        f"Vector search waits until the corpus grows, and this conclusion is consistent with prior repository "
        f"findings that vector stores solve semantic search. Source: {URL}",
    ):
        [link] = links_of(old_item(), new_item(body)).links[NEW]
        # this item's conclusion and the earlier work agree, in one clause: the finding's stance
        assert (link.source_number, link.relation) == (2, RelationType.SUPPORTS), body
        assert ":vector-stores" in link.target_claim


def test_described_agreement_from_a_finding_that_takes_the_work_as_its_source_stays_extends() -> None:
    body = (f"Vector search waits until the corpus grows. This conclusion also fits prior repository work showing "
            f"that vector stores solve semantic search, not deduplication. [inference; source: {URL}]")
    # the finding's own text names the earlier work among its sources: derived from it, built on it
    findings = ("SQLite FTS5 search is enough for a small corpus of items.",
                f"Vector search waits until the corpus grows (source: {URL}).")
    links = links_of(old_item(), new_item(body, findings)).links[NEW]
    assert {(link.source_number, link.relation) for link in links} == {(2, RelationType.EXTENDS)}
    # an evidence row in a list line ("- | claim | sources | …"): its cells list its sources
    row = (f"- | [inference] This conclusion also fits prior repository work showing vector stores solve semantic "
           f"search | {URL} | medium | prior repository work and external docs converge on the same conclusion |")
    assert all(not m.own for m in scan(new_item(row)))


def test_the_same_words_without_the_attribution_rule_are_not_a_stance_of_that_item() -> None:
    # the item is named in the prose, not described: the cue rules read it ("fits" is none of theirs)
    body = f"Vector search waits until the corpus grows; `{OLD}.md` shows vector stores solve semantic search."
    assert all(m.stance is None for m in scan(new_item(body)))


def test_agreement_whose_sides_are_unclear_links_no_claim_and_says_how_to_state_it() -> None:
    body = (f"Prior repository work also supports that vector stores solve semantic search, not deduplication. "
            f"[inference; source: {URL}]")
    [mention] = scan(new_item(body))
    assert mention.withheld and mention.stance is None
    result = links_of(old_item(), new_item(body))
    assert NEW not in result.links
    assert any("no claim link" in issue.message and "[supports:" in issue.hint for issue in result.issues)


def test_agreement_that_names_no_finding_links_nothing_and_asks_for_the_finding() -> None:
    body = f"Vector search waits until the corpus grows. This conclusion also fits prior repository work. [inference; source: {URL}]"
    [mention] = scan(new_item(body))
    assert mention.stance is RelationType.SUPPORTS and mention.described
    result = links_of(old_item(), new_item(body))
    assert NEW not in result.links
    [issue] = [i for i in result.issues if "not which of its findings" in i.message]
    assert issue.severity is IssueSeverity.WARNING and f"[supports: {OLD} KF<n>]" in issue.hint


def test_a_numbered_citation_is_never_withheld() -> None:
    body = f"Prior repository work also supports this design (`{OLD}.md` Key Finding 2)."
    [mention] = scan(new_item(body))
    assert (mention.finding, mention.withheld) == (2, False)


def test_an_example_or_a_hypothetical_cites_for_illustration_and_links_no_claim() -> None:
    # "Example: item A states …" and "a hypothetical item B" illustrate a point with another
    # item's finding; this item does not build on it.  The item->item link (the text's link) stays.
    findings = ("Vector search waits until the corpus grows.",)
    for body in (f"Example: item A states that vector stores solve semantic search (`{OLD}.md`, KF2).",
                 f"**Example:** vector stores solve semantic search, per `{OLD}.md` Key Finding 2.",
                 f"Vector stores solve semantic search (`{OLD}.md` KF2) and a hypothetical item B disagrees.",
                 f"Suppose vector stores solve semantic search, as `{OLD}.md` Key Finding 2 says."):
        item = new_item(body, findings)
        assert scan(item) == (), body
        assert links_of(old_item(), item).links == {}, body
        assert OLD in dict(extract(item).text_links)
    # the same citation as this item's argument is built on
    argued = f"Vector stores solve semantic search, per `{OLD}.md` Key Finding 2; for example, deduplication."
    [link] = links_of(old_item(), new_item(argued, findings)).links[NEW]
    assert (link.relation, link.source_number) == (RelationType.EXTENDS, 1)


def test_finding_n_without_key_is_the_finding_of_the_item_named_before_it() -> None:
    # "(Finding 9)", "(Finding 11 in that item)" after a sentence names another item: that item's
    # finding (research: exploit-explore :47, claude-code-web :75; bench/labels/marks33_engineer_research.tsv)
    cases = {
        f"The completed `{OLD}.md` item established that vector stores are no dedup tool (Finding 2).": [2],
        f"- `Research/completed/{OLD}.md`: flagged binary files as a gap (Finding 3 in that item).": [3],
        f"Per `{OLD}.md`, search waits (Key Finding 1, Finding 2).": [1, 2],
    }
    for body, numbers in cases.items():
        assert [m.finding for m in scan(new_item(body)) if m.target == OLD] == numbers, body
    # with no item named before it, "Finding N" is the item's own (or no finding at all): nothing read
    for body in ("Binary files stay out (Finding 2).", f"Finding 2 rests on it, as does `{OLD}.md`.",
                 f"- Finding 2 -> `{OLD}.md`; a vendor note.",
                 MAP_HEADER + f"| Vector search waits (Finding 2) | `{OLD}.md` | high | Direct reading |",
                 f"Per `{OLD}.md`, tools finding 12 issues rank first (EMNLP Findings 2021)."):
        assert [m.finding for m in scan(new_item(body)) if m.target == OLD] in ([], [0]), body


def test_an_item_named_only_as_the_sentence_s_source_is_marked_sourced() -> None:
    def sourced(body: str) -> list[bool]:
        return [m.sourced for m in scan(new_item(body)) if m.target == OLD]
    assert sourced(f"Vector search matters. Source: `{OLD}.md` Key Finding 2.") == [True]
    assert sourced(f"[fact; source: `{OLD}.md` Key Finding 2] Vector search matters.") == [True]
    assert sourced(f"Vector search matters (source: `{OLD}.md` Key Finding 2).") == [True]
    assert sourced(f"The `{OLD}.md` item confirmed it. Source: Key Finding #2.") == [False, True]  # a note naming no item
    # named in what the sentence says, or in a table row: no attribution
    assert sourced(f"Vector search matters, as `{OLD}.md` Key Finding 2 found.") == [False]
    assert sourced(f"[fact] `{OLD}.md` Key Finding 2 applies here: vector search matters.") == [False]
    assert sourced(f"{MAP_HEADER}| Vector search matters | `{OLD}.md` Key Finding 2 | high | |") == [False]
