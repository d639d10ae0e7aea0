"""Hubs as nodes: a term on more than the hub share of the items is linked by the items about it.

A *hub* (``choice.is_hub``: on more than ``mining.max_item_share`` of the items, with the
manifest's hysteresis) separates nothing, so no item spends one of its capped slots on it
(``choice.local_choice``) and no item's findings make it a subject.  But a term that many items
share is the repository's most important concept ("large language model", "GitHub" in an AI
corpus): it deserves a node as much as a topic does (``kgsync.vocabulary.topics``).  So each hub
is a term that every item *addressing* it links beyond its caps (``ItemTerms.beyond``), as a
topic is, and not every item that names it in passing.  Its node is written, as any mined term's,
once ``mining.min_links`` items link it (``graph.terms``): on a small corpus a hub one item
addresses is a stopword only (``kgsync vocab`` says how many items address it).

An item addresses a hub by its own text alone: mining's own count of the forms of it the item
writes (its title, research question, executive summary and key findings, and its definitions
and emphasis anywhere; ``mining.candidates``), with the topic words' thresholds
(``extract.topics.addresses``: three mentions), one of them where the item states its subject:
its title, research question or executive summary (``flags.TITLE``, ``flags.STATED``), as a
topic is linked (``vocabulary.topics``), and not only as a named product's part there ("the Gemini
API", ``flags.FREE``: the item cites the product, the hub is the genre of its part).  A finding alone does not make the item about a hub: it
also cites its evidence ("NIST AI RMF", "GitHub Copilot"), and readers judged two of three items
that linked a hub only so passing by it.  Never a corpus count: which terms are hubs is the corpus's status (with hysteresis), and the rest is
the item's.  The node's name, label, kind and aliases come from the addressing items' forms
only (the earliest addresser names it, ``groups.group_name``), so an item that merely mentions a hub
never renames it; each addressing item is itself linked to the node, so whatever it changes
about it goes through a node it touches (docs/LOCALITY.md).

A hub entering or leaving is already a vocabulary event (``hub entered`` / ``hub left``,
``kgsync.diff.vocab_events``) the PR names: the items that chose the term within their caps no
longer do and those addressing it link the hub node instead, or the other way round.

Only the hubs found before near-duplicate merges are nodes; a chosen term that a merge pushes
over the hub share (``SelectionStats.merged_hubs``, rare) stays a stopword.  Nor is a hub that
WordNet lists as a compound of general English ("artificial intelligence", as "decision making"
is no topic phrase: ``vocabulary.topics.is_topic_phrase``): a dictionary word on most of a
corpus's items names its field, not one of its ideas; a blind reader called such a page one
that tells nothing (four of twenty items that linked it were about it).
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence, Set

from kgsync.extract import wordnet
from kgsync.extract.canonical import display_alias, prune_aliases, term_key
from kgsync.extract.mining import FREE, STATED, TITLE, ItemCandidates
from kgsync.extract.topics import addresses
from kgsync.vocabulary.acronym_index import resolved_group_key, is_ordinary_in_capitals, item_acronyms
from kgsync.vocabulary.groups import CandidateGroup, is_lone_acronym, group_label, group_name
from kgsync.vocabulary.terms import Growth, Term, TermKind, TermUse, Vocabulary
from kgsync.vocabulary.vocab_file import PinnedVocabulary

#: One item's forms of one hub it addresses: (the candidate keys, the forms written with their counts).
HubForms = tuple[frozenset[str], tuple[tuple[str, int], ...]]


def addressed_hubs(item: ItemCandidates, group_of: Callable[[int, str], str | None],
                   hubs: Set[str]) -> dict[str, HubForms]:
    """Hub key -> the item's forms of it, for each hub the item addresses (see the module doc).

    ``group_of(i, key)``: the group the item's ``i``-th candidate joins (None: none, as a stop
    group or an ordinary word in capitals); the caller resolves it as ``vocab.select`` does."""
    nodes = node_hubs(hubs)
    if not nodes:
        return {}
    return _addressed(item, [(i, g) for i, (key, _score, _surfaces, _flags) in enumerate(item.terms)
                             if (g := group_of(i, key)) is not None and g in nodes])


def node_hubs(hubs: Set[str]) -> frozenset[str]:
    """The hubs that may be nodes (``is_node_hub``)."""
    return frozenset(g for g in hubs if is_node_hub(g))


def _addressed(item: ItemCandidates, joined: Sequence[tuple[int, str]]) -> dict[str, HubForms]:
    """``addressed_hubs``, from (index, node hub) of each of the item's candidates that joins one, in order."""
    count: dict[str, int] = {}
    concluded: set[str] = set()
    terms = item.terms
    for i, g in joined:
        _key, _score, surfaces, flags = terms[i]
        count[g] = count.get(g, 0) + sum(n for _surface, n in surfaces)
        if flags & TITLE or flags & STATED and flags & FREE:  # not only as a name's part: "the Gemini API"
            concluded.add(g)
    # The forms only of the hubs the item addresses: about one in nine that it writes (10,000
    # synthetic items), and gathering every one's cost the select stage ~0.1 s (speed15s, the stage timed
    # in process over 10,000 items of ``bench/gen_corpus.py``).
    kept = {g for g, n in count.items() if addresses(n, 1 if g in concluded else 0)}
    if not kept:
        return {}
    keys: dict[str, set[str]] = {}
    written: dict[str, dict[str, int]] = {}  # hub -> surface -> count (as ``Counter.update``, with plain dicts)
    for i, g in joined:
        if g not in kept:
            continue
        key, _score, surfaces, _flags = terms[i]
        keys.setdefault(g, set()).add(key)
        mine = written.setdefault(g, {})
        for surface, n in dict(surfaces).items():  # a surface written twice counts its last entry, as before
            mine[surface] = mine.get(surface, 0) + n
    return {g: (frozenset(keys[g]), tuple(sorted(written[g].items()))) for g in sorted(kept)}


def is_node_hub(g: str) -> bool:
    """May hub ``g`` be a node?  Not when WordNet lists it as a compound of general English (see
    the module doc); a word or phrase the dictionary does not hold ("large language model",
    "GitHub") may."""
    return not wordnet.is_noun_compound(g)


def items_addressing_hubs(ordered: Sequence[ItemCandidates], resolved: Sequence[Sequence[str]],
                          hubs: Set[str]) -> dict[str, dict[str, HubForms]]:
    """slug -> ``addressed_hubs`` of each item, through ``vocab.select``'s first pass (``resolved``:
    per item, the group of each candidate).  The node hubs are found once, and only a candidate
    whose group is one is looked at (``_joined`` gives its group or None)."""
    nodes = node_hubs(hubs)
    out: dict[str, dict[str, HubForms]] = {}
    if not nodes:
        return out
    for item, gkeys in zip(ordered, resolved):
        if nodes.isdisjoint(gkeys):
            continue
        terms = item.terms
        joined = [(i, g) for i, g in enumerate(gkeys)
                  if g in nodes and _joined(terms[i].key, g, terms[i].surfaces, terms[i].flags) is not None]
        found = _addressed(item, joined)
        if found:
            out[item.slug] = found
    return out


def item_hubs(item: ItemCandidates, hubs: Set[str], acronyms: Mapping[str, tuple[str, ...]],
              pinned: PinnedVocabulary) -> dict[str, HubForms]:
    """``addressed_hubs`` of one item, its candidates resolved as ``vocab.select`` resolves them
    (``acronyms``: the corpus's acronym map): what ``vocabulary.unchanged`` compares for an edit."""
    local = item_acronyms(item, acronyms)

    def group_of(i: int, key: str) -> str | None:
        return _joined(key, resolved_group_key(key, local, pinned, {}), item.terms[i].surfaces, item.terms[i].flags)

    return addressed_hubs(item, group_of, hubs)


def _joined(key: str, gkey: str, surfaces: Sequence[tuple[str, int]], flags: int) -> str | None:
    """The group a candidate joins, None where ``vocab._group_candidates`` skips it."""
    return None if gkey == key and is_ordinary_in_capitals(key, surfaces, flags) else gkey


def with_hubs(vocabulary: Vocabulary, addressed: Mapping[str, Mapping[str, HubForms]],
              kind_of: Callable[[CandidateGroup], TermKind]) -> Vocabulary:
    """``vocabulary`` with each hub some item addresses a term that every addressing item uses
    beyond its caps (``ItemTerms.beyond``, after its topics), found by ``mentions`` through the keys
    and acronyms those items write.  ``addressed``: slug -> ``addressed_hubs`` of that item;
    ``kind_of``: a hub's kind from its (addressers') group (``groups.group_kind``)."""
    by_hub: dict[str, list[str]] = defaultdict(list)
    for slug in sorted(addressed):
        for g in addressed[slug]:
            by_hub[g].append(slug)
    if not by_hub:
        return vocabulary
    growth = Growth.of(vocabulary)
    terms = growth.terms
    for g in sorted(by_hub):
        slugs = by_hub[g]
        group = _addressers_group(g, [addressed[slug][g] for slug in slugs], slugs[0])
        name = group_name(group)
        label = group_label(group)
        aliases = prune_aliases(name, [display_alias(s) for s in group.surfaces] + [label])
        old = terms.get(name)
        if old is None:
            kind = kind_of(group)
            terms[name] = Term(name, kind, label, aliases, tuple(slugs))
        else:  # another key gave the same name (rare): one node
            kind = old.kind
            terms[name] = dataclasses.replace(old, items=tuple(sorted(set(old.items) | set(slugs))),
                                              aliases=prune_aliases(name, [*old.aliases, *aliases]))
        for key in sorted(group.keys | {g}):
            growth.index_key(key, name)
        growth.acronym_keys.update(term_key(s) for s in group.surfaces if is_lone_acronym(s) and term_key(s) in group.keys)
        use = TermUse(name, tuple(dict.fromkeys((terms[name].label, *terms[name].aliases))))
        for slug in slugs:
            uses = growth.with_use(slug, use, kind)
            if uses is not None:  # else the item links it already (a term of the same name)
                growth.per_item[slug] = dataclasses.replace(uses, beyond=uses.beyond + (name,))
    return growth.grown()


def _addressers_group(g: str, forms: Sequence[HubForms], first: str) -> CandidateGroup:
    """The hub's group as its addressing items alone write it (in slug order; ``first`` the
    earliest): what names and labels it, as the earliest item that writes a term names that term."""
    group = CandidateGroup(g)
    for keys, surfaces in forms:
        group.keys |= keys
        for surface, _n in surfaces:
            group.surfaces[surface] += 1
    group.first = first
    group.first_surfaces = Counter(dict(forms[0][1]))
    return group


def hub_nodes(vocabulary: Vocabulary) -> dict[str, tuple[str, ...]]:
    """Hub node name -> the items that link it beyond their caps (those whose key is a hub)."""
    names = {vocabulary._index.get(g) for g in vocabulary.hub_keys}
    out: dict[str, list[str]] = defaultdict(list)
    for slug, uses in vocabulary.per_item.items():
        for name in uses.beyond:
            if name in names:
                out[name].append(slug)
    return {name: tuple(slugs) for name, slugs in sorted(out.items())}


def hub_addressers(vocabulary: Vocabulary, linkers: dict[str, tuple[str, ...]]
                   ) -> dict[str, tuple[str | None, tuple[str, ...]]]:
    """Hub label (``Vocabulary.hubs``) -> its node's term name (None: no item addresses it) and the
    items that address it: what ``kgsync vocab`` says of each hub, for a hub is a node only where
    ``mining.min_links`` of those items link it (as any mined term, ``graph.terms``).  ``linkers``:
    ``hub_nodes(vocabulary)``, which the caller has made already.  A label is matched by its key to a
    hub key, or to a form the node's addressers write (the mention index also maps words inside a
    longer name: "rank fusion" is no "reciprocal rank fusion")."""
    name_of: dict[str, str] = {}
    for g in sorted(vocabulary.hub_keys):
        name = vocabulary._index.get(g)
        if name in linkers:
            term = vocabulary.terms[name]
            for key in (g, *(term_key(form) for form in (term.label, *term.aliases))):
                name_of.setdefault(key, name)
    out: dict[str, tuple[str | None, tuple[str, ...]]] = {}
    for label, _count in vocabulary.hubs:
        name = name_of.get(term_key(label))
        out[label] = (name, linkers[name]) if name is not None else (None, ())
    return out
