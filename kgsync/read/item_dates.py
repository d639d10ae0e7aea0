"""An item's ``completed:`` date, checked against the other dates the item itself gives.

``completed: 2999-01-01`` makes an item the latest of all, silently.  The build must not read the clock
(the same input gives the same output on any day), so "in the future" is not checkable; what is checkable
is the item against itself: its ``added:`` and ``started:`` fields and the date its file name starts with.
In the real corpus (273 items) every item has added <= started <= completed, and completed is at most
1 day after started and 17 days after its file name's date; a year past the latest of them is a typo
(2062 for 2026, 2999), never an item.  A fixed bound (the year 2100) was left out: it would be the
clock written down once, and every item the rules read has a dated file name or a started: field.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from kgsync.read.item_checks import date_value, field_line
from kgsync.read.item_files import DATED_SLUG
from kgsync.read.item_model import Issue, IssueMaker, IssueSeverity

#: How far past the item's latest other date ``completed:`` may lie (the corpus's widest gap is 17 days).
LONGEST_GAP_DAYS = 366
# A date without a time is the author's local day, a timestamp's is read as its UTC day: a day apart
# is the same moment seen from two time zones, not an item out of order.
_SAME_MOMENT_DAYS = 1
_FIELDS = ("added", "started")


def completed_problems(meta: dict[str, Any], yaml_text: str, slug: str, problem: IssueMaker) -> list[Issue]:
    """A warning at ``completed:``'s line when it is before the item's ``added:`` or ``started:``, or more than
    ``LONGEST_GAP_DAYS`` after the latest of those and its file name's date; [] when it is no date (an error
    of ``misshapen_fields``) or the item gives no other date."""
    completed = date_value(meta.get("completed"))
    if not completed:
        return []
    given = [(f"{name}: {day}", day) for name in _FIELDS if (day := date_value(meta.get(name)))]
    line = field_line(yaml_text, "completed") + 2
    finished = dt.date.fromisoformat(completed)
    # The earliest date it is before: "before added" says more than "before started".
    for what, day in sorted(given, key=lambda pair: pair[1]):
        if (dt.date.fromisoformat(day) - finished).days > _SAME_MOMENT_DAYS:
            return [problem(IssueSeverity.WARNING, line, f"completed: {completed} is before {what}: the item's dates "
                            "are out of order", "correct the one that is wrong: completed: is the day the research "
                            "was finished, after it was added and started")]
    if DATED_SLUG.match(slug) and (named := date_value(slug[:10])):
        given.append((f"the date its file name starts with, {named}", named))
    if not given:
        return []
    what, latest = max(given, key=lambda pair: pair[1])
    gap = (finished - dt.date.fromisoformat(latest)).days
    if gap <= LONGEST_GAP_DAYS:
        return []
    return [problem(IssueSeverity.WARNING, line, f"completed: {completed} is {gap} days after {what}, the latest other "
                    "date the item gives; a date that far ahead makes it the latest item", "correct the year "
                    "(completed: is the day the research was finished)")]


#: The warning of an item with no ``completed:`` date; the corpus check names the items citing it after it
#: (``corpus_checks.with_citers``), the one place their lost extends edges are said.
NO_COMPLETED = "no completed: date: the item is ordered after every dated item, so no extends edge runs to it from " \
    "the items citing it"


def no_completed(meta: dict[str, Any], slug: str, problem: IssueMaker) -> list[Issue]:
    """A warning at the frontmatter's first line when the item gives no ``completed:`` date (left out, left
    empty, or the frontmatter emptied): ``ResearchItem.precedes`` orders it after every dated item, so the
    items citing it get no ``extends`` edge to it, and nothing else said so.  A warning, not an error: the
    item's own nodes are whole.  A date that is no date is ``misshapen_fields``' error."""
    if meta.get("completed") not in (None, ""):
        return []
    named = date_value(slug[:10]) if DATED_SLUG.match(slug) else ""
    day = f"{named}, the date its file name starts with, if the research was finished that day" if named else \
        "YYYY-MM-DD, the day the research was finished"
    return [problem(IssueSeverity.WARNING, 2, NO_COMPLETED, f"add completed: {day}")]


def undated_name(meta: dict[str, Any], slug: str, problem: IssueMaker) -> list[Issue]:
    """A warning at line 1 when the file's name is not ``YYYY-MM-DD-slug`` (the README's convention).

    A warning, not an error: the file has frontmatter, so it is meant as an item and loses nothing;
    the slug is its identity whatever its form, and ``--items notes/`` builds any folder.  The dated
    name orders the folder as the research was done, and a renamed item is a ``git mv`` the PR reads
    as one rename, so the fix says which."""
    if DATED_SLUG.match(slug):
        return []
    day = date_value(meta.get("completed")) or "YYYY-MM-DD"
    return [problem(IssueSeverity.WARNING, 1, f"the file name {slug!r} is not YYYY-MM-DD-slug, the item convention: "
                    f"it is read as the item {slug!r}", f"git mv {slug}.md {day}-{slug}.md (the day it was completed; "
                    "the PR reads it as a rename)")]
