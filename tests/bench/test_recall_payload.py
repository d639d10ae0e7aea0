"""bench/recall_payload.py and bench/bench_recall.py's helpers: paths are named by what a phrase matched."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SHARED_BENCH = REPO.parent / "shared" / "bench"
sys.path.insert(0, str(REPO / "bench"))
from bench_recall import median  # noqa: E402
from recall_payload import path_of  # noqa: E402

CLAIM = {"name": "claim:2026-03-01-agent-memory-tiers:tiered-memory-beats", "entityType": "claim",
         "observations": ["title: Tiered memory beats a flat store.", "confidence:high",
                          "source:https://example.org/ai", "provenance:item=2026-03-01-agent-memory-tiers"]}
ITEM = {"name": "item:2026-03-01-agent-memory-tiers", "entityType": "research_item",
        "observations": ["title: Agent memory", "summary: Tiers of memory.", "tag:memory_context",
                         "provenance:item=2026-03-01-agent-memory-tiers"]}


def test_a_claim_is_charged_to_its_title_before_its_name() -> None:
    assert path_of(CLAIM, "tiered memory") == "claim: title"
    assert path_of(CLAIM, "memory") == "claim: title"  # its provenance token holds it too: not a field
    assert path_of(CLAIM, "agent-memory") == "claim: slug words in the name"
    assert path_of(CLAIM, "beats") == "claim: title"
    assert path_of(CLAIM, "tiered-memory") == "claim: key words in the name"


def test_a_phrase_found_only_in_the_entity_type_is_named_so() -> None:
    assert path_of(CLAIM, "ai") == "claim: source"  # the URL holds it too
    bare = dict(CLAIM, observations=["title: Tiered memory beats a flat store."])
    assert path_of(bare, "ai") == "claim: the entity type"  # "claim" contains "ai"


def test_an_item_by_its_tag_summary_and_slug() -> None:
    assert path_of(ITEM, "memory_context") == "research_item: tag"
    assert path_of(ITEM, "tiers of") == "research_item: summary"
    assert path_of(ITEM, "memory") == "research_item: title (+ other fields)"
    assert path_of(ITEM, "memory-tiers") == "research_item: slug words in the name"


def test_the_median_of_even_and_odd_counts() -> None:
    assert median([5.0, 1.0, 3.0]) == 3.0
    assert median([4.0, 1.0, 3.0, 2.0]) == 2.5


def test_the_full_text_graph_finds_an_item_by_any_phrase_of_its_body(require_shared) -> None:  # noqa: ANN001
    sys.path.insert(0, str(require_shared(SHARED_BENCH)))
    import recall  # the ruler, imported as bench_recall.py imports it

    from bench_recall import QuestionSet, full_text_graph

    raw = "---\ntitle: Agent memory\ncompleted: 2026-03-01\nthemes: [memory-context]\n---\n\n## Findings\n\nTiered stores win.\n"
    _frontmatter, body = recall.split_frontmatter(raw)
    item = recall.Item("2026-03-01-agent-memory", "x.md", raw, {"title": "Agent memory", "completed": "2026-03-01",
                                                                 "themes": ["memory-context"]}, body)
    graph = full_text_graph(recall, QuestionSet("s", [item], {}, {}, None, {}))
    assert [e["name"] for e in graph.search_nodes("tiered stores")["entities"]] == ["item:2026-03-01-agent-memory"]
    assert recall.items_reached(graph.search_nodes("memory-context")) == {"2026-03-01-agent-memory"}
    assert graph.relations == []
