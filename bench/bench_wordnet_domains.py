"""Do WordNet's topic domains tell a technical compound from an everyday one? (issue 21, topics20)

    .venv/bin/python bench/bench_wordnet_domains.py LABELS [--wordnet /usr/share/wordnet] [--list NAME]

WordNet 3.0 marks some synsets with a *topic domain* (pointer ``;c`` in ``data.noun``: "feedback loop"
or "source code" under a field such as electronics or computer science).  For every compound of a
label TSV (key in the first column, the lists it is on in the second, ``topic``/``not`` in the
third: ``bench/labels/topics20_engineer_compounds.tsv``) the bench reads the compound's noun senses
(``index.noun``, spaces as ``_`` or ``-``) and prints three readings of "has a domain":

* ``first``: its first sense carries a ``;c`` pointer;
* ``any``: one of its senses does;
* ``above``: one of its senses or one of their hypernyms does (the domain a sense inherits).

Then, per list (``--list`` names one; default every list the TSV names), for each reading how many of
the ``topic`` and of the ``not`` compounds have a domain: a reading separates when the topics have one
and the others do not.  Reads WordNet itself, as ``bench/wordnet_table.py`` does; not a test.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from dataclasses import dataclass
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.wordnet_table import read_synsets  # noqa: E402

READINGS = ("first", "any", "above")


@dataclass(frozen=True)
class Synset:
    """One ``data.noun`` line: its first lemma, its domain targets (``;c``) and hypernyms (``@``, ``@i``)."""

    name: str
    domains: tuple[str, ...]
    hypernyms: tuple[str, ...]


def read_nouns(folder: Path) -> dict[str, Synset]:
    """offset -> Synset of ``data.noun``, read by ``wordnet_table.read_synsets`` (a ``;c`` pointer from a
    noun names a noun synset in WordNet 3.0: the domain is a field such as electronics)."""
    return {offset: Synset(words[0],
                           tuple(target for symbol, target in pointers if symbol == ";c"),
                           tuple(target for symbol, target in pointers if symbol in ("@", "@i")))
            for offset, (_lexfile, words, pointers) in read_synsets(folder).items()}


def senses(folder: Path) -> dict[str, tuple[str, ...]]:
    """lemma -> its noun synsets' offsets, commonest first (``index.noun``)."""
    out: dict[str, tuple[str, ...]] = {}
    for line in (folder / "index.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        count = int(fields[2])
        out[fields[0]] = tuple(fields[-count:])
    return out


def domains_above(nouns: dict[str, Synset], offset: str) -> set[str]:
    """The domains of ``offset`` and of every synset above it."""
    found: set[str] = set()
    seen = {offset}
    todo = [offset]
    while todo:
        synset = nouns[todo.pop()]
        found.update(nouns[d].name for d in synset.domains)
        for up in synset.hypernyms:
            if up not in seen:
                seen.add(up)
                todo.append(up)
    return found


def readings(nouns: dict[str, Synset], offsets: tuple[str, ...]) -> dict[str, set[str]]:
    """reading -> the domain names it finds for a compound of these senses."""
    return {
        "first": {nouns[d].name for d in nouns[offsets[0]].domains} if offsets else set(),
        "any": {nouns[d].name for o in offsets for d in nouns[o].domains},
        "above": set().union(*(domains_above(nouns, o) for o in offsets)) if offsets else set(),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("labels")
    parser.add_argument("--wordnet", default="/usr/share/wordnet")
    parser.add_argument("--list", default="")
    args = parser.parse_args()
    folder = Path(args.wordnet)
    nouns, index = read_nouns(folder), senses(folder)
    rows = [line.split("\t") for line in Path(args.labels).read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    found: dict[str, dict[str, set[str]]] = {}
    print("compound\tlabel\tsenses\tfirst\tany\tabove")
    for key, lists, label, *_ in rows:
        lemma = next((form for form in (key.replace(" ", "_"), key.replace(" ", "-")) if form in index), "")
        offsets = index.get(lemma, ())
        found[key] = readings(nouns, offsets)
        shown = ["|".join(sorted(found[key][r])) or "-" for r in READINGS]
        print(f"{key}\t{label}\t{len(offsets)}\t" + "\t".join(shown))
    names = [args.list] if args.list else sorted({n for _k, lists, *_ in rows for n in lists.split(",")})
    for name in names:
        tally: dict[tuple[str, str], int] = defaultdict(int)
        totals: dict[str, int] = defaultdict(int)
        for key, lists, label, *_ in rows:
            if name not in lists.split(","):
                continue
            totals[label] += 1
            for reading in READINGS:
                tally[reading, label] += bool(found[key][reading])
        for reading in READINGS:
            print(f"{name}: {reading}: topics with a domain {tally[reading, 'topic']}/{totals['topic']}, "
                  f"others with a domain {tally[reading, 'not']}/{totals['not']}")


if __name__ == "__main__":
    main()
