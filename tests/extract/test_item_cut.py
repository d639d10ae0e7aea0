"""kgsync.extract.item_cut: an item's body cut once for the marker warnings and the references scan."""

from __future__ import annotations

import dataclasses

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract.item_cut import cut_of
from kgsync.extract.markers import misspelt_marks, unread_marks
from kgsync.extract.references import scan
from kgsync.read.items import author_markers
from tests.extract.evidence_items import OLD, new_item

BODIES = [
    f"Per `{OLD}.md` Key Finding 2, search waits.",
    f"We build on it. [supports: {OLD} KF2]",
    f"A comment joins a marker's pieces: [supports: {OLD} <!-- [ --> KF2] and `{OLD}.md` agrees.",
    f"A comment alone <!-- [extends: {OLD} KF1] --> and `{OLD}.md` (Key Finding 3) stays.",
    f"A bracket meant as a marker: [suports: {OLD} KF1], and `{OLD}.md` Key Finding 1.",
    f"A full-width marker: ［supports：{OLD} ＫＦ２］ beside `{OLD}.md`.",
    f"[ref]: https://example.com/{OLD}.md\n\nSee [the study][ref] (Key Finding 1).",
    f"```\n[supports: {OLD} KF1]\n```\n\nIn code only; `{OLD}.md` Key Finding 2 outside.",
    "| Claim | Source |\n|---|---|\n| Search waits [x] | `" + OLD + ".md` KF1 |",
    # a marker that cannot be read exactly (``unread_marks`` warns), and one a comment hides (it does not)
    f"A range: [supports: {OLD} KF1-3]; hidden: <!-- [supports: {OLD} KF2-4] --> and `{OLD}.md` Key Finding 2.",
]


@pytest.mark.parametrize("body", BODIES)
def test_a_cut_reads_as_the_body_does(body: str) -> None:
    # The marker passes given no cut read the body themselves (``author_markers``, ``warned_brackets`` of
    # it, their own split).  ``scan`` given none makes ``cut_of(item)``: the same cut, so comparing
    # the two could not fail; its reading is asked the long way below (``marked=True``).
    item = new_item(body)
    cut = cut_of(item)
    assert misspelt_marks(item, cut.for_misspelt()) == misspelt_marks(item)
    assert unread_marks(item, cut.for_markers()) == unread_marks(item)


@pytest.mark.parametrize("body", BODIES)
def test_reading_a_plain_body_as_written_changes_no_mention(body: str) -> None:
    # ``plain`` skips the marker blanking of each line: reading every line the long way gives the same mentions
    item = new_item(body)
    cut = cut_of(item)
    assert scan(item, cut) == scan(item, dataclasses.replace(cut, marked=True))


def test_marked_asks_the_whole_body() -> None:
    assert not cut_of(new_item(f"No marker: `{OLD}.md` Key Finding 1.")).marked
    assert cut_of(new_item(f"One in code counts too: `[supports: {OLD} KF1]`.")).marked
    assert cut_of(new_item(f"Full width: ［supports：{OLD} ＫＦ２］.")).marked


_PIECES = st.sampled_from(["[", "]", "supports", ": ", OLD, " KF1", "<!-- ", " -->", "`", "\n", "ＫＦ", "［", "x",
                           ".md", "Key Finding 2", "|", "\u00a0"])


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, max_size=14).map("".join))
def test_marked_is_whether_a_line_holds_a_marker(body: str) -> None:
    item = new_item("Intro.\n\n" + body)
    assert cut_of(item).marked == any(author_markers(line, in_code=True) for line in item.body.split("\n"))
    cut = cut_of(item)
    assert scan(item, cut) == scan(item, dataclasses.replace(cut, marked=True))
