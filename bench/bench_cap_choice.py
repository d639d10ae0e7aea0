"""Which of an item's terms its caps keep: routes that re-rank an item's terms or link some beyond its caps (caps165).

    PYTHONPATH=. .venv/bin/python bench/bench_cap_choice.py CORPUS [--themes FILE] [--labels FILE ...] [--route NAME ...]

Builds ``CORPUS`` (a folder of items) once with a fresh cache, keeping what ``vocab.select_with_stats`` was
given, and records each item's ``choice.local_choice`` (its ranked terms, their flags, kinds, the hubs).
Then it replays every item's choice under each route, from the item's own candidates only (locality):

* re-rankings (a factor on an item's salience of a term, from the item's own flags): ``defined`` (x1.5 an
  acronym it defines), ``title_only`` (x0.5 a term only its title writes), ``evidence`` (x1.5 one it
  defines, emphasises, hyphenates or capitalises: ``mining._IDEA_FLAGS``), ``unit`` (x1.5 one it writes as
  one unit), ``stated`` (x0.6 one neither its question nor its summary writes, nor defined or emphasised);
* a wider cap: ``caps+1`` (one concept more per item);
* beyond the caps (the terms the caps cut that the item links anyway): ``beyond_defined`` (an acronym it
  defines and states, not a WordNet compound: ``choice.defined_and_stated``), ``beyond_unit`` (a term it
  writes as one unit and states).

The baseline is the choice without ``defined_and_stated`` (the thirty-ninth round's start).  For each
route it prints the terms that ``mining.min_links`` (2) items choose after and not before (``+``) and the
reverse (``-``), each with the readings' verdict (``bench/bench_names.py``'s default readings, the later
items' development readings, then ``--labels``: a later file wins).  Those are the nodes a route adds and
removes, before the near-duplicate merges, hubs and topics a build adds (a screen: the build decides).
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT / "bench"))

from bench_names import DEFAULT_READINGS, LABELS, read_verdicts  # noqa: E402  (bench/ is not a package)
from bench_select_step import captured  # noqa: E402

#: The later items' development readings (never the held-out ones).
LATER_READINGS = ("reading_all_nodes_2026-12-06_thirtysecond_later_only.tsv",
                  "reading_all_nodes_2026-12-06_thirtysecond_later_only_b.tsv",
                  "reading_all_nodes_2026-12-06_thirtythird_later_only.tsv",
                  "reading_all_nodes_2026-12-07_thirtyeighth_heldout_later_only.tsv")


@dataclass(frozen=True)
class ItemRecord:
    """One item's ``local_choice`` call: its ranked terms (-score, key), their flags and kinds, the hubs among them."""

    ranked: tuple[tuple[float, str], ...]
    flags: dict[str, int]
    kinds: dict[str, str]
    hubs: frozenset[str]


@contextmanager
def no_defined_beyond() -> Iterator[None]:
    """The round's start: no term is linked beyond the caps for being defined and stated."""
    from kgsync.vocabulary import choice

    real = choice.defined_and_stated
    choice.defined_and_stated = lambda g, flags: False  # type: ignore[assignment]
    try:
        yield
    finally:
        choice.defined_and_stated = real  # type: ignore[assignment]


def records(corpus: Path, themes: Path | None) -> list[ItemRecord]:
    """Each item's ``local_choice`` inputs, in a fresh build of ``corpus``."""
    from kgsync.vocabulary import vocab

    with tempfile.TemporaryDirectory() as work:
        args = captured(corpus, str(corpus), themes, Path(work))
    out: list[ItemRecord] = []
    real = vocab.local_choice

    def spy(ranked: Any, own_flags: Any, is_pinned: Any, kind: Any, caps: Any, hubs: Any, theme_pins: Any = frozenset()) -> Any:
        ranked = tuple(sorted(ranked))
        keys = [g for _s, g in ranked]
        out.append(ItemRecord(ranked, {g: own_flags.get(g, 0) for g in keys}, {g: kind(g).value for g in keys},
                              frozenset(hubs) & frozenset(keys)))
        return real(ranked, own_flags, is_pinned, kind, caps, hubs, theme_pins)

    vocab.local_choice = spy  # type: ignore[assignment]
    try:
        vocab.select_with_stats(*args)
    finally:
        vocab.local_choice = real  # type: ignore[assignment]
    return out


Rescore = Callable[[float, str, int], float]


def _rescorings() -> dict[str, Rescore]:
    from kgsync.extract.flags import ACRONYM, DEFINED, DENSE, EMPHASISED, STATED, TITLE, UNIT

    evidence = ACRONYM | DEFINED | EMPHASISED | UNIT
    return {
        "defined": lambda s, g, f: s * 1.5 if f & DEFINED else s,
        "title_only": lambda s, g, f: s * 0.5 if f & TITLE and not f & (DENSE | DEFINED | EMPHASISED) else s,
        "evidence": lambda s, g, f: s * 1.5 if f & evidence else s,
        "unit": lambda s, g, f: s * 1.5 if f & UNIT else s,
        "stated": lambda s, g, f: s if f & (STATED | DEFINED | EMPHASISED) else s * 0.6,
    }


def _beyond_tests() -> dict[str, Callable[[str, int], bool]]:
    from kgsync.extract import wordnet
    from kgsync.extract.flags import STATED, UNIT
    from kgsync.vocabulary.choice import defined_and_stated

    return {"beyond_defined": defined_and_stated,
            "beyond_unit": lambda g, f: bool(f & UNIT and f & STATED) and not wordnet.is_noun_compound(g)}


ROUTES = ("defined", "title_only", "evidence", "unit", "stated", "caps+1", "beyond_defined", "beyond_unit")


def choices(recs: Sequence[ItemRecord], route: str | None) -> Counter[str]:
    """term -> how many items choose it under ``route`` (None: the baseline)."""
    from kgsync.read.config import Caps
    from kgsync.vocabulary import choice
    from kgsync.vocabulary.terms import TermKind

    caps = Caps(concepts=6) if route == "caps+1" else Caps()
    rescore = _rescorings().get(route or "")
    beyond = _beyond_tests().get(route or "")
    count: Counter[str] = Counter()
    with no_defined_beyond():
        for rec in recs:
            ranked = [(-rescore(-s, g, rec.flags[g]), g) for s, g in rec.ranked] if rescore else list(rec.ranked)
            kinds = rec.kinds
            chosen = choice.local_choice(ranked, rec.flags, lambda g: False, lambda g: TermKind(kinds[g]), caps, rec.hubs)
            if beyond is not None:
                extra = [(s, g) for s, g in rec.ranked if beyond(g, rec.flags[g])]
                wide = choice.local_choice(extra, rec.flags, lambda g: False, lambda g: TermKind(kinds[g]),
                                           Caps(concepts=999, methods=999), rec.hubs)
                chosen += [g for g in wide if g not in chosen and not any(choice._nested(g, c) for c in chosen)]
            count.update(chosen)
    return count


def verdicts(extra: Sequence[Path]) -> dict[str, str]:
    """node name -> the readings' verdict (idea, named, not, wrong)."""
    out: dict[str, str] = {}
    for path in [LABELS / name for name in (*DEFAULT_READINGS, *LATER_READINGS)] + list(extra):
        out.update({node: v.kind for node, v in read_verdicts(path).items()})
    return out


def verdict_of(key: str, kind: str, read: dict[str, str]) -> str:
    slug = key.replace(" ", "-")
    for prefix in (kind, "concept", "method"):
        for name in (f"{prefix}:{slug}", f"{prefix}:{slug}s"):
            if name in read:
                return read[name]
    return "unread"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--themes", type=Path)
    parser.add_argument("--labels", type=Path, action="append", default=[])
    parser.add_argument("--route", action="append", choices=ROUTES)
    args = parser.parse_args(argv)
    recs = records(args.corpus.resolve(), args.themes)
    kinds = {g: k for rec in recs for g, k in rec.kinds.items()}
    read = verdicts(args.labels)
    base = {g for g, n in choices(recs, None).items() if n >= 2}
    print(f"{len(recs)} items; terms {len(base)} items' caps give 2 or more")
    for route in args.route or ROUTES:
        after = {g for g, n in choices(recs, route).items() if n >= 2}
        added, removed = sorted(after - base), sorted(base - after)
        tally = [Counter(verdict_of(g, kinds[g], read) for g in names) for names in (added, removed)]
        print(f"{route}: {len(base)} -> {len(after)}; + {dict(sorted(tally[0].items()))}; - {dict(sorted(tally[1].items()))}")
        for sign, names in (("+", added), ("-", removed)):
            if names:
                print(f"  {sign} " + ", ".join(f"{g} [{verdict_of(g, kinds[g], read)}]" for g in names))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
