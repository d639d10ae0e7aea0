"""Mine the concept and method vocabulary of a research corpus.

No hand-written vocabulary is needed; ``kgsync-vocab.yml`` (``vocab_file``)
lets maintainers pin names and stop terms, and always wins.

Per item: ``kgsync.extract.mining`` finds each item's term candidates and their salience.

Over the corpus (``select``):

1. Variants meet by ``canonical.term_key``; an acronym joins an expansion only from a
   definition whose letters match its words: the item's own, else one of the shared map
   (the corpus's definitions and the last manifest's) that the item writes out, else the
   map's only one (``acronym_index.item_acronyms``).  The manifest's entries stay while an
   item writes the acronym, so a delete renames nothing.
2. Stop: the pinned stoplist and the places an acronym spells out ("NZ":
   ``acronym_index.place_expansions``), then *hubs*: a term on more than
   ``mining.max_item_share`` of the items (and on more than ``min_items``)
   separates nothing, so no item chooses it within its caps.  A hub
   of the last build leaves only below ``HUB_LEAVE_RATIO`` of that share
   (hysteresis: ``previous_hubs``).  Each hub is a node that the items
   addressing it link beyond their caps (``kgsync.vocabulary.hubs``; step 6 in ``select``).
3. Each item chooses its terms from its own candidates alone (*locality*): its
   most salient terms that are not plain single words, nor written only as a named product's
   part ("the Gemini API": ``extract.nesting``), nor nearly always inside a
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
   ``graph.terms.connective_terms``'s rule.

Concept or method: a term is a *method* when its head (last) word is a
method noun (evaluation, benchmark, analysis, review, survey, retrieval,
search, scoring, prompting, fine-tuning... see ``lexicon.METHOD_HEADS``), a
process in "-ing" ("chunking", "red teaming"; not "building", "embedding", nor a
phenomenon: "reward hacking", ``lexicon.ING_EVENTS``);
otherwise a *concept* (things, properties, standards, artefacts: "model
context protocol", "knowledge graph", "pipeline").  A pinned
``kind`` wins.  That head's kind is the slot an item's caps count the term under; the node's
type may read more of the phrase ("policy as code", "GitHub code search":
``kgsync.vocabulary.node_kinds``, ``Term.slot``).
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence, Set
from typing import NamedTuple

from kgsync.extract.mining import FOCUS, PLAIN, SUBJECT, ItemCandidates
from kgsync.read.config import Caps, VocabularyOptions
from kgsync.vocabulary.acronym_index import (
    acronym_entries,
    acronym_map,
    acronym_swaps,
    ambiguous_acronyms,
    contracted,
    Expansions,
    is_ordinary_in_capitals,
    first_expansions,
    item_acronyms,
    item_readings,
    place_expansions,
    resolved_group_key,
    unread_acronym_aliases,
)
from kgsync.vocabulary.choice import HUB_ENTER_RATIO as HUB_ENTER_RATIO
from kgsync.vocabulary.choice import HUB_LEAVE_RATIO as HUB_LEAVE_RATIO
from kgsync.vocabulary.choice import SUBSUMED_SHARE as SUBSUMED_SHARE
from kgsync.vocabulary.choice import defined_and_stated, group_is_hub, local_choice, salience_weight, titled_parts
from kgsync.vocabulary.choice import is_hub as is_hub
from kgsync.vocabulary.hubs import items_addressing_hubs, with_hubs
from kgsync.vocabulary.kept import vocabulary_of
from kgsync.vocabulary.kinds_beside import ItemTextKinds, Spread
from kgsync.vocabulary.groups import CandidateGroup, group_kind, group_name, merge_chosen_groups, item_names_group
from kgsync.vocabulary.shares import SelectionStats as SelectionStats
from kgsync.vocabulary.similarity import is_near_duplicate
from kgsync.vocabulary.shares import ItemChoice, Share as Share
from kgsync.vocabulary.shares import choice_of as choice_of
from kgsync.vocabulary.shares import item_shares as item_shares
from kgsync.vocabulary.shares import pinned_lookup as pinned_lookup
from kgsync.vocabulary.shares import subject_keys
from kgsync.vocabulary.named_tails import with_named_tails
from kgsync.vocabulary.topic_join import acronym_names, blend_glosses, blend_names, head_aliases, topic_targets
from kgsync.vocabulary.topics import select_topics, topic_kind, with_topics
from kgsync.vocabulary.terms import Growth
from kgsync.vocabulary.terms import ItemTerms as ItemTerms
from kgsync.vocabulary.terms import Term as Term
from kgsync.vocabulary.terms import TermKind as TermKind
from kgsync.vocabulary.terms import TermUse as TermUse
from kgsync.vocabulary.terms import Vocabulary as Vocabulary
from kgsync.vocabulary.terms import classify as classify
from kgsync.vocabulary.vocab_file import PinnedVocabulary as PinnedVocabulary  # re-exported API
from kgsync.vocabulary.vocab_file import load_pinned as load_pinned  # re-exported API


def select(cands: Sequence[ItemCandidates], options: VocabularyOptions, pinned: PinnedVocabulary | None = None,
           previous_hubs: frozenset[str] | None = None,
           previous_acronyms: Sequence[tuple[str, str]] = (),
           previous_topics: frozenset[str] | None = None, previous_subjects: frozenset[str] = frozenset()) -> Vocabulary:
    """The corpus vocabulary and each item's concepts and methods (see the module doc)."""
    return select_with_stats(cands, options, pinned, previous_hubs, previous_acronyms, previous_topics,
                             previous_subjects)[0]


def select_with_stats(cands: Sequence[ItemCandidates], options: VocabularyOptions,
                      pinned: PinnedVocabulary | None = None,
                      previous_hubs: frozenset[str] | None = None,
                      previous_acronyms: Sequence[tuple[str, str]] = (),
                      previous_topics: frozenset[str] | None = None,
                      previous_subjects: frozenset[str] = frozenset(),
                      made: dict[str, ItemChoice] | None = None,
                      beside: Spread | None = None) -> tuple[Vocabulary, SelectionStats]:
    """``select``, and what ``kgsync.vocabulary.unchanged.selection_unchanged`` checks an edit against.

    Locality: each item chooses its terms from its own candidates alone (``local_choice``:
    salience inside the item, never a corpus frequency), so a merge elsewhere can change an
    item's terms only through the vocabulary (a hub, an acronym's expansion, a near-duplicate
    merge, a term's name), each a ``vocabulary event`` (``kgsync.diff.vocab_events``).
    ``previous_hubs``: the hub keys of the last build (hysteresis, ``HUB_LEAVE_RATIO``);
    ``previous_acronyms``: the (acronym, expansion) pairs its manifest recorded (kept while an item uses them);
    ``previous_topics``: the topics it recorded (kept while an item addresses them, ``kgsync.vocabulary.topics``);
    ``previous_subjects``: the finding subjects it wrote as nodes (``Manifest.subjects``): each stays a
    node while one item's findings open with it (``_subject_groups``);
    ``made``: filled with slug -> what this made of the item (``vocabulary_share`` reads it), a slug of one item;
    ``beside``: where the node kinds' reading of every item's text may be made in another process meanwhile
    (``kinds_beside``; None: here, when the kinds ask).
    """
    ordered = sorted(cands, key=lambda c: c.slug)
    kinds = ItemTextKinds({item.slug: item.dense for item in ordered}, beside)
    try:
        return _select(cands, ordered, options, pinned, previous_hubs, previous_acronyms, previous_topics, previous_subjects,
                       made, kinds)
    finally:
        kinds.abandon()


def _select(cands: Sequence[ItemCandidates], ordered: Sequence[ItemCandidates], options: VocabularyOptions, pinned: PinnedVocabulary | None,
            previous_hubs: frozenset[str] | None, previous_acronyms: Sequence[tuple[str, str]],
            previous_topics: frozenset[str] | None, previous_subjects: frozenset[str],
            made: dict[str, ItemChoice] | None, kinds: ItemTextKinds) -> tuple[Vocabulary, SelectionStats]:
    """``select_with_stats``, given its candidates in slug order too (``ordered``)."""
    pinned = pinned or PinnedVocabulary()
    mining = options.mining
    n_items = len(cands)
    expansions = acronym_map(cands, previous_acronyms)
    global_acronyms = first_expansions(expansions)
    stop_groups = {resolved_group_key(k, {}, pinned, global_acronyms) for k in pinned.stop_keys}
    stop_groups |= place_expansions(expansions, pinned)  # "NZ" names no New Zealand node
    # 1. Variants meet in groups (pinned phrases the miner could not cut out included).
    grouped = _group_candidates(ordered, pinned, expansions, stop_groups)
    groups = grouped.groups
    _add_pinned_mentions(groups, cands, pinned, stop_groups)
    _mark_pinned(groups, pinned)
    # 2. Stop: the stoplist (never grouped) and the hubs.
    hubs = {g for g, group in groups.items() if group_is_hub(group, g, n_items, mining, previous_hubs)}
    stats = SelectionStats(n_items, dict(expansions), frozenset(stop_groups), previous_hubs, frozenset(hubs),
                           {g: len(group.items) for g, group in groups.items()},
                           previous_acronyms=tuple(sorted(previous_acronyms)), previous_topics=previous_topics)
    # 3. Each item chooses its terms from its own candidates.
    kind = _kind_lookup(groups, pinned, global_acronyms)
    choice, titled = _choices(ordered, grouped.own_flags, groups, kind, options.caps, hubs, pinned.theme_keys)
    if made is not None:
        once = Counter(item.slug for item in ordered)
        made.update((item.slug, ItemChoice(item, gkeys, [*choice[item.slug], *titled[item.slug]], mine))
                    for item, gkeys, mine in zip(ordered, grouped.resolved, grouped.own_flags) if once[item.slug] == 1)
    # ... and the names its findings open with, when min_links items' findings do (a node beyond the caps).
    standing = subject_keys(previous_subjects)
    subjects, lone_subjects = _subject_groups(ordered, grouped.own_flags, hubs, mining.min_links, standing)
    chosen = {g for terms in choice.values() for g in terms} | set(subjects)
    item_surfaces = _surfaces_of_choosers(ordered, grouped.resolved, groups, choice, hubs, chosen, subjects)
    kind_of = {g: kind(g) for g in chosen}
    # 4. Near-duplicates among the chosen terms merge; a merge may push a term over the hub limit.
    # Acronym twins merge through the acronyms of one meaning only, inside a longer term ("enterprise
    # AI"): a lone "IP" that kept its letters is not intellectual property.
    twin_swaps = acronym_swaps({short: longs[0] for short, longs in expansions.items() if len(longs) == 1})
    swaps = twin_swaps  # the mention index's variants too: no acronym of two meanings is spelled out as either

    def contract(g: str) -> str:
        short = contracted(g, twin_swaps)
        return short if " " in short else g

    ambiguous = ambiguous_acronyms(expansions, lambda a, b: is_near_duplicate(contract(a), contract(b), options.merge))
    merged_into, source_names = merge_chosen_groups(groups, chosen, kind_of, options.merge, contract)
    kept = chosen - merged_into.keys()
    kept_counts = {g: len(groups[g].items) for g in kept}
    merged_hubs = {g for g in kept if group_is_hub(groups[g], g, n_items, mining, previous_hubs)}
    kept -= merged_hubs
    stats = dataclasses.replace(stats, kept=kept_counts, merged_hubs=frozenset(merged_hubs), lone_subjects=lone_subjects,
                                held_subjects=lone_subjects & standing)
    # the chosen terms each item links beyond its caps (``choice.defined_and_stated``): they take no slot
    defined = {item.slug: frozenset(g for g in choice[item.slug] if defined_and_stated(g, mine.get(g, 0)))
               for item, mine in zip(ordered, grouped.own_flags)}
    vocabulary = vocabulary_of(groups, kept, kind_of, pinned, choice, merged_into, source_names, ordered,
                               item_surfaces, hubs | merged_hubs, n_items, subjects, swaps, ambiguous, defined, kinds)
    # 5. The topics: single words many items address, each linked by the items that address it.
    topics = select_topics(ordered, mining, previous_topics, stop_groups | hubs | merged_hubs, vocabulary._index.keys())
    unknown = [key for key in topics.topics if key not in vocabulary._index]
    # (an acronym of one meaning only: which of two a phrase means is not written there)
    single = {short: longs[0] for short, longs in expansions.items() if len(longs) == 1}
    joins = topic_targets(unknown, {key: topic_kind(key) for key in unknown}, vocabulary.terms, single, options.merge)
    # A chain of acronyms ("AI RMF") joining a generic head names the node (``topic_join.acronym_names``).
    names = acronym_names(joins, single, vocabulary.terms)
    if names:
        vocabulary = vocabulary.renamed(names)
        joins = {key: names.get(target, target) for key, target in joins.items()}
    # A term named by a long form that only glosses a blend ("Memory-GPT (MemGPT)") is named by the blend.
    blends = blend_names(vocabulary.terms, expansions)
    if blends:
        vocabulary = vocabulary.renamed(blends)
        joins = {key: blends.get(target, target) for key, target in joins.items()}
    vocabulary = with_topics(vocabulary, topics, joins)
    # 6. The hubs: each a node the items that address it link beyond their caps (``kgsync.vocabulary.hubs``).
    vocabulary = with_hubs(vocabulary, items_addressing_hubs(ordered, grouped.resolved, hubs),
                           lambda group: group_kind(group, pinned, global_acronyms))
    # 6b. The terms an item's title names and it states that its choice left out (``choice.titled_parts``):
    # each links the node other items' own choices make, beyond the caps, unless the item links it already.
    named = {g: (lambda name: names.get(name, name))(group_name(groups[g])) for g in kept}
    vocabulary = with_titled(vocabulary, {slug: [named[g] for g in extra] for slug, extra in
                                          _titled_links(choice, titled, merged_into, kept, mining.min_links).items()})
    # 7. A node's form an item first writes as the tail of a longer name is that name there ("NIST AI RMF").
    vocabulary = with_named_tails(vocabulary, ordered)
    # 8. A node renamed to a chain of acronyms lists no alias of the generic head it was named by ("RMF",
    # "risk management framework" on ai-rmf): after the topics and tails, which give the node forms too.
    vocabulary = vocabulary.without_aliases({new: head_aliases(old, vocabulary.terms[new].aliases, single)
                                             for old, new in names.items() if new in vocabulary.terms})
    # ... nor a node renamed to a blend the long form that glosses it ("memory GPT" on memgpt), nor a node an
    # acronym of two meanings its own items do not read as it ("FS" on financial-service; issue 21).
    vocabulary = vocabulary.without_aliases({new: blend_glosses(old, vocabulary.terms[new].aliases)
                                             for old, new in blends.items() if new in vocabulary.terms})
    stats = dataclasses.replace(stats, topic_phrases=topics.phrases)
    readings = item_readings(ordered, expansions, ambiguous, vocabulary._index, pinned, grouped.local)
    vocabulary = vocabulary.without_aliases(unread_acronym_aliases(vocabulary.terms, readings, ambiguous,
                                                                   mining.min_links))
    return dataclasses.replace(vocabulary, acronyms=acronym_entries(ordered, expansions, grouped.local),
                               readings=readings), stats


class _Grouped(NamedTuple):
    """Pass 1 of ``select`` over every candidate of every item (in slug order)."""

    groups: dict[str, CandidateGroup]  # group key -> its scores, flags and focus per item
    resolved: list[list[str]]  # per item, the group of each candidate (pass 2 reuses it)
    own_flags: list[dict[str, int]]  # per item, group -> the flags of the item's own candidates
    # per item, ``item_acronyms``: found once (three passes read it, each a search of the item's text)
    local: list[dict[str, str]]


def _group_candidates(ordered: Sequence[ItemCandidates], pinned: PinnedVocabulary, expansions: Expansions,
                      stop_groups: Set[str]) -> _Grouped:
    """Every candidate joins its group (``resolved_group_key`` with the item's own acronym map,
    ``item_acronyms``); a stop group is never created."""
    groups: dict[str, CandidateGroup] = {}
    cache: dict[str, str] = {}  # key -> its group where the item defines no acronym of that key
    cache_get = cache.get
    resolve = pinned.resolve  # ``resolved_group_key`` with no acronym map (one call per distinct key, not two)
    resolved: list[list[str]] = []
    own_flags: list[dict[str, int]] = []
    locals_: list[dict[str, str]] = []
    for item in ordered:
        mapped = item_acronyms(item, expansions)
        locals_.append(mapped)
        local = mapped or None
        slug = item.slug
        gkeys: list[str] = []
        resolved.append(gkeys)
        mine: dict[str, int] = {}
        own_flags.append(mine)
        for key, score, surfaces, flags in item.terms:
            if local is not None and key in local:  # the item's own definition of an acronym wins there
                gkey = resolved_group_key(key, local, pinned, {})
            else:
                found = cache_get(key)
                if found is None:
                    found = cache[key] = resolve(key)
                gkey = found
            gkeys.append(gkey)
            if gkey == key and is_ordinary_in_capitals(key, surfaces, flags):
                continue
            group = groups.get(gkey)
            if group is None:
                if gkey in stop_groups:
                    continue
                group = groups[gkey] = CandidateGroup(gkey)
            scores = group.items
            scores[slug] = scores.get(slug, 0.0) + score
            group.flags |= flags
            mine[gkey] = mine.get(gkey, 0) | flags
            if flags & FOCUS:
                group.focus.add(slug)
    return _Grouped(groups, resolved, own_flags, locals_)


def _mark_pinned(groups: Mapping[str, CandidateGroup], pinned: PinnedVocabulary) -> None:
    """A pinned group takes its pinned name and is never a plain word."""
    for gkey, group in groups.items():
        if gkey in pinned.key_to_name:
            group.pinned = pinned.key_to_name[gkey]
            group.flags &= ~PLAIN


def _kind_lookup(groups: Mapping[str, CandidateGroup], pinned: PinnedVocabulary,
                 acronyms: Mapping[str, str] | None = None) -> Callable[[str], TermKind]:
    """``group_kind`` of a group key, computed once per group."""
    found: dict[str, TermKind] = {}

    def kind(g: str) -> TermKind:
        known = found.get(g)
        if known is None:
            known = found[g] = group_kind(groups[g], pinned, acronyms)
        return known

    return kind


def _choices(ordered: Sequence[ItemCandidates], own_flags: Sequence[Mapping[str, int]], groups: Mapping[str, CandidateGroup],
             kind: Callable[[str], TermKind], caps: Caps, hubs: Set[str],
             theme_pins: Set[str] = frozenset()) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """slug -> the group keys the item chooses (``local_choice``), from the groups its summary parts name;
    and slug -> the terms its title names and it states that the choice left out (``titled_parts``)."""
    by_item: dict[str, list[tuple[float, str]]] = defaultdict(list)  # slug -> (-score, group), eligible only
    for g, group in groups.items():  # hubs too: a term inside one is its part (never chosen itself)
        if not group.focus:  # most groups: no item to rank it, no weight to compute
            continue
        factor = salience_weight(g, bool(group.pinned))
        for slug in group.focus:  # an item addresses what its summary parts name, not its log's asides
            by_item[slug].append((-(group.items[slug] * factor), g))
    choice = {item.slug: local_choice(by_item.get(item.slug, ()), mine, lambda g: bool(groups[g].pinned), kind, caps,
                                       hubs, theme_pins)
              for item, mine in zip(ordered, own_flags)}
    titled = {item.slug: titled_parts(by_item.get(item.slug, ()), mine, choice[item.slug], hubs,
                                      lambda g: bool(groups[g].pinned))
              for item, mine in zip(ordered, own_flags)}
    return choice, titled


def _titled_links(choice: Mapping[str, Sequence[str]], titled: Mapping[str, Sequence[str]], merged_into: Mapping[str, str],
                  kept: Set[str], min_links: int) -> dict[str, list[str]]:
    """slug -> the nodes of its ``titled`` parts (their groups through the merges) that are none of its choice:
    kept groups that ``min_links`` items choose themselves, so a titled part links a node and never makes one
    (nor names it, nor gives it an alias: those come from the choosers alone).  Only the items that have one."""
    choosers: Counter[str] = Counter()
    for terms in choice.values():
        choosers.update({merged_into.get(g, g) for g in terms})
    out: dict[str, list[str]] = {}
    for slug, parts in titled.items():
        if not parts:
            continue
        own = {merged_into.get(g, g) for g in choice[slug]}
        extra = [target for g in parts if (target := merged_into.get(g, g)) in kept and target not in own
                 and choosers[target] >= min_links]
        if extra:
            out[slug] = list(dict.fromkeys(extra))
    return out


def with_titled(vocabulary: Vocabulary, linked: Mapping[str, Sequence[str]]) -> Vocabulary:
    """``vocabulary`` with each item linking the nodes ``linked`` names for it (slug -> term names) beyond its
    caps (``ItemTerms.beyond``), covering the node's aliases (its choosers' forms: it adds none), unless it links
    the node already (its choice, a hub, a topic or a subject its findings open with)."""
    if not linked:
        return vocabulary
    growth = Growth.of(vocabulary)
    for slug in sorted(linked):
        for name in linked[slug]:
            term = growth.terms.get(name)
            held = growth.per_item.get(slug)
            if term is None or (held is not None and name in held.subjects):
                continue  # no node, or one its findings open with: it links that already
            uses = growth.with_use(slug, TermUse(name, term.aliases), term.slot or term.kind)
            if uses is not None:
                growth.per_item[slug] = dataclasses.replace(uses, beyond=uses.beyond + (name,))
    return growth.grown()


def _surfaces_of_choosers(ordered: Sequence[ItemCandidates], resolved: Sequence[Sequence[str]],
                          groups: Mapping[str, CandidateGroup], choice: Mapping[str, Sequence[str]], hubs: Set[str],
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
            if item_names_group(group, item.slug, surfaces):
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


def _subject_groups(ordered: Sequence[ItemCandidates], own_flags: Sequence[Mapping[str, int]], hubs: Set[str],
                    min_links: int, standing: Set[str] = frozenset()) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """Group -> the items whose key findings open with the name it stands for
    (``flags.SUBJECT``: "GraphRAG solves ..."), for the groups of at least ``min_links`` such
    items.  An item writes its findings about what it studies; a name several items' findings
    are about deserves a page, even when no item ranks it among its own few terms (it is
    discussed mostly in their research logs).  A count of items like ``min_links`` itself:
    reaching it is the node's creation; once the last build wrote it (``standing``, its group key),
    one such item keeps it, so a delete retires it only with its last item.  Also returns the groups
    of fewer such items (``SelectionStats.lone_subjects``: which the standing terms can hold)."""
    items: dict[str, set[str]] = defaultdict(set)
    for item, mine in zip(ordered, own_flags):
        for g, flags in mine.items():
            if flags & SUBJECT:
                items[g].add(item.slug)
    floor = max(2, min_links)
    lone = frozenset(g for g, slugs in items.items() if len(slugs) < floor and g not in hubs)
    return ({g: frozenset(slugs) for g, slugs in sorted(items.items())
             if (len(slugs) >= floor or g in standing) and g not in hubs}, lone)


def _add_pinned_mentions(groups: dict[str, CandidateGroup], cands: Sequence[ItemCandidates], pinned: PinnedVocabulary,
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
            group = groups.setdefault(gkey, CandidateGroup(gkey))
            if item.slug not in group.items:
                group.items[item.slug] = 1.0
            group.focus.add(item.slug)
            group.keys.add(key)
