"""Recall on earlier splits of the corpus: a check that a default holds beyond the 53 benchmark questions.

    .venv/bin/python bench/bench_recall_splits.py [--shared ../shared] [--cut 2026-03-15 ...]
                                                  [--variant NAME=section.key:value,...]

For each cut date, the graph is built from the items of ``corpus/research`` completed
before it, and every item completed on or after it that cites or names (a dated slug in
its text) an earlier item is a question; the earlier items are its ground truth.  The
phrases, the search semantics and the ranking are ``../shared/bench/recall.py``'s own.
Each variant is the default configuration with some options changed, so a candidate
default can be compared with the current one on questions it was not tuned on.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.read import config as config_module  # noqa: E402
from kgsync.pipeline.stages import build  # noqa: E402

DATED_SLUG = re.compile(r"\b(20\d\d-\d\d-\d\d-[a-z0-9]+(?:-[a-z0-9]+)*)\b")
DEFAULT_VARIANTS = (
    "before=caps.claims:3,mining.min_links:1",
    "default=",
)


def parse_variant(text: str) -> tuple[str, dict[str, int | float | str]]:
    name, _, spec = text.partition("=")
    changes: dict[str, int | float | str] = {}
    for part in filter(None, spec.split(",")):
        key, _, value = part.partition(":")
        changes[key] = int(value) if value.isdigit() else float(value) if value.replace(".", "", 1).isdigit() else value
    return name, changes


def configured(base: config_module.Config, changes: dict[str, int | float | str]) -> config_module.Config:
    for dotted, value in changes.items():
        section, _, key = dotted.partition(".")
        base = dataclasses.replace(base, **{section: dataclasses.replace(getattr(base, section), **{key: value})})
    return base


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--cut", action="append", default=[], help="cut date YYYY-MM-DD; repeatable")
    parser.add_argument("--variant", action="append", default=[],
                        help="NAME=section.key:value,... (default: the configuration before this change, and now)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.shared / "bench"))
    import recall  # ../shared/bench/recall.py: the benchmark's own phrases, search and ranking

    corpus = args.shared / "corpus"
    _files, items, _skipped = recall.load_corpus([str(corpus / "research")])
    variants = [parse_variant(v) for v in (args.variant or DEFAULT_VARIANTS)]
    print("| cut | questions (cites) | variant | R@5 | R@10 | MRR | payload chars / question |")
    print("|---|---|---|---|---|---|---|")
    for cut_text in args.cut or ["2026-03-15", "2026-04-01", "2026-04-20"]:
        cut = dt.datetime.fromisoformat(cut_text).replace(tzinfo=dt.UTC)
        train = sorted((it for it in items.values() if it.completed < cut), key=lambda it: it.slug)
        train_slugs = {it.slug for it in train}
        truth: dict[str, list[str]] = {}
        for item in sorted((it for it in items.values() if it.completed >= cut), key=lambda it: it.slug):
            earlier = {c for c in item.cites if c in train_slugs}
            earlier |= {s for s in DATED_SLUG.findall(item.raw) if s in train_slugs}
            if earlier:
                truth[item.slug] = sorted(earlier)
        rarity = recall.Rarity(train)
        queries = {s: recall.select_phrases(recall.candidate_phrases(items[s]), rarity) for s in truth}
        with tempfile.TemporaryDirectory(prefix="kgsync-splits-") as tmp:
            work = Path(tmp)
            (work / "items").mkdir()
            for item in train:
                shutil.copyfile(item.path, work / "items" / f"{item.slug}.md")
            base = config_module.load(ROOT).with_overrides(
                items=str(work / "items"), graph=str(work / "graph.jsonl"), cache_dir="",
                themes_vocabulary=str(corpus / "themes-vocabulary.md"), vocabulary="",
            )
            for name, changes in variants:
                for stale in ("graph.jsonl", "graph.kgsync.json"):
                    (work / stale).unlink(missing_ok=True)
                build(configured(base, changes))
                graph = recall.Graph(name, (work / "graph.jsonl").read_text(encoding="utf-8").split("\n"))
                m, _rankings, _per_item = recall.evaluate_graph(graph, queries, rarity, train_slugs, truth)
                print(f"| {cut_text} | {len(truth)} ({sum(map(len, truth.values()))}) | {name} "
                      f"| {m['recall@5']:.3f} | {m['recall@10']:.3f} | {m['mrr']:.3f} "
                      f"| {m['mean_payload_chars']:,.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
