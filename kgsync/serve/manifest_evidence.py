"""The evidence sentences of the kgsync manifest beside the graph (``memory.kgsync.json``), for the
``evidence`` tool: (from, to, relation) -> (the sentence that says so, its "path:line").

The manifest is ~85 MB at 10,000 items, and all the tool reads of it is each item's ``evidence``.
``json.loads`` of the whole file made every item's facts into objects, to drop them (~1.7 s of CPU
and ~440 MB at its peak).  msgspec decodes the ``evidence`` lists alone and only checks the rest as
JSON (~0.12 s, ~100 MB).  A file it does not read in that shape (not UTF-8 throughout, a JSON it is
stricter about: NaN, a lone surrogate, a number out of range) is read as before, by ``json``: the
same sentences either way, in the same order of precedence.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable
from typing import Any

import msgspec

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


def sentences_of(raw: bytes) -> Sentences:
    """The sentences of a manifest's bytes; {} when they are no manifest (not UTF-8, not JSON, not its
    shape): the links are still served, without their sentences."""
    if not _is_utf8(raw):
        return {}  # what ``json`` made of it: ``read_text`` failed
    try:
        manifest = _DECODER.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        manifest = None  # not in the shape msgspec reads, or JSON it is stricter about than ``json``: as before
    if manifest is not None:
        try:
            return _collected(facts.evidence for facts in manifest.items.values())
        except TypeError:
            return {}  # an ``evidence`` that is no list: as ``json`` read it, the values being the same
    try:
        data = json.loads(raw.decode("utf-8"))
        return _collected(facts.get("evidence", ()) for facts in data.get("items", {}).values())
    except (ValueError, AttributeError, TypeError, RecursionError):
        return {}


def _collected(evidence: Iterable[Any]) -> Sentences:
    """The entries of every item's ``evidence`` that hold five strings, the first of each triple kept.
    An ``evidence`` that is no list is iterated as ``json`` read it (a string's characters, a mapping's
    keys: no entry); one that cannot be iterated (a number, null) made the whole file unread (TypeError)."""
    found: Sentences = {}
    for entries in evidence:
        for entry in entries:
            if isinstance(entry, list) and len(entry) >= 5 and all(isinstance(p, str) for p in entry[:5]):
                found.setdefault((entry[0], entry[1], entry[2]), (entry[3], entry[4]))
    return found


def _is_utf8(raw: bytes) -> bool:
    """True when ``raw`` decodes as UTF-8 (msgspec checks only the strings it decodes, not those it skips);
    ASCII (what kgsync writes of the corpora so far) without decoding."""
    if raw.isascii():
        return True
    decoder = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(raw)
    try:
        for start in range(0, len(raw), _CHUNK):
            decoder.decode(view[start : start + _CHUNK])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True
