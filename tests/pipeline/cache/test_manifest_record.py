"""``ManifestRecord``: the record of a manifest's lines, for those very bytes and this code only."""

from __future__ import annotations

from pathlib import Path

from kgsync.pipeline.cache import manifest_record
from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache.manifest_record import ManifestRecord


def test_a_record_is_read_back_for_the_same_manifest_only(tmp_path: Path) -> None:
    record = ManifestRecord(tmp_path, CacheReader())
    assert record.load("a" * 40) is None  # none kept yet
    record.save("a" * 40, {"x": "d" * 40 + "}", "y": ""})
    assert record.load("a" * 40) == {"x": "d" * 40 + "}", "y": ""}
    assert record.load("b" * 40) is None and record.load(None) is None
    record.save(None, None)  # a build that wrote no manifest it can vouch for: forgotten
    assert record.load("a" * 40) is None and not (tmp_path / manifest_record._FILE).exists()


def test_without_a_cache_folder_nothing_is_kept(tmp_path: Path) -> None:
    record = ManifestRecord(None, CacheReader())
    record.save("a" * 40, {"x": ""})
    assert record.load("a" * 40) is None


def test_a_record_of_other_code_is_ignored(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    ManifestRecord(tmp_path, CacheReader()).save("a" * 40, {"x": ""})
    monkeypatch.setattr(manifest_record, "_code", lambda: "other code")
    assert ManifestRecord(tmp_path, CacheReader()).load("a" * 40) is None


def test_the_record_a_build_read_is_not_written_again(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    ManifestRecord(tmp_path, CacheReader()).save("a" * 40, {"x": "d" * 80})
    writes: list[object] = []
    reader = CacheReader()
    monkeypatch.setattr(reader, "write", lambda path, value: writes.append(value))
    record = ManifestRecord(tmp_path, reader)
    lines = record.load("a" * 40)
    assert lines == {"x": "d" * 80}
    record.save("a" * 40, dict(lines))  # a rebuild that moved no line: the file holds it
    assert writes == []
    record.save("a" * 40, {"x": "e" * 80})  # a line moved
    record.save("b" * 40, {"x": "d" * 80})  # another manifest
    assert len(writes) == 2
