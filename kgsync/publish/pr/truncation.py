"""Fitting the PR body into GitHub's limit: whole sections go, lowest priority first; the head stays.
The full report (the job summary) fits its own limit by losing item sections alone (``fit_report``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from markupsafe import Markup

from kgsync.contract.errors import ConfigError
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.pr.pr_template import macro, template_module
from kgsync.publish.pr.sections import Section
from kgsync.publish.site.text import counted


def body_length(text: str) -> int:
    """Length as GitHub may count it: UTF-16 code units (an emoji counts 2).

    Never less than the number of characters, so a body within ``limit`` by this
    count is within it however GitHub counts characters.
    """
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class CutItems:
    shown: tuple[str, ...]  # the first item sections left out, in reading order
    more: int


CUT_ITEMS_NAMED = 5


#: What the notice calls a cut section's rows, by section kind (``counted`` makes the plural).
_CUT_NAMES = {
    "findings": "lint finding",
    "near_duplicates": "near-duplicate pair",
    "index": "item index row",
    "evidence": "evidence link",
    "changed_claims": "changed claim",
    "item": "item section",
}


def report_length(text: str) -> int:
    """Length as GitHub counts a job summary: UTF-8 bytes."""
    return len(text.encode("utf-8"))


#: The sections the full report may lose: an item's (and the heading over a group of them).  Its lists
#: (evidence links, lint findings, near-duplicate pairs, the item index) are where the body's notice
#: sends a reader for what the body left out, so they stay.
_REPORT_CUTS = frozenset({"item", "item_reference", "heading"})


@dataclass(frozen=True)
class FittedReport:
    text: str
    items_cut: int  # the item sections left out


def fit_report(sections: list[Section], limit: int, hint: str) -> FittedReport:
    """The full report in ``limit`` UTF-8 bytes: whole item sections go, in the body's order (lowest
    priority and latest first), with the notice naming them; every list stays."""
    cuttable = [s if s.kind in _REPORT_CUTS else replace(s, priority=0) for s in sections]
    text, cut = _truncated(cuttable, limit, hint, report_length, "a job summary")
    return FittedReport(text, sum(s.count for s in cut if s.kind == "item"))  # a group of items counts each


def truncate(sections: list[Section], limit: int, hint: str,
             measure: Callable[[str], int] = body_length, limit_of: str | None = None) -> str:
    """Drop whole sections, lowest priority and latest first, until the rest and the notice fit
    ``limit`` as ``measure`` counts (``body_length``: a PR body's characters; ``report_length``: bytes);
    ``limit_of``: whose limit it is, GitHub's (default: a pull-request body's when ``limit`` is its)."""
    return _truncated(sections, limit, hint, measure, limit_of)[0]


class LimitTooSmall(ConfigError):
    """A limit below the shortest text ``truncate`` can cut a report to (its notice alone): cut, the notice
    ended mid-sentence.  ``smallest``: the least limit that gives a whole notice."""

    def __init__(self, limit: int, smallest: int, unit: str) -> None:
        super().__init__(f"a limit of {limit} {unit} is below the smallest this report can be cut to, {smallest} {unit}: "
                         "its notice alone", None, f"ask for {smallest} {unit} or more")
        self.limit, self.smallest = limit, smallest


def _truncated(sections: list[Section], limit: int, hint: str, measure: Callable[[str], int],
               limit_of: str | None) -> tuple[str, list[Section]]:
    """``truncate``'s text, and the sections it left out; ``LimitTooSmall`` when not even the notice fits."""
    module = template_module()
    unit = "bytes" if measure is report_length else "characters"

    def notice(cut: list[Section], at: int) -> str:
        parts = []
        for kind, noun in _CUT_NAMES.items():
            count = sum(s.count for s in cut if s.kind == kind)
            if count:
                parts.append(counted(count, noun))
        items = [label for s in cut if s.kind == "item" for label in s.members or (s.label,)]
        span = CutItems(tuple(items[:CUT_ITEMS_NAMED]), max(0, len(items) - CUT_ITEMS_NAMED)) if items else None
        whose = limit_of or ("a pull-request body" if at == GITHUB_BODY_LIMIT else None)
        return macro(module, "notice", f"{at:,} {unit}", whose, ", ".join(parts), span, Markup(hint))

    for kept, cut, size in _cuts(sections, measure):
        closing = notice(cut, limit)
        if size + measure(closing) <= limit:
            return "".join(s.text for i, s in enumerate(sections) if i in kept) + closing, cut
    # Not even the head fits: the notice alone, if it fits whole.
    cut = [s for s in sections if s.priority > 0]
    closing = notice(cut, limit)
    if measure(closing) <= limit:
        return closing, cut

    def needed(at: int) -> int:  # the least limit at which some cut fits, the notice saying ``at``
        whole = measure(notice(cut, at))
        return min([whole] + [size + measure(notice(gone, at)) for _kept, gone, size in _cuts(sections, measure)])

    smallest = needed(limit)
    while (again := needed(smallest)) > smallest:  # a longer number in the notice ("1,000") may need more
        smallest = again
    raise LimitTooSmall(limit, smallest, unit)


def _cuts(sections: list[Section], measure: Callable[[str], int]) -> Iterator[tuple[set[int], list[Section], int]]:
    """Each way ``truncate`` tries, in order: the sections kept (by index; the set changes after each step),
    those left out, and the kept ones' length; whole sections go one by one, lowest priority and latest
    first (priority 0 never goes)."""
    cut_order = sorted(
        (i for i, s in enumerate(sections) if s.priority > 0),
        key=lambda i: (sections[i].priority, i),
        reverse=True,
    )
    kept = set(range(len(sections)))
    size = sum(measure(s.text) for s in sections)
    for index in cut_order:
        kept.discard(index)
        size -= measure(sections[index].text)
        yield kept, [s for i, s in enumerate(sections) if i not in kept], size
