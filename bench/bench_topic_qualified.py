"""Is a word of several senses a topic where the items write it after an acronym ("LLM hallucination")?

    .venv/bin/python bench/bench_topic_qualified.py GRAPH FOLDER [FOLDER ...] [--labels FILE ...]
        [--population NAME] [--wordnet DIR] [--list]

Issue 21 part 2 ("every topic named in >= 10 % of the items is a node or an alias of one").  A single
word is a topic only as one of WordNet's one-sense nouns (``wordnet.is_rare``) or a derived noun, so
"hallucination" (three senses), "ontology" (two), "benchmark", "evaluation" and "accountability"
(one sense whose gloss another word's writes) are no node on a new repository, though readers list
them as its ideas.  topics77 noted that such an idea usually carries a domain qualifier in the items
("AI accountability", "agent identity"); topics174 measured the qualifier only as a *node* of the graph
("LLM hallucination" a node), which a new repository has not.  The route measured here (topics200)
reads the qualifier in each item's own text: an item *qualifies* a word when it writes it at least
once directly after an acronym in capitals (two letters or more: "LLM hallucinations", "OWL
ontology", "AI-generated" does not count: the word must follow).  The corpus would then decide
as for any topic word, at the topic floors; an item's contribution stays its own text.

For GRAPH (a memory.jsonl, to leave out words a node already names) and the items of FOLDERs, the
population is every WordNet noun (``index.noun``, letters only, no ``lexicon.STOPWORDS`` word) that is no topic word already
(``rare``, ``quality``, ``gerund``), no node name or alias, and passes the topic floors by its text
(named by ``TOPIC_SHARE`` of the items; addressed, three mentions with one in the title, question,
summary or findings, by ``ADDRESS_SHARE`` and at least ``FLOOR`` items).  Each variant admits:

* ``floors``: all of them (what the several-sense gate keeps out);
* ``qualified``: at least ``FLOOR`` of the addressers qualify it;
* ``qualified half``: at least half of the addressers, and ``FLOOR``, qualify it;
* ``few senses``: qualified, a noun only (no verb, adjective or adverb of the spelling), at most
  ``MAX_SENSES`` noun senses, not one of ``lexicon.GENERIC``'s vague nouns;
* ``node qualified``: at least ``FLOOR`` of the addressers write it directly after the name or an alias
  of one of GRAPH's concept or method nodes, in any case ("large language model evaluation", "RAG
  evaluation"): the graph's shared vocabulary as the qualifier, not capitals;
* ``node few senses``: node qualified, and the ``few senses`` test.

With ``--labels`` (``word<TAB>population<TAB>verdict``, verdict idea / named / generic / wrong; rows of
``--population`` only, or every row without it) it prints per variant the ideas and named / generic
and wrong / unlabelled.  The pass bar of the brief: more ideas than generic nodes on each population
apart.  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections import Counter
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_topic_gate import lemma, node_names  # noqa: E402
from bench_topic_node_heads import senses, summary_line  # noqa: E402

from kgsync.extract import lexicon, markup, wordnet  # noqa: E402
from kgsync.extract.topics import ADDRESS_DENSE, ADDRESS_MENTIONS  # noqa: E402
from kgsync.read.items import ResearchItem, find_item_files, read_items  # noqa: E402
from kgsync.vocabulary.topics import ADDRESS_SHARE, TOPIC_SHARE  # noqa: E402

VARIANTS = ("floors", "qualified", "qualified half", "few senses", "node qualified", "node few senses")
#: the node floor (``mining.min_links``, more than ``mining.min_items``) at the defaults
FLOOR = 3
#: the most noun senses the ``few senses`` variant admits (hallucination 3, ontology 2)
MAX_SENSES = 3
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_ACRONYM = re.compile(r"[A-Z][A-Z0-9]+")
#: what may stand between an acronym and the word it qualifies: blanks only ("LLM hallucination")
_GAP = re.compile(r"[ \t]+")
#: what ends a run of words a node's name can stand in (``node qualified``): punctuation but a hyphen
_RUN_BREAK = re.compile(r"[^A-Za-z0-9 \t-]+")
#: the most words of a node's name or alias read before a word
_MAX_FORM = 6


@dataclass(frozen=True)
class ItemWords:
    """One item's counts, by ``lemma`` of each lower-case word: whole text, dense zones, after an acronym,
    after a node's name or alias."""

    whole: Counter[str]
    dense: Counter[str]
    qualified: frozenset[str]
    after_node: frozenset[str] = frozenset()


def item_texts(item: ResearchItem) -> tuple[str, str]:
    """(whole text, dense zones) as ``bench_topic_gate.texts`` cleans them, in their own case."""
    findings = "\n".join(f.text for f in item.key_findings)
    zones = [markup.clean(z) for z in (item.title, item.research_question, item.executive_summary, findings)]
    body = markup.clean(markup.without_fences(item.body))
    return zones[0] + "\n" + body, "\n".join(zones)


def count_words(text: str) -> tuple[Counter[str], frozenset[str]]:
    """(lemma -> mentions of each lower-case or capitalised word, the lemmas written directly after an acronym)."""
    counts: Counter[str] = Counter()
    after: set[str] = set()
    previous: re.Match[str] | None = None
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token.islower() or (token[0].isupper() and token[1:].islower()):
            key = lemma(token)
            counts[key] += 1
            if (token.islower() and previous is not None and _ACRONYM.fullmatch(previous.group())
                    and _GAP.fullmatch(text[previous.end():match.start()])):
                after.add(key)
        previous = match
    return counts, frozenset(after)


def after_forms(text: str, forms: Set[str]) -> frozenset[str]:
    """The lemmas ``text`` writes directly after one of ``forms`` (``lemma`` of a node's name or alias,
    "large language model", "rag"), in any case, blanks or a hyphen between, within one run of words."""
    out: set[str] = set()
    for run in _RUN_BREAK.split(text):
        words = [lemma(token) for token in _TOKEN.findall(run)]
        for i in range(1, len(words)):
            if any(" ".join(words[max(0, i - size):i]) in forms for size in range(1, min(i, _MAX_FORM) + 1)):
                out.add(words[i])
    return frozenset(out)


def read_item_words(folders: Sequence[Path], forms: Set[str] = frozenset()) -> list[ItemWords]:
    """Every item's ``ItemWords``; ``forms``: the node names and aliases ``after_node`` reads."""
    items = read_items([p for folder in folders for p in find_item_files(str(folder / "*.md"))]).items
    out = []
    for item in items:
        whole, dense = item_texts(item)
        counts, after = count_words(whole)
        dense_counts, _after = count_words(dense)
        out.append(ItemWords(counts, dense_counts, after, after_forms(whole, forms) if forms else frozenset()))
    return out


def variants(word: str, addressers: Sequence[ItemWords], parts: dict[str, int]) -> tuple[str, ...]:
    """The variants (``VARIANTS``) that admit ``word``, in their order."""
    out = ["floors"]
    few = set(parts) == {"noun"} and parts["noun"] <= MAX_SENSES and word not in lexicon.GENERIC
    qualifying = sum(word in item.qualified for item in addressers)
    if qualifying >= FLOOR:
        out.append("qualified")
        if 2 * qualifying >= len(addressers):
            out.append("qualified half")
        if few:
            out.append("few senses")
    if sum(word in item.after_node for item in addressers) >= FLOOR:
        out.append("node qualified")
        if few:
            out.append("node few senses")
    return tuple(out)


def read_labels(paths: Iterable[Path], population: str | None) -> dict[str, str]:
    """word -> verdict, from ``word<TAB>population<TAB>verdict`` rows (``#`` comments) of ``population``."""
    out: dict[str, str] = {}
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                word, where, verdict = line.split("\t")[:3]
                if population is None or where == population:
                    out[word] = verdict
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--labels", nargs="+", type=Path, default=[])
    parser.add_argument("--population", default=None, help="read only the label rows of this population")
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--list", action="store_true", help="print one row per word the widest variant admits")
    args = parser.parse_args()
    covered = node_names(args.graph)
    quality, gerund = wordnet.derived_words()
    table = senses(args.wordnet)
    items = read_item_words(args.folders, covered)
    n = len(items)
    enter_named = math.ceil(TOPIC_SHARE * n)
    enter_addressed = max(FLOOR, math.ceil(ADDRESS_SHARE * n))
    named: Counter[str] = Counter()
    for item in items:
        named.update(item.whole.keys())
    labels = read_labels(args.labels, args.population)
    tally: dict[str, Counter[str]] = {variant: Counter() for variant in VARIANTS}
    rows = []
    for word in sorted(named):
        if (named[word] < enter_named or not word.isalpha() or word in lexicon.STOPWORDS or word not in table
                or "noun" not in table[word]
                or wordnet.is_rare(word) or word in quality or word in gerund or word in covered):
            continue
        addressers = [item for item in items if item.whole[word] >= ADDRESS_MENTIONS
                      and item.dense[word] >= ADDRESS_DENSE]
        if len(addressers) < enter_addressed:
            continue
        admitted = variants(word, addressers, table[word])
        verdict = labels.get(word, "unlabelled")
        for variant in admitted:
            tally[variant][verdict] += 1
        qualifying = sum(word in item.qualified for item in addressers)
        after_node = sum(word in item.after_node for item in addressers)
        parts = ",".join(f"{pos}{count}" for pos, count in sorted(table[word].items()))
        rows.append(f"  {word:18s} named {named[word]:3d} addr {len(addressers):3d} qualified {qualifying:3d} "
                    f"after node {after_node:3d} {parts:20s} {verdict:10s} {'; '.join(admitted)}")
    print(f"{n} items; named floor {enter_named}, address floor {enter_addressed}; {len(rows)} nouns pass the floors")
    if args.list:
        print("\n".join(rows))
    for variant in VARIANTS:
        print(summary_line(variant, tally[variant], 15))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
