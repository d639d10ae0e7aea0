"""Fixtures of the pipeline's tests (tests/pipeline and tests/pipeline/cache): the example repository, settled stats."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kgsync.pipeline.cache import state as build_state


ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "research-repo"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    target = tmp_path / "repo"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns("memory.*", ".kgsync-cache", "site"))
    return target


@pytest.fixture
def settle_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trust a file's stat as soon as it was written before the scan (in use, kgsync waits
    2 s: kgsync.pipeline.cache.state's rule against racy writes), so the stat shortcut is exercised here."""
    monkeypatch.setattr(build_state, "_SETTLED_NS", 0)
