"""The fixed costs of a build process outside its per-item work, in instructions (issue 24, speed20).

    .venv/bin/python bench/bench_fixed_costs.py [TREE ...]

For each kgsync source tree (default: this one), under ``valgrind --tool=callgrind`` (the count does
not move with the machine's load, as CPU seconds on this shared host do): a Python that does nothing;
one that imports what ``kgsync build`` imports (``kgsync.cli.main``, ``kgsync.pipeline.stages``); and
one that also does the run-time work a 220-item research build did once whatever its size (the WordNet
table, a Greek letter folded: the look-alike table, the read stage's shared claims, the invisible
characters' search).  Bytecode is written to a prefix beside each tree first, so no figure holds
compiling.  Needs valgrind.  Not a test: it prints figures.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

IMPORTS = """import sys
sys.path.insert(0, sys.argv[1])
import kgsync.cli.main, kgsync.pipeline.stages
assert kgsync.pipeline.stages.__file__.startswith(sys.argv[1])
"""
RUN = IMPORTS + """from kgsync.extract import wordnet, canonical
from kgsync.pipeline import spread
from kgsync.read import item_bytes
wordnet._table()
canonical.fold("\\u03b1\\u03b2 test")
spread._Claims(220, 2).claim(True)
item_bytes.INVISIBLE.search("title: caf\\u00e9\\u200b")
"""


def instructions(script: str, tree: str, env: dict[str, str]) -> int:
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", script, tree], capture_output=True, text=True, env=env, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count: {done.stderr[-500:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    trees = [str(Path(tree).resolve()) for tree in (argv if argv is not None else sys.argv[1:])] or [str(REPO_ROOT)]
    with tempfile.TemporaryDirectory() as prefix:
        env = {**os.environ, "PYTHONPYCACHEPREFIX": prefix}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for tree in trees:
            subprocess.run([sys.executable, "-c", RUN, tree], env=env, check=True)  # the bytecode, untimed
        print(f"python -c pass: {instructions('pass', '', env) / 1e6:,.1f} M instructions")
        for tree in trees:
            imports, run = instructions(IMPORTS, tree, env), instructions(RUN, tree, env)
            print(f"{tree}: imports {imports / 1e6:,.1f} M, imports and the fixed run-time work {run / 1e6:,.1f} M")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
