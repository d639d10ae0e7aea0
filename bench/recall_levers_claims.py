"""Levers on a claim's links and tags (``bench/recall_levers.py`` names and runs them).

Each reads one item's own records: its claims, their relations and its own item-level links.
"""

from __future__ import annotations

import json
from collections.abc import Callable

Records = list[dict]
Lever = Callable[[Records, object, set[str]], Records]  # records, the question set, the theme slugs


def item_of(claim: str) -> str:
    """``claim:<slug>:<key>`` -> ``item:<slug>``."""
    return "item:" + claim.split(":")[1]


def item_level_twin(kind: str, item_kind: str) -> Lever:
    """A claim's ``kind`` relation gone where its own item has the ``item_kind`` relation to the same node (the
    claim's title names the node; the item's link reaches it): what such a duplicate costs and buys."""
    def lever(records: Records, _qset: object, _themes: set[str]) -> Records:
        held = {(r["from"], r["to"]) for r in records if r["type"] == "relation" and r["relationType"] == item_kind}
        return [r for r in records if not (r["type"] == "relation" and r["relationType"] == kind
                                           and r["from"].startswith("claim:") and (item_of(r["from"]), r["to"]) in held)]
    return lever


def claim_tags_on_smallest_claim(records: Records, _qset: object, _themes: set[str]) -> Records:
    """A claim's ``tag:``s (with no vocabulary, the themes an item carries but does not write sit on its first
    claim) moved to the item's claim that costs least with its relations (characters as JSON; then its name):
    a search for the slug still reaches the item through that claim's ``provenance:``.  Not item-local: a
    claim's ``about`` links follow the corpus's nodes, so the carrier moves when another item makes one."""
    size: dict[str, int] = {}
    for r in records:  # a claim's own characters without its tags, then each relation touching it
        if r["type"] == "entity" and r["entityType"] == "claim":
            bare = [o for o in r["observations"] if not o.startswith("tag:")]
            size[r["name"]] = size.get(r["name"], 0) + len(json.dumps({**r, "observations": bare}))
        elif r["type"] == "relation":
            for end in {r["from"], r["to"]}:
                if end.startswith("claim:"):
                    size[end] = size.get(end, 0) + len(json.dumps(r))
    smallest: dict[str, str] = {}
    for claim in sorted(size):
        best = smallest.get(item_of(claim))
        if best is None or (size[claim], claim) < (size[best], best):
            smallest[item_of(claim)] = claim
    tags = {smallest[item_of(r["name"])]: [o for o in r["observations"] if o.startswith("tag:")]
            for r in records if r["type"] == "entity" and r["entityType"] == "claim"
            and any(o.startswith("tag:") for o in r["observations"])}
    out = []
    for r in records:
        if r["type"] == "entity" and r["entityType"] == "claim":
            kept = [o for o in r["observations"] if not o.startswith("tag:")]
            moved = tags.get(r["name"], [])
            r = {**r, "observations": [o for o in kept if not o.startswith("provenance:")] + moved
                 + [o for o in kept if o.startswith("provenance:")]}
        out.append(r)
    return out
