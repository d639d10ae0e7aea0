"""The read stage proper: item files' bytes -> records, parsed in parallel where worth it, and
what later stages look up in them.

A function from values to values: it reads no cache and no build state.  The memo layer that
decides which files need parsing (records by content key, files trusted by stat) is
``kgsync.pipeline.cache.read_memo``; ``kgsync.pipeline.stages.read_records`` wraps this stage in it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from kgsync.pipeline.spread import CHUNK, spread
from kgsync.extract import derived, topics
from kgsync.extract.record import Record, parse_record
from kgsync.contract.errors import ConfigError, Location
from kgsync.read.config import Caps
from kgsync.read.item_caps import cap_problems
from kgsync.read.corpus_checks import check_corpus
from kgsync.read.item_model import Issue
from kgsync.read.items import ReadResult, find_item_files

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


def item_files(items: str, root: Path, where: Location | None = None) -> list[Path]:
    """The item files of the items option ``items`` (``Config.items``) under ``root``, in file order;
    none is a configuration error, at ``where`` (the kgsync.yml line that set it: ``Config.where``)."""
    files = find_item_files(items, root)
    if not files:
        # A wrong path must not read as "every item was deleted": that would remove
        # every generated node from the committed graph.
        if where is not None:
            raise ConfigError(f"no item files match {items!r}", where,
                              f"correct items: in {Path(where.path).name} (a folder or a glob, relative to the "
                              "repo root), or pass --items PATH")
        raise ConfigError(f"no item files match {items!r}", Location(str(root)),
                          "pass --items PATH (a folder or a glob), or set items: in kgsync.yml")
    return files


def reading_of(records: Sequence[Record], keys: Sequence[str], caps: Caps,
               earlier: Mapping[str, Record] | None = None, missed: tuple[Issue, ...] = ()) -> Reading:
    """The stage's result from every file's record (in file order) and content key: caps applied,
    duplicate slugs and dangling cites checked; ``missed``: the errors of item files the items
    option misses (``items.missed_item_files``)."""
    ordered = tuple(_within_caps(record, caps) for record in records)
    read = check_corpus((r.item, r.issues) for r in ordered)
    if missed:
        read = ReadResult(read.items, read.issues + missed)
    by_slug, slug_keys = _by_slug(ordered, keys)
    if len(by_slug) != len(read.items):  # the corpus check failed items that parsed (slugs alike but for case)
        kept = {item.slug for item in read.items}
        by_slug = {slug: r for slug, r in by_slug.items() if slug in kept}
        slug_keys = {slug: key for slug, key in slug_keys.items() if slug in kept}
    return Reading(ordered, read, tuple(keys), earlier if earlier is not None else {}, by_slug, slug_keys)


def _by_slug(records: Sequence[Record], keys: Sequence[str]) -> tuple[dict[str, Record], dict[str, str]]:
    """``Reading.by_slug`` and ``Reading.slug_keys``."""
    by_slug: dict[str, Record] = {}
    for r in records:
        if r.item is not None:
            by_slug.setdefault(r.item.slug, r)
    slug_count = Counter(r.item.slug for r in records if r.item is not None)
    return by_slug, {r.item.slug: key for r, key in zip(records, keys)
                     if r.item is not None and slug_count[r.item.slug] == 1}


_MIN_PARALLEL = 2 * CHUNK  # below this, starting workers costs more than it saves


def parse_all(files: Sequence[ItemBytes], jobs: int | None = None) -> list[Record]:
    """``parse_record`` of every (raw, display, slug), in order; spread over ``jobs`` processes
    (default: one per usable CPU) when worth it (``kgsync.pipeline.spread``).

    A record depends on its file's bytes only and results come back in file order, so the
    output does not depend on the worker count.
    """
    if len(files) >= _MIN_PARALLEL:
        # Loaded before the workers are forked, which inherit them (each worker loading its own
        # paid for the tables again).
        topics.load()
        derived.load()
    return spread(_parse, files, jobs, _MIN_PARALLEL)


def _parse(job: ItemBytes) -> Record:
    return parse_record(*job)


def _within_caps(record: Record, caps: Caps) -> Record:
    """The record, or, when its item is past a cap, an item error without the item (it keeps its
    previous nodes, like any item that fails; the cached record is not changed: caps are configuration)."""
    problems = cap_problems(record.item, caps) if record.item is not None else ()
    return Record(None, record.issues + problems, (None, None)) if problems else record
