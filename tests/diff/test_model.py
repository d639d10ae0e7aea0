"""The review's data (kgsync.diff.model): contract types first in reading order, counts that list
them even at zero, per-type and per-relation tallies, a graph's size as kgsync writes it."""

from __future__ import annotations

from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.model import EntityChange, GraphDiff, ItemDiff, TypeCount, graph_size, type_sort_key


def test_contract_types_sort_first_in_reading_order_then_others_by_name() -> None:
    types = ["topic", "method", "zeta", "claim", "research_item", "concept"]
    assert sorted(types, key=type_sort_key) == ["research_item", "concept", "claim", "method", "topic", "zeta"]


def test_counts_and_tallies() -> None:
    claim, topic = Entity("claim:a:k", "claim"), Entity("topic:t", "topic")
    change = EntityChange("concept:c", "concept", ("alias:c",))
    d = GraphDiff(added=(claim, topic), removed=(Entity("claim:a:j", "claim"),), changed=(change,),
                  relations_added=(Relation("item:a", "claim:a:k", "states"), Relation("claim:a:k", "concept:c", "about")),
                  relations_removed=(Relation("item:a", "claim:a:j", "states"),))
    assert not d.is_empty and GraphDiff(near_duplicates=(("concept:a", "concept:b"),)).is_empty
    assert d.entity_types == ("concept", "claim", "topic")
    assert d.counts == (TypeCount("research_item", 0, 0, 0), TypeCount("concept", 0, 0, 1), TypeCount("claim", 1, 1, 0),
                        TypeCount("method", 0, 0, 0), TypeCount("topic", 1, 0, 0))
    assert d.by_type("claim") == ((claim,), (Entity("claim:a:j", "claim"),), ())
    assert d.relation_counts() == {"about": (1, 0), "states": (1, 1)}
    assert ItemDiff("a", "A", added=(claim,), changed=(change,), relations_removed=d.relations_removed).size == 3


def test_graph_size_is_the_written_file() -> None:
    graph = Graph((Entity("concept:café", "concept", ("alias:café",)),), (Relation("concept:café", "concept:café", "extends"),))
    size = graph_size(graph)
    assert (size.entities, size.relations) == (1, 1)
    assert size.jsonl_bytes == len(jsonl.dumps(graph).encode("utf-8")) > len(jsonl.dumps(graph))  # bytes, not characters


def test_a_node_whose_observations_and_relations_all_moved_to_one_new_name_was_renamed() -> None:
    obs = ("alias:RAG", "alias:rag retrieval")
    old, new = Entity("method:rag-retrieval", "method", obs), Entity("method:retrieval-augmented-generation", "method", obs)
    moved = dict(relations_removed=(Relation("item:a", old.name, "uses_method"),),
                 relations_added=(Relation("item:a", new.name, "uses_method"),))
    assert GraphDiff(added=(new,), removed=(old,), **moved).renamed() == {old.name: (new.name, 1)}
    # a relation that did not move, other observations, or a claim: no rename
    assert GraphDiff(added=(new,), removed=(old,), relations_removed=moved["relations_removed"]).renamed() == {}
    other = Entity(new.name, "method", ("alias:RAG",))
    assert GraphDiff(added=(other,), removed=(old,), **moved).renamed() == {}  # an observation lost
    more = Entity(new.name, "method", (*obs, "alias:rag-retrieval"))  # one gained: the old name
    assert GraphDiff(added=(more,), removed=(old,), **moved).renamed() == {old.name: (new.name, 1)}
    assert GraphDiff(added=(Entity("claim:a:k", "claim"),), removed=(Entity("claim:a:j", "claim"),)).renamed() == {}
