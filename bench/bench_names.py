"""Concept and method names against blind readings: how many are research ideas, with the count.

    .venv/bin/python bench/bench_names.py GRAPH [--labels FILE ...] [--list] [--held-out RESEARCH_GRAPH [--later DIR]]

GRAPH: a ``memory.jsonl``.  Labels: readings of nodes (``bench/labels/reading_*nodes*.tsv``,
``reading_names_*.tsv``), written by readers who saw the items and a graph, not the code.  The
readings were written over several rounds in slightly different columns; each row names a node
(the first cell that starts with ``concept:`` or ``method:``), a verdict (the column whose
header starts with ``verdict``: ``idea``, ``named``, ``place``, ``not``, ``not_idea``,
``generic``, ``wrong``) and whether its type fits (a column headed ``type_ok``, ``type_right``,
``prefix`` or ``type``).  Given several files, a later file's verdict on a node replaces an earlier one's.

Prints, over the graph's concept and method nodes: ideas, named things, generic phrases, wrong
names, nodes no reading judged (``unread``: a new node needs a new reading), the share of ideas
and named things among the judged, and the type faults.  With ``--list`` it also names the
generic, wrong, mistyped and unread nodes; with ``--held-out`` it counts only the nodes the later
items add or address (``held_out``: a time split's held-out set).  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "bench" / "labels"
# Oldest first: a later reading of the same node wins.
DEFAULT_READINGS = (
    "reading_names_2026-12-02.tsv",
    "reading_names_2026-12-02_final_additions.tsv",
    "reading_names_2026-12-02_third.tsv",
    "reading_all_nodes_2026-12-02_fourth.tsv",
    "reading_new_nodes_2026-12-02_fourth.tsv",
    "reading_new_nodes_2026-12-02_fifth.tsv",
    "reading_all_nodes_2026-12-02_sixth.tsv",
    "reading_new_nodes_2026-12-02_sixth.tsv",
    "reading_new_nodes_2026-12-02_sixth_end.tsv",
    "reading_new_nodes_2026-12-02_seventh.tsv",
    "reading_all_nodes_2026-12-03_tenth.tsv",
    "reading_nodes_2026-12-03_tenth_b.tsv",
    "reading_nodes_2026-12-03_eleventh.tsv",
    "reading_nodes_2026-12-03_twelfth.tsv",
    "reading_all_nodes_2026-12-03_thirteenth_a.tsv",
    "reading_all_nodes_2026-12-03_thirteenth_b.tsv",
    "reading_nodes_2026-12-03_thirteenth_end.tsv",
    "reading_nodes_2026-12-04_fourteenth_end.tsv",
    "reading_nodes_2026-12-04_fourteenth_end2.tsv",
    "reading_nodes_2026-12-04_fourteenth_end3.tsv",
    "reading_nodes_2026-12-04_fifteenth_a.tsv",
    "reading_nodes_2026-12-04_fifteenth_b.tsv",
    "reading_all_nodes_2026-12-04_fifteenth_a.tsv",
    "reading_all_nodes_2026-12-04_fifteenth_b.tsv",
    "reading_all_nodes_2026-12-04_fifteenth_c.tsv",
    # The fifteenth reading's verdicts on two nodes types25 retyped as their reader asked (not a new reading).
    "reading_carried_2026-12-05_types25.tsv",
    # An independent reader's verdict on every node of the 273-item graph (twenty-first round).
    "reading_all_nodes_2026-12-05_twentyfirst.tsv",
)
GOOD = {"idea": "idea", "named": "named", "place": "named"}
BAD = {"not": "not", "not_idea": "not", "generic": "not", "wrong": "wrong"}


@dataclass(frozen=True)
class Verdict:
    kind: str  # idea / named / not / wrong
    type_ok: bool | None  # None when the reading did not say


def _header(line: str) -> list[str]:
    return [cell.strip().lstrip("#").strip().lower() for cell in line.split("\t")]


def read_verdicts(path: Path) -> dict[str, Verdict]:
    """node name -> the reading's verdict; rows with no node or no known verdict are skipped."""
    out: dict[str, Verdict] = {}
    header: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        names = [c.strip() for c in cells if c.strip().startswith(("concept:", "method:"))]
        if not names:
            if "verdict" in line.lower():
                header = _header(line)
            continue
        if not header:  # headerless file: node, verdict, type, ...
            header = ["node", "verdict", "type_ok"]
        row = dict(zip(header, (c.strip() for c in cells), strict=False))
        verdict = next((v.lower() for k, v in row.items() if k.startswith("verdict")), "")
        kind = GOOD.get(verdict) or BAD.get(verdict)
        if kind is None:
            continue
        # A verdict column (type_ok, type_right, prefix) wins over a bare ``type``, which some readings use for the
        # node's own type ("concept") beside their verdict on it (reader147).
        verdict_columns = [v for k, v in row.items() if k.startswith(("type_ok", "type_right", "prefix"))]
        type_cell = (verdict_columns or [v for k, v in row.items() if k == "type"] or [""])[0].lower()
        # the tenth round's reading writes "type-ok" / "should-be-method"
        type_ok = True if type_cell in ("yes", "ok", "type-ok") else \
            False if type_cell in ("no", "wrong", "type-fault", "type-wrong") or type_cell.startswith("should-be") else None
        out[names[0]] = Verdict(kind, type_ok)
    return out


def graph_nodes(graph: Path) -> dict[str, str]:
    """concept and method node name -> entity type."""
    out: dict[str, str] = {}
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "entity" and record["entityType"] in ("concept", "method"):
            out[record["name"]] = record["entityType"]
    return out


def held_out(graph: Path, research: Path, later: Path) -> set[str]:
    """The concept and method nodes of ``graph`` that the later items add or address: absent from
    the research-only graph ``research``, or linked by a later item (a file of ``later``) or by one
    of its claims (the held-out set of names10's time split, ``labels/README.md``)."""
    slugs = {path.stem for path in later.glob("*.md")}
    known = set(graph_nodes(research))
    linked: set[str] = set()
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") != "relation":
            continue
        for node, other in ((record["from"], record["to"]), (record["to"], record["from"])):
            if other.startswith(("item:", "claim:")) and other.split(":")[1] in slugs:
                linked.add(node)
    return {name for name in graph_nodes(graph) if name not in known or name in linked}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("--labels", type=Path, nargs="+", help="readings, oldest first (default: bench/labels' node readings)")
    parser.add_argument("--list", action="store_true", help="name the generic, wrong, mistyped and unread nodes")
    parser.add_argument("--held-out", type=Path, metavar="RESEARCH_GRAPH",
                        help="only the nodes the later items add or address: absent from RESEARCH_GRAPH or linked by a later item")
    parser.add_argument("--later", type=Path, default=ROOT.parent / "shared" / "corpus" / "later",
                        help="the later items (with --held-out; default ../shared/corpus/later)")
    args = parser.parse_args()
    files = args.labels or [LABELS / name for name in DEFAULT_READINGS]
    verdicts: dict[str, Verdict] = {}
    for path in files:
        verdicts.update(read_verdicts(path))
    nodes = graph_nodes(args.graph)
    if args.held_out:
        kept = held_out(args.graph, args.held_out, args.later)
        nodes = {name: kind for name, kind in nodes.items() if name in kept}
    counts: Counter[str] = Counter()
    listed: dict[str, list[str]] = {"not": [], "wrong": [], "type": [], "unread": []}
    for name in sorted(nodes):
        verdict = verdicts.get(name)
        if verdict is None:
            counts["unread"] += 1
            listed["unread"].append(name)
            continue
        counts[verdict.kind] += 1
        if verdict.kind in listed:
            listed[verdict.kind].append(name)
        if verdict.type_ok is False:
            counts["type faults"] += 1
            listed["type"].append(name)
    judged = sum(counts[k] for k in ("idea", "named", "not", "wrong"))
    good = counts["idea"] + counts["named"]
    print(f"{len(nodes)} concept and method nodes; {judged} judged, {counts['unread']} unread")
    print(f"ideas {counts['idea']}, named {counts['named']}, generic {counts['not']}, wrong {counts['wrong']}")
    if judged:
        print(f"ideas or named: {good}/{judged} = {good / judged:.3f}")
    print(f"type faults: {counts['type faults']}")
    if args.list:
        for kind, names in listed.items():
            if names:
                print(f"{kind}: {', '.join(names)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
