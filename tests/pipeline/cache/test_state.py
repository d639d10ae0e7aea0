"""Tests of kgsync.pipeline.cache.state: committed files trusted by their stat once settled."""

from __future__ import annotations

from unittest import mock
from pathlib import Path

import pytest

from kgsync.read import config as config_module
from kgsync.pipeline.cache import state as build_state
from kgsync.read.items import find_item_files
from kgsync.graph.merge import manifest_path
from kgsync.pipeline.stages import build
from tests.pipeline.build_files import _cache_folder, items_dir


@pytest.mark.usefixtures("settle_at_once")
def test_a_settled_committed_graph_is_trusted_by_stat_and_an_edited_one_is_hashed(repo: Path) -> None:
    """A build that leaves the committed files as they were records their stat as settled (here at
    once: ``settle_at_once``); the next one reads them without hashing, and gives the same bytes."""
    cfg = config_module.load(repo)
    graph = repo / "memory.jsonl"
    build(cfg)  # written now: not settled
    assert not build_state.load(_cache_folder(cfg)).graph.settled  # type: ignore[union-attr]
    build(cfg)  # checked by sha1, left as it was: settled
    state = build_state.load(_cache_folder(cfg))
    assert state.graph is not None and state.graph.settled and state.manifest is not None and state.manifest.settled
    before = graph.read_bytes(), manifest_path(graph).read_bytes()
    with mock.patch.object(build_state, "hashlib", mock.Mock(sha1=mock.Mock(side_effect=AssertionError("hashed")))):
        result = build(cfg)
    assert result.incremental and not result.wrote
    assert (graph.read_bytes(), manifest_path(graph).read_bytes()) == before
    # Edited in place (new stat): hashed again, not trusted, the shortcut off; the edit survives.
    slug = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0].stem
    graph.write_text(graph.read_text(encoding="utf-8") + '\n{"type":"entity","name":"concept:hand-made","entityType":'
                     '"concept","observations":["provenance:item=' + slug + '"]}\n{"type":"relation","from":"item:'
                     + slug + '","to":"concept:hand-made","relationType":"addresses"}', encoding="utf-8")
    assert "concept:hand-made" in build(cfg).graph
    assert not build_state.load(_cache_folder(cfg)).pure
