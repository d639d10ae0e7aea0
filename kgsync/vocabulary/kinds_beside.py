"""What the node kinds read of every item's dense zones, made in another process while the selection goes on.

``kept._terms`` types each kept method by how its items write it (``node_kinds.theory_kind``,
``node_kinds.task_kind``).  Most of that is a pass over each item's dense zones that no term changes
(``node_kinds.text_kinds``: its coordinated theories and its tasks), a fifth of the selection at 10,000
items, all of it in the calling process while the other core idles.  The selection only reads it once
it has chosen and merged every item's terms, a few seconds later, so a forked child (the build's
``kgsync.pipeline.behind.started_beside``, handed in as ``Spread``) reads every item's text meanwhile
and sends back two small sets an item.  Each is a function of that item's text alone: the same sets
either way, so the same vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Protocol, TypeVar

from kgsync.vocabulary.node_kinds import text_kinds

T_co = TypeVar("T_co", covariant=True)

#: slug -> ``node_kinds.text_kinds`` of its dense zones
TextKinds = dict[str, tuple[frozenset[str], frozenset[str]]]


class Started(Protocol[T_co]):
    """A value being made elsewhere (``kgsync.pipeline.behind.Beside``)."""

    def result(self) -> T_co: ...

    def abandon(self) -> None: ...


#: Given what makes the items' text kinds and how many items it reads: that started in another
#: process, or None (too few to be worth one, or no process to start): made here, when asked.
Spread = Callable[[Callable[[], TextKinds], int], "Started[TextKinds] | None"]

#: Items whose text kinds are worth a child: ~0.1 ms an item against a fork's ~0.05-0.2 s
#: (``bench/build_schedule.py --count 10000``, speed215).
MIN_ITEMS_BESIDE = 2_000


class ItemTextKinds:
    """slug -> what ``theory_kind`` and ``task_kind`` read of its dense zones (``dense``), made by
    another process started now (``beside``) when there are enough items, else None: the kinds read
    the texts themselves, as they always did (``spread``).  ``abandon`` once the selection is done."""

    def __init__(self, dense: Mapping[str, str], beside: Spread | None) -> None:
        self.dense = dense
        self.started = (beside(partial(_every_item, dense), len(dense))
                        if beside is not None and len(dense) >= MIN_ITEMS_BESIDE else None)
        self.spread = self.started is not None
        self._made: Mapping[str, tuple[frozenset[str], frozenset[str]]] | None = None

    def _of(self, slug: str) -> tuple[frozenset[str], frozenset[str]]:
        if self._made is None:
            started, self.started = self.started, None
            self._made = started.result() if started is not None else {}
        found = self._made.get(slug)
        return found if found is not None else text_kinds(self.dense.get(slug, ""))

    def theories(self, slug: str) -> frozenset[str]:
        return self._of(slug)[0]

    def tasks(self, slug: str) -> frozenset[str]:
        return self._of(slug)[1]

    def abandon(self) -> None:
        """The child ended, its value read or not."""
        if self.started is not None:
            started, self.started = self.started, None
            started.abandon()


def _every_item(dense: Mapping[str, str]) -> TextKinds:
    return {slug: text_kinds(text) for slug, text in dense.items()}
