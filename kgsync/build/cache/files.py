"""Cache files: plain JSON of declared types, validated when read, never code.

The cache folder (``cache_dir``) may sit inside the research repo, where anyone who can
commit can plant files (``git add -f`` passes its ``.gitignore``).  So nothing read from
it can run: every file is JSON decoded into one declared type (msgspec checks every
field's type, recursively, and builds only those dataclasses, tuples, dicts and
strings), never unpickled or evaluated.  A file that does not decode to its type is
ignored, the work it would have saved is done again, and the build says so with a
notice.  A missing file is the normal cold cache: no notice.

A cache entry only ever stands for work the build would otherwise redo from the
checkout; in CI the cache lives outside the checkout (the Action passes
``--cache-dir $RUNNER_TEMP/...``), so no committed file is read as cache there at all.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from kgsync.contract.errors import Location
from kgsync.read.items import Issue, IssueSeverity

T = TypeVar("T")

_ENCODER = msgspec.json.Encoder()


class CacheReader:
    """Reads typed cache files and keeps a notice for each one that did not validate."""

    def __init__(self) -> None:
        self.notices: list[Issue] = []

    def read(self, path: Path, kind: Any) -> Any | None:
        """The file decoded as ``kind``, or None (missing, unreadable or invalid: a notice for the last two)."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._notice(path, f"cannot read the cache file ({exc.strerror or type(exc).__name__}); ignored")
            return None
        try:
            return _decoder(kind).decode(data)
        except (msgspec.DecodeError, ValueError, TypeError, RecursionError) as exc:
            self._notice(path, f"cache file does not validate ({str(exc)[:120]}); ignored, the work is done again")
            return None

    def _notice(self, path: Path, message: str) -> None:
        self.notices.append(Issue(IssueSeverity.NOTICE, Location(path.as_posix()), message,
                                  "nothing to do: the next build rewrites it (or delete the cache folder)"))


def encode(value: object) -> bytes:
    return _ENCODER.encode(value)


def write(path: Path, value: object) -> None:
    """Temp file + rename, without fsync: a cache file lost in a crash costs only time.

    A value JSON cannot hold (a file name that is not UTF-8 decodes to lone surrogates)
    is not cached: the file goes away, and the work is done again next time."""
    try:
        data = encode(value)
    except UnicodeEncodeError:
        path.unlink(missing_ok=True)
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def encodable(text: str) -> bool:
    """Whether JSON can hold ``text`` (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@cache
def _decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(kind)
