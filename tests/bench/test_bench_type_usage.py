"""Per-item role votes for a node's type (``bench/bench_type_usage.py``, issue 21, types25)."""

from __future__ import annotations

import pytest

from bench.bench_type_usage import Roles, item_vote


@pytest.mark.parametrize(("text", "variant", "kind", "vote"), [
    ("models improve on code generation tasks.", "task", "method", -1),
    ("accuracy on question answering, and more", "task", "method", -1),
    ("we answer using retrieval augmented generation.", "instrument", "concept", 1),
    ("using retrieval augmented generation pipelines", "instrument", "concept", 0),  # not the phrase's head
    ("teams apply retrieval augmented generation to it", "object", "concept", 1),
    ("code generation tasks, via code generation.", "task-role", "method", 1),  # a way-of-doing role vetoes
    ("code generation benchmarks", "task-role", "method", -1),
    ("code generation benchmarks", "task-role", "concept", 0),  # methods only
])
def test_an_item_votes_by_the_role_it_gives_the_name(text: str, variant: str, kind: str, vote: int) -> None:
    names = frozenset({"code generation", "question answering", "retrieval augmented generation"})
    assert item_vote(text, Roles(names), variant, kind) == vote
