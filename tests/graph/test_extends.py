"""extends_edges: later work extends earlier work (frontmatter supersedes and cites always; the
text's links to one earlier item, the most-mentioned ``max_links`` of them)."""

from __future__ import annotations

from dataclasses import replace

from kgsync.extract.findings import Extraction
from kgsync.graph.extends import earlier, extends_edges
from kgsync.graph.facts_builder import FactsBuilder
from kgsync.read.items import ResearchItem

OLD, MID, NEW, LATER = "2026-01-01-old-work", "2026-02-01-mid-work", "2026-03-01-new-work", "2026-04-01-later-work"


def _item(slug: str, **fields: object) -> ResearchItem:
    return replace(ResearchItem.known_only_by(slug, slug[:10]), **fields)  # type: ignore[arg-type]


def _edges(item: ResearchItem, links: tuple[tuple[str, int], ...] = (), max_links: int = 5,
           suffixes: dict[str, str] | None = None) -> list[str]:
    by_slug = {s: _item(s) for s in (OLD, MID, LATER)} | {item.slug: item}
    builder = FactsBuilder()
    extends_edges(builder, item, Extraction(item.slug, "", (), links), by_slug, suffixes or {}, max_links)
    assert all(r.source == f"item:{item.slug}" and r.relation_type == "extends" for r in builder.relations.values())
    return [r.target for r in builder.relations.values()]


def test_frontmatter_supersedes_and_prior_cites_extend() -> None:
    item = _item(NEW, supersedes=(OLD, "2025-01-01-gone"), cites=(MID, LATER))
    # a superseded item that is not in the corpus, and a cited later item, make no edge
    assert _edges(item) == [f"item:{OLD}", f"item:{MID}"]


def test_text_links_keep_the_most_mentioned_earlier_items() -> None:
    item = _item(NEW)
    links = ((OLD, 1), (MID, 3), (LATER, 9), ("mid-work", 2), ("x", 7))
    assert _edges(item, links, max_links=5, suffixes={"mid-work": MID}) == [f"item:{MID}", f"item:{OLD}"]
    assert _edges(item, links, max_links=1) == [f"item:{MID}"]  # a later item never takes a slot


def test_a_cited_item_is_not_related_twice_through_its_link() -> None:
    item = _item(NEW, cites=(OLD,))
    assert _edges(item, ((OLD, 4), (MID, 1))) == [f"item:{OLD}", f"item:{MID}"]


def test_earlier_is_by_date_then_slug_and_undated_is_last() -> None:
    assert earlier(_item(OLD), _item(NEW)) and not earlier(_item(NEW), _item(OLD))
    assert earlier(_item("2026-01-01-a"), _item("2026-01-01-b"))
    undated = replace(_item("2026-01-01-undated"), completed="")
    assert earlier(_item(LATER), undated)


def test_a_cite_of_same_day_work_extends_it_unless_it_cites_back() -> None:
    # Completion dates are days, so same-day items sorted by slug: an item citing a same-day item
    # whose slug sorts after its own made no edge (the 273 items lost one, a fact-checking item
    # citing the gpt-oss item it builds on).  The cite itself says which came first.
    first, second = "2026-05-01-alpha-work", "2026-05-01-zeta-work"
    citing = _item(first, cites=(second,))
    by_slug = {first: citing, second: _item(second)}
    builder = FactsBuilder()
    extends_edges(builder, citing, Extraction(first, "", (), ()), by_slug, {}, 5)
    assert [r.target for r in builder.relations.values()] == [f"item:{second}"]
    # Each citing the other: the slugs order them, one edge, not a loop.
    mutual = {first: citing, second: _item(second, cites=(first,))}
    edges = []
    for slug in (first, second):
        builder = FactsBuilder()
        extends_edges(builder, mutual[slug], Extraction(slug, "", (), ()), mutual, {}, 5)
        edges += [(r.source, r.target) for r in builder.relations.values()]
    assert edges == [(f"item:{second}", f"item:{first}")]
