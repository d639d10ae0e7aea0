"""Concept vs method from how each item uses the term: its grammatical role, scored against labels (issue 21, types25).

    .venv/bin/python bench/bench_type_usage.py GRAPH FOLDER [FOLDER ...] [--labels FILE ...] [--dense] [--list]

types16, types18 and types19 read the noun after a node's name ("X technique", "the X framework") and
WordNet's files.  This bench reads the *role* the item gives the name, the paraphrase types19 left
unmeasured: a way of doing is something one does a thing *with* or *by*, or applies; a task is
something one does or evaluates *on*.  Each mention counts only where the name is the head of its
noun phrase (the next word is punctuation or a function word: ``FUNCTION``, English's closed
classes, no noun), so "using knowledge graph prompting" says nothing of "knowledge graph".

* ``instrument``: "using / via / through / with / by / by means of X" (X the head) votes method;
* ``object``: "apply / employ / adopt / practise / perform X" (any inflection, an article allowed) votes method;
* ``task``: "X task(s) / benchmark(s)" or "on / at X" after a measure ("accuracy on X",
  "performance at X": ``MEASURES``) votes concept;
* ``both``: ``instrument`` + ``object`` for concepts, ``task`` for methods.
* ``task-method``: method nodes only: an item votes concept when it writes a ``task`` role and none of
  ``instrument`` (without "with", "through", "by": they follow things as often), ``object`` or a way-of-doing
  noun after the name (``wordnet.is_activity``, ``node_kinds.item_frames``'s way frames); method when it
  writes one of those.  Flips nothing on the research items' dense zones: "code-generation research" (an
  activity noun after a task) vetoes the one task it finds.
* ``task-role``: ``task-method`` without the way-of-doing noun (roles only: ``instrument`` without "with",
  "through", "by"; ``object``).  Fixed on the research items (dense zones) before the later items were read with it.

An item votes method when it writes more method roles than concept roles for the node, concept the
other way; a node flips by the conservative rule of ``bench_type_frames`` (an item votes against its
type and none for it).  Each vote depends on that item's text and the node's names only.  Printed
per variant: the flips, and agreement with each label file (``either`` agrees with both).  Not a
test: it prints figures.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.vocabulary.node_kinds import FUNCTION_WORDS, MEASURE_NOUNS, item_frames  # noqa: E402
from bench.bench_type_frames import (agreement, flipped, graph_nodes, item_texts, name_pattern,  # noqa: E402
                                     read_labels, report_flips)

LABELS = ROOT / "bench" / "labels"
DEFAULT_LABELS = (LABELS / "types18_engineer_research.tsv", LABELS / "types19_engineer_research.tsv",
                  LABELS / "types25_engineer_later.tsv")
#: The build's closed-class words (after one, a name has ended its phrase) and nouns of measurement
#: ("accuracy on X"): one list for the rule and its bench (``kgsync.vocabulary.node_kinds``).
FUNCTION = frozenset(FUNCTION_WORDS)
MEASURES = "(?:" + "|".join(sorted(MEASURE_NOUNS)) + ")"
VARIANTS = ("instrument", "object", "task", "both", "task-method", "task-role")


class Roles:
    """One node's role regexes, compiled once."""

    def __init__(self, names: frozenset[str]) -> None:
        name = name_pattern(names)
        head = r"(?=\s*[^\w\s-]|\s+(?:" + "|".join(sorted(FUNCTION)) + r")\b|\s*$)"
        self.firsts = tuple(sorted({n.split(" ")[0].split("-")[0] for n in names}))
        self.instrument = re.compile(r"\b(?:using|via|through|with|by|by means of)\s+(?:the\s+)?" + name + head)
        self.object = re.compile(r"\b(?:appl(?:y|ies|ied|ying)|employ(?:s|ed|ing)?|adopt(?:s|ed|ing)?|"
                                 r"practi[sc](?:e|es|ed|ing)|perform(?:s|ed|ing)?)\s+(?:an?\s+|the\s+)?" + name + head)
        self.via = re.compile(r"\b(?:using|via|by means of)\s+(?:the\s+)?" + name + head)
        self.runs = frozenset(" ".join(re.findall(r"[a-z0-9][a-z0-9']*", n.replace("-", " "))) for n in names)
        self.task = re.compile(name + r"\s+(?:tasks?|benchmarks?)\b|\b" + MEASURES + r"\s+(?:on|at)\s+" + name + head)


def item_vote(lower: str, roles: Roles, variant: str, kind: str) -> int:
    """+1 (method), -1 (concept) or 0: the item's roles for the node."""
    if not any(first in lower for first in roles.firsts):
        return 0
    if variant in ("task-method", "task-role"):
        if kind != "method":
            return 0
        if roles.via.search(lower) or roles.object.search(lower):
            return 1
        if variant == "task-method" and not item_frames(lower).way.isdisjoint(roles.runs):
            return 1
        return -1 if roles.task.search(lower) else 0
    use_method = variant in ("instrument", "object") or (variant == "both" and kind == "concept")
    use_task = variant == "task" or (variant == "both" and kind == "method")
    way = 0
    if use_method:
        if variant in ("instrument", "both"):
            way += len(roles.instrument.findall(lower))
        if variant in ("object", "both"):
            way += len(roles.object.findall(lower))
    task = len(roles.task.findall(lower)) if use_task else 0
    return (way > task) - (task > way)


def run(nodes: dict[str, tuple[str, frozenset[str]]], texts: list[str], variant: str) -> dict[str, str]:
    roles = {key: Roles(names) for key, (_kind, names) in nodes.items()}
    return {key: flipped(kind, (item_vote(t, roles[key], variant, kind) for t in texts))
            for key, (kind, _names) in nodes.items()}


def arguments(argv: Iterable[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--labels", type=Path, nargs="+", default=list(DEFAULT_LABELS))
    parser.add_argument("--dense", action="store_true")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS))
    return parser.parse_args(None if argv is None else list(argv))


def main() -> int:
    args = arguments()
    nodes = graph_nodes(args.graph)
    texts = item_texts(args.folders, args.dense)
    labels = {path.name: read_labels(path) for path in args.labels}
    before = {key: kind for key, (kind, _names) in nodes.items()}
    for name, lab in labels.items():
        right, have, lacks = agreement(before, lab)
        print(f"before  {name}: {right}/{have} agree ({lacks} labelled nodes not in the graph)")
    for variant in args.variants:
        print(f"\n{variant}:")
        report_flips(before, run(nodes, texts, variant), labels, args.list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
