"""The read stage's memo: each item file's record by its content key, and files trusted by stat.

The stage proper (``kgsync.pipeline.reading``) turns files' bytes into records; this layer decides
which files need it.  A file's content key is the hash of its display path and bytes
(``records.content_key``); a record stored under that key, by the code whose fingerprint the
record cache checks (``fingerprint.code_fingerprint("extract")``), is that file's record, and
only the files with none are parsed.  A file whose stat the last build recorded
(``state.BuildState.files``) is not even read.  Every shortcut gives the record a parse would
give: the result never depends on what the cache holds.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISLNK
from typing import NamedTuple

from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache.records import RecordCache, content_key
from kgsync.pipeline.cache.state import BuildState, Stamp, stamp_of
from kgsync.extract.record import Record
from kgsync.read.items import display_path, link_out, not_regular, unreadable

#: The stage proper: (raw bytes, display path, slug) of each file -> its record, in order.
Parse = Callable[[Sequence[tuple[bytes, str, str]]], Sequence[Record]]

#: How the record cache's save is run: ``(save, records parsed now)`` -> None, once ``save()`` is
#: done or under way (``kgsync.pipeline.behind.Behind.save``: in a forked child while the build goes on).
Saver = Callable[[Callable[[], None], int], None]


def _save_now(save: Callable[[], None], _parsed: int) -> None:
    save()


@dataclass(frozen=True)
class Recalled:
    """Every item file's record, from the cache or parsed now."""

    records: tuple[Record, ...]  # one per item file, in file order (caps not applied: configuration)
    keys: tuple[str, ...]  # each record's content key, in the same order
    earlier: dict[str, Record]  # the records of ``earlier_keys`` no file has now, while the cache holds them


class ReadMemo:
    """The read stage wrapped in the record cache and the stat-trust state of the last build;
    ``trusted`` is what the next build may trust (``BuildState.files``), once ``records`` ran."""

    def __init__(self, cache: RecordCache | None = None, state: BuildState | None = None,
                 saver: Saver = _save_now) -> None:
        self.cache = cache if cache is not None else RecordCache(None, CacheReader())  # None: parse every file
        self.state = state  # None: every file is read and hashed
        self.saver = saver
        self.trusted: dict[str, tuple[Stamp, str]] = {}

    def records(self, paths: Sequence[Path], root: Path, parse: Parse, earlier_keys: Sequence[str] = ()) -> Recalled:
        """The record of every file of ``paths``: stored ones reused, the others given by ``parse``
        (each distinct content once) and stored.  ``earlier_keys``: the record keys of the last
        selection, whose records a vocabulary reuse compares an edited item against (``Recalled.earlier``)."""
        state, cache = self.state, self.cache
        known = state.files if state is not None else {}
        scan_started = time.time_ns()

        def settled(stat: os.stat_result) -> bool:
            return state is not None and state.settled(stat, scan_started)

        displays = _Displays(root)
        seen: dict[str, tuple[Stamp, str]] = {}
        keys: list[str] = []
        records: dict[str, Record] = {}
        todo: list[tuple[str, bytes, str, str]] = []  # (key, raw, display, slug) of the files to parse
        for path in paths:
            found = _find(path, displays, known, cache, settled)
            keys.append(found.key)
            if found.trusted is not None:
                seen[found.display] = found.trusted
            if found.record is not None:
                records[found.key] = found.record
            elif found.key not in records:
                records[found.key] = _PENDING
                todo.append((found.key, found.raw, found.display, path.stem))
        for (key, *_), record in zip(todo, parse([job[1:] for job in todo])):
            records[key] = record
            cache.put(key, record)
        earlier = cache.earlier(earlier_keys, records)
        self.saver(cache.save, len(todo))
        self.trusted = seen
        return Recalled(tuple(records[key] for key in keys), tuple(keys), earlier)


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
    name = path.name
    folder, inside = displays.folder_of(path, name)  # once a file: its display is made from it
    if link or not inside:  # a link, or a folder outside the root (linked, or configured)
        out = link_out(path, displays.root)
        if out is not None:
            return _Found(f"unreadable:{out.location.path}", Record(None, (out,), (None, None)), b"",
                          out.location.path, None)
    display = displays.named(path, name, folder, link)
    stamp = stamp_of(stat)
    entry = known.get(display)
    if entry is not None and entry[0] == stamp and (record := cache.get(entry[1], path, display)) is not None:
        return _Found(entry[1], record, b"", display, (stamp, entry[1]))
    # Unknown stat, or its record is gone: read, hash, parse (a regular file only: a FIFO blocks the open).
    special = not_regular(display, path.stem, stat.st_mode)
    if special is not None:
        return _Found(f"unreadable:{display}", Record(None, (special,), (None, None)), b"", display, None)
    try:
        raw = path.read_bytes()
    except OSError as exc:  # unreadable now: an error for this item, which keeps its old nodes
        return _Found(f"unreadable:{display}", _unreadable(display, path.stem, exc), b"", display, None)
    key = content_key(display, raw)
    # Record the stat only for the bytes read under it, and only when no later
    # write can reproduce it (see kgsync.pipeline.cache.state): otherwise hash again next time.
    trusted = (stamp, key) if stamp == stamp_of(path.stat()) and settled(stat) else None
    return _Found(key, cache.get(key, path, display), raw, display, trusted)


class _Displays:
    """``display_path`` of many files: the folder is resolved once, not every file (10,000
    ``Path.resolve`` calls, each a walk of its path's parts); a symlinked file still takes the full path."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root_resolved = root.resolve()
        # The folder's resolved display, by the text of the path before its name: a path's text is
        # normalised, so that prefix names its parent exactly ("" for ".", "/" for "/").  Not by
        # ``path.parent``: a new Path per file, hashed and compared (each file of a warm 10,000-item rebuild).
        # The folder's display and whether it lies below the root (outside: its absolute real path).
        self.folders: dict[str, tuple[str, bool]] = {}

    def folder_of(self, path: Path, name: str) -> tuple[str, bool]:
        """The display of ``path``'s folder (resolved, from the root) and whether it lies below the root;
        ``name``: ``path.name`` (a scan asks it once a file)."""
        text = str(path)
        prefix = text[: len(text) - len(name)]
        folder = self.folders.get(prefix)
        if folder is None:
            resolved = path.parent.resolve()
            try:
                folder = (resolved.relative_to(self.root_resolved).as_posix(), True)
            except ValueError:
                folder = (resolved.as_posix().rstrip("/"), False)
            self.folders[prefix] = folder
        return folder

    def of(self, path: Path, link: bool) -> str:
        name = path.name
        return self.named(path, name, self.folder_of(path, name)[0], link)

    def named(self, path: Path, name: str, folder: str, link: bool) -> str:
        """``of``, given ``path.name`` and its folder's display (``folder_of``)."""
        if link or name in ("", ".", ".."):
            return display_path(path, self.root)
        return name if folder == "." else f"{folder}/{name}"


_PENDING = Record(None, (), (None, None))


def _unreadable(display: str, slug: str, exc: OSError) -> Record:
    return Record(None, (unreadable(display, slug, exc),), (None, None))
