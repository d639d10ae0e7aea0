"""``bench/bench_hostile.py`` times the parse of its hostile item, not a refusal of it."""

from __future__ import annotations

import pytest

from bench.bench_hostile import item_with, line_of
from kgsync.extract.record import parse_record


@pytest.mark.parametrize("kind", ["[", "x.md ", "\t"])
def test_the_hostile_item_is_parsed_at_the_bench_length(kind: str) -> None:
    # a frontmatter line over MAX_LINE is an item error: the title must stay under it, or the bench times nothing
    record = parse_record(item_with(line_of(kind, 100_000)), "Research/completed/2026-01-01-x.md", "2026-01-01-x")
    assert record.item is not None, [issue.message for issue in record.issues]
