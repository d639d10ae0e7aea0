"""Precision and recall of the near-duplicate pairs lint shows, against labels (``bench/neardup_labels.py``)."""

from __future__ import annotations

from pathlib import Path

from bench.neardup_labels import main, read_labels, report
from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph


def test_labels_are_read_sorted_and_comments_skipped(tmp_path: Path) -> None:
    path = tmp_path / "labels.tsv"
    path.write_text("# a comment\nconcept:b\tconcept:a\tmerge\tone idea\n\nconcept:c\tconcept:d\tkeep_apart\ttwo\n")
    assert read_labels([path]) == {("concept:a", "concept:b"): "merge", ("concept:c", "concept:d"): "keep_apart"}


def test_precision_counts_the_labelled_pairs_shown_and_recall_the_merges_of_one_type() -> None:
    labels = {("concept:a", "concept:b"): "merge", ("concept:c", "concept:d"): "keep_apart",
              ("concept:e", "concept:f"): "merge", ("concept:x", "method:x"): "merge"}
    shown = [("concept:a", "concept:b"), ("concept:c", "concept:d"), ("concept:g", "concept:h")]
    names = {"concept:a", "concept:b", "concept:c", "concept:d", "concept:e", "concept:f", "concept:x", "method:x"}
    lines = report(shown, labels, names)
    assert lines[:3] == ["merge\tconcept:a\tconcept:b", "keep_apart\tconcept:c\tconcept:d",
                         "unlabelled\tconcept:g\tconcept:h"]
    assert lines[3] == "precision: 1 of 2 labelled pairs shown are merges (1 shown unlabelled)"
    assert lines[4] == "recall: 1 of 2 labelled merges of one type shown (and 1 across types, never compared)"


def test_from_a_graph_file(tmp_path: Path, capsys: object) -> None:
    graph = Graph((Entity("concept:vector-search", "concept"), Entity("concept:vector-searches", "concept")))
    jsonl.write(tmp_path / "g.jsonl", graph)
    (tmp_path / "l.tsv").write_text("concept:vector-search\tconcept:vector-searches\tmerge\tnumber\n")
    assert main([str(tmp_path / "g.jsonl"), str(tmp_path / "l.tsv")]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "precision: 1 of 1" in out and "recall: 1 of 1" in out
