"""Which items write a node's name in their own prose against the items linked (``bench/bench_written_links.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_written_links import RULES, Matcher, read_graph, read_item, zone_counts

ITEM = """---
title: "GraphRAG for enterprise search"
completed: 2026-03-01
themes: [prompt-engineering]
---

# GraphRAG for enterprise search

## Research Question

Does GraphRAG beat flat retrieval?

## Findings

### Executive Summary

Prompt engineering helps little; see https://example.org/graphrag and `graphrag.py`.

### Key Findings

1. **GraphRAG wins on multi-hop questions.**

## Sources

- [GraphRAG paper](https://arxiv.org/abs/1)
"""


def test_prose_by_zone_leaves_tags_urls_code_and_sources(tmp_path: Path) -> None:
    path = tmp_path / "2026-03-01-graphrag.md"
    path.write_text(ITEM, encoding="utf-8")
    item = read_item(path)
    matcher = Matcher({"method:graphrag": ["graph rag", "GraphRAG"], "method:prompt-engineering": ["prompt engineering"]})
    counts = zone_counts(item, matcher)
    assert item.slug == "2026-03-01-graphrag" and item.completed == "2026-03-01"
    assert counts["method:graphrag"] == {"title": 1, "question": 1, "findings": 1}  # not the URL, code or Sources
    assert counts["method:prompt-engineering"] == {"summary": 1}  # the tag in the front matter is no prose


def test_an_acronym_matches_as_written_and_a_plural_folds() -> None:
    matcher = Matcher({"concept:it": ["IT"], "concept:agent": ["agent"]})
    assert matcher.count("it is IT and agents") == {"concept:it": 1, "concept:agent": 1}


def test_rules_read_zone_counts_alone() -> None:
    assert RULES["stated+3"]({"title": 1, "other": 2}) and not RULES["stated+3"]({"title": 1})
    assert RULES["zones>=3"]({"summary": 1, "findings": 1, "heading": 1})


def test_the_graph_gives_forms_and_item_links(tmp_path: Path) -> None:
    rows = [{"type": "entity", "name": "concept:failure-mode", "entityType": "concept", "observations": ["alias:failure modes"]},
            {"type": "relation", "from": "item:a", "to": "concept:failure-mode", "relationType": "addresses"},
            {"type": "relation", "from": "claim:a:x", "to": "concept:failure-mode", "relationType": "about"}]
    graph = tmp_path / "memory.jsonl"
    graph.write_text("\n".join(map(json.dumps, rows)) + "\n", encoding="utf-8")
    assert read_graph(graph) == ({"concept:failure-mode": ["failure mode", "failure modes"]}, {("a", "concept:failure-mode")})
