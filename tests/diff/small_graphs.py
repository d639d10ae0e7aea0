"""Small graphs the diff tests share: two item slugs, node builders, and a base graph.

A support module, not a test module: the diff and report tests import from here,
never from each other (tests/test_layout.py).
"""

from __future__ import annotations

from kgsync.contract.model import Entity, Graph, Relation


A = "2026-03-01-alpha"
B = "2026-03-02-beta"


def item(slug: str, title: str = "A title") -> Entity:
    return Entity(f"item:{slug}", "research_item", (f"title: {title}", "completed:2026-03-01"))


def concept(term: str, *slugs: str, extra: tuple[str, ...] = ()) -> Entity:
    return Entity(f"concept:{term}", "concept", tuple(f"provenance:item={s}" for s in slugs) + extra)


def claim(slug: str, key: str, statement: str = "A statement.", *, provenance: bool = True) -> Entity:
    obs = (statement, "confidence:high") + ((f"provenance:item={slug}",) if provenance else ())
    return Entity(f"claim:{slug}:{key}", "claim", obs)


def rel(source: str, target: str, kind: str) -> Relation:
    return Relation(source, target, kind)


BASE = Graph(
    (item(A, "Alpha"), concept("rag", A), claim(A, "k1")),
    (rel(f"item:{A}", "concept:rag", "addresses"), rel(f"item:{A}", f"claim:{A}:k1", "states")),
)
