"""Which general criterion would admit the corpus's single-word research topics and keep its generic words out?

    .venv/bin/python bench/bench_topic_words.py FOLDER [FOLDER ...] [--labels FILE] [--wordnet DIR]

A single word is a node only as a topic (``kgsync.vocabulary.topics``): one of WordNet's one-sense
nouns that no WordNet gloss writes (``wordnet.is_rare``), named by ``TOPIC_SHARE`` of the items and
addressed by ``ADDRESS_SHARE``.  Most single words the corpus shares have several senses
("governance", "compliance", "retrieval"), so no rule makes them candidates.  This bench reads an
engineer's labels (default ``bench/labels/topics12_engineer_words.tsv``: idea / generic / name,
written before any rule) and, for the labelled words that pass the share gate on FOLDERs' text
(``bench_topic_gate.text_pattern``: the word or its plural, three mentions, one in the title,
question, summary or findings), measures each criterion of a family built from the bundled
linguistic resources and the items' own structure:

* WordNet (Debian ``wordnet-base``, as ``bench/wordnet_table.py`` reads it): at most S noun senses;
  at most G glosses write it (``rare``: none); no verb, adjective or adverb of the same spelling;
  which lexicographer files its senses are in (its first sense no act, person, group, time,
  feeling, quantity or top category, as ``rare`` asks; none an act or a person; its first sense an
  attribute, state, cognition, process or phenomenon);
* the items: the share of the items addressing it that name it where they state their subject
  (title, question, summary), and how often an addressing item writes it.

For each criterion: the words it admits that are not topic words already (``wordnet.is_rare``),
as ideas / admitted (precision) over the labelled ideas in the gate (recall); then the criterion
with the most ideas at each precision.  Not a test: it prints figures (issue 21, topics12).
"""

from __future__ import annotations

import argparse
import itertools
import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_topic_gate import text_pattern, texts  # noqa: E402
from wordnet_table import LEXNAMES, read_index, read_index_counts  # noqa: E402

from kgsync.extract import markup, wordnet  # noqa: E402
from kgsync.extract.topics import ADDRESS_DENSE, ADDRESS_MENTIONS  # noqa: E402
from kgsync.read.items import find_item_files, read_items  # noqa: E402
from kgsync.vocabulary.topics import ADDRESS_SHARE, TOPIC_SHARE  # noqa: E402

LABELS = ROOT / "bench" / "labels" / "topics12_engineer_words.tsv"
#: ``wordnet_table.NOT_RARE``: a first sense of these names no topic on its own
NOT_RARE = {"act", "person", "time", "group", "feeling", "quantity", "Tops"}
#: senses of a property or of knowledge
ABSTRACT = {"attribute", "state", "cognition", "process", "phenomenon"}


@dataclass(frozen=True)
class Word:
    """A labelled word: its label, WordNet's reading of it and the corpus's counts."""

    key: str
    label: str
    senses: tuple[str, ...]  # lexicographer file of each noun sense, commonest first
    glosses: int  # how many synsets' glosses write it
    other_pos: bool  # WordNet lists it as a verb, an adjective or an adverb too
    named: int
    addressed: int
    stated: int  # of ``addressed``: those naming it in their title, question or summary
    mentions: int  # over the addressing items


def gloss_counts(folder: Path) -> dict[str, int]:
    """Word -> how many synsets of any part of speech write it in their gloss (plural "s" off too)."""
    out: dict[str, int] = {}
    for name in ("data.noun", "data.verb", "data.adj", "data.adv"):
        for line in (folder / name).read_text(encoding="latin-1").splitlines():
            if not line.startswith(" ") and " | " in line:
                words = set(re.findall(r"[a-z]+", line.partition(" | ")[2].lower()))
                for word in words | {w[:-1] for w in words if w.endswith("s")}:
                    out[word] = out.get(word, 0) + 1
    return out


def lexfiles(folder: Path) -> dict[str, str]:
    """Noun synset offset -> its lexicographer file, without the "noun." prefix."""
    out = {}
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if not line.startswith(" "):
            fields = line.split(" ", 2)
            out[fields[0]] = LEXNAMES[int(fields[1])].split(".", 1)[1]
    return out


def read_words(labels: Path, folders: list[Path], wn: Path) -> tuple[int, list[Word]]:
    rows = [line.split("\t") for line in labels.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")][1:]
    items = read_items([p for folder in folders for p in find_item_files(str(folder / "*.md"))]).items
    nouns = read_index_counts(wn / "index.noun")
    others = {lemma for name in ("index.verb", "index.adj", "index.adv") for lemma in read_index(wn / name)}
    files, glossed = lexfiles(wn), gloss_counts(wn)
    zones = []
    for item in items:
        whole, dense = texts(item)
        subject = "\n".join(markup.clean(z) for z in (item.title, item.research_question, item.executive_summary))
        zones.append((whole, dense, subject.lower()))
    out = []
    for key, label, *_rest in rows:
        if key not in nouns:
            continue
        pattern = text_pattern(key)
        named = addressed = stated = mentions = 0
        for whole, dense, said in zones:
            n = len(pattern.findall(whole))
            named += n > 0
            if n >= ADDRESS_MENTIONS and len(pattern.findall(dense)) >= ADDRESS_DENSE:
                addressed += 1
                mentions += n
                stated += pattern.search(said) is not None
        senses = tuple(files[offset] for offset in nouns[key][1])
        out.append(Word(key, label, senses, glossed.get(key, 0), key in others, named, addressed, stated, mentions))
    return len(items), out


SENSES: dict[str, Callable[[tuple[str, ...]], bool]] = {
    "any": lambda s: True,
    "first not rare's": lambda s: s[0] not in NOT_RARE,
    "no act/person": lambda s: s[0] != "act" and "person" not in s,
    "first abstract": lambda s: s[0] in ABSTRACT,
    "one abstract": lambda s: any(x in ABSTRACT for x in s),
}


def admits(word: Word, senses: int, glosses: int, noun_only: bool, sense_test: str, stated: float, density: float) -> bool:
    """Does the criterion admit ``word``: at most ``senses`` noun senses and ``glosses`` glosses, no
    other part of speech when ``noun_only``, its senses passing ``SENSES[sense_test]``, at least
    ``stated`` of its addressing items naming it where they state their subject and ``density``
    mentions per addressing item?"""
    return (len(word.senses) <= senses and word.glosses <= glosses and not (noun_only and word.other_pos)
            and SENSES[sense_test](word.senses) and word.stated >= stated * word.addressed
            and word.mentions >= density * word.addressed)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    # the relaxation measured in a build (CHANGELOG, topics12): ``rare``'s test with up to three
    # senses, up to five glosses, and no act first and no person among them
    parser.add_argument("--rule", nargs="+", default=["senses<=3 glosses<=5 noun only no act/person stated>=0 mentions>=0"],
                        help="criteria (as printed) to print whatever their precision")
    args = parser.parse_args()
    n, words = read_words(args.labels, args.folders, args.wordnet)
    need_named, need_addressed = math.ceil(TOPIC_SHARE * n), math.ceil(ADDRESS_SHARE * n)
    pool = [w for w in words if w.label != "name" and w.named >= need_named and w.addressed >= need_addressed
            and not wordnet.is_rare(w.key)]
    ideas = sum(w.label == "idea" for w in pool)
    print(f"{n} items; gate: named by >= {need_named}, addressed by >= {need_addressed}; "
          f"labelled nouns in the gate, not topic words already: {len(pool)} ({ideas} idea)")
    results = []
    for senses, glosses, pos, sense_test, stated, density in itertools.product(
            (1, 2, 3, 4, 99), (0, 2, 5, 10, 20, 10**9), (True, False), SENSES, (0, 0.5), (0, 15)):
        admitted = [w for w in pool if admits(w, senses, glosses, pos, sense_test, stated, density)]
        if admitted:
            good = sum(w.label == "idea" for w in admitted)
            rule = (f"senses<={senses} glosses<={glosses} {'noun only' if pos else 'any pos'} {sense_test}"
                    f" stated>={stated} mentions>={density}")
            results.append((good / len(admitted), good, len(admitted), rule, admitted))
    for precision, good, total, rule, admitted in results:
        if rule in args.rule:
            print(f"chosen: {rule}: {good}/{total} ({precision:.2f}), recall {good}/{ideas}")
            print("   ", " ".join(w.key + ("" if w.label == "idea" else "(g)") for w in admitted))
    for floor in (0.9, 0.8, 0.7, 0.6, 0.5):
        best = max((r for r in results if r[0] >= floor), key=lambda r: (r[1], r[0]), default=None)
        if best is None:
            print(f"precision >= {floor}: no criterion admits a word")
            continue
        precision, good, total, rule, admitted = best
        print(f"precision >= {floor}: {rule}: {good}/{total} ({precision:.2f}), recall {good}/{ideas}")
        print("   ", " ".join(w.key + ("" if w.label == "idea" else "(g)") for w in admitted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
