"""Precision and recall of the near-duplicate pairs a reviewer is shown, against labelled pairs (issue 21).

    PYTHONPATH=$PWD .venv/bin/python bench/neardup_labels.py GRAPH.jsonl LABELS.tsv [LABELS.tsv ...]

The pairs shown are lint's ``near-duplicate-name`` findings on GRAPH (``kin.proposed_pairs``, one
type at a time).  A label file holds ``node_a<TAB>node_b<TAB>merge|keep_apart<TAB>why ...`` lines
(``#`` comments; ``bench/labels/neardup28_engineer_*.tsv``).  Printed: each pair shown with its
verdict (``unlabelled`` when no file judges it), precision (merges among the labelled pairs shown,
k of n) and recall (merges shown, of the labelled merges whose two nodes GRAPH holds, of one type
and across types apart: lint compares names of one type only).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kgsync.contract import jsonl
from kgsync.lint.rules import lint


def read_labels(paths: list[Path]) -> dict[tuple[str, str], str]:
    """(a, b) sorted -> verdict, from every file (a later file's verdict wins)."""
    labels: dict[tuple[str, str], str] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            a, b, verdict = line.split("\t")[:3]
            labels[(min(a, b), max(a, b))] = verdict
    return labels


def shown_pairs(graph_path: Path) -> list[tuple[str, str]]:
    """The pairs lint's near-duplicate-name findings name, sorted."""
    graph = jsonl.read(graph_path)
    pairs = set()
    for finding in lint(graph).findings:
        if finding.code == "near-duplicate-name":
            other = finding.message.split()[-1]
            pairs.add((min(finding.entity, other), max(finding.entity, other)))
    return sorted(pairs)


def report(shown: list[tuple[str, str]], labels: dict[tuple[str, str], str], names: set[str]) -> list[str]:
    lines = [f"{labels.get(pair, 'unlabelled')}\t{pair[0]}\t{pair[1]}" for pair in shown]
    judged = [pair for pair in shown if pair in labels]
    right = sum(labels[pair] == "merge" for pair in judged)
    lines.append(f"precision: {right} of {len(judged)} labelled pairs shown are merges "
                 f"({len(shown) - len(judged)} shown unlabelled)")
    merges = [pair for pair, verdict in labels.items() if verdict == "merge" and set(pair) <= names]
    same = [pair for pair in merges if pair[0].split(":")[0] == pair[1].split(":")[0]]
    found = sum(pair in set(shown) for pair in same)
    lines.append(f"recall: {found} of {len(same)} labelled merges of one type shown "
                 f"(and {len(merges) - len(same)} across types, never compared)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("labels", type=Path, nargs="+")
    args = parser.parse_args(argv)
    names = {entity.name for entity in jsonl.read(args.graph).entities}
    for line in report(shown_pairs(args.graph), read_labels(args.labels), names):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
