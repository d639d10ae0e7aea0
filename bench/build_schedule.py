"""Where a fresh build's wall time goes, phase by phase, and which process spends it (issue 24, speed119).

    .venv/bin/python bench/build_schedule.py [--corpus ../shared/corpus/research] [--repeat 3] [--one-process]
    .venv/bin/python bench/build_schedule.py --count 10000 [--repeat 1]     # synthetic items (bench/gen_corpus.py)

Each run is ``kgsync build`` of the corpus (its themes vocabulary beside it, when there is one) with a
fresh cache, in a child process of its own, so the figures hold the imports and the build's data
tables as a user's build pays them (a first, untimed run writes the bytecode of every module it
imports, the standard library's too, to a folder of the bench's; the interpreter's own start, ~0.02 s,
is not counted).  The child wraps, in its own memory, the functions each phase is (``PHASES``) and
times them on the wall clock and on its own CPU clock; the forked processes' CPU is the children's
(``getrusage``): the read's worker once it is waited for, the cache saves after.  The read's *tail*
is the calling process waiting for the worker's last results after its own last chunk.
``--one-process``: the child may use one CPU (``sched_setaffinity``), so the build forks nothing.
``--count N``: N synthetic items (``bench/gen_corpus.py``, no theme vocabulary) in place of the corpus.

The phases nest: an indented phase ("  assemble: evidence plan") is part of the one above it.  The
read's split over its processes (``kgsync.pipeline.spread``: the calling process takes chunks from
the front, a forked worker from the back) is its own table, per process (speed205): items parsed,
the wall and CPU of the parse itself, the CPU of sending records (the worker's ``pickle.dumps``) and
of receiving them (the calling process's ``pickle.loads``), and the worker's lifetime (fork to exit)
against its CPU: a core busy all along spends as much CPU as wall.

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
    ("  select: acronym map", "kgsync.vocabulary.vocab", "acronym_map"),
    ("  select: candidates grouped", "kgsync.vocabulary.vocab", "_group_candidates"),
    ("  select: each item's choice", "kgsync.vocabulary.vocab", "_choices"),
    ("  select: surfaces of the choosers", "kgsync.vocabulary.vocab", "_surfaces_of_choosers"),
    ("  select: near-duplicate merges", "kgsync.vocabulary.vocab", "merge_chosen_groups"),
    ("  select: terms and their uses", "kgsync.vocabulary.vocab", "vocabulary_of"),
    ("    terms: kind, written as a theory", "kgsync.vocabulary.kept", "theory_kind"),
    ("    terms: kind, written as a task", "kgsync.vocabulary.kept", "task_kind"),
    ("  select: topics", "kgsync.vocabulary.vocab", "select_topics"),
    ("  select: hubs' items", "kgsync.vocabulary.vocab", "items_addressing_hubs"),
    ("  select: hubs' nodes", "kgsync.vocabulary.vocab", "with_hubs"),
    ("  select: named tails", "kgsync.vocabulary.vocab", "with_named_tails"),
    ("  select: acronym readings", "kgsync.vocabulary.vocab", "item_readings"),
    ("  select: hub folding", "kgsync.pipeline.cache.selection", "hub_folding"),
    ("assemble", "kgsync.pipeline.stages", "assemble_facts"),
    ("  assemble: context (term choice)", "kgsync.pipeline.assembling", "context"),
    ("  assemble: evidence texts", "kgsync.pipeline.assembling", "EvidenceTexts.of"),
    ("  assemble: evidence plan", "kgsync.pipeline.assembling", "plan_evidence"),
    ("  assemble: facts (half forked)", "kgsync.pipeline.assembling", "memoised_assembly"),
    ("merge", "kgsync.pipeline.checking", "merge_into"),
    ("lint", "kgsync.pipeline.checking", "first_report"),
    ("  lint stage: whole findings", "kgsync.pipeline.stages", "WholeFindings.of"),
    ("  lint stage: statements", "kgsync.pipeline.stages", "whole_statements"),
    ("  lint stage: named items", "kgsync.pipeline.stages", "named_items"),
    ("  lint stage: shares", "kgsync.pipeline.stages", "_shares"),
    ("  lint stage: graph bytes", "kgsync.contract.jsonl", "dumps_bytes"),
    ("  lint stage: manifest bytes", "kgsync.graph.manifest", "Manifest.encoded"),
    ("  lint stage: waiting for the lint", "kgsync.pipeline.merge_paths", "Linting.finished"),
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

    me = os.getpid()
    forked_laps = Path(work, "forked-laps.jsonl")

    def add(phase: str, wall: float, cpu: float) -> None:
        if os.getpid() != me:  # a phase run in a forked child (the lint's): said through a file
            with forked_laps.open("a") as out:
                out.write(json.dumps([f"{phase} (forked child)", wall, cpu]) + "\n")
            return
        lap = laps.setdefault(phase, [0.0, 0.0])
        lap[0] += wall
        lap[1] += cpu

    import kgsync.cli.main  # noqa: F401  (what ``kgsync build`` imports before it builds)
    from kgsync.pipeline import spread, stages
    from kgsync.read import config

    add("imports", time.perf_counter() - started[0], time.process_time() - started[1])
    for phase, _, _ in PHASES:  # in this order in the table, a nested phase after its own
        laps.setdefault(phase, [0.0, 0.0])
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
    split = _read_split(work)
    cfg = config.load(Path(work)).with_overrides(
        items=corpus, graph=str(Path(work) / "memory.jsonl"), cache_dir=str(Path(work) / "cache"),
        **({"themes_vocabulary": str(themes)} if (themes := Path(corpus).parent / "themes-vocabulary.md").exists() else {}))
    wall, cpu = time.perf_counter(), time.process_time()
    result = stages.build(cfg)
    add("build", time.perf_counter() - wall, time.process_time() - cpu)
    for stage, seconds in result.timings:
        laps[f"stage {stage} (wall)"] = [seconds, 0.0]
    if forked_laps.exists():
        for line in forked_laps.read_text().splitlines():
            phase, wall, cpu = json.loads(line)
            add(phase, wall, cpu)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    mine = resource.getrusage(resource.RUSAGE_SELF)
    laps["forked processes (worker, saves)"] = [0.0, children.ru_utime + children.ru_stime]
    laps["process total (from start)"] = [time.perf_counter() - started[0], mine.ru_utime + mine.ru_stime]
    laps["minor page faults (calling process, thousands)"] = [mine.ru_minflt / 1000, children.ru_minflt / 1000]
    print(json.dumps({"laps": laps, "split": split()}))
    sys.stdout.flush()
    os._exit(0)  # as the CLI ends a build


def _read_split(work: str):  # type: ignore[no-untyped-def]
    """Counts, per process, of the read stage's spread (``kgsync.pipeline.spread``); returns the
    function that gathers them after the build (the worker writes its own to a file as it exits)."""
    import pickle
    import types

    from kgsync.pipeline import reading, spread

    stats: dict[str, float] = {}

    def add(key: str, value: float) -> None:
        stats[key] = stats.get(key, 0.0) + value

    parse = reading._parse

    def timed_parse(job):  # type: ignore[no-untyped-def]
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return parse(job)
        finally:
            add("items", 1)
            add("parse wall s", time.perf_counter() - wall)
            add("parse CPU s", time.process_time() - cpu)

    def timed_dumps(value, protocol):  # type: ignore[no-untyped-def]
        cpu = time.process_time()
        data = pickle.dumps(value, protocol)
        add("send (pickle.dumps) CPU s", time.process_time() - cpu)
        add("sent MB", len(data) / 1e6)
        return data

    def timed_loads(data):  # type: ignore[no-untyped-def]
        cpu = time.process_time()
        try:
            return pickle.loads(data)
        finally:
            add("receive (pickle.loads) CPU s", time.process_time() - cpu)

    work_ = spread._work

    def timed_work(*args):  # type: ignore[no-untyped-def]
        stats.clear()  # the worker's own, from its fork on
        wall, cpu = time.perf_counter(), time.process_time()
        exit_ = os._exit

        def exit_with_stats(code: int) -> None:
            stats["lifetime wall s"] = time.perf_counter() - wall
            stats["lifetime CPU s"] = time.process_time() - cpu
            Path(work, "worker-split.json").write_text(json.dumps(stats))
            exit_(code)

        os._exit = exit_with_stats  # type: ignore[assignment]  (the forked worker's own os module)
        work_(*args)

    forked = spread._forked

    def timed_forked(*args):  # type: ignore[no-untyped-def]
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return forked(*args)
        finally:
            stats["lifetime wall s"] = time.perf_counter() - wall
            stats["lifetime CPU s"] = time.process_time() - cpu

    reading._parse = timed_parse  # type: ignore[assignment]
    spread.pickle = types.SimpleNamespace(dumps=timed_dumps, loads=timed_loads,  # type: ignore[assignment]
                                          HIGHEST_PROTOCOL=pickle.HIGHEST_PROTOCOL)
    spread._work = timed_work  # type: ignore[assignment]
    spread._forked = timed_forked  # type: ignore[assignment]

    def gathered() -> dict[str, dict[str, float]]:
        worker = Path(work, "worker-split.json")
        return {"calling process": dict(stats), **({"worker": json.loads(worker.read_text())} if worker.exists() else {})}

    return gathered


def split_table(runs: list[dict[str, dict[str, float]]]) -> str:
    """A Markdown table of the read's split: each figure's median over ``runs``, per process."""
    names = sorted({name for run in runs for name in run})
    keys = list(dict.fromkeys(key for run in runs for process in run.values() for key in process))
    lines = ["| read stage, per process | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for key in keys:
        cells = [statistics.median([run[name].get(key, 0.0) for run in runs if name in run]) for name in names]
        lines.append(f"| {key} | " + " | ".join(f"{cell:.3f}" if key != "items" else f"{cell:.0f}" for cell in cells) + " |")
    return "\n".join(lines)


def run(corpus: Path, one_process: bool, bytecode: Path) -> dict[str, dict[str, list[float]]]:
    with tempfile.TemporaryDirectory() as work:
        env = {**child_env(bytecode), "PYTHONPATH": str(REPO_ROOT)}
        one_cpu = {min(os.sched_getaffinity(0))}
        done = subprocess.run([sys.executable, __file__, "--child", str(corpus), work], capture_output=True, text=True,
                              env=env, cwd=REPO_ROOT,
                              preexec_fn=(lambda: os.sched_setaffinity(0, one_cpu)) if one_process else None)
        if done.returncode != 0:
            raise SystemExit(f"the build failed:\n{done.stderr[-2000:]}")
        out: dict[str, dict[str, list[float]]] = json.loads(done.stdout.strip().splitlines()[-1])
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=REPO_ROOT.parent / "shared" / "corpus" / "research")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one-process", action="store_true")
    parser.add_argument("--count", type=int, help="build this many synthetic items (bench/gen_corpus.py) instead")
    parser.add_argument("--child", nargs=2, metavar=("CORPUS", "WORK"))
    args = parser.parse_args(argv)
    if args.child:
        child(*args.child)
    with tempfile.TemporaryDirectory() as bytecode, tempfile.TemporaryDirectory() as generated:
        corpus = args.corpus.resolve()
        if args.count:
            import gen_corpus

            corpus = Path(generated) / "items"
            gen_corpus.generate(corpus, args.count)
        run(corpus, args.one_process, Path(bytecode))  # untimed: it writes every module's bytecode
        runs = []
        for _ in range(args.repeat):
            load = os.getloadavg()[0]
            runs.append(run(corpus, args.one_process, Path(bytecode)))
            after = os.getloadavg()[0]
            print(f"run {len(runs)}: load {load:.2f} -> {after:.2f}, build {runs[-1]['laps']['build'][0]:.2f} s wall",
                  file=sys.stderr)
    print(laps_table([run_["laps"] for run_ in runs]))
    print()
    print(split_table([run_["split"] for run_ in runs]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
