"""Can the corpus's own use of a word of several senses tell a single-word research topic from a generic word or a part?

    .venv/bin/python bench/bench_topic_dwell.py FOLDER [FOLDER ...] [--labels FILE --first A --last Z] [--all]

A single word is a node only as a topic word (``wordnet.is_rare``: one sense, hardly needed by
general English), so none of the corpus's biggest single words of several senses ("governance",
"accountability", "identity") is one (issue 21 part 2).  This bench measures, over FOLDERs' items
read as one corpus (the research items: rules read those), signals of how the items *use* a word,
with no list of words:

* **named**, **addressed**: the items that name it, and that name it three times, once in the title,
  question, summary or findings (``extract.topics.addresses``); a hub (addressed by more than the hub
  share, 0.2) separates nothing and is never a topic (``choice.is_hub``);
* **dwell**: the share of the items naming it that name it at least ``DWELL_MENTIONS`` times: a
  word of the field's prose is named once or twice by most items that name it, a subject many times;
* **stated**: the items that address it and name it where they state their subject (title, research
  question, executive summary), and their share of the items naming it;
* **bond**: the share of its mentions next to its most frequent neighbour word (before or after it,
  a hyphen joining or not; not a stopword or a mark): a word mostly inside one compound ("prompt
  injection", "control plane") is a part of that compound's idea, not a topic of its own;
* **lower**: the share of its mentions in lower case: a name is written capitalised ("Azure").

``--labels``: a reading in ``bench/labels/reading_topic_words_*.tsv``'s format (word, verdict idea /
part / generic / named), restricted to the words from ``--first`` to ``--last`` (a held-out split);
prints each word's signals and ``RULE``'s verdict, and the rule's precision (ideas among the words
it admits).  ``--all``: every word of the items that WordNet spells in lower case as a noun
(``wordnet.is_common``), is no topic word yet and passes the share gate: what the rule would add
beyond any reading.  Words are counted as they are written, lower case or capitalised, each
regular plural folded to a word WordNet lists.  Not a test: it prints figures (issue 21, topics77).
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract import markup, wordnet  # noqa: E402
from kgsync.extract.topics import ADDRESS_DENSE, ADDRESS_MENTIONS  # noqa: E402
from kgsync.read.items import ResearchItem, find_item_files, read_items  # noqa: E402
from kgsync.vocabulary.topics import ADDRESS_SHARE, TOPIC_SHARE  # noqa: E402

#: the hub share of the default mining settings (``Mining.max_item_share``)
HUB_SHARE = 0.2
#: an item *dwells* on a word it names at least this many times
DWELL_MENTIONS = 5
#: The rule measured, fixed on the dev rows (reader74's words a-l, 48 rows) before the held-out rows
#: were read: dwell >= 0.5, stated >= 0.15 of the namers and >= 5 items, bond < 0.25, lower >= 0.85.
RULE = {"dwell": 0.5, "stated_share": 0.15, "stated": 5, "bond": 0.25, "lower": 0.85}
#: words that bind no compound: determiners, prepositions, conjunctions, auxiliaries
STOP = frozenset("""a an the of in on for to and or with by from as at into is are be was were has have had its their this that
these those our his her any all each no not such more most other than how what which whether via it can may must should will would
do does across over under per without within between about versus vs""".split())
_TOKEN = re.compile(r"[A-Za-z]+|[^\sA-Za-z]")


@dataclass(frozen=True)
class Signals:
    """One word's counts over the corpus (see the module doc)."""

    word: str
    named: int
    addressed: int
    dwelt: int
    stated: int
    bond: float
    neighbour: str
    lower: float

    def passes(self, n_items: int) -> bool:
        """Does ``RULE`` admit it (the share gate, no hub, then the signals)?"""
        if self.named < math.ceil(TOPIC_SHARE * n_items) or self.addressed < math.ceil(ADDRESS_SHARE * n_items):
            return False
        return (self.addressed <= HUB_SHARE * n_items and self.dwelt >= RULE["dwell"] * self.named
                and self.stated >= max(RULE["stated"], RULE["stated_share"] * self.named)
                and self.bond < RULE["bond"] and self.lower >= RULE["lower"])


def fold(word: str) -> str:
    """A lower-cased word, its regular plural taken back to a word WordNet spells as a noun."""
    word = word.lower()
    if wordnet.is_common(word):
        return word
    for cut, tail in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(cut) and wordnet.is_common(word[: -len(cut)] + tail):
            return word[: -len(cut)] + tail
    return word


def zones(item: ResearchItem) -> tuple[str, str, str]:
    """(whole text, title + question + summary + findings, title + question + summary), cleaned as mining cleans them."""
    stated = [markup.clean(z) for z in (item.title, item.research_question, item.executive_summary)]
    findings = "\n".join(markup.clean(f.text) for f in item.key_findings)
    return stated[0] + "\n" + markup.clean(markup.without_fences(item.body)), "\n".join([*stated, findings]), "\n".join(stated)


def measure(texts: Sequence[tuple[str, str, str]], wanted: set[str] | None) -> list[Signals]:
    """The signals of ``wanted`` (folded words), or of every folded word when None, over the items' ``zones``."""
    named: Counter[str] = Counter()
    addressed: Counter[str] = Counter()
    dwelt: Counter[str] = Counter()
    stated: Counter[str] = Counter()
    total: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    neighbours: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for whole, dense, said in texts:
        tokens = _TOKEN.findall(whole)
        keys = [fold(t) if t[0].isalpha() else t for t in tokens]
        counts = Counter(k for k in keys if wanted is None or k in wanted)
        dense_keys = Counter(fold(t) for t in _TOKEN.findall(dense) if t[0].isalpha())
        said_keys = Counter(fold(t) for t in _TOKEN.findall(said) if t[0].isalpha())
        for key, n in counts.items():
            if not key[0].isalpha():
                continue
            named[key] += 1
            dwelt[key] += n >= DWELL_MENTIONS
            if n >= ADDRESS_MENTIONS and dense_keys[key] >= ADDRESS_DENSE:
                addressed[key] += 1
                stated[key] += said_keys[key] >= 1
        for i, key in enumerate(keys):
            if key in counts and key[0].isalpha():
                total[key] += 1
                lower[key] += tokens[i].islower()
                for other in _sides(keys, i):
                    neighbours[key][other] += 1
    out = []
    for key in sorted(named):
        top = neighbours[key].most_common(1)
        out.append(Signals(key, named[key], addressed[key], dwelt[key], stated[key],
                           top[0][1] / total[key] if top else 0.0, top[0][0] if top else "-", lower[key] / total[key]))
    return out


def _sides(keys: list[str], i: int) -> list[str]:
    """The words bound to ``keys[i]`` on either side: the next word, or the one after a hyphen, unless a stopword or a mark."""
    out = []
    for step in (-1, 1):
        j = i + step
        if 0 <= j < len(keys) and keys[j] == "-":
            j += step
        if 0 <= j < len(keys) and keys[j][0].isalpha() and keys[j] not in STOP:
            out.append(("<" if step < 0 else ">") + keys[j])
    return out


def read_labels(path: Path, first: str, last: str) -> dict[str, str]:
    """word -> verdict of a reading's rows from ``first`` to ``last`` (inclusive, by their first letters)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "word\t")) or not line.strip():
            continue
        word, verdict = line.split("\t")[:2]
        if first <= word[: len(first)] and word[: len(last)] <= last:
            out[word] = verdict
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--labels", type=Path, default=None)
    parser.add_argument("--first", default="a")
    parser.add_argument("--last", default="z")
    parser.add_argument("--all", action="store_true", help="every lower-case WordNet noun in the gate, no topic word yet")
    args = parser.parse_args()
    items = read_items([p for folder in args.folders for p in find_item_files(str(folder / "*.md"))]).items
    n = len(items)
    labels = read_labels(args.labels, args.first, args.last) if args.labels else {}
    print(f"{n} items; rule {RULE}; gate: named >= {math.ceil(TOPIC_SHARE * n)}, addressed >= "
          f"{math.ceil(ADDRESS_SHARE * n)}, hub > {HUB_SHARE * n:.0f}")
    print(f"{'word':18s} {'verdict':8s} {'named':>5s} {'addr':>4s} {'dwell':>5s} {'stated':>6s} {'bond':>5s} {'lower':>5s}  rule  neighbour")
    rows = measure([zones(item) for item in items], {fold(w) for w in labels} if labels and not args.all else None)
    admitted: Counter[str] = Counter()
    by_word = {fold(w): w for w in labels}
    for s in rows:
        if args.all and (not wordnet.is_common(s.word) or wordnet.is_rare(s.word) or s.lower < 0.5
                         or s.named < math.ceil(TOPIC_SHARE * n) or s.addressed < math.ceil(ADDRESS_SHARE * n)):
            continue
        verdict = labels.get(by_word.get(s.word, s.word), "-")
        ok = s.passes(n)
        if ok:
            admitted[verdict] += 1
        print(f"{s.word:18s} {verdict:8s} {s.named:5d} {s.addressed:4d} {s.dwelt / s.named:5.2f} {s.stated:6d} "
              f"{s.bond:5.2f} {s.lower:5.2f}  {'ADMIT' if ok else '-':5s} {s.neighbour}")
    total = sum(admitted.values())
    print(f"admitted {total}: {dict(sorted(admitted.items()))}"
          + (f"; ideas {admitted['idea']}/{total}" if labels and total else ""))
    if labels:
        print(f"labelled {len(labels)}: {dict(sorted(Counter(labels.values()).items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
