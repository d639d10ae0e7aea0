"""Field frames and several-sense compounds, and their scoring (``bench/bench_field_frames.py``, issue 21, names149)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.bench_field_frames import (
    Label,
    Node,
    field_change,
    field_frames,
    graph_nodes,
    is_several_sense_compound,
    missed,
    read_labels,
    score,
)

SENSES = {"mode": 6, "failure": 7, "chain": 10, "supply": 3, "supply_chain": 1, "graph": 1, "knowledge": 1,
          "time": 10, "query": 2}


def _graph() -> list[str]:
    records = [
        {"type": "entity", "name": "method:machine-learning", "entityType": "method", "observations": ["alias:ML"]},
        {"type": "entity", "name": "concept:failure-mode", "entityType": "concept", "observations": []},
        {"type": "entity", "name": "item:2026-01-01-a", "entityType": "item", "observations": []},
        {"type": "relation", "from": "item:2026-01-01-a", "to": "method:machine-learning", "relationType": "uses_method"},
        {"type": "relation", "from": "claim:2026-01-02-b:x", "to": "method:machine-learning", "relationType": "about"},
    ]
    return [json.dumps(r) for r in records]


def test_graph_nodes_read_names_aliases_and_linking_items_and_claims() -> None:
    nodes = graph_nodes(_graph())
    assert set(nodes) == {"method:machine-learning", "concept:failure-mode"}
    assert nodes["method:machine-learning"] == Node("method", frozenset({"machine learning", "ml"}),
                                                    frozenset({"2026-01-01-a", "2026-01-02-b"}))
    assert nodes["concept:failure-mode"].items == frozenset()


@pytest.mark.parametrize(("text", "found"), [
    ("open ml literature limits it", ["ml literature"]),
    ("advances in machine learning are", ["advances in machine learning"]),
    ("html research", []),  # "ml" inside a word is no mention
    ("ml approaches and ml models", []),
])
def test_field_frames(text: str, found: list[str]) -> None:
    assert field_frames(text, ["machine learning", "ml"]) == found


def test_a_way_of_doing_role_guards_the_change_and_concepts_are_never_retyped() -> None:
    node = Node("method", frozenset({"ml"}), frozenset({"a", "b"}))
    texts = {"a": "the ml research shows", "b": "we compare models"}
    assert field_change(node, texts, guarded=True) == ["ml research"]
    assert field_change(node, {**texts, "b": "we apply ml to scoring"}, guarded=True) is None
    assert field_change(node, {**texts, "b": "we apply ml to scoring"}, guarded=False) == ["ml research"]
    assert field_change(Node("concept", node.runs, node.items), texts, guarded=False) is None


@pytest.mark.parametrize(("key", "admitted"), [
    ("failure-mode", True),
    ("failure-modes", True),  # a plural head read as its singular
    ("supply-chain", False),  # a WordNet lemma
    ("knowledge-graph", False),  # a one-sense head
    ("query-time", False),  # a two-sense modifier
    ("large-language-model", False),  # three words
])
def test_several_sense_compound(key: str, admitted: bool) -> None:
    assert is_several_sense_compound(key, SENSES) is admitted


def test_scoring_and_missed_faults(tmp_path: Path) -> None:
    path = tmp_path / "labels.tsv"
    path.write_text("# a comment\nnode\tverdict\ttype\tnote\nmethod:machine-learning\tidea\tconcept\tfield\n"
                    "method:rag\tidea\tmethod\t\nmethod:rl\tidea\teither\t\nconcept:failure-mode\tgeneric\tconcept\t\n",
                    encoding="utf-8")
    labels = read_labels([path])
    assert labels["method:rl"] == Label("idea", "either")
    assert score("field:whole", ["method:machine-learning", "method:rag", "method:rl", "method:x"], labels) == (1, 1, 1)
    assert score("compound", ["concept:failure-mode", "method:rag"], labels) == (1, 1, 0)
    nodes = graph_nodes(_graph())
    assert missed("field:dense", [], nodes, labels) == ["method:machine-learning"]
    assert missed("compound", ["concept:failure-mode"], nodes, labels) == []
    assert missed("compound", [], nodes, labels) == ["concept:failure-mode"]
