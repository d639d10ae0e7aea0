"""The read stage proper: item files' bytes -> records, parsed in parallel where worth it, and
what later stages look up in them.

A function from values to values: it reads no cache and no build state.  The memo layer that
decides which files need parsing (records by content key, files trusted by stat) is
``kgsync.build.cache.read_memo``; ``kgsync.build.pipeline.read_records`` wraps this stage in it.
"""

from __future__ import annotations

import gc
import multiprocessing
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from kgsync.build.cpus import usable_cpus
from kgsync.extract import derived, topics
from kgsync.extract.record import Record, parse_record
from kgsync.contract.errors import ConfigError, Location
from kgsync.read.config import Caps, Config
from kgsync.read.item_caps import cap_problems
from kgsync.read.items import ReadResult, check_corpus, find_item_files

ItemBytes = tuple[bytes, str, str]  # one file's (raw bytes, display path, slug): all its record depends on


@dataclass(frozen=True)
class Reading:
    """What the read stage yields: every item file's record, and what later stages look up in them."""

    records: tuple[Record, ...]  # one per item file, in file order
    read: ReadResult  # the items that parsed and every item problem (duplicate slugs, dangling cites)
    keys: tuple[str, ...]  # each record's content key, in the same order
    earlier: Mapping[str, Record]  # the records of the last selection's keys that no file has now (the memo's)
    # slug -> its record: the first file of a slug is the item, as for check_corpus (later ones are errors)
    by_slug: Mapping[str, Record]
    # slug -> the content key of its record; a slug two files claim gets none (never reused)
    slug_keys: Mapping[str, str]


def item_files(config: Config) -> list[Path]:
    """The item files of ``config.items``, in file order; none is a configuration error."""
    files = find_item_files(config.items, config.root)
    if not files:
        # A wrong path must not read as "every item was deleted": that would remove
        # every generated node from the committed graph.
        raise ConfigError(f"no item files match {config.items!r}", Location(str(config.root)),
                          "pass --items PATH (a folder or a glob), or set items: in kgsync.yml")
    return files


def reading_of(records: Sequence[Record], keys: Sequence[str], caps: Caps,
               earlier: Mapping[str, Record] | None = None) -> Reading:
    """The stage's result from every file's record (in file order) and content key: caps applied,
    duplicate slugs and dangling cites checked."""
    ordered = tuple(_within_caps(record, caps) for record in records)
    return Reading(ordered, check_corpus((r.item, r.issues) for r in ordered), tuple(keys),
                   earlier if earlier is not None else {}, *_by_slug(ordered, keys))


def _by_slug(records: Sequence[Record], keys: Sequence[str]) -> tuple[dict[str, Record], dict[str, str]]:
    """``Reading.by_slug`` and ``Reading.slug_keys``."""
    by_slug: dict[str, Record] = {}
    for r in records:
        if r.item is not None:
            by_slug.setdefault(r.item.slug, r)
    slug_count = Counter(r.item.slug for r in records if r.item is not None)
    return by_slug, {r.item.slug: key for r, key in zip(records, keys)
                     if r.item is not None and slug_count[r.item.slug] == 1}


_CHUNK = 16  # files per task at most (``chunk_bounds``): large enough to amortise the round trip


_MIN_PARALLEL = 2 * _CHUNK  # below this, starting workers costs more than it saves


def parse_all(files: Sequence[ItemBytes], jobs: int | None = None) -> list[Record]:
    """``parse_record`` of every (raw, display, slug), in order; spread over ``jobs`` processes
    (default: one per usable CPU) when worth it.

    A record depends on its file's bytes only and results come back in file order, so the
    output does not depend on the worker count.  The calling process is one of the workers:
    it takes chunks from the front while ``jobs - 1`` others take them from the back, and it
    keeps its warm caches.
    """
    processes = min(jobs or usable_cpus(), -(-len(files) // _CHUNK))
    if processes < 2 or len(files) < _MIN_PARALLEL:
        return [parse_record(*job) for job in files]
    chunks = [files[start:end] for start, end in chunk_bounds(len(files), processes)]
    # fork: the workers inherit the imported modules (no re-import per worker) and the tables
    # loaded before it (each worker loading its own cost 0.3 s CPU of its ~3 s).
    topics.load()
    derived.load()
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


def chunk_bounds(count: int, processes: int) -> list[tuple[int, int]]:
    """[start, end) of each chunk of ``count`` files, in order, for ``processes`` processes: the
    calling process takes them from the front, the others from the back, and they meet about
    ``count / processes`` from the front.  ``_CHUNK`` files at either end, fewer as the meeting
    point nears (at most a third of what is left to that side): the last chunks are a file or
    two, so no process waits for another's chunk of ``_CHUNK`` files at the end.  (With chunks of
    ``_CHUNK`` throughout, the calling process waited a chunk and a half on average: the worker's
    chunk and the one the pool had queued for it.)"""
    meet = -(-count // processes)  # the calling process's share, rounded up
    front, start = [], 0
    while start < meet:
        end = start + max(1, min(_CHUNK, (meet - start) // 3))
        front.append((start, end))
        start = end
    back, end = [], count
    while end > meet:
        share = (end - meet) // max(1, processes - 1)  # what is left to each of the others
        start = max(meet, end - max(1, min(_CHUNK, share // 3)))
        back.append((start, end))
        end = start
    return front + back[::-1]


def _record_chunk(chunk: Sequence[ItemBytes]) -> list[Record]:
    gc.disable()  # a worker allocates many small objects and no cycles worth collecting
    return [parse_record(*job) for job in chunk]


def _within_caps(record: Record, caps: Caps) -> Record:
    """The record, or, when its item is past a cap, an item error without the item (it keeps its
    previous nodes, like any item that fails; the cached record is not changed: caps are configuration)."""
    problems = cap_problems(record.item, caps) if record.item is not None else ()
    return Record(None, record.issues + problems, (None, None)) if problems else record
