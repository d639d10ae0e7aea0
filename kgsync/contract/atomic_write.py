"""Writing a file atomically: its bytes (or ``Chunks``, pieces never joined) in a fsynced temp file
beside it, renamed over it; nothing written when it already holds them.  Split from ``jsonl``
(the format) so that the graph, the manifest and the MCP server's writes share one rename dance.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from kgsync.contract.errors import GraphFormatError, Location


#: A file's bytes in pieces, written one after another and never joined: a rebuild's graph and
#: manifest are mostly the last files' bytes (``memoryview`` slices of them), ~130 MB at 10,000
#: items (``bench/bench_build.py --count 10000 --skip-real``, speed9i), and joining them was a copy of
#: each (``kgsync.pipeline.incremental``, ``Manifest.dumps_over``).
Chunks = Sequence[bytes | memoryview]


class Spliced(list[bytes | memoryview]):
    """``Chunks`` that are the bytes ``base`` with ``edits`` applied: each (start, end, bytes now)
    replaces ``base[start:end]``, in order, none overlapping.  The pieces between are ``memoryview``
    slices of ``base``.  Kept beside the pieces so that a digest of the new file made of the old
    file's blocks' digests need hash only the blocks an edit falls in (``kgsync.pipeline.cache.state``)."""

    def __init__(self, base: bytes, edits: Sequence[tuple[int, int, bytes]]) -> None:
        kept = memoryview(base)  # the bytes between: slices of it, not copies
        pieces: list[bytes | memoryview] = []
        at = 0
        for start, end, now in edits:
            if start < at or end < start:
                raise ValueError(f"edit ({start}, {end}) overlaps one before it or ends before it starts")
            pieces += (kept[at:start], now)
            at = end
        pieces.append(kept[at:])
        super().__init__(pieces)
        self.base = base
        self.edits = tuple(edits)


def joined(data: bytes | Chunks) -> bytes:
    """``data`` as one bytes object (itself when it is one)."""
    return data if isinstance(data, bytes) else b"".join(data)


_COMPARED = 1 << 20  # bytes of the file read at a time by ``_holds``


def _holds(path: Path, data: bytes | Chunks) -> bool:
    """Whether the file at ``path`` holds exactly ``data``: ``path.read_bytes() == joined(data)``,
    read a piece at a time (neither the file nor ``data`` held whole a second time: ~70 MB each for
    the manifest of 10,000 items, bench/bench_build.py --skip-real, 28e54d8f), and not read at all
    when its size differs."""
    pieces = [memoryview(data)] if isinstance(data, bytes) else [memoryview(piece) for piece in data]
    if path.stat().st_size != sum(piece.nbytes for piece in pieces):
        return False
    with path.open("rb") as handle:
        for piece in pieces:
            for at in range(0, piece.nbytes, _COMPARED):
                part = piece[at : at + _COMPARED]
                if handle.read(part.nbytes) != part:
                    return False
        return handle.read(1) == b""


def holds(path: Path, data: bytes | Chunks) -> bool:
    """Whether the file at ``path`` holds exactly ``data`` (False when there is none or it cannot be
    read): what ``write_bytes_atomically`` would leave as it is."""
    try:
        return _holds(path, data)
    except OSError:
        return False


def write_bytes_atomically(path: Path, data: bytes | Chunks, compare: bool = True) -> bool:
    """``write``'s rename dance for bytes (or ``Chunks``); ``compare=False`` when the caller knows
    the file holds other bytes (it need not be read again)."""
    staged = stage_bytes(path, data, compare)
    if staged is None:
        return False
    staged.commit()
    return True


# Bytes given to the system per write call by ``stage_bytes``.  One call of the whole 73 MB manifest of
# 10,000 items took 0.4-0.9 s of CPU on a 2-core VM (so did calls of 4 and 16 MiB); calls of 64 KiB to
# 1 MiB wrote the same bytes in 0.06 s (the write stage of bench/bench_build.py's case (c), 5e2cfb74).
# Slices of a memoryview: nothing is copied to make them.
_WRITTEN = 1 << 20


class Staged:
    """Bytes in a fsynced temp file beside the file they are for, not in place yet: ``commit``
    renames the temp file over it (the atomic step), ``discard`` removes the temp file."""

    def __init__(self, named: Path, path: Path, tmp: str) -> None:
        self.named, self.path, self.tmp = named, path, tmp  # as given, its link's target, the temp file

    def commit(self) -> None:
        try:
            os.replace(self.tmp, self.path)
        except BaseException as exc:
            self.discard()
            if isinstance(exc, OSError):
                raise unwritable(self.named, exc) from None
            raise

    def discard(self) -> None:
        Path(self.tmp).unlink(missing_ok=True)


def stage_bytes(path: Path, data: bytes | Chunks, compare: bool = True) -> Staged | None:
    """``write_bytes_atomically`` up to the rename: ``data`` in a fsynced temp file beside ``path``
    (None, nothing written, when ``compare`` and the file already holds ``data``)."""
    try:
        if compare and _holds(path, data):
            return None
    except OSError:  # none yet, or unreadable: the write says what is wrong
        pass
    named = path
    path = _link_target(path)  # a symlinked graph stays a link: its target gets the new bytes
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:  # a read-only checkout, a path under a file: named as the file, not its temp
        raise unwritable(named, exc) from None
    try:
        # mkstemp makes the file 0600; the graph keeps its mode, or gets the umask's default.
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            # A piece larger than the buffer is written from its own memory (not copied into it),
            # ``_WRITTEN`` bytes a call.
            for piece in (data,) if isinstance(data, bytes) else data:
                whole = memoryview(piece)
                for at in range(0, whole.nbytes, _WRITTEN):
                    handle.write(whole[at : at + _WRITTEN])
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):  # a full disk
            raise unwritable(named, exc) from None
        raise
    return Staged(named, path, tmp)


def unwritable(path: Path, exc: OSError) -> GraphFormatError:
    return GraphFormatError(f"cannot write the file: {exc.strerror or exc}", Location.of(path),
                            "make its folder writable, or write elsewhere (kgsync build --out PATH; "
                            "--dry-run writes nothing)")


def _link_target(path: Path) -> Path:
    return path.resolve() if path.is_symlink() else path


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
