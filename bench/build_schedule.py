"""Where a fresh build's wall time goes, phase by phase, and which process spends it (issue 24, speed119).

    .venv/bin/python bench/build_schedule.py [--corpus ../shared/corpus/research] [--repeat 3] [--one-process]

Each run is ``kgsync build`` of the corpus (its themes vocabulary beside it, when there is one) with a
fresh cache, in a child process of its own, so the figures hold the imports and the build's data
tables as a user's build pays them (a first, untimed run writes the bytecode of every module it
imports, the standard library's too, to a folder of the bench's; the interpreter's own start, ~0.02 s,
is not counted).  The child wraps, in its own memory, the functions each phase is (``PHASES``) and
times them on the wall clock and on its own CPU clock; the forked processes' CPU is the children's
(``getrusage``): the read's worker once it is waited for, the cache saves after.  The read's *tail*
is the calling process waiting for the worker's last results after its own last chunk.
``--one-process``: the child may use one CPU (``sched_setaffinity``), so the build forks nothing.

The machine's load is printed with each run: on a shared machine the wall figures move with it, the
CPU figures less.  Nothing in the repo is touched.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "bench"))

from bench_build import child_env  # noqa: E402  (bench/ is not a package; the child builds' environment, one place)

#: (phase, module, attribute): the function whose calls are the phase, from the start of the build on.
PHASES = (
    ("tables before the fork", "kgsync.extract.topics", "load"),
    ("tables before the fork", "kgsync.extract.derived", "load"),
    ("parse (calling process)", "kgsync.pipeline.reading", "spread"),
    ("select", "kgsync.pipeline.cache.selection", "SelectionStore.select"),
    ("assemble", "kgsync.pipeline.stages", "assemble_facts"),
    ("merge", "kgsync.pipeline.stages", "merge_into"),
    ("lint", "kgsync.pipeline.stages", "first_report"),
    ("write", "kgsync.pipeline.stages", "write_graph"),
    ("cache saves started", "kgsync.pipeline.behind", "Behind.save"),
)


def laps_table(runs: list[dict[str, list[float]]]) -> str:
    """A Markdown table of each phase's median wall and CPU seconds over ``runs`` (phase -> [wall, cpu])."""
    lines = ["| phase | wall s | CPU s |", "|---|---:|---:|"]
    for phase in runs[0]:
        walls = [run[phase][0] for run in runs if phase in run]
        cpus = [run[phase][1] for run in runs if phase in run]
        lines.append(f"| {phase} | {statistics.median(walls):.3f} | {statistics.median(cpus):.3f} |")
    return "\n".join(lines)


def child(corpus: str, work: str) -> None:
    """One build, its phases wrapped and timed; prints one JSON line (phase -> [wall, cpu])."""
    import importlib
    import resource

    started = time.perf_counter(), time.process_time()
    laps: dict[str, list[float]] = {}

    def add(phase: str, wall: float, cpu: float) -> None:
        lap = laps.setdefault(phase, [0.0, 0.0])
        lap[0] += wall
        lap[1] += cpu

    import kgsync.cli.main  # noqa: F401  (what ``kgsync build`` imports before it builds)
    from kgsync.pipeline import spread, stages
    from kgsync.read import config

    add("imports", time.perf_counter() - started[0], time.process_time() - started[1])
    for phase, module_name, attribute in PHASES:
        owner = importlib.import_module(module_name)
        path = attribute.split(".")
        for part in path[:-1]:
            owner = getattr(owner, part)
        function = getattr(owner, path[-1])

        def timed(*args, _f=function, _phase=phase, **kwargs):  # type: ignore[no-untyped-def]
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                return _f(*args, **kwargs)
            finally:
                add(_phase, time.perf_counter() - wall, time.process_time() - cpu)

        setattr(owner, path[-1], timed)
    receive = spread._receive

    def timed_receive(read, received, done, wait):  # type: ignore[no-untyped-def]
        wall = time.perf_counter()
        try:
            return receive(read, received, done, wait)
        finally:
            if wait:
                add("read tail (waiting for the worker)", time.perf_counter() - wall, 0.0)

    spread._receive = timed_receive  # type: ignore[assignment]
    cfg = config.load(Path(work)).with_overrides(
        items=corpus, graph=str(Path(work) / "memory.jsonl"), cache_dir=str(Path(work) / "cache"),
        **({"themes_vocabulary": str(themes)} if (themes := Path(corpus).parent / "themes-vocabulary.md").exists() else {}))
    wall, cpu = time.perf_counter(), time.process_time()
    result = stages.build(cfg)
    add("build", time.perf_counter() - wall, time.process_time() - cpu)
    for stage, seconds in result.timings:
        laps[f"stage {stage} (wall)"] = [seconds, 0.0]
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    mine = resource.getrusage(resource.RUSAGE_SELF)
    laps["forked processes (worker, saves)"] = [0.0, children.ru_utime + children.ru_stime]
    laps["process total (from start)"] = [time.perf_counter() - started[0], mine.ru_utime + mine.ru_stime]
    laps["minor page faults (calling process, thousands)"] = [mine.ru_minflt / 1000, children.ru_minflt / 1000]
    print(json.dumps(laps))
    sys.stdout.flush()
    os._exit(0)  # as the CLI ends a build


def run(corpus: Path, one_process: bool, bytecode: Path) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as work:
        env = {**child_env(bytecode), "PYTHONPATH": str(REPO_ROOT)}
        one_cpu = {min(os.sched_getaffinity(0))}
        done = subprocess.run([sys.executable, __file__, "--child", str(corpus), work], capture_output=True, text=True,
                              env=env, cwd=REPO_ROOT,
                              preexec_fn=(lambda: os.sched_setaffinity(0, one_cpu)) if one_process else None)
        if done.returncode != 0:
            raise SystemExit(f"the build failed:\n{done.stderr[-2000:]}")
        laps: dict[str, list[float]] = json.loads(done.stdout.strip().splitlines()[-1])
        return laps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=REPO_ROOT.parent / "shared" / "corpus" / "research")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one-process", action="store_true")
    parser.add_argument("--child", nargs=2, metavar=("CORPUS", "WORK"))
    args = parser.parse_args(argv)
    if args.child:
        child(*args.child)
    with tempfile.TemporaryDirectory() as bytecode:
        run(args.corpus.resolve(), args.one_process, Path(bytecode))  # untimed: it writes every module's bytecode
        runs = []
        for _ in range(args.repeat):
            load = os.getloadavg()[0]
            runs.append(run(args.corpus.resolve(), args.one_process, Path(bytecode)))
            print(f"run {len(runs)}: load {load:.2f}, build {runs[-1]['build'][0]:.2f} s wall", file=sys.stderr)
    print(laps_table(runs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
