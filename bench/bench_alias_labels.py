"""What a change does to the aliases and the expansion-named nodes of a graph, against labels written
first (issue 21: no wrong acronym expansion, no too-broad alias; expand185).

    PYTHONPATH=. python bench/bench_alias_labels.py [--aliases FILE] [--names FILE] GRAPH BASE.jsonl HEAD.jsonl

GRAPH names the labels' population column ``graph`` (``c273``: the configured 273-item graph; ``new``: a new
repository). Prints, by ``population`` (research: the alias or node is in the 220-item research build
too; later: only in the larger build or the new repository), each verdict's count in BASE and in HEAD,
the aliases removed and added with their verdicts, and the expansion-named nodes renamed with their
name's verdict. An alias a node keeps under a new name counts as kept. Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALIASES = ROOT / "bench" / "labels" / "expand185_engineer_aliases.tsv"
NAMES = ROOT / "bench" / "labels" / "expand185_engineer_names.tsv"


def read_labels(path: Path, graph: str, key: str) -> dict[tuple[str, str], tuple[str, str]]:
    """(node, ``key`` column) -> (population, verdict), for the rows of ``graph``."""
    with path.open(encoding="utf-8") as handle:
        rows = csv.DictReader((line for line in handle if not line.startswith("#")), delimiter="\t")
        return {(row["node"], row[key]): (row["population"], row["verdict"]) for row in rows if row["graph"] == graph}


def node_aliases(path: Path) -> dict[str, frozenset[str]]:
    """Each concept or method node of the JSONL graph -> its aliases."""
    out: dict[str, frozenset[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "entity" and record["entityType"] in ("concept", "method"):
            out[record["name"]] = frozenset(o[6:] for o in record["observations"] if o.startswith("alias:"))
    return out


def report(graph: str, base: Path, head: Path, aliases: Path = ALIASES, names: Path = NAMES) -> list[str]:
    """The lines the bench prints (see the module doc)."""
    alias_labels, name_labels = read_labels(aliases, graph, "alias"), read_labels(names, graph, "short_form")
    before, after = node_aliases(base), node_aliases(head)
    # A node renamed keeps its forms: its new name is the head node that lists the same lone short form.
    renamed = {old: new for old in before.keys() - after.keys() for new in after.keys() - before.keys()
               if before[old] & after[new]}
    lines = [f"{graph}: {len(before)} -> {len(after)} nodes"]
    for side, graph_aliases in (("base", before), ("head", after)):
        counts: Counter[tuple[str, str]] = Counter()
        for (node, alias), (population, verdict) in alias_labels.items():
            if alias in graph_aliases.get(renamed.get(node, node) if side == "head" else node, frozenset()):
                counts[population, verdict] += 1
        lines.append(f"  aliases {side}: " + ", ".join(f"{p} {v} {n}" for (p, v), n in sorted(counts.items())))
    for (node, alias), (population, verdict) in sorted(alias_labels.items()):
        if alias in before.get(node, frozenset()) and alias not in after.get(renamed.get(node, node), frozenset()):
            lines.append(f"  removed {population} {verdict}: {node} {alias!r}")
    labelled = {(renamed.get(node, node), alias) for node, alias in alias_labels}
    for node in sorted(after):
        for alias in sorted(after[node] - before.get(node, frozenset())):
            if (node, alias) not in labelled:
                lines.append(f"  added (unlabelled): {node} {alias!r}")
    for (node, short), (population, verdict) in sorted(name_labels.items()):
        if node in renamed:
            lines.append(f"  renamed {population} name-was-{verdict}: {node} -> {renamed[node]} ({short})")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graph")
    parser.add_argument("base", type=Path)
    parser.add_argument("head", type=Path)
    parser.add_argument("--aliases", type=Path, default=ALIASES)
    parser.add_argument("--names", type=Path, default=NAMES)
    args = parser.parse_args(argv)
    print("\n".join(report(args.graph, args.base, args.head, args.aliases, args.names)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
