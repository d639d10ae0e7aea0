"""Which "that" the report rule reads: ``restated.reported_words`` against hand labels.

    .venv/bin/python bench/bench_reports.py LABELS.tsv [--shared ../shared] [--list]

LABELS is a file like ``bench/labels/desc57_engineer_research.tsv``: one row per "that" after a noun phrase
naming or citing earlier work (``at`` file:line, ``that`` "<sentence on the line>.<"that" in the sentence>", the
words before it, a label report / relative / other).  For each row the labelled "that" is found again (the line
split into sentences at ". X", the words counted as the labels' search counted them) and the rule is asked
whether it reads a report there (``reads_report_at``: what ``reported_words`` reports starts right after it).

Prints, per label, how many rows the rule read as a report (kept) and how many it did not (refused): reports
kept are its recall, relatives and others refused its precision's complement.  ``--list`` prints the rows where
the rule and the label disagree.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kgsync.extract.restated import reported_words  # noqa: E402

#: How the labels' search split a line into sentences and a sentence into words.
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z\[*`(\"])")
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\u2019./_-]*|[;:]")
LABELS = ("report", "relative", "other")


def that_span(sentence: str, nth: int) -> tuple[int, int] | None:
    """Where the ``nth`` (from 0) word "that" of ``sentence`` is, as the labels' search counted words."""
    seen = 0
    for match in WORD.finditer(sentence):
        word = match.group().lower().rstrip(".").removesuffix("'s").removesuffix("\u2019s")
        if word == "that":
            if seen == nth:
                start = match.start()
                return start, start + 4
            seen += 1
    return None


#: A word no sentence holds, put right after the labelled "that" to see whether what the rule reports starts there.
MARK = "zqxjmark"


def reads_report_at(sentence: str, span: tuple[int, int]) -> bool:
    """Does the rule read the "that" at ``span`` as opening a report?  It does when a word put right after that
    "that" is in what it reports, and is not once that "that" is spelt otherwise (else an earlier "that" opened
    a report holding this one)."""
    start, end = span
    marked = reported_words(sentence[:end] + f" {MARK}" + sentence[end:]).split()
    unthat = reported_words(sentence[:start] + f"thet {MARK}" + sentence[end:]).split()
    return MARK in marked and MARK not in unthat


def sentence_at(corpora: list[Path], at: str, index: int) -> str:
    """The ``index``-th sentence of the line ``at`` ("file.md:line") names, in the first corpus holding it."""
    name, _, line = at.rpartition(":")
    for corpus in corpora:
        path = corpus / name
        if path.exists():
            text = path.read_text(encoding="utf-8").split("\n")[int(line) - 1].strip()
            return SENTENCE_BREAK.split(text)[index]
    raise FileNotFoundError(f"{at}: no corpus under {[str(c) for c in corpora]} holds {name}")


def measure(rows: list[dict[str, str]], corpora: list[Path]) -> tuple[Counter[tuple[str, bool]], list[str]]:
    """Per (label, read as a report): how many rows; and the rows where rule and label disagree."""
    counts: Counter[tuple[str, bool]] = Counter()
    disagree: list[str] = []
    for row in rows:
        sentence_index, nth = (int(part) for part in row["that"].split("."))
        sentence = sentence_at(corpora, row["at"], sentence_index)
        span = that_span(sentence, nth)
        if span is None:
            raise ValueError(f"{row['at']}: sentence {sentence_index} has no 'that' number {nth}")
        read = reads_report_at(sentence, span)
        counts[row["label"], read] += 1
        if read != (row["label"] == "report"):
            disagree.append(f"{row['at']}@{row['that']}\t{row['label']}\t{'kept' if read else 'refused'}\t"
                            f"{row['words']}")
    return counts, disagree


def read_labels(path: Path) -> list[dict[str, str]]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:]]
    unknown = {row["label"] for row in rows} - set(LABELS)
    if unknown:
        raise ValueError(f"{path}: labels {sorted(unknown)} are none of {LABELS}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("labels", type=Path)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--list", action="store_true", help="print the rows where rule and label disagree")
    args = parser.parse_args()
    corpora = [args.shared / "corpus" / "research", args.shared / "corpus" / "later"]
    counts, disagree = measure(read_labels(args.labels), corpora)
    for label in LABELS:
        kept, refused = counts[label, True], counts[label, False]
        print(f"{label:9} {kept + refused:4} rows: read as a report {kept:4}, refused {refused:4}")
    read = sum(n for (_, was_read), n in counts.items() if was_read)
    right = counts["report", True]
    print(f"precision of what the rule reads: {right}/{read}" + (f" = {right / read:.3f}" if read else ""))
    if args.list:
        print("\n".join(disagree))


if __name__ == "__main__":
    main()
