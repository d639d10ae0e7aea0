"""Where the read stage's regex time goes, pattern by pattern: the patterns compiled at import and
those compiled while items are parsed (an acronym's, a name's), which a proxy over the modules'
own compiled patterns does not see.

    .venv/bin/python bench/bench_regex.py [--corpus ../shared/corpus/research] [--top 30]

Every ``re`` and ``regex`` pattern kgsync compiles is wrapped (``re.compile``, ``re.search`` and
the other module-level calls, ``regex.compile``) before kgsync is imported; ``parse_record`` then
runs over the corpus's items in this one process, after the loads a build does before it forks
and one item to warm the caches, the collector off (as the build runs it).  Each call's CPU time
(``time.process_time_ns``, which the other processes of a shared machine do not inflate, less the
timer's own cost measured first) is added to its pattern; a ``finditer`` is timed as it is read.
Printed: the parse's CPU, the patterns' share of it, the largest patterns, and the same by
*shape* (a dynamic pattern's escaped words replaced by ``W``: one acronym's scan and another's
are one line).  A pattern led by a lookbehind or a word boundary has no literal prefix: the
engine tries it at every position of the text it scans (speed14t, native17).  The proxy's own
Python steps make the parse slower than a build's; the shares are what to read.
Paths are relative to the repo root.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # this tree's kgsync, not an editable install's

_clock = time.process_time_ns
SPENT: Counter[str] = Counter()  # pattern text -> CPU nanoseconds
CALLS: Counter[str] = Counter()
COMPILED: set[str] = set()  # every pattern wrapped so far
_AT_IMPORT: set[str] = set()  # those compiled by the time the first item was parsed
_overhead = 0  # the timer's own cost inside one timed interval, in nanoseconds


class _Timed:
    """An iterator of matches timed as it is read (``finditer``), its time added to ``SPENT[key]``, or
    to each (counter, key) of ``spent``."""

    __slots__ = ("_it", "_spent")

    def __init__(self, it: Iterator[Any], key: str, spent: tuple[tuple[Counter[Any], Any], ...] = ()) -> None:
        self._it, self._spent = it, spent or ((SPENT, key),)

    def __iter__(self) -> _Timed:
        return self

    def __next__(self) -> Any:
        start = _clock()
        try:
            return next(self._it)
        finally:
            spent = _clock() - start - _overhead
            for counter, key in self._spent:
                counter[key] += spent


class TimedPattern:
    """A compiled pattern whose calls add their CPU time to its text."""

    def __init__(self, pattern: Any) -> None:
        self._pattern = pattern
        text = pattern.pattern
        self._key = text if isinstance(text, str) else repr(text)
        COMPILED.add(self._key)

    def __getattr__(self, name: str) -> Any:  # pattern, flags, groups, groupindex
        return getattr(self._pattern, name)

    def __hash__(self) -> int:
        return hash(self._pattern)

    def __eq__(self, other: object) -> bool:
        return self._pattern == (other._pattern if isinstance(other, TimedPattern) else other)

    def _timed(self, name: str, *args: Any, **kwargs: Any) -> Any:
        CALLS[self._key] += 1
        start = _clock()
        result = getattr(self._pattern, name)(*args, **kwargs)
        SPENT[self._key] += _clock() - start - _overhead
        return result

    def search(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed("search", *args, **kwargs)

    def match(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed("match", *args, **kwargs)

    def fullmatch(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed("fullmatch", *args, **kwargs)

    def findall(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed("findall", *args, **kwargs)

    def split(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed("split", *args, **kwargs)

    def sub(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed("sub", *args, **kwargs)

    def subn(self, *args: Any, **kwargs: Any) -> Any:
        return self._timed("subn", *args, **kwargs)

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        CALLS[self._key] += 1
        return _Timed(self._pattern.finditer(*args, **kwargs), self._key)


def _wrapping(compile_: Callable[..., Any], kind: type[TimedPattern] = TimedPattern) -> Callable[..., Any]:
    made: dict[tuple[Any, ...], TimedPattern] = {}

    def compiled(pattern: Any, flags: int = 0, **kwargs: Any) -> Any:
        if isinstance(pattern, TimedPattern):
            return pattern
        key = (type(pattern), pattern, flags, tuple(sorted(kwargs.items())))
        if key not in made:
            made[key] = kind(compile_(pattern, flags, **kwargs))
        return made[key]
    return compiled


def install(kind: type[TimedPattern] = TimedPattern) -> None:
    """Wrap ``re`` and ``regex`` before kgsync is imported (its modules compile at import), each
    compiled pattern in a ``kind`` (``bench/read_passes.py`` tallies them its own way)."""
    import regex

    re.compile = _wrapping(re.compile, kind)  # type: ignore[assignment]
    for name in ("search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split"):
        def call(pattern: Any, *args: Any, _name: str = name, flags: int = 0, **kwargs: Any) -> Any:
            return getattr(re.compile(pattern, flags), _name)(*args, **kwargs)
        setattr(re, name, call)
    regex.compile = _wrapping(regex.compile, kind)


def calibrate(rounds: int = 20_000) -> int:
    """The timer's own cost inside one interval: the least of ``rounds`` empty ones."""
    return min(-(_clock() - _clock()) for _ in range(rounds))


#: In a pattern: a class, an escape such as ``\\w``, a repeat count or a group's opening, kept; or a
#: run of letters, digits and escaped characters (``re.escape`` of a name, an acronym, a letter),
#: which ``shape`` replaces.  Compiled before ``install``: not timed.
_PIECE = re.compile(r"\[(?:\\.|[^\]])*\]|\\[A-Za-z]|\{\d*,?\d*\}|\(\?(?:[aiLmsux-]*:|<?[!=]|P<\w+>)"
                    r"|((?:[A-Za-z0-9]|\\[^A-Za-z0-9])+)")


def shape(pattern: str) -> str:
    """``pattern`` with each run of literal letters, digits and escaped characters as ``W``: the
    patterns one function compiles for each acronym or name are one shape."""
    return _PIECE.sub(lambda m: "W" if m.group(1) else m.group(), pattern)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default="../shared/corpus/research", help="relative to the repo root")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    install()
    import gc

    from kgsync.extract import derived, topics
    from kgsync.extract.record import parse_record
    from kgsync.read.items import find_item_files

    files = find_item_files((REPO_ROOT / args.corpus).resolve(), REPO_ROOT)
    items = [(path.read_bytes(), str(path), path.stem) for path in files]
    topics.load()
    derived.load()
    parse_record(*items[0])
    _AT_IMPORT.update(COMPILED)
    global _overhead
    _overhead = calibrate()
    SPENT.clear()
    CALLS.clear()
    gc.disable()
    start = time.process_time_ns()
    for item in items[1:]:
        parse_record(*item)
    total = time.process_time_ns() - start
    gc.enable()
    spent = sum(SPENT.values())
    print(f"parse_record of {len(items) - 1} items, one process: {total / 1e9:.2f} s CPU; in regex calls "
          f"{spent / 1e9:.2f} s ({100 * spent / total:.1f} %), {sum(CALLS.values()):,} calls "
          f"(timer cost {_overhead} ns a call taken off)\n")
    print("| CPU s | share | calls | dynamic | pattern |\n|---:|---:|---:|---|---|")
    for key, ns in SPENT.most_common(args.top):
        print(f"| {ns / 1e9:.3f} | {100 * ns / total:.1f} % | {CALLS[key]:,} | "
              f"{'' if key in _AT_IMPORT else 'yes'} | `{key[:100]}` |")
    by_shape: Counter[str] = Counter()
    count: Counter[str] = Counter()
    for key, ns in SPENT.items():
        by_shape[shape(key)] += ns
        count[shape(key)] += 1
    print("\n| CPU s | share | patterns | shape |\n|---:|---:|---:|---|")
    for key, ns in by_shape.most_common(args.top):
        print(f"| {ns / 1e9:.3f} | {100 * ns / total:.1f} % | {count[key]} | `{key[:100]}` |")


if __name__ == "__main__":
    main()
