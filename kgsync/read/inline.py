"""Inline Markdown as CommonMark reads it: a link's address and the code spans, one reading of each.

Every stage that reads a link out of item text goes through here: the Sources section's web addresses
and their labels (``read.item_sources``), the claims' and the evidence sentences' text without markup
(``extract.findings``, ``extract.evidence_model``, ``extract.markup``) and the site's quoted prose
(``publish.site.prose``).  Each had a pattern of its own, and they disagreed on the same link: an address
holding parentheses (``…/The_Goal_(novel)``, ``https://doi.org/10.1016/0004-3702(79)90008-0``) was read
whole by one and cut at its "(" by another, so a claim's text, its source list and its page could each
show another address.

The address pattern is shared as a regex fragment (no group of its own), so that a stage's own
alternation of markup (bold, code, links) stays one pattern that the engine scans once.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

#: A Markdown link's address with its parentheses, on one line, as CommonMark reads it (6.3): written in "<…>", or
#: holding balanced parentheses (``…/Okapi_BM25_(ranking)``, ``javascript:alert(2)``), each unrolled so that no
#: character is tried two ways; else, an unclosed "(" in it, to its first ")".  A title after the address
#: (``(https://… "Title")``) is inside it: ``address_of`` reads the address alone.  No "[" in it: an unbounded
#: run never spans the start of another link's attempt, so every pattern built on it runs in linear time
#: (bench/bench_hostile.py).  One group, so that it is one atom wherever a pattern writes it.
LINK_ADDRESS = r"(?:\((?:<[^<>\n]*>[^()\[\n]*|[^()\[\n]*(?:\([^()\[\n]*\)[^()\[\n]*)*)\)|\([^)\[\n]*\))"
#: An inline link or image: group 1 its "!" (an image), group 2 its label, group 3 its address as written
#: (``LINK_ADDRESS``, its parentheses included).
LINK = re.compile(rf"(!?)\[([^\[\]\n]*)\]({LINK_ADDRESS})")
#: An inline code span (CommonMark 6.1): a run of backticks, then text, then a run of as many.
CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)")
#: A URL's scheme ("https:", "javascript:"); of two letters or more, since ``C:\\`` is a path.
_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]+:")


@dataclass(frozen=True)
class InlineLink:
    """One link (or image) of a text: where it is, its label, and its address (no title, no "<…>")."""

    start: int
    end: int
    label: str
    address: str
    image: bool
    #: where the address is written in the text (inside "<…>" when so written): a reader that masks it
    address_span: tuple[int, int]

    @property
    def has_scheme(self) -> bool:
        """Whether the address names a scheme (``https:``, ``mailto:``): a path in the repository names none."""
        return _SCHEME.match(self.address) is not None


def address_of(written: str) -> str:
    """The address of a link's ``(…)`` as written (``LINK_ADDRESS``): inside "<…>", else to its first
    blank (what follows is a title, no part of the address)."""
    start, end = _address_bounds(written)
    return written[start:end]


def _address_bounds(written: str) -> tuple[int, int]:
    """Where the address lies in a link's ``(…)`` as written: past the blanks after "(", inside "<…>" when so
    written, else up to the first blank (a title follows it) or the closing ")"."""
    # The blanks and the address found in C: a Python step per character of a long address took most
    # of the time (the ")" closing ``written``, its last character, is never looked at).
    limit = len(written) - 1
    opening = _NOT_BLANK.search(written, 1, limit)
    start = opening.start() if opening else max(1, limit)
    if written.startswith("<", start) and (close := written.find(">", start)) > 0:
        return start + 1, close
    blank = _BLANK.search(written, start, limit)
    return start, blank.start() if blank else max(start, limit)


_BLANK = re.compile(r"[ \t]")
_NOT_BLANK = re.compile(r"[^ \t]")


def code_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each inline code span in ``text`` (``CODE_SPAN``), its backticks included."""
    return [(m.start(), m.end()) for m in CODE_SPAN.finditer(text)] if "`" in text else []


def _in_span(spans: list[tuple[int, int]], starts: list[int], at: int) -> bool:
    """Whether ``at`` falls inside one of ``spans`` (sorted, apart; ``starts``: their starts)."""
    index = bisect_right(starts, at) - 1
    return index >= 0 and spans[index][0] < at < spans[index][1]


def inline_links(text: str) -> tuple[InlineLink, ...]:
    """Each link or image of ``text``, in order, but those a code span breaks: CommonMark reads a code span
    before a link, so a span that holds a link's "[" or its "]" makes it no link
    (``[a: `](https://…`)`` is a label's start and a code span).  A span inside the address is the address's."""
    if "](" not in text:
        return ()
    spans = code_spans(text)
    starts = [start for start, _ in spans]  # in order, none overlapping: one bisection finds the span at a place
    found = []
    for match in LINK.finditer(text):
        if spans and any(_in_span(spans, starts, at) for at in (match.start(2) - 1, match.start(3) - 1)):
            continue  # its "[" or its "]" is code
        low, high = _address_bounds(match[3])
        offset = match.start(3)
        found.append(InlineLink(match.start(), match.end(), match[2], match[3][low:high], bool(match[1]),
                                (offset + low, offset + high)))
    return tuple(found)
