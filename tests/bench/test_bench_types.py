"""Node types against labels, and the spellings of WordNet's gerund test (``bench/bench_types.py``, issue 21)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_types import DEFAULT_LABELS, gerund_forms, read_labels, score


def test_score_counts_right_wrong_and_missing() -> None:
    labels = {"vector-search": ("method", "technique"), "guardrail": ("concept", ""),
              "human-approval": ("method", "borderline: a control step"), "gone": ("concept", "")}
    types = {"vector-search": "method", "guardrail": "concept", "human-approval": "concept"}
    assert score(types, labels) == (2, [("human-approval", "concept", "method", True)], 1)


def test_labels_read_with_their_notes(tmp_path: Path) -> None:
    path = tmp_path / "labels.tsv"
    path.write_text("# comment\nname\tshould\tnote\nllm-as-judge\tmethod\tevaluation method\nyaml\tconcept\n", encoding="utf-8")
    assert read_labels(path) == {"llm-as-judge": ("method", "evaluation method"), "yaml": ("concept", "")}


def test_the_committed_labels_give_every_node_a_type() -> None:
    for path in DEFAULT_LABELS:
        assert {should for should, _note in read_labels(path).values()} == {"concept", "method"}


def test_gerund_spellings() -> None:
    assert gerund_forms("embed") == {"embeding", "embedding"}
    assert gerund_forms("tune") == {"tuning"}
    assert gerund_forms("tie") == {"tying"}
    assert gerund_forms("see") == {"seeing"}
