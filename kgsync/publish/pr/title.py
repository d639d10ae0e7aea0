"""A PR title that names the cause: which items the change adds, updates or removes.

"kgsync: add Knowledge graphs for agents (+5 nodes)" for one new item, "kgsync: update 2 items,
remove 1" for several (side effects on other items are not counted: ``diff.merged_slugs``); a
change no item explains (hand-added content, a vocabulary or code change) keeps the configured
title.  A reviewer reads the cause before opening the body.
"""

from __future__ import annotations

from kgsync.contract.model import EntityType, item_name
from kgsync.diff.item_attribution import merged_slugs
from kgsync.diff.model import GraphDiff, ItemDiff

MAX_TITLE = 100  # GitHub shows about this much in lists; a longer item title is cut with an ellipsis


def cause_title(diff: GraphDiff, fallback: str) -> str:
    """The title for ``diff`` (``fallback`` when no item is added, updated or removed)."""
    added_items = {e.name for e in diff.added if e.entity_type == EntityType.RESEARCH_ITEM}
    removed_items = {e.name for e in diff.removed if e.entity_type == EntityType.RESEARCH_ITEM}
    added: list[ItemDiff] = []
    updated: list[ItemDiff] = []
    removed: list[ItemDiff] = []
    merged = merged_slugs(diff)
    for item in diff.items:
        if item.slug not in merged:  # no item, or a side effect: another item's merge moved it
            continue
        name = item_name(item.slug)
        (added if name in added_items else removed if name in removed_items else updated).append(item)
    if not (added or updated or removed):
        return fallback
    if len(added) == 1 and not updated and not removed:
        nodes = len(diff.added)
        return _cut(f"kgsync: add {added[0].title or added[0].slug}", f" (+{nodes} node{'s' if nodes != 1 else ''})")
    if len(updated) == 1 and not added and not removed:
        return _cut(f"kgsync: update {updated[0].title or updated[0].slug}", "")
    if len(removed) == 1 and not added and not updated:
        return _cut(f"kgsync: remove {removed[0].title or removed[0].slug}", "")
    parts = [(verb, len(group)) for verb, group in (("add", added), ("update", updated), ("remove", removed)) if group]
    first_verb, first_count = parts[0]
    words = [f"{first_verb} {first_count} item{'s' if first_count != 1 else ''}"]
    words += [f"{verb} {count}" for verb, count in parts[1:]]
    return "kgsync: " + ", ".join(words)


def _cut(head: str, tail: str) -> str:
    if len(head) + len(tail) <= MAX_TITLE:
        return head + tail
    return head[: MAX_TITLE - len(tail) - 1].rstrip() + "…" + tail
