"""Which signal proposes the pairs a reader merges among a graph's largest concepts (issue 21, dup58).

    PYTHONPATH=$PWD .venv/bin/python bench/largest_pairs.py GRAPH.jsonl LABELS.tsv [LABELS.tsv ...] [--top 100]

The largest concepts: the ``--top`` concept nodes with the most items ``addresses``-linking them (ties
by name).  A label file holds ``node_a<TAB>node_b<TAB>merge|keep_apart<TAB>why`` lines (``#``
comments; ``bench/labels/dup58_engineer_*.tsv``), which lists *every* pair of the largest the labeller
would merge, so an unlabelled pair is one they keep apart.  For each signal, the pairs of those nodes it
proposes, each with its verdict, and precision (labelled merges among the pairs proposed, k of n) and
recall (labelled merges proposed, of those whose two nodes are among the largest).  Nothing here is
used by the build: it is the evidence for adding a signal to ``kgsync.vocabulary.kin`` or keeping it out.

Signals (the candidates issue 21's second part names; the items linking a node are
``kin.graph_forms``': its ``addresses`` and its claims' ``about`` links):

* ``shown``: what ``kgsync duplicates`` (so lint and the review PR) proposes today.
* ``derived``: two names that share a word only once a derived word is read as its base (the
  project's WordNet table: an "-ic" adjective as its noun, "agentic" -> "agent"; a ``quality`` noun
  as its verb or adjective, "auditability" -> "audit"), and not as written.
* ``beyond-chance``: two names sharing a written word that at least 2 items link both, at least
  ``LIFT`` times as many as chance would (the product of their shares of the items).
* ``apart``: two names with the same last word (head), each linked by at least 3 items, no item
  linking both: one idea written two ways by authors who each write one of them.
* ``same-head-derived``: ``apart`` for a pair one of whose other names ``derived`` or ``shown``
  pairs with the first: the proposals a reviewer is shown, extended along one shared head.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from itertools import combinations
from pathlib import Path

from kgsync.cli.duplicates import duplicate_pairs
from kgsync.contract import jsonl
from kgsync.contract.model import Graph
from kgsync.extract import wordnet
from kgsync.read.config import Merge
from kgsync.vocabulary.kin import graph_forms

#: ``beyond-chance``: shared items at least this many times chance.
LIFT = 10.0
#: ``apart``: each name linked by at least this many items (fewer is no usage to be apart in).
MIN_ITEMS = 3

Pair = tuple[str, str]
Items = Mapping[str, frozenset[str]]


def largest(graph: Graph, top: int) -> list[str]:
    """The ``top`` concepts (names without prefix) by the number of items addressing them."""
    counts: Counter[str] = Counter()
    for relation in graph.relations:
        if relation.relation_type == "addresses" and relation.source.startswith("item:") \
                and relation.target.startswith("concept:"):
            counts[relation.target[len("concept:"):]] += 1
    return sorted(counts, key=lambda name: (-counts[name], name))[:top]


def base(word: str) -> str:
    """A derived word read as its base: "agentic" -> "agent", "auditability" -> "audit"; a plural as
    its singular; any other word as it is."""
    qualities, _ = wordnet.derived_words()
    if word in qualities:
        for suffix, stem in (("ability", ""), ("ibility", "")):
            if word.endswith(suffix):
                return word[: -len(suffix)] + stem
    if word.endswith("ic") and len(word) - 2 >= 5:
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


def derived(names: list[str], items: Items) -> set[Pair]:
    out = set()
    for a, b in combinations(names, 2):
        wa, wb = set(a.split("-")), set(b.split("-"))
        if not wa & wb and {base(w) for w in wa} & {base(w) for w in wb}:
            out.add((a, b))
    return out


def beyond_chance(names: list[str], items: Items) -> set[Pair]:
    total = len(frozenset().union(*items.values())) if items else 0
    out = set()
    for a, b in combinations(names, 2):
        if not set(a.split("-")) & set(b.split("-")):
            continue
        first, second = items.get(a, frozenset()), items.get(b, frozenset())
        shared = len(first & second)
        if shared >= 2 and total and shared >= LIFT * len(first) * len(second) / total:
            out.add((a, b))
    return out


def apart(names: list[str], items: Items) -> set[Pair]:
    out = set()
    for a, b in combinations(names, 2):
        first, second = items.get(a, frozenset()), items.get(b, frozenset())
        if a.split("-")[-1] == b.split("-")[-1] and min(len(first), len(second)) >= MIN_ITEMS \
                and first.isdisjoint(second):
            out.add((a, b))
    return out


def score(proposed: set[Pair], labels: dict[Pair, str], names: set[str]) -> list[str]:
    lines = [f"  {labels.get(pair, 'unlabelled')}\t{pair[0]}\t{pair[1]}" for pair in sorted(proposed)]
    right = sum(labels.get(pair) == "merge" for pair in proposed)
    kept = sum(labels.get(pair) == "keep_apart" for pair in proposed)
    merges = [pair for pair, verdict in labels.items() if verdict == "merge" and set(pair) <= names]
    lines.append(f"  precision {right} of {len(proposed)} ({kept} labelled keep-apart, {len(proposed) - right - kept} unlabelled); "
                 f"recall {sum(pair in proposed for pair in merges)} of {len(merges)} merges")
    return lines


def read_labels(paths: list[Path]) -> dict[Pair, str]:
    labels: dict[Pair, str] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                a, b, verdict = (cell.removeprefix("concept:") for cell in line.split("\t")[:3])
                labels[(min(a, b), max(a, b))] = verdict
    return labels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("labels", type=Path, nargs="+")
    parser.add_argument("--top", type=int, default=100)
    args = parser.parse_args(argv)
    graph = jsonl.read(args.graph)
    names = sorted(largest(graph, args.top))
    wanted = set(names)
    _, items = graph_forms(graph, "concept", "concept:")
    labels = read_labels(args.labels)
    shown = {(a.removeprefix("concept:"), b.removeprefix("concept:")) for a, b in duplicate_pairs(graph, Merge())
             if a.startswith("concept:") and b.startswith("concept:")}
    shown = {pair for pair in shown if set(pair) <= wanted}
    signals: dict[str, Callable[[list[str], Items], set[Pair]]] = {
        "derived": derived, "beyond-chance": beyond_chance, "apart": apart}
    found = {"shown": shown} | {name: signal(names, items) for name, signal in signals.items()}
    seeds = found["shown"] | found["derived"]
    found["same-head-derived"] = {pair for pair in found["apart"]
                                  if any(set(pair) & set(seed) and pair != seed for seed in seeds)}
    print(f"{len(names)} largest concepts; {sum(v == 'merge' for v in labels.values())} merges and "
          f"{sum(v == 'keep_apart' for v in labels.values())} keep-apart pairs labelled")
    for name, proposed in found.items():
        print(f"{name}: {len(proposed)} pairs")
        for line in score(proposed, labels, wanted):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
