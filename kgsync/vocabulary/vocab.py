"""Mine the concept and method vocabulary of a research corpus.

No hand-written vocabulary is needed; ``kgsync-vocab.yml`` (``vocab_file``)
lets maintainers pin names and stop terms, and always wins.

Per item: ``kgsync.extract.mining`` finds each item's term candidates and their salience.

Over the corpus (``select``):

1. Variants meet by ``canonical.term_key``; an acronym joins the expansion its
   items define for it (the earliest item's definition; an item's own definition
   wins for that item).
2. Stop: the pinned stoplist, then *hubs*: a term on more than
   ``mining.max_item_share`` of the items (and on more than ``min_items``)
   separates nothing and costs every search, so it never becomes a node.  A hub
   of the last build leaves only below ``HUB_LEAVE_RATIO`` of that share
   (hysteresis: ``previous_hubs``).
3. Each item chooses its terms from its own candidates alone (*locality*): its
   most salient terms that are not plain single words nor nearly always inside a
   longer term of its own (its local salience x a length factor, ties by key), at most ``caps.concepts`` concepts
   and ``caps.methods`` methods, never two where one contains the other.  No
   corpus frequency ranks them, so another item's merge cannot push a term out.
   A pinned term the item names comes first and is never cut by the caps.
4. Merge near-duplicates of the same kind among the chosen terms by ``merge:``
   (edit distance and token Jaccard, ``kgsync.vocabulary.similarity``): oldest term first
   (its earliest item), each later term joins the first kept name it is near,
   else stays (the theme vocabulary's growth policy).  Pinned names are never
   merged away.  A term is named and labelled by its earliest item's spelling.
5. Which chosen terms become nodes (linked by ``mining.min_links`` items) is
   ``assemble.connective_terms``'s rule.

Concept or method: a term is a *method* when its head (last) word is a
method noun (evaluation, benchmark, analysis, review, survey, retrieval,
search, scoring, prompting, fine-tuning... see ``lexicon.METHOD_HEADS``), a
process in "-ing" ("chunking", "red teaming"; not "building", "embedding", nor a
phenomenon: "reward hacking", ``lexicon.ING_EVENTS``);
otherwise a *concept* (things, properties, standards, artefacts: "model
context protocol", "knowledge graph", "pipeline").  A pinned
``kind`` wins.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from rapidfuzz.distance import Levenshtein

from kgsync.extract import lexicon
from kgsync.extract.canonical import (
    canonical_name,
    display_alias,
    is_acronym,
    key_of_words,
    prune_aliases,
    term_key,
)
from kgsync.read.config import Caps, Config, Merge, Mining
from kgsync.extract.mining import ACRONYM, DEFINED, FOCUS, PLAIN, SUBJECT, ItemCandidates, segments, token_keys
from kgsync.vocabulary.similarity import is_near_duplicate
from kgsync.vocabulary.vocab_file import PinnedVocabulary as PinnedVocabulary, load_pinned as load_pinned  # re-exported API


class TermKind(StrEnum):
    CONCEPT = "concept"
    METHOD = "method"


# --------------------------------------------------------------------------- corpus
@dataclass(frozen=True)
class Term:
    name: str  # canonical name (after "concept:" / "method:")
    kind: TermKind
    label: str  # the display form most items write
    aliases: tuple[str, ...]  # every variant people type, minus those another alias already matches
    items: tuple[str, ...]  # slugs of the items it occurs in
    pinned: bool = False


@dataclass(frozen=True)
class TermUse:
    name: str
    aliases: tuple[str, ...]  # the variants this item wrote (as Term.aliases entries), plus the label


@dataclass(frozen=True)
class ItemTerms:
    slug: str
    concepts: tuple[TermUse, ...]  # most salient first, within caps.concepts
    methods: tuple[TermUse, ...]  # most salient first, within caps.methods
    subjects: tuple[str, ...] = ()  # names of Vocabulary.subjects its findings open with (beyond the caps)
    #: the item's own concept names within the caps, before ``mining.min_links`` (``assemble.connective_terms``
    #: sets it): what ``assemble.topic_finding`` looks for in its findings
    topics: tuple[str, ...] = ()


@dataclass(frozen=True)
class Vocabulary:
    terms: Mapping[str, Term]  # name -> term, sorted by name
    per_item: Mapping[str, ItemTerms]  # slug -> the item's chosen terms
    hubs: tuple[tuple[str, int], ...] = ()  # (label, items): corpus stopwords found by mining
    item_count: int = 0
    _index: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)  # key -> name
    _acronym_keys: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    _lengths: Mapping[str, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)
    hub_keys: frozenset[str] = frozenset()  # the hubs' group keys (the next build's hysteresis)
    merges: tuple[tuple[str, str], ...] = ()  # (name a chosen term would have, the name it merged into)
    #: name -> the terms whose key is its key with one acronym spelled out or contracted
    #: ("enterprise-ai" / "enterprise-artificial-intelligence"): where ``mentions`` may not
    #: take a term, it takes its twin (``_acronym_variants``).
    acronym_twins: Mapping[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    #: concept names that open key findings of ``mining.min_links`` items (``_subject_groups``):
    #: nodes by their findings, whether or not an item's capped choice holds them.
    subjects: frozenset[str] = frozenset()
    #: the corpus's acronym map, (acronym key, expansion key, the items that write the acronym
    #: without defining it), each from its earliest definer: an entry that comes or goes
    #: regroups those items' candidates, a vocabulary event (``kgsync.diff.vocab_events``), so the
    #: manifest records it.
    acronyms: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    def mentions(self, text: str, words: set[str] | None = None,
                 allowed: Callable[[str], bool] | None = None) -> tuple[str, ...]:
        """Names of terms whose variants occur in ``text``, in order of first mention.

        Longest match first; an acronym-only variant ("ACE") matches only when
        written in capitals, so the word "ace" does not.  ``words``, when given,
        receives ``mention_words(text)``.  ``allowed``: only names it accepts match (an
        item's claims look for the item's own terms, so a longer term another item brings
        never shadows one of them: locality).
        """
        found: dict[str, None] = {}
        for joined, cased in _mention_runs(text):
            if words is not None:
                words.update(joined)
            i = 0
            while i < len(joined):
                step = 1
                for n in self._lengths.get(joined[i], ()):
                    if i + n > len(joined):
                        continue
                    key = joined[i] if n == 1 else " ".join(joined[i : i + n])
                    name = self._index.get(key)
                    if name is not None and allowed is not None and not allowed(name):
                        name = next((t for t in self.acronym_twins.get(name, ()) if allowed(t)), None)
                    if name is None:
                        continue
                    if key in self._acronym_keys and n == 1 and not is_acronym(cased[i]) and not cased[i].isupper():
                        continue
                    found.setdefault(name, None)
                    step = n
                    break
                i += step
        return tuple(found)


    def mention_words(self, text: str) -> frozenset[str]:
        """The key words ``mentions(text)`` looks keys up from.  Its result depends on the
        vocabulary only through the index keys whose first word is one of these (their
        names, lengths and acronym marks); see ``mention_digests``."""
        return frozenset(word for joined, _cased in _mention_runs(text) for word in joined)

    def mention_digests(self) -> dict[str, str]:
        """First key word -> a digest of every index entry starting with it (key, name, acronym
        mark, the name's acronym twins)."""
        by_first: dict[str, list[tuple[str, str, bool, tuple[str, ...]]]] = defaultdict(list)
        for key, name in self._index.items():
            by_first[key.split(" ", 1)[0]].append((key, name, key in self._acronym_keys,
                                                   self.acronym_twins.get(name, ())))
        return {word: hashlib.sha1(repr(sorted(entries)).encode()).hexdigest()
                for word, entries in by_first.items()}


def _mention_runs(text: str) -> Iterator[tuple[list[str], list[str]]]:
    """Each word run of ``text`` as (key words, the token each came from; "" when a prefix closed up)."""
    for run in segments(text):
        cased: list[str] = []
        kws: list[str] = []
        for token in run:
            keys = token_keys(token)
            kws.extend(keys)
            cased.extend([token] * len(keys))
        joined = key_of_words(kws).split(" ")
        if len(joined) != len(kws):  # a prefix closed up: case no longer aligns, be strict
            cased = [""] * len(joined)
        yield joined, cased


#: First word -> (words, their replacement): an acronym and its expansion (``_acronym_swaps``).
_Swaps = Mapping[str, Sequence[tuple[tuple[str, ...], tuple[str, ...]]]]


class _Group:
    """One idea across items while selecting: all keys that resolved to it."""

    __slots__ = ("key", "items", "focus", "surfaces", "flags", "pinned", "keys", "name", "first", "first_surfaces")

    def __init__(self, key: str) -> None:
        self.key = key
        self.items: dict[str, float] = {}  # slug -> local salience
        self.focus: set[str] = set()  # slugs whose title, question, summary, findings or emphasis hold it
        self.surfaces: Counter[str] = Counter()  # surface -> items using it
        self.flags = 0
        self.pinned: str | None = None
        self.keys: set[str] = set()
        self.name = ""  # cached by _name once the surfaces are complete
        self.first = ""  # the earliest item (slug order) that wrote a surface: it names the term
        self.first_surfaces: Counter[str] = Counter()  # that item's surfaces (a stable name and label)


def select(cands: Sequence[ItemCandidates], config: Config, pinned: PinnedVocabulary | None = None,
           previous_hubs: frozenset[str] | None = None) -> Vocabulary:
    """The corpus vocabulary and each item's concepts and methods (see the module doc)."""
    return select_with_stats(cands, config, pinned, previous_hubs)[0]


#: Hysteresis (docs/LOCALITY.md): when the last build's hubs are known, a hub leaves the stoplist
#: only below this share of ``mining.max_item_share``, and another term enters only above
#: ``HUB_ENTER_RATIO`` of it; so a term near the limit does not flip as items come and go (one
#: deleted item lowers the limit for every term).  A first build uses the share itself.
HUB_LEAVE_RATIO = 0.75
HUB_ENTER_RATIO = 1.25


@dataclass(frozen=True)
class SelectionStats:
    """What ``kgsync.vocabulary.unchanged.selection_unchanged`` needs to prove that an edit cannot change ``select``'s result."""

    n_items: int
    acronyms: Mapping[str, str]  # the corpus's acronym map (the earliest definer's expansion)
    stop: frozenset[str]  # stop groups (never created)
    previous_hubs: frozenset[str] | None = None
    hubs: frozenset[str] = frozenset()  # hubs before merging (no item may choose them)
    df: Mapping[str, int] = field(default_factory=dict)  # group -> its number of items
    kept: Mapping[str, int] = field(default_factory=dict)  # chosen groups after merging -> merged item count
    merged_hubs: frozenset[str] = frozenset()  # kept groups a merge pushed over the hub limit


def select_with_stats(cands: Sequence[ItemCandidates], config: Config,
                      pinned: PinnedVocabulary | None = None,
                      previous_hubs: frozenset[str] | None = None) -> tuple[Vocabulary, SelectionStats]:
    """``select``, and what ``kgsync.vocabulary.unchanged.selection_unchanged`` checks an edit against.

    Locality: each item chooses its terms from its own candidates alone (``_local_choice``:
    salience inside the item, never a corpus frequency), so a merge elsewhere can change an
    item's terms only through the vocabulary (a hub, an acronym's expansion, a near-duplicate
    merge, a term's name), each a ``vocabulary event`` (``kgsync.diff.vocab_events``).
    ``previous_hubs``: the hub keys of the last build (hysteresis, ``HUB_LEAVE_RATIO``).
    """
    pinned = pinned or PinnedVocabulary()
    mining = config.mining
    n_items = len(cands)
    ordered = sorted(cands, key=lambda c: c.slug)
    global_acronyms = _acronym_map(cands)
    stop_groups = {_resolve(k, {}, pinned, global_acronyms) for k in pinned.stop_keys}
    # 1. Variants meet in groups (pinned phrases the miner could not cut out included).
    grouped = _group_candidates(ordered, pinned, global_acronyms, stop_groups)
    groups = grouped.groups
    _add_pinned_mentions(groups, cands, pinned, stop_groups)
    _mark_pinned(groups, pinned)
    # 2. Stop: the stoplist (never grouped) and the hubs.
    hubs = {g for g, group in groups.items() if _is_hub(group, g, n_items, mining, previous_hubs)}
    stats = SelectionStats(n_items, dict(global_acronyms), frozenset(stop_groups), previous_hubs, frozenset(hubs),
                           {g: len(group.items) for g, group in groups.items()})
    # 3. Each item chooses its terms from its own candidates.
    kind = _kind_lookup(groups, pinned)
    choice = _choices(ordered, grouped.own_flags, groups, kind, config.caps, hubs)
    # ... and the names its findings open with, when min_links items' findings do (a node beyond the caps).
    subjects = _subject_groups(ordered, grouped.own_flags, hubs, mining.min_links)
    chosen = {g for terms in choice.values() for g in terms} | set(subjects)
    item_surfaces = _surfaces_of_choosers(ordered, grouped.resolved, groups, choice, hubs, chosen, subjects)
    kind_of = {g: kind(g) for g in chosen}
    # 4. Near-duplicates among the chosen terms merge; a merge may push a term over the hub limit.
    merged_into, source_names = _merge_chosen(groups, chosen, kind_of, config.merge, pinned)
    kept = chosen - merged_into.keys()
    kept_counts = {g: len(groups[g].items) for g in kept}
    merged_hubs = {g for g in kept if _is_hub(groups[g], g, n_items, mining, previous_hubs)}
    kept -= merged_hubs
    stats = dataclasses.replace(stats, kept=kept_counts, merged_hubs=frozenset(merged_hubs))
    vocabulary = _vocabulary(groups, kept, kind_of, pinned, choice, merged_into, source_names, ordered,
                             item_surfaces, hubs | merged_hubs, n_items, subjects, _acronym_swaps(global_acronyms))
    return dataclasses.replace(vocabulary, acronyms=_acronym_entries(ordered, global_acronyms)), stats


def _acronym_entries(ordered: Sequence[ItemCandidates],
                     global_acronyms: Mapping[str, str]) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The acronym map with, per acronym, the items that take its expansion from it: they
    write the acronym as a term and do not define it themselves (``_resolve``)."""
    users: dict[str, list[str]] = {}
    for item in ordered:
        own = {short for short, _long in item.acronyms}
        for candidate in item.terms:
            if candidate.key in global_acronyms and candidate.key not in own:
                users.setdefault(candidate.key, []).append(item.slug)
    return tuple((short, long, tuple(sorted(set(users.get(short, ())))))
                 for short, long in sorted(global_acronyms.items()))


class _Grouped(NamedTuple):
    """Pass 1 of ``select`` over every candidate of every item (in slug order)."""

    groups: dict[str, _Group]  # group key -> its scores, flags and focus per item
    resolved: list[list[str]]  # per item, the group of each candidate (pass 2 reuses it)
    own_flags: list[dict[str, int]]  # per item, group -> the flags of the item's own candidates


def _group_candidates(ordered: Sequence[ItemCandidates], pinned: PinnedVocabulary, global_acronyms: Mapping[str, str],
                      stop_groups: Set[str]) -> _Grouped:
    """Every candidate joins its group (``_resolve``; an item's own acronym definition wins
    there); a stop group is never created."""
    groups: dict[str, _Group] = {}
    cache: dict[str, str] = {}

    def group_of(key: str, local: Mapping[str, str] | None) -> str:
        if local and key in local:  # the item's own definition of an acronym wins there
            return _resolve(key, local, pinned, global_acronyms)
        found = cache.get(key)
        if found is None:
            found = cache[key] = _resolve(key, {}, pinned, global_acronyms)
        return found

    cache_get = cache.get
    resolved: list[list[str]] = []
    own_flags: list[dict[str, int]] = []
    for item in ordered:
        local = dict(item.acronyms) if item.acronyms else None
        slug = item.slug
        gkeys: list[str] = []
        resolved.append(gkeys)
        mine: dict[str, int] = {}
        own_flags.append(mine)
        for key, score, _surfaces, flags in item.terms:
            gkey = cache_get(key) if local is None or key not in local else None
            if gkey is None:
                gkey = group_of(key, local)
            gkeys.append(gkey)
            group = groups.get(gkey)
            if group is None:
                if gkey in stop_groups:
                    continue
                group = groups[gkey] = _Group(gkey)
            scores = group.items
            scores[slug] = scores.get(slug, 0.0) + score
            group.flags |= flags
            mine[gkey] = mine.get(gkey, 0) | flags
            if flags & FOCUS:
                group.focus.add(slug)
    return _Grouped(groups, resolved, own_flags)


def _mark_pinned(groups: Mapping[str, _Group], pinned: PinnedVocabulary) -> None:
    """A pinned group takes its pinned name and is never a plain word."""
    for gkey, group in groups.items():
        if gkey in pinned.key_to_name:
            group.pinned = pinned.key_to_name[gkey]
            group.flags &= ~PLAIN


def _kind_lookup(groups: Mapping[str, _Group], pinned: PinnedVocabulary) -> Callable[[str], TermKind]:
    """``_kind`` of a group key, computed once per group."""
    found: dict[str, TermKind] = {}

    def kind(g: str) -> TermKind:
        known = found.get(g)
        if known is None:
            known = found[g] = _kind(groups[g], pinned)
        return known

    return kind


def _choices(ordered: Sequence[ItemCandidates], own_flags: Sequence[Mapping[str, int]], groups: Mapping[str, _Group],
             kind: Callable[[str], TermKind], caps: Caps, hubs: Set[str]) -> dict[str, list[str]]:
    """slug -> the group keys the item chooses (``_local_choice``), from the groups its summary parts name."""
    by_item: dict[str, list[tuple[float, str]]] = defaultdict(list)  # slug -> (-score, group), eligible only
    for g, group in groups.items():  # hubs too: a term inside one is its part (never chosen itself)
        factor = _weight(g, bool(group.pinned))
        for slug in group.focus:  # an item addresses what its summary parts name, not its log's asides
            by_item[slug].append((-(group.items[slug] * factor), g))
    return {item.slug: _local_choice(by_item.get(item.slug, ()), mine, lambda g: bool(groups[g].pinned), kind, caps,
                                     hubs)
            for item, mine in zip(ordered, own_flags)}


def _surfaces_of_choosers(ordered: Sequence[ItemCandidates], resolved: Sequence[Sequence[str]],
                          groups: Mapping[str, _Group], choice: Mapping[str, Sequence[str]], hubs: Set[str],
                          chosen: Set[str], subjects: Mapping[str, frozenset[str]] | None = None,
                          ) -> dict[str, dict[str, list[tuple[tuple[str, int], ...]]]]:
    """Pass 2: surfaces and keys (names, labels, aliases, mention keys), only from the items that
    choose a term (locality: an item that merely mentions it never renames it or adds an
    alias) or whose findings open with it (``subjects``: group -> those items), and from every
    item for a hub (reported only).  Returns slug -> chosen group -> the item's surfaces of it."""
    item_surfaces: dict[str, dict[str, list[tuple[tuple[str, int], ...]]]] = {}
    by_subject_item: dict[str, set[str]] = defaultdict(set)
    for g, slugs in (subjects or {}).items():
        for slug in slugs:
            by_subject_item[slug].add(g)
    for item, gkeys in zip(ordered, resolved):
        mine_surfaces: dict[str, list[tuple[tuple[str, int], ...]]] = {}
        wanted = set(choice[item.slug]) | by_subject_item.get(item.slug, set())
        for (key, _score, surfaces, _flags), gkey in zip(item.terms, gkeys):
            if gkey not in wanted and gkey not in hubs:
                continue
            group = groups[gkey]
            group.keys.add(key)
            counter = group.surfaces
            if _names_it(group, item.slug, surfaces):
                if group.first != item.slug:
                    group.first, group.first_surfaces = item.slug, Counter()
                for surface, _count in surfaces:
                    group.first_surfaces[surface] += 1
            for surface, _count in surfaces:
                counter[surface] = counter.get(surface, 0) + 1
            if gkey in chosen:
                mine_surfaces.setdefault(gkey, []).append(surfaces)
        item_surfaces[item.slug] = mine_surfaces
    return item_surfaces


def _merge_chosen(groups: dict[str, _Group], chosen: set[str], kind_of: Mapping[str, TermKind], rule: Merge,
                  pinned: PinnedVocabulary) -> tuple[dict[str, str], dict[str, str]]:
    """Merge near-duplicates among the chosen groups (``_merge_near_duplicates``): each merged
    group is absorbed into its target and leaves ``groups``.  Returns source -> target, and
    source -> the name it would have had (taken before it is absorbed)."""
    merged_into = _merge_near_duplicates(groups, chosen, kind_of, rule)
    source_names = {source: _name(groups[source], pinned) for source in merged_into}
    for source, target in sorted(merged_into.items()):
        _absorb(groups[target], groups.pop(source))
    return merged_into, source_names


def _vocabulary(groups: Mapping[str, _Group], kept: set[str], kind_of: Mapping[str, TermKind], pinned: PinnedVocabulary,
                choice: Mapping[str, Sequence[str]], merged_into: Mapping[str, str], source_names: Mapping[str, str],
                ordered: Sequence[ItemCandidates], item_surfaces: Mapping[str, Mapping[str, list[tuple[tuple[str, int], ...]]]],
                hubs: Set[str], n_items: int, subjects: Mapping[str, frozenset[str]] | None = None,
                swaps: _Swaps | None = None) -> Vocabulary:
    """The vocabulary of the kept groups: its terms (those some item uses), each item's terms,
    the hubs (reported), the merges, the mention index and its acronym twins, and the finding
    subjects (``subjects``: group -> the items whose findings open with it)."""
    terms = _terms(groups, kept, kind_of, pinned)
    by_key = {g: _name(groups[g], pinned) for g in kept}
    per_item = _per_item(choice, merged_into, kept, by_key, terms, ordered, item_surfaces)
    hub_rows = tuple(sorted(((_label(groups[g]) if g in groups else g, len(groups[g].items)) for g in hubs
                             if g in groups), key=lambda r: (-r[1], r[0])))
    hub_keys = frozenset(g for g in hubs if g in groups)
    used = {use.name for chosen in per_item.values() for use in chosen.concepts + chosen.methods}
    own_subjects: dict[str, set[str]] = defaultdict(set)
    for g, slugs in (subjects or {}).items():
        target = merged_into.get(g, g)
        if target in kept:
            for slug in slugs:
                own_subjects[slug].add(by_key[target])
    for slug, names in own_subjects.items():
        per_item[slug] = dataclasses.replace(per_item[slug], subjects=tuple(sorted(names)))
    subject_names = frozenset(name for names in own_subjects.values() for name in names)
    used |= subject_names
    used_terms = {name: term for name, term in terms.items() if name in used}
    used_keys = {g for g in kept if by_key[g] in used}
    swaps = swaps or {}
    index, acronym_keys, lengths = _mention_index(groups, used_keys, by_key, pinned, swaps)
    twins = {by_key[g]: tuple(sorted({by_key[v] for v in _acronym_variants(g, swaps) if v in used_keys} - {by_key[g]}))
             for g in sorted(used_keys)}
    return Vocabulary(dict(sorted(used_terms.items())), dict(sorted(per_item.items())), hub_rows, n_items,
                      index, acronym_keys, lengths, hub_keys=hub_keys,
                      acronym_twins={name: found for name, found in twins.items() if found},
                      subjects=subject_names,
                      merges=tuple(sorted({(source_names[source], by_key[target])
                                           for source, target in merged_into.items() if target in by_key})))


def _subject_groups(ordered: Sequence[ItemCandidates], own_flags: Sequence[Mapping[str, int]], hubs: Set[str],
                    min_links: int) -> dict[str, frozenset[str]]:
    """Group -> the items whose key findings open with the name it stands for
    (``mining.SUBJECT``: "GraphRAG solves ..."), for the groups of at least ``min_links`` such
    items.  An item writes its findings about what it studies; a name several items' findings
    are about deserves a page, even when no item ranks it among its own few terms (it is
    discussed mostly in their research logs).  A count of items like ``min_links`` itself:
    reaching it is the node's creation."""
    items: dict[str, set[str]] = defaultdict(set)
    for item, mine in zip(ordered, own_flags):
        for g, flags in mine.items():
            if flags & SUBJECT:
                items[g].add(item.slug)
    return {g: frozenset(slugs) for g, slugs in sorted(items.items())
            if len(slugs) >= max(2, min_links) and g not in hubs}


def _names_it(group: _Group, slug: str, surfaces: Sequence[tuple[str, int]]) -> bool:
    """Does this item (items come in slug order) name the group?  The earliest item that writes
    it out (an expansion before an acronym), else the earliest item: a rule no count moves."""
    if not group.first or group.first == slug:
        return True
    return (all(_is_short(s) for s in group.first_surfaces)
            and any(not _is_short(s) for s, _count in surfaces))


def _is_hub(group: _Group, g: str, n_items: int, mining: Mining, previous_hubs: frozenset[str] | None) -> bool:
    """A corpus stopword (``is_hub``); a pinned term never is one."""
    return not group.pinned and is_hub(g, len(group.items), n_items, mining, previous_hubs)


def is_hub(g: str, count: int, n_items: int, mining: Mining, previous_hubs: frozenset[str] | None) -> bool:
    """Whether group ``g`` on ``count`` of ``n_items`` items is a corpus stopword: on more than the
    hub share of the items (and more than ``min_items``); with the last build's hubs known, a hub
    stays one until it falls below ``HUB_LEAVE_RATIO`` of that share and another term enters only
    above ``HUB_ENTER_RATIO`` of it."""
    ratio = 1.0 if previous_hubs is None else HUB_LEAVE_RATIO if g in previous_hubs else HUB_ENTER_RATIO
    share = mining.max_item_share * ratio
    return count > max(share * n_items, mining.min_items)


def _local_choice(ranked: Iterable[tuple[float, str]], own_flags: Mapping[str, int],
                  is_pinned: Callable[[str], bool], kind: Callable[[str], TermKind], caps: Caps,
                  hubs: Set[str]) -> list[str]:
    """One item's terms, from its own candidates only: its most salient terms that its own
    mining does not mark plain (an ordinary single word), strongest first, then by key; at most
    ``caps.concepts`` concepts and ``caps.methods`` methods; never two where one contains
    the other.  Whether a term recurs elsewhere never moves it up or down (locality).

    A pinned term (``kgsync-vocab.yml``) the item names is chosen first, whatever the caps: the
    maintainers' pin is honoured on every item that names it (its summary parts do), and the
    mined terms fill the slots it leaves."""
    ranked = sorted(ranked)
    inside = _inside_longer(ranked)
    chosen: list[str] = []
    counts = {TermKind.CONCEPT: 0, TermKind.METHOD: 0}
    limits = {TermKind.CONCEPT: caps.concepts, TermKind.METHOD: caps.methods}
    for _score, g in ranked:
        if is_pinned(g) and g not in hubs and not any(_nested(g, other) for other in chosen):
            chosen.append(g)
            counts[kind(g)] += 1
    for score, g in ranked:
        if g in hubs or is_pinned(g):
            continue
        flags = own_flags.get(g, 0)
        if flags & PLAIN:
            continue  # an ordinary single word names no idea on its own
        # Nearly always inside one longer term of this item ("large language" in "large
        # language model"): the longer one names the idea.
        if not flags & (ACRONYM | DEFINED) and inside.get(g, 0.0) >= SUBSUMED_SHARE * -score:
            continue
        term_kind = kind(g)
        if counts[term_kind] >= limits[term_kind]:
            continue
        if any(_nested(g, other) for other in chosen):
            continue
        chosen.append(g)
        counts[term_kind] += 1
        if all(counts[k] >= limits[k] for k in counts):
            break
    return chosen


#: A term whose item writes it inside a longer term of its own at least this strongly is that longer term's part.
SUBSUMED_SHARE = 0.75


def _inside_longer(ranked: Sequence[tuple[float, str]]) -> dict[str, float]:
    """group key -> the strongest score (positive) of a longer term of the same item that contains it."""
    out: dict[str, float] = {}
    for neg_score, g in ranked:
        parts = g.split(" ")
        for n in range(1, len(parts)):
            for i in range(len(parts) - n + 1):
                sub = " ".join(parts[i : i + n])
                if out.get(sub, 0.0) < -neg_score:
                    out[sub] = -neg_score
    return out


def _resolve(key: str, local: Mapping[str, str], pinned: PinnedVocabulary, global_acronyms: Mapping[str, str]) -> str:
    """The group a candidate key joins: pinned merges and names first, then the item's
    own acronym definition, then the corpus's."""
    target = pinned.resolve(key)
    if target != key or target in pinned.key_to_name:
        return target
    expansion = local.get(key) or global_acronyms.get(key)
    return pinned.resolve(expansion) if expansion else key


class Share(NamedTuple):
    """One item's share of one group, as ``select`` adds it up (pass 1, pinned mentions, pass 2)."""

    score: float
    flags: int
    focus: bool
    keys: frozenset[str]
    surfaces: tuple[tuple[str, int], ...]  # surface -> how many of the item's keys wrote it, sorted


def item_shares(item: ItemCandidates, pinned: PinnedVocabulary, stats: SelectionStats,
                lookup: Vocabulary | None) -> dict[str, Share]:
    """group -> the item's share of it, computed like ``select`` does (same resolution,
    same order of float additions, pinned phrases in ``dense`` through ``lookup``); stop
    groups are skipped as ``select`` skips them."""
    local = dict(item.acronyms)
    scores: dict[str, float] = {}
    flags: dict[str, int] = {}
    focus: set[str] = set()
    keys: dict[str, set[str]] = {}
    surfaces: dict[str, Counter[str]] = {}
    for key, score, written, flag in item.terms:
        gkey = _resolve(key, local, pinned, stats.acronyms)
        if gkey in stats.stop:
            continue
        scores[gkey] = scores.get(gkey, 0.0) + score
        flags[gkey] = flags.get(gkey, 0) | flag
        if flag & FOCUS:
            focus.add(gkey)
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
    return {g: Share(scores[g], flags[g], g in focus, frozenset(keys[g]),
                     tuple(sorted(surfaces[g].items())) if g in surfaces else ()) for g in scores}


def pinned_lookup(pinned: PinnedVocabulary) -> Vocabulary | None:
    """A vocabulary of the pinned names alone, to find pinned phrases in an item's dense text (None: none pinned)."""
    if not pinned.key_to_name:
        return None
    return Vocabulary({}, {}, (), 0, {k: k for k in pinned.key_to_name},
                      frozenset(pinned.acronym_keys), _lengths_of(pinned.key_to_name))


def choice_of(shares: Mapping[str, Share], pinned: PinnedVocabulary, stats: SelectionStats,
              config: Config) -> list[str]:
    """One item's ``_local_choice`` from its shares (``item_shares``), as ``select`` makes it."""
    ranked = [(-(share.score * _weight(g, g in pinned.key_to_name)), g) for g, share in shares.items() if share.focus]
    own_flags = {g: share.flags for g, share in shares.items()}
    return _local_choice(ranked, own_flags, lambda g: g in pinned.key_to_name,
                         lambda g: TermKind(pinned.kinds[pinned.key_to_name[g]])
                         if g in pinned.key_to_name and pinned.kinds.get(pinned.key_to_name[g]) else classify(g),
                         config.caps, stats.hubs)


def _acronym_map(cands: Sequence[ItemCandidates]) -> dict[str, str]:
    """acronym key -> the expansion key the earliest item (slug order: slugs start with their
    date) defines it as.  Not a majority: a vote flips when items come and go, the first
    definition does not when later work is added (locality)."""
    out: dict[str, str] = {}
    for item in sorted(cands, key=lambda c: c.slug):
        for short, long in sorted(item.acronyms):
            out.setdefault(short, long)
    return out


def _add_pinned_mentions(groups: dict[str, _Group], cands: Sequence[ItemCandidates], pinned: PinnedVocabulary,
                         stop_groups: set[str]) -> None:
    """Pinned phrases the miner could not cut out ("theory of mind") still count."""
    lookup = pinned_lookup(pinned)
    if lookup is None:
        return
    for item in cands:
        for key in lookup.mentions(item.dense):
            gkey = pinned.resolve(key)
            if gkey in stop_groups:
                continue
            group = groups.setdefault(gkey, _Group(gkey))
            if item.slug not in group.items:
                group.items[item.slug] = 1.0
            group.focus.add(item.slug)
            group.keys.add(key)


def _lengths_of(keys: Iterable[str]) -> dict[str, tuple[int, ...]]:
    lengths: dict[str, set[int]] = defaultdict(set)
    for key in keys:
        parts = key.split(" ")
        lengths[parts[0]].add(len(parts))
    return {k: tuple(sorted(v, reverse=True)) for k, v in lengths.items()}


def _weight(key: str, pinned: bool) -> float:
    """What an item's salience of a term is multiplied by when it ranks its terms."""
    return _length_factor(key) * (1.5 if pinned else 1.0)


def _length_factor(key: str) -> float:
    n = key.count(" ") + 1
    return (0.7, 1.0, 1.0, 0.85)[min(n, 4) - 1]


def _nested(a: str, b: str) -> bool:
    return f" {a} " in f" {b} " or f" {b} " in f" {a} "


def _kind(group: _Group, pinned: PinnedVocabulary) -> TermKind:
    if group.pinned and pinned.kinds.get(group.pinned):
        return TermKind(pinned.kinds[group.pinned])
    return classify(group.key)


@lru_cache(maxsize=100_000)
def classify(key: str) -> TermKind:
    """Concept or method by the head word (see the module doc)."""
    head = key.split(" ")[-1]
    if head in lexicon.METHOD_HEADS:
        return TermKind.METHOD
    if head.endswith("ing") and len(head) >= 5 and head not in lexicon.ING_NOUNS and head not in lexicon.ING_EVENTS:
        return TermKind.METHOD
    return TermKind.CONCEPT


def _merge_near_duplicates(groups: Mapping[str, _Group], kept: set[str], kind_of: Mapping[str, TermKind],
                           rule: Merge) -> dict[str, str]:
    """source group -> target group, by the growth policy: oldest first.

    Each term, oldest first, joins the first kept name of its
    kind it may merge into (``_mergeable``), else is kept.  Exact blocks make
    this linear: every mergeable pair shares one (see ``_probe_blocks``).
    """
    # Oldest first (the earliest item that chose it, slug order), not most items first: a
    # later item's term joins an earlier one, and no count that merges move decides the name.
    order = sorted(kept, key=lambda g: (not groups[g].pinned, groups[g].first or min(groups[g].items, default=""),
                                        len(g), g))
    names = {g: groups[g].pinned or _name(groups[g], None) for g in kept}
    blocks: dict[tuple[TermKind, str], list[str]] = defaultdict(list)
    merged: dict[str, str] = {}
    for g in order:
        name, kind = names[g], kind_of[g]
        own = _own_blocks(name)
        target = None
        if not groups[g].pinned:
            for block in _probe_blocks(name, own):
                near = blocks.get((kind, block))  # most blocks hold nothing yet
                if near:
                    target = next((o for o in near if _mergeable(name, names[o], rule)), None)
                    if target:
                        break
        if target:
            merged[g] = target
            continue
        for block in own:
            blocks[(kind, block)].append(g)
    return merged


def _mergeable(name: str, canon: str, rule: Merge) -> bool:
    """Near-duplicates (``similarity.is_near_duplicate``) that are one idea:
    spelling variants (the edit-distance half), the same words in another
    order, or a narrower term merging into the broader one it ends with
    ("indirect prompt injection" -> "prompt injection").  Other near pairs
    ("knowledge graph" / "knowledge graph construction": another head) stay
    apart; ``kgsync duplicates`` lists them for a maintainer to decide."""
    if not is_near_duplicate(name, canon, rule):
        return False
    a, b = name.split("-"), canon.split("-")
    if len(a) == 1 or len(b) == 1 or Levenshtein.distance(name, canon) < rule.min_edit_distance:
        return True
    if set(a) == set(b):
        return True
    return len(b) < len(a) and a[-len(b):] == b  # only the narrower joins the broader


def _own_blocks(name: str) -> list[str]:
    words_ = name.split("-")
    out = ["f:" + "".join(words_), "s:" + " ".join(sorted(words_)), "h:" + name]
    if len(words_) >= 2:
        out += [f"d{i}:" + "-".join(words_[:i] + [w[:5]] + words_[i + 1 :]) for i, w in enumerate(words_)]
    return out


def _probe_blocks(name: str, own: list[str] | None = None) -> list[str]:
    """A separator-free twin, a reordering, a derivation of one word, or a
    shorter term this one ends with (its head).  ``own``: ``_own_blocks(name)``, when known."""
    words_ = name.split("-")
    own = _own_blocks(name) if own is None else own
    # _own_blocks is [twin, reordering, "h:" + name] + the derivations (two words or more)
    out = own[:2] + own[3:]
    out += ["h:" + "-".join(words_[i:]) for i in range(1, len(words_) - 1)]
    return out


def _absorb(target: _Group, source: _Group) -> None:
    for slug, score in source.items.items():
        target.items[slug] = target.items.get(slug, 0.0) + score
    target.focus |= source.focus
    # A narrower term merged in ("bounded use case" into "use case") lends its
    # items, not its words: as an alias it would make "bounded" reach the node.
    if not set(source.key.split(" ")) > set(target.key.split(" ")):
        target.surfaces.update(source.surfaces)
    target.keys |= source.keys | {source.key}
    if source.first and (not target.first or source.first < target.first):
        target.first, target.first_surfaces = source.first, source.first_surfaces
    target.name = ""  # more surfaces: choose again
    target.flags |= source.flags & ~PLAIN


def _label(group: _Group) -> str:
    """The display form the earliest item writes (most written there); an expansion before its
    acronym.  Not the corpus majority: a label must not flip when a majority shifts."""
    surfaces = group.first_surfaces or group.surfaces
    if not surfaces:
        return group.key
    return display_alias(min(surfaces.items(), key=_surface_rank)[0])  # the rank is a total order


def _surface_rank(kv: tuple[str, int]) -> tuple[bool, int, int, str]:
    return _is_short(kv[0]), -kv[1], len(kv[0]), kv[0]


def _is_short(surface: str) -> bool:
    return " " not in surface and "-" not in surface and is_acronym(surface)


def _name(group: _Group, pinned: PinnedVocabulary | None) -> str:
    if group.pinned:
        return group.pinned
    if not group.name:
        group.name = _choose_name(group)
    return group.name


def _choose_name(group: _Group) -> str:
    """From the earliest item's surfaces (see ``_label``), then everyone's."""
    surfaces = group.first_surfaces or group.surfaces
    if surfaces:  # nearly always the best-ranked surface: no sort for it
        surface = min(surfaces.items(), key=_surface_rank)[0]
        name = canonical_name(surface)
        if name and term_key(surface) == group.key:
            return name
    ranked = sorted(surfaces.items(), key=_surface_rank) + sorted(group.surfaces.items(), key=_surface_rank)
    for surface, _count in ranked:
        name = canonical_name(surface)
        if name and term_key(surface) == group.key:
            return name
    return canonical_name(ranked[0][0]) if ranked else group.key.replace(" ", "-")


def _terms(groups: Mapping[str, _Group], kept: set[str], kind_of: Mapping[str, TermKind],
           pinned: PinnedVocabulary) -> dict[str, Term]:
    terms: dict[str, Term] = {}
    for g in sorted(kept):
        group = groups[g]
        name = _name(group, pinned)
        label = pinned.labels.get(name) or _label(group)
        variants = [display_alias(s) for s in group.surfaces] + [label] + list(pinned.aliases.get(name, ()))
        aliases = prune_aliases(name, [v for v in variants if v])
        if name in terms:  # two keys gave one name (rare spelling corner): one node
            old = terms[name]
            aliases = prune_aliases(name, old.aliases + aliases)
            items = tuple(sorted(set(old.items) | set(group.items)))
            terms[name] = Term(name, old.kind, old.label, aliases, items, old.pinned)
            continue
        terms[name] = Term(name, kind_of[g], label, aliases, tuple(sorted(group.items)), bool(group.pinned))
    return terms


def _per_item(choice: Mapping[str, Sequence[str]], merged_into: Mapping[str, str], kept: set[str],
              by_key: Mapping[str, str], terms: Mapping[str, Term], ordered: Sequence[ItemCandidates],
              item_surfaces: Mapping[str, Mapping[str, list[tuple[tuple[str, int], ...]]]]) -> dict[str, ItemTerms]:
    """Each item's own choice (``_local_choice``), through the near-duplicate merges, as terms."""
    per_item: dict[str, ItemTerms] = {}
    covering: dict[tuple[str, frozenset[str]], tuple[str, ...]] = {}  # _covering depends on the term and the set used
    for item in ordered:
        chosen: dict[TermKind, list[TermUse]] = {TermKind.CONCEPT: [], TermKind.METHOD: []}
        picked: set[str] = set()
        mine: dict[str, list[tuple[tuple[str, int], ...]]] = defaultdict(list)
        for g, surfaces in item_surfaces.get(item.slug, {}).items():
            mine[merged_into.get(g, g)].extend(surfaces)
        for g in choice.get(item.slug, ()):
            g = merged_into.get(g, g)
            if g not in kept or by_key[g] in picked:
                continue  # a hub after merging, or a second variant of a term already taken
            name = by_key[g]
            term = terms[name]
            picked.add(name)
            used = [display_alias(s) for pairs in mine.get(g, ()) for s, _ in pairs] + [term.label]
            if term.pinned:  # the maintainers' aliases are retrieval keys they chose: always written
                used += term.aliases
            # Many items use a term through the same variants: cover each distinct set once.
            memo_key = (name, frozenset(used))
            covered = covering.get(memo_key)
            if covered is None:
                covered = covering[memo_key] = _covering(term, used)
            chosen[term.kind].append(TermUse(name, covered))
        per_item[item.slug] = ItemTerms(item.slug, tuple(chosen[TermKind.CONCEPT]), tuple(chosen[TermKind.METHOD]))
    return per_item


def _covering(term: Term, used: Iterable[str]) -> tuple[str, ...]:
    """For each variant used, the term alias that matches it (the alias itself or one containing it)."""
    out: set[str] = set()
    lowered = [(a.lower(), a) for a in term.aliases]
    for variant in used:
        low = variant.lower()
        hits = sorted((len(a), a) for la, a in lowered if low in la)
        if hits:
            out.add(hits[0][1])
    return tuple(sorted(out))


def _mention_index(groups: Mapping[str, _Group], kept: set[str], by_key: Mapping[str, str],
                   pinned: PinnedVocabulary, swaps: _Swaps | None = None,
                   ) -> tuple[dict[str, str], frozenset[str], dict[str, tuple[int, ...]]]:
    index: dict[str, str] = {}
    acronym_only: set[str] = set()
    swaps = swaps or {}
    for g in sorted(kept):
        name = by_key[g]
        keys = {g} | groups[g].keys | {term_key(s) for s in groups[g].surfaces}
        keys |= {term_key(a) for a in pinned.aliases.get(name, ())}
        for surface in groups[g].surfaces:
            if _is_short(surface):
                acronym_only.add(term_key(surface))
        for key in sorted(k for k in keys if k):
            index.setdefault(key, name)
        for key in sorted(k for k in keys if k):  # after the written keys: a written key always wins
            for variant in _acronym_variants(key, swaps):
                if variant not in index:
                    index[variant] = name
                    if " " not in variant:
                        acronym_only.add(variant)  # a lone acronym matches only in capitals
    return index, frozenset(acronym_only), _lengths_of(index)


def _acronym_swaps(acronyms: Mapping[str, str]) -> _Swaps:
    """First word -> (words, their replacement), both ways for the corpus's acronyms: ("ai",) <->
    ("artificial", "intelligence").  An expansion several acronyms share contracts to the first."""
    pairs: dict[tuple[str, ...], tuple[str, ...]] = {}
    for short, long in sorted(acronyms.items()):
        if " " in short or " " not in long:
            continue
        pairs.setdefault((short,), tuple(long.split(" ")))
        pairs.setdefault(tuple(long.split(" ")), (short,))
    out: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = defaultdict(list)
    for old, new in sorted(pairs.items()):
        out[old[0]].append((old, new))
    return out


def _acronym_variants(key: str, swaps: _Swaps) -> list[str]:
    """``key`` with one acronym spelled out or one expansion contracted: a text that writes
    "enterprise AI" names "enterprise artificial intelligence", one that writes "artificial
    intelligence agents" names "AI agent".  The acronym map is the shared vocabulary's (the
    earliest item's definition), so this reads no corpus statistic."""
    words_ = tuple(key.split(" "))
    if len(words_) < 2:
        return []
    out: list[str] = []
    for i, word in enumerate(words_):
        for old, new in swaps.get(word, ()):
            if words_[i : i + len(old)] == old:
                out.append(" ".join(words_[:i] + new + words_[i + len(old) :]))
    return out
