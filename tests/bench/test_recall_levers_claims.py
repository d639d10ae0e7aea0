"""bench/recall_levers_claims.py: a claim's links its own item has; a claim's tags on the item's smallest claim."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from recall_levers_claims import claim_tags_on_smallest_claim, item_level_twin  # noqa: E402

SLUG = "2026-03-01-agent-memory-tiers"
ITEM = {"type": "entity", "name": f"item:{SLUG}", "entityType": "research_item", "observations": [f"provenance:item={SLUG}"]}
CLAIM = {"type": "entity", "name": f"claim:{SLUG}:tiered-memory-beats", "entityType": "claim",
         "observations": ["title: Tiered memory beats a flat store.", "tag:memory-context", f"provenance:item={SLUG}"]}
SHORT = {"type": "entity", "name": f"claim:{SLUG}:flat-store-loses", "entityType": "claim",
         "observations": ["title: A flat store loses.", f"provenance:item={SLUG}"]}
CONCEPT = {"type": "entity", "name": "concept:memory-context", "entityType": "concept", "observations": []}
OTHER = {"type": "entity", "name": "concept:tiered-memory", "entityType": "concept", "observations": []}
RELATIONS = [{"type": "relation", "from": f"item:{SLUG}", "to": "concept:memory-context", "relationType": "addresses"},
             {"type": "relation", "from": f"item:{SLUG}", "to": CLAIM["name"], "relationType": "states"}]


def relation(source: str, target: str, kind: str) -> dict:
    return {"type": "relation", "from": source, "to": target, "relationType": kind}


def test_a_claims_link_goes_only_where_its_own_item_has_the_same_link() -> None:
    about = [{"type": "relation", "from": CLAIM["name"], "to": to, "relationType": "about"}
             for to in ("concept:memory-context", "concept:tiered-memory")]
    foreign = {"type": "relation", "from": "claim:2026-03-02-other:x", "to": "concept:memory-context", "relationType": "about"}
    records = [ITEM, CLAIM, CONCEPT, OTHER, *RELATIONS, *about, foreign]
    kept = item_level_twin("about", "addresses")(records, None, set())
    # the item addresses memory-context: its claim's twin goes; tiered-memory and another item's claim stay
    assert [r for r in records if r not in kept] == [about[0]]
    assert item_level_twin("uses_method", "uses_method")(records, None, set()) == records


def test_a_claims_tags_move_to_the_items_claim_of_fewest_characters() -> None:
    records = [ITEM, CLAIM, SHORT, CONCEPT, *RELATIONS, relation(SHORT["name"], "concept:memory-context", "about"),
               relation(f"item:{SLUG}", SHORT["name"], "states")]
    moved = {r["name"]: r["observations"] for r in claim_tags_on_smallest_claim(records, None, set()) if r["type"] == "entity"}
    # both claims have `states`; the short one also an `about`, which costs more than its shorter title saves
    assert moved[CLAIM["name"]] == CLAIM["observations"]
    assert moved[SHORT["name"]] == SHORT["observations"]
    fewer = [r for r in records if not (r["type"] == "relation" and r["relationType"] == "about")]
    moved = {r["name"]: r["observations"] for r in claim_tags_on_smallest_claim(fewer, None, set()) if r["type"] == "entity"}
    assert moved[SHORT["name"]] == ["title: A flat store loses.", "tag:memory-context", f"provenance:item={SLUG}"]
    assert "tag:memory-context" not in moved[CLAIM["name"]]
