"""Concept vs method from each item's own wording: per-item frame votes, scored against labels (issue 21, types18).

    .venv/bin/python bench/bench_type_frames.py GRAPH FOLDER [FOLDER ...] [--labels FILE ...] [--wordnet DIR]
                                                [--dense] [--list]

A node's type is read today from its name alone (``vocabulary.terms.classify``, ``node_kinds``).  This
bench asks whether the items' own text could correct it, one item at a time (an item's vote depends
on that item and the node's names only, no corpus statistic):

* ``next``: each mention of one of the node's names (its key and aliases, acronyms of up to five
  capitals left out: "PP", "CoT" mean other things elsewhere) followed by a noun.  The noun is a
  *way-of-doing* frame when its first WordNet sense is, or descends from, method, technique or procedure
  (``WAY_ROOTS``: "technique", "method", "procedure", "algorithm", "heuristic", "process"; the table's
  wider ``activity`` class, tried first, flips 58 research nodes, "GitHub review", "RAG research") and a
  *theory* frame when its first WordNet sense is a cognition under explanation or hypothesis
  (``THEORY_ROOTS``: "theory", "framework", "model").
* ``the``: only "the X N" counts as a theory frame (a definite singular: the framework that X is, not
  "AI governance frameworks", frameworks for it); way-of-doing frames as in ``next``.
* ``copula``: "X is a/an/the ... N" / "X, a ... N" with N a frame noun as in ``next``;
* ``the-theory``: ``the``, for method nodes only (a theory written as "the X framework" is the one
  direction whose faults, predictive coding and processing, the frames find without a way-of-doing noun).

An item votes *method* when it writes more way-of-doing frames than theory frames for the node, *concept*
the other way.  A node flips (the conservative rule) when at least one item votes against its type
and none for it.  Printed per variant: the flips, and agreement with each label file before and after
(``either`` agrees with both types; labelled nodes the graph lacks are counted apart).  ``--dense``
reads the items' dense zones (title, question, summary, findings: ``ItemCandidates.dense``, what the
vocabulary stage has at hand) instead of their whole text.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.wordnet_table import hypernym_names, read_index, read_synsets  # noqa: E402
from kgsync.extract.canonical import word_key  # noqa: E402

LABELS = ROOT / "bench" / "labels"
DEFAULT_LABELS = (LABELS / "types18_engineer_research.tsv", LABELS / "types18_engineer_later.tsv")
#: A theory noun's first sense descends from these (WordNet 3.0 synset names): "theory" (explanation),
#: "framework" and "model" (a hypothetical description: under hypothesis).
THEORY_ROOTS = frozenset({"explanation", "hypothesis"})
#: A way-of-doing noun's first sense is, or descends from, one of these.
WAY_ROOTS = frozenset({"method", "technique", "procedure"})
#: An acronym alias of up to this many capitals is left out: short acronyms are ambiguous in prose.
SHORT_ACRONYM = 5
WORD = r"[a-z][a-z-]*"
VARIANTS = ("next", "the", "copula", "the-theory")


class Frames:
    """WordNet's verdict on a frame noun: a way of doing (``WAY_ROOTS``) or a theory (``THEORY_ROOTS``)."""

    def __init__(self, folder: Path) -> None:
        self.synsets = read_synsets(folder)
        self.nouns = read_index(folder / "index.noun")
        self.first_word = {offset: words[0].lower() for offset, (_lex, words, _p) in self.synsets.items()}
        self.cache: dict[str, tuple[bool, bool]] = {}

    def kind(self, word: str) -> tuple[bool, bool]:
        """(a way of doing, a theory) by the first sense of ``word``."""
        if word not in self.cache:
            offsets = self.nouns.get(word)
            if not offsets:
                self.cache[word] = (False, False)
            else:
                first = offsets[0]
                above = hypernym_names(self.synsets, self.first_word, first) | {self.first_word[first]}
                self.cache[word] = (bool(above & WAY_ROOTS),
                                    self.synsets[first][0] == "noun.cognition" and bool(above & THEORY_ROOTS))
        return self.cache[word]

    def is_way(self, word: str) -> bool:
        return self.kind(word)[0]

    def is_theory(self, word: str) -> bool:
        return self.kind(word)[1]


def graph_nodes(graph: Path) -> dict[str, tuple[str, frozenset[str]]]:
    """key (no prefix) -> (concept | method, its names in lower case: key words and aliases)."""
    out = {}
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") != "entity" or record.get("entityType") not in ("concept", "method"):
            continue
        key = record["name"].split(":", 1)[1]
        names = {key.replace("-", " ")}
        for obs in record["observations"]:
            if obs.startswith("alias:"):
                alias = obs[len("alias:"):]
                if not (alias.isupper() and len(alias) <= SHORT_ACRONYM):
                    names.add(alias.lower())
        out[key] = (record["entityType"], frozenset(names))
    return out


def name_pattern(names: Iterable[str]) -> str:
    """A regex for any of ``names``, spaces and hyphens alike, then an optional "(ACRONYM)"."""
    parts = sorted((re.escape(n).replace(r"\ ", r"[\s-]+").replace(r"\-", r"[\s-]+") for n in names), key=len,
                   reverse=True)
    return r"(?<![\w-])(?:" + "|".join(parts) + r")(?:\s*\([^)]{1,40}\))?"


class NodePatterns:
    """The three frame regexes of one node's names, compiled once."""

    def __init__(self, names: frozenset[str]) -> None:
        name = name_pattern(names)
        self.firsts = tuple(sorted({n.split(" ")[0].split("-")[0] for n in names}))
        self.next = re.compile(name + r"\s+(" + WORD + ")")
        self.the = re.compile(r"\bthe\s+" + name + r"\s+(" + WORD + ")")
        self.copula = re.compile(name + r"(?:\s+is|,)\s+(?:a|an|the)\s+(?:" + WORD + r"\s+){0,3}?(" + WORD + r")\b"
                                 r"(?=\s+(?:of|for|that|which|where|in|to|from|with|and)\b|[,.;:)])")


def item_vote(lower: str, node: NodePatterns, variant: str, frames: Frames) -> int:
    """+1 (method), -1 (concept) or 0: the item's frames for the node (``lower``: its text in lower
    case; see the module doc)."""
    if not any(first in lower for first in node.firsts):
        return 0
    way = theory = 0
    if variant == "copula":
        for match in node.copula.finditer(lower):
            noun = word_key(match.group(1))
            way += frames.is_way(noun)
            theory += frames.is_theory(noun)
        return (way > theory) - (theory > way)
    for match in node.next.finditer(lower):
        noun = word_key(match.group(1))
        way += frames.is_way(noun)
        theory += variant == "next" and frames.is_theory(noun)
    if variant in ("the", "the-theory"):
        theory = sum(frames.is_theory(word_key(m.group(1))) for m in node.the.finditer(lower))
    return (way > theory) - (theory > way)


def flipped(kind: str, votes: Iterable[int]) -> str:
    """The node's type after the conservative rule: flip when an item votes against it, none for it."""
    own = 1 if kind == "method" else -1
    seen = set(votes)
    if -own in seen and own not in seen:
        return "concept" if kind == "method" else "method"
    return kind


def read_labels(path: Path) -> dict[str, str]:
    """key (no prefix) -> concept | method | either."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "name\t")) or not line.strip():
            continue
        key, should = line.split("\t")[:2]
        out[key] = should
    return out


def agreement(types: dict[str, str], labels: dict[str, str]) -> tuple[int, int, int]:
    """(agreeing, labelled nodes the graph has, labelled nodes it lacks); ``either`` agrees with both."""
    have = [k for k in labels if k in types]
    right = sum(labels[k] in ("either", types[k]) for k in have)
    return right, len(have), len(labels) - len(have)


def report_flips(before: dict[str, str], after: dict[str, str], labels: dict[str, dict[str, str]], show_all: bool,
                 heading: str = "  ") -> None:
    """Print how many nodes a rule retypes, each label file's agreement after it, and the retyped nodes
    (``show_all``) or only those a label says are wrong."""
    flips = sorted(k for k in after if after[k] != before[k])
    print(f"{heading}{len(flips)} flips")
    for name, lab in labels.items():
        right, have, _lacks = agreement(after, lab)
        print(f"  after {name}: {right}/{have} agree")
    for key in flips:
        verdict = next((lab[key] for lab in labels.values() if key in lab), "?")
        mark = "right" if verdict in ("either", after[key]) else "WRONG"
        if show_all or mark == "WRONG":
            print(f"  {before[key]} -> {after[key]}  {key}  (label {verdict}: {mark})")


def item_texts(folders: Iterable[Path], dense: bool) -> list[str]:
    """Each item's whole text, or (``dense``) its dense zones as mining reads them, in lower case."""
    files = sorted(f for folder in folders for f in folder.glob("*.md"))
    if not dense:
        return [f.read_text(encoding="utf-8").lower() for f in files]
    from kgsync.extract.record import parse_record
    out = []
    for f in files:
        mined = parse_record(f.read_bytes(), str(f), f.stem).candidates
        out.append(mined.dense.lower() if mined else "")
    return out


def type_bench_arguments(description: str, default_labels: Iterable[Path]) -> argparse.Namespace:
    """The command line the type benches share: a graph, the item folders, the labels, WordNet's folder,
    ``--dense`` (the dense zones only) and ``--list``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("graph", type=Path)
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--labels", type=Path, nargs="+", default=list(default_labels))
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--dense", action="store_true")
    parser.add_argument("--list", action="store_true")
    return parser.parse_args()


def main() -> int:
    args = type_bench_arguments(__doc__.split("\n\n")[0], DEFAULT_LABELS)
    nodes = graph_nodes(args.graph)
    texts = item_texts(args.folders, args.dense)
    frames = Frames(args.wordnet)
    patterns = {key: NodePatterns(names) for key, (_kind, names) in nodes.items()}
    labels = {path.name: read_labels(path) for path in args.labels}
    before = {key: kind for key, (kind, _names) in nodes.items()}
    for name, lab in labels.items():
        right, have, lacks = agreement(before, lab)
        print(f"before  {name}: {right}/{have} agree ({lacks} labelled nodes not in the graph)")
    for variant in VARIANTS:
        after = {key: flipped(kind, (item_vote(t, patterns[key], variant, frames) for t in texts))
                 if variant != "the-theory" or kind == "method" else kind for key, (kind, _names) in nodes.items()}
        report_flips(before, after, labels, args.list, heading=f"\n{variant}: ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
