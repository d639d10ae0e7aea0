"""Site benchmarks: prints a Markdown table of figures against the goals.

    .venv/bin/python bench/bench_site.py [--corpus ../shared/corpus/research] [--count 10000]
                                         [--engine mkdocs|zensical] [--jobs N] [--skip-large] [--graph FILE]
                                         [--large-dir DIR]

(a) Real corpus: build its graph (``kgsync.pipeline.stages.build``, not timed), then
    time ``render_project`` (kgsync's own page generation) and the engine's
    clean build; goal: whole site < 60 s, page generation < 10 % of it.
(b) Synthetic corpus of --count items (bench/gen_corpus.py) through the same
    steps; goal: <= 60 s fresh (page generation + engine build; issue 22).  ``--graph FILE`` uses a graph file
    instead of (a)'s pipeline run (e.g. when measuring a committed graph).  ``--large-dir DIR`` keeps
    (b)'s generated items and graph in DIR (``items/``, ``memory.jsonl``) and reuses them when
    they are there: building the graph of 10,000 items is not part of the figures and costs
    more CPU than the site does.

Everything is written to a temporary folder; nothing in the repo is touched.
Not a test: it prints figures (paste them into the README).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from kgsync.read import config as config_module  # noqa: E402
from kgsync.contract import jsonl  # noqa: E402
from kgsync.read.items import read_corpus  # noqa: E402
from kgsync.contract.model import Graph  # noqa: E402
from kgsync.publish.site.project import build_html, render_project  # noqa: E402


@dataclass(frozen=True)
class Figures:
    label: str
    items: int
    pages: int
    render: float
    build: float
    engine_cpu: float  # the engine's user + system CPU seconds (less sensitive to other work than the wall clock)
    render_cpu: float  # page generation's CPU seconds, its worker processes included
    load: tuple[float, float]  # 1-minute load average before and after (the machine is shared)

    @property
    def total(self) -> float:
        return self.render + self.build

    @property
    def share(self) -> float:
        return self.render / self.total if self.total else 0.0


def graph_for(items_dir: Path, work: Path, themes: Path | None) -> tuple[Graph, config_module.Config]:
    from kgsync.pipeline.stages import build

    cfg = config_module.Config(
        root=items_dir.parent, items=f"{items_dir.name}/*.md", graph=str(work / "memory.jsonl"),
        cache_dir="", vocabulary="", themes_vocabulary=str(themes) if themes else "",
    )
    return build(cfg, write=False).graph, cfg


def measure(label: str, graph: Graph, cfg: config_module.Config, work: Path, engine: str,
            jobs: int | None = None) -> Figures:
    items = read_corpus(cfg.items, cfg.root).items
    env = {"GITHUB_REPOSITORY": "owner/research", "GITHUB_REF_NAME": "main"}
    load_before = os.getloadavg()[0]
    cpu_before = _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    project = render_project(graph, items, cfg.site, work / "project", env, engine=engine)
    render = time.perf_counter() - start
    render_cpu = _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN) - cpu_before
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    build = build_html(work / "project", work / "out", engine=engine, strict=True, fresh=True, jobs=jobs)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - children.ru_utime) + (after.ru_stime - children.ru_stime)
    return Figures(label, len(items), len(project.pages), render, build, cpu, render_cpu, (load_before, os.getloadavg()[0]))


def _large_graph(gen_corpus: Any, work: Path, count: int, keep: Path | None) -> tuple[Graph, config_module.Config]:
    """(b)'s generated items and their graph: from ``keep`` when a previous run left them there."""
    folder = keep.resolve() if keep else work
    items_dir, graph_file = folder / "items", folder / "memory.jsonl"
    if keep and graph_file.is_file() and items_dir.is_dir():
        return jsonl.read(graph_file), config_module.Config(root=folder, items="items/*.md")
    gen_corpus.generate(items_dir, count)
    graph, cfg = graph_for(items_dir, folder, None)
    if keep:
        jsonl.write(graph_file, graph)
    return graph, cfg


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "research")
    parser.add_argument("--themes", type=Path, default=None, help="themes vocabulary (default: next to the corpus)")
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--engine", choices=("mkdocs", "zensical"), default="mkdocs")
    parser.add_argument("--jobs", type=int, default=None, help="mkdocs processes (default: one per CPU and per 1,000 pages, at most 4)")
    parser.add_argument("--graph", type=Path, help="publish this graph file instead of building (a)'s graph")
    parser.add_argument("--skip-large", action="store_true", help="only (a)")
    parser.add_argument("--large-dir", type=Path, help="keep (b)'s items and graph here; reuse them when present")
    args = parser.parse_args(argv)

    rows: list[Figures] = []
    with tempfile.TemporaryDirectory(prefix="kgsync-bench-site-") as tmp:
        work = Path(tmp)
        corpus = args.corpus.resolve()
        themes = args.themes or (corpus.parent / "themes-vocabulary.md")
        (work / "a").mkdir()
        if args.graph:
            cfg = config_module.Config(root=corpus.parent, items=f"{corpus.name}/*.md")
            graph = jsonl.read(args.graph)
        else:
            graph, cfg = graph_for(corpus, work / "a", themes if themes.exists() else None)
        rows.append(measure(f"real corpus ({corpus.name})", graph, cfg, work / "a", args.engine, args.jobs))
        print(_row(rows[-1]), file=sys.stderr)
        if not args.skip_large:
            import gen_corpus

            graph, cfg = _large_graph(gen_corpus, work / "b", args.count, args.large_dir)
            rows.append(measure(f"generated, {args.count} items", graph, cfg, work / "b", args.engine, args.jobs))
            print(_row(rows[-1]), file=sys.stderr)

    print(f"| corpus ({args.engine}) | items | pages | page generation | engine build | total | generation share "
          "| generation CPU | engine CPU | load average | goal |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
    for index, row in enumerate(rows):
        goal = ("< 60 s, generation < 10 %: " + ("met" if row.total < 60 and row.share < 0.10 else "MISSED")
                if index == 0 else "<= 60 s: " + ("met" if row.total <= 60 else "MISSED"))
        print(f"{_row(row)} {goal} |")
    return 0


def _row(row: Figures) -> str:
    return (f"| {row.label} | {row.items} | {row.pages} | {row.render:.1f} s | {row.build:.1f} s | "
            f"{row.total:.1f} s | {100 * row.share:.1f} % | {row.render_cpu:.1f} s | {row.engine_cpu:.1f} s "
            f"| {row.load[0]:.1f} → {row.load[1]:.1f} |")


if __name__ == "__main__":
    sys.exit(main())
