"""FactsBuilder: what assembling one item yields, in the order it was said, each fact once."""

from __future__ import annotations

from kgsync.contract.model import EntityType, Relation, RelationType
from kgsync.graph.facts_builder import FactsBuilder


def test_facts_keep_first_order_once_each_without_self_relations_or_empty_observations() -> None:
    builder = FactsBuilder()
    builder.entity("item:a", EntityType.RESEARCH_ITEM, "title: A", "", "provenance:item=a")
    builder.entity("concept:x", EntityType.CONCEPT, "alias:x")
    builder.entity("item:a", EntityType.RESEARCH_ITEM, "title: A")  # said again: nothing new
    builder.relate("item:a", RelationType.ADDRESSES, "concept:x")
    builder.relate("item:a", RelationType.EXTENDS, "item:a")  # to itself: never a relation
    builder.relate("item:a", RelationType.ADDRESSES, "concept:x")
    facts = builder.facts()
    assert facts.entities == (("item:a", "research_item"), ("concept:x", "concept"))
    assert facts.observations == (("item:a", "title: A"), ("item:a", "provenance:item=a"), ("concept:x", "alias:x"))
    assert facts.relations == (Relation("item:a", "concept:x", "addresses"),)
