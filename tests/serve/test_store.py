"""The stored index of ``kgsync serve``: kept in the user's cache directory, trusted only under its key."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph
from kgsync.serve import store, tools
from kgsync.serve.index import Index, Weights
from kgsync.serve.service import Service
from kgsync.serve.snapshot import read_bytes

EXAMPLE_GRAPH = Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "memory.jsonl"
QUERIES = ("hybrid retrieval", "memory consolidation agents", "knowledge graph schema")


@pytest.fixture()
def graph(tmp_path: Path) -> Path:
    path = tmp_path / "memory.jsonl"
    path.write_bytes(EXAMPLE_GRAPH.read_bytes())
    return path


def load(graph: Path, log: list[str], **kw: object) -> Index:
    raw = graph.read_bytes()
    return store.load(graph, raw, read_bytes(raw), Weights(), log.append, **kw)  # type: ignore[arg-type]


def test_the_store_lives_in_the_user_cache_one_file_a_graph(graph: Path, user_cache_home: Path, tmp_path: Path) -> None:
    assert store.store_path(graph).parent == user_cache_home / "kgsync" / "serve"
    assert store.store_path(graph) != store.store_path(tmp_path / "other.jsonl")
    assert store.store_path(graph) == store.store_path(tmp_path / "." / "memory.jsonl")  # resolved


def test_a_second_load_serves_the_stored_index_and_answers_the_same(graph: Path) -> None:
    log: list[str] = []
    built = load(graph, log)
    path = store.store_path(graph)
    assert not built.stored and log[-1].startswith("indexed memory.jsonl") and path.is_file()
    written = path.stat().st_mtime_ns
    opened = load(graph, log)
    assert opened.stored and log[-1].startswith("serving the stored index") and path.stat().st_mtime_ns == written
    assert not list(path.parent.glob(".*.tmp"))  # no temporary file left behind
    for query in QUERIES:
        assert opened.search(query) == built.search(query) and opened.search(query)
    assert opened.search_kind("knowledge graph", ["concept"]) == built.search_kind("knowledge graph", ["concept"])


def test_a_changed_graph_or_other_weights_are_indexed_again(graph: Path) -> None:
    log: list[str] = []
    load(graph, log)
    jsonl.write(graph, Graph((Entity("item:2026-05-01-zanzibar-notes", "research_item", ("title: Zanzibar notes",)),)))
    changed = load(graph, log)
    assert not changed.stored and "another version" in log[-1]
    assert [h.name for h in changed.search("zanzibar")] == ["item:2026-05-01-zanzibar-notes"]
    assert not changed.search("hybrid retrieval")
    assert load(graph, log).stored
    raw = graph.read_bytes()
    other = store.load(graph, raw, read_bytes(raw), Weights(name=9.0), log.append)
    assert not other.stored and "another version" in log[-1]
    assert store.key_of(raw, Weights()) != store.key_of(raw + b" ", Weights())


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty", "foreign database"])
def test_a_damaged_or_foreign_file_is_rebuilt_never_trusted(graph: Path, damage: str) -> None:
    log: list[str] = []
    good = load(graph, log)
    path = store.store_path(graph)
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(os.urandom(len(data)))
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "empty":
        path.write_bytes(b"")
    else:  # a valid SQLite file holding the right key, but not an index: rejected by what it lacks
        path.unlink()
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE meta (key TEXT)")
        db.execute("INSERT INTO meta VALUES (?)", (store.key_of(graph.read_bytes(), Weights()),))
        db.commit()
        db.close()
    rebuilt = load(graph, log)
    assert not rebuilt.stored and "unreadable" in log[-1]
    assert rebuilt.search("hybrid retrieval") == good.search("hybrid retrieval")
    assert load(graph, log).stored  # and stored whole again


def test_pages_damaged_behind_a_readable_key_are_found_by_the_check_or_by_the_first_query(graph: Path) -> None:
    log: list[str] = []
    good = load(graph, log)
    path = store.store_path(graph)
    db = sqlite3.connect(path)
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    meta_page = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'meta'").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    for page in range(2, len(data) // page_size + 1):  # every page but the schema's and the key's
        if page != meta_page:
            data[(page - 1) * page_size: page * page_size] = b"\x5a" * page_size
    path.write_bytes(bytes(data))
    key = store.key_of(graph.read_bytes(), Weights())
    assert "unreadable" in str(store.open_stored(path, key, check=True))
    unchecked = load(graph, log)  # opened without the check (as after a start-up child said it was whole)
    assert unchecked.stored
    for query in QUERIES:
        assert unchecked.search(query) == good.search(query)
    assert not unchecked.stored  # indexed in memory at the first query that met the damage


def test_a_cache_that_cannot_be_written_still_serves(graph: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    log: list[str] = []
    index = load(graph, log)
    assert "could not store" in log[-1] and index.search("hybrid retrieval")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="prebuild forks")
def test_the_start_up_child_stores_and_the_next_start_only_checks(graph: Path) -> None:
    log: list[str] = []
    first = Service(graph, keep=True, log=log.append)
    first.prebuild()()
    assert first.index().stored  # the child stored it, this process opened it
    written = store.store_path(graph).stat().st_mtime_ns
    second = Service(graph, keep=True, log=log.append)
    second.prebuild()()
    assert second.index().stored and store.store_path(graph).stat().st_mtime_ns == written
    plain = Service(graph)
    for query in QUERIES:
        assert tools.search_nodes(second, query) == tools.search_nodes(plain, query)


def test_a_stored_file_that_is_not_a_kgsync_index_is_never_opened(graph: Path) -> None:
    log: list[str] = []
    load(graph, log)
    path = store.store_path(graph)
    db = sqlite3.connect(path)
    db.execute("CREATE VIEW extra AS SELECT 1")  # the key still matches; the schema does not
    db.commit()
    db.close()
    assert "not a kgsync serve index" in str(store.open_stored(path, store.key_of(graph.read_bytes(), Weights())))
    assert not load(graph, log).stored and load(graph, log).stored


def test_indexes_of_graphs_long_unstarted_are_pruned_when_another_is_written(graph: Path, tmp_path: Path) -> None:
    log: list[str] = []
    load(graph, log)
    old = store.store_path(graph)
    recent = old.with_name("0" * 32 + ".sqlite")
    recent.write_bytes(b"")
    long_ago = 1_000_000_000
    os.utime(old, (long_ago, long_ago))
    other = tmp_path / "other.jsonl"
    other.write_bytes(graph.read_bytes())
    load(other, log)
    assert not old.exists() and recent.exists() and store.store_path(other).exists()
    load(graph, log)  # rebuilt when needed; a start marks it in use without rewriting it
    written = old.stat().st_mtime_ns
    os.utime(old, ns=(long_ago * 10**9, written))
    assert load(graph, log).stored and old.stat().st_atime > long_ago and old.stat().st_mtime_ns == written
