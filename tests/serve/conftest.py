"""The serve tests' shared fixture: a private copy of the bundled example's built graph."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kgsync.serve.service import Service

EXAMPLE_GRAPH = Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "memory.jsonl"


@pytest.fixture()
def example(tmp_path: Path) -> Service:
    """A private copy of the bundled example's built graph and manifest."""
    for name in ("memory.jsonl", "memory.kgsync.json"):
        shutil.copyfile(EXAMPLE_GRAPH.with_name(name), tmp_path / name)
    return Service(tmp_path / "memory.jsonl")
