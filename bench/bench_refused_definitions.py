"""Which definitions "Long Form (LF)" do the acronym tests refuse, and why (issue 21 part 2, expansions166)?

    PYTHONPATH=. python bench/bench_refused_definitions.py FOLDER [FOLDER ...] [--list]

An acronym an item spells out in a form the tests refuse keeps no expansion ("Synthesis of Topic Outlines
through Retrieval and Multi-perspective Question Asking (STORM)", "YAML Ain't Markup Language (YAML)", "The
Open Group Architecture Framework (TOGAF)"). An alias-only route (the long form as an alias of the acronym's
node, never its name, never lent through the shared map) would take some of these pairs; this prints the
population such a route can touch, per FOLDER apart: every distinct (acronym, long form) pair the scan
(``acronyms.acronym_pairs``, Schwartz & Hearst) finds that mining's tests refuse (``mining._item_candidates``:
the same four tests, in its order), with the first test that refuses it and in how many items, and how many
of them a candidate gate keeps: every word of the long form capitalised or a linking word, and the acronym
in capitals (a name spelled out; "TOGAF", "YAML" pass, "STORM" not: "through").

Read from the raw Markdown (web addresses cut), not from mining's cleaned zones: a bench's approximation,
so counts may differ by a few pairs from what mining sees. Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kgsync.extract.acronyms import (LINKING_WORDS, acronym_pairs, is_valid_expansion,  # noqa: E402
                                     letters_match)
from kgsync.extract.canonical import term_key  # noqa: E402


def refusal(short: str, long: str) -> str | None:
    """The first of mining's tests that refuses the pair, or None where it is kept."""
    short_key, long_key = term_key(short), term_key(long)
    if not short_key or not long_key or short_key == long_key:
        return "empty-or-same-key"
    if not is_valid_expansion(long_key):
        return "length-or-stop-word"
    if not letters_match(short, long):
        return "letters"
    if short_key in long_key.split(" "):
        return "recursive"
    return None


def capitalised_name(short: str, long: str) -> bool:
    """The candidate gate: the acronym in capitals, every word of the long form capitalised or linking."""
    words = long.split()
    return (short.isupper() and len(words) >= 2
            and all(w[:1].isupper() or w.lower() in LINKING_WORDS for w in words))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--list", action="store_true", help="print every refused pair")
    args = parser.parse_args(argv)
    for folder in args.folders:
        items: dict[tuple[str, str], set[str]] = defaultdict(set)
        reasons: dict[tuple[str, str], str] = {}
        files = sorted(p for p in folder.glob("*.md") if p.name != "README.md")
        for path in files:
            for short, long in acronym_pairs(path.read_text(encoding="utf-8")):
                why = refusal(short, long)
                if why is not None:
                    pair = (short, " ".join(long.split()))
                    items[pair].add(path.stem)
                    reasons[pair] = why
        by_reason: dict[str, int] = defaultdict(int)
        gated: dict[str, int] = defaultdict(int)
        for pair, why in reasons.items():
            by_reason[why] += 1
            gated[why] += capitalised_name(*pair)
        print(f"{folder}: {len(files)} items, {len(reasons)} refused pairs "
              f"({sum(gated.values())} pass the capitalised-name gate)")
        for why in sorted(by_reason):
            print(f"  {why}: {by_reason[why]} pairs, {gated[why]} capitalised names")
        if args.list:
            for pair in sorted(reasons):
                mark = "name" if capitalised_name(*pair) else "-"
                print(f"    {reasons[pair]}\t{mark}\t{len(items[pair])}\t{pair[0]}\t{pair[1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
