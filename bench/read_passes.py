"""How many times the read stage scans each item's text, and what each group of scans costs.

    .venv/bin/python bench/read_passes.py [--corpus ../shared/corpus/research] [--top 40] [--min-share 0.2]
    .venv/bin/python bench/read_passes.py --patterns [--top 40]   # the regex patterns ranked by CPU

A *pass* is a call that reads an item's text or a large slice of it: a regex call (``re`` and
``regex`` patterns, wrapped before kgsync is imported, as ``bench_regex.py`` does) that reads at
least ``--min-share`` of the item's file (default a fifth): from ``pos`` to ``endpos``, a
``search`` or ``match`` to where it matched (an anchored try that fails reads nothing here); or a
``str``/``bytes`` method that reads its whole text (``lower``, ``translate``, ``encode``,
``split``, ...) on such a text.  Smaller calls (per line, per sentence, per word) are counted
apart.  ``find``-like methods (``find``, ``count``, ``startswith``, ``strip``, ...) may stop early
or read a slice their arguments give, which a profile hook does not see: they are *searches*,
counted by calls only.  ``equiv`` is the characters a group's regex calls read divided by the
item's length (a per-line loop over the whole body is about one pass).  Each call is grouped by
the kgsync function that made it (module.function), and the groups by purpose (``PURPOSES``).
``passes/item``, ``smaller/item``, ``searches/item``: calls on the typical item, whose file is the
median length; ``passes``, ``smaller``, ``CPU s``: over all the items.

Three runs over the same items, in this one process, after the loads a build makes before it
forks and one item to warm the caches, the collector off:

1. regex calls, each timed (``time.process_time_ns``, the timer's own cost taken off);
2. ``str``/``bytes`` method calls on texts of 64 characters or more, timed through
   ``sys.setprofile`` (the hook's own cost makes these larger than in a build: read the shares);
3. ``cProfile``: the Python steps (per-word and per-token loops) by function, own time.

``--patterns`` makes one run instead, each regex call tallied by its pattern and call site (the
nearest kgsync frame: module, line, function): its calls, the characters they read (as for a
pass), their matches (a ``sub`` is run as ``subn`` to count them; a ``finditer``'s as they are
read) and CPU, largest first.  A pattern's time is the positions it is tried at and the matches
it makes (fast66): the columns say which of the two it is.

The ``in`` operator (``"[" in line``) is no call: no run sees it.  Paths are relative to the repo
root.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # this tree's kgsync, not an editable install's
sys.path.insert(0, str(REPO_ROOT / "bench"))

import bench_regex  # noqa: E402  (bench/ is not a package; its wrapping of ``re``, tallied here by group)

_clock = time.process_time_ns


class Tally:
    """Calls, characters read and CPU, by group, over all items; and calls on the typical item."""

    def __init__(self) -> None:
        self.length = 1  # the current item's file length (characters)
        self.typical = False  # the current item is the typical one
        self.min_share = 0.2
        self.regex = False  # regex calls are tallied (run 1 only)
        self.cpu: Counter[str] = Counter()  # group -> ns, all items
        self.large_cpu: Counter[str] = Counter()  # group -> ns of its passes alone
        self.large: Counter[str] = Counter()  # group -> whole-text passes, all items
        self.small: Counter[str] = Counter()  # group -> smaller calls, all items
        self.chars: dict[str, float] = {}  # group -> characters read / the item's length, all items
        self.typical_large: Counter[str] = Counter()
        self.typical_small: Counter[str] = Counter()
        self.typical_chars: dict[str, float] = {}
        self.example: dict[str, Counter[str]] = {}  # group -> what it called (pattern or method) -> ns
        self.searches: Counter[str] = Counter()  # group -> find-like calls on a text of 64+ characters
        self.typical_searches: Counter[str] = Counter()

    def search(self, group: str, what: str, ns: int) -> None:
        """A find-like call: its extent unknown, so neither a pass nor a smaller call."""
        self.cpu[group] += ns
        self.example.setdefault(group, Counter())[what] += ns
        self.searches[group] += 1
        if self.typical:
            self.typical_searches[group] += 1

    def add(self, group: str, what: str, size: int, ns: int) -> bool:
        """Tally one call that read ``size`` characters in ``ns``; whether it was a pass."""
        large = size >= self.min_share * self.length
        self.cpu[group] += ns
        if large:
            self.large_cpu[group] += ns
        self.example.setdefault(group, Counter())[what] += ns
        (self.large if large else self.small)[group] += 1
        self.chars[group] = self.chars.get(group, 0.0) + size / self.length
        if self.typical:
            (self.typical_large if large else self.typical_small)[group] += 1
            self.typical_chars[group] = self.typical_chars.get(group, 0.0) + size / self.length
        return large


TALLY = Tally()
_OWN = __name__


def _kgsync_frame(frame: FrameType | None) -> FrameType | None:
    """The kgsync frame nearest ``frame`` (itself or a caller's), if any."""
    while frame is not None and not frame.f_globals.get("__name__", "").startswith("kgsync."):
        frame = frame.f_back
    return frame


def _group(frame: FrameType | None) -> str:
    """The kgsync function nearest ``frame``: module (less ``kgsync.``) and function."""
    found = _kgsync_frame(frame)
    return "?" if found is None else f"{found.f_globals['__name__'][7:]}.{found.f_code.co_name}"


def _site(frame: FrameType | None) -> str:
    """Where in kgsync a call was made: module (less ``kgsync.``), line and function."""
    found = _kgsync_frame(frame)
    return "?" if found is None else f"{found.f_globals['__name__'][7:]}:{found.f_lineno} {found.f_code.co_name}"


def _found(name: str, result: Any) -> int:
    """How many matches a regex call's result holds (``sub`` is run as ``subn`` while sites are
    tallied; ``split``: its pieces less one)."""
    if name in ("search", "match", "fullmatch"):
        return int(result is not None)
    if name == "subn":
        return int(result[1])
    return max(0, len(result) - (name == "split"))


class Sites:
    """``--patterns``: calls, characters read (``_extent``), matches and CPU by pattern and call site."""

    def __init__(self) -> None:
        self.on = False
        self.calls: Counter[tuple[str, str]] = Counter()
        self.chars: Counter[tuple[str, str]] = Counter()
        self.found: Counter[tuple[str, str]] = Counter()
        self.cpu: Counter[tuple[str, str]] = Counter()

    def add(self, key: tuple[str, str], chars: int, found: int, ns: int) -> None:
        self.calls[key] += 1
        self.chars[key] += chars
        self.found[key] += found
        self.cpu[key] += ns


SITES = Sites()


class _Counted:
    """A ``finditer`` (timed by ``bench_regex._Timed``) whose matches are added to ``SITES.found``."""

    __slots__ = ("_it", "_key")

    def __init__(self, it: Any, key: tuple[str, str]) -> None:
        self._it, self._key = it, key

    def __iter__(self) -> _Counted:
        return self

    def __next__(self) -> Any:
        match = next(self._it)
        SITES.found[self._key] += 1
        return match


def _extent(name: str, args: tuple[Any, ...], kwargs: dict[str, Any], result: Any) -> int:
    """How many characters a regex call read: from ``pos`` to ``endpos`` (a ``search`` to its match's
    end, a ``match`` to its match's end: an anchored try reads no further than it matched, and its
    failures are counted as reading nothing)."""
    if name in ("sub", "subn"):
        text, pos, end = args[1] if len(args) > 1 else kwargs.get("string", ""), 0, None
    else:
        text = args[0] if args else kwargs.get("string", "")
        pos = args[1] if len(args) > 1 else kwargs.get("pos", 0)
        end = args[2] if len(args) > 2 else kwargs.get("endpos")
    if not isinstance(text, (str, bytes)):
        return 0
    end = len(text) if end is None else min(end, len(text))
    if name in ("match", "search", "fullmatch"):
        if result is not None:
            return int(result.end()) - pos
        return end - pos if name == "search" else 0
    return end - pos


# ---------------------------------------------------------------------------------------------
# 1. regex calls


class GroupedPattern(bench_regex.TimedPattern):
    """A compiled pattern whose calls are tallied by the kgsync function that made them (while
    ``TALLY.regex``), with how much of their text they read (``_extent``)."""

    def __init__(self, pattern: Any) -> None:
        super().__init__(pattern)
        text = pattern.pattern
        self._what = "re " + (text if isinstance(text, str) else repr(text))[:70]

    def _timed(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if SITES.on:
            return self._sited(name, args, kwargs)
        if not TALLY.regex:
            return getattr(self._pattern, name)(*args, **kwargs)
        start = _clock()
        result = getattr(self._pattern, name)(*args, **kwargs)
        spent = _clock() - start - bench_regex._overhead
        TALLY.add(_group(sys._getframe(2)), self._what, _extent(name, args, kwargs, result), spent)
        return result

    def _sited(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        called = "subn" if name == "sub" else name
        start = _clock()
        result = getattr(self._pattern, called)(*args, **kwargs)
        spent = _clock() - start - bench_regex._overhead
        SITES.add((self._key, _site(sys._getframe(3))), _extent(name, args, kwargs, result),
                  _found(called, result), spent)
        return result[0] if called != name else result

    def finditer(self, *args: Any, **kwargs: Any) -> Any:
        if SITES.on:
            key = (self._key, _site(sys._getframe(1)))
            SITES.add(key, _extent("finditer", args, kwargs, None), 0, 0)
            return _Counted(bench_regex._Timed(self._pattern.finditer(*args, **kwargs), "", ((SITES.cpu, key),)),
                            key)
        if not TALLY.regex:
            return self._pattern.finditer(*args, **kwargs)
        group = _group(sys._getframe(1))
        large = TALLY.add(group, self._what, _extent("finditer", args, kwargs, None), 0)
        spent = ((TALLY.cpu, group), (TALLY.example[group], self._what))
        return bench_regex._Timed(self._pattern.finditer(*args, **kwargs), group,
                                  (*spent, (TALLY.large_cpu, group)) if large else spent)


# ---------------------------------------------------------------------------------------------
# 2. str and bytes methods

_MIN_METHOD_TEXT = 64  # a method call on a shorter string is a per-word step: not counted
#: Methods that may stop early or read only a slice (their arguments, which a profile hook does not
#: see, say where): counted as *searches*, by the text they were called on, never as passes.
_SEARCHES = frozenset({"find", "rfind", "index", "rindex", "count", "startswith", "endswith", "strip", "lstrip",
                       "rstrip", "partition", "rpartition"})
#: O(1) on a ``str`` (CPython keeps the flag): not a pass.
_CONSTANT = frozenset({"isascii"})


def _method_hook() -> Callable[[FrameType, str, Any], None]:
    started: list[tuple[Any, str, str, int, int]] = []

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        if event == "c_call":
            owner = getattr(arg, "__self__", None)
            if isinstance(owner, (str, bytes)) and len(owner) >= _MIN_METHOD_TEXT:
                name = arg.__name__
                if isinstance(owner, str) and name in _CONSTANT:
                    return
                kind = "str" if isinstance(owner, str) else "bytes"
                size = -len(owner) if name in _SEARCHES else len(owner)
                started.append((arg, _group(frame), f"{kind}.{name}", size, _clock()))
        elif event in ("c_return", "c_exception") and started and started[-1][0] is arg:
            _arg, group, what, size, start = started.pop()
            if size < 0:
                TALLY.search(group, what, _clock() - start)
            else:
                TALLY.add(group, what, size, _clock() - start)
    return hook


# ---------------------------------------------------------------------------------------------


def _run(items: list[tuple[bytes, str, str]], typical: int, parse: Callable[..., Any]) -> int:
    """Parse every item (the typical one flagged); the CPU it took, in ns."""
    gc.disable()
    start = _clock()
    for index, item in enumerate(items):
        TALLY.length = max(1, len(item[0].decode("utf-8", "replace")))
        TALLY.typical = index == typical
        parse(*item)
    spent = _clock() - start
    gc.enable()
    return spent


#: What each module's scans are for (the groups a fused scan could join), by module; the rest: "other".
PURPOSES = (
    ("cut into words, runs and tokens", ("extract.item_text", "extract.topics", "extract.names", "extract.phrases",
                                         "extract.compounds", "extract.derived", "extract.plurals")),
    ("markup taken out", ("extract.markup",)),
    ("acronyms, designations, genres (folded text)", ("extract.acronyms", "extract.designations",
                                                      "extract.genres")),
    ("units, modifiers, name tails", ("extract.units", "extract.enclosed", "extract.attributive", "extract.nesting",
                                      "extract.files", "extract.idea", "extract.mining")),
    ("references: lines, sentences, stance", ("extract.references", "extract.mentions", "extract.reference_spans",
                                              "extract.stance", "extract.restated", "extract.evidence_model",
                                              "extract.sentences", "extract.descriptions", "extract.tables",
                                              "extract.markers")),
    ("findings and labels", ("extract.findings",)),
    ("file read, sections, checks", ("read.",)),
)


def purpose(group: str) -> str:
    for name, prefixes in PURPOSES:
        if group.startswith(prefixes):
            return name
    return "other"


def _print(title: str, tally: Tally, total_ns: int, top: int) -> None:
    spent = sum(tally.cpu.values())
    print(f"\n#### {title}: {spent / 1e9:.2f} s CPU in the calls counted ({100 * spent / total_ns:.1f} % of the "
          f"parse as measured here)\n")
    print("| group (module.function) | passes/item | smaller/item | searches/item | equiv/item | passes | smaller "
          "| CPU s | share | largest callee |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for group, ns in tally.cpu.most_common(top):
        what = tally.example[group].most_common(1)[0][0] if tally.example.get(group) else ""
        print(f"| {group} | {tally.typical_large[group]} | {tally.typical_small[group]} "
              f"| {tally.typical_searches[group]} "
              f"| {tally.typical_chars.get(group, 0.0):.2f} | {tally.large[group]:,} | {tally.small[group]:,} "
              f"| {ns / 1e9:.3f} | {100 * ns / total_ns:.1f} % | `{what.replace('|', '¦')}` |")
    by_purpose: Counter[str] = Counter()
    columns: dict[str, Counter[str]] = {name: Counter() for name in ("passes", "smaller", "searches")}
    for group, ns in tally.cpu.items():
        name = purpose(group)
        by_purpose[name] += ns
        columns["passes"][name] += tally.typical_large[group]
        columns["smaller"][name] += tally.typical_small[group]
        columns["searches"][name] += tally.typical_searches[group]
    large_cpu: Counter[str] = Counter()
    for group, ns in tally.large_cpu.items():
        large_cpu[purpose(group)] += ns
    print("\n| purpose | passes/item | smaller/item | searches/item | CPU s | of which passes | share |"
          "\n|---|---:|---:|---:|---:|---:|---:|")
    for name, ns in by_purpose.most_common():
        print(f"| {name} | {columns['passes'][name]} | {columns['smaller'][name]} | {columns['searches'][name]} "
              f"| {ns / 1e9:.3f} | {large_cpu[name] / 1e9:.3f} | {100 * ns / total_ns:.1f} % |")
    print(f"| all | {sum(columns['passes'].values())} | {sum(columns['smaller'].values())} "
          f"| {sum(columns['searches'].values())} | {sum(by_purpose.values()) / 1e9:.3f} "
          f"| {sum(large_cpu.values()) / 1e9:.3f} | {100 * sum(by_purpose.values()) / total_ns:.1f} % |")


def _rank_patterns(items: list[tuple[bytes, str, str]], parse: Callable[..., Any], top: int) -> None:
    """``--patterns``: one run over the items, each regex call tallied by pattern and call site."""
    bench_regex._overhead = bench_regex.calibrate()
    SITES.on = True
    total = _run(items, -1, parse)
    SITES.on = False
    spent = sum(SITES.cpu.values())
    print(f"parse_record of {len(items)} items, one process: {total / 1e9:.2f} s CPU; in regex calls "
          f"{spent / 1e9:.2f} s ({100 * spent / total:.1f} %), {sum(SITES.calls.values()):,} calls (timer cost "
          f"{bench_regex._overhead} ns a call taken off; ``sub`` run as ``subn`` to count its matches)\n")
    print("| CPU s | share | calls | characters read | matches | call site | pattern |\n"
          "|---:|---:|---:|---:|---:|---|---|")
    for key, ns in SITES.cpu.most_common(top):
        pattern, site = key
        print(f"| {ns / 1e9:.3f} | {100 * ns / total:.1f} % | {SITES.calls[key]:,} | {SITES.chars[key]:,} "
              f"| {SITES.found[key]:,} | {site} | `{pattern[:90].replace('|', '¦')}` |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default="../shared/corpus/research", help="relative to the repo root")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--patterns", action="store_true",
                        help="only rank the regex patterns by CPU, each with its call site, calls, characters "
                             "read and matches (one run)")
    parser.add_argument("--min-share", type=float, default=0.2,
                        help="a call on at least this share of the item's file is a pass (default 0.2)")
    args = parser.parse_args()
    bench_regex.install(GroupedPattern)
    from kgsync.extract import derived, topics
    from kgsync.extract.record import parse_record
    from kgsync.read.items import find_item_files

    files = find_item_files((REPO_ROOT / args.corpus).resolve(), REPO_ROOT)
    items = [(path.read_bytes(), str(path), path.stem) for path in files]
    lengths = [len(raw.decode("utf-8", "replace")) for raw, _p, _s in items]
    median = statistics.median_low(lengths)
    typical = lengths.index(median)
    topics.load()
    derived.load()
    parse_record(*items[0])  # caches warmed
    TALLY.min_share = args.min_share
    if args.patterns:
        _rank_patterns(items, parse_record, args.top)
        return

    # The parse alone: the patterns wrapped but nothing tallied is not the build's cost; the same
    # loop with the wrapping's work as small as it can be is this figure (no tally, no hook).
    plain = _run(items, -1, parse_record)
    print(f"parse_record of {len(items)} items, one process, patterns wrapped: {plain / 1e9:.2f} s CPU. "
          f"Typical item: {items[typical][2]} ({median:,} characters; median of {min(lengths):,}-"
          f"{max(lengths):,}). A pass: a call on >= {args.min_share:g} of the item's characters.")

    bench_regex._overhead = bench_regex.calibrate()
    TALLY.__init__()  # type: ignore[misc]
    TALLY.min_share = args.min_share
    TALLY.regex = True
    total = _run(items, typical, parse_record)
    TALLY.regex = False
    _print("1. regex calls", TALLY, total, args.top)

    regex_tally = TALLY.cpu.copy()
    TALLY.__init__()  # type: ignore[misc]
    TALLY.min_share = args.min_share
    sys.setprofile(_method_hook())
    total = _run(items, typical, parse_record)
    sys.setprofile(None)
    _print("2. str and bytes methods on texts of 64 characters or more (timed under a profile hook)", TALLY,
           total, args.top)
    del regex_tally

    profiler = cProfile.Profile()
    gc.disable()
    profiler.enable()
    start = _clock()
    for item in items:
        parse_record(*item)
    total = _clock() - start
    profiler.disable()
    gc.enable()
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    own: list[tuple[float, int, str]] = []
    for (filename, _line, name), (_cc, calls, tottime, _ct, _callers) in stats.items():
        if "/kgsync/" in filename:
            module = filename.split("/kgsync/", 1)[1].removesuffix(".py").replace("/", ".")
            own.append((tottime, calls, f"{module}.{name}"))
    own.sort(reverse=True)
    print(f"\n#### 3. Python steps (cProfile, own time of kgsync functions; {total / 1e9:.2f} s under the profiler)\n")
    print("| function | calls/item (mean) | own CPU s | share |\n|---|---:|---:|---:|")
    for tottime, calls, name in own[: args.top]:
        print(f"| {name} | {calls / len(items):.1f} | {tottime:.3f} | {100 * tottime * 1e9 / total:.1f} % |")


if __name__ == "__main__":
    main()
