"""Tests of kgsync.pipeline.cache.state: committed files trusted by their stat once settled, and
their digests made of their blocks' (a spliced file's hashed where its edits fall only)."""

from __future__ import annotations

import hashlib
import json
from unittest import mock
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgsync.contract.atomic_write import Spliced

from kgsync.read import config as config_module
from kgsync.pipeline.cache import state as build_state
from kgsync.read.items import find_item_files
from kgsync.graph.manifest import manifest_path
from kgsync.pipeline.stages import build
from tests.pipeline.build_files import _cache_folder, _fresh_bytes, items_dir


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


@st.composite
def _splices(draw: st.DrawFn) -> tuple[bytes, list[int], list[tuple[int, int, bytes]]]:
    """Bytes, block lengths that add up to them (empty blocks too), and edits in order, none overlapping."""
    base = draw(st.binary(min_size=1, max_size=200))
    cuts = sorted(draw(st.lists(st.integers(0, len(base)), max_size=8)))
    lengths = [b - a for a, b in zip([0, *cuts], [*cuts, len(base)])]
    points = sorted(draw(st.lists(st.integers(0, len(base)), max_size=8)))
    edits = [(points[i], points[i + 1], draw(st.binary(max_size=12))) for i in range(0, len(points) - 1, 2)]
    return base, lengths, edits


@given(_splices())
def test_a_spliced_files_blocks_are_those_of_its_bytes(case: tuple[bytes, list[int], list[tuple[int, int, bytes]]]) -> None:
    """The blocks ``spliced_blocks`` gives from the old ones are the new bytes' own blocks, in those
    lengths: the digest recorded is the one ``unchanged_file`` computes from the file."""
    base, lengths, edits = case
    old = build_state.blocks_of(base, lengths)
    spliced = Spliced(base, edits)
    new = build_state.spliced_blocks(old, base, edits)
    assert new is not None
    data = b"".join(spliced)
    assert sum(length for length, _ in new) == len(data)
    assert new == build_state.blocks_of(data, [length for length, _ in new])
    assert new == build_state.blocks_of(spliced, [length for length, _ in new])  # from the pieces, unjoined
    # Blocks no edit touches keep their digest: at most as many blocks as before, none hashed twice.
    assert len(new) <= len(old)


def test_blocks_not_of_the_bytes_are_not_spliced() -> None:
    base = b"0123456789"
    assert build_state.spliced_blocks(build_state.blocks_of(base[:-1]), base, [(0, 1, b"x")]) is None
    assert build_state.spliced_blocks((), b"", [(0, 0, b"x")]) is None
    assert build_state.blocks_of(b"") == ()
    assert build_state.blocks_of(b"x" * 5, [2, 2]) == build_state.blocks_of(b"x" * 5)  # lengths that do not add up


def test_a_record_with_a_stale_block_or_digest_vouches_for_nothing(tmp_path: Path) -> None:
    path = tmp_path / "graph.jsonl"
    path.write_bytes(b"line one\nline two\n" * 100)
    blocks = build_state.blocks_of(path.read_bytes(), [500, 100, 1200])
    record = build_state.written(path, build_state.digest_of(blocks), blocks)
    assert record is not None and build_state.unchanged_file(path, record) == path.read_bytes()
    stale = ((500, hashlib.sha1(b"other").hexdigest()), *blocks[1:])
    assert build_state.unchanged_file(path, build_state.Written(record.stamp, build_state.digest_of(stale),
                                                                blocks=stale)) is None
    assert build_state.unchanged_file(path, build_state.Written(record.stamp, "0" * 40, blocks=blocks)) is None
    short = blocks[:2]  # not the file's length
    assert build_state.unchanged_file(path, build_state.Written(record.stamp, build_state.digest_of(short),
                                                                blocks=short)) is None


@pytest.mark.usefixtures("settle_at_once")
def test_a_one_item_rebuild_hashes_the_blocks_its_edit_falls_in(repo: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Small blocks: the incremental rebuild after one edit hashes far fewer bytes than it writes, records
    the files' own blocks, and gives the bytes of a build from nothing; a state whose blocks are stale
    (a corrupt or planted record) is not trusted: the full path, the same bytes."""
    monkeypatch.setattr(build_state, "_BLOCK", 256)
    cfg = config_module.load(repo)
    graph = repo / "memory.jsonl"
    build(cfg)
    build(cfg)  # settled: the next build trusts the files' stat
    item = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[1]
    item.write_text(item.read_text(encoding="utf-8").replace('title: "', 'title: "Measured ', 1), encoding="utf-8")
    hashed: list[int] = []
    sha1 = hashlib.sha1

    class Counting:
        def __init__(self, data: bytes = b"") -> None:
            self.inner = sha1(data)
            hashed.append(len(data))

        def update(self, data: bytes) -> None:
            hashed.append(memoryview(data).nbytes)
            self.inner.update(data)

        def hexdigest(self) -> str:
            return self.inner.hexdigest()

    with mock.patch.object(build_state, "hashlib", mock.Mock(sha1=Counting)):
        result = build(cfg)
    written = graph.read_bytes(), manifest_path(graph).read_bytes()
    assert result.incremental and result.wrote
    assert written == _fresh_bytes(repo, cfg, tmp_path)
    assert 0 < sum(hashed) < sum(map(len, written)) // 4
    state = build_state.load(_cache_folder(cfg))
    for record, data in zip((state.graph, state.manifest), written):
        assert record is not None and len(record.blocks) > 4
        assert record.blocks == build_state.blocks_of(data, [length for length, _ in record.blocks])
        assert record.sha1 == build_state.digest_of(record.blocks)
    # One block's digest made stale in the state (its own digest recomputed): checked, not trusted.
    monkeypatch.setattr(build_state, "_SETTLED_NS", 2_000_000_000)  # hashed again, not trusted by stat
    stored = json.loads((_cache_folder(cfg) / "state.json").read_bytes())
    blocks = stored[1]["graph"]["blocks"]
    blocks[0][1] = hashlib.sha1(b"stale").hexdigest()
    stored[1]["graph"]["sha1"] = build_state.digest_of(tuple((n, d) for n, d in blocks))
    stored[1]["graph"]["settled"] = False
    (_cache_folder(cfg) / "state.json").write_text(json.dumps(stored), encoding="utf-8")
    again = build(cfg)
    assert not again.incremental and not again.wrote
    assert (graph.read_bytes(), manifest_path(graph).read_bytes()) == written
