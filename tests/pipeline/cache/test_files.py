"""The cache is data, never code: planted pickles and tampered entries are inert."""

from __future__ import annotations

import json
import os
import pickle
from pathlib import Path

import msgspec
import pytest

from kgsync.read import config as config_module
from kgsync.pipeline.cache import files
from kgsync.pipeline.cache.files import CacheReader
from kgsync.read.items import IssueSeverity
from kgsync.graph.manifest import manifest_path
from kgsync.pipeline.stages import build


class _Bomb:
    """Unpickling this writes a file: proof that unpickling ran code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def _fresh(cfg: config_module.Config, tmp: Path) -> tuple[bytes, bytes]:
    graph = tmp / "fresh" / "memory.jsonl"
    graph.parent.mkdir()
    build(cfg.with_overrides(graph=str(graph), cache_dir=""))
    return graph.read_bytes(), manifest_path(graph).read_bytes()


def _written(cfg: config_module.Config) -> tuple[bytes, bytes]:
    graph = cfg.path(cfg.graph)
    return graph.read_bytes(), manifest_path(graph).read_bytes()


def test_planted_pickles_never_run_and_the_output_is_a_fresh_builds(repo: Path, tmp_path: Path) -> None:
    cfg = config_module.load(repo).with_overrides(cache_dir=".kgsync-cache")  # inside the checkout, chosen so
    cache = cfg.path(cfg.cache_dir)
    marker = tmp_path / "code-ran"
    bomb = pickle.dumps(_Bomb(marker))
    # Every name a cache file ever had (the pickles of old), and the names it has now.
    for name in ("state.pickle", "records.pickle", "records/00.pickle", "parts/00.pickle", "vocab/inputs.pickle",
                 "vocab/selection.pickle", "facts/0.pickle", "state.json", "records/00.json", "parts/00.json",
                 "vocab/inputs.json", "vocab/selection.json", "facts/0.json"):
        (cache / name).parent.mkdir(parents=True, exist_ok=True)
        (cache / name).write_bytes(bomb)
    result = build(cfg)
    assert not marker.exists(), "a file in the cache folder was unpickled"
    assert _written(cfg) == _fresh(cfg, tmp_path)
    notices = [i for i in result.issues if i.severity is IssueSeverity.NOTICE and "cache file" in i.message]
    assert notices, "a cache file that does not validate is ignored with a notice"
    assert all(i.location is not None and ".kgsync-cache" in i.location.path for i in notices)


def test_a_tampered_cache_entry_is_ignored_and_the_output_is_a_fresh_builds(repo: Path, tmp_path: Path) -> None:
    # Outside the checkout (plain JSON, not authenticated): what validation alone rejects.
    cfg = config_module.load(repo).with_overrides(cache_dir=str(tmp_path / "cache"))
    cache = cfg.path(cfg.cache_dir)
    build(cfg)
    record_files = sorted((cache / "records").glob("*.json"))
    assert record_files and not list(cache.rglob("*.pickle")), "the cache is JSON"
    # A wrong type deep inside an entry: a record's title becomes a mapping with a payload.
    victim = record_files[0]
    fingerprint, entries = json.loads(victim.read_bytes())
    key = next(iter(entries))
    entries[key][0]["title"] = {"__reduce__": "os.system", "args": ["touch hacked"]}
    victim.write_text(json.dumps([fingerprint, entries]), encoding="utf-8")
    # Truncated JSON, and a state whose stamps are text.
    facts, deep = sorted((cache / "facts").glob("*.json"))[:2]
    facts.write_bytes(facts.read_bytes()[:40])
    # An item's stored facts (decoded only when the entry is reused) with a wrong type inside: kept in
    # the shard's texts file, whose entry the notice names (the build drops it there).
    texts = deep.with_suffix(".texts")
    texts_id, stored = json.loads(texts.read_bytes())
    slug = next(iter(stored))
    facts_text = json.loads(stored[slug])
    facts_text["relations"][0] = {"__reduce__": "os.system"}
    stored[slug] = json.dumps(facts_text)
    texts.write_text(json.dumps([texts_id, stored]), encoding="utf-8")
    state = json.loads((cache / "state.json").read_bytes())
    state[1]["files"] = {"Research/x.md": [["size", 1, 2, 3], "key"]}
    (cache / "state.json").write_text(json.dumps(state), encoding="utf-8")
    cfg.path(cfg.graph).unlink()  # nothing committed: the output is the cache's work alone
    manifest_path(cfg.path(cfg.graph)).unlink()
    result = build(cfg)
    assert _written(cfg) == _fresh(cfg, tmp_path)
    flagged = {Path(i.location.path).name for i in result.issues
               if i.severity is IssueSeverity.NOTICE and i.location is not None and "cache file" in i.message}
    assert {victim.name, facts.name, deep.name, "state.json"} <= flagged
    assert not (repo / "hacked").exists()
    # The next build rewrote what it ignored: no notice any more.
    assert not [i for i in build(cfg).issues if "cache file" in i.message]


def test_the_reader_decodes_declared_types_only(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('[1, "two"]', encoding="utf-8")
    reader = CacheReader()
    assert reader.read(path, tuple[int, str]) == (1, "two")
    assert reader.read(path, tuple[int, int]) is None
    assert reader.read(tmp_path / "missing.json", tuple[int, str]) is None
    assert len(reader.notices) == 1  # the invalid file, not the missing one


@pytest.mark.parametrize("mappable", [True, False])
def test_a_mapped_file_decodes_as_a_read_one(mappable: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "_MAPPABLE", mappable)  # False: read, as where a mapped file cannot be replaced
    path, empty = tmp_path / "x.json", tmp_path / "empty.json"
    path.write_text('[1, "two"]', encoding="utf-8")
    empty.write_bytes(b"")
    for key in (None, b"k" * 32):
        reader = CacheReader(key)
        if key is not None:
            reader.write(path, [1, "two"])
        assert reader.read(path, tuple[int, msgspec.Raw], mapped=True)[1] == msgspec.Raw(b'"two"')
        assert reader.read(path, tuple[int, str], mapped=True) == reader.read(path, tuple[int, str]) == (1, "two")
        assert reader.read(tmp_path / "missing.json", tuple[int, str], mapped=True) is None
        assert reader.read(empty, tuple[int, str], mapped=True) is None  # an empty file maps to no JSON
        assert len(reader.notices) == 1
