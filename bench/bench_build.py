"""Build benchmarks: prints a Markdown table of figures against the goals.

    .venv/bin/python bench/bench_build.py [--corpus ../shared/corpus/research] [--count 10000]
    .venv/bin/python bench/bench_build.py --ci-only DIR [--count 10000]   # (d) alone, ~1 min a run

(a) Real corpus: time reading every item file and parsing it with
    ``frontmatter.loads`` (the floor any tool pays), then a full
    ``kgsync.pipeline.stages.build`` with a fresh cache; goal: build <= 1.5 s.
(b) Synthetic corpus of --count items (bench/gen_corpus.py; items that cite earlier items in their
    text as the real corpus does, ``--no-citations`` the earlier rounds' items that name none): full
    build with a fresh cache in a child process; goal <= 20 s and peak RSS <= 1 GiB
    (``resource.getrusage(RUSAGE_CHILDREN).ru_maxrss`` of that child).
(c) Reword one item's first finding, rebuild (warm cache); goal < 2 s.  Also a no-op rebuild,
    which must leave the graph byte-identical.
(d) A fresh cache over the committed graph and manifest of those items (what a CI runner does on
    every merge: its checkout holds both files, its cache is empty): full build in a child
    process; goal: peak RSS <= 1 GiB (the child's own ``ru_maxrss``), and the graph unchanged.
    ``--ci-only DIR`` runs (d) alone over the project in DIR (kept between runs): the first run
    generates --count items there and builds them once (that graph and manifest are the committed
    ones; not timed), every run then times (d) with a cache never used and checks that both files
    kept their bytes.

Each build also prints where its time went (``BuildResult.timings``: read,
select, assemble, merge, lint, write), and (a) the one-process cost of
kgsync's own per-file parse and extraction next to the floor: the part of a
build that no cache or vocabulary reuse can skip on a fresh build.

Builds write into a temporary folder, their caches outside the built folder (as the default
cache is outside the checkout); nothing in the repo is touched.  The machine's load average
is printed with the figures: on a shared machine they move with it.
Paths are relative to the repo root.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

REPO_ROOT = Path(__file__).resolve().parent.parent
# This tree's kgsync first, in this process and in the child builds (which run this file): an
# editable install of another checkout would otherwise be measured in its place.
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "bench"))

import gen_corpus  # noqa: E402  (bench/ is not a package)

GIB = 1024**3


@dataclass(frozen=True)
class Row:
    what: str
    figure: str
    goal: str = ""
    ok: bool | None = None


def config_for(root: Path, items: str, graph: Path, cache: Path, themes: Path | None):
    from kgsync.read import config

    overrides = {"items": items, "graph": str(graph), "cache_dir": str(cache)}
    if themes is not None:
        overrides["themes_vocabulary"] = str(themes)
    return config.load(root).with_overrides(**overrides)


def child_build(args: argparse.Namespace) -> NoReturn:
    """--child: one build, timed inside the process; prints one JSON line."""
    started = time.perf_counter()
    from kgsync.pipeline import stages

    imported = time.perf_counter()
    cfg = config_for(Path(args.root), args.items, Path(args.graph), Path(args.cache),
                     Path(args.themes) if args.themes else None)
    result = stages.build(cfg)
    done = time.perf_counter()
    print(json.dumps({
        "build_s": done - imported,
        "import_s": imported - started,
        # Counted from the file's lines on the incremental path: asking for the graph would parse it.
        "entities": result.sizes[0],
        "relations": result.sizes[1],
        "wrote": result.wrote,
        "incremental": result.incremental,
        "self_maxrss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "timings": result.timings,
    }))
    # Ended as the CLI ends a build (``kgsync.cli.main.main``): the process wall is a user's.
    sys.stdout.flush()
    os._exit(0)


def run_child(root: Path, items: str, graph: Path, cache: Path, themes: Path | None,
              bytecode: Path | None = None) -> tuple[dict, float]:
    """One build in a child process: its figures, its wall time (start to exit) and, as ``cpu_s``,
    its CPU time (user + system, with the processes it waited for)."""
    cmd = [sys.executable, __file__, "--child", "--root", str(root), "--items", items,
           "--graph", str(graph), "--cache", str(cache)] + (["--themes", str(themes)] if themes else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT, env=child_env(bytecode))
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"build failed in the child process (exit {done.returncode})")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    figures["cpu_s"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return figures, wall


def child_env(bytecode: Path | None) -> dict[str, str]:
    """The child builds' environment: this one, with kgsync's bytecode written to and read from
    ``bytecode`` (a folder of the bench's own, so the tree is not touched) even where this shell
    sets PYTHONDONTWRITEBYTECODE.  Without it every child compiled kgsync's ~250 modules from source
    again (~0.12 s of CPU per process at the 10,000-item rebuild), which no installed kgsync pays:
    pip compiles them at install, and a checkout run from source writes its ``__pycache__`` on the
    first run.  A first child that only imports kgsync writes them (``bench_synthetic``); the timed
    builds read them, as a user's do."""
    env = dict(os.environ)
    if bytecode is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    return env


def bench_real_corpus(corpus: Path, work: Path, repeat: int = 3) -> list[Row]:
    """(a): the floor and the fresh build, each the median of ``repeat`` runs, interleaved
    so that both see the same machine (the figures move ±30 % on a shared 2-core box)."""
    import frontmatter

    from kgsync.pipeline import stages

    from kgsync.pipeline.reading import parse_all
    from kgsync.extract.findings import extract
    from kgsync.read.items import read_item_bytes

    files = sorted(p for p in corpus.glob("*.md"))
    themes = corpus.parent / "themes-vocabulary.md"
    floors: list[float] = []
    parses: list[float] = []
    extracts: list[float] = []
    reads: list[float] = []
    read_cpus: list[float] = []
    builds: list[tuple[float, tuple[tuple[str, float], ...]]] = []
    result = None
    for run in range(repeat):
        started = time.perf_counter()
        for path in files:
            text = path.read_text(encoding="utf-8")
            try:
                frontmatter.loads(text)
            except Exception:  # a README or a broken item: the floor still read it
                pass
        floors.append(time.perf_counter() - started)
        # kgsync's own per-file work that a fresh build cannot skip, in this one process, with the
        # cyclic collector off as ``stages.build`` and its worker processes run it.  With it on, each
        # full collection (nine over the 220 items, 60-80 ms each as the caches grow) lands on the
        # item parsed then: ~0.5 s the build never pays, and "dear" items that change with the order.
        gc.disable()
        started = time.perf_counter()
        parsed = [read_item_bytes(path.read_bytes(), path.name, path.stem) for path in files]
        parses.append(time.perf_counter() - started)
        started = time.perf_counter()
        for item, _issues in parsed:
            if item is not None:
                extract(item)
        extracts.append(time.perf_counter() - started)
        # the whole read stage (parse, extract, mine: ``parse_record``) in this one process: the
        # figure the build's "read" stage, spread over two processes, is compared with
        jobs = [(path.read_bytes(), path.name, path.stem) for path in files]
        started, cpu = time.perf_counter(), time.process_time()
        parse_all(jobs, 1)
        reads.append(time.perf_counter() - started)
        read_cpus.append(time.process_time() - cpu)
        gc.enable()
        (work / f"run{run}").mkdir(parents=True, exist_ok=True)
        cfg = config_for(work / f"run{run}", str(corpus / "*.md"), work / f"run{run}" / "real.jsonl",
                         work / f"real-cache{run}", themes if themes.exists() else None)
        started = time.perf_counter()
        result = stages.build(cfg)
        builds.append((time.perf_counter() - started, result.timings))
    started = time.perf_counter()
    stages.build(cfg)
    warm = time.perf_counter() - started
    floor, parse, extracting, reading = (statistics.median(x) for x in (floors, parses, extracts, reads))
    build, stages = sorted(builds)[len(builds) // 2]
    ratio = build / floor
    assert result is not None
    return [
        Row(f"(a) read + frontmatter.loads, {len(files)} files (median of {repeat})", f"{floor:.2f} s"),
        Row(f"(a) full build, fresh cache ({len(result.graph.entities)} entities, "
            f"{len(result.graph.relations)} relations; median of {repeat})", f"{build:.2f} s"),
        Row("(a) full build, fresh cache, against its goal", f"{build:.2f} s", "<= 1.5 s", build <= 1.5),
        Row("(a) build / read+parse", f"{ratio:.2f}x"),
        Row("(a) that build by stage (read = parse, extract, mine; 2 processes)", stage_text(stages)),
        Row("(a) one process: kgsync's parse (frontmatter, sections, checks)",
            f"{parse:.2f} s ({parse / floor:.1f}x the floor)"),
        Row("(a) one process: parse + claim and link extraction, no mining",
            f"{parse + extracting:.2f} s ({(parse + extracting) / floor:.1f}x the floor)"),
        Row("(a) one process: parse + extract + mine (the whole read stage)",
            f"{reading:.2f} s, {statistics.median(read_cpus):.2f} s CPU ({reading / floor:.1f}x the floor)"),
        Row("(a) no-op rebuild, warm cache", f"{warm:.2f} s"),
    ]


def stage_text(timings) -> str:
    return ", ".join(f"{stage} {seconds:.2f}" for stage, seconds in timings) + " s"


def bench_synthetic(count: int, work: Path, citations: bool = True) -> list[Row]:
    root = work / "synthetic"
    items_dir = root / "Research" / "completed"
    started = time.perf_counter()
    paths = gen_corpus.generate(items_dir, count, citations=citations)
    generated = time.perf_counter() - started
    size = sum(p.stat().st_size for p in paths)
    graph, cache = root / "memory.jsonl", work / "synthetic-cache"
    items = "Research/completed/*.md"

    # The bytecode the child builds read (``child_env``), written before any is timed.
    bytecode = work / "bytecode"
    subprocess.run([sys.executable, "-c", "import kgsync.pipeline.stages, kgsync.read.config"], check=True,
                   cwd=REPO_ROOT, env=child_env(bytecode))
    # (b) the first build of this process (after that small import): RUSAGE_CHILDREN's peak is this build's peak.
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    full, full_wall = run_child(root, items, graph, cache, None, bytecode)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert before == 0 or peak_kib >= before
    peak = peak_kib * 1024  # Linux reports KiB

    first = graph.read_bytes()
    noop, noop_wall = run_child(root, items, graph, cache, None, bytecode)
    identical = graph.read_bytes() == first

    # (c) change one item: reword its first stated finding (a claim: within the claim cap), in the
    # middle of the corpus.  Adding a finding past the cap would change no byte of the graph.
    target = paths[len(paths) // 2]
    target.write_text(reword_first_finding(target.read_text(encoding="utf-8")), encoding="utf-8")
    one, one_wall = run_child(root, items, graph, cache, None, bytecode)
    changed = graph.read_bytes() != first

    # (d) the committed graph and manifest of (c), a cache never used: the old graph is merged in full.
    committed = graph.read_bytes()
    ci, ci_wall = run_child(root, items, graph, work / "synthetic-cache-ci", None, bytecode)
    ci_peak = ci["self_maxrss_kib"] * 1024
    ci_same = graph.read_bytes() == committed

    return [
        Row(f"(b) generate {count} items ({size / 1e6:.0f} MB)", f"{generated:.1f} s"),
        Row(f"(b) full build, fresh cache ({full['entities']} entities, {full['relations']} relations)",
            f"{full['build_s']:.1f} s (process {full_wall:.1f} s)", "<= 20 s", full_wall <= 20),
        Row("(b) full build by stage", stage_text(full["timings"])),
        Row("(b) peak memory of the build process", f"{peak / 2**20:.0f} MiB", "<= 1 GiB", peak <= GIB),
        Row("(b) no-op rebuild, warm cache", f"{noop['build_s']:.2f} s (process {noop_wall:.2f} s, "
            f"{noop['cpu_s']:.2f} s CPU)"),
        Row("(b) no-op rebuild leaves the graph byte-identical", "yes" if identical else "NO", "yes", identical),
        Row("(b) no-op rebuild by stage", stage_text(noop["timings"])
            + (" (incremental)" if noop.get("incremental") else " (full merge and lint)")),
        Row("(c) one item's first finding reworded, rebuild",
            f"{one['build_s']:.2f} s (process {one_wall:.2f} s, {one['cpu_s']:.2f} s CPU)", "<= 2 s", one_wall <= 2),
        Row("(c) that rebuild by stage", stage_text(one["timings"])
            + (" (incremental)" if one.get("incremental") else " (full merge and lint)")),
        Row("(c) the graph changed", "yes" if changed else "NO", "yes", changed),
        Row("(d) fresh cache over the committed graph and manifest (CI), rebuild",
            f"{ci['build_s']:.1f} s (process {ci_wall:.1f} s, {ci['cpu_s']:.1f} s CPU)"),
        Row("(d) that rebuild by stage", stage_text(ci["timings"])),
        Row("(d) peak memory of that build process", f"{ci_peak / 2**20:.0f} MiB", "<= 1 GiB", ci_peak <= GIB),
        Row("(d) that rebuild leaves the graph byte-identical", "yes" if ci_same else "NO", "yes", ci_same),
    ]


def bench_ci_only(root: Path, count: int, work: Path, citations: bool = True) -> list[Row]:
    """(d) alone, over the project kept in ``root`` (generated and built once on the first run)."""
    items, graph = "Research/completed/*.md", root / "memory.jsonl"
    # A bytecode folder of the caller's (PYTHONPYCACHEPREFIX: the same for the trees compared), else the project's.
    bytecode = None if os.environ.get("PYTHONPYCACHEPREFIX") else root / "bytecode"
    if not graph.exists():
        gen_corpus.generate(root / "Research" / "completed", count, citations=citations)
        run_child(root, items, graph, root / "first-cache", None, bytecode)
    manifest = graph.with_name("memory.kgsync.json")
    committed = graph.read_bytes(), manifest.read_bytes()
    ci, ci_wall = run_child(root, items, graph, work / "ci-cache", None, bytecode)
    same = (graph.read_bytes(), manifest.read_bytes()) == committed
    return [
        Row(f"(d) fresh cache over the committed graph and manifest ({ci['entities']} entities), rebuild",
            f"{ci['build_s']:.1f} s (process {ci_wall:.1f} s, {ci['cpu_s']:.1f} s CPU)"),
        Row("(d) that rebuild by stage", stage_text(ci["timings"])),
        Row("(d) peak memory of that build process", f"{ci['self_maxrss_kib'] / 1024:.0f} MiB", "<= 1 GiB",
            ci["self_maxrss_kib"] * 1024 <= GIB),
        Row("(d) graph and manifest byte-identical", "yes" if same else "NO", "yes", same),
    ]


def reword_first_finding(text: str) -> str:
    """``text`` with its first Key Finding reworded (a word added to its statement)."""
    start = text.index("\n", text.index("\n1. ", text.index("Key Findings\n")) + 1)
    line_start = text.rindex("\n", 0, start - 1) + 1
    line = text[line_start:start]
    reworded = line.replace(" improves ", " reliably improves ", 1) if " improves " in line else \
        line.replace("1. ", "1. Measured again: ", 1)
    return text[:line_start] + reworded + text[start:]


def table(rows: list[Row]) -> str:
    lines = ["| measurement | figure | goal | met |", "|---|---|---|---|"]
    for row in rows:
        met = "" if row.ok is None else ("yes" if row.ok else "**no**")
        lines.append(f"| {row.what} | {row.figure} | {row.goal} | {met} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default="../shared/corpus/research", help="real corpus, relative to the repo root")
    parser.add_argument("--count", type=int, default=10_000, help="synthetic items for (b) and (c)")
    parser.add_argument("--no-citations", action="store_true",
                        help="synthetic items that name no item in their text (gen_corpus.py --no-citations: "
                             "the items of the rounds before the forty-fifth)")
    parser.add_argument("--skip-real", action="store_true")
    parser.add_argument("--skip-synthetic", action="store_true")
    parser.add_argument("--ci-only", metavar="DIR", help="run (d) alone over the project kept in DIR")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    for hidden in ("--root", "--items", "--graph", "--cache", "--themes"):
        parser.add_argument(hidden, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child_build(args)

    sys.path.insert(0, str(REPO_ROOT))
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="kgsync-bench-") as tmp:
        work = Path(tmp)
        if args.ci_only:
            rows += bench_ci_only(Path(args.ci_only).resolve(), args.count, work, not args.no_citations)
        elif not args.skip_synthetic:  # first: its build must be this process's first child
            rows += bench_synthetic(args.count, work, not args.no_citations)
        if not args.skip_real and not args.ci_only:
            corpus = (REPO_ROOT / args.corpus).resolve()
            if not corpus.is_dir():
                print(f"corpus not found: {corpus} (fix: --corpus PATH)", file=sys.stderr)
                return 2
            rows += bench_real_corpus(corpus, work)
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"kgsync build benchmarks ({os.cpu_count()} CPUs, Python {sys.version.split()[0]}, "
          f"load average {load} (1/5/15 min) at the end)\n")
    print(table(rows))
    return 0 if all(r.ok is not False for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
