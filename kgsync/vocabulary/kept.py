"""The vocabulary a selection makes (``vocab.select``): the terms of the kept groups, with their names,
aliases and node kinds, each item's terms through the near-duplicate merges, its finding subjects, and
the mention index.

``vocab`` decides which groups are kept and what each item chooses; this module only writes that down
as the ``Vocabulary`` every later stage reads, so it takes no decision of its own.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence, Set

from kgsync.extract.canonical import display_alias, prune_aliases
from kgsync.extract.mining import ItemCandidates
from kgsync.vocabulary.acronym_index import AcronymSwaps, acronym_variants, mention_index
from kgsync.vocabulary.groups import CandidateGroup, group_label, group_name, written_names
from kgsync.vocabulary.kinds_beside import ItemTextKinds
from kgsync.vocabulary.node_kinds import flat, node_kind, task_kind, theory_kind
from kgsync.vocabulary.terms import ItemTerms, Term, TermKind, TermUse, Vocabulary
from kgsync.vocabulary.vocab_file import PinnedVocabulary


def vocabulary_of(groups: Mapping[str, CandidateGroup], kept: set[str], kind_of: Mapping[str, TermKind], pinned: PinnedVocabulary,
                  choice: Mapping[str, Sequence[str]], merged_into: Mapping[str, str], source_names: Mapping[str, str],
                  ordered: Sequence[ItemCandidates], item_surfaces: Mapping[str, Mapping[str, list[tuple[tuple[str, int], ...]]]],
                  hubs: Set[str], n_items: int, subjects: Mapping[str, frozenset[str]] | None = None,
                  swaps: AcronymSwaps | None = None, ambiguous: frozenset[str] = frozenset(),
                  defined: Mapping[str, Set[str]] | None = None, kinds: ItemTextKinds | None = None) -> Vocabulary:
    """The vocabulary of the kept groups: its terms (those some item uses), each item's terms,
    the hubs (reported), the merges, the mention index and its acronym twins, and the finding
    subjects (``subjects``: group -> the items whose findings open with it); ``defined``: slug -> the
    groups of its choice it links beyond its caps (``ItemTerms.defined``); ``kinds``: what the node kinds
    read of each item's text, when another process makes it (``kinds_beside``)."""
    terms = _terms(groups, kept, kind_of, pinned, {item.slug: item.dense for item in ordered},
                   kinds if kinds is not None and kinds.spread else None)
    by_key = {g: group_name(groups[g]) for g in kept}
    per_item = _per_item(choice, merged_into, kept, by_key, terms, ordered, item_surfaces, defined or {})
    hub_rows = tuple(sorted(((group_label(groups[g]) if g in groups else g, len(groups[g].items)) for g in hubs
                             if g in groups), key=lambda r: (-r[1], r[0])))
    hub_keys = frozenset(g for g in hubs if g in groups)
    used = {use.name for chosen in per_item.values() for use in chosen.concepts + chosen.methods}
    own_subjects: dict[str, set[str]] = defaultdict(set)
    for g, slugs in (subjects or {}).items():
        target = merged_into.get(g, g)
        if target in kept:
            for slug in slugs:
                own_subjects[slug].add(by_key[target])
    by_name = {name: g for g, name in by_key.items()}
    for slug, names in own_subjects.items():
        subject_uses = tuple(_subject_use(terms[name], item_surfaces.get(slug, {}), by_name[name], merged_into)
                             for name in sorted(names))
        per_item[slug] = dataclasses.replace(per_item[slug], subjects=tuple(sorted(names)), subject_uses=subject_uses)
    subject_names = frozenset(name for names in own_subjects.values() for name in names)
    used |= subject_names
    used_terms = {name: term for name, term in terms.items() if name in used}
    used_keys = {g for g in kept if by_key[g] in used}
    swaps = swaps or {}
    index, acronym_keys, lengths = mention_index(groups, used_keys, by_key, pinned, swaps, ambiguous)
    twins = {by_key[g]: tuple(sorted({by_key[v] for v in acronym_variants(g, swaps) if v in used_keys} - {by_key[g]}))
             for g in sorted(used_keys)}
    return Vocabulary(dict(sorted(used_terms.items())), dict(sorted(per_item.items())), hub_rows, n_items,
                      index, acronym_keys, lengths, hub_keys=hub_keys,
                      acronym_twins={name: found for name, found in twins.items() if found},
                      subjects=subject_names,
                      merges=tuple(sorted({(source_names[source], by_key[target])
                                           for source, target in merged_into.items() if target in by_key})))


def _terms(groups: Mapping[str, CandidateGroup], kept: set[str], kind_of: Mapping[str, TermKind],
           pinned: PinnedVocabulary, dense: Mapping[str, str], kinds: ItemTextKinds | None = None) -> dict[str, Term]:
    """Each kept group as a term, by name: its label (the maintainers' pinned one, else the group's), its aliases
    (every spelling the items write, pruned) and its node kind, read from how the items write it (``node_kinds``,
    ``dense``: each item's dense zones; ``kinds``: what they read of each, made in another process) unless
    the maintainers pinned a kind, which stands."""
    terms: dict[str, Term] = {}
    flats: dict[str, str] = {}  # slug -> its dense zones as ``node_kinds.theory_kind`` reads them, once

    def flat_dense(slug: str) -> str:
        if slug not in flats:
            flats[slug] = flat(dense.get(slug, ""))
        return flats[slug]

    theories, tasks = (kinds.theories, kinds.tasks) if kinds is not None else (None, None)
    for g in sorted(kept):
        group = groups[g]
        name = group_name(group)
        label = pinned.labels.get(name) or group_label(group)
        named = written_names(group.surfaces)
        variants = ([display_alias(s, s in named) for s in group.surfaces] + [label]
                    + list(pinned.aliases.get(name, ())))
        aliases = prune_aliases(name, [v for v in variants if v])
        if name in terms:  # two keys gave one name (rare spelling corner): one node
            old = terms[name]
            aliases = prune_aliases(name, old.aliases + aliases)
            items = tuple(sorted(set(old.items) | set(group.items)))
            terms[name] = Term(name, old.kind, old.label, aliases, items, old.pinned)
            continue
        slot = kind_of[g]
        names = [*group.keys, *group.surfaces]
        kind = slot if group.pinned and pinned.kinds.get(group.pinned) else task_kind(theory_kind(
            node_kind(g, label, slot), names, group.items, flat_dense, theories), names, group.items,
            lambda s: dense.get(s, ""), tasks)
        terms[name] = Term(name, kind, label, aliases, tuple(sorted(group.items)), bool(group.pinned),
                           slot if kind is not slot else None)
    return terms


def _per_item(choice: Mapping[str, Sequence[str]], merged_into: Mapping[str, str], kept: set[str],
              by_key: Mapping[str, str], terms: Mapping[str, Term], ordered: Sequence[ItemCandidates],
              item_surfaces: Mapping[str, Mapping[str, list[tuple[tuple[str, int], ...]]]],
              defined: Mapping[str, Set[str]]) -> dict[str, ItemTerms]:
    """Each item's own choice (``local_choice``), through the near-duplicate merges, as terms."""
    per_item: dict[str, ItemTerms] = {}
    covering: dict[tuple[str, frozenset[str]], tuple[str, ...]] = {}  # _covering depends on the term and the set used
    for item in ordered:
        chosen: dict[TermKind, list[TermUse]] = {TermKind.CONCEPT: [], TermKind.METHOD: []}
        picked: set[str] = set()
        beyond_caps = defined.get(item.slug, frozenset())
        unslotted: list[str] = []
        mine: dict[str, list[tuple[tuple[str, int], ...]]] = defaultdict(list)
        for g, surfaces in item_surfaces.get(item.slug, {}).items():
            mine[merged_into.get(g, g)].extend(surfaces)
        for raw in choice.get(item.slug, ()):
            g = merged_into.get(raw, raw)
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
            chosen[term.slot or term.kind].append(TermUse(name, covered))  # by the kind it took its slot under
            if g in beyond_caps or raw in beyond_caps:
                unslotted.append(name)
        per_item[item.slug] = ItemTerms(item.slug, tuple(chosen[TermKind.CONCEPT]), tuple(chosen[TermKind.METHOD]),
                                        defined=tuple(unslotted))
    return per_item


def _subject_use(term: Term, surfaces: Mapping[str, list[tuple[tuple[str, int], ...]]], group: str,
                 merged_into: Mapping[str, str]) -> TermUse:
    """A finding subject as the item writes it: the term aliases covering its own surfaces (of the
    term's group and of the groups merged into it).  Unlike a term it chooses (``_per_item``), not
    the term's label: a subject's node is written beyond the item's caps, and the label (the
    earliest item's spelling) would move with another item's delete (``bench/bench_locality.py``)."""
    used = [display_alias(s) for g, pairs in surfaces.items() if merged_into.get(g, g) == group
            for written in pairs for s, _ in written]
    return TermUse(term.name, _covering(term, used))


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
