"""Per-item frame votes for a node's type, and their scoring (``bench/bench_type_frames.py``, issue 21, types18)."""

from __future__ import annotations

import re

import pytest

from bench.bench_type_frames import (
    DEFAULT_LABELS,
    Frames,
    NodePatterns,
    agreement,
    flipped,
    item_vote,
    name_pattern,
    read_labels,
)


class _Stub(Frames):
    """Frames without WordNet's files: "technique" a way of doing, "framework" a theory."""

    def __init__(self) -> None:
        self.cache = {"technique": (True, False), "framework": (False, True)}

    def kind(self, word: str) -> tuple[bool, bool]:
        return self.cache.get(word, (False, False))


def test_names_match_across_spaces_hyphens_and_a_parenthesised_acronym() -> None:
    pattern = re.compile(name_pattern({"chain of thought"}) + r"\s+(\w+)")
    assert pattern.search("chain-of-thought (cot) prompting").group(1) == "prompting"  # type: ignore[union-attr]
    assert pattern.search("a chain of thought technique").group(1) == "technique"  # type: ignore[union-attr]


@pytest.mark.parametrize(("text", "variant", "vote"), [
    ("the predictive processing framework holds", "next", -1),
    ("the predictive processing framework holds", "the", -1),
    ("predictive processing frameworks abound", "the", 0),  # no "the": frameworks for it, not it
    ("a predictive processing technique", "next", 1),
    ("predictive processing, a technique for", "copula", 1),
    ("predictive processing technique and the predictive processing framework", "next", 0),
    ("nothing here", "next", 0),
])
def test_an_item_votes_by_its_frames(text: str, variant: str, vote: int) -> None:
    assert item_vote(text, NodePatterns(frozenset({"predictive processing"})), variant, _Stub()) == vote


def test_a_node_flips_only_when_no_item_votes_for_its_type() -> None:
    assert flipped("method", [0, -1, 0]) == "concept"
    assert flipped("method", [1, -1]) == "method"
    assert flipped("concept", [1]) == "method"
    assert flipped("concept", [0, 0]) == "concept"


def test_either_agrees_with_both_types() -> None:
    labels = {"a": "concept", "b": "either", "c": "method", "gone": "concept"}
    assert agreement({"a": "concept", "b": "method", "c": "concept"}, labels) == (2, 3, 1)


def test_the_committed_labels() -> None:
    for path in DEFAULT_LABELS:
        assert set(read_labels(path).values()) == {"concept", "method", "either"}
