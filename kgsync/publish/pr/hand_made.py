"""Changes by hand: what no build wrote, told apart from a merge's side effects by the manifests.

A relation a person or an agent adds between two items in the same change that merges research
items is, to the diff, one more change of an item nobody touched: the body filed it as a side
effect of the merge ("it links a node a merged item created"), whose fix (change the merged item)
cannot undo it.  The manifest beside each graph records what each item's build wrote
(``kgsync.graph.hand_added``): a fact of the new graph it credits no item with was added by hand or
by an agent, and so was a removed fact the old graph's manifest credited no item with.  Those
changes are taken out of every item's changes and shown once, under their own heading.

A fact written by hand into the graph file in the commit being proposed from (beside a merge, or
alone) is in the base graph and in the build, so no diff of the two shows it: ``Landed`` holds the
base graph's own changes since the last build's graph, by the same test, shown under that heading too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from kgsync.contract.model import Facts, Graph
from kgsync.diff.graph_diff import diff
from kgsync.diff.model import EntityChange, ItemDiff
from kgsync.graph.hand_added import hand_added
from kgsync.graph.manifest import Manifest


@dataclass(frozen=True)
class HandMade:
    """The facts no build wrote, by the manifest beside each graph (``graph.hand_added.hand_added``):
    the new graph's and the old graph's (None: no manifest there, so nothing is told apart on that side)."""

    new: Facts | None = None
    old: Facts | None = None

    @classmethod
    def of(cls, old: Graph, base: Manifest | None, new: Graph, manifest: Manifest | None) -> HandMade:
        """What no build wrote in ``old`` by ``base`` and in ``new`` by ``manifest`` (a side without one: None)."""
        return cls(hand_added(new, manifest) if manifest is not None else None,
                   hand_added(old, base) if base is not None else None)


@dataclass(frozen=True)
class Landed:
    """The facts added or removed by hand or by an agent in the base graph since the last build wrote
    it: already on the base branch, so the diff cannot show them.  ``since``: that build's commit."""

    items: tuple[ItemDiff, ...] = ()
    since: str = ""

    @classmethod
    def of(cls, built: Graph, base: Graph, manifest: Manifest, since: str) -> Landed:
        """The base graph's changes from ``built`` (the graph at the last build's commit ``since``),
        less what the items explain: a fact ``manifest`` credits an item's build with (``hand_added``)."""
        _built, by_hand = split_by_hand(diff(built, base).items, HandMade.of(built, manifest, base, manifest))
        return cls(tuple(by_hand), since)


@dataclass(frozen=True)
class _Keys:
    entities: frozenset[tuple[str, str]] = frozenset()
    observations: frozenset[tuple[str, str]] = frozenset()
    relations: frozenset[tuple[str, str, str]] = field(default_factory=frozenset)

    @classmethod
    def of(cls, facts: Facts | None) -> _Keys:
        if facts is None:
            return cls()
        return cls(frozenset(facts.entities), frozenset(facts.observations), frozenset(r.key for r in facts.relations))


def split_by_hand(items: Sequence[ItemDiff], hand: HandMade) -> tuple[list[ItemDiff], list[ItemDiff]]:
    """(each item's changes a build wrote, each item's changes made by hand): an item left with no
    change is not in the first list, one with no change by hand not in the second."""
    if hand.new is None and hand.old is None:
        return list(items), []
    new, old = _Keys.of(hand.new), _Keys.of(hand.old)
    built: list[ItemDiff] = []
    by_hand: list[ItemDiff] = []
    for item in items:
        changes = [_split(change, new, old) for change in item.changed]
        mine = ItemDiff(item.slug, item.title,
                        tuple(e for e in item.added if (e.name, e.entity_type) in new.entities),
                        tuple(e for e in item.removed if (e.name, e.entity_type) in old.entities),
                        tuple(hand_part for _, hand_part in changes if hand_part is not None),
                        tuple(r for r in item.relations_added if r.key in new.relations),
                        tuple(r for r in item.relations_removed if r.key in old.relations))
        if not mine.size:
            built.append(item)
            continue
        by_hand.append(mine)
        rest = ItemDiff(item.slug, item.title,
                        tuple(e for e in item.added if e not in mine.added),
                        tuple(e for e in item.removed if e not in mine.removed),
                        tuple(built_part for built_part, _ in changes if built_part is not None),
                        tuple(r for r in item.relations_added if r not in mine.relations_added),
                        tuple(r for r in item.relations_removed if r not in mine.relations_removed))
        if rest.size:
            built.append(rest)
    return built, by_hand


def _split(change: EntityChange, new: _Keys, old: _Keys) -> tuple[EntityChange | None, EntityChange | None]:
    """(the part of ``change`` a build wrote, the part made by hand); None where a part is empty."""
    added = [o for o in change.observations_added if (change.name, o) in new.observations]
    removed = [o for o in change.observations_removed if (change.name, o) in old.observations]
    hand = (EntityChange(change.name, change.entity_type, tuple(added), tuple(removed))
            if added or removed else None)
    if hand is None:
        return change, None
    rest = EntityChange(change.name, change.entity_type, _without(change.observations_added, added),
                        _without(change.observations_removed, removed), change.type_changed, change.reordered)
    empty = not (rest.observations_added or rest.observations_removed or rest.type_changed or rest.reordered)
    return (None if empty else rest), hand


def _without(observations: tuple[str, ...], taken: list[str]) -> tuple[str, ...]:
    left = list(taken)
    out = []
    for o in observations:  # a repeated observation repeats (multiset): take each once
        if o in left:
            left.remove(o)
        else:
            out.append(o)
    return tuple(out)
