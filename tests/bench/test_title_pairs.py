"""The title and shared-item signals for near-duplicate pairs (``bench/title_pairs.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.title_pairs import main, read_labels, subsumed, summaries, title_pairs, title_summary_pairs, titles, where
from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph, Relation


def _graph(items: dict[str, tuple[str, str, list[str]]]) -> Graph:
    """item slug -> (title, summary, the concepts it addresses)."""
    concepts = sorted({name for _, _, names in items.values() for name in names})
    entities = [Entity(f"item:{slug}", "research_item", (f"title: {title}", f"summary: {summary}"))
                for slug, (title, summary, _) in sorted(items.items())]
    entities += [Entity(f"concept:{name}", "concept", (f"alias:{name.replace('-', ' ')}",)) for name in concepts]
    relations = [Relation(f"item:{slug}", f"concept:{name}", "addresses")
                 for slug, (_, _, names) in sorted(items.items()) for name in names]
    return Graph(tuple(entities), tuple(relations))


_ITEMS = {
    "2026-01-01-pp": ("Predictive processing: the brain as prediction machine", "On predictive processing.",
                      ["predictive-processing", "prediction-machine"]),
    "2026-01-02-pm": ("Are brains prediction machines? Comparing predictive processing", "Prediction machine talk.",
                      ["predictive-processing", "prediction-machine"]),
    "2026-06-01-kg": ("Knowledge graphs", "A knowledge graph holds triples.", ["knowledge-graph", "triple"]),
}


def test_a_title_pairs_the_nodes_of_its_two_parts_that_the_item_links() -> None:
    graph = _graph(_ITEMS)
    forms = {"predictive-processing": ("predictive processing",), "prediction-machine": ("prediction machine",),
             "knowledge-graph": ("knowledge graph",), "triple": ("triple",)}
    items = {"predictive-processing": frozenset({"2026-01-01-pp", "2026-01-02-pm"}),
             "prediction-machine": frozenset({"2026-01-01-pp"}), "knowledge-graph": frozenset({"2026-06-01-kg"})}
    found = title_pairs(forms, items, titles(graph))
    # the second item does not link prediction-machine: its title is no evidence
    assert found == {("prediction-machine", "predictive-processing"): {"2026-01-01-pp"}}


def test_a_title_and_summary_pair_names_one_node_in_each_only() -> None:
    graph = _graph(_ITEMS)
    forms = {"knowledge-graph": ("knowledge graph",), "triple": ("triple",)}
    items = {"knowledge-graph": frozenset({"2026-06-01-kg"}), "triple": frozenset({"2026-06-01-kg"})}
    assert title_summary_pairs(forms, items, summaries(graph)) == {}  # the summary names both
    items_other = {"knowledge-graph": frozenset({"2026-06-01-kg"}), "triple": frozenset({"2026-06-01-kg"})}
    texts = {"2026-06-01-kg": ("Knowledge graphs", "It holds a triple.")}
    assert title_summary_pairs(forms, items_other, texts) == {("knowledge-graph", "triple"): {"2026-06-01-kg"}}


def test_subsumed_wants_two_shared_items_all_of_the_smaller_and_the_lift() -> None:
    items = {"a": frozenset("xy"), "b": frozenset("xyz"), "c": frozenset("x"), "d": frozenset("xw")}
    assert subsumed(items, 100, 10.0) == {("a", "b"): {"x", "y"}}  # c shares one item, d has w apart
    assert subsumed(items, 2, 10.0) == {}  # two items in all: no lift


def test_where_reads_the_item_dates() -> None:
    assert where({"2026-04-30-a"}, "2026-05-01") == "research"
    assert where({"2026-05-01-a"}, "2026-05-01") == "later"
    assert where({"2026-04-30-a", "2026-05-02-b"}, "2026-05-01") == "both"


def test_main_scores_the_signals_on_labels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    graph_path, labels = tmp_path / "g.jsonl", tmp_path / "l.tsv"
    graph_path.write_text(jsonl.dumps(_graph(_ITEMS)), encoding="utf-8")
    labels.write_text("# who\nconcept:prediction-machine\tconcept:predictive-processing\tmerge\tone\n")
    assert read_labels([labels]) == {("concept:prediction-machine", "concept:predictive-processing"): "merge"}
    assert main([str(graph_path), str(labels)]) == 0
    out = capsys.readouterr().out
    assert "title-2: 1 pairs" in out and "research: precision 1 of 1" in out
