"""How an item writes a term, from its own text (``bench/bench_incidental.py``, issue 21)."""

from __future__ import annotations

from pathlib import Path

from bench.bench_incidental import _patterns, use_of
from kgsync.read.items import find_item_files, read_items

EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "research-repo"


def _item():  # type: ignore[no-untyped-def]
    items = read_items(find_item_files("Research/completed/*.md", EXAMPLE)).items
    return next(item for item in items if item.slug == "2026-01-05-agent-memory-architectures")


def test_a_term_in_the_title_and_question_is_counted_there() -> None:
    use = use_of(_item(), _patterns("concept:memory-architecture", ["memory architectures"]))
    assert use.title == 1 and use.question >= 1 and use.stated >= 2
    assert use.mentions >= use.dense >= use.stated


def test_an_acronym_alias_matches_in_its_own_case_only() -> None:
    patterns = _patterns("concept:model-context-protocol", ["MCP"])
    assert any(p.search("through MCP") for p in patterns)
    assert not any(p.search("through mcp") for p in patterns)
