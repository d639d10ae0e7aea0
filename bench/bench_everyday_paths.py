"""Concept and method nodes general English would call everyday, by the path that made each a node.

    .venv/bin/python bench/bench_everyday_paths.py GRAPH [--labels FILE] [--later DIR] [--glosses DIR] [--list] [--all]

GRAPH: a ``real.jsonl`` / ``g273.jsonl``; its manifest (``GRAPH`` with ``.kgsync.json`` for ``.jsonl``)
gives the hubs, themes, topics and the shared acronym map.  For each concept and method node:

* ``path``, how it became a node (README, "What is a concept, decided"): ``theme`` (a vocabulary theme), ``hub`` (a
  term on more than a fifth of the items), ``topic`` (a topic word or phrase, name, derived noun,
  compound or convention file the manifest keeps), ``acronym`` (an alias in capitals the shared map
  expands to the node's key: an item defined or wrote out the long form), else ``mined`` (an item's own
  term within its caps); a node may have several (``topic+acronym``);
* ``english``, what the committed WordNet 3.0 table (``kgsync.extract.wordnet``) says of its name:
  ``compound`` (a noun compound WordNet lists: "information technology", "knowledge base"), ``noun`` (a
  single word WordNet spells in lower case as a noun: "registry", "throughput", "storm"), ``name`` (a
  place or a body that governs one: "New Zealand", "European Union"), ``abbrev`` (an alias in capitals
  WordNet lists as an everyday compound's abbreviation or an ordinary word: "PR", "PC"), with
  ``--glosses DIR`` (Debian ``wordnet-base``'s ``/usr/share/wordnet``) ``glossed`` (a phrase WordNet's
  own definitions and examples write in lower case, singular or plural: "supply chain", "financial
  services"), else ``-``.

With ``--labels`` (a TSV: node, verdict ``idea`` / ``named`` / ``generic``), the nodes by path and by
``english`` against the verdicts; ``--later DIR`` counts only the nodes an item of DIR links (the
held-out side of the time split).  ``--list`` prints one row per node (``--all``: also those with
``english`` ``-``).  Not a test: it prints figures.  Tests: ``tests/bench/test_bench_everyday_paths.py``.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from kgsync.extract import wordnet
from kgsync.extract.canonical import term_key, word_key

VERDICTS = ("idea", "named", "generic")
#: An alias written as an acronym: two capitals or more, letters and digits ("API", "PRs", "GraphRAG").
_ACRONYM = re.compile(r"[A-Z][A-Za-z0-9&./-]*[A-Z0-9]s?")


@dataclass(frozen=True)
class NodeRow:
    """One concept or method node: its name, how it became a node, what WordNet says of its name."""

    name: str
    path: str
    english: str
    acronyms: tuple[str, ...]


@dataclass(frozen=True)
class Manifest:
    """What of a build's manifest says how a node came: hubs, theme slugs, topics, the acronym map."""

    hubs: frozenset[str]
    themes: frozenset[str]
    topics: frozenset[str]
    expansions: Mapping[str, frozenset[str]]  # long form -> the acronyms the map gives it


def read_manifest(path: Path) -> Manifest:
    data = json.loads(path.read_text(encoding="utf-8"))
    expansions: dict[str, set[str]] = defaultdict(set)
    for row in data.get("acronyms", []):
        expansions[row[1]].add(row[0])
    return Manifest(frozenset(data.get("hubs", [])), frozenset(data.get("themes", [])),
                    frozenset(data.get("topics", [])), {k: frozenset(v) for k, v in expansions.items()})


def _is_acronym(alias: str) -> bool:
    return bool(_ACRONYM.fullmatch(alias)) and sum(c.isupper() for c in alias) >= 2


def gloss_text(folder: Path) -> str:
    """WordNet's glosses (``data.noun``, ``.verb``, ``.adj``, ``.adv``) as one string of words, each
    run of other characters one space, with a space at both ends: a phrase is written when
    " phrase " is in it.  Case is kept: "New Zealand" in a gloss is a name, not a lower-case phrase."""
    parts: list[str] = []
    for name in ("data.noun", "data.verb", "data.adj", "data.adv"):
        for line in (folder / name).read_text(encoding="latin-1").splitlines():
            if not line.startswith(" ") and " | " in line:
                parts.append(line.partition(" | ")[2])
    return " " + re.sub(r"[^A-Za-z0-9]+", " ", " ".join(parts)) + " "


def english(key: str, acronyms: Sequence[str], glosses: str = "") -> str:
    """What general English (WordNet 3.0, the committed table; its glosses when given) calls the name ``key``."""
    if wordnet.is_place(key) or wordnet.is_jurisdiction(key):
        return "name"
    if " " in key:
        if wordnet.is_noun_compound(key):
            return "compound"
    elif wordnet.is_common(key):
        return "noun"
    if any(wordnet.is_ordinary(word_key((a[:-1] if a[-1:] == "s" and a[:-1].isupper() else a).lower()))
           for a in acronyms):
        return "abbrev"
    if " " in key and glosses and any(f" {form} " in glosses for form in (key, key + "s", key + "es")):
        return "glossed"
    return "-"


def node_rows(graph: Path, manifest: Manifest, glosses: str = "") -> list[NodeRow]:
    rows: list[NodeRow] = []
    for line in graph.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d.get("type") != "entity" or d.get("entityType") not in ("concept", "method"):
            continue
        name: str = d["name"]
        slug = name.split(":", 1)[1]
        key = term_key(slug.replace("-", " "))
        aliases = [o[len("alias:"):] for o in d.get("observations", []) if o.startswith("alias:")]
        acronyms = tuple(a for a in aliases if _is_acronym(a))
        paths = [p for p, hit in (("theme", slug in manifest.themes), ("hub", key in manifest.hubs),
                                  ("topic", key in manifest.topics),
                                  ("acronym", bool(acronyms) and key in manifest.expansions)) if hit]
        rows.append(NodeRow(name, "+".join(paths) or "mined", english(key, acronyms, glosses), acronyms))
    return rows


def linked_by(graph: Path, items: Iterable[str]) -> frozenset[str]:
    """The concept and method nodes an item of ``items`` (or one of its claims) links."""
    wanted = set(items)
    out: set[str] = set()
    for line in graph.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d.get("type") != "relation":
            continue
        for a, b in ((d["from"], d["to"]), (d["to"], d["from"])):
            kind, _, rest = a.partition(":")
            item = rest if kind == "item" else rest.split(":", 1)[0] if kind == "claim" else ""
            if item in wanted and b.split(":", 1)[0] in ("concept", "method"):
                out.add(b)
    return frozenset(out)


def read_labels(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = line.split("\t")
        if line.startswith("#") or len(cells) < 2 or cells[0] == "node":
            continue
        out[cells[0]] = cells[1]
    return out


def table(rows: Sequence[NodeRow], labels: Mapping[str, str], by: str) -> list[str]:
    """Verdict counts per value of ``by`` (``path`` or ``english``), one line each."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        counts[getattr(row, by)][labels.get(row.name, "unlabelled")] += 1
    lines = [f"{by:<22}" + "".join(f"{v:>11}" for v in (*VERDICTS, "unlabelled"))]
    for value in sorted(counts):
        lines.append(f"{value:<22}" + "".join(f"{counts[value][v]:>11}" for v in (*VERDICTS, "unlabelled")))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("--labels", type=Path)
    parser.add_argument("--later", type=Path, help="count only the nodes an item of this folder links")
    parser.add_argument("--glosses", type=Path, help="WordNet's data files (/usr/share/wordnet): the glossed class")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--all", action="store_true", help="with --list: every node, not only everyday ones")
    args = parser.parse_args(argv)
    manifest = read_manifest(args.graph.with_suffix(".kgsync.json"))
    rows = node_rows(args.graph, manifest, gloss_text(args.glosses) if args.glosses else "")
    if args.later:
        keep = linked_by(args.graph, (p.stem for p in args.later.glob("*.md")))
        rows = [r for r in rows if r.name in keep]
    labels = read_labels(args.labels) if args.labels else {}
    print(f"{len(rows)} concept/method nodes")
    if args.list:
        for r in rows:
            if args.all or r.english != "-":
                print(r.name, r.path, r.english, ",".join(r.acronyms) or "-", labels.get(r.name, "-"), sep="\t")
    if labels:
        print("\n".join(table(rows, labels, "path")))
        print("\n".join(table(rows, labels, "english")))


if __name__ == "__main__":
    main()
