"""Does a first build reach its own fixed point on subsets of the corpus?  (issue 21, fixpoint211)

    PYTHONPATH=. python bench/bench_fixed_point.py [--research DIR] [--later DIR] [--seeds N]

A fresh repository of each subset (no kgsync.yml: a new repository) is built with ``kgsync build
--no-cache``, then built again with no input change; the bench prints, per subset, the lines of the graph
the second build added or removed (0: the first build was already the fixed point its manifest leads to).
Subsets: the research items by month, the later items by month, ``--seeds`` random samples of 20 items of
each (fixed seeds 1..N), and the research items by each of four themes.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import difflib
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "corpus"
THEMES = ("agentic-ai", "security-risk", "governance-policy", "knowledge-graphs")


def twice(files: Sequence[Path]) -> list[str]:
    """The graph lines a second build of a fresh repository of ``files`` changes (unified diff's +/- lines)."""
    with tempfile.TemporaryDirectory() as folder:
        repo = Path(folder)
        target = repo / "Research" / "completed"
        target.mkdir(parents=True)
        for path in files:
            shutil.copyfile(path, target / path.name)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
        graphs = []
        for _ in range(2):
            subprocess.run([sys.executable, "-m", "kgsync", "build", "--no-cache", "-q"], cwd=repo, env=env,
                           check=True, capture_output=True)
            graphs.append((repo / "memory.jsonl").read_text(encoding="utf-8").splitlines()
                          + (repo / "memory.kgsync.json").read_text(encoding="utf-8").splitlines())
    return [line for line in difflib.unified_diff(graphs[0], graphs[1], lineterm="", n=0)
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def subsets(research: Path, later: Path, seeds: int) -> Iterator[tuple[str, list[Path]]]:
    for name, folder in (("research", research), ("later", later)):
        files = sorted(p for p in folder.glob("2026-*.md"))
        for month in sorted({p.name[:7] for p in files}):
            yield f"{name} {month}", [p for p in files if p.name.startswith(month)]
        for seed in range(1, seeds + 1):
            yield f"{name} random20 seed {seed}", sorted(random.Random(seed).sample(files, min(20, len(files))))
        if name == "research":
            for theme in THEMES:  # a line test, no YAML parse: the bench reads the items' frontmatter as text
                yield f"research theme {theme}", [p for p in files if any(
                    line.startswith("themes:") and theme in line for line in p.read_text(encoding="utf-8").splitlines())]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--research", type=Path, default=SHARED / "research")
    parser.add_argument("--later", type=Path, default=SHARED / "later")
    parser.add_argument("--seeds", type=int, default=6)
    args = parser.parse_args(argv)
    failing = 0
    for name, files in subsets(args.research, args.later, args.seeds):
        changed = twice(files)
        failing += bool(changed)
        print(f"{name}: {len(files)} items, second build changes {len(changed)} lines")
        for line in changed:
            print(f"    {line[:160]}")
    print(f"{failing} subsets whose second build changed the graph or manifest")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
