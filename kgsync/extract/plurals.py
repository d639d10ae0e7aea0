"""Which topic plurals one item writes: the per-file half of a topic node's plural alias.

A topic (``kgsync.vocabulary.topics``) is counted by its key and its regular plural alike
("guardrail", "guardrails"), and its node is found by the plural too: the reference server's
search is a substring test, so the singular alone misses a query for the plural.  But an alias
is a form the items write, never one made up: most items write "guardrails", none writes
"provenances" or "observabilities".  So each item records the topic keys whose plural its own
text writes (``written``), and an item gives a topic node the plural alias only when it is one
of them: from that item and the shared topic list alone, like every alias.
"""

from __future__ import annotations

import sys
import zlib
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable

from kgsync.extract import compounds, files, names
from kgsync.extract.canonical import word_key


def plural(key: str) -> str | None:
    """The regular plural of a topic key, when it reads back as the key ("guardrails"; a phrase's
    is its last word's: "technical debts"); None for a name ("Microsoft"), a convention file
    ("AGENTS.md"), a compound ("human-in-the-loop", "multi-agent"), a phrase with a gerund head ("fine tuning")
    and a word whose plural does not read back."""
    if (names.is_name_key(key) or files.is_file_key(key) or compounds.is_compound_key(key)
            or compounds.is_prefixed_key(key)):
        return None
    head = key.rsplit(" ", 1)[-1]
    if " " in key and head.endswith("ing"):
        return None  # a gerund has none
    form = head[:-1] + "ies" if head.endswith("y") and head[-2:-1] not in "aeiou" else (
        head + "es" if head.endswith(("s", "x", "z", "ch", "sh")) else head + "s")
    return key[: len(key) - len(head)] + form if word_key(form) == head else None


def written(keys: Iterable[str], runs: Counter[bytes], pairs: bytes) -> tuple[str, ...]:
    """The ``keys`` (an item's topic words and phrases) whose ``plural`` the item writes, sorted.
    ``runs``: its text's runs of ASCII letters (``names.letter_runs``): a word's plural is written
    when a run is the plural in lower case or capitalised, as a topic word is counted; ``pairs``:
    the two-word phrases it writes (``topics.pair_marks``): a phrase's plural is written when its
    words are a pair there, in any case, with a hyphen or a space between."""
    out = []
    marks: array[int] | None = None
    for key in sorted(set(keys)):
        form = plural(key)
        if form is None:
            continue
        if " " in form:
            marks = _sorted_marks(pairs) if marks is None else marks
            found = _holds(marks, zlib.crc32(form.encode()))
        else:
            found = bool(runs[form.encode()] or runs[form.capitalize().encode()])
        if found:
            out.append(key)
    return tuple(out)


def _sorted_marks(pairs: bytes) -> array[int]:
    """``pairs`` (``topics.pair_marks``: sorted, four little-endian bytes each) as an array of the marks,
    in order: a copy of the bytes, where ``topics.read_marks``'s set hashes each of the thousands of marks
    for the few phrases ``written`` looks up (mine73)."""
    marks = array("I")
    marks.frombytes(pairs)
    if sys.byteorder == "big":
        marks.byteswap()
    return marks


def _holds(marks: array[int], mark: int) -> bool:
    """Is ``mark`` one of ``marks`` (sorted)?  ``mark in topics.read_marks(pairs)``, by bisection."""
    at = bisect_left(marks, mark)
    return at < len(marks) and marks[at] == mark
