"""Each item file's record by the hash of its bytes (``RecordCache``)."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

from kgsync.pipeline.cache import fingerprint
from kgsync.pipeline.cache.files import CacheReader
from kgsync.extract.record import Parts, Record, parse_record
from kgsync.contract.errors import KgsyncError, Location
from kgsync.extract.findings import Extraction
from kgsync.extract.mining import ItemCandidates
from kgsync.read.items import Issue, ResearchItem


def content_key(display: str, raw: bytes) -> str:
    """A file's record key: the hash of its display path (a record names it) and its bytes."""
    return hashlib.sha1(os.fsencode(display) + b"\0" + raw).hexdigest()


class RecordCache:
    """Records by content hash, in 256 shards by the hash's first two hex digits;
    invalidated when the parsing code changes.

    Shards, not one file: a rebuild after one edit rewrites the two shards whose
    keys changed (the old and the new record) instead of re-pickling every record.
    Each shard is two files: ``records/xx.json`` holds every record's item and issues
    (every build needs them), ``parts/xx.json`` their extraction and candidates, loaded
    only when a record's parts are asked for.  A missing part is parsed again from the file.
    """

    def __init__(self, folder: Path | None, reader: CacheReader, settled: Callable[[], None] | None = None):
        self.reader = reader
        # Returns once ``save`` is done, when it may run behind the build (``kgsync.pipeline.behind``).
        self.settled = settled
        self.folder = folder / "records" if folder else None
        self.parts_folder = folder / "parts" if folder else None
        self.fingerprint = _RECORDS_FORMAT + fingerprint.code_fingerprint("extract")
        self.old: dict[str, dict[str, tuple[ResearchItem | None, tuple[Issue, ...]]]] = {}  # shard -> its (item, issues) as stored
        self.new: dict[str, dict[str, tuple[ResearchItem | None, tuple[Issue, ...]]]] = {}  # shard -> the (item, issues) this build used
        self.old_parts: dict[str, dict[str, Parts]] = {}  # shard -> its parts as stored (loaded on demand)
        self.new_parts: dict[str, Parts] = {}  # key -> parts parsed now

    def _load(self, folder: Path | None, shard: str) -> dict[str, Any]:
        if folder is not None:
            kind = RecordsShard if folder == self.folder else PartsShard
            found: tuple[str, dict[str, Any]] | None = self.reader.read(folder / f"{shard}.json", kind)
            if found is not None and found[0] == self.fingerprint:
                return found[1]
        return {}  # missing, invalid or of other code: only a slower build

    def _shard(self, shard: str) -> dict[str, tuple[ResearchItem | None, tuple[Issue, ...]]]:
        records = self.old.get(shard)
        if records is None:
            records = self.old[shard] = self._load(self.folder, shard)
        return records

    def _parts_shard(self, shard: str) -> dict[str, Parts]:
        parts = self.old_parts.get(shard)
        if parts is None:
            parts = self.old_parts[shard] = self._load(self.parts_folder, shard)
        return parts

    def _stored_parts(self, key: str) -> Parts | None:
        return self.new_parts.get(key) or self._parts_shard(key[:2]).get(key)

    def _parts_of(self, key: str, path: Path | None, display: str) -> Parts:
        parts = self._stored_parts(key)
        if parts is None and path is not None:
            # The item and issues were cached but not the parts (a lost file): parse again.
            raw = path.read_bytes()
            if content_key(display, raw) != key:
                raise KgsyncError("the file changed during the build", Location(display), "run the build again")
            parts = self.new_parts[key] = parse_record(raw, display, path.stem).load_parts()
            self._repair(key, parts)
        return parts if parts is not None else (None, None)

    def _repair(self, key: str, parts: Parts) -> None:
        """Store a part parsed again now (the shards were saved already, see ``kgsync.pipeline.cache.read_memo``)."""
        if self.parts_folder is None:
            return
        if self.settled is not None:
            self.settled()
        shard = self._load(self.parts_folder, key[:2])  # as saved by this build
        shard[key] = parts
        self.parts_folder.mkdir(parents=True, exist_ok=True)
        self.reader.write(self.parts_folder / f"{key[:2]}.json", (self.fingerprint, shard))

    def _stored_record(self, key: str, entry: tuple[ResearchItem | None, tuple[Issue, ...]], path: Path | None, display: str) -> Record:
        item, issues = entry
        return Record(item, issues, lambda: self._parts_of(key, path, display))

    def peek(self, key: str) -> Record | None:
        """The stored record, without keeping it for the next build (its parts: None if lost)."""
        entry = self._shard(key[:2]).get(key)
        return self._stored_record(key, entry, None, "") if entry is not None else None

    def earlier(self, keys: Sequence[str], now: Collection[str]) -> dict[str, Record]:
        """The stored records of ``keys`` that are not in ``now`` (files edited or gone since the
        build that used them), their parts loaded now: ``save`` may drop the shard that holds them."""
        found: dict[str, Record] = {}
        for key in keys:
            if key not in now and (record := self.peek(key)) is not None:
                record.load_parts()
                found[key] = record
        return found

    def get(self, key: str, path: Path, display: str) -> Record | None:
        entry = self._shard(key[:2]).get(key)
        if entry is None:
            return None
        self.new.setdefault(key[:2], {})[key] = entry
        return self._stored_record(key, entry, path, display)

    def put(self, key: str, record: Record) -> None:
        self.new.setdefault(key[:2], {})[key] = (record.item, record.issues)
        self.new_parts[key] = record.load_parts()

    def save(self) -> None:
        """Rewrite the shards whose set of used records changed; drop unused records and shards."""
        if self.folder is None or self.parts_folder is None:
            return
        for shard in sorted(set(self.old) | set(self.new)):
            used = self.new.get(shard, {})
            if used.keys() == self._shard(shard).keys():
                continue
            if used:
                for folder in (self.folder, self.parts_folder):
                    folder.mkdir(parents=True, exist_ok=True)
                gitignore = self.folder.parent / ".gitignore"
                if not gitignore.exists():
                    gitignore.write_text("*\n", encoding="utf-8")
                # Parts first: a record whose parts file lacks it only costs a parse.
                parts = {key: found for key in used if (found := self._stored_parts(key)) is not None}
                self.reader.write(self.parts_folder / f"{shard}.json", (self.fingerprint, parts))
                self.reader.write(self.folder / f"{shard}.json", (self.fingerprint, used))
            else:
                (self.folder / f"{shard}.json").unlink(missing_ok=True)
                (self.parts_folder / f"{shard}.json").unlink(missing_ok=True)
        for folder in (self.folder, self.parts_folder):
            if folder.is_dir():
                for path in folder.glob("*.json"):
                    if path.stem not in self.new:  # no record of it was used: all stale
                        path.unlink(missing_ok=True)
        (self.folder.parent / "records.pickle").unlink(missing_ok=True)  # the single-file cache of old


_RECORDS_FORMAT = "3:"  # records/ holds (item, issues), parts/ the rest; 3: JSON (1 and 2 were pickles)


RecordsShard = tuple[str, dict[str, tuple[ResearchItem | None, tuple[Issue, ...]]]]


PartsShard = tuple[str, dict[str, tuple[Extraction | None, ItemCandidates | None]]]
