"""The nodes of a built graph whose name, an alias, or an acronym expansion is a place or a body that
governs one by WordNet (``wordnet.is_place``, ``wordnet.is_jurisdiction``), and those whose name only
holds one ("EU AI Act"): the population a place rule can touch (places155, issue 21 part 2).

    python bench/bench_places.py OUT/memory.jsonl [more graphs ...] [--labels bench/labels/x.tsv]

Prints one row per (graph, node): the graph, the node, its relations, how it matched (``whole``: its
name, an alias or its acronym's expansion is one; ``holds``: a run of its name's words is one), the
form that matched, WordNet's class (place or jurisdiction); and one row (``map``) per entry of the manifest's
acronym map whose expansion is one, a node or not (it takes a concept slot of the items that write it).  With ``--labels`` (rows graph, node,
verdict, ...), prints each graph's rows with the verdict and counts of the verdicts per match kind.
Reads only the graph and its manifest (``memory.kgsync.json`` beside it); executes nothing of them.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from kgsync.extract import wordnet
from kgsync.extract.canonical import term_key


def _classes(key: str) -> str:
    found = [name for name, test in (("place", wordnet.is_place), ("jurisdiction", wordnet.is_jurisdiction)) if test(key)]
    return "+".join(found)


def _runs(key: str) -> list[str]:
    words = key.split(" ")
    return [" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
            if (i, j) != (0, len(words))]


def population(graph: Path) -> list[tuple[str, int, str, str, str]]:
    """(node, relations, match, form, class) of every non-item, non-claim node that matches."""
    entities: dict[str, list[str]] = {}
    degree: Counter[str] = Counter()
    for line in graph.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        if row.get("type") == "entity":
            entities[row["name"]] = row.get("observations", [])
        elif row.get("type") == "relation":
            degree[row["from"]] += 1
            degree[row["to"]] += 1
    manifest = graph.with_name("memory.kgsync.json")
    expansions: dict[str, list[str]] = {}
    if manifest.exists():
        for short, long, _users in json.loads(manifest.read_text(encoding="utf-8")).get("acronyms", []):
            expansions.setdefault(long, []).append(short)
    out: list[tuple[str, int, str, str, str]] = []
    for name, observations in sorted(entities.items()):
        kind, _colon, slug = name.partition(":")
        if kind in ("item", "claim", "theme"):
            continue
        key = term_key(slug.replace("-", " "))
        forms = [key] + [term_key(o[len("alias:"):]) for o in observations if o.startswith("alias:")]
        whole = next(((f, c) for f in forms if (c := _classes(f))), None)
        if whole is None and key in expansions:
            whole = next(((f"{s}={key}", c) for s in expansions[key] if (c := _classes(key))), None)
        if whole is not None:
            out.append((name, degree[name], "whole", whole[0], whole[1]))
            continue
        held = next(((r, c) for r in _runs(key) if (c := _classes(r))), None)
        if held is not None:
            out.append((name, degree[name], "holds", held[0], held[1]))
    for long, shorts in sorted(expansions.items()):  # the map's entries: a place rule reads them, node or not
        if cls := _classes(long):
            out.extend((f"acronym:{short}={long}", 0, "map", long, cls) for short in sorted(shorts))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", nargs="+", type=Path, help="memory.jsonl files (the graph's name: its parent folder)")
    parser.add_argument("--labels", type=Path, help="TSV: graph, node, verdict, ...; '#' lines are comments")
    args = parser.parse_args(argv)
    labels: dict[tuple[str, str], str] = {}
    if args.labels:
        for line in args.labels.read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#") and not line.startswith("graph\t"):
                graph, node, verdict, *_rest = line.split("\t")
                labels[(graph, node)] = verdict
    for graph in args.graphs:
        tag = graph.parent.name
        counts: Counter[tuple[str, str]] = Counter()
        for node, degree, match, form, cls in population(graph):
            verdict = labels.get((tag, node), "")
            counts[(match, verdict)] += 1
            print("\t".join((tag, node, str(degree), match, form, cls, verdict)))
        if args.labels:
            print(f"# {tag}: " + ", ".join(f"{m} {v or '(unlabelled)'}: {n}" for (m, v), n in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
