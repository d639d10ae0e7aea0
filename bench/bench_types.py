"""Concept vs method: a graph's node types against an engineer's labels, and WordNet's gerund test.

    .venv/bin/python bench/bench_types.py GRAPH [--labels FILE ...] [--list]
    .venv/bin/python bench/bench_types.py --gerunds FOLDER [FOLDER ...] [--wordnet DIR] [--top N]
    .venv/bin/python bench/bench_types.py --nominals [--wordnet DIR]

Types: the contract makes techniques, procedures and evaluation methods ``method:`` nodes and ideas,
phenomena and things ``concept:`` nodes.  The labels (default ``bench/labels/types15_engineer_research.tsv``
and ``types15_engineer_later.tsv``, ``name<TAB>should<TAB>note``, name without its type prefix) were
written before any rule of issue 21's types15 round changed.  For each file: the labelled nodes the
graph has, how many carry the labelled type, and (``--list``) the others, with ``B`` where the note
calls the label borderline.  A node the graph lacks is counted apart (a build can drop one).

``--gerunds``: the experiment that replaces the "-ing" half of ``terms.classify`` (a head in "-ing" is a
method unless ``lexicon.ING_NOUNS`` or ``lexicon.ING_EVENTS`` holds it) with WordNet alone: an "-ing"
head names a procedure when its verb (``index.verb``, one of its two commonest senses) takes the frame
"Somebody ----s something" and WordNet lists no noun of that spelling whose first sense is a thing, a
happening or a state (``THING_LEXNAMES``); a form WordNet does not know ("linting") stays a method.
Prints the "-ing" words the FOLDERs' items write (by mentions) whose kind the two rules give
differently, apart from words that end no term (``lexicon.BREAKERS``, ``NOT_LAST``) or that
``METHOD_HEADS`` decides first, and, over those ``--gerund-labels`` judges (default
``bench/labels/types15_engineer_gerunds.tsv``, written after seeing this output, to judge the test,
not to tune it), how often each rule gives the labelled kind.

``--nominals``: the experiment that replaces ``lexicon.METHOD_HEADS``'s other nouns ("generation",
"extraction", "detection") with WordNet: a noun is a method's head when one of its first N senses
(N = 1, 2, 3) is an act, a process or a cognition WordNet derives from a verb that takes "Somebody
----s something" (a ``+`` pointer), or descends from a way of doing (``ACTIVITY_ROOTS``, the table's
``activity``).  Prints, for each N, how many of ``METHOD_HEADS``'s nouns not in "-ing" it admits, and
which heads (last words) of the labels' concept nodes it makes methods.  Not a test: it prints figures (issue 21, types15).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.wordnet_table import ACTIVITY_ROOTS, hypernym_names, read_index, read_synsets  # noqa: E402
from kgsync.extract import lexicon  # noqa: E402

LABELS = ROOT / "bench" / "labels"
DEFAULT_LABELS = (LABELS / "types15_engineer_research.tsv", LABELS / "types15_engineer_later.tsv")
#: First senses of a thing, a happening or a state: "building", "meeting", "setting", "feeling".
THING_LEXNAMES = {"noun.Tops", "noun.animal", "noun.artifact", "noun.attribute", "noun.body", "noun.event",
                  "noun.feeling", "noun.food", "noun.group", "noun.location", "noun.motive", "noun.object",
                  "noun.person", "noun.phenomenon", "noun.plant", "noun.possession", "noun.quantity", "noun.shape",
                  "noun.state", "noun.substance", "noun.time"}
#: WordNet's verb frame "Somebody ----s something".
ACT_ON_SOMETHING = 8


def read_labels(path: Path) -> dict[str, tuple[str, str]]:
    """name (no prefix) -> (should, note)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(("#", "name\t")) or not line.strip():
            continue
        name, should, note = (line.split("\t") + ["", ""])[:3]
        out[name] = (should, note)
    return out


def node_types(graph: Path) -> dict[str, str]:
    """name (no prefix) -> concept | method, of the graph's concept and method nodes."""
    out = {}
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "entity" and record.get("entityType") in ("concept", "method"):
            out[record["name"].split(":", 1)[1]] = record["entityType"]
    return out


def score(types: dict[str, str], labels: dict[str, tuple[str, str]]) -> tuple[int, list[tuple[str, str, str, bool]], int]:
    """(right, wrong as (name, has, should, borderline), labelled nodes the graph lacks)."""
    right, wrong, missing = 0, [], 0
    for name, (should, note) in sorted(labels.items()):
        has = types.get(name)
        if has is None:
            missing += 1
        elif has == should:
            right += 1
        else:
            wrong.append((name, has, should, "borderline" in note))
    return right, wrong, missing


def verb_frames(folder: Path) -> dict[str, set[int]]:
    """verb synset offset -> the sentence frames ``data.verb`` gives it."""
    out: dict[str, set[int]] = {}
    for line in (folder / "data.verb").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.partition(" | ")[0].split()
        at = 4 + 2 * int(fields[3], 16)
        at += 1 + 4 * int(fields[at])
        count = int(fields[at]) if at < len(fields) else 0
        out[fields[0]] = {int(fields[at + 2 + 3 * i]) for i in range(count)}
    return out


def gerund_forms(verb: str) -> set[str]:
    """The "-ing" spellings of ``verb`` (doubled and single final consonant both: no stress in WordNet)."""
    if verb.endswith("ie"):
        forms = {verb[:-2] + "ying"}
    elif verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        forms = {verb[:-1] + "ing"}
    else:
        forms = {verb + "ing"}
    if len(verb) >= 3 and verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
        forms.add(verb + verb[-1] + "ing")
    return forms


def wordnet_gerunds(folder: Path) -> tuple[set[str], set[str]]:
    """(procedures, the other "-ing" words WordNet knows) by the test of the module doc."""
    synsets = read_synsets(folder)
    nouns = read_index(folder / "index.noun")
    frames = verb_frames(folder)
    known = {lemma for name in ("index.noun", "index.adj", "index.adv") for lemma in read_index(folder / name)
             if lemma.endswith("ing") and lemma.isalpha()}
    deeds: set[str] = set()
    for verb, offsets in read_index(folder / "index.verb").items():
        if not verb.isalpha() or len(verb) < 2:
            continue
        forms = gerund_forms(verb)
        known |= forms
        if any(ACT_ON_SOMETHING in frames[o] for o in offsets[:2]):
            deeds |= {f for f in forms if not (nouns.get(f) and synsets[nouns[f][0]][0] in THING_LEXNAMES)}
    return deeds, known - deeds


def gerund_flips(folders: list[Path], wordnet: Path) -> list[tuple[str, int, str]]:
    """(word, mentions, the kind WordNet's test gives) of each "-ing" word whose kind the lists give otherwise."""
    counts: Counter[str] = Counter()
    for folder in folders:
        for path in sorted(folder.glob("*.md")):
            counts.update(re.findall(r"\b[a-z]+ing\b", path.read_text(encoding="utf-8").lower()))
    deeds, others = wordnet_gerunds(wordnet)
    out = []
    for word, mentions in counts.most_common():
        if word in lexicon.BREAKERS or word in lexicon.NOT_LAST or word in lexicon.METHOD_HEADS or len(word) < 5:
            continue
        by_lists = word not in lexicon.ING_NOUNS and word not in lexicon.ING_EVENTS
        by_wordnet = word in deeds or word not in others
        if by_lists != by_wordnet:
            out.append((word, mentions, "method" if by_wordnet else "concept"))
    return out


#: American spellings of WordNet for ``METHOD_HEADS``'s British keys.
_AMERICAN = {"isation": "ization", "elling": "eling"}


def _american(word: str) -> str:
    for british, american in _AMERICAN.items():
        if word.endswith(british):
            return word[: -len(british)] + american
    return word


def nominal_heads(folder: Path, senses: int) -> Callable[[str], bool]:
    """The test of ``--nominals`` over the first ``senses`` senses."""
    synsets = read_synsets(folder)
    nouns = read_index(folder / "index.noun")
    frames = verb_frames(folder)
    first = {offset: words[0].lower() for offset, (_lex, words, _p) in synsets.items()}
    derived: dict[str, bool] = {}
    for line in (folder / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.partition(" | ")[0].split()
        at = 4 + 2 * int(fields[3], 16)
        pointers = [fields[at + 1 + 4 * j : at + 5 + 4 * j] for j in range(int(fields[at]))]
        derived[fields[0]] = any(kind == "+" and pos == "v" and ACT_ON_SOMETHING in frames.get(target, set())
                                 for kind, target, pos, _st in pointers)

    def test(word: str) -> bool:
        offsets = nouns.get(_american(word), [])[:senses]
        return any((synsets[o][0] in ("noun.act", "noun.process", "noun.cognition") and derived[o])
                   or (hypernym_names(synsets, first, o) | {first[o]}) & ACTIVITY_ROOTS for o in offsets)
    return test


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", type=Path, nargs="?")
    parser.add_argument("--labels", type=Path, action="append")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--gerunds", type=Path, nargs="+")
    parser.add_argument("--wordnet", type=Path, default=Path("/usr/share/wordnet"))
    parser.add_argument("--top", type=int, default=80)
    parser.add_argument("--nominals", action="store_true")
    parser.add_argument("--gerund-labels", type=Path, default=LABELS / "types15_engineer_gerunds.tsv")
    args = parser.parse_args()
    if args.nominals:
        heads = sorted(w for w in lexicon.METHOD_HEADS if not w.endswith("ing"))
        concept_heads = sorted({name.split("-")[-1] for path in DEFAULT_LABELS
                                for name, (should, _n) in read_labels(path).items() if should == "concept"})
        listed = [w for w in concept_heads if w in lexicon.METHOD_HEADS]
        print(f"METHOD_HEADS itself: label concept heads it holds ({len(listed)}/{len(concept_heads)}): " + " ".join(listed))
        for senses in (1, 2, 3):
            test = nominal_heads(args.wordnet, senses)
            print(f"first {senses} sense(s): {sum(map(test, heads))}/{len(heads)} METHOD_HEADS nouns admitted; "
                  f"label concept heads made methods ({sum(map(test, concept_heads))}/{len(concept_heads)}): "
                  + " ".join(w for w in concept_heads if test(w)))
        return 0
    if args.gerunds:
        flips = gerund_flips(args.gerunds, args.wordnet)
        by_kind = Counter(kind for _w, _n, kind in flips)
        print(f"-ing words whose kind WordNet's test changes: {len(flips)} "
              f"(to concept {by_kind['concept']}, to method {by_kind['method']})")
        print(" ".join(f"{word}:{mentions}:{kind[0].upper()}" for word, mentions, kind in flips[: args.top]))
        judged = read_labels(args.gerund_labels) if args.gerund_labels.exists() else {}
        right = sum(judged[word][0] == kind for word, _n, kind in flips if word in judged)
        seen = sum(word in judged for word, _n, _k in flips)
        print(f"of {seen} changed words {args.gerund_labels.name} judges: WordNet's kind right on {right}, "
              f"the lists' on {seen - right}")
        return 0
    if args.graph is None:
        parser.error("GRAPH or --gerunds")
    types = node_types(args.graph)
    for path in args.labels or DEFAULT_LABELS:
        right, wrong, missing = score(types, read_labels(path))
        print(f"{path.name}: {right}/{right + len(wrong)} typed as labelled ({len(wrong)} not, "
              f"{sum(b for *_r, b in wrong)} of them borderline; {missing} labelled nodes not in the graph)")
        if args.list:
            for name, has, should, borderline in wrong:
                print(f"    {name}\t{has} -> {should}{'  B' if borderline else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
