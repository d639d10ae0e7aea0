"""The pair and type signals measured for issue 21 (``bench/kin_signals.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.kin_signals import _WordNet, coordinated, pair_signals
from kgsync.contract.model import Entity, Graph, Relation

WORDNET = Path("/usr/share/wordnet")


def _graph(*names: str) -> Graph:
    entities = [Entity("item:a", "research_item", ()), Entity("item:b", "research_item", ())]
    entities += [Entity(name, name.partition(":")[0], ()) for name in names]
    return Graph(entities=tuple(entities), relations=tuple(Relation("item:a", n, "addresses") for n in names))


def test_each_text_signal_finds_its_pair_where_an_item_writes_it() -> None:
    graph = _graph("concept:ai-agent", "concept:autonomous-agent", "concept:human-in-the-loop",
                   "concept:human-oversight")
    raw = {"a": "Autonomous AI agents act alone.", "b": "It needs human-in-the-loop oversight."}
    found = {(signal, a, b) for signal, a, b, _why in pair_signals(graph, raw)}
    assert found == {("stacked", "concept:ai-agent", "concept:autonomous-agent"),
                     ("descriptive-adjective", "concept:ai-agent", "concept:autonomous-agent"),
                     ("compound-modifier", "concept:human-in-the-loop", "concept:human-oversight")}
    # with neither phrase written, only the adjective (read from the names) is left
    found = {(signal, a, b) for signal, a, b, _why in pair_signals(graph, {"a": "AI agents; human oversight."})}
    assert found == {("descriptive-adjective", "concept:ai-agent", "concept:autonomous-agent")}


def test_a_node_listed_beside_the_other_type_is_flagged() -> None:
    graph = _graph("method:machine-learning", "concept:statistics", "concept:optimisation-theory",
                   "method:fine-tuning")
    raw = {"a": "Statistics, optimisation theory and machine learning.\nStatistics or machine learning.",
           "b": "Fine-tuning and statistics."}
    # statistics, listed beside two methods more than beside a concept, is flagged too: the noise
    # that keeps this signal out of the build
    assert coordinated(graph, raw) == [("concept:statistics", {"concept": 1, "method": 3}),
                                       ("method:machine-learning", {"concept": 3})]


@pytest.mark.skipif(not (WORDNET / "data.noun").is_file(), reason="needs the WordNet database (wordnet-base)")
def test_two_heads_reach_one_hypernym_word() -> None:
    graph = _graph("concept:audit-log", "concept:audit-trail", "concept:audit-committee")
    found = [(signal, a, b, why) for signal, a, b, why in pair_signals(graph, {}, _WordNet(WORDNET))]
    assert found == [("head-hypernym", "concept:audit-log", "concept:audit-trail", "evidence at 4")]
