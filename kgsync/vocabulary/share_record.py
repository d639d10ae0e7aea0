"""An item's vocabulary share as the manifest spells it: what the shared vocabulary reads of the item
(``kgsync.vocabulary.shares.vocabulary_share``: its rows of the terms it chooses, opens findings with
or writes as a hub, and its acronym pairs), kept on its line so that a later build in which the item
fails to parse still counts its term forms (docs/CONTRACT.md, the kept item).

One compact JSON object, written by ``share_json`` and read back by ``share_of`` exactly: ``rows``
(``[key, score, [[surface, count], ...], flags]`` each, the candidates' order), ``acronyms``
(``[acronym, expansion]`` each it defines) and ``spelled`` (``[acronym, phrase]`` each it writes out),
an empty list left out.
"""

from __future__ import annotations

import json
from operator import itemgetter
from typing import Any

import msgspec

from kgsync.extract.mining import Candidate, ItemCandidates

FIELD = "vocabulary_share"  # the key on an item's manifest line


def share_json(share: ItemCandidates) -> str:
    """The share's JSON text (compact, ``ensure_ascii=False``: the manifest's spelling).  Its rows and
    pairs are tuples, which JSON writes as the arrays they are: dumped as they are, not copied to lists.
    Encoded by msgspec (0.06 s for the 10,000 shares of a fresh build, the standard library 0.20 s:
    ``bench/bench_build.py --count 10000 --skip-real``, fast44) where
    it spells the same bytes: every string alike, a float alike unless written with an exponent
    (``_LOW``, ``_HIGH``); else, and for what msgspec refuses, by the standard library's encoder, as before."""
    data: dict[str, Any] = {}
    if share.terms:
        data["rows"] = share.terms  # [key, score, surfaces, flags] each (``Candidate``)
    if share.acronyms:
        data["acronyms"] = share.acronyms
    if share.spelled:
        data["spelled"] = share.spelled
    if all(_LOW <= score < _HIGH or score == 0 for score in map(abs, map(itemgetter(1), share.terms))):
        try:
            return _FAST(data).decode("utf-8")
        except (msgspec.EncodeError, OverflowError, UnicodeError):  # a lone surrogate (UnicodeEncodeError)
            pass
    return _ENCODE(data)


# The scores both encoders spell alike: zero, and the magnitudes Python's ``repr`` writes without an
# exponent (msgspec spells 1e-05 "0.00001" and 1e16 "1e16"); NaN and the infinities are none of them.
_LOW, _HIGH = 1e-4, 1e16
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # one encoder, not one a share
_FAST = msgspec.json.Encoder().encode


def share_of(slug: str, data: object) -> ItemCandidates:
    """The share of item ``slug`` that ``data`` (a manifest line's ``vocabulary_share``, decoded) holds.
    ValueError: not one ``share_json`` writes (the message names the part)."""
    if not isinstance(data, dict) or not set(data) <= {"rows", "acronyms", "spelled"}:
        raise ValueError(f"{FIELD} must be an object of rows, acronyms and spelled")
    rows = []
    for row in _list(data, "rows"):
        if not (isinstance(row, list) and len(row) == 4 and isinstance(row[0], str)
                and type(row[1]) in (float, int) and type(row[3]) is int and row[3] >= 0):
            raise ValueError(f"{FIELD}.rows holds [key, score, surfaces, flags] each")
        surfaces = tuple(_pair(pair, "rows' surfaces", int) for pair in _list({"s": row[2]}, "s"))
        rows.append(Candidate(row[0], float(row[1]), surfaces, row[3]))
    return ItemCandidates(slug, tuple(rows), tuple(_pair(pair, "acronyms", str) for pair in _list(data, "acronyms")),
                          spelled=tuple(_pair(pair, "spelled", str) for pair in _list(data, "spelled")))


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ValueError(f"{FIELD}.{key} must be a list")
    return value


def _pair(value: object, what: str, second: type) -> Any:
    if not (isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and type(value[1]) is second):
        raise ValueError(f"{FIELD}.{what} holds pairs [text, {second.__name__}] each")
    return value[0], value[1]
