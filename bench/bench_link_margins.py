"""Which claim links a stricter gate would withhold: candidate text properties of a link's two ends, against readings.

    .venv/bin/python bench/bench_link_margins.py [--shared ../shared] [--items DIR] [--labels FILE ...] [--list]
        [--pairs]

Issue 21 part 1 (links148): claim→claim ``extends`` precision.  The thirty-seventh reading (reader142) names two
causes of its wrong links: (B) wrong-to, a later item cites an earlier one by URL with no finding number and the
restatement (or report) picks the cited finding with the most overlapping words, not the one the passage uses; (A)
wrong-from, the cited finding is used in a passage no Key Finding takes up, and the link starts from a neighbouring
finding sharing a topic word.  Each property below is a general property of the citing sentence, the citing finding
and the cited item's findings; a gate built on it would withhold the claim link (the item→item ``extends`` stays)
when **every** sentence stating the link has the property.  For each reading (``bench/labels/reading_links_*.tsv``)
and for the research items (completed before ``--split``) and the later items apart, the script prints how many
right and wrong links each gate would withhold.  A gate is worth landing only if it withholds more wrong links than
right ones on every reading, on each half it touches; the last column says so.

Properties (``weighed``: each word weighing 1 / the number of the cited item's findings using it, as the plan does):

* ``restate-lead<2``: the cited finding is named by restatement (``FindingIndex.restated``) with a lead over the
  runner-up below 2 (the plan asks 1.5; a report asks more than 2);
* ``report-lead<3``: named by a report (``FindingIndex.reported``) with a lead below 3;
* ``claim-unsaid``: named by restatement or report, and what is said shares no word with the cited finding's claim
  (its lead sentence): only the finding's detail is repeated;
* ``spread``: named by restatement or report, and the cited finding holds under 40 % of what is said's weight over
  all the cited item's findings (the words are spread over the item: the item as a whole);
* ``source-fit<1/2``: the citing finding's own text (not held: a match) matches the cited finding less than half as
  well as the cited item's finding it matches best (``weighed``): its own text draws on another one;
* ``source-not-best``: the same, below the best at all;
* ``not-named-here``: the citing finding (a match, not holding the sentence) does not name the cited item in its
  entry, and another finding of this item does (``evidence_anchor.entries_naming``);
* ``use-unsaid``: what the sentence takes from the cited finding (the words it shares with it that no other finding
  of the cited item uses) appears nowhere in the citing finding's text (a match): the finding does not take the use up;
* ``row-omits``: this item's Evidence Map rows link the cited item, none to this finding of it (a match, not a row):
  the item's own list of what its findings rest on leaves the cited finding out.

Not a test: it prints figures.  links148's measure (docs/MEASURED.md): no single property passes; the conjunctions
that do withhold one link.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_from_ends import build, read_verdicts  # noqa: E402
from kgsync.contract.model import claim_name  # noqa: E402
from kgsync.extract.evidence_anchor import entries_naming  # noqa: E402
from kgsync.extract.evidence_model import ClaimText  # noqa: E402
from kgsync.extract.evidence_source import said_there, weighed  # noqa: E402
from kgsync.extract.restated import FindingIndex, stem  # noqa: E402

LABELS = [ROOT / "bench" / "labels" / name for name in (
    "reading_links_2026-12-07_thirtyseventh_c273_all.tsv", "reading_links_2026-12-06_thirtysixth_c273_all.tsv",
    "reading_links_2026-12-06_thirtyfifth_c273_all.tsv")]
PROPERTIES = ("restate-lead<2", "report-lead<3", "claim-unsaid", "spread", "source-fit<1/2", "source-not-best",
              "not-named-here", "use-unsaid", "row-omits")
#: The link kinds whose citing finding holds the sentence or is stated by the author (``evidence_kinds``).
STATED = ("held", "notes", "marker")


def lead(index: FindingIndex[ClaimText], said: str) -> tuple[int, float, float]:
    """(position of the best finding, its weight, the runner-up's weight) of ``said`` over ``index`` (as
    ``FindingIndex._leading`` weighs them, with no threshold)."""
    weights: dict[int, float] = {}
    for word in {stem(w) for w in said.split()}:
        holders = index.holders.get(word, ())
        for at in holders:
            weights[at] = weights.get(at, 0.0) + 1.0 / len(holders)
    ranked = sorted(((weight, -at) for at, weight in weights.items()), reverse=True)
    if not ranked:
        return -1, 0.0, 0.0
    return -ranked[0][1], ranked[0][0], ranked[1][0] if len(ranked) > 1 else 0.0


def named_by(index: FindingIndex[ClaimText], mention: Any, position: int) -> tuple[str, str]:
    """How the words of ``mention`` name the cited finding at ``position``: ("restated" | "reported" | "", the
    words)."""
    if mention.said and (found := index.restated(mention.said)) is not None and \
            index.findings.index(found) == position:
        return "restated", mention.said
    if mention.reported and (found := index.reported(mention.reported)) is not None and \
            index.findings.index(found) == position:
        return "reported", mention.reported
    return "", ""


def properties(kind: str, mention: Any, source: ClaimText, cited: ClaimText, claims: Sequence[ClaimText],
               naming: set[int], rows: frozenset[str] = frozenset()) -> dict[str, bool]:
    """What each property says of one (link, sentence): True, a gate on it would withhold this sentence's link.
    ``rows``: the cited item's claims this item's Evidence Map rows link (any finding's)."""
    index = FindingIndex(claims)
    position = next(i for i, c in enumerate(claims) if c.number == cited.number)
    how, words = named_by(index, mention, position) if mention is not None else ("", "")
    best_at, best, runner_up = lead(index, words) if words else (-1, 0.0, 0.0)
    said = {stem(w) for w in words.split()}
    total = float(sum(1 for word in said if index.holders.get(word)))  # each known word spreads 1 over its holders
    matched = kind.split()[1] not in STATED
    used = (said_there(mention, kind.startswith("restated")) if mention is not None else frozenset()) & cited.content()
    used = used - frozenset().union(*(c.content() for c in claims if c.number != cited.number))
    fit = weighed(claims, source.content())
    best_fit = max(fit.values(), default=0)
    return {
        "restate-lead<2": how == "restated" and best < 2 * runner_up,
        "report-lead<3": how == "reported" and best < 3 * runner_up,
        "claim-unsaid": bool(how) and not index.claims[position] & said,
        "spread": bool(how) and best_at == position and total > 0 and best < 0.4 * total,
        "source-fit<1/2": matched and 2 * fit.get(cited.number, 0) < best_fit,
        "source-not-best": matched and fit.get(cited.number, 0) < best_fit,
        "not-named-here": matched and bool(naming) and source.number not in naming,
        "use-unsaid": matched and bool(used) and not used & source.content(),
        "row-omits": matched and not kind.endswith(" row") and bool(rows) and cited.key not in rows,
    }


def resolver(slugs: set[str]) -> Callable[[str], str | None]:
    """A mention's target (a slug, or an undated suffix fitting one item) -> the slug."""
    def resolve(target: str) -> str | None:
        if target in slugs:
            return target
        fits = [slug for slug in slugs if slug.endswith(target)]
        return fits[0] if len(fits) == 1 else None
    return resolve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--items", type=Path, help="build the items of this folder (default: the research corpus)")
    parser.add_argument("--labels", type=Path, nargs="+", default=LABELS)
    parser.add_argument("--split", type=datetime.date.fromisoformat, default=datetime.date(2026, 5, 1))
    parser.add_argument("--list", action="store_true", help="print each link, its sentences' properties and verdicts")
    parser.add_argument("--pairs", action="store_true", help="also print each two properties' conjunction (a gate on both)")
    args = parser.parse_args()
    planned, texts, items = build(args.shared, args.items, Path(tempfile.mkdtemp(prefix="kgsync-margins-")))
    resolve = resolver(set(items))
    readings = {path.name: read_verdicts(path) for path in args.labels}
    # (from, to) -> the properties every sentence stating the link has, and whether the citing item is a later one
    touched: dict[tuple[str, str], tuple[set[str], bool]] = {}
    for slug, links in sorted(planned.links.items()):
        text = texts[slug]
        by_number = {claim.number: claim for claim in text.claims}
        naming = entries_naming(items[slug], text.mentions, resolve)
        for link in links:
            rows = frozenset(c.key for c in texts[link.target_slug].claims for other in links
                             if other.target_slug == link.target_slug and other.kind.endswith(" row")
                             and claim_name(link.target_slug, c.key) == other.target_claim)
            source = by_number[link.source_number]
            claims = texts[link.target_slug].claims
            cited = next(c for c in claims if claim_name(link.target_slug, c.key) == link.target_claim)
            here = [m for m in text.mentions if m.line == link.line and link.target_slug.endswith(m.target)]
            # the mention naming the cited finding by its number, else the one naming it by its words
            mention = next((m for m in here if m.finding == cited.number),
                           next((m for m in here if not m.finding and (m.said or m.reported)), None))
            said = properties(link.kind, mention, source, cited, claims, naming.get(link.target_slug, set()), rows)
            pair = (claim_name(slug, source.key), link.target_claim)
            fired = {name for name, fires in said.items() if fires}
            later = items[slug].completed >= args.split.isoformat()
            held = touched.get(pair)
            touched[pair] = (fired if held is None else held[0] & fired, later)
            if args.list:
                verdicts = "/".join(v.get(pair, "-") for v in readings.values())
                print(f"{verdicts}\t{slug}:{link.line}\t{link.kind}\tKF{source.number} -> KF{cited.number}\t"
                      f"{','.join(sorted(fired)) or '-'}")
    print(f"claim links planned: {len(touched)} (from, to) pairs; a gate withholds a link when every sentence "
          "stating it has the property")
    for name, verdicts in readings.items():
        counts: Counter[tuple[str, str, str]] = Counter()
        for pair, (fired, later) in touched.items():
            half = "later" if later else "research"
            for prop in fired:
                counts[(prop, half, verdicts.get(pair, "unread"))] += 1
        print(f"\n{name}: links each gate would withhold, right / wrong (unsure, unread), research and later apart\n")
        print("| property | research right / wrong | later right / wrong | unsure, unread | more wrong than right "
              "on each half it touches |\n|---|---|---|---|---|")
        gates = [*PROPERTIES, *(f"{a} & {b}" for a, b in combinations(PROPERTIES, 2))] if args.pairs else PROPERTIES
        for pair, (fired, later) in touched.items():
            for a, b in combinations(sorted(fired), 2):
                counts[(f"{a} & {b}" if PROPERTIES.index(a) < PROPERTIES.index(b) else f"{b} & {a}",
                        "later" if later else "research", verdicts.get(pair, "unread"))] += 1
        for prop in gates:
            if " & " in prop and not any(counts[(prop, h, v)] for h in ("research", "later")
                                         for v in ("right", "wrong", "unsure", "unread")):
                continue  # a conjunction no link has
            cells, passes, gains = [], True, False
            for half in ("research", "later"):
                right, wrong = counts[(prop, half, "right")], counts[(prop, half, "wrong")]
                cells.append(f"{right} / {wrong}")
                passes = passes and (wrong > right or right == wrong == 0)  # a half it does not touch is no loss
                gains = gains or wrong > right
            passes = passes and gains
            other = sum(counts[(prop, half, v)] for half in ("research", "later") for v in ("unsure", "unread"))
            print(f"| {prop} | {cells[0]} | {cells[1]} | {other} | {'yes' if passes else 'no'} |")


if __name__ == "__main__":
    main()
