"""Whether an edit can change the vocabulary: the locality argument ``select`` allows, as a check."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from kgsync.extract import compounds
from kgsync.extract.mining import SUBJECT, ItemCandidates
from kgsync.read.config import Caps, Mining
from kgsync.vocabulary.acronym_index import item_acronyms
from kgsync.vocabulary.hubs import item_hubs
from kgsync.vocabulary.node_kinds import item_frames, item_roles
from kgsync.extract.topic_links import item_topics
from kgsync.vocabulary.topics import edit_moves_phrases
from kgsync.vocabulary.vocab import (
    PinnedVocabulary,
    SelectionStats,
    choice_of,
    is_hub,
    item_shares,
    pinned_lookup,
)


def selection_unchanged(stats: SelectionStats, changes: Sequence[tuple[ItemCandidates, ItemCandidates]],
                        caps: Caps, pinned: PinnedVocabulary | None = None) -> SelectionStats | None:
    """Whether replacing each ``old`` candidates by ``new`` (same slugs, same item count,
    same options, pinned vocabulary and previous hubs) leaves ``select``'s result as it was;
    if so, the stats of the new corpus, else None.

    Locality makes the proof short.  Another item reads an edited item only through the
    groups it belongs to (counts: hubs; focus, keys and surfaces: names, aliases, the
    mention index, merges of chosen terms) and through the terms it chooses.  Its scores
    and flags are read by its own ``choice.local_choice`` alone.  So when its groups, their
    focus, keys and surfaces, and its own choice are as they were, so is the result; a
    group of this item alone that it does not choose is read by nothing.
    """
    pinned = pinned or PinnedVocabulary()
    if not changes:
        return stats  # the same input
    if any(old.slug != new.slug or old.acronyms != new.acronyms
           or item_acronyms(old, stats.acronyms) != item_acronyms(new, stats.acronyms)
           or _acronyms_written(old, stats.acronyms) != _acronyms_written(new, stats.acronyms) for old, new in changes):
        return None  # the acronym map and the expansions the items write decide groups
    if any(item_topics(old) != item_topics(new) or old.whole != new.whole or edit_moves_phrases(stats.topic_phrases, old, new)
           or old.plurals != new.plurals or _prefixed_modifiers(old) != _prefixed_modifiers(new) for old, new in changes):
        return None  # the topics are counted over the corpus (``kgsync.vocabulary.topics``), their plurals' writers too
    if any(old.dense != new.dense and (item_frames(old.dense) != item_frames(new.dense)
                                       or item_roles(old.dense) != item_roles(new.dense)) for old, new in changes):
        return None  # a theory frame or a task of a method retypes its node (``node_kinds.item_frames``, ``item_roles``)
    if stats.hubs and any(item_hubs(old, stats.hubs, stats.acronyms, pinned) != item_hubs(new, stats.hubs, stats.acronyms,
                                                                                          pinned) for old, new in changes):
        return None  # the hubs it addresses and how it writes them make the hub nodes (``kgsync.vocabulary.hubs``)
    lookup = pinned_lookup(pinned)
    before = [item_shares(old, pinned, stats, lookup) for old, _new in changes]
    after = [item_shares(new, pinned, stats, lookup) for _old, new in changes]
    df = dict(stats.df)
    moved: set[str] = set()  # groups an edited item joined or left, or whose focus, keys or surfaces changed
    for g in {g for old, new in zip(before, after) for g in old.keys() | new.keys() if old.get(g) != new.get(g)}:
        if g in pinned.key_to_name:
            return None  # a pinned term is a node whatever its items
        if any((old[g].flags if g in old else 0) & SUBJECT != (new[g].flags if g in new else 0) & SUBJECT
               for old, new in zip(before, after)):
            return None  # a finding's subject is counted over the corpus (``vocab._subject_groups``)
        if all((g in old) == (g in new) and (g not in old or old[g][2:] == new[g][2:])
               for old, new in zip(before, after)):
            continue  # only scores or flags: read by the edited item's own choice alone (checked below)
        # Otherwise only a group of at most one item, before and after, that no item chooses:
        # it is no node, no hub, no merge and no mention key, so nothing else reads it.
        members_before = sum(g in old for old in before)
        members_after = sum(g in new for new in after)
        if stats.df.get(g, 0) != members_before or members_before > 1 or members_after > 1:
            return None
        moved.add(g)
        if members_after:
            df[g] = 1
        else:
            df.pop(g, None)
    for old, new in zip(before, after):
        chosen = choice_of(old, pinned, stats, caps)
        if chosen != choice_of(new, pinned, stats, caps) or moved.intersection(chosen):
            return None  # the item's own terms changed
    return dataclasses.replace(stats, df=df)


def map_pairs(stats: SelectionStats) -> tuple[tuple[str, str], ...]:
    """The acronym map of a selection as (acronym, expansion) pairs, as a manifest records it."""
    return tuple(sorted((short, long) for short, longs in stats.acronyms.items() for long in longs))


def _acronyms_written(item: ItemCandidates, acronyms: Mapping[str, object]) -> set[str]:
    """The acronyms of the map an item writes: the last manifest's entries stay while one does."""
    return {candidate.key for candidate in item.terms if candidate.key in acronyms}


def same_hubs(stats: SelectionStats, previous_hubs: frozenset[str] | None, mining: Mining,
              pinned: PinnedVocabulary | None = None) -> SelectionStats | None:
    """``stats`` for selecting with other ``previous_hubs`` when no hub decision changes by
    it (every group, and every merged group, is decided the same by its count), else None."""
    if previous_hubs == stats.previous_hubs:
        return stats
    pinned = pinned or PinnedVocabulary()

    def hub(g: str, count: int) -> bool:  # as select decides it (a pinned term never is one)
        return g not in pinned.key_to_name and is_hub(g, count, stats.n_items, mining, previous_hubs)

    if any(hub(g, count) != (g in stats.hubs) for g, count in stats.df.items()):
        return None
    if any(hub(g, count) != (g in stats.merged_hubs) for g, count in stats.kept.items()):
        return None
    return dataclasses.replace(stats, previous_hubs=previous_hubs)


def _prefixed_modifiers(item: ItemCandidates) -> frozenset[str]:
    """The prefixed compounds ``item`` writes only as modifiers: whether one is a topic reads them
    (``vocabulary.topics._modifying``)."""
    return frozenset(key for key in item.modifiers if compounds.is_prefixed_key(key))
