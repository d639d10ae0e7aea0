"""Concept vs method from a role an item gives the name: a way of doing's verb or a technique's copula (issue 21, types172).

    .venv/bin/python bench/bench_type_roles.py GRAPH FOLDER [FOLDER ...] [--labels FILE ...] [--readings FILE ...]
                                               [--wordnet DIR] [--dense] [--list]

``bench/bench_type_frames.py`` measured the noun after a name ("X technique"), "the X framework" and a copula
whose noun's first WordNet sense is under method, technique or procedure; CHANGELOG types78 the members of
a list such a noun opens.  This bench measures what those left out, the verbs and the wider copula
(each vote one item's own text and the node's names, no corpus statistic; the flip rule is
``bench_type_frames.flipped``: a node flips when an item votes against its type and none for it):

* ``role``: the name as the object of a verb one does a technique with: apply, employ, practise, perform,
  implement, use (a closed class of verbs: ``ROLE_VERBS``; optional article; the name ends its phrase:
  punctuation or a function word follows).  A method vote; no concept vote, so only concept nodes flip.
* ``role-narrow``: ``role`` without implement and use (products and standards are implemented and used as
  readily as techniques are: types25, "via/using GitHub Actions").
* ``copula-wide``: "X is a/an ... N" / "X, a/an ... N" / "X (a/an ... N" with N's first WordNet sense under
  a way of doing as ``bench_type_frames.WAY_ROOTS`` or under practice, approach, strategy (``WIDE_ROOTS``)
  for a method vote, and under discipline or field of study (``FIELD_ROOTS``: "field", "discipline",
  "science") or a theory (``THEORY_ROOTS``) for a concept vote.
* ``field``: the method nodes only, a concept vote for "the field of X" / "X is a field/discipline ..."
  (a copula or apposition whose noun is under ``FIELD_ROOTS``).

Labels: engineer files (``--labels``: key, concept | method | either) and readers' node readings
(``--readings``: a ``type_ok`` column; yes keeps the node's type, no gives the other one).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_type_frames import (  # noqa: E402
    THEORY_ROOTS, WAY_ROOTS, WORD, Frames, agreement, flipped, graph_nodes, item_texts, name_pattern,
    read_labels, report_flips, type_bench_arguments,
)
from bench.wordnet_table import hypernym_names  # noqa: E402
from kgsync.extract.canonical import word_key  # noqa: E402
from kgsync.vocabulary.node_kinds import FUNCTION_WORDS  # noqa: E402

#: Verbs whose object is a way of doing (a closed class: the verbs of using something, not nouns).
ROLE_VERBS = ("apply", "applies", "applied", "applying", "employ", "employs", "employed", "employing",
              "practise", "practises", "practised", "practising", "practice", "practices", "practiced", "practicing",
              "perform", "performs", "performed", "performing")
WIDE_VERBS = ROLE_VERBS + ("implement", "implements", "implemented", "implementing", "use", "uses", "used", "using")
#: More roots of a way of doing for the wide copula (WordNet 3.0 synset head words).
WIDE_ROOTS = WAY_ROOTS | {"practice", "approach", "strategy", "plan_of_action"}
#: Roots of a field of study.
FIELD_ROOTS = frozenset({"discipline", "field"})
VARIANTS = ("role", "role-narrow", "copula-wide", "field")
#: What ends a name's phrase: punctuation, a function word or the end.
END = r"(?=\s*[^\w\s-]|\s+(?:" + "|".join(FUNCTION_WORDS) + r")\b|\s*$)"


class Roots(Frames):
    """``Frames`` with the set of roots above a word's first sense, to test any class."""

    def above(self, word: str) -> frozenset[str]:
        offsets = self.nouns.get(word)
        if not offsets:
            return frozenset()
        first = offsets[0]
        return frozenset(hypernym_names(self.synsets, self.first_word, first) | {self.first_word[first]})


class RolePatterns:
    """The regexes of one node's names."""

    def __init__(self, names: frozenset[str]) -> None:
        name = name_pattern(names)
        self.firsts = tuple(sorted({n.split(" ")[0].split("-")[0] for n in names}))
        article = r"(?:(?:a|an|the)\s+)?"
        self.role = re.compile(r"\b(?:" + "|".join(ROLE_VERBS) + r")\s+" + article + name + END)
        self.wide = re.compile(r"\b(?:" + "|".join(WIDE_VERBS) + r")\s+" + article + name + END)
        self.copula = re.compile(name + r"(?:\s+is|,|\s+\()\s+(?:a|an)\s+(?:" + WORD + r"\s+){0,3}?(" + WORD + r")\b"
                                 r"(?=\s+(?:of|for|that|which|where|in|to|from|with|and|used|to)\b|[,.;:)])")
        self.field = re.compile(r"\b(?:field|discipline)\s+of\s+" + name + END)


def item_vote(lower: str, node: RolePatterns, variant: str, roots: Roots) -> int:
    """+1 (method), -1 (concept) or 0 (see the module doc)."""
    if not any(first in lower for first in node.firsts):
        return 0
    if variant.startswith("role"):
        return 1 if (node.wide if variant == "role" else node.role).search(lower) else 0
    way = field = 0
    for match in node.copula.finditer(lower):
        above = roots.above(word_key(match.group(1)))
        way += bool(above & WIDE_ROOTS)
        field += bool(above & FIELD_ROOTS) or (bool(above & THEORY_ROOTS) and variant == "copula-wide")
    if variant == "field":
        field += bool(node.field.search(lower))
        return -1 if field else 0
    return (way > field) - (field > way)


def read_reading(path: Path) -> dict[str, str]:
    """key -> the type a reader's ``type_ok`` gives (yes: the node's own type; no: the other one)."""
    out: dict[str, str] = {}
    header: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        row = dict(zip(header, cells))
        name, ok = row.get("name", ""), row.get("type_ok", "")
        kind, _colon, key = name.partition(":")
        if kind not in ("concept", "method") or ok not in ("yes", "no"):
            continue
        out[key] = kind if ok == "yes" else ("method" if kind == "concept" else "concept")
    return out


def main() -> int:
    import argparse
    extra = argparse.ArgumentParser(add_help=False)
    extra.add_argument("--readings", type=Path, nargs="*", default=[])
    known, rest = extra.parse_known_args()
    sys.argv = [sys.argv[0], *rest]
    args = type_bench_arguments(__doc__.split("\n\n")[0], ())
    nodes = graph_nodes(args.graph)
    texts = item_texts(args.folders, args.dense)
    roots = Roots(args.wordnet)
    patterns = {key: RolePatterns(names) for key, (_kind, names) in nodes.items()}
    before = {key: kind for key, (kind, _names) in nodes.items()}
    labels = {path.name: read_labels(path) for path in args.labels}
    labels |= {path.name: read_reading(path) for path in known.readings}
    for name, lab in labels.items():
        right, have, lacks = agreement(before, lab)
        print(f"before  {name}: {right}/{have} agree ({lacks} labelled nodes not in the graph)")
    for variant in VARIANTS:
        after = {}
        for key, (kind, _names) in nodes.items():
            touches = (kind == "concept") if variant.startswith("role") else (kind == "method" or variant != "field")
            votes: Iterable[int] = (item_vote(t, patterns[key], variant, roots) for t in texts) if touches else ()
            after[key] = flipped(kind, votes)
        report_flips(before, after, labels, args.list, heading=f"\n{variant}: ")
    return 0


if __name__ == "__main__":
    sys.exit(main())
