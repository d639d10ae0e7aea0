"""The read stage's instructions on real items, counted under callgrind (issue 24; speed197's method).

    .venv/bin/python bench/read_instructions.py [--tree .] [--corpus ../shared/corpus/research] [--step 4]
    .venv/bin/python bench/read_instructions.py --corpus ../shared/corpus/later --step 1

The machine has no ``perf`` instruction counter and a timing on a shared two-core machine cannot
show a change of a few percent, so the figure is a count: ``valgrind --tool=callgrind``'s total
instructions (Ir) of one process that loads what a build loads before it forks (``topics.load``,
``derived.load``), reads the first item to warm the caches, then ``parse_record``s every
``--step``-th item of ``--corpus``; minus the same process stopped before that last loop.  The
difference is the read of those items alone (import, loads and caches taken off).
``PYTHONHASHSEED=0`` and the collector off, as the build's read workers run.  ``--tree``: the
kgsync tree to count (another tree's ``kgsync`` is put first on the path: a ``git archive`` of a
base commit, say).  Each count takes minutes (callgrind runs Python ~50 times slower).

``--child`` is the process callgrind runs.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

#: callgrind's total line in its output file: "summary: N" (older versions "totals: N").
_TOTAL = re.compile(r"^(?:summary|totals):\s+(\d+)", re.MULTILINE)


def total_instructions(callgrind_out: str) -> int:
    """The total Ir of a callgrind output file's text."""
    found = _TOTAL.search(callgrind_out)
    if found is None:
        raise ValueError("no 'summary:' or 'totals:' line in the callgrind output: was the run complete?")
    return int(found.group(1))


def chosen(items: list[tuple[bytes, str, str]], step: int) -> list[tuple[bytes, str, str]]:
    """Every ``step``-th item, from the first (the first is read once more: it warmed the caches)."""
    return items[::step]


def _child(corpus: Path, step: int, stop: bool) -> None:
    from kgsync.extract import derived, topics
    from kgsync.extract.record import parse_record
    from kgsync.read.items import find_item_files

    files = find_item_files(corpus, corpus.parent)
    items = [(path.read_bytes(), str(path), path.stem) for path in files]
    gc.disable()
    topics.load()
    derived.load()
    parse_record(*items[0])  # caches warmed
    if not stop:
        for raw, display, slug in chosen(items, step):
            parse_record(raw, display, slug)


def _count(tree: Path, corpus: Path, step: int, stop: bool) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(tree)}
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
                        str(Path(__file__).resolve()), "--child", "--corpus", str(corpus), "--step", str(step),
                        *(["--stop"] if stop else [])],
                       env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return total_instructions(out.read_text(encoding="utf-8", errors="replace"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", default=".", help="the kgsync tree counted, relative to the repo root")
    parser.add_argument("--corpus", default="../shared/corpus/research", help="relative to the repo root")
    parser.add_argument("--step", type=int, default=4, help="read every step-th item (default 4)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--stop", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    corpus = (REPO_ROOT / args.corpus).resolve()
    if args.child:
        _child(corpus, args.step, args.stop)
        return
    tree = (REPO_ROOT / args.tree).resolve()
    whole = _count(tree, corpus, args.step, stop=False)
    loads = _count(tree, corpus, args.step, stop=True)
    print(f"{tree} {corpus.name} every {args.step}: read {whole - loads:,} instructions "
          f"(process {whole:,}, loads and first item {loads:,})")


if __name__ == "__main__":
    main()
