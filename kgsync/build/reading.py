"""The read stage: every item file's record, parsed in parallel where worth it, and what later stages look up in them."""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import os
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISLNK
from typing import NamedTuple

from kgsync.build.cache.files import CacheReader
from kgsync.build.cache.location import locate
from kgsync.build.cache.records import RecordCache
from kgsync.build.cache.state import BuildState, Stamp, stamp_of
from kgsync.build.cpus import usable_cpus
from kgsync.extract.record import Record, parse_record
from kgsync.contract.errors import ConfigError, Location
from kgsync.read.config import Caps, Config
from kgsync.read.item_caps import cap_problems
from kgsync.read.items import ReadResult, check_corpus, find_item_files, unreadable


@dataclass(frozen=True)
class Reading:
    """What the read stage yields: every item file's record, and what later stages look up in them."""

    records: tuple[Record, ...]  # one per item file, in file order
    read: ReadResult  # the items that parsed and every item problem (duplicate slugs, dangling cites)
    keys: tuple[str, ...]  # each record's content key, in the same order
    files: dict[str, tuple[Stamp, str]]  # the files the next build may trust by stat (``BuildState.files``)
    earlier: Mapping[str, Record]  # the records of ``earlier_keys`` no file has now, while the cache holds them
    # slug -> its record: the first file of a slug is the item, as for check_corpus (later ones are errors)
    by_slug: Mapping[str, Record]
    # slug -> the content key of its record; a slug two files claim gets none (never reused)
    slug_keys: Mapping[str, str]


def _by_slug(records: Sequence[Record], keys: Sequence[str]) -> tuple[dict[str, Record], dict[str, str]]:
    """``Reading.by_slug`` and ``Reading.slug_keys``."""
    by_slug: dict[str, Record] = {}
    for r in records:
        if r.item is not None:
            by_slug.setdefault(r.item.slug, r)
    slug_count = Counter(r.item.slug for r in records if r.item is not None)
    return by_slug, {r.item.slug: key for r, key in zip(records, keys)
                     if r.item is not None and slug_count[r.item.slug] == 1}


def read_records(config: Config, jobs: int | None = None, state: BuildState | None = None,
                 reader: CacheReader | None = None, earlier_keys: Sequence[str] = ()) -> Reading:
    """Parse every item file (through the cache); duplicate slugs and dangling cites checked here.

    Files the cache does not know are parsed by ``jobs`` processes, this one included
    (default: one per usable CPU).  A record depends on its file's bytes only and results
    come back in file order, so the output does not depend on the worker count.
    ``state`` lets a file whose stat is unchanged skip being read and hashed (see
    ``kgsync.build.cache.state``); ``earlier_keys``: the record keys of the last selection, whose
    records a vocabulary reuse compares an edited item against (``Reading.earlier``).
    """
    files = find_item_files(config.items, config.root)
    if not files:
        # A wrong path must not read as "every item was deleted": that would remove
        # every generated node from the committed graph.
        raise ConfigError(f"no item files match {config.items!r}", Location(str(config.root)),
                          "pass --items PATH (a folder or a glob), or set items: in kgsync.yml")
    location = locate(config)
    cache = RecordCache(location.folder if location is not None else None,
                        reader or CacheReader(location.key if location is not None else None))
    known = state.files if state is not None else {}
    scan_started = time.time_ns()

    def settled(stat: os.stat_result) -> bool:
        return state is not None and state.settled(stat, scan_started)

    displays = _Displays(config.root)
    seen: dict[str, tuple[Stamp, str]] = {}
    keys: list[str] = []
    records: dict[str, Record] = {}
    todo: list[tuple[str, bytes, str, str]] = []  # (key, raw, display, slug) of the files to parse
    for path in files:
        found = _find(path, displays, known, cache, settled)
        keys.append(found.key)
        if found.trusted is not None:
            seen[found.display] = found.trusted
        if found.record is not None:
            records[found.key] = found.record
        elif found.key not in records:
            records[found.key] = _PENDING
            todo.append((found.key, found.raw, found.display, path.stem))
    for (key, *_), record in zip(todo, _parse_all([job[1:] for job in todo], jobs)):
        records[key] = record
        cache.put(key, record)
    earlier = cache.earlier(earlier_keys, records)
    cache.save()
    ordered = tuple(_within_caps(records[key], config.caps) for key in keys)
    return Reading(ordered, check_corpus((r.item, r.issues) for r in ordered), tuple(keys), seen, earlier,
                   *_by_slug(ordered, keys))


class _Found(NamedTuple):
    """One item file, as the scan found it."""

    key: str  # its content key (``unreadable:<display>`` when it cannot be read)
    record: Record | None  # from the cache (or the unreadable file's error); None: parse ``raw``
    raw: bytes  # the bytes read (b"" when not read)
    display: str
    trusted: tuple[Stamp, str] | None  # (stamp, key) for ``BuildState.files``: read by stat next time


def _find(path: Path, displays: _Displays, known: Mapping[str, tuple[Stamp, str]], cache: RecordCache,
          settled: Callable[[os.stat_result], bool]) -> _Found:
    """One file's content key and cached record: trusted by stat when ``known`` records this very
    stat and the cache still has its record, else read and hashed."""
    # One lstat: for anything but a symlink it is the stat (a symlink takes both, and the full display).
    stat = os.lstat(path)
    link = S_ISLNK(stat.st_mode)
    if link:
        try:
            stat = path.stat()
        except OSError as exc:  # a broken link: named as the link, since it leads nowhere
            display = displays.of(path, False)
            return _Found(f"unreadable:{display}", _unreadable(display, path.stem, exc), b"", display, None)
    display = displays.of(path, link)
    stamp = stamp_of(stat)
    entry = known.get(display)
    if entry is not None and entry[0] == stamp and (record := cache.get(entry[1], path, display)) is not None:
        return _Found(entry[1], record, b"", display, (stamp, entry[1]))
    # Unknown stat, or its record is gone: read, hash, parse.
    try:
        raw = path.read_bytes()
    except OSError as exc:  # unreadable now: an error for this item, which keeps its old nodes
        return _Found(f"unreadable:{display}", _unreadable(display, path.stem, exc), b"", display, None)
    key = hashlib.sha1(os.fsencode(display) + b"\0" + raw).hexdigest()
    # Record the stat only for the bytes read under it, and only when no later
    # write can reproduce it (see kgsync.build.cache.state): otherwise hash again next time.
    trusted = (stamp, key) if stamp == stamp_of(path.stat()) and settled(stat) else None
    return _Found(key, cache.get(key, path, display), raw, display, trusted)


class _Displays:
    """``_display`` of many files: the folder is resolved once, not every file (10,000
    ``Path.resolve`` calls cost ~0.5 s); a symlinked file still takes the full path."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root_resolved = root.resolve()
        self.folders: dict[Path, str | None] = {}

    def of(self, path: Path, link: bool) -> str:
        parent = path.parent
        if parent not in self.folders:
            try:
                self.folders[parent] = parent.resolve().relative_to(self.root_resolved).as_posix()
            except ValueError:
                self.folders[parent] = None
        folder = self.folders[parent]
        if folder is None or link or path.name in ("", ".", ".."):
            return _display(path, self.root)
        return path.name if folder == "." else f"{folder}/{path.name}"


_PENDING = Record(None, (), (None, None))


def _unreadable(display: str, slug: str, exc: OSError) -> Record:
    return Record(None, (unreadable(display, slug, exc),), (None, None))


_CHUNK = 16  # files per task: large enough to amortise the round trip, small enough to balance 2 cores


_MIN_PARALLEL = 2 * _CHUNK  # below this, starting workers costs more than it saves


def _parse_all(jobs_in: Sequence[tuple[bytes, str, str]], jobs: int | None) -> list[Record]:
    """``parse_record`` of every (raw, display, slug), in order; spread over ``jobs`` processes when worth it.

    The calling process is one of them: it takes chunks from the front while
    ``jobs - 1`` workers take them from the back, and it keeps its warm caches.
    """
    processes = min(jobs or usable_cpus(), -(-len(jobs_in) // _CHUNK))
    if processes < 2 or len(jobs_in) < _MIN_PARALLEL:
        return [parse_record(*job) for job in jobs_in]
    chunks = [jobs_in[i : i + _CHUNK] for i in range(0, len(jobs_in), _CHUNK)]
    # fork: the workers inherit the imported modules (no re-import per worker).
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    with ProcessPoolExecutor(processes - 1, mp_context=context) as pool:
        # Submitted last chunk first, so the workers start at the back; a chunk still
        # queued when this process reaches it is cancelled and done here.
        futures = [pool.submit(_record_chunk, chunk) for chunk in reversed(chunks)][::-1]
        done: list[list[Record]] = []
        try:
            for chunk, future in zip(chunks, futures):
                if not future.cancel():
                    break  # a worker has it, and every chunk after it
                done.append([parse_record(*job) for job in chunk])
            done += [future.result() for future in futures[len(done) :]]
        except BaseException:
            pool.shutdown(cancel_futures=True)  # do not wait for chunks nobody will read
            raise
    return [record for chunk in done for record in chunk]


def _record_chunk(chunk: Sequence[tuple[bytes, str, str]]) -> list[Record]:
    gc.disable()  # a worker allocates many small objects and no cycles worth collecting
    return [parse_record(*job) for job in chunk]


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _within_caps(record: Record, caps: Caps) -> Record:
    """The record, or, when its item is past a cap, an item error without the item (it keeps its
    previous nodes, like any item that fails; the cached record is not changed: caps are configuration)."""
    problems = cap_problems(record.item, caps) if record.item is not None else ()
    return Record(None, record.issues + problems, (None, None)) if problems else record
