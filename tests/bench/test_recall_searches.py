"""bench/recall_searches.py and the observation levers of bench/recall_levers.py (recall17)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from recall_levers import capped, claim_confidence_as_items, kind_of, without  # noqa: E402
from recall_searches import field_chars  # noqa: E402

SLUG = "2026-03-01-agent-memory-tiers"
CLAIM = {"type": "entity", "name": f"claim:{SLUG}:tiered-memory-beats", "entityType": "claim",
         "observations": ["title: Tiered memory beats a flat store when the agent runs for days.", "confidence:high",
                          "section:key-finding-1", f"provenance:item={SLUG}"]}
ITEM = {"type": "entity", "name": f"item:{SLUG}", "entityType": "research_item",
        "observations": ["title: Agent memory", "confidence:high", "tag:memory_context", f"provenance:item={SLUG}"]}
STATES = {"type": "relation", "from": f"item:{SLUG}", "to": CLAIM["name"], "relationType": "states"}


def test_the_fields_of_an_answer_sum_to_the_answer_as_the_server_sends_it() -> None:
    entities = [{k: v for k, v in e.items() if k != "type"} for e in (ITEM, CLAIM)]
    answer = {"entities": entities, "relations": [{k: v for k, v in STATES.items() if k != "type"}]}
    fields = field_chars(answer)
    sent = len(json.dumps(answer, indent=2, ensure_ascii=False))
    # Not charged: the enclosing object (its two keys and brackets, 45) less the last commas counted.
    assert 0 <= sent - sum(fields.values()) <= 45
    assert fields["claim: section"] == len('        "section:key-finding-1",\n')
    assert set(fields) >= {"research_item: tag", "claim: title", "relation: states", "claim: name and skeleton"}


def test_observation_levers_drop_or_cut_only_what_they_name() -> None:
    records = [ITEM, CLAIM, STATES]
    claim = without("claim", kind_of("section"))(records, None, set())[1]
    assert claim["observations"] == [CLAIM["observations"][0], "confidence:high", f"provenance:item={SLUG}"]
    assert without("claim", kind_of("section"))(records, None, set())[0] == ITEM  # another type: untouched
    assert "confidence:high" not in claim_confidence_as_items(records, None, set())[1]["observations"]
    cut = capped("claim", "title", 30)(records, None, set())[1]["observations"][0]
    assert cut == "title: Tiered memory beats a flat\u2026"
    assert capped("claim", "title", 200)(records, None, set())[1] == CLAIM  # short enough: kept whole
