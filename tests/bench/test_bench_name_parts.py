"""Links an item makes to a node it writes only inside a longer name, or nowhere (``bench/bench_name_parts.py``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.bench_name_parts import main, occurrences
from bench.bench_written_links import form_keys

ITEM = """---
title: "Gap tracking in Personal Knowledge Management (PKM) tools"
completed: 2026-05-02
themes: [knowledge-management]
---

# Gap tracking in Personal Knowledge Management (PKM) tools

## Research Question

Which gap-tracking patterns do Personal Knowledge Management tools use?

## Findings

### Executive Summary

Knowledge graphs help; see https://example.org/agentic-ai-at-scale.
"""


def test_a_capitalised_piece_of_a_longer_name_is_a_part_and_a_sentences_first_word_opens_none() -> None:
    forms = form_keys(["knowledge management"])
    assert occurrences("We study Personal Knowledge Management tools.", forms) == \
        [("part", "Personal Knowledge Management")]
    assert occurrences("Knowledge management is old. Enterprise knowledge management too.", forms) == \
        [("own", "Knowledge management"), ("own", "Enterprise knowledge management")]
    assert [c for c, _ in occurrences("Microsoft Copilot Studio builds agents.", form_keys(["microsoft copilot"]))] \
        == ["part"]


def test_the_links_are_counted_by_how_the_item_writes_the_node(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    items = tmp_path / "items"
    items.mkdir()
    (items / "2026-05-02-gaps.md").write_text(ITEM, encoding="utf-8")
    graph = tmp_path / "memory.jsonl"
    records = [
        {"type": "entity", "name": "concept:knowledge-management", "entityType": "concept", "observations": []},
        {"type": "entity", "name": "concept:knowledge-graphs", "entityType": "concept", "observations": []},
        {"type": "entity", "name": "concept:agentic-ai", "entityType": "concept", "observations": []},
    ]
    records += [{"type": "relation", "from": "item:2026-05-02-gaps", "to": name, "relationType": "addresses"}
                for name in ("concept:knowledge-management", "concept:knowledge-graphs", "concept:agentic-ai")]
    graph.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    main([str(graph), str(items), "--list"])
    out = capsys.readouterr().out
    assert "own         concept     1" in out and "parts-only  concept     1" in out and "unwritten   concept     1" in out
    assert "later\tparts-only\t2026-05-02-gaps\tconcept:knowledge-management" in out
    assert "later\tunwritten\t2026-05-02-gaps\tconcept:agentic-ai" in out
