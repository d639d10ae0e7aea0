"""Where a build's files are (the items folder, the cache folder) and a build from nothing's bytes.

A support module, not a test module: tests/pipeline/ and tests/pipeline/cache/ import
from here, never from each other's test modules (tests/test_layout.py).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from kgsync.graph.manifest import manifest_path
from kgsync.pipeline.stages import build
from kgsync.read import config as config_module

T = TypeVar("T")


def items_dir(repo: Path) -> Path:
    return repo / "Research" / "completed"


def _cache_folder(cfg: config_module.Config) -> Path:
    from kgsync.pipeline.cache.location import locate

    location = locate(cfg)
    assert location is not None
    return location.folder


def _fresh_bytes(root: Path, cfg: config_module.Config, tmp: Path) -> tuple[bytes, bytes]:
    """Graph and manifest of a build from nothing: no committed graph, no cache.  The last call's files in
    ``tmp`` are removed first: a build over them would keep their history (reworded findings' names)."""
    graph = tmp / "fresh.jsonl"
    graph.unlink(missing_ok=True)
    manifest_path(graph).unlink(missing_ok=True)
    build(cfg.with_overrides(graph=str(graph), cache_dir=""))
    return graph.read_bytes(), manifest_path(graph).read_bytes()


def _committed_copy(cfg: config_module.Config, tmp: Path) -> Path:
    """A copy of the committed graph and manifest (the files the next build reads), taken before it runs."""
    graph = cfg.path(cfg.graph)
    copy = tmp / "committed.jsonl"
    shutil.copyfile(graph, copy)
    shutil.copyfile(manifest_path(graph), manifest_path(copy))
    return copy


def _uncached_bytes(cfg: config_module.Config, committed: Path) -> tuple[bytes, bytes]:
    """Graph and manifest of a rebuild from the same committed files (``_committed_copy``) without a cache:
    what a cached rebuild must equal, whatever the committed manifest's history decides."""
    build(cfg.with_overrides(graph=str(committed), cache_dir=""))
    return committed.read_bytes(), manifest_path(committed).read_bytes()


def in_place_then_forced(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, threshold: str,
                         run: Callable[[Path], T]) -> list[T]:
    """``run`` over ``repo`` with ``kgsync.pipeline.behind``'s ``threshold`` out of reach (all in
    place), then over a copy of it with the threshold at 0 (a forked child wherever one may be)."""
    from kgsync.pipeline import behind

    twin = tmp_path / "twin"
    shutil.copytree(repo, twin)
    results = []
    for root, least in ((repo, 10**9), (twin, 0)):
        monkeypatch.setattr(behind, threshold, least)
        results.append(run(root))
    return results
