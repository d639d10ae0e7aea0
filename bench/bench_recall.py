"""Pooled recall benchmark: every question the corpus offers, with bootstrap intervals.

    .venv/bin/python bench/bench_recall.py [--shared ../shared] [--cut YYYY-MM-DD ...]
        [--rev REV] [--set section.key:value,...]
        [--baseline-rev REV] [--baseline-set section.key:value,...] [--no-baseline]
        [--draws 2000] [--seed 15] [--work DIR] [--fresh] [--full-text] [--json FILE] [--no-themes]

Questions (docs/recall.md has the protocol and why):
- ``later``: the 53 items of ``corpus/later`` against the graph of all of ``corpus/research``;
  ground truth = their ``cites`` into it (exactly ``../shared/bench/recall.py``'s TEST set).
- one window per ``--cut``: the graph is built from the ``corpus/research`` items completed
  before the cut; the questions are the items completed from the cut to the next cut (the last
  window runs to the end of ``corpus/research``) that cite or name (a dated slug in the text)
  an earlier item; those earlier items are the ground truth.  Every item is a question once.

Phrases, search semantics and ranking are recall.py's own (imported, never changed).  Printed:
pooled R@5, R@10, MRR and payload per question with seeded bootstrap 95 % intervals for this
tree (or ``--rev``), the baseline (``--baseline-rev``, default ``main``, with ``--baseline-set``
options), BM25 over the full item text and, with ``--full-text``, recall.py's own search over it
(the ceiling of text coverage); each window's R@10; per-question wins and losses
with the paired interval of the difference; a WARNING when a difference lies inside its
interval.  Each graph is built once per code, options and window and kept under ``--work``
(with its build cache); ``--fresh`` builds again.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import hashlib
import io
import json
import math
import re
import shutil
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from recall_stats import METRICS, Bootstrap, Interval, column, question_scores, tally  # noqa: E402

DATED_SLUG = re.compile(r"\b(20\d\d-\d\d-\d\d-[a-z0-9]+(?:-[a-z0-9]+)*)\b")
DEFAULT_CUTS = ("2026-03-08", "2026-03-15", "2026-03-22", "2026-04-01", "2026-04-20", "2026-04-26")
PAYLOAD_BUDGET = 20_000  # characters per question (issue 15)
LATER = "later"
FULL_TEXT = "full text, recall.py's search"


# ------------------------------------------------------------------ options and code
def parse_changes(spec: str) -> dict[str, int | float | str]:
    """'caps.claims:3,tag_style:slug' -> {'caps.claims': 3, 'tag_style': 'slug'}."""
    changes: dict[str, int | float | str] = {}
    for part in filter(None, spec.split(",")):
        key, sep, value = part.partition(":")
        if not sep or not key:
            raise SystemExit(f"option change {part!r}: expected [section.]key:value (fix: e.g. caps.claims:3)")
        changes[key] = int(value) if value.isdigit() else (
            float(value) if value.replace(".", "", 1).isdigit() else value)
    return changes


def configured(base, changes):  # noqa: ANN001, ANN201  (the Config of whichever kgsync tree runs)
    for dotted, value in changes.items():
        section, dot, key = dotted.partition(".")
        if not dot:  # a top-level option such as tag_style
            base = dataclasses.replace(base, **{section: value})
            continue
        base = dataclasses.replace(base, **{section: dataclasses.replace(getattr(base, section), **{key: value})})
    return base


@dataclass(frozen=True)
class Side:
    """A graph configuration: the kgsync code of a tree (this checkout or a git revision) and option changes."""

    label: str
    code_root: Path
    code_digest: str
    changes: dict

    @property
    def key(self) -> str:
        return hashlib.sha1(json.dumps([self.code_digest, sorted(self.changes.items())]).encode()).hexdigest()[:16]


def code_digest(root: Path) -> str:
    digest = hashlib.sha1()
    for path in sorted((root / "kgsync").rglob("*.py")):
        digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def side_of(label: str, rev: str | None, changes: dict, work: Path) -> Side:
    """This checkout's code, or ``rev``'s kgsync package extracted (git archive) under ``work/revs``."""
    if rev is None:
        return Side(label, ROOT, code_digest(ROOT), changes)
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                           capture_output=True, text=True)
    if found.returncode != 0:
        raise SystemExit(f"--{label}-rev {rev}: not a commit here (fix: a branch, tag or sha of this repo)")
    commit = found.stdout.strip()
    tree = work / "revs" / commit
    if not (tree / "kgsync").is_dir():
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, "kgsync"],
                                 capture_output=True, check=True).stdout
        shutil.rmtree(tree, ignore_errors=True)
        tree.mkdir(parents=True)
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(tree, filter="data")
    return Side(f"{label} ({rev} = {commit[:10]})", tree, code_digest(tree), changes)


# ------------------------------------------------------------------------ questions
@dataclass(frozen=True)
class QuestionSet:
    name: str
    train: list  # recall.Item, sorted by slug
    truth: dict  # question slug -> sorted cited TRAIN slugs
    queries: dict  # question slug -> recall.py's selected phrases
    rarity: object  # recall.Rarity over train
    items: dict  # slug -> recall.Item (train and questions)

    @property
    def digest(self) -> str:
        digest = hashlib.sha1()
        for item in self.train:
            digest.update(item.slug.encode() + b"\0" + item.raw.encode() + b"\0")
        return digest.hexdigest()


def question_sets(recall, corpus: Path, cuts: list[str]) -> list[QuestionSet]:  # noqa: ANN001
    _files, research, _skipped = recall.load_corpus([str(corpus / "research")])
    _files, later, _skipped = recall.load_corpus([str(corpus / "later")])
    dates = [dt.datetime.fromisoformat(c).replace(tzinfo=dt.UTC) for c in sorted(cuts)]
    sets: list[QuestionSet] = []

    def add(name, train, truth, items):  # noqa: ANN001, ANN202
        rarity = recall.Rarity(train)
        queries = {s: recall.select_phrases(recall.candidate_phrases(items[s]), rarity) for s in truth}
        sets.append(QuestionSet(name, train, truth, queries, rarity, items))

    # recall.py's own TEST set: later items, ground truth their cites into corpus/research (< recall.CUTOFF)
    train = sorted((it for it in research.values() if it.completed < recall.CUTOFF), key=lambda it: it.slug)
    slugs = {it.slug for it in train}
    truth = {s: sorted(set(c for c in it.cites if c in slugs)) for s, it in sorted(later.items())
             if it.completed >= recall.CUTOFF}
    add(LATER, train, {s: g for s, g in truth.items() if g}, {**research, **later})
    for k, cut in enumerate(dates):
        end = dates[k + 1] if k + 1 < len(dates) else None
        train = sorted((it for it in research.values() if it.completed < cut), key=lambda it: it.slug)
        slugs = {it.slug for it in train}
        truth = {}
        for item in sorted(research.values(), key=lambda it: it.slug):
            if item.completed < cut or (end is not None and item.completed >= end):
                continue
            earlier = ({c for c in item.cites if c in slugs} | {s for s in DATED_SLUG.findall(item.raw) if s in slugs})
            if earlier:
                truth[item.slug] = sorted(earlier)
        add(cut.date().isoformat(), train, truth, research)
    return sets


# --------------------------------------------------------------------------- builds
def graph_file(side: Side, qset: QuestionSet, themes: Path | None, work: Path) -> Path:
    # None: no theme vocabulary (``--no-themes``), keyed apart from any vocabulary's bytes
    vocabulary = themes.read_bytes() if themes is not None else b"\0no themes_vocabulary"
    key = hashlib.sha1(f"{side.key}\0{qset.name}\0{qset.digest}\0".encode() + vocabulary).hexdigest()[:20]
    return work / "graphs" / f"{key}.jsonl"


def build_graphs(side: Side, qsets: list[QuestionSet], themes: Path | None, work: Path, fresh: bool) -> dict[str, Path]:
    """The graph of every question set for ``side``: kept ones reused, the others built in one child
    process that imports kgsync from ``side.code_root`` (so a revision runs its own code)."""
    out, jobs = {}, []
    for qset in qsets:
        target = graph_file(side, qset, themes, work)
        out[qset.name] = target
        if target.exists() and not fresh:
            continue
        folder = work / "builds" / side.code_digest[:16] / qset.name
        items = folder / "items"
        items.mkdir(parents=True, exist_ok=True)
        wanted = {f"{it.slug}.md": it for it in qset.train}
        for stale in items.iterdir():
            if stale.name not in wanted:
                stale.unlink()
        for name, item in wanted.items():  # copy only what differs: unchanged files stay stat-trusted
            path = items / name
            data = Path(item.path).read_bytes()
            if not path.exists() or path.read_bytes() != data:
                path.write_bytes(data)
        jobs.append({"items": str(items), "graph": str(folder / "graph.jsonl"), "cache": str(folder / "cache"),
                     "themes": str(themes) if themes is not None else "", "changes": side.changes, "target": str(target)})
    if jobs:
        print(f"building {len(jobs)} graph(s) for {side.label} ...", file=sys.stderr, flush=True)
        job = json.dumps({"root": str(side.code_root), "builds": jobs})
        done = subprocess.run([sys.executable, __file__, "--_build"], input=job, text=True, capture_output=True)
        if done.returncode != 0:
            sys.stderr.write(done.stderr[-4000:])
            raise SystemExit(f"building the graphs of {side.label} failed (exit {done.returncode})")
    return out


def _build_child() -> int:
    """Hidden mode: build the graphs a JSON job on stdin lists, with the kgsync of job['root']."""
    job = json.load(sys.stdin)
    sys.path.insert(0, job["root"])
    from kgsync.read import config as config_module
    from kgsync.pipeline.stages import build

    for spec in job["builds"]:
        graph = Path(spec["graph"])
        for stale in (graph, graph.with_name(graph.stem + ".kgsync.json")):
            stale.unlink(missing_ok=True)  # a previous graph would be merged with, not replaced
        base = config_module.load(job["root"]).with_overrides(
            items=spec["items"], graph=spec["graph"], cache_dir=spec["cache"],
            themes_vocabulary=spec["themes"], vocabulary="")
        build(configured(base, spec["changes"]))
        target = Path(spec["target"])
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(graph, target)
    return 0


# ----------------------------------------------------------------------- evaluation
def full_text_graph(recall, qset: QuestionSet):  # noqa: ANN001, ANN201
    """One node per TRAIN item holding its whole text, no relations: recall.py's search and ranking
    with perfect text coverage.  No lean graph finds more by text alone; only structure (themes,
    citations) can (docs/recall.md, "Text coverage alone cannot beat BM25")."""
    return recall.Graph.from_records(qset.name, [
        {"type": "entity", "name": f"item:{it.slug}", "entityType": "research_item", "observations": [it.text]}
        for it in qset.train])


def evaluate(recall, qsets: list[QuestionSet], graphs: dict[str, Path] | str | None) -> list[dict]:  # noqa: ANN001
    """One row per question: its set, slug, cites and scores (graph ``graphs``, the ``FULL_TEXT``
    graph, or BM25 when None)."""
    rows = []
    for qset in qsets:
        if not qset.truth:
            continue
        slugs = {it.slug for it in qset.train}
        if graphs is None:
            bm25 = recall.BM25(qset.train)
            rankings = {s: bm25.rank(" ".join(q["phrase"] for q in qset.queries[s])) for s in qset.truth}
            payload = {s: float("nan") for s in qset.truth}
            pooled = recall.metrics(rankings, qset.truth)
        else:
            if graphs == FULL_TEXT:
                graph = full_text_graph(recall, qset)
            else:
                text = graphs[qset.name].read_text(encoding="utf-8")
                graph = recall.Graph(qset.name, text.split("\n"))
            pooled, rankings, per_item = recall.evaluate_graph(graph, qset.queries, qset.rarity, slugs, qset.truth)
            payload = {s: float(per_item[s]["payload_chars"]) for s in qset.truth}
        for slug in sorted(qset.truth):
            scores = question_scores(rankings[slug], qset.truth[slug])
            rows.append({"set": qset.name, "question": slug, "cites": len(qset.truth[slug]),
                         "r5": scores.r5, "r10": scores.r10, "rr": scores.rr, "payload": payload[slug],
                         "top10": rankings[slug][:10]})
        mine = [r for r in rows if r["set"] == qset.name]
        assert abs(sum(r["r10"] for r in mine) / len(mine) - pooled["recall@10"]) < 1e-9  # recall.py agrees
    return rows


# ---------------------------------------------------------------------------- report
def fmt(interval: Interval, digits: int = 3) -> str:
    if digits == 0:
        return f"{interval.mean:,.0f} [{interval.low:,.0f}, {interval.high:,.0f}]"
    return f"{interval.mean:.{digits}f} [{interval.low:.{digits}f}, {interval.high:.{digits}f}]"


def has_no_payload(values: list[float]) -> bool:
    return any(math.isnan(v) for v in values)  # BM25 returns a ranking, not nodes


def median(values: list[float]) -> float:
    """Half the questions cost less: the mean is set by a few questions whose phrases match hubs."""
    ordered, mid = sorted(values), len(values) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def signed(interval: Interval) -> str:
    return f"{interval.mean:+.3f} [{interval.low:+.3f}, {interval.high:+.3f}]"


def report(qsets: list[QuestionSet], systems: dict[str, list[dict]], boot: Bootstrap) -> list[str]:
    names = list(systems)
    lines = ["## Questions", "", "| set | graph from (TRAIN items) | questions | cited items |", "|---|---|---|---|"]
    for qset in qsets:
        lines.append(f"| {qset.name} | {len(qset.train)} | {len(qset.truth)} | {sum(map(len, qset.truth.values()))} |")
    first = systems[names[0]]
    lines.append(f"| **pooled** | | **{len(first)}** | **{sum(r['cites'] for r in first)}** |")
    lines += ["", f"## Pooled (mean over questions; bootstrap 95 % interval, {len(boot.samples)} draws, "
              f"seed {boot.seed})", "",
              "| system | R@5 | R@10 | MRR | payload chars / question |", "|---|---|---|---|---|"]
    for name, rows in systems.items():
        cells = [fmt(boot.interval(column(rows, m))) for m in METRICS]
        pay = column(rows, "payload")
        cells.append("n/a" if has_no_payload(pay) else f"{fmt(boot.interval(pay), 0)}; median {median(pay):,.0f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "## R@10 by question set", "", "| set | questions | " + " | ".join(names) + " |",
              "|---|---|" + "---|" * len(names)]
    for qset in qsets:
        if not qset.truth:
            continue
        cells = []
        for name in names:
            mine = [r["r10"] for r in systems[name] if r["set"] == qset.name]
            cells.append(f"{sum(mine) / len(mine):.3f}")
        lines.append(f"| {qset.name} | {len(qset.truth)} | " + " | ".join(cells) + " |")
    lines += ["", f"## Paired: {names[0]} against each other system (per question)", "",
              "| against | ΔR@10 [95 %] | ΔMRR [95 %] | Δpayload | R@10 wins / losses / ties | sets where ΔR@10 < 0 |",
              "|---|---|---|---|---|---|"]
    warnings = []
    ours = systems[names[0]]
    for name in names[1:]:
        theirs = systems[name]
        d10 = boot.paired(column(ours, "r10"), column(theirs, "r10"))
        drr = boot.paired(column(ours, "rr"), column(theirs, "rr"))
        pay = column(theirs, "payload")
        dpay = "n/a" if has_no_payload(pay) else f"{boot.paired(column(ours, 'payload'), pay).mean:+,.0f}"
        t = tally(column(ours, "r10"), column(theirs, "r10"))
        worse = []
        for qset in qsets:
            a = [r["r10"] for r in ours if r["set"] == qset.name]
            b = [r["r10"] for r in theirs if r["set"] == qset.name]
            if a and sum(a) < sum(b) - 1e-12:
                worse.append(qset.name)
        lines.append(f"| {name} | {signed(d10)} | {signed(drr)} | {dpay} | {t.wins} / {t.losses} / {t.ties} "
                     f"| {', '.join(worse) or 'none'} |")
        if d10.contains(0.0):
            warnings.append(f"WARNING: {names[0]} vs {name}: the R@10 difference {d10.mean:+.3f} lies inside "
                            f"its 95 % interval [{d10.low:+.3f}, {d10.high:+.3f}]: not evidence either way")
        elif worse and d10.mean > 0:
            warnings.append(f"WARNING: {names[0]} vs {name}: pooled R@10 gains but sets {', '.join(worse)} lose")
    budget = [n for n, rows in systems.items() if not has_no_payload(column(rows, "payload"))
              and sum(column(rows, "payload")) / len(rows) > PAYLOAD_BUDGET]
    warnings += [f"WARNING: {n}: mean payload above {PAYLOAD_BUDGET:,} characters per question" for n in budget]
    return lines + [""] + warnings


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--_build":
        return _build_child()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--cut", action="append", default=[], help="window start YYYY-MM-DD; repeatable "
                        f"(default {' '.join(DEFAULT_CUTS)})")
    parser.add_argument("--rev", help="measure this git revision's kgsync instead of the checkout")
    parser.add_argument("--set", default="", metavar="SPEC", help="option changes section.key:value,...")
    parser.add_argument("--baseline-rev", default="main", help="the baseline's git revision (default main)")
    parser.add_argument("--baseline-set", default="", metavar="SPEC", help="the baseline's option changes")
    parser.add_argument("--no-baseline", action="store_true", help="compare with BM25 only")
    parser.add_argument("--draws", type=int, default=2000, help="bootstrap resamples")
    parser.add_argument("--seed", type=int, default=15, help="bootstrap seed")
    parser.add_argument("--work", type=Path, default=ROOT / ".kgsync-cache" / "bench-recall",
                        help="kept graphs, build caches, extracted revisions")
    parser.add_argument("--fresh", action="store_true", help="build every graph again")
    parser.add_argument("--full-text", action="store_true",
                        help="also rank by recall.py's search over each item's whole text (the text ceiling)")
    parser.add_argument("--json", type=Path, help="write every question's scores here")
    parser.add_argument("--no-themes", action="store_true",
                        help="build without the corpus's theme vocabulary, as a repository with no themes_vocabulary")
    args = parser.parse_args()
    sys.path.insert(0, str(args.shared / "bench"))
    import recall  # ../shared/bench/recall.py: the ruler's phrases, search and ranking

    corpus = args.shared / "corpus"
    # absolute: the build child resolves a relative path against the built code's root (a --rev tree)
    themes = None if args.no_themes else (corpus / "themes-vocabulary.md").resolve()
    qsets = question_sets(recall, corpus, args.cut or list(DEFAULT_CUTS))
    args.work.mkdir(parents=True, exist_ok=True)
    candidate = side_of("kgsync", args.rev, parse_changes(args.set), args.work)
    sides = [candidate]
    if not args.no_baseline:
        baseline = side_of("baseline", args.baseline_rev, parse_changes(args.baseline_set), args.work)
        if baseline.key == candidate.key:  # e.g. on main itself: nothing to compare
            print(f"note: the baseline ({baseline.label}) is the same code and options; not compared")
        else:
            sides.append(baseline)
    systems: dict[str, list[dict]] = {}
    for side in sides:
        label = side.label + (f" {args.set if side is candidate else args.baseline_set}" if side.changes else "")
        systems[label] = evaluate(recall, qsets, build_graphs(side, qsets, themes, args.work, args.fresh))
    systems["BM25 full text"] = evaluate(recall, qsets, None)
    if args.full_text:
        systems[FULL_TEXT] = evaluate(recall, qsets, FULL_TEXT)
    boot = Bootstrap(len(systems[next(iter(systems))]), args.draws, args.seed)
    later = {name: [r for r in rows if r["set"] == LATER] for name, rows in systems.items()}
    later_boot = Bootstrap(len(later[next(iter(later))]), args.draws, args.seed)
    print("\n".join(report(qsets, systems, boot)))
    print(f"\n# The {LATER} set alone (recall.py's own questions, for comparison with its README)\n")
    print("\n".join(report([q for q in qsets if q.name == LATER], later, later_boot)))
    if args.json:
        args.json.write_text(json.dumps({"systems": systems}, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
