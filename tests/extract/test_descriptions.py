"""Finding numbers, ranges and items named by description (``kgsync.extract.descriptions``)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from kgsync.extract.descriptions import _NUMBERS, FINDING, MAX_RANGE, numbers
from kgsync.extract.references import scan
from tests.extract.evidence_items import NEW, OLD, item_text, make

FINDINGS = ("SQLite FTS5 search is enough for a small corpus of items.", "Vector search waits until the corpus grows.")
#: The body names OLD once, in a reading list, and lists nothing in ``cites:``.
NAMED = f"Read first:\n\n- `{OLD}.md`\n\n"


def _cited(body: str, front: str = "") -> list[tuple[str, int]]:
    item = make(NEW, item_text("New study", "2026-02-01", FINDINGS, body, front))
    return [(m.target, m.finding) for m in scan(item) if m.via == "description"]


def test_a_range_expands_to_each_number_and_a_range_too_long_cites_none() -> None:
    assert numbers("1-8") == [1, 2, 3, 4, 5, 6, 7, 8]
    assert numbers("6–7") == [6, 7]
    assert numbers("3 and 8") == [3, 8]
    assert numbers(f"1-{MAX_RANGE + 1}") == [1] + list(range(2, MAX_RANGE + 2))
    # longer than MAX_RANGE: no finding in particular, neither end kept
    assert numbers(f"1-{MAX_RANGE + 2}") == []
    assert numbers(f"1-{MAX_RANGE + 2}, 4") == [4]


def test_a_role_description_names_the_one_item_the_body_names_that_it_fits() -> None:
    # "CSDM research item Key Findings 3 and 8": no "the", no cites: entry, the item named elsewhere
    row = "| Claim | Source | Confidence |\n|---|---|---|\n| Search waits | Old research item Key Findings 1 and 2 | high |"
    assert _cited(NAMED + row) == [(OLD, 1), (OLD, 2)]
    assert _cited(NAMED + "Search waits. [Source: old study item, Key Finding 2.]") == [(OLD, 2)]
    assert _cited(NAMED + "Parent old study Key Finding 2 (vector search) still holds.") == [(OLD, 2)]
    # a slash joins two words of the description; "prerequisite" says which kind of item, not which
    assert _cited(NAMED + "It is confirmed by the completed old/study prerequisite item (KF2).") == [(OLD, 2)]
    # the item is named nowhere in the body: nothing to fit
    assert _cited("Parent old study Key Finding 2 still holds.") == []


def test_a_description_fitting_two_items_or_this_item_links_nothing() -> None:
    two = NAMED + "- `2026-01-03-old-ledger.md`\n\n"
    assert _cited(two + "Per the old research item (KF2), search waits.") == []
    assert _cited(NAMED + "Per this research item (KF2), search waits.") == []
    assert _cited(NAMED + "Search waits. [Source: our old study item, Key Finding 2.]") == []
    # words no named slug has
    assert _cited(NAMED + "Per the vendor research item (KF2), search waits.") == []


def test_a_generic_description_names_the_item_of_the_sentence_before_it() -> None:
    body = f"The `{OLD}.md` item found that search waits. The prior item (KF2) says why."
    assert _cited(body) == [(OLD, 2)]
    # two items before it: which one is not said
    two = body.replace(f"The `{OLD}.md` item", f"The `{OLD}.md` and `2026-01-03-old-ledger.md` items")
    assert _cited(two) == []


def test_an_undated_slug_in_a_description_is_read_as_its_words() -> None:
    # "ios-shortcuts research (Key Finding 1)": the undated slug is no item's name; its words fit one
    row = "| Claim | Source | Confidence |\n|---|---|---|\n| Search waits | old-study research (Key Finding 2) | high |"
    assert _cited(NAMED + row) == [(OLD, 2)]


def test_a_role_noun_may_be_followed_by_the_items_hyphenated_name() -> None:
    # "prior research ios-shortcuts (Key Findings 1–2)"
    row = "| Claim | Source | Confidence |\n|---|---|---|\n| Search waits | prior research old-study (Key Findings 1–2) | high |"
    assert _cited(NAMED + row) == [(OLD, 1), (OLD, 2)]


def test_a_description_parted_from_its_number_by_its_own_words_or_where() -> None:
    # "The parent taxonomy's internal inconsistency — Key Finding 5 places …"
    assert _cited(NAMED + "The old study's internal inconsistency — Key Finding 2 places search late.") == [(OLD, 2)]
    # "… resolving the inconsistency in the parent taxonomy where Key Finding 5 placed …"
    assert _cited(NAMED + "This resolves the gap in the old study where Key Finding 2 waits.") == [(OLD, 2)]
    # the number is this item's: said after it, or no role noun ends the description
    assert _cited(NAMED + "The old study's view — Key Finding 2 of this item disagrees.") == []
    assert _cited(NAMED + "The old study's view — Key Finding 2 below disagrees.") == []
    assert _cited(NAMED + "The old ledger's inconsistency — Key Finding 2 places search late.") == []
    # more words between them than a possessive's noun: no description
    assert _cited(NAMED + "The old study's long and winding internal inconsistency — Key Finding 2 waits.") == []


def test_an_undated_name_alone_before_the_number_is_read_as_a_description() -> None:
    # "The practitioner case (context-mode Key Finding 6) is the closest evidence"
    assert _cited(NAMED + "The case (old-study Key Finding 2) is the closest evidence.") == [(OLD, 2)]
    # words no named slug has, or a capitalised phrase (not a slug)
    assert _cited(NAMED + "The case (vector-search Key Finding 2) is the closest evidence.") == []
    assert _cited(NAMED + "The case (Old-Study Key Finding 2) is the closest evidence.") == []


def test_a_generic_description_names_the_item_its_fuller_form_in_the_item_names() -> None:
    ledger = "2026-01-03-vendor-ledger"
    two = NAMED + f"- `{ledger}.md`\n\n"
    fuller = "It is confirmed by the completed old prerequisite item (KF2).\n\n"
    generic = "Again: directly confirmed by the completed prerequisite item (KF2)."
    # "the completed prerequisite item (KF10)" after "the completed RAG/compression prerequisite item (KF10)"
    assert _cited(two + fuller + generic) == [(OLD, 2), (OLD, 2)]
    # before it in the file or after it: the same
    assert _cited(two + generic + "\n\n" + fuller) == [(OLD, 2), (OLD, 2)]
    # another finding number: the same words may name any prior item
    assert _cited(two + fuller + generic.replace("KF2", "KF1")) == [(OLD, 2)]
    # no fuller form holds all its words, or two name different items: nothing
    assert _cited(two + "It is confirmed by the old item (KF2).\n\n" + generic) == [(OLD, 2)]
    other = "It is confirmed by the completed vendor prerequisite item (KF2).\n\n"
    assert _cited(two + fuller + other + generic) == [(OLD, 2), (ledger, 2)]


def test_a_cue_before_a_description_is_no_word_of_it() -> None:
    # "[inference, supported by prior research Key Finding 6]": the description is "prior research"
    assert _cited(NAMED + "Search waits. [inference, supported by old-study research Key Finding 2]") == [(OLD, 2)]
    assert _cited(NAMED + "Search waits (per old study research Key Finding 2).") == [(OLD, 2)]
    # a cue word that is no cue (not a participle with "by", "per", "see", "according to") stays a word
    assert _cited(NAMED + "Search waits. [inference, vendor old study research Key Finding 2]") == []


def test_a_generic_description_names_the_item_whose_finding_the_item_cites_by_name() -> None:
    ledger = "2026-01-03-vendor-ledger"
    # "prior research Key Finding 6" where the item cites "`2026-03-01-x.md` … (Key Finding 6)" elsewhere
    by_name = f"The `{OLD}.md` item deferred vector search (Key Finding 2).\n\n- `{ledger}.md` (Key Finding 1)\n\n"
    generic = "Search waits. [inference, supported by prior research Key Finding 2]"
    assert _cited(by_name + generic) == [(OLD, 2)]
    assert _cited(generic + "\n\n" + by_name) == [(OLD, 2)]
    # another number than any cited by name, or the same number of two items: which item is not said
    assert _cited(by_name + generic.replace("Finding 2", "Finding 3")) == []
    assert _cited(by_name.replace("(Key Finding 1)", "(Key Finding 2)") + generic) == []


def test_a_shortened_slug_in_prose_is_no_second_candidate() -> None:
    # "corroborated by prior research (2026-03-08-ios-shortcuts estimate)" beside the item's file name
    shortened = NAMED + "Corroborated by prior research (2026-01-01-old estimate).\n\n"
    row = "| Claim | Source | Confidence |\n|---|---|---|\n| Search waits | old research (Key Finding 2) | high |"
    assert _cited(shortened + row) == [(OLD, 2)]
    # written as a file somewhere, it is an item of its own: two candidates, no link
    assert _cited(shortened + "- `2026-01-01-old.md`\n\n" + row) == []


_PLAIN_FINDING = re.compile(r"\b(?:key[ \t]{1,3}findings?|KFs?)[ \t]{0,3}" + _NUMBERS, re.I)


@given(st.lists(st.sampled_from(["Key Finding 2", "key  findings 1-3", "KF 4", "kfs 5 and 6", "\u212aF 1", "\u212aey finding 7",
                                 "okey finding 1", "_KF 2", "k", "K", "e", "y", "f", "F", " ", "\t", "1", "#", "-", "s", "é",
                                 "\u0130", "x"]), max_size=10))
def test_the_letter_led_finding_pattern_finds_what_the_plain_regex_would(parts: list[str]) -> None:
    text = "".join(parts)
    assert [(m.span(), m.group(1)) for m in FINDING.finditer(text)] == \
        [(m.span(), m.group(1)) for m in _PLAIN_FINDING.finditer(text)]


def test_the_letter_led_finding_pattern_leads_with_every_character_the_case_blind_k_matches() -> None:
    lead = re.compile(r"k", re.I)
    first = re.compile(FINDING.pattern.split(")")[0] + ")", re.I)
    assert all(first.match(c) for c in map(chr, range(0x110000)) if lead.match(c))
