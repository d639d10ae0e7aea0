"""Fixtures of the pipeline's tests (tests/pipeline and tests/pipeline/cache): the example's path, settled stats
(``repo``, a copy of the example without its graph, is tests/conftest.py's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.pipeline.cache import state as build_state

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "research-repo"


@pytest.fixture
def settle_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trust a file's stat as soon as it was written before the scan (in use, kgsync waits
    2 s: kgsync.pipeline.cache.state's rule against racy writes), so the stat shortcut is exercised here."""
    monkeypatch.setattr(build_state, "_SETTLED_NS", 0)
