"""What the serve tests share: hostile queries, a big graph far over any answer budget,
and readers of a tool's JSON answer.

A support module, not a test module: tests/serve/ imports from here, never from
test_index.py (tests/test_layout.py).  The ``example`` fixture is in tests/serve/conftest.py.
"""

from __future__ import annotations

import json

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.serve.tools import HARD_LIMIT


HOSTILE = ['"', '"unbalanced', 'NEAR(a b', "NEAR(", "*", "a*", "-", "-memory", "a:b", "title:memory", "x" * 100_000,
           "memory " * 20_000, "\x00\x01\x1f\x7f", "", "   ", "_", "AND OR NOT", "(((", ")", "^memory", "{a b}",
           "'; DROP TABLE docs; --", "\ud800 lone surrogate", "😀🧠", "ünïcödé retrieval", "\u2028\u2029"]


def answer(text: str) -> dict:
    assert len(text) <= HARD_LIMIT
    return json.loads(text)


def names(text: str) -> list[str]:
    return [e["name"] for e in answer(text)["entities"]]


def big_graph(items: int = 1500, words: int = 600) -> Graph:
    """Every node matches "govern"; observations far over any budget; one hub concept on every item."""
    filler = " ".join(f"govern{i % 37} policy agents memory" for i in range(words // 4))
    entities: list[Entity] = [Entity("concept:governance", "concept", tuple(f"alias:governance variant {i}" for i in range(300)))]
    relations: list[Relation] = []
    for n in range(items):
        slug = f"2026-{1 + n % 12:02d}-{1 + n % 28:02d}-govern-item-{n}"
        entities.append(Entity(f"item:{slug}", "research_item", (f"title: govern item {n} {filler}", f"summary: {filler}",
                                                                 "confidence:high", f"provenance:item={slug}")))
        for k in range(4):
            claim = f"claim:{slug}:govern-claim-{k}"
            entities.append(Entity(claim, "claim", (f"title: govern claim {k} {filler}", f"section:key-finding-{k + 1}",
                                                    "confidence:medium", f"provenance:item={slug}")))
            relations += [Relation(f"item:{slug}", claim, "states"), Relation(claim, "concept:governance", "about")]
        relations.append(Relation(f"item:{slug}", "concept:governance", "addresses"))
    return Graph(tuple(entities), tuple(relations))
