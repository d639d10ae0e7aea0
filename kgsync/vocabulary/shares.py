"""One item's share of the vocabulary, computed as ``vocab.select`` computes it: what
``kgsync.vocabulary.unchanged`` needs to prove an edit cannot change the selection."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from kgsync.extract.canonical import term_key
from kgsync.extract.mining import FOCUS, SUBJECT, ItemCandidates
from kgsync.read.config import Caps
from kgsync.vocabulary.acronym_index import resolved_group_key, is_ordinary_in_capitals, item_acronyms
from kgsync.vocabulary.choice import local_choice, salience_weight, titled_parts
from kgsync.vocabulary.terms import TermKind, Vocabulary, phrase_lengths_by_first_word, classify
from kgsync.vocabulary.vocab_file import PinnedVocabulary


@dataclass(frozen=True)
class SelectionStats:
    """What ``kgsync.vocabulary.unchanged.selection_unchanged`` needs to prove that an edit cannot change ``select``'s result."""

    n_items: int
    acronyms: Mapping[str, tuple[str, ...]]  # the corpus's acronym map (the earliest definer's expansion first)
    stop: frozenset[str]  # stop groups (never created)
    previous_hubs: frozenset[str] | None = None
    hubs: frozenset[str] = frozenset()  # hubs before merging (no item may choose them)
    df: Mapping[str, int] = field(default_factory=dict)  # group -> its number of items
    kept: Mapping[str, int] = field(default_factory=dict)  # chosen groups after merging -> merged item count
    merged_hubs: frozenset[str] = frozenset()  # kept groups a merge pushed over the hub limit
    previous_acronyms: tuple[tuple[str, str], ...] = ()  # the last manifest's (acronym, expansion) pairs
    previous_topics: frozenset[str] | None = None  # the last manifest's topics (``kgsync.vocabulary.topics``)
    topic_phrases: Mapping[str, frozenset[int]] = field(default_factory=dict)  # ``TopicChoice.phrases``
    # groups fewer than the subject floor's items' findings open with (``vocab._subject_groups``), and those
    # of them the last build's terms held: the same held set, the same subjects
    lone_subjects: frozenset[str] = frozenset()
    held_subjects: frozenset[str] = frozenset()


def subject_keys(names: Iterable[str]) -> frozenset[str]:
    """The group keys of the finding subjects a manifest records by name (``SelectionStats.held_subjects``)."""
    return frozenset(map(term_key, names))


class ItemChoice(NamedTuple):
    """What ``select`` made of one item, as ``vocabulary_share`` would make it again: the item, each of its
    rows' group (``item_groups``), its choice (``choice_of``) and group -> its rows' flags."""

    item: ItemCandidates
    groups: Sequence[str]
    chosen: Sequence[str]
    flags: Mapping[str, int]


class Share(NamedTuple):
    """One item's share of one group, as ``select`` adds it up (pass 1, pinned mentions, pass 2)."""

    score: float
    flags: int
    focus: bool
    keys: frozenset[str]
    surfaces: tuple[tuple[str, int], ...]  # surface -> how many of the item's keys wrote it, sorted


def item_shares(item: ItemCandidates, pinned: PinnedVocabulary, stats: SelectionStats,
                lookup: Vocabulary | None, groups: Sequence[str] | None = None, parts: bool = True) -> dict[str, Share]:
    """group -> the item's share of it, computed like ``select`` does (same resolution,
    same order of float additions, pinned phrases in ``dense`` through ``lookup``); stop
    groups, and ordinary words in capitals (``is_ordinary_in_capitals``), are skipped as ``select`` skips them.
    ``groups``: each of the item's rows' group, when already resolved; ``parts``: False leaves each
    share's keys and surfaces empty (``choice_of`` reads its score, flags and focus alone)."""
    if groups is None:
        groups = item_groups(item, pinned, stats)
    scores: dict[str, float] = {}
    flags: dict[str, int] = {}
    focus: set[str] = set()
    keys: dict[str, set[str]] = {}
    surfaces: dict[str, Counter[str]] = {}
    for (key, score, written, flag), gkey in zip(item.terms, groups):
        if gkey in stats.stop or gkey == key and is_ordinary_in_capitals(key, written, flag):
            continue
        scores[gkey] = scores.get(gkey, 0.0) + score
        flags[gkey] = flags.get(gkey, 0) | flag
        if flag & FOCUS:
            focus.add(gkey)
        if not parts:
            continue
        keys.setdefault(gkey, set()).add(key)
        counter = surfaces.setdefault(gkey, Counter())
        for surface, _count in written:
            counter[surface] += 1
    for key in lookup.mentions(item.dense) if lookup is not None else ():  # as _add_pinned_mentions
        gkey = pinned.resolve(key)
        if gkey in stats.stop:
            continue
        scores.setdefault(gkey, 1.0)
        flags.setdefault(gkey, 0)
        focus.add(gkey)
        keys.setdefault(gkey, set()).add(key)
    if not parts:
        return {g: Share(scores[g], flags[g], g in focus, frozenset(), ()) for g in scores}
    return {g: Share(scores[g], flags[g], g in focus, frozenset(keys[g]),
                     tuple(sorted(surfaces[g].items())) if g in surfaces else ()) for g in scores}


def item_groups(item: ItemCandidates, pinned: PinnedVocabulary, stats: SelectionStats) -> list[str]:
    """The group of each of the item's rows, as ``select`` resolves it (its own acronyms first)."""
    local = item_acronyms(item, stats.acronyms)
    return [resolved_group_key(key, local, pinned, {}) for key in map(itemgetter(0), item.terms)]


def pinned_lookup(pinned: PinnedVocabulary) -> Vocabulary | None:
    """A vocabulary of the pinned names alone, to find pinned phrases in an item's dense text (None: none pinned)."""
    if not pinned.key_to_name:
        return None
    return Vocabulary({}, {}, (), 0, {k: k for k in pinned.key_to_name},
                      frozenset(pinned.acronym_keys), phrase_lengths_by_first_word(pinned.key_to_name))


def choice_of(shares: Mapping[str, Share], pinned: PinnedVocabulary, stats: SelectionStats,
              caps: Caps) -> list[str]:
    """One item's ``local_choice`` from its shares (``item_shares``), as ``select`` makes it, then its
    ``titled_parts`` (a change of those changes the item's links as a change of its choice does)."""
    ranked = [(-(share.score * salience_weight(g, g in pinned.key_to_name)), g) for g, share in shares.items() if share.focus]
    own_flags = {g: share.flags for g, share in shares.items()}
    chosen = local_choice(ranked, own_flags, lambda g: g in pinned.key_to_name,
                          lambda g: TermKind(pinned.kinds[pinned.key_to_name[g]])
                          if g in pinned.key_to_name and pinned.kinds.get(pinned.key_to_name[g]) else classify(g),
                          caps, stats.hubs, pinned.theme_keys)
    return [*chosen, *titled_parts(ranked, own_flags, chosen, stats.hubs, lambda g: g in pinned.key_to_name)]


def vocabulary_share(item: ItemCandidates, pinned: PinnedVocabulary, stats: SelectionStats, caps: Caps,
                     lookup: Vocabulary | None, made: ItemChoice | None = None) -> ItemCandidates:
    """What the shared vocabulary reads of one item beyond its own choice, kept for the builds in which
    it fails to parse (``kgsync.vocabulary.share_record``, the manifest's field): its candidate rows of
    the groups it chooses (``choice_of``), opens findings with (``SUBJECT``) or writes as a hub (their
    surfaces and keys name terms, give aliases and mention keys, and count the hubs and subjects), and
    its rows of the map's acronyms (it takes their expansions: the acronym entries' users, which keep an
    entry), and its acronym definitions and the acronyms it writes out (they group its rows, and other
    items' that take the map's expansions).  A function of the item and ``stats`` alone: a reused selection gives
    the same share as one selected again.  No dense text, no topic words: a failing item's topics and
    node kinds are the manifest head's (its hysteresis).  ``made``: the item's groups and choice as ``select``
    made them under ``stats`` (``select_with_stats``'s ``made``), the same as made here, not made twice."""
    if made is None or made.item is not item:  # a selection reused, or another item: made again
        groups = item_groups(item, pinned, stats)
        shares = item_shares(item, pinned, stats, lookup, groups, parts=False)
        flags = {g: share.flags for g, share in shares.items()}
        made = ItemChoice(item, groups, choice_of(shares, pinned, stats, caps), flags)
    wanted = set(made.chosen) | stats.hubs | stats.merged_hubs
    wanted.update(g for g, flag in made.flags.items() if flag & SUBJECT)
    acronyms = stats.acronyms  # an acronym of the map it writes: it takes the expansion (the manifest's users)
    rows = tuple(row for row, g in zip(item.terms, made.groups) if row.key in acronyms or g in wanted)
    return ItemCandidates(item.slug, rows, item.acronyms, spelled=item.spelled)
