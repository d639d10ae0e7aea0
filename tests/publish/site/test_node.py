"""kgsync.publish.site.node: a node's orders and trust state, read from its fields."""

from __future__ import annotations

from kgsync.contract.model import EntityType
from kgsync.publish.site.node import Node


def _claim(section: str, title: str = "T", states: frozenset[str] = frozenset()) -> Node:
    return Node("claim:x:k", EntityType.CLAIM, "x:k", title, "items/x.md#claim-k", section=section, states=states)


def test_a_superseded_contradicted_or_contested_node_is_inactive() -> None:
    assert not _claim("").inactive
    assert all(_claim("", states=frozenset({s})).inactive for s in ("superseded", "contradicted", "contested"))


def test_claims_order_by_finding_number_then_title_and_the_rest_after() -> None:
    claims = [_claim("key-finding-10"), _claim("summary", "A"), _claim("key-finding-2", "b")]
    assert [c.section for c in sorted(claims, key=lambda c: c.finding_order)] == ["key-finding-2", "key-finding-10", "summary"]


def test_newest_first_sorts_dates_descending_and_titles_ascending() -> None:
    items = [Node(f"item:{n}", EntityType.RESEARCH_ITEM, n, t, f"items/{n}.md", completed=d)
             for n, t, d in (("a", "Old", "2026-01-01"), ("b", "New B", "2026-03-01"), ("c", "New A", "2026-03-01"))]
    assert [i.name for i in sorted(items, key=lambda i: i.newest_first)] == ["item:c", "item:b", "item:a"]
