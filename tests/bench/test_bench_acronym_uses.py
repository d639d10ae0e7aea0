"""Signals of an acronym of the trade against one the items study (``bench/bench_acronym_uses.py``, issue 21 part 2)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_acronym_uses import linking_items, read_labels, separation, signals, uses
from kgsync.extract import mining
from kgsync.read.items import read_items

ITEM = """---
title: "Which API limits matter?"
completed: 2026-02-20
themes: [integration]
---

# Which API limits matter?

## Research Question

Do the GitHub API and the Slack API share their rate limits?

## Findings

### Executive Summary

An Application Programming Interface (API) key sets the limit. The {} pays $30M ARR.

### Key Findings

1. **API calls are capped per key.** Detail.
"""


def test_uses_counts_modifiers_names_and_figures() -> None:
    found = uses("The GitHub API is slow. API key limits. APIs differ. GPT-4 and API-first are no uses. $30M ARR.", "api")
    assert found["uses"] == 3  # "API", "API", "APIs"; not "API-first"
    assert found["after_name"] == 1  # "GitHub API"
    assert found["before_noun"] == 1  # "API key"; "APIs differ" is a plural, no modifier
    assert uses("A vendor books $30M ARR.", "arr")["after_number"] == 1
    assert uses("Intro. Setup API calls fail.", "api")["after_name"] == 0  # a sentence's first word is no name
    assert uses("Setup. API calls fail.", "api")["after_name"] == 0  # nor a word before a full stop


def test_signals_read_the_corpus_and_the_linking_items(tmp_path: Path) -> None:
    (tmp_path / "2026-02-20-api-limits.md").write_text(ITEM.format("vendor"), encoding="utf-8")
    (tmp_path / "2026-02-21-other.md").write_text(ITEM.replace("Application Programming Interface (API)", "An API").format("firm"),
                                                  encoding="utf-8")
    items = [(item, mining.candidates(item)) for item in read_items(sorted(tmp_path.glob("*.md"))).items]
    found = signals("api", "application programming interface", {"2026-02-20-api-limits"}, items)
    assert found["items"] == 1 and found["written"] == 2
    assert found["defined"] == 0.5 and found["spelled"] == 0.5  # the second item neither defines nor spells it out
    assert found["stated"] == 1.0  # its title writes it
    assert 0 < found["after_name"] < found["uses"]


def test_labels_links_and_separation(tmp_path: Path) -> None:
    path = tmp_path / "labels.tsv"
    path.write_text("# header\nnode\tacronym\tverdict\nconcept:a\tAPI\tgeneric\nconcept:b\tLLM\tidea\n", encoding="utf-8")
    assert read_labels(path) == {"concept:a": ("api", "generic"), "concept:b": ("llm", "idea")}
    graph = tmp_path / "g.jsonl"
    graph.write_text("\n".join(json.dumps(r) for r in (
        {"type": "relation", "from": "item:x", "to": "concept:a", "relationType": "addresses"},
        {"type": "relation", "from": "claim:y:c", "to": "concept:a", "relationType": "about"},
        {"type": "relation", "from": "concept:a", "to": "concept:b", "relationType": "related_to"})), encoding="utf-8")
    assert linking_items(graph) == {"concept:a": {"x", "y"}}
    apart = {"concept:a": ("generic", {"s": 0.9}), "concept:b": ("idea", {"s": 0.1})}
    assert "separates (gap +0.80)" in (separation(apart, "s") or "")
    mixed = {**apart, "concept:c": ("named", {"s": 0.95})}
    assert "does not separate" in (separation(mixed, "s") or "")
    assert separation({"concept:b": ("idea", {"s": 0.1})}, "s") is None
