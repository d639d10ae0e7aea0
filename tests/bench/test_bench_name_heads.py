"""The links a name-heads rule could remove, listed from a graph (``bench/bench_name_heads.py``, senses19)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_name_heads import contexts, links, node_keys


def test_a_nodes_keys_are_its_name_and_aliases_of_one_or_two_words(tmp_path: Path) -> None:
    graph = tmp_path / "g.jsonl"
    rows = [
        {"type": "entity", "name": "concept:application-programming-interface", "entityType": "concept",
         "observations": ["alias:API", "alias:APIs"]},
        {"type": "entity", "name": "item:2026-01-01-x", "entityType": "research_item", "observations": []},
        {"type": "relation", "from": "item:2026-01-01-x", "to": "concept:application-programming-interface",
         "relationType": "addresses"},
        {"type": "relation", "from": "claim:2026-01-01-x:c", "to": "concept:application-programming-interface",
         "relationType": "about"},
    ]
    graph.write_text("\n".join(json.dumps(row) for row in rows) + "\n", encoding="utf-8")
    assert node_keys(graph) == {"concept:application-programming-interface": {"api"}}
    assert links(graph) == [("2026-01-01-x", "concept:application-programming-interface")]


def test_contexts_show_the_words_before_a_mention() -> None:
    assert contexts("We call the GitHub Contents API daily.", "api") == ["the GitHub Contents API"]  # three words before
