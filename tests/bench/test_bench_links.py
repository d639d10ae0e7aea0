"""A blind reading's rows as verdicts on a graph's claim-to-claim links (``bench/bench_links.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_links import claim_links, judge, read_labels, score

A, B, C = "claim:2026-01-02-new:a", "claim:2026-01-01-old:b", "claim:2026-01-01-old:c"
HEADER = "id\trelation\tfrom\tto\tverdict\tshould_be\tnote\treader_relation"


def labels(tmp_path: Path, *rows: str) -> Path:
    path = tmp_path / "reading.tsv"
    path.write_text("\n".join(["# a reading", HEADER, *rows]) + "\n", encoding="utf-8")
    return path


def graph(tmp_path: Path, *links: tuple[str, str, str]) -> Path:
    path = tmp_path / "memory.jsonl"
    path.write_text("\n".join(json.dumps({"type": "relation", "from": f, "to": t, "relationType": r})
                              for f, t, r in links), encoding="utf-8")
    return path


def test_a_verdict_judges_the_relation_the_reader_read_not_the_column(tmp_path: Path) -> None:
    # The graph read had supports; the reader, shown no relation, judged the pair as extends and right.
    read = read_labels(labels(tmp_path, f"9\tsupports\t{A}\t{B}\tright\t\tderived\textends"))
    assert judge("extends", read[A, B]) == "right"
    assert judge("supports", read[A, B]) == "wrong"


def test_without_a_reader_relation_the_column_is_the_relation_read(tmp_path: Path) -> None:
    read = read_labels(labels(tmp_path, f"1\textends\t{A}\t{B}\twrong-relation\tsupports\tindependent\t"))
    assert judge("extends", read[A, B]) == "wrong"
    assert judge("supports", read[A, B]) == "right"


def test_a_dropped_link_is_counted_by_what_the_reader_said_of_it(tmp_path: Path) -> None:
    read = read_labels(labels(
        tmp_path,
        f"1\textends\t{A}\t{B}\twrong-finding\t\tneighbouring finding\t",
        f"2\textends\t{A}\t{C}\tnone\t\tbackground fact\t",
    ))
    outcomes, dropped = score(claim_links(graph(tmp_path, (A, "claim:x:y", "extends"))), read)
    assert dropped == {"the wrong finding": 1, "none": 1}
    assert outcomes == {("extends", "unread"): 1}


def test_a_wrong_stance_verdict_says_the_link_should_be_supports(tmp_path: Path) -> None:
    # reader120's verdict for an extends link whose text says the two findings agree
    read = read_labels(labels(tmp_path, f"9\textends\t{A}\t{B}\twrong-stance\t\tthe text says they agree\t"))
    assert (judge("extends", read[A, B]), judge("supports", read[A, B])) == ("wrong", "right")
