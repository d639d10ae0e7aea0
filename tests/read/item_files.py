"""Item texts and helpers the reader's tests share (tests/read/test_items.py, test_corpus_checks.py)."""

from __future__ import annotations

from pathlib import Path

from kgsync.read.items import read_corpus

GOOD = """---
title: "A good item"
completed: 2026-03-01T10:00:00+00:00
themes: [knowledge-graphs, rag-retrieval]
cites: [2026-01-01-older]
superseded_by: ~
confidence: high
---

# A good item

## Research Question

What is a knowledge graph?

## Sources

- [W3C RDF](https://www.w3.org/RDF/) — the standard

## Findings

### Executive Summary

**[inference]** A knowledge graph is useful. More text follows here.

### Key Findings

1. **Knowledge graphs help recall.** (high confidence; source: https://example.org/a)
2. [fact] Plain finding without bold. Second sentence.
   Continued line.

### Evidence Map
"""

OLDER = GOOD.replace("A good item", "Older item").replace("cites: [2026-01-01-older]", "cites: []")


def write(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def read(folder: Path):
    return read_corpus(folder, folder)


def only(issues, severity):
    return [i for i in issues if i.severity is severity]
