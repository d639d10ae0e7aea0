"""Which finding takes a cited passage up: candidate text properties of a claim link's FROM end, against readings.

    .venv/bin/python bench/bench_from_ends.py [--shared ../shared] [--items DIR] [--labels FILE ...] [--list]

Issue 21 part 1, the wrong-from links: a citation whose cited finding is sure (a number, a restatement) but whose
citing finding is only a word match (``evidence_kinds.link_kind``'s second word ``clear-match``, ``best-match``,
``fed``, ``named``), so the link may start from a finding that does not take the passage up.  Builds the corpus
(``--items DIR``: e.g. ``/work/base/c273``) with this checkout's code and the corpus's theme vocabulary, keeps the
evidence plan, and for every such (link, sentence) outside an Evidence Map row or a finding's own entry prints what
each candidate property says, then, per reading (``bench/labels/reading_links_*.tsv``), how many right and wrong
links each property would change.  The properties (each a general property of the citing item's text):

* ``title-other``: the title of the sub-question block holding a numbered citation clearly states (the trust bar,
  ``evidence_blocks.block_user``) another finding than the link's: relink from it;
* ``title-none``: the title clearly states no finding: no claim link;
* ``title-unstated``: some title word no finding of the item states, and the link's finding shares no title word
  (words compared by their first five letters, so "dictate" meets "dictation");
* ``subject-elsewhere``: the cited finding's subject (the words of its claim key) is stated by no word of the link's
  finding, but by another finding of the item.

Not a test: it prints figures.  A property that changes more right links than wrong ones is no gain.
"""

from __future__ import annotations

import argparse
import csv
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.contract.model import claim_name  # noqa: E402
from kgsync.extract.evidence_blocks import block_user  # noqa: E402
from kgsync.extract.evidence_model import ClaimText, content_words  # noqa: E402
from kgsync.pipeline import assembling, stages  # noqa: E402
from kgsync.read import config as config_module  # noqa: E402

LABELS = [ROOT / "bench" / "labels" / name for name in (
    "reading_links_2026-12-07_thirtyseventh_c273_all.tsv", "reading_links_2026-12-06_thirtysixth_c273_all.tsv",
    "reading_links_2026-12-06_thirtyfifth_c273_all.tsv")]
#: The link kinds whose citing finding only a word match says (``evidence_kinds.link_kind``'s second word).
MATCHED = ("clear-match", "best-match", "fed", "named")


def stem(word: str) -> str:
    """A word's first five letters: "dictate" and "dictation" meet (a trial's measure, no lexicon's)."""
    return word[:5]


def stems(words: Sequence[str] | frozenset[str]) -> set[str]:
    """The first five letters of each word (``stem``)."""
    return {stem(w) for w in words}


def properties(block: str, source: ClaimText, cited: ClaimText, claims: Sequence[ClaimText]) -> dict[str, bool]:
    """What each candidate property says of one (link, sentence): True, it would change the link."""
    title = block.split()
    user = block_user(block, claims) if block else None
    stated = {stem(w) for claim in claims for w in claim.content()}
    subject = stems(content_words(cited.key.replace("-", " ")))
    others = {stem(w) for claim in claims if claim.number != source.number for w in claim.content()}
    return {
        "title-other": user is not None and user.number != source.number,
        "title-none": bool(title) and user is None,
        "title-unstated": bool(title) and any(stem(w) not in stated for w in title) and not stems(title) & stems(source.content()),
        "subject-elsewhere": bool(subject) and not subject & stems(source.content()) and bool(subject & others),
    }


def build(shared: Path, items_dir: Path | None, work: Path) -> tuple[Any, Any, dict[str, Any]]:
    """The evidence plan of a build of ``items_dir`` (default: the research items), the texts it read, the items."""
    captured: list[tuple[Any, Any, dict[str, Any]]] = []
    original = assembling.plan_evidence

    def keep(*args: Any) -> Any:
        planned = original(*args)
        captured.append((planned, args[1], {item.slug: item for item in args[0]}))
        return planned

    assembling.plan_evidence = keep  # type: ignore[assignment]
    corpus = shared / "corpus"
    cfg = config_module.load(ROOT).with_overrides(
        items=str(items_dir or corpus / "research"), graph=str(work / "graph.jsonl"), cache_dir="",
        themes_vocabulary=str(corpus / "themes-vocabulary.md"), vocabulary="")
    stages.build(cfg)
    return captured[-1]


def read_verdicts(path: Path) -> dict[tuple[str, str], str]:
    """(from, to) -> the reading's verdict, "wrong" for every wrong-… kind."""
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    return {(row["from"], row["to"]): "right" if row["verdict"] == "right" else "wrong" if row["verdict"].startswith("wrong")
            else "unsure" for row in csv.DictReader(rows, delimiter="\t")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--items", type=Path)
    parser.add_argument("--labels", type=Path, nargs="+", default=LABELS)
    parser.add_argument("--list", action="store_true", help="print every (link, sentence) read and what each property says")
    args = parser.parse_args()
    planned, texts, _ = build(args.shared, args.items, Path(tempfile.mkdtemp(prefix="kgsync-from-")))
    readings = {path.name: read_verdicts(path) for path in args.labels}
    fired: dict[str, Counter[tuple[str, str]]] = {name: Counter() for name in readings}
    read = 0
    for slug, links in sorted(planned.links.items()):
        text = texts[slug]
        by_number: dict[int, ClaimText] = {claim.number: claim for claim in text.claims}
        for link in links:
            how, shape = link.kind.split()[1], link.kind.split()[-1]
            if how not in MATCHED or shape == "row":
                continue
            source = by_number[link.source_number]
            cited = next(c for c in texts[link.target_slug].claims if claim_name(link.target_slug, c.key) == link.target_claim)
            block = next((m.block for m in text.mentions if m.line == link.line and m.block), "")
            said = properties(block, source, cited, text.claims)
            pair = (claim_name(slug, source.key), link.target_claim)
            read += 1
            for name, verdicts in readings.items():
                verdict = verdicts.get(pair, "unread")
                for prop, fires in said.items():
                    if fires:
                        fired[name][(prop, verdict)] += 1
            if args.list:
                verdicts_said = "/".join(verdicts.get(pair, "-") for verdicts in readings.values())
                print(f"{slug}:{link.line}\t{link.kind}\tKF{source.number} -> {cited.key}\tblock=[{block}]\t"
                      f"{','.join(p for p, f in said.items() if f) or '-'}\t{verdicts_said}")
    print(f"(link, sentence) pairs whose citing finding only a word match says, outside rows and entries: {read}")
    for name, counts in fired.items():
        print(f"\n{name}: what each property would change (right / wrong / unsure / unread sentences)\n")
        print("| property | right | wrong | unsure | unread |\n|---|---|---|---|---|")
        for prop in ("title-other", "title-none", "title-unstated", "subject-elsewhere"):
            print(f"| {prop} | " + " | ".join(str(counts[(prop, v)]) for v in ("right", "wrong", "unsure", "unread")) + " |")


if __name__ == "__main__":
    main()
