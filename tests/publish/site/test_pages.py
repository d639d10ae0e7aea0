"""Tests of kgsync.publish.site.pages: the explorer's data."""

from __future__ import annotations

from kgsync.publish.site import pages as site_pages
from tests.site_fixture import sample


def test_explorer_data_links_current_concepts_and_items():
    import json

    graph, items = sample()
    data = json.loads(site_pages.explorer_data(site_pages.collect(graph, items)))
    names = [row[3] for row in data["n"]]
    assert "item:2025-12-01-old-rag" not in names  # superseded: not current
    assert {row[1] for row in data["n"]} == {"c", "i"}
    rag = names.index("concept:retrieval-augmented generation")
    basics = names.index("item:2026-01-01-rag-basics")
    assert [basics, rag] in data["e"]
    assert data["n"][basics][2] == "../items/2026-01-01-rag-basics/"  # relative to explore/
    assert site_pages.explorer_data(site_pages.collect(graph, list(reversed(items)))) == site_pages.explorer_data(
        site_pages.collect(graph, items))
