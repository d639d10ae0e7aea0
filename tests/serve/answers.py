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


def long_answers_graph(findings: int = 40, links: int = 40) -> Graph:
    """Realistic nodes in numbers the corpus graphs do not reach: an item of ``findings`` key findings
    (``item:2026-05-01-long-survey``, a survey item's titles of 180-260 characters, each with its source and
    provenance, as kgsync writes them) and a claim of it (its first finding) that ``links`` claims of other
    items support or contradict.  item and evidence at their default arguments pass 8,000 characters."""
    hub = "2026-05-01-long-survey"
    topic = ("retrieval-augmented agents that keep a knowledge graph of research items, claims and concepts "
             "beside vector search, measured on recall at ten")
    entities: list[Entity] = [Entity(f"item:{hub}", "research_item", (
        f"title: A survey of {topic}", f"summary: The survey reads {findings} findings on {topic}; most report "
        "gains where questions name entities, and losses where they paraphrase.", "confidence:medium",
        "completed:2026-05-01", "tag:knowledge-graphs", "tag:retrieval", f"provenance:item={hub}"))]
    relations: list[Relation] = []
    for n in range(1, findings + 1):
        claim = f"claim:{hub}:finding-{n:02d}"
        entities.append(Entity(claim, "claim", (
            f"title: Finding {n}: on {topic}, the systems that link each claim to its source item answer "
            f"{n} % more questions that name an entity, at {n * 3} ms more a call" + " and no loss" * (n % 7),
            "confidence:high" if n % 3 else "confidence:medium", f"section:key-finding-{n}",
            f"source:https://arxiv.org/abs/2505.{10000 + n}", f"provenance:item={hub}")))
        relations.append(Relation(f"item:{hub}", claim, "states"))
    for n in range(links):
        slug = f"2026-06-{1 + n % 28:02d}-follow-up-{n}"
        claim = f"claim:{slug}:replication"
        entities += [Entity(f"item:{slug}", "research_item", (f"title: Follow-up {n} on {topic}", f"provenance:item={slug}")),
                     Entity(claim, "claim", (f"title: Replication {n}: a knowledge graph beside vector search "
                                             f"changes recall at ten on {topic} by {n % 9 + 1} points",
                                             "confidence:medium", "section:key-finding-1", f"provenance:item={slug}"))]
        relations += [Relation(f"item:{slug}", claim, "states"),
                      Relation(claim, f"claim:{hub}:finding-01", "contradicts" if n % 5 == 0 else "supports")]
    return Graph(tuple(entities), tuple(relations))
