"""Claim-to-claim links by evidence kind: precision per kind, with its count.

    .venv/bin/python bench/bench_link_kinds.py [--shared ../shared] [--items DIR] [--labels FILE ...]
        [--split DATE] [--list]

Builds the research corpus's graph (``--items DIR``: the items of DIR instead, e.g. a folder holding
the research and the later items together) with this checkout's code, keeping the evidence plan
(``kgsync.extract.evidence.plan``): every claim→claim link the graph writes, with each
sentence that states it and that sentence's evidence kind (``evidence_kinds.link_kind``: how the
cited finding was named, how the referencing finding was, the sentence's shape).  Then:

* against a reading of links (``bench/labels/reading_links_*.tsv``, pair-level; default: the
  development reading only, ``reading_links_2026-12-02_fourth.tsv``), right / judged per kind:
  a pair counts under every kind of a sentence stating it, and apart the pairs all of whose
  sentences are of one kind (what removing that kind's links would remove);
* against the team's labels (``bench/evidence_labels.yml``, one entry per link and sentence),
  correct / labelled per kind.

Each reading's table is printed for every link and then apart for the links whose citing item was
completed before ``--split`` (default 2026-05-01: the research items, on which rules are developed)
and for the others (the later items, held out).  ``--list`` prints each judged link with its
reading's ``id``, its kinds, verdict and sentence (the material to read).  Not a test: it prints
figures.
"""

from __future__ import annotations

import argparse
import csv
import datetime
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_links import CLAIM_LINKS, claim_links, judge, read_labels  # noqa: E402
from kgsync.pipeline import assembling, stages  # noqa: E402
from kgsync.contract.model import claim_name  # noqa: E402
from kgsync.read import config as config_module  # noqa: E402

DEV = ROOT / "bench" / "labels" / "reading_links_2026-12-02_fourth.tsv"
TEAM = ROOT / "bench" / "evidence_labels.yml"

Entry = tuple[str, str, str, str, str, str]  # from, to, relation, kind, sentence, file:line


def planned_links(shared: Path, work: Path, items_dir: Path | None = None) \
        -> tuple[Path, list[Entry], dict[str, str]]:
    """Build the research corpus (or ``items_dir``) into ``work``; the graph, every planned claim link
    and each item's completion date (YYYY-MM-DD)."""
    graph, out, items, _ = planned_with_issues(shared, work, items_dir)
    return graph, out, {slug: item.completed for slug, item in items.items()}


def planned_with_issues(shared: Path, work: Path, items_dir: Path | None = None) \
        -> tuple[Path, list[Entry], dict[str, Any], tuple[Any, ...]]:
    """As ``planned_links``, with each item (by slug) in place of its date, and the warnings the evidence
    plan wrote (``EvidencePlan.issues``: the hints at each citation's line)."""
    captured: list[Any] = []
    original = assembling.plan_evidence

    def keep(*args: Any) -> Any:  # plan_evidence's arguments, whatever they are: only its result is read
        planned = original(*args)
        items, texts = args[0], args[1]
        captured.append((planned, texts, {i.slug: i for i in items}))
        return planned

    assembling.plan_evidence = keep  # type: ignore[assignment]
    graph = work / "graph.jsonl"
    corpus = shared / "corpus"
    cfg = config_module.load(ROOT).with_overrides(
        items=str(items_dir or corpus / "research"), graph=str(graph), cache_dir="",
        themes_vocabulary=str(corpus / "themes-vocabulary.md"), vocabulary="")
    stages.build(cfg)
    planned, texts, items = captured[-1]
    out: list[Entry] = []
    for slug, links in planned.links.items():
        keys = {c.number: c.key for c in texts[slug].claims}
        for link in links:
            source = claim_name(slug, keys[link.source_number])
            out.append((source, link.target_claim, link.relation.value, link.kind, link.sentence,
                        f"{Path(items[slug].path).name}:{link.line}"))
    return graph, out, items, planned.issues


def reading_ids(path: Path) -> dict[tuple[str, str], str]:
    """(from, to) -> the reading's ``id`` of the row that judged it ("" when the reading has no ids)."""
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return {(row["from"], row["to"]): row.get("id") or "" for row in csv.DictReader(rows, delimiter="\t")}


def table(title: str, counts: Counter[tuple[str, str, str]]) -> None:
    print(f"\n{title}\n")
    print("| kind (cited finding, referencing finding, shape) | relation | right / judged | precision |")
    print("|---|---|---|---|")
    for kind, relation in sorted({(k, r) for k, r, _ in counts}):
        right, wrong = counts[kind, relation, "right"], counts[kind, relation, "wrong"]
        judged = right + wrong
        share = f"{right / judged:.2f}" if judged else "-"
        unsure = counts[kind, relation, "unsure"]
        print(f"| {kind} | {relation} | {right} / {judged} | {share} |" + (f" ({unsure} unsure)" if unsure else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--labels", type=Path, nargs="+", default=[DEV])
    parser.add_argument("--items", type=Path, help="build the items of this folder (default: the research corpus)")
    parser.add_argument("--split", type=datetime.date.fromisoformat, default=datetime.date(2026, 5, 1),
                        help="report apart the links of items completed before this date and after (default 2026-05-01)")
    parser.add_argument("--keep", type=Path, help="build in this folder")
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="kgsync-kinds-"))
    work.mkdir(parents=True, exist_ok=True)
    graph, entries, completed = planned_links(args.shared, work, args.items)
    links = claim_links(graph)
    entries = [e for e in entries if e[2] in links.get((e[0], e[1]), set())]  # written to the graph
    kinds: dict[tuple[str, str, str], list[Entry]] = {}
    for entry in entries:
        kinds.setdefault((entry[0], entry[1], entry[2]), []).append(entry)
    print(f"claim→claim links in the graph: {sum(len(r) for r in links.values())} "
          f"({', '.join(f'{r} {sum(r in v for v in links.values())}' for r in CLAIM_LINKS)}); "
          f"stated by {len(entries)} (link, sentence) entries")
    by_kind: Counter[str] = Counter(e[3] for e in entries)
    print("entries per kind: " + "; ".join(f"{k}: {n}" for k, n in sorted(by_kind.items())))
    for path in args.labels:
        labels, ids = read_labels(path), reading_ids(path)
        # the whole reading, then the links of items completed before the split date and after it
        every: dict[str, Counter[tuple[str, str, str]]] = {half: Counter() for half in ("all", "before", "after")}
        alone: dict[str, Counter[tuple[str, str, str]]] = {half: Counter() for half in every}  # links of one kind
        totals: dict[str, Counter[tuple[str, str]]] = {half: Counter() for half in every}
        for (source, target), relations in sorted(links.items()):
            judged = labels.get((source, target))
            if judged is None:
                continue
            half = "before" if completed[source.split(":")[1]] < args.split.isoformat() else "after"
            for relation in sorted(relations):
                verdict = judge(relation, judged)
                stated = kinds.get((source, target, relation), [])
                for counted in ("all", half):
                    totals[counted][relation, verdict] += 1
                    stated_kinds = sorted({e[3] for e in stated}) or ["(no planned sentence)"]
                    for kind in stated_kinds:
                        every[counted][kind, relation, verdict] += 1
                    if len(stated_kinds) == 1:
                        alone[counted][stated_kinds[0], relation, verdict] += 1
                if args.list:
                    print(f"- {ids.get((source, target), '')} {verdict} {relation} {source} -> {target}")
                    for e in stated:
                        print(f"    [{e[3]}] {e[5]}: {e[4]}")
        for half, said in (("all", "every judged link"), ("before", f"citing items completed before {args.split}"),
                           ("after", f"citing items completed on or after {args.split}")):
            table(f"{path.name}, {said}: per kind (a link counts under each kind of a sentence stating it)",
                  every[half])
            table(f"{path.name}, {said}: the links every sentence of which is of one kind", alone[half])
            print("\ntotal: " + "; ".join(f"{r} {totals[half][r, 'right']} / "
                                        f"{totals[half][r, 'right'] + totals[half][r, 'wrong']}" for r in CLAIM_LINKS))
    team = yaml.safe_load(TEAM.read_text(encoding="utf-8"))["labels"]
    by_entry = {(e[5], e[0], e[1], e[2]): e[3] for e in entries}
    counts: Counter[tuple[str, str, str]] = Counter()
    for label in team:
        kind = by_entry.get((label["at"], label["from"], label["to"], label["relation"]))
        if kind is not None:
            counts[kind, label["relation"], "right" if label["verdict"] == "correct" else "wrong"] += 1
    table(f"{TEAM.name}: per kind (one entry per link and sentence)", counts)


if __name__ == "__main__":
    main()
