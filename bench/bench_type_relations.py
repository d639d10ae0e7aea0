"""Concept vs method from the relation a node's words hold to the words around them (issue 21, types19).

    .venv/bin/python bench/bench_type_relations.py GRAPH FOLDER [FOLDER ...] [--labels FILE ...]
                                                   [--wordnet DIR] [--dense] [--list]

types18 (``bench/bench_type_frames.py``) measured frame nouns ("X technique", "the X framework"):
no frame but "the X framework/theory" types a node without flipping labelled-right ones.  This bench
measures other kinds of evidence, each read from WordNet 3.0 (the files ``bench/wordnet_table.py``
reads; Debian ``wordnet-base``) and, for the per-item signals, from one item's own text (an item's
vote depends on that item and the node's names only; the node's names as ``bench_type_frames``
reads them: key and aliases, acronyms of up to five capitals left out):

* ``task`` (method -> concept, the name alone): the key is "N H", one modifier noun and a head H that
  is a *deverbal* noun (WordNet lists a verb H derives from: a ``+`` pointer of H's first sense to
  a verb, or H is the "-ing" form of a verb WordNet lists) and N is no adjective or adverb in WordNet
  and a noun whose first sense is no act (noun.act) or person: N is what the verb acts on, the
  object ("code generation", "question answering"), so the compound names a task, not a manner
  of doing it ("test-driven development": N an adjective).
* ``head`` (both ways, the name alone): the lexicographer file of the last word's first noun sense: a
  concept whose head is in noun.act ("context injection") becomes a method, a method whose head is a
  thing, a state or a happening (``NOT_DOING``: "nominal review": review's first sense is noun.communication)
  a concept.
* ``act`` (concept -> method): an item writes the name directly before a noun whose first WordNet sense is
  in noun.act ("constitutional AI training": training is an act); a concept node flips when an item does
  and none writes it before a noun of state (``state`` below).
* ``act-gerund``: ``act``, and also an "-ing" word of a verb WordNet lists ("chain-of-thought prompting":
  "prompting" is noun.communication in WordNet, the "-ing" of the verb "prompt").
* ``activity``: ``act`` narrowed: the noun is no finite verb (a verb's lemma or inflection other than
  "-ing": "works", "design") and its first sense descends from activity ("training", "testing"; not
  "failure", "show").
* ``state`` (method -> concept): an item writes the name directly before a noun whose first sense is in
  noun.state or noun.phenomenon ("the nominal-review problem", "nominal review risk") or as the
  subject of a verb whose first sense is in verb.stative or is or descends from "fail" ("X persists",
  "X fails"); a method node flips when an item does and none writes it before an act (``act``).

A node flips (the conservative rule of types18) when at least one item votes against its type and
none for it.  Printed per signal: the flips and agreement with each label file before and after
(``either`` agrees with both types; labelled nodes the graph lacks are counted apart).  ``--dense``
reads the items' dense zones instead of their whole text.  Not a test: it prints figures.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_type_frames import (agreement, flipped as flip, graph_nodes, item_texts, name_pattern,  # noqa: E402
                                     read_labels, type_bench_arguments)
from bench.wordnet_table import LEXNAMES, hypernym_names, read_index, read_synsets  # noqa: E402
from kgsync.extract.canonical import word_key  # noqa: E402

LABELS = ROOT / "bench" / "labels"
DEFAULT_LABELS = (LABELS / "types18_engineer_research.tsv", LABELS / "types18_engineer_later.tsv",
                  LABELS / "types19_engineer_research.tsv")
SIGNALS = ("task", "head", "act", "act-gerund", "activity", "state")
WORD = r"[a-z][a-z-]*"
#: A failure verb's first sense is or descends from this verb synset's first lemma.
FAIL_ROOT = "fail"
#: ``activity``: a noun.act noun under this synset (its first lemma): "training", "testing", not "failure".
ACTIVITY = "activity"
#: WordNet 3.0's lexicographer files 29-44 (lexnames(5WN)); ``wordnet_table.LEXNAMES`` holds 0-28.
LEXNAMES_ALL = (*LEXNAMES, *("verb.body verb.change verb.cognition verb.communication verb.competition "
                             "verb.consumption verb.contact verb.creation verb.emotion verb.motion verb.perception "
                             "verb.possession verb.social verb.stative verb.weather adj.ppl").split())


class Lexicon:
    """What the signals ask WordNet: lexicographer files of first senses, deverbal nouns, verb lemmas."""

    def __init__(self, folder: Path) -> None:
        self.synsets = read_synsets(folder)
        self.nouns = read_index(folder / "index.noun")
        self.verbs = read_index(folder / "index.verb")
        self.adjectives = read_index(folder / "index.adj")
        self.adverbs = read_index(folder / "index.adv")
        self.verb_synsets = read_synsets(folder, "verb", LEXNAMES_ALL)
        self.from_verbs = _nouns_from_verbs(folder)
        self.first_noun_word = {o: words[0].lower() for o, (_lex, words, _p) in self.synsets.items()}
        self.verb_first = {o: words[0].lower() for o, (_lex, words, _p) in self.verb_synsets.items()}
        self.exceptions: dict[str, str] = {}
        for line in (folder / "verb.exc").read_text(encoding="latin-1").splitlines():
            inflected, lemma = line.split()[:2]
            self.exceptions.setdefault(inflected, lemma)

    def noun_lex(self, word: str) -> str:
        """The lexicographer file of ``word``'s first noun sense ("" when WordNet has no such noun)."""
        offsets = self.nouns.get(word_key(word)) or self.nouns.get(word)
        return self.synsets[offsets[0]][0] if offsets else ""

    def verb_lemma(self, form: str) -> str:
        """The verb ``form`` inflects ("fails" -> "fail", "prompting" -> "prompt"), or ""."""
        if form in self.exceptions:
            return self.exceptions[form]
        if form in self.verbs:
            return form
        for suffix, repl in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e")):
            if form.endswith(suffix) and (stem := form[: -len(suffix)] + repl) in self.verbs:
                return stem
        if form.endswith("ing") and len(form) > 5 and form[-4] == form[-5] and form[:-4] in self.verbs:
            return form[:-4]  # "running" -> "run"
        return ""

    def is_gerund(self, word: str) -> bool:
        return word.endswith("ing") and bool(self.verb_lemma(word))

    def is_deverbal(self, word: str) -> bool:
        """Does ``word``'s first noun sense point (``+``) to a verb, or is it a verb's "-ing" form?"""
        offsets = self.nouns.get(word)
        return bool(offsets and offsets[0] in self.from_verbs) or self.is_gerund(word)

    def is_activity_noun(self, word: str) -> bool:
        """``activity``: a noun, no finite verb ("works", "design": a verb's lemma or inflection other than "-ing"),
        whose first sense is in noun.act and descends from "activity" ("training", "prompting" not: a cue)."""
        noun = word_key(word)
        offsets = self.nouns.get(noun)
        if not offsets or (not word.endswith("ing") and self.verb_lemma(word)):
            return False
        first_word = self.first_noun_word
        above = hypernym_names(self.synsets, first_word, offsets[0])
        return self.synsets[offsets[0]][0] == "noun.act" and ACTIVITY in above

    def is_state_verb(self, form: str) -> bool:
        """Is ``form`` a verb whose first sense is in verb.stative, or is or descends from "fail"?"""
        lemma = self.verb_lemma(form)
        if not lemma or lemma in ("be", "have"):  # auxiliaries: the copula says nothing of the subject's kind
            return False
        first = self.verbs[lemma][0]
        above = hypernym_names(self.verb_synsets, self.verb_first, first) | {self.verb_first[first]}
        return self.verb_synsets[first][0] == "verb.stative" or FAIL_ROOT in above


def _nouns_from_verbs(folder: Path) -> frozenset[str]:
    """The noun synsets with a derivational pointer (``+``) to a verb: "generation" (generate), "review"."""
    out = set()
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.partition(" | ")[0].split()
        count = int(fields[3], 16)
        at = 4 + 2 * count
        if any(fields[at + 1 + 4 * j] == "+" and fields[at + 3 + 4 * j] == "v" for j in range(int(fields[at]))):
            out.add(fields[0])
    return frozenset(out)


def is_task_name(key: str, lex: Lexicon) -> bool:
    """``task``: "N H", N a noun object (no adjective/adverb, first sense no act or person), H deverbal."""
    words = key.split("-")
    if len(words) != 2:
        return False
    modifier, head = words
    if modifier in lex.adjectives or modifier in lex.adverbs or modifier not in lex.nouns:
        return False
    return lex.noun_lex(modifier) not in ("noun.act", "noun.person") and lex.is_deverbal(head)


#: ``head``: a method whose head's first sense is in one of these is a thing, a state or a happening.
NOT_DOING = frozenset({"noun.state", "noun.phenomenon", "noun.event", "noun.artifact", "noun.communication",
                       "noun.group", "noun.attribute"})


def head_kind(key: str, kind: str, lex: Lexicon) -> str:
    """``head``: the type the lexicographer file of the last word's first noun sense gives (noun.act: a
    method; ``NOT_DOING``: a concept), or ``kind`` when WordNet has no such noun or another file."""
    lexfile = lex.noun_lex(key.split("-")[-1])
    if kind == "concept" and lexfile == "noun.act":
        return "method"
    if kind == "method" and lexfile in NOT_DOING:
        return "concept"
    return kind


class Votes:
    """One node's per-item patterns: the word after a name, and a verb after it as its subject."""

    def __init__(self, names: frozenset[str]) -> None:
        name = name_pattern(names)
        self.firsts = tuple(sorted({n.split(" ")[0].split("-")[0] for n in names}))
        self.next = re.compile(name + r"[\s-]+(" + WORD + ")")
        # "X fails", "X persists", "X can persist": the name, an optional modal, then a finite verb
        self.subject = re.compile(name + r"\s+(?:can|may|might|will|would|could|often|still|also)?\s*(" + WORD + r")\b")


def item_vote(lower: str, node: Votes, signal: str, lex: Lexicon) -> int:
    """+1 (method), -1 (concept) or 0 for one item (``lower``: its text in lower case)."""
    if not any(first in lower for first in node.firsts):
        return 0
    act = state = 0
    for match in node.next.finditer(lower):
        word = match.group(1)
        kind = lex.noun_lex(word)
        if signal == "activity":
            act += lex.is_activity_noun(word)
        else:
            act += kind == "noun.act" or (signal == "act-gerund" and lex.is_gerund(word))
        state += kind in ("noun.state", "noun.phenomenon")
    if signal == "state":
        state += sum(lex.is_state_verb(m.group(1)) for m in node.subject.finditer(lower)
                     if not lex.noun_lex(m.group(1)))  # a verb, not a noun after the name
    return (act > state) - (state > act)


def main() -> int:
    args = type_bench_arguments(__doc__.split("\n\n")[0], DEFAULT_LABELS)
    nodes = graph_nodes(args.graph)
    texts = item_texts(args.folders, args.dense)
    lex = Lexicon(args.wordnet)
    files = {path.name: read_labels(path) for path in args.labels}
    labels: dict[str, str] = {}
    for lab in files.values():
        for key, should in lab.items():
            labels.setdefault(key, should)
    before = {key: kind for key, (kind, _names) in nodes.items()}
    for name, lab in files.items():
        right, have, lacks = agreement(before, lab)
        print(f"before  {name}: {right}/{have} agree ({lacks} labelled nodes not in the graph)")
    patterns = {key: Votes(names) for key, (_kind, names) in nodes.items()}
    for signal in SIGNALS:
        after = dict(before)
        for key, (kind, _names) in nodes.items():
            if signal == "task":
                after[key] = "concept" if kind == "method" and is_task_name(key, lex) else kind
            elif signal == "head":
                after[key] = head_kind(key, kind, lex)
            elif (signal == "state") == (kind == "method"):
                after[key] = flip(kind, (item_vote(t, patterns[key], signal, lex) for t in texts))
        flips = sorted(k for k in after if after[k] != before[k])
        wrong = [k for k in flips if labels.get(k, "?") not in ("either", after[k])]
        fixed = [k for k in flips if labels.get(k) == after[k]]
        print(f"\n{signal}: {len(flips)} flips, {len(fixed)} fix a fault, {len(wrong)} wrong")
        for name, lab in files.items():
            right, have, _lacks = agreement(after, lab)
            print(f"  after {name}: {right}/{have} agree")
        for key in flips:
            verdict = labels.get(key, "?")
            mark = "fixes" if verdict == after[key] else "either" if verdict == "either" else "WRONG"
            if args.list or mark == "WRONG":
                print(f"  {before[key]} -> {after[key]}  {key}  (label {verdict}: {mark})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
