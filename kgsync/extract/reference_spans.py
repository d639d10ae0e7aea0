"""Where a sentence names another item: a path or link ending in ``<slug>.md``, a dated slug, a slug
in `code`, or an undated slug beside a cited finding (``references``, ``reference_spans``), and the
quick tests a line is put to first (``HAS_REFERENCE``, ``may_cite_a_finding``).  Part of the per-file
scan (``kgsync.extract.references``).

Every pattern starts at a literal or a class that cannot repeat before it, and every quantifier next
to another is bounded: linear in the text.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from functools import lru_cache

from kgsync.extract.descriptions import FINDING as _FINDING
from kgsync.read.items import normalise_slug

# References.  Every pattern starts at a literal or a class that cannot repeat before it.
_PATH_LINK = re.compile(r"(?<![A-Za-z0-9._-])([A-Za-z0-9._-]{1,200})\.md\b")
_PATH_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-"  # its class's characters
#: r"(?<![A-Za-z0-9-])(\d{4}-\d{2}-\d{2}-…)": led by its first digit, not a lookbehind, so the regex
#: engine skips ahead to a digit; the lookbehind then asks of the character before it.
_DATED_SLUG = re.compile(r"(\d(?<![A-Za-z0-9-]\d)\d{3}-\d{2}-\d{2}-[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){0,20})(?![a-z0-9])")
_CODE_SLUG = re.compile(r"`([a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){2,20})(?:\.md)?`")
_BARE_SLUG = re.compile(r"(?<![A-Za-z0-9./-])([a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){1,20})(?![A-Za-z0-9/-])")
#: Whether a line may name another item or cite a finding: does r"\.md\b|\d{4}-\d\d-\d\d-|`S(?:\.md)?`|\b(?:key[ \t]{1,3}findings?|KFs?)
#: [ \t]{0,3}#?[ \t]{0,2}\d" (case-insensitive; S: ``_CODE_SLUG``'s slug) occur in it?  What the finders need
#: (a code span naming no item, "`kgsync build`", or "key findings" without a number is passed by), written
#: with a first character class outside the case flag (every character but the rest of ASCII: the Kelvin sign
#: is a "k", a non-ASCII digit a \d) so the regex engine skips ahead to where one may start.
HAS_REFERENCE = re.compile(
    r"(?-i:[^\x00-\x2d\x2f\x3a-\x4a\x4c-\x5f\x61-\x6a\x6c-\x7f])(?:(?<=\.)md\b|(?<=\d)\d{3}-\d\d-\d\d-|"
    r"(?<=`)[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){2,20}(?:\.md)?`|(?<=k)(?<!\w.)(?:ey[ \t]{1,3}findings?|Fs?)[ \t]{0,3}#?[ \t]{0,2}\d)", re.I)
DATED = re.compile(r"\d{4}-\d\d-\d\d-")  # a dated slug's start


def references(sentence: str, keep_text: bool = False) -> list[tuple[int, str]]:
    """(position, normalised slug or suffix) of each item a sentence names (``keep_text``: the
    reference as written instead of its slug)."""
    spans = reference_spans(sentence)
    return [(start, sentence[start:end]) for start, end, _ in spans] if keep_text else \
        [(start, slug) for start, _, slug in spans]


@lru_cache(maxsize=64)  # a sentence that names an item is read again for its stance (``mentions._marked``)
def reference_spans(sentence: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, normalised slug or suffix) of each item a sentence names, in order."""
    spans: list[tuple[int, int, str]] = []  # sorted by start, never overlapping
    starts: list[int] = []

    def add(start: int, end: int, slug: str) -> None:
        at = bisect.bisect_left(starts, end)  # spans before ``at`` start before this one ends
        if at and spans[at - 1][1] > start:
            return  # a path's slug is not named twice
        spans.insert(at, (start, end, slug))
        starts.insert(at, start)

    for m in _path_links(sentence):
        add(m.start(), m.end(), normalise_slug(m.group(1)))
    for m in _DATED_SLUG.finditer(sentence):
        add(m.start(), m.end(), normalise_slug(m.group(1)))
    if "`" in sentence:
        for m in _CODE_SLUG.finditer(sentence):
            add(m.start(), m.end(), normalise_slug(m.group(1)))
    # An undated slug outside `code` counts only beside a cited finding, in a sentence that names
    # no item plainly ("the prior local-database research (Key Finding 2)"); resolved later only
    # if it is exactly one item's undated name.
    if not spans and may_cite_a_finding(sentence) and _FINDING.search(sentence):
        for m in _BARE_SLUG.finditer(sentence):
            add(m.start(), m.end(), m.group(1))
    return tuple(spans)


def _path_links(sentence: str) -> Iterator[re.Match[str]]:
    """``_PATH_LINK.finditer(sentence)`` without trying its lookbehind at every position: a match
    starts only where a run of ``_PATH_CHARS`` starts and holds a ".md" of that run (``_PATH_CHARS``
    too), so each run holding a ".md" is matched once, from its start (``str.rstrip`` finds it in C,
    reading back to the ".md" before at most)."""
    after, at = 0, sentence.find(".md")  # after: the end of the ".md" before
    while at >= 0:
        head = sentence[after:at].rstrip(_PATH_CHARS)  # empty: the run of the ".md" before, matched
        match = _PATH_LINK.match(sentence, after + len(head)) if head or not after else None
        if match:
            yield match
        after, at = at + 3, sentence.find(".md", at + 3)


def may_cite_a_finding(sentence: str) -> bool:
    """Whether ``_FINDING`` may match: its "key" or "KF" (any case; str.lower turns the Kelvin
    sign, which the case-insensitive regex takes for a "k", into one) is in the sentence."""
    low = sentence.lower()
    return "key" in low or "kf" in low
