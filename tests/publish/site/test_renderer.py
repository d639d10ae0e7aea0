"""Tests of kgsync.publish.site.renderer: long listings split into index pages of at most PAGE_SIZE entries."""

from __future__ import annotations

from kgsync.read.config import SiteOptions
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.site import pages as site_pages
from tests.publish.site.rendered import ENV


def _big_graph(concepts: int) -> Graph:
    entities = [Entity("item:2026-01-01-a", "research_item", ("title: A", "completed:2026-01-01"))]
    relations = []
    for n in range(concepts):
        entities.append(Entity(f"concept:c{n:05d}", "concept", ()))
        relations.append(Relation("item:2026-01-01-a", f"concept:c{n:05d}", "addresses"))
    return Graph(tuple(entities), tuple(relations))


def test_index_pages_are_paginated():
    pages = site_pages.render_pages(_big_graph(2 * site_pages.PAGE_SIZE + 5), [], SiteOptions(), ENV)
    parts = sorted(p for p in pages if p.startswith("concepts/index"))
    assert parts == ["concepts/index--p2.md", "concepts/index--p3.md", "concepts/index.md"]
    for part in parts:
        assert pages[part].count("\n<li><a ") <= site_pages.PAGE_SIZE
        assert "**Pages:**" in pages[part]
    assert pages["concepts/index--p3.md"].count("\n<li><a ") == 5
    item = pages["items/2026-01-01-a.md"]
    assert item.count("\n<li><a ") == 2 * site_pages.PAGE_SIZE + 5  # an item lists its own concepts (capped upstream)
