"""Measure candidate signals for the near-duplicate pairs the name rule misses, and for node types.

    apt-get install wordnet-base     # the WordNet database, for the head-hypernym and type signals
    PYTHONPATH=$PWD .venv/bin/python bench/kin_signals.py GRAPH.jsonl 'ITEMS/*.md' \
        [--pairs bench/labels/reading_pairs_2026-12-02_fifth.txt] [--wordnet /usr/share/wordnet]

Prints every pair each signal proposes among the graph's concept (and method) nodes, marked
``READER`` when a reading's pairs file lists it, the reader's pairs ``kgsync duplicates`` proposes
already, and every node a type signal would retype (below).  Nothing here is used by the
build: it is the evidence for keeping a signal out of ``kgsync.vocabulary.kin`` or for adding it.

Signals:

* ``head-hypernym``: two names with the same modifier words whose heads (first three WordNet
  senses) reach a common hypernym *word* within ``--depth`` steps in all ("audit log" / "audit
  trail": log -> written record -> record -> evidence, trail -> evidence; two synsets of
  "evidence", so no shared synset).
* ``stacked``: two names with the same head and different modifiers, and some item writes both
  modifiers before that head ("autonomous AI agents": autonomous agent, AI agent).
* ``compound-modifier``: a name used as the modifier of another name's head, where that name's
  modifier opens it ("human-in-the-loop oversight": human in the loop, human oversight).
* ``descriptive-adjective``: a name of an adjective WordNet lists (``wordnet.is_modifier``) and a
  head, with the most linked other node of that head ("autonomous agent" / "AI agent").

Type signals (``type`` lines): a method whose head's first WordNet sense is no act (its
lexicographer file: "learning" is noun.cognition, "processing" noun.process), and a node that
items list mostly beside nodes of the other type (``coordinated``: "RAG, RLHF, Constitutional AI,
chain-of-thought prompting": a list holds one kind of thing).
"""

from __future__ import annotations

import argparse
import glob
import itertools
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import wordnet_table  # noqa: E402  (the bench's WordNet reader)

from kgsync.cli.duplicates import duplicate_pairs  # noqa: E402
from kgsync.contract import jsonl  # noqa: E402
from kgsync.contract.model import Graph  # noqa: E402
from kgsync.extract import wordnet  # noqa: E402
from kgsync.read.config import Merge  # noqa: E402


def _load(graph: Graph) -> tuple[list[str], dict[str, set[str]], dict[str, list[str]]]:
    """The concept and method nodes, node -> the items that link it, node -> its spellings."""
    nodes = sorted(e.name for e in graph.entities if e.entity_type in ("concept", "method"))
    linked: dict[str, set[str]] = defaultdict(set)
    for relation in graph.relations:
        if relation.source.startswith(("item:", "claim:")):
            linked[relation.target].add(relation.source.split(":")[1])
    spelled = {e.name: [e.name.partition(":")[2].replace("-", " ")]
               + [o[len("alias:"):] for o in e.observations if o.startswith("alias:")]
               for e in graph.entities if e.name in nodes}
    return nodes, linked, spelled


def _words(node: str) -> tuple[str, list[str]]:
    kind, _colon, name = node.partition(":")
    return kind, name.split("-")


class _WordNet:
    def __init__(self, folder: Path) -> None:
        self.synsets = wordnet_table.read_synsets(folder)
        self.index = wordnet_table.read_index(folder / "index.noun")

    def _up(self, offset: str) -> list[str]:
        return [target for pointer, target in self.synsets[offset][2] if pointer in ("@", "@i")]

    def above(self, word: str, depth: int) -> dict[str, int]:
        """Hypernym word -> the fewest steps from one of ``word``'s first three senses."""
        out: dict[str, int] = {}
        for sense in self.index.get(word, [])[:3]:
            level, seen = [sense], {sense: 0}
            for step in range(1, depth + 1):
                level = [up for offset in level for up in self._up(offset) if up not in seen]
                seen.update({offset: step for offset in level})
            for offset, step in seen.items():
                for lemma in self.synsets[offset][1]:
                    out[lemma.lower()] = min(step, out.get(lemma.lower(), step))
        return out

    def first_lexfile(self, word: str) -> str:
        senses = self.index.get(word, [])
        return self.synsets[senses[0]][0] if senses else "-"


def _plural(word: str) -> str:
    return f"(?:{re.escape(word)}|{re.escape(word)}e?s)"


def _written(texts: dict[str, str], phrase: str) -> list[str]:
    pattern = re.compile(phrase)
    return sorted(slug for slug, text in texts.items() if pattern.search(text))


def coordinated(graph: Graph, raw: dict[str, str]) -> list[tuple[str, dict[str, int]]]:
    """Nodes items list mostly beside nodes of the other type (one sentence's parts split at
    commas, semicolons, "and", "or", "vs", slashes; by the names and aliases no two nodes share),
    with the types of their neighbours."""
    nodes, _linked, spelled = _load(graph)
    owners: dict[str, set[str]] = defaultdict(set)
    for node in nodes:
        for form in spelled[node]:
            owners[" ".join(re.findall(r"[a-z0-9]+", form.lower()))].add(node)
    single = {form: next(iter(names)) for form, names in owners.items() if len(names) == 1 and form}
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for text in raw.values():
        for sentence in re.split(r"[.\n:()\[\]]", text):
            parts = [" ".join(re.findall(r"[a-z0-9]+", part.lower()))
                     for part in re.split(r"[,;/]|\b(?:and|or|vs)\b", sentence)]
            found = list(dict.fromkeys(single[p] for p in parts if p in single))
            for node in found:
                votes[node].update(_words(other)[0] for other in found if other != node)
    out = []
    for node, counts in sorted(votes.items()):
        kind = _words(node)[0]
        other = "concept" if kind == "method" else "method"
        if counts[other] > counts[kind] and counts[other] >= 2:
            out.append((node, dict(counts)))
    return out


def pair_signals(graph: Graph, raw: dict[str, str], wn: _WordNet | None = None,
                 depth: int = 4) -> list[tuple[str, str, str, str]]:
    """(signal, a, b, why) for every pair a signal proposes (see the module doc), sorted; the
    head-hypernym signal only with ``wn``.  ``raw``: item slug -> its text."""
    nodes, linked, _spelled = _load(graph)
    texts = {slug: " " + re.sub(r"[^a-z0-9]+", " ", text.lower()) + " " for slug, text in raw.items()}
    found: list[tuple[str, str, str, str]] = []
    by_head: dict[tuple[str, str], list[str]] = defaultdict(list)
    for node in nodes:
        kind, words = _words(node)
        by_head[(kind, words[-1])].append(node)
    for a, b in itertools.combinations(nodes, 2):
        (kind_a, x), (kind_b, y) = _words(a), _words(b)
        if kind_a != kind_b:
            continue
        if wn is not None and len(x) >= 2 and x[:-1] == y[:-1] and len(y) == len(x) and x[-1] != y[-1]:
            up_a, up_b = wn.above(x[-1], depth), wn.above(y[-1], depth)
            common = sorted((up_a[w] + up_b[w], w) for w in set(up_a) & set(up_b))
            if common and common[0][0] <= depth:
                found.append(("head-hypernym", a, b, f"{common[0][1]} at {common[0][0]}"))
        if len(x) >= 2 and len(y) >= 2 and x[-1] == y[-1] and not set(x[:-1]) & set(y[:-1]):
            phrases = [" " + " ".join(p[:-1] + q[:-1]) + " " + _plural(x[-1]) + " " for p, q in ((x, y), (y, x))]
            slugs = sorted({s for phrase in phrases for s in _written(texts, phrase)})
            if slugs:
                both = [s for s in slugs if s in linked[a] and s in linked[b]]
                found.append(("stacked", a, b, f"{len(slugs)} items write it, {len(both)} of them link both"))
        for p, q, n in ((x, y, a), (y, x, b)):
            if len(q) >= 2 and len(p) >= len(q) and p[:len(q) - 1] == q[:-1] and q[-1] not in p:
                slugs = _written(texts, " " + " ".join(p) + " " + _plural(q[-1]) + " ")
                if slugs:
                    found.append(("compound-modifier", a, b, f"{n} modifies the other's head in {len(slugs)} items"))
    for node in nodes:
        kind, words = _words(node)
        others = sorted((o for o in by_head[(kind, words[-1])] if o != node), key=lambda o: (-len(linked[o]), o))
        if len(words) == 2 and wordnet.is_modifier(words[0]) and others:
            first, second = sorted((node, others[0]))
            found.append(("descriptive-adjective", first, second, f"{words[0]} is an adjective"))
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("graph", type=Path)
    parser.add_argument("items", help="a glob of the items' Markdown files")
    parser.add_argument("--pairs", type=Path, help="a reading's pairs file (a | b | why)")
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--depth", type=int, default=4)
    args = parser.parse_args()
    graph = jsonl.read(args.graph)
    raw = {Path(p).stem: Path(p).read_text(encoding="utf-8") for p in sorted(glob.glob(args.items))}
    reader: set[tuple[str, str]] = set()
    if args.pairs:
        for line in args.pairs.read_text(encoding="utf-8").splitlines():
            parts = [p.strip() for p in line.split("|")]
            if not line.startswith("#") and len(parts) >= 2:
                reader.add((min(parts[0], parts[1]), max(parts[0], parts[1])))
    wn = _WordNet(args.wordnet) if (args.wordnet / "data.noun").is_file() else None
    if wn is None:
        print(f"no WordNet database in {args.wordnet}: head-hypernym and type lines left out", file=sys.stderr)
    found = pair_signals(graph, raw, wn, args.depth)
    for signal, a, b, why in found:
        mark = "READER" if (a, b) in reader else "-"
        print(f"{signal}\t{a}\t{b}\t{mark}\t{why}")
    proposed = set(duplicate_pairs(graph, Merge()))
    for a, b in sorted(reader & proposed):
        print(f"proposed\t{a}\t{b}\tREADER\talready proposed (kgsync duplicates)")
    hit = {(a, b) for _s, a, b, _w in found} | proposed
    for a, b in sorted(reader - hit):
        print(f"missed\t{a}\t{b}\tREADER\tno signal finds it")
    for node, votes in coordinated(graph, raw):
        print(f"coordinated\t{node}\t{votes}\t-\tlisted mostly beside the other type")
    for node in _load(graph)[0]:
        kind, words = _words(node)
        if wn is not None and kind == "method" and wn.first_lexfile(words[-1]) not in ("noun.act", "-"):
            print(f"type\t{node}\t{wn.first_lexfile(words[-1])}\t-\thead's first sense is no act")


if __name__ == "__main__":
    main()
