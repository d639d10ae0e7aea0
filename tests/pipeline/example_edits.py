"""The bundled example repository as an edit target: its path, the build's output files, its items
and one edit of an item's first finding.

A support module, not a test module: ``test_incremental.py`` and ``test_incremental_processes.py``
both import from here, never from each other (tests/test_layout.py).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "research-repo"
OUTPUTS = ("memory.jsonl", "memory.kgsync.json")


def items_of(repo: Path) -> list[Path]:
    return sorted(p for p in (repo / "Research" / "completed").glob("*.md") if p.name != "README.md")


def reword_first_finding(path: Path, word: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^1\. ", f"1. {word.capitalize()} ", text, count=1, flags=re.M), encoding="utf-8")
