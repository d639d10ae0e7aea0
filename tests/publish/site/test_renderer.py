"""Tests of kgsync.publish.site.renderer: long listings split into index pages of at most PAGE_SIZE entries."""

from __future__ import annotations

import re

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


def test_a_whole_finding_shows_no_confidence_bracket_and_no_sources_word_left_of_its_addresses():
    """qa142, a reader of the research site: 70 findings on item pages opened with "[high]" or
    "[medium]" (the item grades the finding in a bracket, which the evidence labels' cleaning
    leaves), one with a lone "[" ("**[fact][high confidence]**": the label went, its bracket
    stayed), and 59 ended in a bare "Sources" (the addresses after "Sources:" are listed under the
    finding, the word that introduced them was left as the paragraph's last word)."""
    from dataclasses import replace

    from kgsync.read.items import KeyFinding
    from tests.publish.site.rendered import _claim_section
    from tests.site_fixture import sample

    graph, items = sample()
    claims = [e for e in graph.entities if e.entity_type == "claim"
              and any(o.startswith("section:key-finding-") for o in e.observations)]
    wholes = ("**[fact][high confidence]** Issue trackers link code by their own keys, not one shared identifier. "
              "Sources: https://example.org/a; https://example.org/b",
              "**[High]** Retrieval helps most on long-tail questions. Source: https://example.org/c",
              "**[medium confidence]** Retrieval helps least where the model knows the answer (Sources: "
              "https://example.org/d).")
    for claim, whole in zip(claims, wholes, strict=False):
        slug = claim.name.split(":")[1]
        number = int(next(o for o in claim.observations if o.startswith("section:key-finding-")).rsplit("-", 1)[1])
        shown = [replace(i, key_findings=(KeyFinding(number, whole, 40),)) if i.slug == slug else i for i in items]
        finding = _claim_section(site_pages.render_pages(graph, shown, SiteOptions(), ENV), graph, shown, claim.name)
        paragraph = re.search(r"<p>(.*?)</p>", finding)  # the whole finding, under the heading (and a state note)
        assert paragraph is not None, finding
        words = re.sub(r"<[^>]+>", "", paragraph[1]).strip()
        assert not words.startswith("["), words
        assert not re.search(r"(?i)\bsources?\W*$", words), words
        assert "Retrieval" in words or "Issue trackers" in words, words
