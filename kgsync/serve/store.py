"""The index of a graph file kept on disk, so that a restart over an unchanged graph indexes nothing.

One SQLite file a graph file, in the user's cache directory (the build cache's place, outside any
checkout: a checkout cannot plant one): ``<user cache>/kgsync/serve/<sha256 of the graph's resolved
path>.sqlite``.  It holds the FTS5 ``docs`` table ``Index`` built and a ``meta`` row with its key: a
SHA-256 over the graph file's bytes, the serve code that built it (``snapshot.py``, ``index.py`` and this file), the
weights and the SQLite version.  It is written whole to a temporary file and renamed over the old one
(atomic: a reader sees the old file or the new one), and opened read-only as immutable.

A file is trusted only when its key is the key of the bytes just read; any other file, or one
SQLite cannot read, is indexed again and replaced, never a crash.  Deleting the folder is always safe.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

from kgsync.read.user_cache import user_cache_home
from kgsync.serve.index import Index, Weights
from kgsync.serve.snapshot import Snapshot, read_bytes

_FORMAT = b"kgsync serve index 1\0"
_STALE_DAYS = 60  # a stored index not started for this long is removed when another is written (rebuilt if needed)
_MMAP = 1 << 30  # read the file through the page cache (shared, paged in on demand), not into private memory

Log = Callable[[str], None]


def stderr(message: str) -> None:
    print(f"kgsync serve: {message}", file=sys.stderr, flush=True)


def store_path(graph: Path) -> Path:
    """Where the index of ``graph`` is kept (one file a graph path, replaced when the graph changes)."""
    digest = hashlib.sha256(os.fsencode(graph.resolve())).hexdigest()[:32]
    return user_cache_home() / "kgsync" / "serve" / f"{digest}.sqlite"


@cache
def _code_digest() -> bytes:
    """The serve code an index depends on: a stored index built by other code is never used."""
    here = Path(__file__).resolve().parent
    return hashlib.sha256(b"".join((here / name).read_bytes() for name in ("snapshot.py", "index.py", "store.py"))).digest()


def key_of(raw: bytes, weights: Weights) -> str:
    digest = hashlib.sha256(_FORMAT + _code_digest() + repr(weights).encode() + sqlite3.sqlite_version.encode() + b"\0")
    digest.update(raw)
    return digest.hexdigest()


def open_stored(path: Path, key: str, check: bool = False) -> sqlite3.Connection | str:
    """A read-only connection to the stored index at ``path`` when its key is ``key``; else why not.

    ``check`` also reads every page (``PRAGMA quick_check``): the start-up child does it while the
    server loads the MCP SDK, so a damaged file is found before it is served."""
    if not path.is_file():
        return "absent"
    db: sqlite3.Connection | None = None
    try:
        db = sqlite3.connect(path.as_uri() + "?mode=ro&immutable=1", uri=True, check_same_thread=False)
        ((page_size,),), ((pages,),) = db.execute("PRAGMA page_size").fetchall(), db.execute("PRAGMA page_count").fetchall()
        if page_size * pages != path.stat().st_size:
            raise sqlite3.DatabaseError("truncated or padded")
        db.execute("PRAGMA trusted_schema = OFF")  # a planted schema runs no function of ours
        schema = db.execute("SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') "
                            "AND name NOT LIKE 'docs_%' ORDER BY name").fetchall()
        if [(kind, name) for kind, name, _ in schema] != [("table", "docs"), ("table", "meta")] or \
                not str(schema[0][2]).startswith("CREATE VIRTUAL TABLE docs USING fts5("):
            raise sqlite3.DatabaseError("not a kgsync serve index")
        found = db.execute("SELECT key FROM meta").fetchall()
        if found != [(key,)]:
            db.close()
            return "stored for another version of the graph or of kgsync"
        if check and db.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
            raise sqlite3.DatabaseError("quick_check failed")
        db.execute(f"PRAGMA mmap_size = {_MMAP}")
        return db
    except (sqlite3.Error, OSError) as exc:
        if db is not None:
            db.close()
        return f"unreadable ({exc})"


def write(path: Path, key: str, index: Index) -> None:
    """``index``'s ``docs`` table and ``key`` as the file at ``path``, atomically (temporary file, rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.unlink(missing_ok=True)
        out = sqlite3.connect(tmp)
        try:
            index.database().backup(out, name="main")
            out.execute("CREATE TABLE meta (key TEXT NOT NULL)")
            out.execute("INSERT INTO meta VALUES (?)", (key,))
            out.commit()
        finally:
            out.close()
        with open(tmp, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    _prune(path.parent, keep=path)


def _prune(folder: Path, keep: Path) -> None:
    """Forget the indexes of graphs not started for ``_STALE_DAYS`` (a moved or deleted checkout's) and the
    temporary files of writers that died: the folder does not grow without end."""
    cutoff = time.time() - _STALE_DAYS * 86_400
    for path in folder.iterdir():
        try:
            st = path.stat()
            if path != keep and path.suffix in (".sqlite", ".tmp") and max(st.st_atime, st.st_mtime) < cutoff:
                path.unlink()
        except OSError:
            pass  # another server's, just replaced or removed: not ours to worry about


def load(graph: Path, raw: bytes, snapshot: Snapshot, weights: Weights, log: Log = stderr, key: str | None = None) -> Index:
    """The index of ``snapshot`` (read from ``raw``, the bytes of ``graph``; ``key``: ``key_of(raw, weights)``
    when already known): the stored one when its key matches, else built here and stored for the next
    start (a store that cannot be written is only told)."""
    path, key = store_path(graph), key or key_of(raw, weights)
    stored = open_stored(path, key)
    if isinstance(stored, sqlite3.Connection):
        try:
            index = Index(snapshot, weights, stored)
            log(f"serving the stored index ({path})")
            _touch(path)
            return index
        except sqlite3.Error as exc:
            stored.close()
            stored = f"unusable ({exc})"
    return _build_and_store(graph, snapshot, weights, log, path, key, stored)


def _touch(path: Path) -> None:
    """A start marks its index as in use: its access time (what ``_prune`` reads with the mtime; the
    mtime stays the time it was written)."""
    try:
        os.utime(path, ns=(time.time_ns(), path.stat().st_mtime_ns))
    except OSError:
        pass


def ensure(graph: Path, raw: bytes, weights: Weights, log: Log = stderr, key: str | None = None,
           lines: int | None = None) -> None:
    """Make the stored index the index of ``raw`` (``key``: ``key_of(raw, weights)``, ``lines``:
    ``snapshot.line_starts(raw)``, when already known): check every page of the stored one when its key
    matches (the graph is not even decoded then), else index and store (the start-up child's work)."""
    path, key = store_path(graph), key or key_of(raw, weights)
    stored = open_stored(path, key, check=True)
    if isinstance(stored, sqlite3.Connection):
        stored.close()
        log(f"the stored index is current and whole ({path})")
        return
    _build_and_store(graph, read_bytes(raw, lines), weights, log, path, key, stored)


def _build_and_store(graph: Path, snapshot: Snapshot, weights: Weights, log: Log, path: Path, key: str, why: str) -> Index:
    index = Index(snapshot, weights)
    try:
        write(path, key, index)
        log(f"indexed {graph.name} ({len(snapshot.by_name):,} nodes), the stored index being {why}; stored in {path}")
    except (sqlite3.Error, OSError) as exc:
        log(f"indexed {graph.name}; could not store the index in {path}: {exc}")
    return index
