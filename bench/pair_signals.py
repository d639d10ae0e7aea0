"""Measure general signals for near-duplicate node pairs over ALL pairs of a graph's concept/method nodes (issue 21).

    PYTHONPATH=$PWD .venv/bin/python bench/pair_signals.py GRAPH.jsonl 'ITEMS/*.md' [--pairs LIST]

Signals (each a pair of nodes of one graph; a surface is a node's name read as words or an alias,
owned by that node only):

* ``equate-items``: some item writes the two as one: "A (B)", "A, also called B", "A, also known
  as B", "A, i.e. B", "A, or B," (an appositive "or" between commas), either order.
* ``equate-graph``: the same, over the text the graph holds (item and claim observations): what
  ``equated_pairs`` reads over ``graph_texts``.
* ``head-same-items``: ``kin.head_pairs`` (one name the other's head, ``kin.same_items``).
* ``same-items-any``: ``kin.same_items`` over every pair, whatever the names (its precision alone).
* ``proposed``: what ``kgsync duplicates`` proposes, each with its shared items (``SAME ITEMS``: ``kin.same_items``).
* ``contained``: one name's words are a proper part of the other's (words in order), and the
  items linking the smaller set mostly link the other: overlap |A n B| / min(|A|, |B|) printed.

``--pairs``: a list file (``A<TAB>B<TAB>verdict``) whose pairs are marked in the output.
"""

from __future__ import annotations

import argparse
import glob
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import combinations
from pathlib import Path

from kgsync.contract import jsonl
from kgsync.contract.model import Graph
from kgsync.extract.canonical import is_acronym, term_key
from kgsync.read.config import Merge
from kgsync.vocabulary.kin import graph_forms, head_pairs, kin_pairs, same_items, shared_items
from kgsync.vocabulary.similarity import near_duplicate_pairs


#: What an item writes between two names it equates, after the first: "A (B)", "A (i.e. B)",
#: "A, also called B", "A, also known as B", "A, i.e. B", "A, or B," (an appositive "or" between
#: commas; "A or B" alone is a choice between two, not one idea written twice).
_EQUATE_OPEN = re.compile(
    r"\s*(?:\(\s*(?:(?:i\.e\.|aka|a\.k\.a\.|or|also called|also known as|known as|that is),?\s+)?"
    r"|,\s+(?:also called|also known as|otherwise known as|known as|aka|a\.k\.a\.|i\.e\.,?|that is,|or)\s+"
    r"(?:(?:a|an|the)\s+)?)")
#: What must follow the second name: the parenthesis closed, or (after "or") a comma or the end.
_EQUATE_CLOSE = {"(": re.compile(r"\s*\)"), ",": re.compile(r"\s*(?:[,;:.)]|$)")}

#: Characters of context either side of an equating phrase, kept as the proposal's evidence.
_CONTEXT = 60


def equated_pairs(forms: Mapping[str, Iterable[str]], texts: Iterable[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """Pairs of names (``a < b``) some text writes as one idea ("A (B)", "A, also called B":
    ``_EQUATE_OPEN``), each with the first such place (``source: ...excerpt...``); ``texts``:
    (source, text) in a stable order.  A surface is a name read as words or one of its aliases,
    owned by that name only (a surface two nodes share, "DORA", equates neither); an acronym
    alias matches only as written ("IT" is no "it").  A proposal only: a parenthesis also holds
    an example ("policy engines (OPA)"), so the reviewer reads the evidence and decides."""
    find = names_in(forms)
    out: dict[tuple[str, str], str] = {}
    for source, text in texts:
        kept = find(text)
        for (s1, e1, n1), (s2, e2, n2) in zip(kept, kept[1:]):
            if n1 == n2:
                continue
            opened = _EQUATE_OPEN.fullmatch(text, e1, s2)
            if opened is None:
                continue
            closer = _EQUATE_CLOSE["(" if "(" in opened.group(0) else ","]
            if not closer.match(text, e2):
                continue
            pair = (min(n1, n2), max(n1, n2))
            if pair not in out:
                excerpt = " ".join(text[max(0, s1 - _CONTEXT):e2 + _CONTEXT].split())
                out[pair] = f"{source}: ...{excerpt}..."
    return out


def names_in(forms: Mapping[str, Iterable[str]]) -> Callable[[str], list[tuple[int, int, str]]]:
    """A finder of the names a text writes: (start, end, name) in text order, the longest name at a
    place winning ("large language model").  A surface is a name read as words or one of its aliases,
    owned by that name only (a surface two nodes share, "DORA", names neither); an acronym alias
    matches only as written ("IT" is no "it")."""
    words_of: dict[str, set[str]] = defaultdict(set)
    acronyms: dict[str, set[str]] = defaultdict(set)
    for name, surfaces in forms.items():
        words_of[" ".join(name.split("-"))].add(name)
        for surface in surfaces:
            if " " not in surface and is_acronym(surface):
                acronyms[surface].add(name)
            elif term_key(surface):
                words_of[" ".join(re.findall(r"[a-z0-9]+", surface.lower()))].add(name)
    owner = {form: next(iter(names)) for form, names in words_of.items() if len(names) == 1 and form}
    owner_acronym = {form: next(iter(names)) for form, names in acronyms.items() if len(names) == 1}
    plain = _alternation(owner, r"[\s-]+", r"(?:e?s)?", re.IGNORECASE)
    capital = _alternation(owner_acronym, "", "s?", 0)  # "LLMs": an acronym's plural

    def find(text: str) -> list[tuple[int, int, str]]:
        found = sorted(_matches(plain, text, owner, lower=True) + _matches(capital, text, owner_acronym, lower=False))
        kept: list[tuple[int, int, str]] = []
        for start, end, name in found:
            if kept and start < kept[-1][1]:
                if end - start > kept[-1][1] - kept[-1][0]:
                    kept[-1] = (start, end, name)
                continue
            kept.append((start, end, name))
        return kept
    return find


def _alternation(owner: Mapping[str, str], joint: str, plural: str, flags: int) -> re.Pattern[str] | None:
    if not owner:
        return None
    forms = sorted(owner, key=lambda form: (-len(form), form))
    body = "|".join(joint.join(re.escape(word) for word in form.split()) + plural for form in forms)
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", flags)


def _matches(pattern: re.Pattern[str] | None, text: str, owner: Mapping[str, str],
             lower: bool) -> list[tuple[int, int, str]]:
    if pattern is None:
        return []
    out = []
    for match in pattern.finditer(text):
        written = match.group(0)
        form = " ".join(re.findall(r"[a-z0-9]+", written.lower())) if lower else written
        name = owner.get(form) or owner.get(re.sub(r"e?s$", "", form) if lower else form[:-1])
        if lower and name is None:  # a plural: the form without its last word's ending
            name = owner.get(form[:-2]) or owner.get(form[:-1])
        if name is not None:
            out.append((match.start(), match.end(), name))
    return out


def graph_texts(graph: Graph) -> Iterator[tuple[str, str]]:
    """The text a graph holds about its items: each item's and claim's observations (a title, a
    summary, a statement), by entity name: what ``equated_pairs`` reads at review time."""
    for entity in sorted(graph.entities, key=lambda e: e.name):
        if entity.entity_type in ("research_item", "claim"):
            for observation in entity.observations:
                yield entity.name, observation


def _evidence(items: Mapping[str, frozenset[str]], a: str, b: str) -> str:
    shared, count_a, count_b = shared_items(items, a, b)
    return f"{shared} of {count_a} and {count_b}"


def _words(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("graph")
    parser.add_argument("items")
    parser.add_argument("--pairs", default="")
    args = parser.parse_args(argv)
    graph = jsonl.read(Path(args.graph))
    listed: dict[tuple[str, str], str] = {}
    if args.pairs:
        for line in Path(args.pairs).read_text().splitlines():
            if line and not line.startswith("#"):
                a, b, verdict = line.split("\t")[:3]
                listed[(min(a, b), max(a, b))] = verdict
    raw = {Path(p).stem: Path(p).read_text() for p in sorted(glob.glob(args.items))}
    found: dict[str, dict[tuple[str, str], str]] = defaultdict(dict)
    for entity_type, prefix in (("concept", "concept:"), ("method", "method:")):
        forms, items = graph_forms(graph, entity_type, prefix)
        for (a, b), why in equated_pairs(forms, raw.items()).items():
            found["equate-items"][(prefix + a, prefix + b)] = why
        for (a, b), why in equated_pairs(forms, graph_texts(graph)).items():
            found["equate-graph"][(prefix + a, prefix + b)] = why
        for a, b in head_pairs(forms, items):
            found["head-same-items"][(prefix + a, prefix + b)] = _evidence(items, a, b)
        for a, b in combinations(sorted(forms), 2):
            if same_items(items, a, b):
                found["same-items-any"][(prefix + a, prefix + b)] = _evidence(items, a, b)
        proposed = set(near_duplicate_pairs(list(forms), Merge())) | kin_pairs(forms, items)
        for a, b in proposed:
            mark = "SAME ITEMS " if same_items(items, a, b) else ""
            found["proposed"][(prefix + a, prefix + b)] = mark + _evidence(items, a, b)
        for a, b in combinations(sorted(forms), 2):
            wa, wb = a.split("-"), b.split("-")
            small, big = (wa, wb) if len(wa) < len(wb) else (wb, wa)
            if len(small) == len(big) or f"-{'-'.join(small)}-" not in f"-{'-'.join(big)}-":
                continue
            ia, ib = items.get(a, frozenset()), items.get(b, frozenset())
            if ia and ib:
                overlap = len(ia & ib) / min(len(ia), len(ib))
                found["contained"][(prefix + a, prefix + b)] = f"overlap {overlap:.2f} ({len(ia & ib)}/{len(ia)},{len(ib)})"
    for signal, pairs in found.items():
        hits = [p for p in pairs if listed.get(p) == "merge"]
        maybes = [p for p in pairs if listed.get(p) == "maybe"]
        print(f"== {signal}: {len(pairs)} pairs; listed merge {len(hits)}, listed maybe {len(maybes)}")
        for pair in sorted(pairs):
            print(f"  {listed.get(pair, '-'):5} {pair[0]} ~ {pair[1]}: {pairs[pair]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
