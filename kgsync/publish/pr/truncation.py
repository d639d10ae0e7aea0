"""Fitting the PR body into GitHub's limit: whole sections go, lowest priority first; the head stays."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

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


def truncate(sections: list[Section], limit: int, hint: str) -> str:
    """Drop whole sections, lowest priority and latest first, until the rest and the notice fit."""
    module = template_module()

    def notice(cut: list[Section]) -> str:
        parts = []
        for kind, noun in _CUT_NAMES.items():
            count = sum(s.count for s in cut if s.kind == kind)
            if count:
                parts.append(counted(count, noun))
        items = [s.label for s in cut if s.kind == "item"]
        span = CutItems(tuple(items[:CUT_ITEMS_NAMED]), max(0, len(items) - CUT_ITEMS_NAMED)) if items else None
        return macro(module, "notice", f"{limit:,}", limit == GITHUB_BODY_LIMIT, ", ".join(parts), span, Markup(hint))

    cut_order = sorted(
        (i for i, s in enumerate(sections) if s.priority > 0),
        key=lambda i: (sections[i].priority, i),
        reverse=True,
    )
    kept = set(range(len(sections)))
    size = sum(body_length(s.text) for s in sections)
    for index in cut_order:
        kept.discard(index)
        size -= body_length(sections[index].text)
        cut = [s for i, s in enumerate(sections) if i not in kept]
        closing = notice(cut)
        if size + body_length(closing) <= limit:
            return "".join(s.text for i, s in enumerate(sections) if i in kept) + closing
    # Not even the summary fits (an absurdly small limit): the notice alone, cut hard.
    closing = notice([s for s in sections if s.priority > 0])[:limit]
    while body_length(closing) > limit:  # astral characters count 2
        closing = closing[:-1]
    return closing
