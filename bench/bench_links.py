"""Claim-to-claim links against a blind reader's verdicts: precision with its count.

    .venv/bin/python bench/bench_links.py GRAPH [--labels FILE ...]

GRAPH: a ``memory.jsonl`` (e.g. the research corpus's, built by ``kgsync build``).  Labels: the
readings ``bench/labels/reading_links_*.tsv`` (columns relation, from, to, verdict, should_be,
why; ``#`` lines are comments; ``reader_relation``, where a reader shown no relation column wrote the
relation they judged, is the relation the verdict is about), written by a reader who saw the items and
the graph, not the code.  Each reading judged the links of one graph; this script scores another graph's
claim-to-claim links (``supports``, ``contradicts``, ``extends`` between claims) against them:

* a link whose (from, to) pair the reading judged is *right* when the reading says the pair's
  relation is this link's relation (verdict ``right`` for the relation read, or ``should_be``
  naming this relation), *wrong* when it names another relation or none, *unsure* when the
  reader was unsure and named no relation this link has;
* a link whose pair no reading judged is *unread* (counted apart: a new link needs a new reading);
* a judged link the graph no longer has is *dropped*, counted by what the reader said it should be
  (a relation, none, or the wrong finding).

Prints, per relation, right / judged = precision, and the unread and dropped counts.  With
several label files each is scored apart and then pooled (a pair read twice keeps its first
reading).  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import csv
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLAIM_LINKS = ("supports", "contradicts", "extends")


@dataclass(frozen=True)
class Reading:
    relation: str
    verdict: str  # right / wrong / unsure
    should_be: str  # a relation or "none"; empty when the verdict is right


Labels = dict[tuple[str, str], tuple[Reading, ...]]

# What a wrong verdict with no should_be says of the pair (a reading's verdict column).
# reader120 (the thirty-fifth round's end reading) wrote "wrong-stance" for an ``extends`` link whose text says the two
# findings agree: "the link should be `supports`, not `extends`" (its summary).
_NO_RELATION_SAID: dict[str, str] = {"wrong-finding": "the wrong finding", "none": "none", "wrong-stance": "supports"}


def read_labels(path: Path) -> Labels:
    """(from, to) -> the reader's verdicts on the links the read graph had between them (a pair
    may have held two relations, each read)."""
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    out: dict[tuple[str, str], tuple[Reading, ...]] = {}
    for row in csv.DictReader(rows, delimiter="\t"):
        pair = (row["from"], row["to"])
        # A reader who was not shown the relation column wrote the one they judged in reader_relation
        # (the twenty-eighth reading): the verdict is about that relation, not the graph's.
        judged = row.get("reader_relation") or row["relation"]
        out[pair] = (*out.get(pair, ()), Reading(judged, row["verdict"], row.get("should_be") or ""))
    return out


def claim_links(graph: Path) -> dict[tuple[str, str], set[str]]:
    """(from, to) -> the claim-to-claim relation types the graph writes between them."""
    out: dict[tuple[str, str], set[str]] = {}
    for line in graph.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if (record.get("type") == "relation" and record["relationType"] in CLAIM_LINKS
                and record["from"].startswith("claim:") and record["to"].startswith("claim:")):
            out.setdefault((record["from"], record["to"]), set()).add(record["relationType"])
    return out


def judge(relation: str, readings: tuple[Reading, ...]) -> str:
    """right / wrong / unsure for a link of ``relation`` on a pair the reader judged: by the
    reading of that relation when there is one, else by what the reader said the pair should be."""
    reading = next((r for r in readings if r.relation == relation), readings[0])
    if reading.verdict == "unsure":
        return "unsure"
    if reading.verdict == "right":
        return "right" if relation == reading.relation else "wrong"
    return "right" if (reading.should_be or _NO_RELATION_SAID.get(reading.verdict, "")) == relation else "wrong"


def score(links: dict[tuple[str, str], set[str]], labels: Labels) -> tuple[Counter[tuple[str, str]], Counter[str]]:
    """(relation, outcome) counts over the graph's links, and the judged pairs it no longer links
    by what the reader said they should be."""
    outcomes: Counter[tuple[str, str]] = Counter()
    for pair, relations in sorted(links.items()):
        for relation in sorted(relations):
            judged = labels.get(pair)
            outcomes[relation, "unread" if judged is None else judge(relation, judged)] += 1
    dropped: Counter[str] = Counter()
    for pair, readings in labels.items():
        for reading in readings:
            if reading.relation not in links.get(pair, ()):
                said = reading.should_be or _NO_RELATION_SAID.get(reading.verdict, "unsure")
                dropped[reading.relation if reading.verdict == "right" else said] += 1
    return outcomes, dropped


def report(title: str, outcomes: Counter[tuple[str, str]], dropped: Counter[str]) -> None:
    print(f"\n{title}\n")
    print("| relation | right / judged | precision | unsure | unread |")
    print("|---|---|---|---|---|")
    for relation in CLAIM_LINKS:
        right, wrong = outcomes[relation, "right"], outcomes[relation, "wrong"]
        judged = right + wrong
        share = f"{right / judged:.2f}" if judged else "-"
        print(f"| {relation} | {right} / {judged} | {share} | {outcomes[relation, 'unsure']} | {outcomes[relation, 'unread']} |")
    if dropped:
        said = ", ".join(f"{n} the reader called {what}" for what, n in sorted(dropped.items()))
        print(f"\njudged links this graph no longer has: {sum(dropped.values())} ({said})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("graph", type=Path)
    parser.add_argument("--labels", type=Path, nargs="+",
                        default=sorted((ROOT / "bench" / "labels").glob("reading_links_*.tsv")))
    args = parser.parse_args()
    links = claim_links(args.graph)
    pooled: Labels = {}
    for path in args.labels:
        labels = read_labels(path)
        report(path.name, *score({p: r for p, r in links.items() if p in labels}, labels))
        for pair, readings in labels.items():
            pooled.setdefault(pair, readings)
    report("all readings pooled (and the graph's unread links)", *score(links, pooled))


if __name__ == "__main__":
    main()
