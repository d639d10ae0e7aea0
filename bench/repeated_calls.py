"""Work the read stage does more than once: each function's calls against its distinct arguments (issue 24, speed150).

    .venv/bin/python bench/repeated_calls.py [--corpus ../shared/corpus/research] [--top 40] [--min-calls 200]
    .venv/bin/python bench/repeated_calls.py --alternatives [--corpus ...] [--repeat 4]

*Calls*: ``parse_record`` of every item of the corpus, in this one process, with every plain Python
function of ``kgsync.extract`` and ``kgsync.read`` wrapped wherever a kgsync module holds it (a function
already behind ``lru_cache`` is not a plain function and is left out: its repeats cost a lookup).  Each
wrapper counts its calls and the distinct ``repr`` of their arguments; the table ranks the functions by
calls that repeat an earlier call's arguments, the work a cache or a value passed down could save.  A
count, not a time: the machine's load does not move it.  Most repeats are of functions that take
microseconds (a word's test); the table says where to look, a timing says whether it pays.

*Alternatives* (``--alternatives``): two rewrites of the sentence scan that the profile pointed at,
each checked equal to the current code on every call the corpus makes and timed against it, alternated,
on the process's CPU clock: ``mentions._clauses_naming`` cutting the clauses with ``split`` and the
match ends in C (no Python step per clause end: slower, the pattern then scans each sentence twice),
and ``stance.CLAUSE_END`` as it was before speed150 (three alternatives) against its single characters
in one class, as it is now.

Nothing in the repo is touched.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import bisect
import functools
import importlib
import inspect
import os
import pkgutil
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # this tree's kgsync, not an editable install of another checkout

import kgsync  # noqa: E402
from kgsync.extract import mentions  # noqa: E402
from kgsync.extract.record import parse_record  # noqa: E402
from kgsync.extract.stance import CLAUSE_END  # noqa: E402

_PACKAGES = ("kgsync.extract", "kgsync.read")


def _item_files(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.glob("*.md") if p.name != "README.md")


def _parse_all(files: Sequence[Path]) -> None:
    for path in files:
        parse_record(path.read_bytes(), str(path), path.stem).load_parts()


def _plain_functions() -> dict[tuple[str, str], Callable[..., Any]]:
    for info in pkgutil.walk_packages(kgsync.__path__, "kgsync."):
        if info.name.startswith(_PACKAGES):
            importlib.import_module(info.name)
    return {(name, attr): obj for name, module in list(sys.modules.items()) if name.startswith(_PACKAGES)
            for attr, obj in vars(module).items()
            if inspect.isfunction(obj) and obj.__module__ == name and not attr.startswith("__")}


def count_calls(files: Sequence[Path]) -> list[tuple[str, int, int]]:
    """(function, calls, distinct arguments) of every wrapped function called while ``files`` are parsed."""
    seen: dict[str, tuple[list[int], set[int]]] = {}
    wrapped: dict[int, Callable[..., Any]] = {}
    for (module, attr), function in _plain_functions().items():
        calls, distinct = seen.setdefault(f"{module}.{attr}", ([0], set()))

        def wrapper(*args: Any, __f: Callable[..., Any] = function, __n: list[int] = calls,
                    __d: set[int] = distinct, **kwargs: Any) -> Any:
            __n[0] += 1
            try:
                __d.add(hash(repr((args, sorted(kwargs.items())))))
            except Exception:  # an argument whose repr fails: counted as a call, not as distinct
                pass
            return __f(*args, **kwargs)

        wrapped[id(function)] = functools.update_wrapper(wrapper, function)
    replaced: list[tuple[object, str, object]] = []
    for name, module in list(sys.modules.items()):  # every module that imported the function by name
        if name.startswith("kgsync"):
            for attr, obj in list(vars(module).items()):
                if id(obj) in wrapped:
                    replaced.append((module, attr, obj))
                    setattr(module, attr, wrapped[id(obj)])
    try:
        _parse_all(files)
    finally:  # the functions as they were: the process (a test's) goes on with them
        for module, attr, obj in replaced:
            setattr(module, attr, obj)
    return sorted(((name, calls[0], len(distinct)) for name, (calls, distinct) in seen.items()),
                  key=lambda row: (row[2] - row[1], row[0]))


def _clauses_by_split(sentence: str, refs: Sequence[tuple[int, str]]) -> dict[str, dict[str, None]]:
    """``mentions._clauses_naming`` with the clauses cut by ``split`` and their starts read in C."""
    texts = CLAUSE_END.split(sentence)
    starts = [0, *map(re.Match.end, CLAUSE_END.finditer(sentence))]
    out: dict[str, dict[str, None]] = {}
    for position, slug in refs:
        out.setdefault(slug, {})[texts[bisect.bisect_right(starts, position) - 1]] = None
    return out


#: ``stance.CLAUSE_END`` before speed150: the dashes a branch of their own, two classes to test at each position.
_THREE_BRANCHES = re.compile(r"[;|\[\]]|[ \t]-[ \t]|[—–]")


def _timed(label: str, calls: Sequence[Callable[[], object]], repeat: int) -> None:
    print(f"| {label} | " + " | ".join(f"{_cpu(call):.3f}" for _ in range(repeat) for call in calls) + " |")


def _cpu(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return time.process_time() - start


def alternatives(files: Sequence[Path], repeat: int) -> None:
    captured: list[tuple[str, Sequence[tuple[int, str]]]] = []
    current = mentions._clauses_naming

    def capture(sentence: str, refs: Sequence[tuple[int, str]]) -> dict[str, dict[str, None]]:
        captured.append((sentence, refs))
        return current(sentence, refs)

    mentions._clauses_naming = capture
    try:
        _parse_all(files)
    finally:
        mentions._clauses_naming = current
    sentences = [sentence for sentence, _refs in captured]
    same = all(repr(current(*args)) == repr(_clauses_by_split(*args)) for args in captured)
    spans = all([m.span() for m in CLAUSE_END.finditer(s)] == [m.span() for m in _THREE_BRANCHES.finditer(s)]
                for s in sentences)
    print(f"{len(captured)} calls, {sum(map(len, sentences))} characters; split form equal: {same}; "
          f"three-branch pattern equal: {spans}; load {os.getloadavg()[0]:.2f}")
    print("\nCPU seconds, current then alternative, alternated:\n\n| rewrite | " + " | ".join(
        f"{side} {n}" for n in range(1, repeat + 1) for side in ("current", "alternative")) + " |")
    print("|---|" + "---:|" * (2 * repeat))
    _timed("`_clauses_naming` by split", [lambda: [current(*a) for a in captured],
                                          lambda: [_clauses_by_split(*a) for a in captured]], repeat)
    _timed("`CLAUSE_END` three branches (before) against one class (now), split",
           [lambda: [_THREE_BRANCHES.split(s) for s in sentences], lambda: [CLAUSE_END.split(s) for s in sentences]], repeat)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--corpus", default="../shared/corpus/research", help="items folder, relative to the repo root")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--min-calls", type=int, default=200)
    parser.add_argument("--alternatives", action="store_true")
    parser.add_argument("--repeat", type=int, default=4)
    args = parser.parse_args(argv)
    corpus = (REPO_ROOT / args.corpus).resolve()
    files = _item_files(corpus)
    if not files:
        sys.exit(f"no items in {corpus} (fix: --corpus PATH)")
    if args.alternatives:
        alternatives(files, args.repeat)
        return
    rows = [row for row in count_calls(files) if row[1] >= args.min_calls]
    print(f"{len(files)} items of {corpus.name}; functions called {args.min_calls} times or more: {len(rows)}\n")
    print("| function | calls | distinct arguments | repeated |\n|---|---:|---:|---:|")
    for name, calls, distinct in rows[: args.top]:
        print(f"| `{name.removeprefix('kgsync.')}` | {calls} | {distinct} | {calls - distinct} ({(calls - distinct) / calls:.0%}) |")


if __name__ == "__main__":
    main()
