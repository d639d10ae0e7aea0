"""Which gate keeps a shared topic out of the graph: the word's WordNet class, mining, or a floor?

    .venv/bin/python bench/bench_topic_why.py FOLDER [FOLDER ...] (--key TERM [TERM ...] | --own-glossed) [--wordnet DIR]

Several FOLDERs are read as one corpus.  For each term (a word or a phrase, as written) it prints
the first gate of the topic route (docs/CONTRACT.md "Topics", "Topic phrases", "Names, derived
nouns, compounds") that the term fails, and the counts each gate reads:

* a single word is a candidate only as a topic word (``wordnet.is_rare``: one noun sense, no verb,
  adjective or adverb, no gloss of WordNet writes it, its sense no act, person, time, group,
  feeling, quantity or top category), a derived noun WordNet does not list (``is_quality``,
  ``is_gerund``) or a name; the bench names the first of ``wordnet_table``'s tests it fails, read
  from WordNet's own files (Debian ``wordnet-base``), and for the gloss test whether every gloss
  that writes it is one of a compound of the word itself ("telemetry intelligence"); ``--own-glossed``
  reads every noun only such glosses keep from ``rare`` and prints those whose text passes the floors;
* a phrase is a candidate only where an item mined it as its own term (``mining.candidates``, which
  ``idea.names_an_idea`` filters: two vague nouns together, "access control", say nothing unless
  the item defines them); the bench prints in how many items mining took it, and whether
  ``names_an_idea`` refuses it as plainly written;
* then the floors: named by ``TOPIC_SHARE`` of the items, addressed (``extract.topics.addresses``:
  three mentions, one where the item concludes) by the node floor or ``ADDRESS_SHARE``.

Beside the pipeline's counts, the text's (``bench_topic_gate.text_pattern``): items naming it, and
addressing it as now (3 mentions, 1 dense), by 3 mentions anywhere, by 2 with 1 dense: what a
looser address rule would count.  Not a test: it prints figures (issue 21, topics162).
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_topic_gate import text_pattern, texts  # noqa: E402
from wordnet_table import LEXNAMES, NOT_RARE, read_index  # noqa: E402

from kgsync.extract import compounds, idea, mining, wordnet  # noqa: E402
from kgsync.extract.canonical import term_key  # noqa: E402
from kgsync.extract.topic_links import item_topics  # noqa: E402
from kgsync.extract.topics import phrase_marks, read_marks  # noqa: E402
from kgsync.read.config import Mining  # noqa: E402
from kgsync.read.items import find_item_files, read_items  # noqa: E402
from kgsync.vocabulary.topics import ADDRESS_SHARE, TOPIC_SHARE  # noqa: E402

@dataclass(frozen=True)
class Synset:
    """One WordNet synset: its lexicographer file, its lemmas' words, its gloss's words."""

    lexname: str
    lemma_words: frozenset[str]
    gloss: tuple[str, ...]


def parse_synset(line: str) -> tuple[str, Synset] | None:
    """(offset, synset) of one line of a ``data.*`` file; None for its licence lines."""
    if line.startswith(" ") or " | " not in line:
        return None
    head, _, gloss = line.partition(" | ")
    fields = head.split()
    count = int(fields[3], 16)
    lemmas = [fields[4 + 2 * i].lower().split("(")[0] for i in range(count)]
    words = frozenset(w for lemma in lemmas for w in re.split(r"[_\-]", lemma))
    lexfile = int(fields[1])
    return fields[0], Synset(LEXNAMES[lexfile] if lexfile < len(LEXNAMES) else str(lexfile), words,
                             tuple(re.findall(r"[a-z]+(?:-[a-z]+)*", gloss.lower())))


def writes(gloss: Sequence[str], word: str) -> bool:
    """Does a gloss write ``word`` or its plural in "-s" (as ``wordnet_table.gloss_words`` reads it)?"""
    return word in gloss or word + "s" in gloss


def word_gate(word: str, folder: Path | None) -> str:
    """Why a single word is, or is not, a topic candidate (module doc)."""
    if wordnet.is_rare(word):
        return "topic word"
    if wordnet.is_quality(word) or wordnet.is_gerund(word):
        return "derived noun"
    if folder is None or not (folder / "index.noun").exists():
        return "not rare (no WordNet files to say why)"
    nouns = read_index(folder / "index.noun")
    if word not in nouns:
        return "no WordNet noun"
    offsets = nouns[word]
    if len(offsets) > 1:
        return f"WordNet: {len(offsets)} senses"
    others = [name for name in ("verb", "adj", "adv") if word in read_index(folder / f"index.{name}")]
    if others:
        return "WordNet: also " + "/".join(others)
    synsets = _synsets(folder)
    lexname = synsets[f"noun:{offsets[0]}"].lexname
    glossing = [s for key, s in synsets.items() if writes(s.gloss, word)]
    if glossing:
        own = sum(word in s.lemma_words for s in glossing)
        return f"WordNet: {len(glossing)} glosses write it ({own} of its own compounds)" + (
            f"; sense in {lexname}" if lexname in NOT_RARE else "")
    if lexname in NOT_RARE:
        return f"WordNet: its sense is in {lexname}"
    return "not rare (other)"


_CACHE: dict[Path, dict[str, Synset]] = {}


def _synsets(folder: Path) -> dict[str, Synset]:
    """Every synset of WordNet's four data files, keyed "pos:offset" (read once)."""
    if folder not in _CACHE:
        out = {}
        for name in ("noun", "verb", "adj", "adv"):
            for line in (folder / f"data.{name}").read_text(encoding="latin-1").splitlines():
                parsed = parse_synset(line)
                if parsed:
                    out[f"{name}:{parsed[0]}"] = parsed[1]
        _CACHE[folder] = out
    return _CACHE[folder]


def own_glossed(folder: Path) -> list[str]:
    """The nouns ``rare`` would take if a gloss of the word's own compound did not count ("telemetry
    intelligence ... foreign telemetry"): one sense, in lower case, no other part of speech, its sense
    in no ``NOT_RARE`` file, and every gloss that writes it one of a synset whose lemmas hold it."""
    nouns = read_index(folder / "index.noun")
    others = {lemma for name in ("verb", "adj", "adv") for lemma in read_index(folder / f"index.{name}")}
    synsets = _synsets(folder)
    glossing: dict[str, list[Synset]] = {}
    for synset in synsets.values():
        for word in set(synset.gloss) | {w[:-1] for w in synset.gloss if w.endswith("s")}:
            glossing.setdefault(word, []).append(synset)
    out = []
    for lemma, offsets in nouns.items():
        own = synsets.get(f"noun:{offsets[0]}")
        if (len(offsets) != 1 or not lemma.isalpha() or lemma in others or wordnet.is_rare(lemma) or own is None
                or own.lexname in NOT_RARE or lemma not in own.lemma_words):
            continue
        writers = glossing.get(lemma, [])
        if writers and all(lemma in s.lemma_words for s in writers):
            out.append(lemma)
    return sorted(out)


def phrase_gate(key: str, mined: int) -> str:
    """Why a phrase is, or is not, a topic candidate: mined by some item, or refused by ``names_an_idea``."""
    refused = "" if idea.names_an_idea(key, ((key, 1),), 0) else " (names_an_idea refuses it written plainly)"
    if mined:
        return f"mined in {mined} items{refused}"
    return "not mined" + (refused or " (inside longer terms, or not where the items conclude)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--key", nargs="+", default=[], help="terms, each a word or a phrase as written")
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--own-glossed", action="store_true",
                        help="read the words only a gloss of their own compound keeps from rare (own_glossed) and "
                             "print those whose text counts pass the floors")
    args = parser.parse_args()
    if args.own_glossed:
        args.key = own_glossed(args.wordnet)
        print(len(args.key), "words only their own compounds' glosses keep from rare")
    if not args.key:
        parser.error("give --key TERM ... or --own-glossed")
    items = read_items([p for folder in args.folders for p in find_item_files(str(folder / "*.md"))]).items
    n = len(items)
    defaults = Mining()
    enter_named = math.ceil(TOPIC_SHARE * n)
    floor = max(defaults.min_links, defaults.min_items + 1)
    enter_share = max(floor, math.ceil(ADDRESS_SHARE * n))
    keys = {term: term_key(term) for term in args.key}
    marks = {key: phrase_marks(key) for key in keys.values() if key.count(" ") == 1}
    named: Counter[str] = Counter()
    addressed: Counter[str] = Counter()
    mined: Counter[str] = Counter()
    text: dict[str, list[int]] = {term: [0, 0, 0, 0] for term in args.key}
    patterns = {term: text_pattern(term) for term in args.key}
    for item in items:
        found = mining.candidates(item)
        own_named, own_addressed, _stated = item_topics(found)
        written = read_marks(found.pairs)
        named.update(own_named | {key for key, own in marks.items() if not own.isdisjoint(written)})
        addressed.update(own_addressed)
        mined.update({c.key for c in found.terms} & set(keys.values()))
        whole, dense = texts(item)
        for term, pattern in patterns.items():
            count, in_dense = len(pattern.findall(whole)), len(pattern.findall(dense))
            row = text[term]
            row[0] += count > 0
            row[1] += count >= 3 and in_dense >= 1
            row[2] += count >= 3
            row[3] += count >= 2 and in_dense >= 1
    print(f"{n} items; named floor {enter_named}; address floor {floor} (phrase, name, compound), "
          f"{enter_share} (word, derived noun, vague head)")
    print(f"{'term':24s} {'named':>5s} {'addr':>4s} | {'text':>4s} {'3+1d':>4s} {'3any':>4s} {'2+1d':>4s}  gate")
    for term in args.key:
        key = keys[term]
        if compounds.is_compound_key(key):
            gate = "compound (counted whole)"
        elif " " in key:
            gate = phrase_gate(key, mined[key])
        else:
            gate = word_gate(key, args.wordnet)
        candidate = " " in key or wordnet.is_rare(key) or wordnet.is_quality(key) or wordnet.is_gerund(key)
        if candidate and (addressed[key] or named[key] or mined[key]):
            need = enter_share if " " not in key else floor
            if named[key] < enter_named:
                gate += f"; named floor ({named[key]} < {enter_named})"
            elif addressed[key] < need:
                gate += f"; address floor ({addressed[key]} < {need})"
            else:
                gate += "; passes the floors"
        if args.own_glossed and not (text[term][0] >= enter_named and text[term][1] >= enter_share):
            continue
        print(f"{term:24s} {named[key]:5d} {addressed[key]:4d} | " + " ".join(f"{x:4d}" for x in text[term]) + f"  {gate}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
