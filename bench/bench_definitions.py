"""The defining sentence each concept/method page opens with (``kgsync.publish.site.definitions``),
measured against engineer labels (``bench/labels/define21_engineer_*.tsv``).

    PYTHONPATH=. python bench/bench_definitions.py GRAPH.jsonl ITEMS_DIR [ITEMS_DIR ...]
        [--labels TSV] [--list] [--all]

Precision: of the labelled nodes the rule shows a sentence for, those whose sentence starts like one
the label accepts (the first 60 letters, case and punctuation aside).  Coverage: of the labelled nodes
the label says an item defines, those shown a right sentence.  ``--all``: how many of every
concept/method node get a sentence (unlabelled).  ``--list``: each labelled node's verdict.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kgsync.contract import jsonl  # noqa: E402
from kgsync.contract.model import EntityType, RelationType  # noqa: E402
from kgsync.read.item_model import ResearchItem  # noqa: E402
from kgsync.read.items import find_item_files, read_items  # noqa: E402
from kgsync.publish.site.definitions import Definition, definition, node_names  # noqa: E402
from kgsync.publish.site.model import SiteData, collect  # noqa: E402
from kgsync.publish.site.node import Node  # noqa: E402

PREFIX = 60


def letters(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", re.sub(r"[*_`\[\]]", "", text.casefold()))


def read_labels(path: Path) -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """node -> (verdict, [(item slug, sentence start)])."""
    labels: dict[str, tuple[str, list[tuple[str, str]]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith(("#", "node\t")):
            continue
        cells = line.split("\t") + ["", "", ""]
        accepted = []
        for part in cells[2].split(" || "):
            if part.strip():
                slug, _, start = part.partition(": ")
                accepted.append((slug.strip(), start.strip()))
        labels[cells[0]] = (cells[1], accepted)
    return labels


def right(found: Definition, accepted: list[tuple[str, str]]) -> bool:
    shown = letters(found.sentence)
    for slug, start in accepted:
        want = letters(start)[:PREFIX]
        if slug == found.item and want and (shown.startswith(want) or want in shown[:PREFIX + 40]):
            return True
    return False


def linked_items(data: SiteData, node: Node, items: dict[str, ResearchItem]) -> list[ResearchItem]:
    relation = RelationType.ADDRESSES if node.kind is EntityType.CONCEPT else RelationType.USES_METHOD
    linked = [n for n in data.sources(node.name, relation) if n.kind is EntityType.RESEARCH_ITEM and not n.inactive]
    return [items[n.key] for n in linked if n.key in items]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("items", type=Path, nargs="+")
    parser.add_argument("--labels", type=Path, action="append", default=[])
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--all", action="store_true")
    args = parser.parse_args()
    graph = jsonl.read(args.graph)
    paths = [p for folder in args.items for p in find_item_files(folder)]
    read = read_items(paths).items
    items = {i.slug: i for i in read}
    data = collect(graph, read)
    nodes = [*data.of(EntityType.CONCEPT), *data.of(EntityType.METHOD)]
    found = {n.name: definition(node_names(n.title, n.search_names), linked_items(data, n, items)) for n in nodes}
    if args.all:
        shown = sum(1 for d in found.values() if d is not None)
        print(f"all nodes: {shown} of {len(nodes)} shown a sentence")
        if args.list and not args.labels:
            for n in nodes:
                if (d := found[n.name]) is not None:
                    print(f"{n.name}\t{d.item}:{d.line}\t{d.sentence}")
    for path in args.labels:
        labels = read_labels(path)
        shown = good = defined = covered = 0
        for name, (verdict, accepted) in sorted(labels.items()):
            if name not in found:
                print(f"{path.name}: {name} is not a node of {args.graph}", file=sys.stderr)
                continue
            got = found[name]
            ok = got is not None and right(got, accepted)
            shown += got is not None
            good += ok
            defined += verdict == "defined"
            covered += ok and verdict == "defined"
            if args.list:
                mark = "-" if got is None else ("RIGHT" if ok else "WRONG")
                text = "" if got is None else f"{got.item}:{got.line} [{got.form}] {got.sentence}"
                print(f"{mark:5} {verdict:7} {name}\t{text}")
        precision = good / shown if shown else float("nan")
        coverage = covered / defined if defined else float("nan")
        print(f"{path.name}: {len(labels)} nodes, {defined} defined by an item; shown {shown}, right {good}: "
              f"precision {precision:.2f} ({good}/{shown}), coverage {coverage:.2f} ({covered}/{defined})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
