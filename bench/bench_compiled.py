"""What compiling the read stage with mypyc buys (issue 24, speed124): compile, compare, time.

    .venv/bin/python bench/bench_compiled.py [--corpus ../shared/corpus/research] [--repeat 3] [--cachegrind K] [--compiled DIR]

Copies this tree's ``kgsync/`` and ``pyproject.toml`` into a temporary folder and compiles ``MODULES``
there with mypyc (part of mypy, a test dependency; a C compiler and the Python headers are needed),
printing the compile's wall and CPU time.  Extension modules beside the ``.py`` files win the import,
so that folder on ``PYTHONPATH`` is the compiled kgsync.  Then, each in a child process of its own,
pure (this tree) and compiled alternated:

- the read stage of the corpus in one process (``parse_all(jobs, 1)``, after the imports and the
  data tables' load): its CPU time, the median of ``--repeat`` runs;
- a fresh build of the corpus and of the bundled example: their graphs and manifests compared byte
  for byte.

The children are held to one CPU (``sched_setaffinity``), so no build forks a read worker: a compiled
frozen dataclass is unpickled by ``setattr``, which its class refuses (``FrozenInstanceError``), so the
records a forked worker sends back would not arrive (docs/COMPILED.md).
``--cachegrind K``: the instructions of that read stage over the first K items under valgrind's
cachegrind, minus a run over none (imports and tables), split by where they go (the regex engine,
the interpreter loop, ...): a figure the machine's load does not move.

Nothing in the repo is touched.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent

#: What is compiled: the read stage's per-item work (extraction, item reading), less the modules that
#: copy or extend an instance's ``__dict__`` (``evidence_model``: ``Mention.but``, ``ClaimText``'s cached
#: property) or set a frozen field (``record``), which a compiled class has not or refuses, and the
#: configuration (``config``: ``option()`` is typed as its default's type, and a compiled class checks
#: that type when the class is made, so importing it fails).
EXCLUDED = ("kgsync/extract/evidence_model.py", "kgsync/extract/record.py", "kgsync/read/config.py")
PACKAGES = ("kgsync/extract", "kgsync/read")


def modules(tree: Path) -> list[str]:
    return [str(p.relative_to(tree)) for package in PACKAGES for p in sorted((tree / package).glob("*.py"))
            if str(p.relative_to(tree)) not in EXCLUDED]


def compile_tree(tree: Path) -> tuple[float, float]:
    """``tree``: a copy of this tree's kgsync with ``modules`` compiled in place; (wall s, CPU s)."""
    shutil.copytree(REPO_ROOT / "kgsync", tree / "kgsync", ignore=shutil.ignore_patterns("__pycache__", "*.so"), dirs_exist_ok=True)
    shutil.copy(REPO_ROOT / "pyproject.toml", tree)  # mypy's configuration (strict), which mypyc reads
    mypyc = [sys.executable, "-c", "import sys; from mypyc.__main__ import main; sys.exit(main())"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(mypyc + modules(tree), cwd=tree, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"mypyc failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def child(args: argparse.Namespace) -> None:
    """--child: in the tree on PYTHONPATH, one read stage timed (``read``) or one build (``build``)."""
    import gc

    import kgsync
    from kgsync.extract import derived, topics
    from kgsync.pipeline.reading import parse_all

    corpus = Path(args.corpus)
    files = sorted(corpus.glob("*.md"))
    if args.child == "read":
        jobs = [(p.read_bytes(), p.name, p.stem) for p in files[: args.count]]
        topics.load()
        derived.load()
        gc.disable()  # as the build's read stage runs
        cpu = time.process_time()
        parse_all(jobs, 1)
        print(json.dumps({"cpu_s": time.process_time() - cpu, "module": kgsync.extract.mining.__file__}))
        return
    from kgsync.pipeline import stages
    from kgsync.read import config

    out = Path(args.out)
    overrides = {"graph": str(out / "memory.jsonl"), "cache_dir": str(out / "cache")}
    if corpus.name != "research-repo":  # a folder of items; the example is a repo with its kgsync.yml
        overrides["items"] = str(corpus / "*.md")
        if (themes := corpus.parent / "themes-vocabulary.md").exists():
            overrides["themes_vocabulary"] = str(themes)
    stages.build(config.load(corpus if corpus.name == "research-repo" else out).with_overrides(**overrides))
    print(json.dumps({"module": kgsync.extract.mining.__file__}))


def run_child(tree: Path, *argv: str) -> dict[str, object]:
    one_cpu = {min(os.sched_getaffinity(0))}
    done = subprocess.run([sys.executable, __file__, *argv], capture_output=True, text=True, cwd=tree,
                          env={**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"},
                          preexec_fn=lambda: os.sched_setaffinity(0, one_cpu))
    if done.returncode != 0:
        raise SystemExit(f"the child failed in {tree}:\n{done.stderr[-3000:]}")
    figures: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def compare_builds(trees: dict[str, Path], corpus: Path, work: Path) -> list[str]:
    """Build ``corpus`` and the example with each tree; a line per output: same bytes or not."""
    lines = []
    example = work / "research-repo"  # the name the child takes for a repo (its kgsync.yml), not a folder of items
    shutil.copytree(REPO_ROOT / "examples" / "research-repo", example, ignore=shutil.ignore_patterns("site"))
    for name, source in (("corpus", corpus), ("example", example)):
        outs = {}
        for label, tree in trees.items():
            out = work / f"{name}-{label}"
            out.mkdir()
            figures = run_child(tree, "--child", "build", "--corpus", str(source), "--out", str(out))
            assert str(figures["module"]).startswith(str(tree)), figures  # the tree meant was imported
            outs[label] = out
        for file in ("memory.jsonl", "memory.kgsync.json"):
            same = (outs["pure"] / file).read_bytes() == (outs["compiled"] / file).read_bytes()
            lines.append(f"| {name} {file} | {'byte-identical' if same else 'DIFFERS'} |")
    return lines


def cachegrind(trees: dict[str, Path], corpus: Path, count: int, work: Path) -> list[str]:
    """Instructions of the read stage over ``count`` items, less those over none, by where they go."""
    totals: dict[str, collections.Counter[str]] = {}
    for label, tree in trees.items():
        by_place: collections.Counter[str] = collections.Counter()
        for items, sign in ((count, 1), (0, -1)):
            out = work / f"cg.{label}.{items}"
            subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
                            sys.executable, __file__, "--child", "read", "--corpus", str(corpus), "--count", str(items)],
                           check=True, capture_output=True, cwd=tree, env={**os.environ, "PYTHONPATH": str(tree),
                                                                           "PYTHONHASHSEED": "0"})
            for place, n in _instructions(out).items():
                by_place[place] += sign * n
        totals[label] = by_place
    return instruction_rows(totals, count)


def instruction_rows(totals: dict[str, collections.Counter[str]], count: int) -> list[str]:
    """The table of ``cachegrind``: a row per kind of code, pure and compiled (places only compiled code has too)."""
    rows = [f"| instructions over {count} items (G) | pure | compiled |", "|---|---:|---:|"]
    for place in sorted(totals["pure"].keys() | totals["compiled"].keys(), key=lambda p: (-totals["pure"][p], p)):
        rows.append(f"| {place} | {totals['pure'][place] / 1e9:.2f} | {totals['compiled'][place] / 1e9:.2f} |")
    pure, compiled = (sum(totals[label].values()) for label in ("pure", "compiled"))
    rows.append(f"| total | {pure / 1e9:.2f} | {compiled / 1e9:.2f} ({compiled / pure - 1:+.0%}) |")
    return rows


def _instructions(path: Path) -> collections.Counter[str]:
    """A cachegrind file's instruction counts by the kind of code (the source file names say it)."""
    counts: collections.Counter[str] = collections.Counter()
    place = ""
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith("fl="):
            place = _place(line[3:])
        elif line[:1].isdigit() and len(fields := line.split()) >= 2:
            counts[place] += int(fields[1])
    return counts


def _place(source: str) -> str:
    for words, place in ((("_sre",), "regex engine"), (("ceval.c",), "interpreter loop"),
                         (("mypyc/lib-rt",), "mypyc runtime"), (("__native", "build/"), "compiled kgsync"),
                         (("unicode", "stringlib", "bytes"), "str and bytes methods"),
                         (("dictobject", "setobject", "pyhash"), "dicts, sets, hashing"),
                         (("obmalloc", "malloc", "gcmodule", "memmove", "memset"), "memory")):
        if any(word in source for word in words):
            return place
    return "other C (calls, objects, ...)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=REPO_ROOT.parent / "shared" / "corpus" / "research")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cachegrind", type=int, metavar="K", default=0, help="instructions over the first K items")
    parser.add_argument("--compiled", type=Path, metavar="DIR",
                        help="compile into DIR and keep it; a DIR compiled before is used as it is")
    parser.add_argument("--child", choices=("read", "build"), help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return 0
    corpus = args.corpus.resolve()
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        compiled = args.compiled.resolve() if args.compiled else work / "compiled"
        if any(compiled.glob("kgsync/extract/*.so")):
            print(f"load {os.getloadavg()[0]:.1f}; compiled tree {compiled}, compiled before\n")
        else:
            wall, cpu = compile_tree(compiled)
            print(f"load {os.getloadavg()[0]:.1f}; mypyc over {len(modules(compiled))} modules: {wall:.0f} s wall, {cpu:.0f} s CPU\n")
        trees = {"pure": REPO_ROOT, "compiled": compiled}
        print("| output | pure vs compiled |\n|---|---|")
        print("\n".join(compare_builds(trees, corpus, work)))
        cpus: dict[str, list[float]] = {"pure": [], "compiled": []}
        for _ in range(args.repeat):
            for label, tree in trees.items():
                figures = run_child(tree, "--child", "read", "--corpus", str(corpus))
                cpus[label].append(float(str(figures["cpu_s"])))
        pure, fast = (statistics.median(cpus[label]) for label in ("pure", "compiled"))
        print(f"\nread stage, one process, {corpus.name} (load {os.getloadavg()[0]:.1f}): CPU pure {pure:.2f} s, "
              f"compiled {fast:.2f} s ({fast / pure - 1:+.0%}); runs {cpus}")
        if args.cachegrind:
            print()
            print("\n".join(cachegrind(trees, corpus, args.cachegrind, work)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
