"""Two routes for issue 21 part 2 (concept and method names a researcher keeps), scored against engineer labels.

    .venv/bin/python bench/bench_field_frames.py GRAPH FOLDER [FOLDER ...] --labels FILE [FILE ...]
                                                 [--wordnet DIR] [--list]

The faults left on a new repository (README "## Measured") are of two kinds: a field of study typed as a
method, and a generic phrase of everyday words.  This bench measures one route for each, both read from
the item's own text or a real lexical resource, neither from corpus counts:

* ``field``: a method node becomes a concept when an item that links it writes it as a field of study:
  "X research", "X researchers", "X literature", "X community", "X discipline", "X field", "X
  practitioners", or "field of X", "discipline of X", "advances in X", "progress in X", "research in X"
  (``FIELD_AFTER``, ``FIELD_BEFORE``).  ``field-none-way``: the same when no linking item gives X a way of
  doing's role ("using X", "apply X": ``node_kinds.item_roles``), the guard the task rule has.  Each read in
  the linking items' dense zones (title, question, summary, findings: what the vocabulary stage has) and in
  their whole text.  Every method node is in its population.
* ``compound``: a concept or method node whose name is two words, no WordNet lemma, with a head noun of at
  least ``HEAD_SENSES`` WordNet senses and a modifier of at least ``MODIFIER_SENSES``: a compound of
  several-sense everyday words ("failure mode": mode 7 senses, failure 5), which would leave the graph.
  The cut was set from the heads the brief names (mode, family, time, model), before any count.

Printed for each route: the nodes it changes, and against the labels (``bench/labels/names149_engineer_*.tsv``:
``node``, ``verdict``, ``type``) how many changes are right and wrong.  A type change is right when the
label's type is ``concept`` (``either`` counts as neither), wrong when it is ``method``; a removal is
right on a ``generic`` or ``wrong`` verdict, wrong on ``idea`` or ``named``.  ``missed`` names the labelled
faults the route leaves.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.vocabulary.node_kinds import flat, frame_run, item_roles  # noqa: E402

#: A field noun after the name: "platform engineering research", "the RL literature".
FIELD_AFTER = ("research", "researchers", "literature", "community", "communities", "discipline", "field", "fields",
               "practitioners")
#: Words before the name that make it a field: "the field of context engineering", "advances in X".
FIELD_BEFORE = ("field of", "fields of", "discipline of", "advances in", "progress in", "research in")
#: The compound route's cut (see the module doc).
HEAD_SENSES = 4
MODIFIER_SENSES = 3
ROUTES = ("field:dense", "field-none-way:dense", "field:whole", "field-none-way:whole", "compound")


@dataclass(frozen=True)
class Node:
    """A concept or method node of a graph: its type, its names (``frame_run`` spelling) and the items linking it."""

    kind: str
    runs: frozenset[str]
    items: frozenset[str]


@dataclass(frozen=True)
class Label:
    """An engineer's label of a node: its verdict (idea, named, generic, wrong) and type (concept, method, either)."""

    verdict: str
    kind: str


def graph_nodes(lines: Iterable[str]) -> dict[str, Node]:
    """name (``concept:x``) -> its ``Node``, from a graph's JSONL lines; items are the slugs of the items and
    claims that link it."""
    kinds: dict[str, str] = {}
    runs: dict[str, set[str]] = {}
    items: dict[str, set[str]] = {}
    for line in lines:
        record = json.loads(line)
        if record.get("type") == "entity" and record.get("entityType") in ("concept", "method"):
            name = record["name"]
            kinds[name] = record["entityType"]
            names = {name.split(":", 1)[1]} | {o[len("alias:"):] for o in record["observations"] if o.startswith("alias:")}
            runs[name] = {run for run in map(frame_run, names) if run}
        elif record.get("type") == "relation":
            source = record["from"].split(":")
            if source[0] in ("item", "claim"):
                items.setdefault(record["to"], set()).add(source[1])
    return {name: Node(kind, frozenset(runs[name]), frozenset(items.get(name, ()))) for name, kind in kinds.items()}


def field_frames(text: str, runs: Iterable[str]) -> list[str]:
    """The field frames ``text`` (``node_kinds.flat``) writes of any of ``runs``: "R research", "field of R"..."""
    found = []
    for run in runs:
        name = r"(?<![a-z0-9])" + re.escape(run) + r"(?![a-z0-9])"
        found += [f"{run} {m.group(1)}" for m in re.finditer(name + r" (" + "|".join(FIELD_AFTER) + r")\b", text)]
        found += [f"{m.group(1)} {run}" for m in re.finditer(r"\b(" + "|".join(FIELD_BEFORE) + r") " + name, text)]
    return found


def field_change(node: Node, texts: Mapping[str, str], guarded: bool) -> list[str] | None:
    """The frames that retype ``node`` (a method) as a concept, or None when the route leaves it: some linking
    item's text (``texts``, slug -> ``flat`` text) writes a field frame and (``guarded``) none a way-of-doing role."""
    if node.kind != "method":
        return None
    mine = [texts[slug] for slug in sorted(node.items) if slug in texts]
    frames = [frame for text in mine for frame in field_frames(text, node.runs)]
    if not frames or (guarded and any(not item_roles(text).way.isdisjoint(node.runs) for text in mine)):
        return None
    return frames


def is_several_sense_compound(key: str, senses: Mapping[str, int]) -> bool:
    """Is ``key`` (a node's name without its prefix) two words, no lemma of ``senses`` (lemma -> WordNet noun
    senses), with a head of ``HEAD_SENSES`` senses or more and a modifier of ``MODIFIER_SENSES`` or more?"""
    words = key.split("-")
    return (len(words) == 2 and "_".join(words) not in senses
            and noun_senses(words[1], senses) >= HEAD_SENSES and noun_senses(words[0], senses) >= MODIFIER_SENSES)


def noun_senses(word: str, senses: Mapping[str, int]) -> int:
    """``word``'s WordNet noun senses, a plural read as its singular ("modes")."""
    return senses.get(word) or (senses.get(word[:-1], 0) if word.endswith("s") else 0)


def read_senses(index_noun: Path) -> dict[str, int]:
    """lemma -> its number of noun senses, from WordNet's ``index.noun``."""
    out = {}
    for line in index_noun.read_text(encoding="latin-1").splitlines():
        if not line.startswith(" "):
            fields = line.split()
            out[fields[0]] = int(fields[2])
    return out


def read_labels(paths: Iterable[Path]) -> dict[str, Label]:
    """node -> its ``Label``, from tab-separated files with a header naming ``node``, ``verdict`` and ``type``."""
    out = {}
    for path in paths:
        rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
                if line and not line.startswith("#")]
        header = rows[0]
        at = {column: header.index(column) for column in ("node", "verdict", "type")}
        for row in rows[1:]:
            out[row[at["node"]]] = Label(row[at["verdict"]], row[at["type"]])
    return out


def score(route: str, changed: Iterable[str], labels: Mapping[str, Label]) -> tuple[int, int, int]:
    """(right, wrong, unlabelled) among the nodes ``route`` changes (see the module doc)."""
    right = wrong = unlabelled = 0
    for node in changed:
        label = labels.get(node)
        if label is None:
            unlabelled += 1
        elif route == "compound":
            right += label.verdict in ("generic", "wrong")
            wrong += label.verdict in ("idea", "named")
        else:
            right += label.kind == "concept"
            wrong += label.kind == "method"
    return right, wrong, unlabelled


def missed(route: str, changed: Iterable[str], nodes: Mapping[str, Node], labels: Mapping[str, Label]) -> list[str]:
    """The labelled faults of the graph ``route`` is meant for and leaves: methods labelled concept, or generic
    and wrong nodes (the compound route: only those in its labelled population)."""
    done = set(changed)
    if route == "compound":
        return sorted(n for n, label in labels.items() if n in nodes and n not in done
                      and label.verdict in ("generic", "wrong"))
    return sorted(n for n, label in labels.items() if n in nodes and n not in done
                  and nodes[n].kind == "method" and label.kind == "concept")


def item_texts(folders: Iterable[Path], dense: bool) -> dict[str, str]:
    """slug -> each item's whole text, or (``dense``) its dense zones as mining reads them, in ``flat`` spelling."""
    from kgsync.extract.record import parse_record
    out = {}
    for path in sorted(f for folder in folders for f in folder.glob("*.md")):
        if dense:
            mined = parse_record(path.read_bytes(), str(path), path.stem).candidates
            out[path.stem] = flat(mined.dense) if mined else ""
        else:
            out[path.stem] = flat(path.read_text(encoding="utf-8"))
    return out


def changes(nodes: Mapping[str, Node], folders: list[Path], senses: Mapping[str, int]) -> dict[str, dict[str, str]]:
    """route -> node -> what made the change (frames, or the compound's sense counts)."""
    out: dict[str, dict[str, str]] = {}
    for zone in ("dense", "whole"):
        texts = item_texts(folders, zone == "dense")
        for guarded in (False, True):
            route = f"{'field-none-way' if guarded else 'field'}:{zone}"
            found = {name: field_change(node, texts, guarded) for name, node in nodes.items()}
            out[route] = {name: ", ".join(sorted(set(frames))) for name, frames in found.items() if frames}
    out["compound"] = {}
    for name in nodes:
        key = name.split(":", 1)[1]
        if is_several_sense_compound(key, senses):
            head, modifier = key.split("-")[1], key.split("-")[0]
            out["compound"][name] = f"{head} {noun_senses(head, senses)}, {modifier} {noun_senses(modifier, senses)}"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--labels", type=Path, nargs="+", required=True)
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--list", action="store_true", help="name each change and each missed fault")
    args = parser.parse_args()
    nodes = graph_nodes(args.graph.read_text(encoding="utf-8").splitlines())
    labels = read_labels(args.labels)
    found = changes(nodes, args.folders, read_senses(args.wordnet / "index.noun"))
    methods = sum(node.kind == "method" for node in nodes.values())
    print(f"{args.graph}: {len(nodes)} concept/method nodes, {methods} methods; {len(labels)} labels")
    print(f"{'route':24} {'changed':>7} {'right':>5} {'wrong':>5} {'unlabelled':>10}  missed faults")
    for route in ROUTES:
        right, wrong, unlabelled = score(route, found[route], labels)
        left = missed(route, found[route], nodes, labels)
        print(f"{route:24} {len(found[route]):7d} {right:5d} {wrong:5d} {unlabelled:10d}  {len(left)}: {' '.join(left)}")
        if args.list:
            for name, why in sorted(found[route].items()):
                label = labels.get(name)
                seen = f"{label.verdict}/{label.kind}" if label else "unlabelled"
                print(f"    {name:55} {seen:18} {why[:110]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
