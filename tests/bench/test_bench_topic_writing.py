"""How items write a shared topic, and the removal variants scored on it (``bench/bench_topic_writing.py``, issue 21, generic186)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.bench_topic_writing import (
    VARIANTS,
    Writing,
    forms_of,
    frame_share,
    good_share,
    main,
    read_labels,
    subject_text,
    topic_nodes,
    writing,
)

ITEM = """---
title: "Query-time enforcement of policies"
---

# Query-time enforcement

## Research Question

How is policy enforced at query time?

## Findings

The engine runs query-time inference. The throughput of the queue is low, and enforcement happens at query time.
"""


def test_forms_of_keeps_the_key_its_spelling_aliases_and_plurals() -> None:
    forms = forms_of("query time", ["Query-time", "QT"])
    assert {"query time", "query-time", "query times", "query-times"} <= forms
    assert "qt" not in forms


def test_subject_text_reads_the_title_and_the_question() -> None:
    text = subject_text(ITEM)
    assert "query-time enforcement of policies" in text and "at query time" in text
    assert "queue" not in text


def test_writing_counts_heads_modifiers_complements_and_the_subject() -> None:
    w = writing(ITEM, forms_of("query time", []))
    # "Query-time enforcement" (title heading) and "query-time inference" before a noun; "at query time?" and
    # "at query time." heads; the frontmatter title's "Query-time enforcement" before a noun
    assert w.heads == 2 and w.modifiers == 3 and w.subject
    throughput = writing(ITEM, forms_of("throughput", []))
    assert throughput == Writing(heads=1, modifiers=0, complements=1, subject=False)
    assert throughput.mentions == 1


def test_the_variants_read_the_node_floor_and_the_shares() -> None:
    head_any, head_most, no_subject, complement = VARIANTS.values()
    two_heads = [Writing(1, 5, 0, False), Writing(2, 0, 0, False), Writing(0, 3, 0, False)]
    assert head_any(two_heads) and head_most(two_heads) and no_subject(two_heads) and not complement(two_heads)
    three = [Writing(3, 1, 1, True)] * 3
    assert not head_any(three) and not head_most(three) and not no_subject(three) and complement(three)


def test_labels_and_shares(tmp_path: Path) -> None:
    labels = tmp_path / "labels.tsv"
    labels.write_text("# header\npopulation\tkey\tverdict\twhy\nnew\tregistry\tgeneric\tx\nnew\tguardrail\tidea\ty\n"
                      "old\tregistry\tidea\tz\nnew\ttraceability\teither\tw\n")
    assert read_labels(labels, "new") == {"registry": "generic", "guardrail": "idea", "traceability": "either"}
    assert good_share(["generic", "idea", "either", "named"]) == (2, 3)


def _corpus(tmp_path: Path) -> tuple[Path, Path]:
    folder = tmp_path / "items"
    folder.mkdir()
    (folder / "2026-01-01-a.md").write_text(ITEM)
    records = [
        {"type": "entity", "name": "concept:query-time", "entityType": "concept", "observations": ["alias:query time"]},
        {"type": "entity", "name": "concept:throughput", "entityType": "concept", "observations": []},
        {"type": "relation", "from": "item:2026-01-01-a", "to": "concept:query-time", "relationType": "addresses"},
        {"type": "relation", "from": "item:2026-01-01-a", "to": "concept:throughput", "relationType": "addresses"},
    ]
    graph = tmp_path / "memory.jsonl"
    graph.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    (tmp_path / "memory.kgsync.json").write_text(json.dumps({"topics": ["query time", "throughput", "absent"],
                                                             "hubs": []}))
    labels = tmp_path / "labels.tsv"
    labels.write_text("p\tquery time\tgeneric\tx\np\tthroughput\tidea\ty\n")
    return graph, labels


def test_topic_nodes_finds_the_node_of_each_key(tmp_path: Path) -> None:
    graph, _labels = _corpus(tmp_path)
    nodes = topic_nodes(graph)
    assert set(nodes) == {"query time", "throughput"}
    assert nodes["query time"] == ("concept:query-time", frozenset({"query time"}), ("2026-01-01-a",))


def test_main_prints_each_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    graph, labels = _corpus(tmp_path)
    assert main([str(graph), str(tmp_path / "items"), "--labels", str(labels), "--population", "p", "--list"]) == 0
    out = capsys.readouterr().out
    assert "p: 2 topic and hub nodes, 2 judged, ideas or named 1/2" in out
    # one linker only: under the floor of 3, so head-any removes both (1 right, 1 wrong)
    assert "right 1 ['query time']; wrong 1 ['throughput']" in out


def test_frame_share_reads_head_mentions_apart() -> None:
    texts = {"a": "Enforced at query time. We run query-time inference and query-time joins.",
             "b": "Checked at query time, not at index time.", "c": "Costs rise at query time."}
    frame = frame_share(texts, forms_of("query time", []))
    # 5 mentions, 3 after "at": the rule's share over all mentions is 0.6; over the 3 heads, 1.0 in 3 items
    assert (frame.mentions, frame.heads, frame.head_word, frame.head_writers) == (5, 3, "at", 3)
    assert frame.share == pytest.approx(0.6) and frame.head_share == pytest.approx(1.0)
    assert frame_share({}, forms_of("query time", [])).head_share == 0.0
