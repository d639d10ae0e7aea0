"""Recall benchmark: build the real corpus's graph, then run ../shared/bench/recall.py on it.

    .venv/bin/python bench/bench_recall.py [--shared ../shared] [--keep DIR]

Prints R@5, R@10, MRR, mean payload per question, the graph's size
(entities, relations, observations per entity) and the remaining candidate
duplicate pairs.  The graph is built from the TRAIN items only
(``corpus/research``); ``corpus/later`` is used only as queries.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync import config as config_module  # noqa: E402
from kgsync.model import EntityType  # noqa: E402
from kgsync.pipeline import build  # noqa: E402
from kgsync.similarity import near_duplicate_pairs  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--keep", type=Path, help="keep the graph and recall.json in this folder")
    args = parser.parse_args()
    corpus = args.shared / "corpus"
    work = args.keep or Path(tempfile.mkdtemp(prefix="kgsync-recall-"))
    work.mkdir(parents=True, exist_ok=True)
    graph_path = work / "graph.jsonl"
    for stale in (graph_path, graph_path.with_name("graph.kgsync.json")):
        stale.unlink(missing_ok=True)
    cfg = config_module.load(ROOT).with_overrides(
        items=str(corpus / "research"),
        graph=str(graph_path),
        cache_dir=str(work / "cache"),
        themes_vocabulary=str(corpus / "themes-vocabulary.md"),
        vocabulary="",
    )
    started = time.perf_counter()
    result = build(cfg)
    built = time.perf_counter() - started
    graph = result.graph
    out = work / "recall.json"
    subprocess.run(
        [sys.executable, str(args.shared / "bench" / "recall.py"), "--corpus", str(corpus / "research"),
         "--corpus", str(corpus / "later"), "--graph", str(graph_path), "--no-baselines", "--out", str(out)],
        check=True, stdout=subprocess.DEVNULL,
    )
    metrics = json.loads(out.read_text())["graphs"][graph_path.name]
    terms = [e.name.split(":", 1)[1] for e in graph.entities
             if e.entity_type in (EntityType.CONCEPT, EntityType.METHOD)]
    by_type: dict[str, int] = {}
    for entity in graph.entities:
        by_type[entity.entity_type] = by_type.get(entity.entity_type, 0) + 1
    observations = sum(len(e.observations) for e in graph.entities)
    rows = [
        ("R@5", f"{metrics['recall@5']:.3f}"),
        ("R@10", f"{metrics['recall@10']:.3f}"),
        ("MRR", f"{metrics['mrr']:.3f}"),
        ("payload chars / question", f"{metrics['mean_payload_chars']:,.0f}"),
        ("entities", f"{len(graph.entities):,} ({', '.join(f'{k} {v}' for k, v in sorted(by_type.items()))})"),
        ("relations", f"{len(graph.relations):,}"),
        ("observations / entity", f"{observations / max(1, len(graph.entities)):.2f}"),
        ("candidate duplicate pairs", str(len(near_duplicate_pairs(terms, cfg.merge)))),
        ("build time", f"{built:.2f} s"),
    ]
    print("| measure | value |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")
    print(f"\ngraph and recall.json in {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
