"""kgsync.contract.atomic_write: a file's bytes, or its pieces never joined, written by a rename
(nothing written when the file holds them already); the graph's own writes are tested in test_jsonl."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.contract import atomic_write


def test_write_bytes_atomically_compares_pieces_with_the_file_without_joining_them(tmp_path: Path,
                                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "memory.kgsync.json"
    path.write_bytes(b"abcdef")
    monkeypatch.setattr(atomic_write, "_COMPARED", 2)  # pieces longer than a read
    before = path.stat().st_mtime_ns
    assert not atomic_write.write_bytes_atomically(path, [b"abc", memoryview(b"xdefx")[1:4], b""])  # the same bytes: kept
    assert path.stat().st_mtime_ns == before
    assert atomic_write.write_bytes_atomically(path, [b"abc", b"deg"])  # same length, other bytes
    assert path.read_bytes() == b"abcdeg"
    assert atomic_write.write_bytes_atomically(path, [b"abc", b"deg", b"h"])  # longer
    assert path.read_bytes() == b"abcdegh"
    assert atomic_write.write_bytes_atomically(path, b"abc")  # shorter
    assert path.read_bytes() == b"abc"


def test_pieces_longer_than_a_write_call_are_written_whole_a_slice_at_a_time(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # ``_WRITTEN`` bytes a system call (one call of a whole 73 MB manifest was ~10x slower): slices
    # of each piece, ending inside and at a piece's end, and pieces shorter than a call.
    path = tmp_path / "memory.jsonl"
    monkeypatch.setattr(atomic_write, "_WRITTEN", 3)
    assert atomic_write.write_bytes_atomically(path, [b"abcdefg", memoryview(b"xhijklx")[1:6], b"", b"m", b"nop"])
    assert path.read_bytes() == b"abcdefghijklmnop"
    assert atomic_write.write_bytes_atomically(path, b"0123456789")
    assert path.read_bytes() == b"0123456789"


def test_staged_bytes_reach_the_file_only_when_committed(tmp_path: Path) -> None:
    # ``stage_bytes`` is ``write_bytes_atomically`` up to the rename: the file keeps its bytes until
    # ``commit``, and ``discard`` leaves no temp file.
    path = tmp_path / "memory.jsonl"
    path.write_bytes(b"old")
    assert atomic_write.stage_bytes(path, b"old") is None  # the file holds them: nothing staged
    staged = atomic_write.stage_bytes(path, [b"n", b"ew"])
    assert staged is not None and path.read_bytes() == b"old"
    staged.commit()
    assert path.read_bytes() == b"new" and sorted(p.name for p in tmp_path.iterdir()) == ["memory.jsonl"]
    dropped = atomic_write.stage_bytes(path, b"newer", compare=False)
    assert dropped is not None
    dropped.discard()
    assert path.read_bytes() == b"new" and sorted(p.name for p in tmp_path.iterdir()) == ["memory.jsonl"]
