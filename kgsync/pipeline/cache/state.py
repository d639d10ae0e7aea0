"""What the last build saw and wrote, kept in the cache so the next build can skip work.

Two things, both only ever shortcuts to the same bytes:

* item files by ``os.stat``: a file whose (size, mtime, ctime, inode) are what the
  last build recorded has the content hash recorded then, so it is not read again.
  The hash stays the authority: a stat that changed means read and hash.  Racy
  writes (a second write in the same timestamp tick, same size) are excluded the
  way git does it: a stat is recorded only when the file is older than the scan by
  more than ``_SETTLED_NS``, so no later write can reproduce it.
* the committed graph and manifest as kgsync wrote them: when both files still
  hold exactly those bytes (stat, then sha1) and that graph held nothing but
  generated facts, merging into it equals merging into an empty graph, and
  neither file needs to be JSON-decoded (a third of a 10,000-item rebuild).
  A build that leaves them as they were records their stat again; when it was
  already settled (as above) and is the stat the sha1 was checked under, the next
  build trusts the stat and does not hash ~130 MB again (0.12 s at 10,000 items).
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from kgsync.pipeline.cache import files as cache_file
from kgsync.pipeline.cache.files import CacheReader

_VERSION = 3  # 2: BuildState.items; 3: JSON (state.json), no longer a pickle
_SETTLED_NS = 2_000_000_000  # a file is trusted by stat only when its ctime is this much older than the scan

Stamp = tuple[int, int, int, int]  # st_size, st_mtime_ns, st_ctime_ns, st_ino


def stamp_of(stat: os.stat_result) -> Stamp:
    return (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)


@dataclass(frozen=True)
class Written:
    """One file as kgsync last wrote (or verified) it."""

    stamp: Stamp
    sha1: str
    # Recorded, unwritten, under the stamp its sha1 was checked under, once its ctime was older than
    # ``_SETTLED_NS`` (``written``): no later write can give the file this stamp, so it holds these bytes.
    settled: bool = False


@dataclass
class BuildState:
    files: dict[str, tuple[Stamp, str]] = field(default_factory=dict)  # display path -> (stamp, cache key)
    graph: Written | None = None
    manifest: Written | None = None
    pure: bool = False  # the graph written held only generated facts (no hand-added content)
    items: tuple[str, ...] = ()  # the slugs of the manifest written (what a later build may remove)

    def settled(self, stat: os.stat_result, scan_started_ns: int) -> bool:
        # Every write sets ctime to the time of writing (no one can set it back, unlike
        # mtime), so a stamp whose ctime is clearly older than the scan cannot recur.
        return stat.st_ctime_ns < scan_started_ns - _SETTLED_NS


def load(folder: Path | None, reader: CacheReader | None = None) -> BuildState:
    if folder is None:
        return BuildState()
    found = (reader or CacheReader()).read(folder / _FILE, tuple[int, BuildState])
    if found is not None and found[0] == _VERSION:
        state: BuildState = found[1]
        return state
    return BuildState()  # missing, invalid or of another version: only a slower build


def save(folder: Path | None, state: BuildState, reader: CacheReader | None = None) -> None:
    if folder is None:
        return
    folder.mkdir(parents=True, exist_ok=True)
    gitignore = folder / ".gitignore"
    if not gitignore.exists():
        gitignore.write_text("*\n", encoding="utf-8")
    # A path that is not UTF-8 cannot be stored as JSON: that file is read and hashed every time.
    files = {path: entry for path, entry in state.files.items() if cache_file.encodable(path)}
    (reader or CacheReader()).write(folder / _FILE, (_VERSION, replace(state, files=files)))


_FILE = "state.json"


def unchanged_file(path: Path, written: Written | None) -> bytes | None:
    """The file's bytes when it still holds exactly what ``written`` records, else None: by its
    sha1, or, for a settled record, by its stat before and after the read (``Written.settled``)."""
    if written is None:
        return None
    try:
        if stamp_of(path.stat()) != written.stamp:
            return None
        raw = path.read_bytes()
        if written.settled:
            return raw if stamp_of(path.stat()) == written.stamp else None
    except OSError:
        return None
    return raw if hashlib.sha1(raw).hexdigest() == written.sha1 else None


def written(path: Path, sha1: str, verified: Written | None = None) -> Written | None:
    """The record of ``path`` now holding the bytes of digest ``sha1`` (None if it cannot be stat-ed).
    ``verified``: the record this build checked the file against (``unchanged_file``) and did not
    write it since; the new record is settled when the file still has that stamp and its ctime is
    older than ``_SETTLED_NS`` (no write since the check, nor any later one, can give it that stamp)."""
    now = time.time_ns()
    try:
        stat = path.stat()
    except OSError:
        return None
    stamp = stamp_of(stat)
    return Written(stamp, sha1, verified is not None and verified.sha1 == sha1 and stamp == verified.stamp
                   and stat.st_ctime_ns < now - _SETTLED_NS)
