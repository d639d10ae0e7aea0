"""kgsync serve: recall through search_nodes on the pooled questions, and serving figures at scale.

    .venv/bin/python bench/bench_serve.py [--shared ../shared] [--count 10000] [--calls 300]
        [--set weight:value,...] [--no-serving] [--no-recall] [--no-themes] [--work DIR]

Recall: the questions, graphs, BM25 baseline and bootstrap of ``bench/bench_recall.py`` (imported):
one ``search_nodes`` call per question (``tools.search_nodes``, the function the MCP tool runs),
the query the question's phrases joined (the text BM25 gets), limit 10; the items ranked in the
order the answer names them (an item's name; a claim's item; else an entity's
``provenance:item=``).  Printed: pooled R@5 / R@10 / MRR with 95 % intervals against BM25 over
the full item text and against the reference server's substring search over the same graph
(recall.py's ruler), the later set alone, and characters per answer (mean, max).

Serving: ``bench/gen_corpus.py`` items (default 10,000) built once with ``kgsync build`` under
``--work``, then ``python -m kgsync serve --graph`` started over stdio through the MCP SDK, twice: the
first start indexes and stores the index (in ``--work``'s own cache folder, emptied first), the second
uses the stored one.  Start-up (spawn to the first answer) of each, per-call p50 / p95 over ``--calls``
search_nodes calls, and the server process's peak RSS (VmHWM).

First calls (``first_call_figures``; alone with ``--only-first-calls``): for each tool, a server of its
own (the stored index), its first call (wall, and the server's CPU), then ``--first-calls`` more with
other arguments (p50 / p95 wall) and the server's peak RSS: a tool whose first call reads something
the start did not (``evidence``: the manifest) shows here.
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from bench_recall import DEFAULT_CUTS, LATER, build_graphs, evaluate, question_sets, report, side_of  # noqa: E402
from recall_stats import Bootstrap, question_scores  # noqa: E402

from kgsync.serve import tools  # noqa: E402
from kgsync.serve.service import Service  # noqa: E402
from kgsync.serve.index import Weights  # noqa: E402
from kgsync.serve.snapshot import slug_of, values  # noqa: E402

GOALS = "goals: pooled R@10 >= BM25 + 0.05; later R@10 >= 0.40; <= 8,000 chars a question; p95 <= 50 ms, start <= 2 s, <= 500 MB"


def ranked_items(answer: dict, service: Service) -> list[str]:
    """Item slugs in the order the answer names them."""
    by_name = service.index().snapshot.by_name
    seen: dict[str, None] = {}
    for entity in answer["entities"]:
        slug = slug_of(entity["name"])
        found = [slug] if slug else []
        if not found and entity["name"] in by_name:
            found = [v.removeprefix("item=") for v in values(by_name[entity["name"]], "provenance") if v.startswith("item=")]
        for s in found:
            seen.setdefault(s, None)
    return list(seen)


def serve_rows(qsets: list, graphs: dict[str, Path], weights: Weights) -> list[dict]:  # noqa: ANN001
    import json

    rows = []
    for qset in qsets:
        if not qset.truth:
            continue
        service = Service(graphs[qset.name], weights)
        for slug in sorted(qset.truth):
            text = tools.search_nodes(service, " ".join(q["phrase"] for q in qset.queries[slug]), 10)
            ranking = ranked_items(json.loads(text), service)
            scores = question_scores(ranking, qset.truth[slug])
            rows.append({"set": qset.name, "question": slug, "cites": len(qset.truth[slug]), "r5": scores.r5,
                         "r10": scores.r10, "rr": scores.rr, "payload": float(len(text)), "top10": ranking[:10]})
    return rows


def parse_weights(spec: str) -> Weights:
    changes: dict[str, object] = {}
    for part in filter(None, spec.split(",")):
        key, _, value = part.partition(":")
        field = {f.name: f for f in dataclasses.fields(Weights)}[key]
        changes[key] = value == "true" if field.type == "bool" else (value if field.type == "str" else float(value))
    return dataclasses.replace(Weights(), **changes)  # type: ignore[arg-type]


def recall_figures(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(args.shared / "bench"))
    import recall  # ../shared/bench/recall.py

    corpus = args.shared / "corpus"
    qsets = question_sets(recall, corpus, list(DEFAULT_CUTS))
    side = side_of("kgsync", None, {}, args.work)
    graphs = build_graphs(side, qsets, None if args.no_themes else corpus / "themes-vocabulary.md", args.work, False)
    weights = parse_weights(args.set)
    systems = {
        "kgsync serve search_nodes": serve_rows(qsets, graphs, weights),
        "BM25 full text": evaluate(recall, qsets, None),
        "reference server semantics, one call a phrase (recall.py)": evaluate(recall, qsets, graphs),
    }
    boot = Bootstrap(len(systems["BM25 full text"]), args.draws, args.seed)
    print(f"# kgsync serve: recall ({weights})\n")
    print("\n".join(report(qsets, systems, boot)))
    later = {name: [r for r in rows if r["set"] == LATER] for name, rows in systems.items()}
    print(f"\n# The {LATER} set alone\n")
    print("\n".join(report([q for q in qsets if q.name == LATER], later, Bootstrap(len(later["BM25 full text"]), args.draws, args.seed))))
    ours = systems["kgsync serve search_nodes"]
    chars = [r["payload"] for r in ours]
    print(f"\nsearch_nodes chars per answer: mean {statistics.fmean(chars):,.0f}, max {max(chars):,.0f} "
          f"({len(chars)} questions)")


def generated_graph(count: int, work: Path) -> Path:
    folder = work / f"gen{count}"
    graph = folder / "memory.jsonl"
    if graph.exists():
        return graph
    items = folder / "Research" / "completed"
    import gen_corpus

    gen_corpus.generate(items, count)
    print(f"building the graph of {count} generated items ...", file=sys.stderr, flush=True)
    subprocess.run([sys.executable, "-m", "kgsync", "build", "--root", str(folder), "-q"], check=True)
    return graph


def server_procs(parent: int) -> list[Path]:
    """The /proc folders of the children of ``parent`` running ``kgsync serve`` (the server, not this client)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[1]) == parent and b"serve" in cmdline:
            found.append(proc)
    return found


def server_pid(parent: int) -> int:
    """The child process running ``kgsync serve``."""
    procs = server_procs(parent)
    if not procs:
        raise SystemExit("the kgsync serve process was not found")
    return int(procs[0].name)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` and its children it waited for (the start-up child) so far:
    unlike wall time, not stretched by other processes."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(parent: int) -> float:
    """VmHWM of the child process running ``kgsync serve`` (the server, not this client)."""
    best = 0.0
    for proc in server_procs(parent):
        try:
            status = (proc / "status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                best = max(best, int(line.split()[1]) / 1024)
    return best


def server_log(graph: Path, start_number: int) -> None:
    log = graph.with_name(graph.name + ".serve.log").read_text(encoding="utf-8")
    print(f"start {start_number}, the server's log: {' | '.join(log.splitlines())}")


def bench_queries(graph: Path, calls: int) -> list[str]:
    """Queries: titles' words of generated items, varied (a fixed seed: the same calls each run)."""
    import random

    rng = random.Random(20)
    words = [w for w in graph.read_text(encoding="utf-8")[:2_000_000].split() if w.isalpha() and len(w) > 4]
    return [" ".join(rng.sample(words, 6)) for _ in range(calls)]


def serving_figures(args: argparse.Namespace) -> None:
    import os

    from mcp_client import kgsync_serve

    graph = generated_graph(args.count, args.work)
    size = graph.stat().st_size
    lines = graph.read_text(encoding="utf-8").count("\n") + 1
    queries = bench_queries(graph, args.calls)
    # The stored index in a cache folder of the benchmark's own, empty for the first start.
    cache = args.work / "xdg-cache"
    shutil.rmtree(cache / "kgsync" / "serve", ignore_errors=True)
    os.environ["XDG_CACHE_HOME"] = str(cache.absolute())
    starts = []
    for start_number in (1, 2):
        started = time.perf_counter()
        with kgsync_serve(graph) as server:
            server.call("search_nodes", query=queries[0])
            starts.append((time.perf_counter() - started, cpu_seconds(server_pid(os.getpid()))))
            if start_number == 1:
                server_log(graph, start_number)
                continue
            pid = server_pid(os.getpid())
            start_cpu = cpu_seconds(pid)
            times, chars = [], []
            for query in queries:
                t = time.perf_counter()
                result = server.portal.call(server._call, "search_nodes", {"query": query, "limit": 10})
                times.append((time.perf_counter() - t) * 1000)
                chars.append(sum(len(getattr(b, "text", "")) for b in result.content))
            calls_cpu = (cpu_seconds(pid) - start_cpu) / len(queries) * 1000
            rss = peak_rss_mb(os.getpid())
    server_log(graph, 2)
    times.sort()
    p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95) - 1]
    print(f"\n# kgsync serve at {args.count:,} generated items ({lines:,} lines, {size / 1e6:.1f} MB graph)\n")
    for label, (wall, cpu_s) in zip(("first start (indexes, stores the index)", "second start (the stored index)"), starts):
        print(f"{label}, spawn to first answer: {wall:.2f} s wall, {cpu_s:.2f} s of the server's CPU (with its start-up child)")
    print(f"search_nodes over stdio, {len(times)} calls: p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {times[-1]:.1f} ms wall; "
          f"{calls_cpu:.1f} ms of the server's CPU a call (mean)")
    service = Service(graph)
    service.index()
    cpu = []
    for query in queries:
        t = time.process_time()
        tools.search_nodes(service, query, 10)
        cpu.append((time.process_time() - t) * 1000)
    cpu.sort()
    print(f"search_nodes in-process CPU time a call: p50 {cpu[len(cpu) // 2]:.1f} ms, p95 {cpu[int(len(cpu) * 0.95) - 1]:.1f} ms")
    print(f"chars per answer: mean {statistics.fmean(chars):,.0f}, max {max(chars):,}")
    print(f"server peak RSS: {rss:.0f} MB")
    reference_figures(args, graph, queries)
    first_call_figures(graph, queries, args.first_calls)
    print(f"machine load average (1, 5, 15 min) at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} CPUs")


def tool_arguments(graph: Path, queries: list[str], count: int) -> dict[str, list[dict[str, object]]]:
    """``count`` + 1 calls of each tool, arguments from the graph (a fixed seed: the same calls each run)."""
    import random

    snap = Service(graph).index().snapshot
    rng = random.Random(21)
    claims = rng.sample([n for n, e in snap.by_name.items() if e.entity_type == "claim"], count + 1)
    items = [f"item:{slug_of(c)}" for c in claims]
    concepts = sorted((n for n, e in snap.by_name.items() if e.entity_type in ("concept", "method")),
                      key=lambda n: (-len(snap.into.get(n, ())), n))[: count + 1]
    return {
        "search_nodes": [{"query": q, "limit": 10} for q in (queries * (count + 1))[: count + 1]],
        "open_nodes": [{"names": [c]} for c in claims],
        "read_graph": [{"offset": i % 5 * 20} for i in range(count + 1)],
        "topic": [{"concept": c} for c in (concepts * (count + 1))[: count + 1]],
        "evidence": [{"claim": c} for c in claims],
        "item": [{"slug": i} for i in items],
    }


def first_call_figures(graph: Path, queries: list[str], count: int) -> None:
    """Each tool's first call in a server of its own, then ``count`` calls more (module docstring)."""
    import os

    from mcp_client import kgsync_serve

    print(f"\n# the first call of each tool, each in a server of its own (stored index), then {count} calls more\n")
    for tool, arguments in tool_arguments(graph, queries, count).items():
        with kgsync_serve(graph) as server:
            pid = server_pid(os.getpid())
            cpu, started = cpu_seconds(pid), time.perf_counter()
            server.portal.call(server._call, tool, arguments[0])
            first, first_cpu = time.perf_counter() - started, cpu_seconds(pid) - cpu
            times = []
            for call in arguments[1:]:
                t = time.perf_counter()
                server.portal.call(server._call, tool, call)
                times.append((time.perf_counter() - t) * 1000)
            rss = peak_rss_mb(os.getpid())
        times.sort()
        print(f"{tool}: first call {first * 1000:.0f} ms wall, {first_cpu * 1000:.0f} ms of the server's CPU; "
              f"then p50 {times[len(times) // 2]:.1f} ms, p95 {times[int(len(times) * 0.95) - 1]:.1f} ms wall; "
              f"server peak RSS {rss:.0f} MB; load {os.getloadavg()[0]:.1f}")


def only_first_calls(args: argparse.Namespace) -> None:
    """``first_call_figures`` alone, the stored index made first when there is none (``serving_figures``'
    cache folder and queries)."""
    import os

    graph = generated_graph(args.count, args.work)
    os.environ["XDG_CACHE_HOME"] = str((args.work / "xdg-cache").absolute())
    first_call_figures(graph, bench_queries(graph, args.calls), args.first_calls)
    print(f"machine load average (1, 5, 15 min) at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


def reference_figures(args: argparse.Namespace, graph: Path, queries: list[str], calls: int = 40) -> None:
    """What the reference server's search_nodes sends for the same graph: one call a word of the queries
    (a whole query rarely occurs as a substring), with recall.py's copy of its semantics and answer text."""
    sys.path.insert(0, str(args.shared / "bench"))
    import recall

    reference = recall.Graph("generated", graph.read_text(encoding="utf-8").split("\n"))
    words = [w for q in queries for w in q.split()][:calls]
    sizes = [len(recall.payload_text(reference.search_nodes(w))) for w in words]
    print(f"the reference server's search_nodes on this graph, one word a call ({len(sizes)} calls): "
          f"mean {statistics.fmean(sizes):,.0f} characters, max {max(sizes):,}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--work", type=Path, default=ROOT / ".kgsync-cache" / "bench-recall")
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--set", default="", help="Weights changes, e.g. name:4,concept:0.5")
    parser.add_argument("--draws", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--no-recall", action="store_true")
    parser.add_argument("--no-serving", action="store_true")
    parser.add_argument("--first-calls", type=int, default=50, help="calls of each tool after its first")
    parser.add_argument("--only-first-calls", action="store_true", help="the first-call figures alone")
    parser.add_argument("--no-themes", action="store_true",
                        help="build without the corpus's theme vocabulary, as a repository with no themes_vocabulary")
    args = parser.parse_args()
    print(GOALS)
    if not args.no_recall:
        recall_figures(args)
    if args.only_first_calls:
        only_first_calls(args)
    elif not args.no_serving:
        serving_figures(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
