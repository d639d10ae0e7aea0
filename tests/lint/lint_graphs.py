"""The clean graph the lint tests edit, its small edits, and a writer of graph files.

A support module, not a test module: the rule tests (tests/lint/) and the command's
tests (tests/cli/test_lint.py) import from here, never from each other
(tests/test_layout.py).
"""

from __future__ import annotations

from pathlib import Path

from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph, Relation


def clean_graph() -> Graph:
    """Two items, their claims, concepts and a method: every contract rule holds."""
    p = "provenance:item="
    entities = (
        Entity("item:alpha", "research_item", ("title: Alpha", "summary: About retrieval.", p + "alpha",
                                                "completed:2026-02-28", "confidence:high", "tag:rag-retrieval")),
        Entity("item:beta", "research_item", ("title: Beta", p + "beta", "status:superseded")),
        Entity("concept:vector-search", "concept", (p + "alpha", p + "beta", "alias:vector search")),
        Entity("concept:sqlite", "concept", (p + "alpha",)),
        Entity("method:benchmark", "method", (p + "beta",)),
        Entity("claim:alpha:sqlite-fits", "claim", ("summary: SQLite fits the scale.", p + "alpha",
                                                     "section:key-finding-1", "confidence:medium")),
        Entity("claim:beta:json-fits", "claim", ("summary: JSON files suffice.", p + "beta")),
        Entity("claim:beta:json-breaks", "claim", ("summary: JSON breaks at scale.", p + "beta")),
    )
    relations = (
        Relation("item:alpha", "concept:vector-search", "addresses"),
        Relation("item:alpha", "concept:sqlite", "addresses"),
        Relation("item:beta", "concept:vector-search", "addresses"),
        Relation("item:alpha", "claim:alpha:sqlite-fits", "states"),
        Relation("item:beta", "claim:beta:json-fits", "states"),
        Relation("item:beta", "claim:beta:json-breaks", "states"),
        Relation("claim:alpha:sqlite-fits", "concept:sqlite", "about"),
        Relation("item:beta", "method:benchmark", "uses_method"),
        Relation("claim:beta:json-fits", "method:benchmark", "uses_method"),
        Relation("claim:alpha:sqlite-fits", "claim:beta:json-breaks", "supports"),
        Relation("claim:alpha:sqlite-fits", "claim:beta:json-fits", "contradicts"),
        Relation("item:alpha", "item:beta", "extends"),
        Relation("claim:beta:json-breaks", "claim:beta:json-fits", "extends"),
    )
    return Graph(entities, relations)


def with_entities(graph: Graph, *entities: Entity) -> Graph:
    return Graph(graph.entities + entities, graph.relations)


def with_relations(graph: Graph, *relations: Relation) -> Graph:
    return Graph(graph.entities, graph.relations + relations)


P = "provenance:item=alpha"


def linked_concept(graph: Graph, entity: Entity) -> Graph:
    """Add ``entity`` with a relation from item:alpha so only the rule under test fires."""
    relation_type = {"concept": "addresses", "method": "uses_method", "claim": "states"}.get(entity.entity_type)
    graph = with_entities(graph, entity)
    return with_relations(graph, Relation("item:alpha", entity.name, relation_type or "addresses"))


def write_graph(path: Path, graph: Graph) -> Path:
    jsonl.write(path, graph)
    return path
