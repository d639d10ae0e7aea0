"""The node kinds' reading of every item's text made elsewhere gives the very vocabulary made in place."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from kgsync.extract.mining import ItemCandidates, candidates
from kgsync.read.config import Mining, VocabularyOptions
from kgsync.vocabulary import kinds_beside
from kgsync.vocabulary.kinds_beside import ItemTextKinds, TextKinds
from kgsync.vocabulary.node_kinds import text_kinds
from kgsync.vocabulary.terms import TermKind
from kgsync.vocabulary.vocab import select_with_stats
from tests.item_corpus import make_item

NO_HUBS = VocabularyOptions(mining=Mining(min_items=1, max_item_share=1.0))


class _Made:
    """A ``Started`` whose value was made at once (the test's stand-in for a forked child)."""

    def __init__(self, make: Callable[[], TextKinds]) -> None:
        self.value: TextKinds | None = make()
        self.abandoned = False

    def result(self) -> TextKinds:
        assert self.value is not None, "the value is read once"
        value, self.value = self.value, None
        return value

    def abandon(self) -> None:
        self.abandoned = True


def _items() -> list[ItemCandidates]:
    texts = ("Predictive coding minimises prediction error.",
             "The predictive processing / predictive coding framework explains perception.",
             "Models gain 13 points on code generation benchmarks.", "Code generation writes programs.")
    return [candidates(make_item(f"2026-01-0{n}-kinds-{n}", "Predictive coding and code generation for agents",
                                 "Is predictive coding sound, and is code generation?",
                                 "Predictive coding explains perception; code generation saves time.", (text,)))
            for n, text in enumerate(texts, 1)]


def test_the_kinds_read_elsewhere_are_those_read_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kinds_beside, "MIN_ITEMS_BESIDE", 1)
    items = _items()
    started: list[_Made] = []

    def beside(make: Callable[[], TextKinds], size: int) -> _Made:
        assert size == len(items)
        started.append(_Made(make))
        return started[-1]

    here, stats_here = select_with_stats(items, NO_HUBS)
    there, stats_there = select_with_stats(items, NO_HUBS, beside=beside)
    assert len(started) == 1 and (here, stats_here) == (there, stats_there)
    assert {term.kind for term in here.terms.values()} == {TermKind.CONCEPT}  # two methods retyped: the kinds were read


def test_below_the_threshold_or_with_no_process_the_kinds_are_read_here() -> None:
    dense = {item.slug: item.dense for item in _items()}
    assert not ItemTextKinds(dense, lambda make, size: pytest.fail("no child for four items")).spread
    kinds = ItemTextKinds(dense, None)
    slug = next(iter(dense))
    assert not kinds.spread and (kinds.theories(slug), kinds.tasks(slug)) == text_kinds(dense[slug])


def test_a_child_whose_value_is_never_read_is_abandoned(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kinds_beside, "MIN_ITEMS_BESIDE", 1)
    made: list[_Made] = []
    kinds = ItemTextKinds({"a": "The x / y framework."}, lambda make, _size: made.append(_Made(make)) or made[-1])
    assert kinds.spread
    kinds.abandon()
    assert made[0].abandoned
    read = ItemTextKinds({"a": "The x / y framework."}, lambda make, _size: made.append(_Made(make)) or made[-1])
    assert read.theories("a") == {"x", "y"} and read.tasks("missing") == frozenset()
    read.abandon()
    assert not made[1].abandoned  # read: nothing left to end
