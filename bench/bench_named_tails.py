"""Which aliases the one-sense-per-discourse rule for names gives, per item (issue 21, topics19).

    .venv/bin/python bench/bench_named_tails.py GRAPH FOLDER [FOLDER ...] [--since DATE]

For every item of FOLDER that links a node of GRAPH, each form of that node (its name, hyphens as
spaces, and its aliases): where the item's dense zones (``ItemCandidates.dense``) first write the form,
is it the tail of a longer name, an acronym in capitals right before it ("EU AI Act" before "the AI
Act", "NIST AI RMF" before "AI RMF"), its own last word written with a capital?  Prints one row per
(node, full form): the items that write it so, and an example.  What ``vocabulary.named_tails`` would
add as the node's alias (the labels are written from this list before the rule runs).  Not a test.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract import mining  # noqa: E402
from kgsync.extract.canonical import display_alias  # noqa: E402
from kgsync.read.items import find_item_files, read_items  # noqa: E402
from kgsync.vocabulary.named_tails import named_tail  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("graph")
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--since", default="", help="only items whose slug sorts at or after this date")
    args = parser.parse_args()
    forms: dict[str, set[str]] = defaultdict(set)
    links: dict[str, set[str]] = defaultdict(set)
    for line in Path(args.graph).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row["type"] == "entity" and row["entityType"] in ("concept", "method"):
            name = row["name"]
            forms[name].add(name.split(":", 1)[1].replace("-", " "))
            forms[name].update(o[6:] for o in row["observations"] if o.startswith("alias:"))
        elif row["type"] == "relation" and row["from"].startswith("item:"):
            links[row["from"][5:]].add(row["to"])
    paths = [p for folder in args.folders for p in find_item_files(folder)]
    items = [i for i in read_items(paths).items if i.slug >= args.since]
    found: dict[tuple[str, str], list[str]] = defaultdict(list)
    for item in items:
        dense = mining.candidates(item).dense
        for node in sorted(links.get(item.slug, ())):
            for form in sorted(forms.get(node, ())):
                full = named_tail(dense, form)
                if full:
                    found[(node, display_alias(full))].append(item.slug)
    print(f"{len(items)} items; (node, full form) pairs: {len(found)}")
    for (node, full), slugs in sorted(found.items()):
        print(f"{node}\t{full}\t{len(slugs)}\t{slugs[0]}")


if __name__ == "__main__":
    main()
