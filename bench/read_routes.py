"""Three rewrites of read-stage steps that give the same answers and save nothing worth their code (issue 24, speed197).

    .venv/bin/python bench/read_routes.py [--corpus ../shared/corpus/research] [--repeat 5]

Each rewrite replaces a Python step per line, word or match with work in C; each is checked equal to
the current code on every call ``parse_record`` makes over the corpus, then both are timed on those
calls, alternated, on the process's CPU clock (best of ``--repeat``):

* ``lines``: ``references._lines_to_read``'s ``HAS_REFERENCE`` test, one search per body line against
  one ``finditer`` over each run of lines joined (a match's start gives its line).  The same: the
  search is the pattern's scan of each character, which the joined text needs as much.
* ``cues``: ``stance.governing``'s places of a cue's first word, a step per word against
  ``compress(count(), map(...))``, on the words of the sentences that hold a cue word (most
  sentences leave ``governing`` before that loop).
* ``runs``: ``designations.capitalised_runs``, a generator step per run against the spans taken in C
  (``map(Match.span, ...)``) with only the runs that open in lower case ("iPhone") read back in Python.

Nothing in the repo is touched.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable, Sequence
from itertools import compress, count
from operator import attrgetter
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))  # this tree's kgsync, not an editable install of another checkout

import re  # noqa: E402

from kgsync.extract import designations, item_text, mentions, references, stance  # noqa: E402
from kgsync.extract.record import parse_record  # noqa: E402
from kgsync.extract.reference_spans import HAS_REFERENCE  # noqa: E402


def _item_files(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.glob("*.md") if p.name != "README.md")


def captured(files: Sequence[Path]) -> tuple[list[Sequence[str]], list[list[str]], list[str]]:
    """The runs of body lines ``_lines_to_read`` reads, the word lists of the sentences ``governing``
    reads past its first test, and the texts ``capitalised_runs`` cuts, while ``files`` are parsed."""
    runs: list[Sequence[str]] = []
    words: list[list[str]] = []
    texts: list[str] = []
    lines_to_read, governing, cut = references._lines_to_read, mentions.governing, item_text.capitalised_runs

    def lines_spy(item: Any, item_cut: Any) -> Any:
        runs.extend(run for _first, run in item_cut.lines)
        return lines_to_read(item, item_cut)

    def governing_spy(sentence: str) -> Any:
        lowered = sentence.lower()
        if not stance._CUE_INDEX.keys().isdisjoint(stance.TOKEN.findall(lowered)):
            words.append([w for text in stance.CLAUSE_END.split(lowered) for w in stance.TOKEN.findall(text)])
        return governing(sentence)

    def cut_spy(text: str) -> Any:
        texts.append(text)
        return cut(text)

    references._lines_to_read, mentions.governing, item_text.capitalised_runs = lines_spy, governing_spy, cut_spy
    try:
        for path in files:
            parse_record(path.read_bytes(), str(path), path.stem).load_parts()
    finally:
        references._lines_to_read, mentions.governing, item_text.capitalised_runs = lines_to_read, governing, cut
    return runs, words, texts


def lines_per_search(run: Sequence[str]) -> set[int]:
    """The current test: the lines of ``run`` a search of each finds ``HAS_REFERENCE`` in."""
    return {at for at, line in enumerate(run) if HAS_REFERENCE.search(line) is not None}


def lines_one_pass(run: Sequence[str]) -> set[int]:
    """The rewrite: one pass over the lines joined; no match spans a line break."""
    joined = "\n".join(run)
    found: set[int] = set()
    line = at = 0
    for match in HAS_REFERENCE.finditer(joined):
        start = match.start()
        line += joined.count("\n", at, start)
        at = start
        found.add(line)
    return found


def cues_per_word(words: Sequence[str]) -> list[int]:
    """The current loop: each word tested for a cue's first word."""
    return [index for index, word in enumerate(words) if word in stance._CUE_INDEX]


def cues_in_c(words: Sequence[str]) -> list[int]:
    return list(compress(count(), map(stance._CUE_INDEX.__contains__, words)))


#: ``designations._RUN_AT_CAPITAL`` with a group on its second branch (a run opening in lower case).
_RUN_AT_CAPITAL = re.compile(designations._RUN_AT_CAPITAL.pattern.replace(r"(?<=[a-z].)[A-Za-z]*+", r"(?<=[a-z].)([A-Za-z]*+)"))
_OPENS_LOWER = attrgetter("lastindex")


def runs_in_c(text: str) -> list[tuple[int, int]]:
    """The rewrite of ``capitalised_runs``: the spans in C, the lower-case openers read back in Python."""
    matches = list(_RUN_AT_CAPITAL.finditer(text))
    spans = list(map(re.Match.span, matches))
    for at in reversed(list(compress(count(), map(_OPENS_LOWER, matches)))):
        start, end = spans[at]
        while start > 0 and text[start - 1] in designations._LOWER:
            start -= 1
        if start and (text[start - 1].isalnum() or text[start - 1] == "_"):
            del spans[at]
        else:
            spans[at] = (start, end)
    return spans


def _best(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def compare(runs: Sequence[Sequence[str]], words: Sequence[list[str]], texts: Sequence[str], repeat: int
            ) -> list[tuple[str, int, float, float]]:
    """(route, calls, current CPU s, rewrite CPU s) of each route; raises when a rewrite answers otherwise."""
    pairs: list[tuple[str, Sequence[Any], Callable[[Any], object], Callable[[Any], object]]] = [
        ("lines", runs, lines_per_search, lines_one_pass),
        ("cues", words, cues_per_word, cues_in_c),
        ("runs", texts, lambda text: list(designations.capitalised_runs(text)), runs_in_c),
    ]
    out = []
    for name, calls, current, rewrite in pairs:
        for call in calls:
            if current(call) != rewrite(call):
                raise AssertionError(f"{name}: the rewrite answers otherwise on {call!r:.200}")
        now = _best(lambda: [current(c) for c in calls], repeat)
        new = _best(lambda: [rewrite(c) for c in calls], repeat)
        out.append((name, len(calls), now, new))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default="../shared/corpus/research", help="items folder, relative to the repo root")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    runs, words, texts = captured(_item_files(REPO_ROOT / args.corpus))
    gc.disable()  # as the build's workers run
    for name, calls, now, new in compare(runs, words, texts, args.repeat):
        print(f"{name:6} {calls:7} calls  current {now:.4f} s  rewrite {new:.4f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
