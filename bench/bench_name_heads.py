"""List (and score) the item -> node links ``extract.name_heads`` could remove (senses19, issue 21).

For each `addresses` / `uses_method` link of a graph from an item of the given corpus folders to a
concept or method node, the node's keys (its name's words and its aliases, ``canonical.term_key``) of
one or two words are looked up in the item's whole text as mining reads it; the link is listed when
one of them is written after a name in at least ``--share`` of its mentions (0.5: the rule's "more
than half" and the ties, so labels written from this list cover every link the rule removes).
With ``--labels``, the listed links are joined with an engineer's labels (item, node, yes/no, note:
does the item mean the general idea) and the removals' link precision printed: the share of links
the rule removes (more than half, ``--rule``) that the labels say do not mean the general idea.

    PYTHONPATH=$PWD python bench/bench_name_heads.py GRAPH.jsonl --corpus ../shared/corpus/research \
        [--labels bench/labels/senses19_engineer_research.tsv] [--context]

Run it on the graph *before* the rule (main's): afterwards the removed links are gone from it.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kgsync.extract import markup  # noqa: E402
from kgsync.extract.canonical import term_key  # noqa: E402
from kgsync.extract.name_heads import mention_counts  # noqa: E402
from kgsync.read.items import read_items  # noqa: E402

_LINKS = ("addresses", "uses_method")


def whole_text(item: object) -> str:
    """The item's whole text as ``mining.candidates`` reads it (``item_text``: cleaned title and body)."""
    body_raw: str = getattr(item, "body")
    repositories = markup.repository_names(body_raw)
    body = markup.without_names(markup.clean(markup.without_fences(body_raw)), repositories)
    title = markup.without_names(markup.clean(getattr(item, "title")), repositories)
    return title + "\n" + body


def node_keys(graph: Path) -> dict[str, set[str]]:
    keys: dict[str, set[str]] = defaultdict(set)
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        name = record.get("name", "")
        if record.get("type") != "entity" or not name.startswith(("concept:", "method:")):
            continue
        keys[name].add(term_key(name.split(":", 1)[1].replace("-", " ")))
        for obs in record.get("observations", []):
            if obs.startswith("alias:"):
                keys[name].add(term_key(obs[len("alias:"):]))
    return {name: {k for k in ks if k and k.count(" ") <= 1} for name, ks in keys.items()}


def links(graph: Path) -> list[tuple[str, str]]:
    out = []
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "relation" and record["relationType"] in _LINKS and record["from"].startswith("item:"):
            out.append((record["from"][len("item:"):], record["to"]))
    return out


def contexts(text: str, key: str, limit: int = 4) -> list[str]:
    words = key.split(" ")
    pattern = re.compile(r"(?i)(?:[\w.'\u2019-]+\s+){0,3}\b" + r"\s+".join(re.escape(w[:-1] if len(w) > 3 else w) + r"\w*" for w in words) + r"\b")
    return [" ".join(m.group(0).split()) for m in pattern.finditer(text)][:limit]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("--corpus", type=Path, action="append", required=True)
    parser.add_argument("--labels", type=Path)
    parser.add_argument("--share", type=float, default=0.5, help="list links written after a name at least this share")
    parser.add_argument("--context", action="store_true", help="print the mentions' contexts")
    args = parser.parse_args()
    paths = sorted(p for folder in args.corpus for p in folder.glob("*.md"))
    items = {item.slug: item for item in read_items(paths).items}
    keys = node_keys(args.graph)
    rows = []
    texts: dict[str, str] = {}
    for slug, node in links(args.graph):
        if slug not in items or node not in keys:
            continue
        text = texts.setdefault(slug, whole_text(items[slug]))
        counts = mention_counts(text, keys[node])
        for key, (n, after) in sorted(counts.items()):
            if n and after >= args.share * n:
                rows.append((slug, node, key, n, after, 2 * after > n))
    labels: dict[tuple[str, str], str] = {}
    if args.labels:
        with args.labels.open(encoding="utf-8") as handle:
            for row in csv.reader(handle, delimiter="\t"):
                if row and not row[0].startswith("#") and row[0] != "item":
                    labels[row[0], row[1]] = row[2]
    removed = {(slug, node) for slug, node, _k, _n, _a, rule in rows if rule}
    for slug, node, key, n, after, rule in rows:
        mark = labels.get((slug, node), "?")
        print(f"{slug}\t{node}\t{key}\t{after}/{n}\t{'rule' if rule else 'tie'}\t{mark}")
        if args.context:
            for ctx in contexts(texts[slug], key):
                print(f"    {ctx}")
    if args.labels:
        judged = [labels.get(link) for link in sorted(removed)]
        wrong_sense = sum(1 for j in judged if j == "no")
        same = sum(1 for j in judged if j == "yes")
        print(f"removed by the rule: {len(removed)}; labelled no (product's thing): {wrong_sense}; "
              f"yes (general idea): {same}; unlabelled: {len(removed) - wrong_sense - same}; "
              f"precision {wrong_sense}/{wrong_sense + same}")
    else:
        print(f"listed {len(rows)} (item, node, key) rows; {len(removed)} links the rule removes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
