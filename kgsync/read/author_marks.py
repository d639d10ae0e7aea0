"""The author's inline stance markers in a text (``[supports: <slug> KF5]``), as written or typed full-width.

Split from ``kgsync.read.item_sections`` (which reads them out of a finding's words); read by
``kgsync.extract.markers``.  Pure text functions.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

from kgsync.read.inline import code_spans


#: The author's inline stance marker, ``[supports: <slug> KF5]`` (groups: the relation, the rest),
#: read by ``kgsync.extract.markers``; markup, none of a finding's words (``list_entries``).  Its word's
#: case is folded in ASCII only (re.A): "ſ" and "ı" are no "s" or "i" (``author_markers`` reads the long s).
AUTHOR_MARKER = re.compile(r"\[(supports|contradicts|extends):[ \t]{0,4}([^\[\]\n]{1,400})\]", re.I | re.A)
#: The characters other than "[" whose NFKC form is one (full-width, vertical presentation form).
_WIDE_OPENINGS = ("\uff3b", "\ufe47")


class AuthorMark(NamedTuple):
    """One author's marker in a text: its span there, its stance word (lowercase ASCII) and what
    follows the colon (as written; in its NFKC form when the marker was written with compatibility
    characters)."""

    start: int
    end: int
    stance: str
    body: str


def may_hold_marker(text: str) -> bool:
    """Whether ``text`` holds an opening bracket, or a character whose NFKC form is one."""
    return "[" in text or wide_opening(text)


def wide_opening(text: str) -> bool:
    """Whether ``text`` holds a character other than "[" whose NFKC form is one."""
    return not text.isascii() and any(wide in text for wide in _WIDE_OPENINGS)


def author_markers(text: str, in_code: bool = False) -> list[AuthorMark]:
    """The author's markers in ``text`` (``AUTHOR_MARKER``).  A text with compatibility characters is
    read in the NFKC form of each character: a marker an East Asian input method types full-width
    (``［supports：<slug> ＫＦ２］``, ``ｓｕｐｐｏｒｔｓ``) is the marker it shows, as written there.  One
    inside an inline code span (in backticks) is code, as in a fenced block: no marker (``in_code``: those
    too, for a reader that must skip them)."""
    if not may_hold_marker(text):
        return []
    marks = _marks(text)
    if not marks or in_code or "`" not in text:
        return marks
    spans = code_spans(text)
    return [mark for mark in marks if not any(start < mark.start and mark.end <= end for start, end in spans)]


def _marks(text: str) -> list[AuthorMark]:
    """``author_markers`` before code spans are taken out."""
    if text.isascii() or unicodedata.is_normalized("NFKC", text):
        return [AuthorMark(m.start(), m.end(), m.group(1).lower(), m.group(2)) for m in AUTHOR_MARKER.finditer(text)]
    if AUTHOR_MARKER.search(unicodedata.normalize("NFKC", text)) is None:
        return []  # the common case: a line with a non-breaking space or a dash, and a link
    # each character's NFKC form, so that a span of the folded text is one of ``text``
    forms = [unicodedata.normalize("NFKC", char) for char in text]
    origin = [at for at, form in enumerate(forms) for _ in form] + [len(text)]
    return [AuthorMark(origin[m.start()], origin[m.end() - 1] + 1, m.group(1).lower(), m.group(2))
            for m in AUTHOR_MARKER.finditer("".join(forms))]


def without_author_markers(text: str, marks: Sequence[AuthorMark], by: str, blanks_before: bool = False) -> str:
    """``text`` with each of its ``marks`` replaced ``by`` a string (``blanks_before``: with the blanks
    before it)."""
    parts, last = [], 0
    for mark in marks:
        before = text[last : mark.start]
        parts.append(before.rstrip(" \t") if blanks_before else before)
        parts.append(by)
        last = mark.end
    parts.append(text[last:])
    return "".join(parts)
