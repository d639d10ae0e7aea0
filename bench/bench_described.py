"""References by description: how many hand-listed ones a build links claim→claim, and which it misses.

    python bench/bench_described.py GRAPH_DIR_OR_JSONL [--list FILE] [--show]

Reads a built graph (``x.jsonl`` and its manifest ``x.kgsync.json``) and the hand lists of
references to another item's finding by description (``bench/labels/refs9_engineer_list.tsv``,
research corpus, the development list; ``bench/labels/refs12_engineer_later.tsv``, the later
items). A row (file:line, cited slug, finding number, relation) is **linked** when the manifest
holds an evidence entry stated at that file:line from a claim of the citing item to the cited
item's claim of that Key Finding number; its relation is counted apart. Rows labelled ``none``
(no finding builds on the reference) are not counted; a link at such a row is reported as wrong.
``--show`` prints each unlinked row with what the build wrote at that line instead.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LISTS = (ROOT / "bench" / "labels" / "refs9_engineer_list.tsv", ROOT / "bench" / "labels" / "refs12_engineer_later.tsv")


def read_rows(path: Path) -> list[dict[str, str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def load(graph: Path) -> tuple[dict[str, str], dict[str, list[tuple[str, str, str, str]]]]:
    """(claim name -> its Key Finding number, file:line -> [(source, target, relation, sentence)])."""
    jsonl = graph if graph.suffix == ".jsonl" else next(graph.glob("*.jsonl"))
    numbers: dict[str, str] = {}
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "entity" and record.get("entityType") == "claim":
            numbers[record["name"]] = next((o.removeprefix("section:key-finding-") for o in record["observations"]
                                            if o.startswith("section:key-finding-")), "")
    manifest = json.loads(jsonl.with_suffix(".kgsync.json").read_text(encoding="utf-8"))
    at: dict[str, list[tuple[str, str, str, str]]] = {}
    for facts in manifest["items"].values():
        for source, target, relation, sentence, where in facts.get("evidence", ()):
            path, line = where.rsplit(":", 1)
            at.setdefault(f"{Path(path).name}:{line}", []).append((source, target, relation, sentence))
    return numbers, at


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path, help="a graph .jsonl (its .kgsync.json beside it) or a folder holding one")
    parser.add_argument("--list", type=Path, action="append", help="a hand list (default: refs9's and refs12's)")
    parser.add_argument("--show", action="store_true", help="print the rows not linked and what is linked there")
    args = parser.parse_args()
    numbers, at = load(args.graph)
    for path in args.list or LISTS:
        rows = read_rows(path)
        counted = [r for r in rows if r["relation"] != "none"]
        linked, same, wrong_none, missed = 0, 0, 0, []
        for row in rows:
            there = [e for e in at.get(row["at"], ())
                     if e[1].startswith(f"claim:{row['cited']}:") and e[0].startswith("claim:")
                     and numbers.get(e[1]) == row["finding"]]
            if row["relation"] == "none":
                wrong_none += bool(there)
                continue
            if there:
                linked += 1
                same += any(e[2] == row["relation"] for e in there)
            else:
                missed.append((row, at.get(row["at"], [])))
        print(f"{path.name}: linked {linked}/{len(counted)} at their line to the listed finding "
              f"(relation as listed: {same}); links at rows listed none: {wrong_none}")
        if args.show:
            for row, there in missed:
                print(f"  - {row['at']} {row['cited']} KF{row['finding']} ({row['relation']}): "
                      + ("; ".join(f"{e[2]} {e[0].split(':')[-1]} -> {e[1]} (KF{numbers.get(e[1], '?')})"
                                   for e in there) or "nothing linked there"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
