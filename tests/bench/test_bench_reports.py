"""Which "that" the report rule reads, against hand labels (``bench/bench_reports.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_reports import measure, read_labels, reads_report_at, that_span

LINE = ("- [fact; source: https://example.com/2026-01-01-prior.md] The prior item found that Copilot Studio stays "
        "bypassable. The prior item defines a search layer that keeps Copilot Studio bypassable.")


def test_the_labelled_that_is_found_as_the_labels_search_counted_words() -> None:
    sentence = "Work found that the item that ships is that one."
    assert [that_span(sentence, n) for n in range(3)] == [(11, 15), (25, 29), (39, 43)]
    assert that_span(sentence, 3) is None


def test_the_rule_reads_the_that_opening_its_report_not_one_inside_it() -> None:
    sentence = "The prior item found that a layer that ships keeps Copilot Studio bypassable."
    first, second = that_span(sentence, 0), that_span(sentence, 1)
    assert first is not None and second is not None
    assert reads_report_at(sentence, first)
    assert not reads_report_at(sentence, second)  # inside the report, not where it starts


def test_rows_are_counted_by_label_and_by_what_the_rule_read(tmp_path: Path) -> None:
    corpus = tmp_path / "research"
    corpus.mkdir()
    (corpus / "2026-02-01-citing.md").write_text(f"---\ntitle: x\n---\n\n{LINE}\n", encoding="utf-8")
    labels = tmp_path / "labels.tsv"
    labels.write_text("# who, when\nat\tthat\twords\tlabel\tnote\n"
                      "2026-02-01-citing.md:5\t0.0\titem found that\treport\t\n"
                      "2026-02-01-citing.md:5\t1.0\tlayer that\trelative\t\n"
                      "2026-02-01-citing.md:5\t1.0\tlayer that\treport\twrong on purpose\n", encoding="utf-8")
    counts, disagree = measure(read_labels(labels), [corpus])
    assert counts == {("report", True): 1, ("relative", False): 1, ("report", False): 1}
    assert disagree == ["2026-02-01-citing.md:5@1.0\treport\trefused\tlayer that"]


def test_an_unknown_label_or_a_missing_that_is_an_error(tmp_path: Path) -> None:
    corpus = tmp_path / "research"
    corpus.mkdir()
    (corpus / "2026-02-01-citing.md").write_text(f"---\ntitle: x\n---\n\n{LINE}\n", encoding="utf-8")
    labels = tmp_path / "labels.tsv"
    labels.write_text("at\tthat\twords\tlabel\tnote\n2026-02-01-citing.md:5\t0.0\tx\treported\t\n", encoding="utf-8")
    with pytest.raises(ValueError, match="reported"):
        read_labels(labels)
    labels.write_text("at\tthat\twords\tlabel\tnote\n2026-02-01-citing.md:5\t0.4\tx\treport\t\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no 'that' number 4"):
        measure(read_labels(labels), [corpus])
