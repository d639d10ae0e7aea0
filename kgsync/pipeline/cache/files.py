"""Cache files: plain JSON of declared types, validated when read, never code.

Nothing read from the cache can run: every file is JSON decoded into one declared type
(msgspec checks every field's type, recursively, and builds only those dataclasses, tuples,
dicts and strings), never unpickled or evaluated.  A file that does not decode to its type is
ignored, the work it would have saved is done again, and the build says so with a notice.  A
missing file is the normal cold cache: no notice.

Nor can a file steer the output.  A cache folder inside the checkout (only ever one chosen so,
see ``location``) is one anyone who can commit can fill, with entries that validate; there
every file starts with an HMAC-SHA256 of its name and bytes under a key outside the repository,
and a file whose tag does not verify is ignored with a notice like any invalid file.  Outside
the checkout (the default: the user's cache directory; in CI ``$RUNNER_TEMP``) files are plain.
"""

from __future__ import annotations

import hmac
import mmap
import os
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from kgsync.contract.errors import Location
from kgsync.read.items import Issue, IssueSeverity

T = TypeVar("T")

_ENCODER = msgspec.json.Encoder()


_TAG = b"kgsync-hmac-sha256:"  # then 64 hex digits and a newline, then the JSON
_TAGGED = len(_TAG) + 64 + 1


class CacheReader:
    """Reads and writes typed cache files (authenticated under ``key`` when given) and keeps a
    notice for each one that did not validate."""

    def __init__(self, key: bytes | None = None) -> None:
        self.notices: list[Issue] = []
        self.key = key

    def read(self, path: Path, kind: Any, mapped: bool = False) -> Any | None:
        """The file decoded as ``kind``, or None (missing, unreadable or invalid: a notice for the last two).
        ``mapped``: the file is mapped, not read (``_mapped``), for a ``kind`` holding ``msgspec.Raw``."""
        data = self.mapped(path) if mapped else self._bytes(path)
        return self.decode(path, data, kind) if data is not None else None

    def mapped(self, path: Path) -> memoryview | None:
        """The file's bytes, mapped (``_mapped``): what it holds now, even once a write replaced it; None
        when missing or unreadable (a notice for the last).  ``decode`` reads them."""
        try:
            return _mapped(path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._notice(path, f"cannot read the cache file ({exc.strerror or type(exc).__name__}); ignored")
            return None

    def _bytes(self, path: Path) -> bytes | None:
        try:
            return path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._notice(path, f"cannot read the cache file ({exc.strerror or type(exc).__name__}); ignored")
            return None

    def decode(self, path: Path, data: bytes | memoryview, kind: Any) -> Any | None:
        """``data``, the bytes of the file ``path``, decoded as ``kind`` (``read``: None when invalid)."""
        if self.key is not None:
            if data[: len(_TAG)] != _TAG or not hmac.compare_digest(data[len(_TAG) : _TAGGED - 1],
                                                                    _mac(self.key, path, data[_TAGGED:])):
                self._notice(path, "cache file inside the checkout is not authenticated by this machine's key "
                                   "(written elsewhere, or planted); ignored, the work is done again")
                return None
            data = data[_TAGGED:]
        try:
            return _decoder(kind).decode(data)
        except (msgspec.DecodeError, ValueError, TypeError, RecursionError) as exc:
            self._notice(path, f"cache file does not validate ({str(exc)[:120]}); ignored, the work is done again")
            return None

    def write(self, path: Path, value: object) -> None:
        """``value`` as the file ``path`` (tagged when the reader has a key; see ``write``)."""
        write(path, value, self.key)

    def notice(self, path: Path, message: str) -> None:
        """A notice about cache file ``path`` (an entry of it that did not validate, say)."""
        self._notice(path, message)

    def _notice(self, path: Path, message: str) -> None:
        self.notices.append(Issue(IssueSeverity.NOTICE, Location(path.as_posix()), message,
                                  "nothing to do: the next build rewrites it (or delete the cache folder)"))


def encode(value: object) -> bytes:
    return _ENCODER.encode(value)


def write(path: Path, value: object, key: bytes | None = None) -> None:
    """Temp file + rename, without fsync: a cache file lost in a crash costs only time.

    A value JSON cannot hold (a file name that is not UTF-8 decodes to lone surrogates)
    is not cached: the file goes away, and the work is done again next time.  With ``key``,
    the file starts with the HMAC of its name and JSON (``CacheReader`` checks it)."""
    try:
        data = encode(value)
    except UnicodeEncodeError:
        path.unlink(missing_ok=True)
        return
    if key is not None:
        data = _TAG + _mac(key, path, data) + b"\n" + data
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


def _mac(key: bytes, path: Path, data: bytes | memoryview) -> bytes:
    """The tag of ``data`` stored as ``folder/name`` (so an entry cannot pass for another file)."""
    return hmac.new(key, os.fsencode(f"{path.parent.name}/{path.name}") + b"\0" + data, "sha256").hexdigest().encode("ascii")


_MAPPABLE = os.name == "posix"  # a file mapped here can still be replaced by a rename (``write``)


def _mapped(path: Path) -> memoryview:
    """The file's bytes, mapped read-only: a ``msgspec.Raw`` decoded from them refers to them, so
    the bytes stay as long as one is kept.  Read into memory, the facts store's 16 files (87 MB at
    10,000 items, its texts now in files of their own) cost a page fault per 4 KiB, which a mapping of
    the page cache does not (~20,000 of a one-item rebuild's faults;
    ``bench/bench_build.py --count 10000 --skip-real``, speed14f).  A cache file is replaced whole
    (``write``: a new file renamed over it), never rewritten in place, so the mapping keeps the bytes it
    was read with.  Where a mapped file cannot be replaced (Windows refuses to rename over it), read."""
    if not _MAPPABLE:
        return memoryview(path.read_bytes())
    with path.open("rb") as file:
        try:
            return memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))
        except ValueError:  # an empty file cannot be mapped: it decodes as no JSON
            return memoryview(b"")


@cache
def _decoder(kind: Any) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(kind)
