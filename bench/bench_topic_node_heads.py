"""Does a word of several senses that the graph's own nodes use as their head name one idea there?

    .venv/bin/python bench/bench_topic_node_heads.py GRAPH FOLDER [FOLDER ...] [--labels FILE ...]
        [--wordnet DIR] [--list]

Issue 21 part 2 ("every topic named in >= 10 % of the items is a node or an alias of one").  A single
word is a topic only as one of WordNet's one-sense nouns (``wordnet.is_rare``) or a derived noun, so
"hallucination" (three senses), named by 42 of the 220 research items and addressed by 17, is no
node, though the graph has ``concept:llm-hallucination``.  The route measured here (topics174): at
the vocabulary stage, where the corpus decides its topics, a noun of several senses becomes a topic
candidate when a mined node of the graph ends with it ("LLM hallucination" fixes the sense the
corpus writes), and it enters by the topic floors as any topic word does.

For GRAPH (a memory.jsonl) and the items of FOLDERs, the bench lists every word that is the last
word (``bench_topic_gate.lemma``) of a concept or method node of two words or more, is a WordNet
noun, is no topic word already (``rare``, ``quality``, ``gerund``), is no node name or alias, and
passes the topic floors by its text (``bench_topic_gate.text_pattern``: named by ``TOPIC_SHARE`` of
the items, addressed, three mentions and one in the title, question, summary or findings, by
``ADDRESS_SHARE``).  Each variant narrows the list:

* ``head``: all of them;
* ``not vague``: not one of ``lexicon.GENERIC``'s vague nouns;
* ``few senses``: not vague, a noun only (no verb, adjective or adverb of the spelling), at most
  three noun senses (``hallucination`` 3, ``ontology`` 2);
* ``one node``: few senses, and the graph's nodes ending with it are one (its sense is that node's);
* ``named modifier``: few senses, and a node ending with it is modified by another node's name or
  alias ("LLM hallucination": LLM is a node), so the node is the word's sense in the corpus's own domain.

With ``--labels`` (``word<TAB>population<TAB>verdict``, verdict idea / named / generic / wrong) it prints
per variant ideas and named / generic and wrong / unlabelled.  The pass bar of the brief: at least 3
ideas per generic or wrong word, on each population apart.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_topic_gate import lemma, names_and_addresses, node_names, text_pattern, texts  # noqa: E402

from kgsync.extract import lexicon, wordnet  # noqa: E402
from kgsync.read.items import find_item_files, read_items  # noqa: E402
from kgsync.vocabulary.topics import ADDRESS_SHARE, TOPIC_SHARE  # noqa: E402

VARIANTS = ("head", "not vague", "few senses", "one node", "named modifier")
#: the most noun senses the ``few senses`` variant admits
MAX_SENSES = 3


def node_heads(graph: Path) -> dict[str, list[str]]:
    """Last word (lemmatised) -> the concept and method nodes of two words or more that end with it."""
    out: dict[str, list[str]] = {}
    for line in graph.read_text(encoding="utf-8").splitlines():
        entity = json.loads(line)
        if entity.get("type") == "entity" and entity.get("entityType") in ("concept", "method"):
            words = lemma(entity["name"].split(":", 1)[1]).split()
            if len(words) >= 2 and words[-1].isalpha():
                out.setdefault(words[-1], []).append(entity["name"])
    return out


def senses(folder: Path) -> dict[str, dict[str, int]]:
    """Word -> part of speech -> how many senses WordNet gives it (its ``index.*`` files)."""
    out: dict[str, dict[str, int]] = {}
    for pos in ("noun", "verb", "adj", "adv"):
        for line in (folder / f"index.{pos}").read_text(encoding="latin-1").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split()
            out.setdefault(fields[0], {})[pos] = int(fields[2])
    return out


def variants(word: str, nodes: Sequence[str], parts: dict[str, int], covered: set[str]) -> tuple[str, ...]:
    """The variants (``VARIANTS``) that admit ``word``, widest first; ``covered``: the graph's node names and aliases."""
    out = ["head"]
    if word in lexicon.GENERIC:
        return tuple(out)
    out.append("not vague")
    if set(parts) != {"noun"} or parts["noun"] > MAX_SENSES:
        return tuple(out)
    out.append("few senses")
    if len(nodes) == 1:
        out.append("one node")
    if any(lemma(node.split(":", 1)[1]).rsplit(" ", 1)[0] in covered for node in nodes):
        out.append("named modifier")
    return tuple(out)


def text_counts(folders: Sequence[Path], words: Sequence[str]) -> tuple[int, Counter[str], Counter[str]]:
    """(items, word -> items naming it, word -> items addressing it), by the items' text."""
    items = read_items([p for folder in folders for p in find_item_files(str(folder / "*.md"))]).items
    patterns = {word: text_pattern(word) for word in words}
    named: Counter[str] = Counter()
    addressed: Counter[str] = Counter()
    for item in items:
        whole, dense = texts(item)
        for word, pattern in patterns.items():
            is_named, is_addressed = names_and_addresses(pattern, whole, dense)
            named[word] += is_named
            addressed[word] += is_addressed
    return len(items), named, addressed


def read_labels(paths: Sequence[Path]) -> dict[str, str]:
    """word -> verdict, from ``word<TAB>population<TAB>verdict`` rows (``#`` comments)."""
    out: dict[str, str] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                word, _population, verdict = line.split("\t")[:3]
                out[word] = verdict
    return out


def summary_line(variant: str, counts: Counter[str], width: int) -> str:
    """One variant's tally of verdicts, with right (idea or named) over labelled (also ``bench_topic_qualified``)."""
    good = counts["idea"] + counts["named"]
    bad = counts["generic"] + counts["wrong"]
    return (f"{variant:{width}s}: admitted {sum(counts.values()):3d}; ideas {counts['idea']}, named {counts['named']}, "
            f"generic {counts['generic']}, wrong {counts['wrong']}, unlabelled {counts['unlabelled']}; "
            f"right {good}/{good + bad}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--labels", nargs="+", type=Path, default=[])
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--list", action="store_true", help="print one row per word the widest variant admits")
    args = parser.parse_args()
    heads = node_heads(args.graph)
    covered = node_names(args.graph)
    quality, gerund = wordnet.derived_words()
    table = senses(args.wordnet)
    words = sorted(w for w in heads if w not in covered and w in table and "noun" in table[w]
                   and not wordnet.is_rare(w) and w not in quality and w not in gerund)
    n, named, addressed = text_counts(args.folders, words)
    enter_named, enter_addressed = math.ceil(TOPIC_SHARE * n), math.ceil(ADDRESS_SHARE * n)
    labels = read_labels(args.labels)
    print(f"{n} items; named floor {enter_named}, address floor {enter_addressed}; "
          f"{len(words)} node heads that are no topic word and no node")
    tally: dict[str, Counter[str]] = {variant: Counter() for variant in VARIANTS}
    for word in words:
        if named[word] < enter_named or addressed[word] < enter_addressed:
            continue
        admitted = variants(word, heads[word], table[word], covered)
        verdict = labels.get(word, "unlabelled")
        for variant in admitted:
            tally[variant][verdict] += 1
        if args.list:
            parts = ",".join(f"{pos}{count}" for pos, count in sorted(table[word].items()))
            print(f"  {word:16s} named {named[word]:3d} addr {addressed[word]:3d} {parts:18s} "
                  f"{verdict:10s} {admitted[-1]:10s} {','.join(heads[word][:3])}")
    for variant in VARIANTS:
        print(summary_line(variant, tally[variant], 10))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
