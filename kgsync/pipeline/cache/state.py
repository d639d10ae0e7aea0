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
  build trusts the stat and does not hash ~130 MB again (0.12 s at 10,000 items:
  ``bench/bench_build.py --count 10000 --skip-real``, line39).

A file's digest is the SHA-1 of its blocks' SHA-1s (``Blocks``: 1 MiB each, ``_BLOCK``, in a
file written whole; their lengths recorded).  Checking a file hashes every byte, as one SHA-1 did; but a
file a rebuild spliced from the verified one (``kgsync.contract.atomic_write.Spliced``: a few lines
rewritten) has the old blocks' digests but for the blocks an edit falls in (``spliced_blocks``), so
writing it hashes those only, not ~125 MB (0.07 s at 10,000 items:
``bench/bench_build.py --count 10000 --skip-real``, carry18).
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from kgsync.pipeline.cache import files as cache_file
from kgsync.pipeline.cache.files import CacheReader

_VERSION = 4  # 2: BuildState.items; 3: JSON (state.json), no longer a pickle; 4: digests of blocks (``Written.blocks``)
_SETTLED_NS = 2_000_000_000  # a file is trusted by stat only when its ctime is this much older than the scan

Stamp = tuple[int, int, int, int]  # st_size, st_mtime_ns, st_ctime_ns, st_ino

#: A file in consecutive blocks, each (its length, the SHA-1 of its bytes), in order.
Blocks = tuple[tuple[int, str], ...]

_BLOCK = 1 << 20  # the length of a new file's blocks (a spliced file's may differ: ``spliced_blocks``)


def stamp_of(stat: os.stat_result) -> Stamp:
    return (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)


@dataclass(frozen=True)
class Written:
    """One file as kgsync last wrote (or verified) it."""

    stamp: Stamp
    sha1: str  # the file's digest: ``digest_of(blocks)``
    # Recorded, unwritten, under the stamp its sha1 was checked under, once its ctime was older than
    # ``_SETTLED_NS`` (``written``): no later write can give the file this stamp, so it holds these bytes.
    settled: bool = False
    blocks: Blocks = ()  # the file's blocks, whose digest ``sha1`` is


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
    blocks' digests, or, for a settled record, by its stat before and after the read (``Written.settled``)."""
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
    # The record's own digest checked too: a state whose digest is not of its blocks vouches for nothing.
    blocks = written.blocks
    if digest_of(blocks) != written.sha1 or blocks_of(raw, [length for length, _ in blocks]) != blocks:
        return None
    return raw


def written(path: Path, sha1: str, blocks: Blocks, verified: Written | None = None) -> Written | None:
    """The record of ``path`` now holding the bytes of ``blocks`` (digest ``sha1``; None if it cannot
    be stat-ed).  ``verified``: the record this build checked the file against (``unchanged_file``) and
    did not write it since; the new record is settled when the file still has that stamp and its ctime is
    older than ``_SETTLED_NS`` (no write since the check, nor any later one, can give it that stamp)."""
    now = time.time_ns()
    try:
        stat = path.stat()
    except OSError:
        return None
    stamp = stamp_of(stat)
    return Written(stamp, sha1, verified is not None and verified.sha1 == sha1 and stamp == verified.stamp
                   and stat.st_ctime_ns < now - _SETTLED_NS, blocks)


def digest_of(blocks: Blocks) -> str:
    """A file's digest, from its blocks: equal bytes in equal blocks, equal digests."""
    return hashlib.sha1("".join(f"{length}:{sha1}\n" for length, sha1 in blocks).encode("ascii")).hexdigest()


def blocks_of(data: bytes | Sequence[bytes | memoryview], lengths: Sequence[int] = ()) -> Blocks:
    """The blocks of ``data`` (bytes, or pieces written one after another): of ``lengths`` when they add up to
    its length (a record's blocks: equal bytes then give equal blocks), else of ``_BLOCK`` bytes each."""
    pieces = [memoryview(data)] if isinstance(data, bytes) else [memoryview(piece) for piece in data]
    total = sum(piece.nbytes for piece in pieces)
    if sum(lengths) != total:
        lengths = [_BLOCK] * (total // _BLOCK) + ([total % _BLOCK] if total % _BLOCK else [])
    found: list[tuple[int, str]] = []
    rest = iter(pieces)
    piece = memoryview(b"")
    for length in lengths:
        digest = hashlib.sha1()
        wanted = length
        while wanted:
            while not piece.nbytes:
                piece = next(rest)
            taken = piece[:wanted]
            digest.update(taken)
            piece = piece[taken.nbytes:]
            wanted -= taken.nbytes
        found.append((length, digest.hexdigest()))
    return tuple(found)


def spliced_blocks(blocks: Blocks, base: bytes, edits: Sequence[tuple[int, int, bytes]]) -> Blocks | None:
    """The blocks of ``base`` with ``edits`` applied (each (start, end, bytes now) replaces
    ``base[start:end]``, in order, none overlapping), given ``blocks``, those of ``base``: a block no edit
    touches keeps its digest; the blocks an edit touches (a run of them, where an edit spans several)
    become one block, hashed.  None when ``blocks`` are not of ``base``'s length."""
    if sum(length for length, _ in blocks) != len(base) or not blocks:
        return None
    starts = [0]
    for length, _ in blocks:
        starts.append(starts[-1] + length)
    touched: set[int] = set()
    index = 0  # the first block an edit may touch (the edits are in order)
    for start, end, _ in edits:
        while index < len(blocks) - 1 and starts[index + 1] <= start:
            index += 1
        last = index
        while last < len(blocks) - 1 and starts[last + 1] < end:
            last += 1
        touched.update(range(index, last + 1))
    found: list[tuple[int, str]] = []
    edit = 0
    index = 0
    while index < len(blocks):
        if index not in touched:
            found.append(blocks[index])
            index += 1
            continue
        run = index
        while run + 1 < len(blocks) and run + 1 in touched:
            run += 1
        low, high = starts[index], starts[run + 1]  # the run's bytes in ``base``
        digest = hashlib.sha1()
        at = low
        length = 0
        while edit < len(edits) and edits[edit][0] < high or (edit < len(edits) and edits[edit][0] == high == len(base)):
            start, end, now = edits[edit]
            digest.update(memoryview(base)[at:start])
            digest.update(now)
            length += start - at + len(now)
            at = end
            edit += 1
        digest.update(memoryview(base)[at:high])
        length += high - at
        found.append((length, digest.hexdigest()))
        index = run + 1
    return tuple(found)
