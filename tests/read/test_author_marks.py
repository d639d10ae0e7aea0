"""The author's inline stance markers in a text (``read.author_marks``): as written, typed full-width, not in code."""

from __future__ import annotations

from kgsync.read.author_marks import AuthorMark, author_markers, may_hold_marker, wide_opening, without_author_markers


def test_a_marker_is_read_as_written_and_as_typed_full_width() -> None:
    text = "Agrees [supports: 2026-01-01-a KF2] and ［ｓｕｐｐｏｒｔｓ：2026-01-01-b ＫＦ３］."
    marks = author_markers(text)
    assert [(mark.stance, text[mark.start:mark.end]) for mark in marks] == [
        ("supports", "[supports: 2026-01-01-a KF2]"), ("supports", "［ｓｕｐｐｏｒｔｓ：2026-01-01-b ＫＦ３］")]
    assert marks[1].body == "2026-01-01-b KF3"
    assert may_hold_marker(text) and wide_opening(text) and not wide_opening("[supports: x KF1]")


def test_a_marker_in_a_code_span_is_code_unless_asked_for() -> None:
    text = "Write `[supports: <slug> KF2]` to link."
    assert author_markers(text) == []
    assert author_markers(text, in_code=True) == [AuthorMark(7, 29, "supports", "<slug> KF2")]


def test_markers_are_replaced_with_the_blanks_before_them_when_asked() -> None:
    text = "A finding. [supports: a KF1] More."
    marks = author_markers(text)
    assert without_author_markers(text, marks, "") == "A finding.  More."
    assert without_author_markers(text, marks, "", blanks_before=True) == "A finding. More."
