"""What read_graph and topic read of the whole graph (kgsync.serve.graph_facts): computed once for each
version of the file, never served from an older one, and let go with it."""

from __future__ import annotations

import gc
import os
import weakref
from pathlib import Path

from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.serve import graph_facts, research, tools
from kgsync.serve.service import Service
from tests.serve.answers import answer

OLD, NEW = "item:2026-01-01-old", "item:2026-02-01-new"
A, B, C = "claim:2026-01-01-old:a", "claim:2026-02-01-new:b", "claim:2026-02-01-new:c"


def small_graph(*extra: Relation, old_status: tuple[str, ...] = ()) -> Graph:
    return Graph((
        Entity("concept:x", "concept"), Entity("method:y", "method"),
        Entity(OLD, "research_item", old_status), Entity(NEW, "research_item"),
        Entity(A, "claim", ("title: old", "section:key-finding-3")),
        Entity(B, "claim", ("title: new", "section:key-finding-2", "status:contested")),
        Entity(C, "claim", ("title: newer", "section:key-finding-10")),
    ), (Relation(OLD, A, "states"), Relation(NEW, B, "states"), Relation(NEW, C, "states"),
        Relation(A, "concept:x", "about"), Relation(NEW, "concept:x", "addresses"), Relation(NEW, "method:y", "uses_method"),
        *extra))


def served(tmp_path: Path, graph: Graph) -> Service:
    jsonl.write(tmp_path / "m.jsonl", graph)
    return Service(tmp_path / "m.jsonl")


def rewrite(service: Service, graph: Graph) -> None:
    new = service.path.with_name("pulled.jsonl")
    jsonl.write(new, graph)
    os.replace(new, service.path)  # what git does on a pull


def test_the_counts_and_the_claims_facts_are_those_of_the_graph(tmp_path: Path) -> None:
    service = served(tmp_path, small_graph(Relation(C, A, "contradicts"), old_status=("status:superseded",)))
    counts = graph_facts.graph_counts(service.index())
    assert counts.entity_types == {"concept": 1, "method": 1, "research_item": 2, "claim": 3}
    assert counts.relation_types == {"states": 3, "about": 1, "addresses": 1, "uses_method": 1, "contradicts": 1}
    assert counts.reach == {"concept:x": 2, "method:y": 1}  # the old item through its claim, the new one directly
    assert counts.ranked == ("concept:x", "method:y")
    assert [(r.source, r.target) for r in counts.contradictions] == [(C, A)]
    assert counts.superseded == (OLD,)
    facts = graph_facts.claim_facts(service.index())
    assert (facts[A].superseded, facts[A].contested) == (True, True)  # its item superseded; C contradicts it
    assert (facts[B].superseded, facts[B].contested) == (False, True)  # its own status
    assert (facts[C].superseded, facts[C].contested) == (False, False)
    assert facts[C].order == (NEW, -10) and facts[A].order == (OLD, -3)


def test_each_is_computed_once_an_index_and_let_go_with_it(tmp_path: Path) -> None:
    service = served(tmp_path, small_graph())
    index = service.index()
    assert graph_facts.graph_counts(index) is graph_facts.graph_counts(service.index())
    assert graph_facts.claim_facts(index) is graph_facts.claim_facts(service.index())
    gone = weakref.ref(index)
    del index
    rewrite(service, small_graph(Relation(C, B, "contradicts")))
    assert graph_facts.graph_counts(service.index()).relation_types["contradicts"] == 1
    gc.collect()
    assert gone() is None  # the facts kept no old version of the graph alive


def test_read_graph_and_topic_answer_from_the_file_as_it_is_now(tmp_path: Path) -> None:
    service = served(tmp_path, small_graph())
    first = answer(tools.read_graph(service))
    assert first["counts"]["relations"] == 6 and "contradictions" not in first and "superseded" not in first
    assert [c["claim"] for c in answer(research.topic(service, "x"))["claims"]] == [C, A]  # B contested
    rewrite(service, small_graph(Relation(C, A, "contradicts"), old_status=("status:superseded",)))
    now = answer(tools.read_graph(service))
    assert now["counts"]["relations"] == 7 and now["superseded"] == [OLD]
    assert now["contradictions"] == [{"from": C, "to": A, "relationType": "contradicts"}]
    assert [c["claim"] for c in answer(research.topic(service, "x"))["claims"]] == [C]
    every = answer(research.topic(service, "x", include_contested=True, include_superseded=True))
    assert [c["claim"] for c in every["claims"]] == [B, C, A]  # newest item first, then finding 2 before 10


def test_a_name_spelt_otherwise_finds_the_first_node_that_has_it_as_a_scan_would(tmp_path: Path) -> None:
    graph = Graph((
        Entity("concept:knowledge-graphs", "concept", ("alias: KG",)), Entity("method:kg", "method"),
        Entity("concept:graph-stores", "concept", ("alias: knowledge graphs",)), Entity("item:2026-01-01-kg", "research_item"),
    ), ())
    service = served(tmp_path, graph)
    kinds = ("concept", "method")
    both = graph_facts.named(service.index(), kinds, str.lower)
    # "kg" is method:kg's name and an alias of the concept before it in the file: the concept, first
    assert both["kg"].name == "concept:knowledge-graphs" and both["knowledge-graphs"].name == "concept:knowledge-graphs"
    assert both["knowledge graphs"].name == "concept:graph-stores" and "2026-01-01-kg" not in both  # an item is no concept
    assert graph_facts.named(service.index(), kinds, str.lower) is both
    assert answer(research.topic(service, "KG"))["concept"] == "concept:knowledge-graphs"
    assert answer(research.topic(service, "Knowledge Graph"))["concept"] == "concept:knowledge-graphs"  # plural folded
    rewrite(service, Graph((Entity("concept:graph-stores", "concept", ("alias: KG",)),), ()))
    assert answer(research.topic(service, "KG"))["concept"] == "concept:graph-stores"  # the file as it is now
