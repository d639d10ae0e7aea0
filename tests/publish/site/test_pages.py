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


def _one_item_many_findings():
    from kgsync.contract.model import Entity, Graph, Relation
    item = "item:2026-05-01-x"
    # Key Findings 10, 2 and 1, written in an order neither alphabetical nor numeric-as-text.
    claims = [Entity(f"claim:2026-05-01-x:k{n}", "claim", (f"title: {title}", "confidence:medium",
                                                          f"section:key-finding-{n}", "provenance:item=2026-05-01-x"))
              for n, title in ((10, "Alpha comes tenth."), (2, "Zulu comes second."), (1, "Middle comes first."))]
    relations = [Relation(item, c.name, "states") for c in claims]
    relations += [Relation(c.name, "concept:topic", "about") for c in claims]
    entities = (Entity(item, "research_item", ("title: X", "completed:2026-05-01")),
                Entity("concept:topic", "concept", ()), *claims)
    return Graph(entities, tuple(relations))


def test_an_items_findings_are_listed_in_its_own_order() -> None:
    # The 273-item site listed an item's findings A to Z (ux21): "A Retrieval...", "A separate...",
    # "Context-window...", "Knowledge conflicts..." for Key Findings 2, 5, 4, 1. A reader follows
    # the item's argument: Key Finding 1 first, 10 after 2.
    from kgsync.read.config import SiteOptions
    from tests.publish.site.rendered import ENV

    pages = site_pages.render_pages(_one_item_many_findings(), [], SiteOptions(), ENV)
    for page in ("claims/index.md", "concepts/topic.md"):
        text = pages[page]
        order = [text.index(t) for t in ("Middle comes first", "Zulu comes second", "Alpha comes tenth")]
        assert order == sorted(order), page
