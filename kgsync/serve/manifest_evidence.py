"""The evidence sentences of the kgsync manifest beside the graph (``memory.kgsync.json``), for the
``evidence`` tool: (from, to, relation) -> (the sentence that says so, its "path:line").

The manifest is ~83 MB at 10,000 items (the first build of
``bench/bench_build.py --ci-only DIR --count 10000``), and all the tool reads of it is each item's
``evidence``.
``json.loads`` of the whole file made every item's facts into objects, to drop them; msgspec
decodes the ``evidence`` lists alone and only checks the rest as JSON (serve95 timed both, and its
peak memory).  A file it does not read in that shape (not UTF-8 throughout, a JSON it is
stricter about: NaN, a lone surrogate, a number out of range) is read as before, by ``json``: the
same sentences either way, in the same order of precedence.  A file neither reads as a manifest
is a ``ServeError`` naming it (and the line, where JSON says), not links shown as if it were absent.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec

from kgsync.contract.errors import Location, ServeError

#: (from, to, relation) -> (sentence, "path:line"), the first entry of each triple in the file's order.
Sentences = dict[tuple[str, str, str], tuple[str, str]]

_CHUNK = 1 << 20  # bytes checked as UTF-8 at a time (a non-ASCII file): no second copy of the whole file


class _Facts(msgspec.Struct):
    """An item's facts as the evidence tool reads them: its ``evidence`` (whatever it holds); every other
    field is checked as JSON and skipped."""

    evidence: Any = ()


class _Manifest(msgspec.Struct):
    """The manifest as the evidence tool reads it: ``items`` (slug -> facts), every other field skipped."""

    items: dict[str, _Facts] = {}


_DECODER = msgspec.json.Decoder(_Manifest)


def sentences_of(raw: bytes, path: Path) -> Sentences:
    """The sentences of ``raw``, the bytes of the manifest at ``path``.  Raises ``ServeError`` at ``path``
    when they are no manifest (not UTF-8, not JSON, not its shape): an answer would show the links as if
    the build had recorded no sentence for them."""
    bad = _not_utf8_at(raw)
    if bad is not None:
        raise _unread(path, f"it is not UTF-8 (byte {bad:,})", raw.count(b"\n", 0, bad) + 1)
    try:
        manifest = _DECODER.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        manifest = None  # not in the shape msgspec reads, or JSON it is stricter about than ``json``: as before
    try:
        if manifest is not None:
            return _collected(facts.evidence for facts in manifest.items.values())
        data = json.loads(raw.decode("utf-8"))
        return _collected(facts.get("evidence", ()) for facts in data.get("items", {}).values())
    except json.JSONDecodeError as exc:
        raise _unread(path, f"it is not JSON ({exc.msg}, column {exc.colno})", exc.lineno) from None
    except (AttributeError, TypeError):
        raise _unread(path, "it is not a manifest kgsync writes (its items, or an item's evidence, are no list "
                            "or object)") from None
    except RecursionError:
        raise _unread(path, "it is nested too deep to be a manifest kgsync writes") from None


def _unread(path: Path, why: str, line: int | None = None) -> ServeError:
    return ServeError(f"cannot read the evidence sentences of the kgsync manifest: {why}", Location.of(path, line),
                      f"run `kgsync build` to write it again, or restore it (`git checkout -- {path.name}`)")


def _collected(evidence: Iterable[Any]) -> Sentences:
    """The entries of every item's ``evidence`` that hold five strings, the first of each triple kept.
    An ``evidence`` that is no list is iterated as ``json`` read it (a string's characters, a mapping's
    keys: no entry); one that cannot be iterated (a number, null) is a TypeError."""
    found: Sentences = {}
    for entries in evidence:
        for entry in entries:
            if isinstance(entry, list) and len(entry) >= 5 and all(isinstance(p, str) for p in entry[:5]):
                found.setdefault((entry[0], entry[1], entry[2]), (entry[3], entry[4]))
    return found


def _not_utf8_at(raw: bytes) -> int | None:
    """Where ``raw`` stops being UTF-8 (a byte offset), None when it is (msgspec checks only the strings it
    decodes, not those it skips); ASCII (what kgsync writes of the corpora so far) without decoding."""
    if raw.isascii():
        return None
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(raw)
    try:
        for start in range(0, len(raw), _CHUNK):
            decoder.decode(view[start : start + _CHUNK])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        try:  # where, in the whole (a chunk's offsets count from bytes the decoder kept of the one before)
            raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            return exc.start
    return None
