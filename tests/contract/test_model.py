"""The contract's data: names by prefix, a graph's lookups (the first entity of a name wins, as in
the server), its canonical order, observation values, and Facts through JSON and back."""

from __future__ import annotations

import json

from kgsync.contract.model import (
    Entity,
    EntityType,
    Facts,
    Graph,
    Relation,
    canonical_graph,
    claim_name,
    item_name,
    observations_with,
    provenance,
    slug_of_item_name,
    type_of_name,
)


def test_names_and_their_types() -> None:
    assert (item_name("2026-01-01-a"), claim_name("2026-01-01-a", "k")) == ("item:2026-01-01-a", "claim:2026-01-01-a:k")
    assert provenance("2026-01-01-a") == "provenance:item=2026-01-01-a"
    assert slug_of_item_name("item:2026-01-01-a") == "2026-01-01-a" and slug_of_item_name("concept:x") is None
    assert type_of_name("claim:a:k") is EntityType.CLAIM and type_of_name("method:m") is EntityType.METHOD
    assert type_of_name("topic:x") is None and type_of_name("item") is None


def test_the_first_entity_of_a_name_wins_and_canonical_order_sorts_by_name() -> None:
    first, second = Entity("concept:b", "concept", ("alias:one",)), Entity("concept:b", "method", ("alias:two",))
    graph = Graph((Entity("item:z", "research_item", ("title: Z", "tag:x")), first, second),
                  (Relation("item:z", "concept:b", "addresses"), Relation("concept:b", "concept:a", "extends")))
    assert graph.entity("concept:b") is first and "concept:b" in graph and "concept:a" not in graph
    assert list(graph.names()) == ["item:z", "concept:b"]
    assert [e.entity_type for e in graph.of_type("concept")] == ["concept"]
    assert [r.target for r in graph.relations_of("concept:a")] == ["concept:a"]
    canonical = graph.canonical()
    assert [e.name for e in canonical.entities] == ["concept:b", "concept:b", "item:z"]
    assert canonical.entities[2].observations == ("title: Z", "tag:x")  # observation order is kept
    assert [r.source for r in canonical.relations] == ["concept:b", "item:z"]


def test_a_canonical_graph_made_once_is_the_graphs_canonical_order() -> None:
    """``canonical_graph`` gives ``Graph(...).canonical()``; entities its caller ordered are kept as given."""
    entities = (Entity("item:z", "research_item"), Entity("concept:b", "method"), Entity("concept:b", "concept"))
    relations = (Relation("item:z", "concept:b", "addresses"), Relation("concept:b", "concept:a", "extends"),
                 Relation("concept:b", "concept:a", "about"))
    assert canonical_graph(entities, relations) == Graph(entities, relations).canonical()
    assert [r.relation_type for r in canonical_graph(entities, relations).relations] == ["about", "extends", "addresses"]
    kept = canonical_graph(entities, relations, entities_in_order=True)
    assert kept.entities == entities and kept.relations == Graph(entities, relations).canonical().relations


def test_observation_values_by_key() -> None:
    observations = ("tag:a", "tag: b ", "tags:c", "title: tag:d")
    assert observations_with(observations, "tag") == ["a", "b"]


def test_facts_round_trip_through_json() -> None:
    facts = Facts((("item:a", "research_item"),), (("item:a", "title: A"),),
                  (Relation("claim:a:k", "claim:b:j", "supports"),),
                  (("claim:a:k", "claim:b:j", "supports", "As b found.", "a.md:3"),))
    data = json.loads(json.dumps(facts.as_json()))
    assert Facts.from_json(data) == facts
    assert "evidence" not in Facts(facts.entities).as_json()  # absent when there is none
    assert Facts.from_json({}) == Facts()


def test_facts_without_relations_drop_those_relations_and_their_evidence_only() -> None:
    kept, gone = Relation("claim:a:x", "claim:b:y", "extends"), Relation("claim:a:x", "claim:c:z", "supports")
    facts = Facts((("claim:a:x", "claim"),), (("claim:a:x", "title: X"),), (kept, gone),
                  (("claim:a:x", "claim:b:y", "extends", "See b.", "a.md:3"),
                   ("claim:a:x", "claim:c:z", "supports", "Agrees with c.", "a.md:4")))
    assert facts.without_relations({gone}) == Facts(facts.entities, facts.observations, (kept,), facts.evidence[:1])
    assert facts.without_relations(()) == facts
