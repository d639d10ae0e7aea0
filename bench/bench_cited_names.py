"""What a cited item's name changes: the links and nodes two graphs differ by, per population, scored by labels.

    .venv/bin/python bench/bench_cited_names.py OLD.jsonl NEW.jsonl [--labels bench/labels/slugs163_engineer_links.tsv]
        [--variant B] [--split 2026-05-01]

Lists each relation (not ``extends``/``states``: the names' item->item links are kept) and each non-claim
node one graph has and the other lacks, under the population of the item it comes from (``research``:
dated before ``--split``; ``later``: from it on), with its label's verdict (``wrong``: wrong to keep;
``right``; ``-``: unlabelled), and per population: removed wrong / removed right, added right / added
wrong.  The graphs are read as data (JSON lines), nothing in them is run.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SKIPPED = ("extends", "states")


def graph(path: Path) -> tuple[set[str], set[tuple[str, str, str]]]:
    """(non-claim node names, relations) of a JSONL graph."""
    nodes: set[str] = set()
    relations: set[tuple[str, str, str]] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "relation":
            if record["relationType"] not in _SKIPPED:
                relations.add((record["from"], record["relationType"], record["to"]))
        elif not record["name"].startswith("claim:"):
            nodes.add(record["name"])
    return nodes, relations


def labels(path: Path, variant: str) -> dict[tuple[str, ...], str]:
    """(from, relation, to) or (node,) -> verdict, for the rows of ``variant``."""
    out: dict[tuple[str, ...], str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "population\t")):
            continue
        cells = line.split("\t")
        if len(cells) < 8 or variant not in cells[1].split(","):
            continue
        key = (cells[3],) if cells[2].startswith("node") else (cells[3], cells[4], cells[5])
        out[key] = cells[7]
    return out


def population(name: str, split: str) -> str:
    """``research`` or ``later`` by the date of the item a node name or relation end holds."""
    slug = name.split(":", 2)[1] if name.count(":") >= 1 else name
    return "research" if slug[:10] < split else "later"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--labels", type=Path, default=ROOT / "bench" / "labels" / "slugs163_engineer_links.tsv")
    parser.add_argument("--variant", default="B")
    parser.add_argument("--split", default="2026-05-01")
    args = parser.parse_args(argv)
    (old_nodes, old_rel), (new_nodes, new_rel) = graph(args.old), graph(args.new)
    verdicts = labels(args.labels, args.variant)
    tally: Counter[tuple[str, str, str]] = Counter()
    for change, rels in (("lost", old_rel - new_rel), ("new", new_rel - old_rel)):
        for rel in sorted(rels):
            verdict = verdicts.get(rel, "-")
            pop = population(rel[0], args.split)
            tally[pop, change, verdict] += 1
            print(f"{pop}\t{change}\t{verdict}\t{' '.join(rel)}")
    for change, nodes in (("node-lost", old_nodes - new_nodes), ("node-new", new_nodes - old_nodes)):
        for node in sorted(nodes):
            print(f"-\t{change}\t{verdicts.get((node,), '-')}\t{node}")
    for pop in ("research", "later"):
        print(f"{pop}: removed {tally[pop, 'lost', 'wrong']} wrong / {tally[pop, 'lost', 'right']} right "
              f"({tally[pop, 'lost', '-']} unlabelled); added {tally[pop, 'new', 'right']} right / "
              f"{tally[pop, 'new', 'wrong']} wrong ({tally[pop, 'new', '-']} unlabelled)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
