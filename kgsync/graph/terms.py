"""Which mined terms and themes become concept and method nodes, and each item's links to them."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from kgsync.contract.lazy_mapping import LazyMapping
from kgsync.contract.model import EntityType, RelationType, concept_name, item_name, method_name
from kgsync.extract.canonical import canonical_name, display_alias, is_acronym, term_key, without_restated_expansion
from kgsync.graph.facts_builder import FactsBuilder
from kgsync.read.config import Caps
from kgsync.read.items import ResearchItem
from kgsync.vocabulary.economy import tag_observation
from kgsync.vocabulary.themes import ThemeMap, theme_named
from kgsync.vocabulary.terms import Term
from kgsync.vocabulary.vocab import ItemTerms, TermKind, TermUse, Vocabulary


@dataclass(frozen=True)
class TermChoice:
    """What choosing every item's written terms (``connective_terms``) decides corpus-wide: the mined
    concepts and methods left out for linking fewer than ``min_links`` items, the themes a chosen mined
    concept stands for (``mined_names_of_themes``), and the mined concepts that are nodes
    (``concept_nodes``).  With them, one item's terms are a function of its own ``Vocabulary.per_item``
    entry (``ChosenTerms``): a build that already has them for the same inputs chooses no item's terms
    that it does not read.

    ``held``: the mined terms fewer than ``min_links`` items link that stay because the last build
    wrote them (``standing``); ``linked``: every mined term some item links (its name, whatever the
    slot), which the manifest records as the next build's ``standing``."""

    concepts_cut: frozenset[str] = frozenset()
    methods_cut: frozenset[str] = frozenset()
    themes: frozenset[str] = frozenset()
    nodes: frozenset[str] = frozenset()
    held: frozenset[str] = frozenset()
    linked: frozenset[str] = frozenset()

    def holds_for(self, standing: frozenset[str]) -> bool:
        """Whether this choice is also the one made with the last build's terms ``standing``: the
        terms it held are still standing and none it cut is (the rest of ``standing`` is read by nothing)."""
        return self.held <= standing and standing.isdisjoint(self.concepts_cut) and standing.isdisjoint(self.methods_cut)


def term_choice(items: Sequence[ResearchItem], vocabulary: Vocabulary, caps: Caps,
                merged_into_theme: Mapping[str, str], min_links: int,
                standing: frozenset[str] = frozenset()) -> tuple[TermChoice, dict[str, ItemTerms]]:
    """The corpus-wide ``TermChoice`` and each item's terms as they will be written (``connective_terms``)."""
    cut = _capped_and_cut(items, vocabulary, caps, merged_into_theme, min_links, standing)
    chosen = cut.chosen
    themes = frozenset(merged_into_theme[use.name] for uses in chosen.values() for use in _theme_uses(uses)
                       if use.name in merged_into_theme)
    return (TermChoice(cut.concepts_cut, cut.methods_cut, themes, concept_nodes(chosen, merged_into_theme, vocabulary),
                       cut.held, cut.linked),
            chosen)


def _theme_uses(uses: ItemTerms) -> tuple[TermUse, ...]:
    """The uses of ``uses`` a theme's node stands for when ``mined_names_of_themes`` names it: every
    concept and every method, pinned or mined.  A name a theme stands for names the theme's idea
    whatever slot the item chose it in (mining reads "software engineering" as a method, the theme
    ``software-engineering`` is a concept): the node carries its aliases as the items write them ("SE"),
    and an item naming it links the node.  Read from the concepts only, a method so named was written
    as no node at all (its own merged, the theme's not linked: issue 21)."""
    return (*uses.concepts, *uses.methods) if uses.methods else uses.concepts


class ChosenTerms(LazyMapping[str, ItemTerms]):
    """slug -> its terms as written, each chosen when asked for from a ``TermChoice`` of the same
    inputs (``items``' slugs, ``vocabulary``, ``caps``, ``merged_into_theme``, ``min_links``): equal,
    item for item, to ``connective_terms``."""

    def __init__(self, items: Sequence[ResearchItem], vocabulary: Vocabulary, caps: Caps,
                 merged_into_theme: Mapping[str, str], choice: TermChoice) -> None:
        per_item = vocabulary.per_item
        self._keys = dict.fromkeys(item.slug for item in items if item.slug in per_item)  # in order, slugs are unique
        self._per_item = per_item
        self._caps = caps
        self._merged = merged_into_theme
        self._choice = choice
        self._pinned: frozenset[str] | None = None
        self._vocabulary = vocabulary
        self._done: dict[str, ItemTerms] = {}

    def __getitem__(self, slug: str) -> ItemTerms:
        done = self._done.get(slug)
        if done is None:
            if slug not in self._keys:
                raise KeyError(slug)
            if self._pinned is None:
                self._pinned = pinned_names(self._vocabulary)
            uses = _capped_terms(self._per_item[slug], self._caps, self._merged, self._pinned)
            cut = self._choice
            done = self._done[slug] = (_without(uses, cut.concepts_cut, cut.methods_cut)
                                       if _cut_any(uses, cut.concepts_cut, cut.methods_cut) else uses)
        return done


def connective_terms(items: Sequence[ResearchItem], vocabulary: Vocabulary, caps: Caps,
                     merged_into_theme: Mapping[str, str], min_links: int,
                     standing: frozenset[str] = frozenset()) -> dict[str, ItemTerms]:
    """Each item's mined terms as they will be written: within the caps, and connective.

    The caps are applied as ``item_terms`` applies them (an item's themes take none of its
    concept slots, so no corpus share decides how many mined terms it keeps; a mined name
    that a theme stands for takes none either).  Then a
    mined term that fewer than ``min_links`` items would link is left out: a concept
    node earns its search cost by connecting items, and the words of a term only one
    item uses are already in that item's own title, summary and claims (measured on
    the real corpus: fewer characters per search and more earlier work found;
    docs/ECONOMY.md).  Pinned terms are the maintainers' choice and always stay.  The freed
    slot is not refilled, so an item never gains a weaker term because another item
    changed.

    Once written, a node stays while one item links it (``standing``: the node names the last build
    wrote, from its manifest): a delete retires only what no remaining item uses (issue 21), and
    whether an item keeps its term never hangs on another item staying.
    """
    return _capped_and_cut(items, vocabulary, caps, merged_into_theme, min_links, standing).chosen


def _capped_terms(uses: ItemTerms, caps: Caps, merged_into_theme: Mapping[str, str],
                  pinned: Container[str]) -> ItemTerms:
    """One item's terms within the caps (``_capped``), before the cut of the terms too few items link."""
    beyond = uses.beyond
    unslotted = (*beyond, *uses.defined) if uses.defined else beyond  # a defined acronym takes no slot either
    concepts = _capped(uses.concepts, caps.concepts, merged_into_theme, pinned, unslotted)
    methods = _capped(uses.methods, caps.methods, merged_into_theme, pinned, unslotted)
    return ItemTerms(uses.slug, concepts, methods, uses.subjects,
                     tuple([use.name for use in concepts if use.name not in beyond]), beyond, uses.subject_uses,
                     uses.defined)


class _Cut(NamedTuple):
    chosen: dict[str, ItemTerms]  # each item's terms as written
    concepts_cut: frozenset[str]
    methods_cut: frozenset[str]
    held: frozenset[str]  # ``TermChoice.held``
    linked: frozenset[str]  # ``TermChoice.linked``


def _capped_and_cut(items: Sequence[ResearchItem], vocabulary: Vocabulary, caps: Caps,
                    merged_into_theme: Mapping[str, str], min_links: int,
                    standing: frozenset[str] = frozenset()) -> _Cut:
    """Each item's terms as written (``connective_terms``), the mined concepts and methods left out
    for linking fewer than ``min_links`` items, and those held by ``standing``."""
    capped: dict[str, ItemTerms] = {}
    # The items that link each mined concept and method (a name a theme stands for is not counted).
    links: tuple[dict[str, list[str]], dict[str, list[str]]] = ({}, {})
    pinned = pinned_names(vocabulary)
    per_item = vocabulary.per_item
    for item in items:
        uses = per_item.get(item.slug)
        if uses is None:
            continue
        terms = capped[item.slug] = _capped_terms(uses, caps, merged_into_theme, pinned)
        for linking, chosen in zip(links, (terms.concepts, terms.methods)):
            for use in chosen:
                if use.name not in merged_into_theme:
                    linking.setdefault(use.name, []).append(item.slug)
    # Left out: the terms fewer than ``min_links`` items link, unless pinned (only their items change)
    # or standing (a node the last build wrote).  Counted per name over both slots: one name is one node
    # whichever slot an item chose it in, and ``linked`` (the next build's ``standing``) records names, so
    # a name counted per slot was cut in one slot and linked in the other, then held by the next build:
    # the first build did not reach its own fixed point (issue 21).
    linking_items = {name: {*links[0].get(name, ()), *links[1].get(name, ())} for name in {*links[0], *links[1]}}
    few = [{name for name in linking if len(linking_items[name]) < min_links and name not in pinned}
           for linking in links]
    held = frozenset(name for names in few for name in names if name in standing)
    concepts_cut, methods_cut = (frozenset(names - held) for names in few)
    touched = {slug for cut, linking in ((concepts_cut, links[0]), (methods_cut, links[1]))
               for name in cut for slug in linking[name]}
    linked = frozenset(name for cut, linking in ((concepts_cut, links[0]), (methods_cut, links[1]))
                       for name in linking if name not in cut)
    return _Cut({slug: _without(uses, concepts_cut, methods_cut) if slug in touched else uses
                 for slug, uses in capped.items()}, concepts_cut, methods_cut, held, linked)


def _cut_any(uses: ItemTerms, concepts_cut: frozenset[str], methods_cut: frozenset[str]) -> bool:
    """Whether ``uses`` holds a concept or method cut (``_without`` would change it)."""
    return bool((concepts_cut and any(use.name in concepts_cut for use in uses.concepts))
                or (methods_cut and any(use.name in methods_cut for use in uses.methods)))


def _without(uses: ItemTerms, concepts_cut: frozenset[str], methods_cut: frozenset[str]) -> ItemTerms:
    """``uses`` less the concepts and methods cut."""
    return ItemTerms(uses.slug, tuple(use for use in uses.concepts if use.name not in concepts_cut),
                     tuple(use for use in uses.methods if use.name not in methods_cut), uses.subjects, uses.topics,
                     uses.beyond, uses.subject_uses, uses.defined)


def _pinned(vocabulary: Vocabulary, name: str) -> bool:
    term = vocabulary.terms.get(name)
    return term is not None and term.pinned


def pinned_names(vocabulary: Vocabulary) -> frozenset[str]:
    """The names ``_pinned`` says yes to: one pass over the terms, for a loop over every item."""
    return frozenset(name for name, term in vocabulary.terms.items() if term.pinned)


def retyped_kinds(vocabulary: Vocabulary | None) -> dict[str, TermKind]:
    """Name -> its term's kind, for the terms whose node is not of their slot's kind (``node_kind``:
    ``node_kind(vocabulary, name, slot) == retyped_kinds(vocabulary).get(name, slot)``)."""
    if vocabulary is None:
        return {}
    return {name: term.kind for name, term in vocabulary.terms.items() if term.slot is not None}


def concept_nodes(chosen: Mapping[str, ItemTerms], merged_into_theme: Mapping[str, str],
                   vocabulary: Vocabulary | None = None) -> frozenset[str]:
    """The mined concepts some item addresses, and the names findings open with
    (``Vocabulary.subjects``): their nodes exist, a claim anywhere may be about them."""
    subjects = [name for name in vocabulary.subjects if vocabulary.terms[name].kind is TermKind.CONCEPT
                ] if vocabulary is not None else []
    retyped = retyped_kinds(vocabulary)  # ``node_kind`` of each use, without a term lookup per use
    concept, method = TermKind.CONCEPT, TermKind.METHOD
    names: set[str] = set()
    for uses in chosen.values():
        names.update([use.name for use in uses.concepts if retyped.get(use.name, concept) is concept])
        names.update([use.name for use in uses.methods if retyped.get(use.name, method) is concept])
    names.update(subjects)
    return frozenset(name for name in names if name not in merged_into_theme)


def node_kind(vocabulary: Vocabulary | None, name: str, slot: TermKind) -> TermKind:
    """The type of the node of a chosen term that took a slot of kind ``slot`` (``ItemTerms`` lists it
    there, and the caps count it there): its term's, which may differ (``Term.slot``,
    ``kgsync.vocabulary.node_kinds``)."""
    term = vocabulary.terms.get(name) if vocabulary is not None else None
    return term.kind if term is not None and term.slot is not None else slot


def _capped(uses: Sequence[TermUse], slots: int, merged_into_theme: Mapping[str, str],
            pinned: Container[str], beyond: Sequence[str] = ()) -> tuple[TermUse, ...]:
    """The first ``slots`` uses that take a slot, plus every use a theme stands for (it takes none),
    every topic the item addresses (``ItemTerms.beyond``: none) and every pinned term (``pinned``:
    ``pinned_names``; it takes a slot, but the maintainers' pin is never cut)."""
    if len(uses) <= slots:
        return tuple(uses)  # each takes a slot, or none: every one is kept
    kept: list[TermUse] = []
    taken = 0
    for use in uses:
        name = use.name
        if name in merged_into_theme or name in beyond:
            kept.append(use)
        elif taken < slots or name in pinned:
            kept.append(use)
            taken += 1
    return tuple(kept)



def mined_names_of_themes(vocabulary: Vocabulary, theme_concepts: frozenset[str],
                           themes: ThemeMap = ThemeMap()) -> dict[str, str]:
    """Mined concept name -> theme, where both name one idea ("knowledge-graph" / theme "knowledge-graphs",
    "retrieval-augmented-generation" / theme "rag-retrieval", whose alias it is).

    The theme vocabulary is the maintainers' own, so its name wins over mining.
    """
    by_key = themes.name_keys(theme_concepts)
    merged: dict[str, str] = {}
    for name, term in vocabulary.terms.items():
        theme = theme_named(by_key, name, term.aliases)
        if theme is not None:
            merged[name] = theme
    return merged


@dataclass(frozen=True)
class OwnTheme:
    """The node of a theme no theme vocabulary lists (``own_theme_nodes``)."""

    node: str  # its name, ``concept:`` or ``method:`` + the name part
    spelling: str  # how the slug's words are written: the mined term's variant, else ``display_alias``


def own_theme_nodes(slugs: Iterable[str], vocabulary: Vocabulary) -> dict[str, OwnTheme]:
    """Theme slug -> its node, for the themes items carry that no theme vocabulary lists (no
    ``themes_vocabulary``, or one without a Scope column): the mined term that names the same idea
    (its name's ``term_key`` is the slug's, else one of its variants of two or more words is:
    "agentic AI" for ``agentic-ai``), as that term's node, concept or method; else the slug as a
    canonical term (its head singular: ``knowledge-graphs`` -> ``concept:knowledge-graph``).  A slug that
    writes an acronym beside a word of the expansion the vocabulary holds for it names that term
    (``rag-retrieval``: ``method:retrieval-augmented-generation``, as ``ThemeMap.node`` names it from a Scope).

    Why: such a theme is no maintainers' vocabulary for mined terms to merge into (whether a mined
    name is written as a theme never depends on which other items carry one), so named by its slug
    it stood beside the mined node of the same idea (``concept:knowledge-graphs`` and
    ``concept:knowledge-graph``, ``concept:agentic-ai`` and ``concept:agentic-artificial-intelligence``,
    ``concept:software-engineering`` and ``method:software-engineering``).  Named as mining names the
    idea, the two are one node; the slug stays an alias of it (``item_terms``), written as the items
    write it ("agentic AI", not a second "agentic ai").  The node reads the slug and the vocabulary
    only, never which items carry the theme."""
    by_name: dict[str, Term] = {}
    by_alias: dict[str, Term] = {}
    long_of: dict[str, str] = {}  # an acronym the vocabulary writes for a term -> the term's words
    for name in sorted(vocabulary.terms):
        term = vocabulary.terms[name]
        by_name.setdefault(term_key(name), term)
        for alias in term.aliases:
            if len(alias.split()) > 1:
                by_alias.setdefault(term_key(alias), term)
            elif is_acronym(alias) and len(name.split("-")) > 1:
                long_of.setdefault(alias.lower(), name.replace("-", " "))
    found: dict[str, OwnTheme] = {}
    for slug in sorted(slugs):
        words_of_slug = slug.replace("-", " ")
        key = term_key(words_of_slug)
        # "rag-retrieval" restates a word of RAG's expansion: it names retrieval-augmented generation
        restated = without_restated_expansion(slug.split("-"), long_of) if long_of else None
        match = (by_name.get(key) or by_alias.get(key)
                 or (by_name.get(term_key(" ".join(restated))) if restated else None))
        if match is None:
            # Its head singular, as mining names a plural ("knowledge-graphs": knowledge-graph); a
            # modifier stays as written ("tools-infrastructure"), so the name reads as the slug does.
            modifiers = frozenset(range(len(slug.split("-")) - 1))
            found[slug] = OwnTheme(concept_name(canonical_name(words_of_slug, modifiers) or slug), display_alias(slug))
            continue
        spelled = sorted(a for a in (match.label, *match.aliases) if term_key(a) == key and a.casefold() == words_of_slug)
        name = method_name(match.name) if match.kind is TermKind.METHOD else concept_name(match.name)
        found[slug] = OwnTheme(name, spelled[0] if spelled else display_alias(slug))
    return found


def item_terms(builder: FactsBuilder, item: ResearchItem, uses: ItemTerms | None, caps: Caps, themes_here: Sequence[str],
               merged_into_theme: Mapping[str, str], theme_words: Mapping[str, tuple[str, ...]],
               vocabulary: Vocabulary, theme_methods: Container[str] = frozenset(),
               bucket_tags: Callable[[str, Sequence[str]], tuple[str, ...]] = lambda _name, _aliases: (),
               theme_node: Callable[[str], str] = lambda slug: slug,
               theme_spelling: Callable[[str], str] = display_alias,
               field_acts: Mapping[str, str] | None = None,
               ) -> tuple[list[str], list[str]]:
    """The item's concepts (its themes, then mined terms) and methods: every theme it carries, and
    every theme one of its mined terms is a variant of (``mined_names_of_themes``), beyond its
    caps (a theme whose head is a technique, ``theme_methods``: ``ThemeMap.methods``, is a method
    the item uses); its mined terms within the caps (a pinned term the item chose is never cut:
    ``choice.local_choice`` puts it first); then the names its findings open with
    (``ItemTerms.subjects``) and the topics it addresses (``ItemTerms.beyond``), which take no slot.
    A mined node that a bucket theme's vocabulary row names (``bucket_tags``: ``ThemeMap.bucket_tags``)
    carries the bucket's slug as a ``tag:``.  A theme's node is named ``theme_node(slug)``
    (``ThemeMap.node``: the slug, unless it restates an acronym's expansion), its slug kept as an alias.
    A mined name a theme takes as an act written with the vocabulary's field (``field_acts``, ``ThemeMap``'s:
    "AI adoption" for ``enterprise-adoption``) links the theme but is no alias of it: it sets another
    modifier on the theme's head (what is adopted, not who adopts), which readers read as a wrong alias."""
    source = item_name(item.slug)
    concepts: list[str] = []
    # Every name the item writes for a theme is the node's: each one's variants, in the order read (two
    # names of one theme, "AI agents" and "agentic AI", both stay found by the reference server's search).
    mined_aliases: dict[str, list[str]] = {}
    for use in _theme_uses(uses) if uses else ():
        theme = merged_into_theme.get(use.name)
        if theme:
            acts = field_acts or {}
            mined_aliases.setdefault(theme, []).extend(a for a in use.aliases if acts.get(term_key(a)) != theme)
    # A theme takes no slot: the maintainers' vocabulary, linked whatever its share, so that no
    # corpus statistic decides how many of the item's own mined terms it keeps.  A mined variant
    # of a theme the item does not carry links that theme's node in its place (also no slot).
    methods: list[str] = []
    for theme in sorted({*themes_here, *mined_aliases}):
        node = theme_node(theme)
        if theme in theme_methods:
            name, entity_type, relation, out = method_name(node), EntityType.METHOD, RelationType.USES_METHOD, methods
        else:
            name, entity_type, relation, out = concept_name(node), EntityType.CONCEPT, RelationType.ADDRESSES, concepts
        # The slug is already in the name; the aliases are how people type the theme,
        # the maintainers' words first (see ``themes``).
        aliases = (theme_spelling(theme),) + theme_words.get(theme, ()) + tuple(mined_aliases.get(theme, ()))
        if node != theme:  # the name no longer holds the slug the items write: a search for it must still land here
            aliases += (theme,)
        builder.entity(name, entity_type, *(f"alias:{a}" for a in dict.fromkeys(aliases)))
        builder.relate(source, relation, name)
        out.append(name)
    for kind, chosen, cap, out in ((TermKind.CONCEPT, uses.concepts if uses else (), caps.concepts, concepts),
                                   (TermKind.METHOD, uses.methods if uses else (), caps.methods, methods)):
        taken = 0  # the slots of this kind: a retyped term takes one here, its node is of the other kind
        unslotted = uses.defined if uses else ()  # an acronym the item defines and states takes none (``choice``)
        for use in chosen:
            if (taken >= cap and not _pinned(vocabulary, use.name) and uses is not None and use.name not in uses.beyond
                    and use.name not in unslotted):
                continue  # a later one may be pinned (a mined term that merged into a pin); a topic takes no slot
            if use.name in merged_into_theme:
                continue  # the theme's concept stands for it (written above)
            if node_kind(vocabulary, use.name, kind) is TermKind.CONCEPT:
                name, entity_type, relation = concept_name(use.name), EntityType.CONCEPT, RelationType.ADDRESSES
            else:
                name, entity_type, relation = method_name(use.name), EntityType.METHOD, RelationType.USES_METHOD
            if name in concepts or name in methods:
                # A theme of the item no vocabulary lists is this very node (``own_theme_nodes``): linked
                # above, it takes no slot; the variants the item writes are still the node's aliases.
                builder.entity(name, entity_type, *(f"alias:{a}" for a in use.aliases))
                continue
            if use.name not in unslotted:
                taken += 1
            # A shared node's provenance is the item's relation to it, not a token:
            # a token per item would make every slug fragment a search key for
            # the node and for every item behind it (see docs/ECONOMY.md).
            builder.entity(name, entity_type, *(f"alias:{a}" for a in use.aliases),
                           *_bucket_tags(bucket_tags, use.name, use.aliases))
            builder.relate(source, relation, name)
            (concepts if entity_type is EntityType.CONCEPT else methods).append(name)
    written = {use.name: use.aliases for use in uses.subject_uses} if uses else {}
    for subject in uses.subjects if uses else ():
        if subject in merged_into_theme:
            continue
        if vocabulary.terms[subject].kind is TermKind.CONCEPT:
            name, entity_type, relation, out = (concept_name(subject), EntityType.CONCEPT, RelationType.ADDRESSES,
                                                concepts)
        else:
            name, entity_type, relation, out = (method_name(subject), EntityType.METHOD, RelationType.USES_METHOD,
                                                methods)
        if name not in out:
            builder.entity(name, entity_type, *(f"alias:{a}" for a in written.get(subject, ())),
                           *_bucket_tags(bucket_tags, subject, written.get(subject, ())))
            builder.relate(source, relation, name)
            out.append(name)
    _spaced_names(builder, concepts, methods)
    return concepts, methods


def spaced_name_alias(name: str, aliases: Sequence[str]) -> str | None:
    """An alias the item writes with the node's name's words and hyphens ("retrieval-augmented
    generation"), respelled with spaces ("retrieval augmented generation"), unless one of ``aliases``
    already holds that form (case aside).  The reference server's search is a substring test, so a
    query typed with spaces misses a name and aliases written only with hyphens; an agent types a
    compound either way (docs/CONTRACT.md).  Only a form the item writes is respelled: the slug's
    own words would be no spelling of the name ("new zealand" beside "New Zealand"), and the site
    titles a page by an alias with the name's words (``publish.site.titles.spelled_out``)."""
    spaced = name.partition(":")[2].replace("-", " ")
    if any(spaced in alias.lower() for alias in aliases):
        return None
    written = [alias.replace("-", " ") for alias in aliases if alias.replace("-", " ").lower() == spaced]
    return written[0] if written else None


def _spaced_names(builder: FactsBuilder, concepts: Sequence[str], methods: Sequence[str]) -> None:
    """``spaced_name_alias`` of each node the item links, read against the aliases the item writes for it:
    one item's facts alone decide it, so no other item's edit adds or drops it."""
    aliases: dict[str, list[str]] = {}
    for name, observation in builder.observations:
        if observation.startswith("alias:"):
            aliases.setdefault(name, []).append(observation[len("alias:"):])
    for names, entity_type in ((concepts, EntityType.CONCEPT), (methods, EntityType.METHOD)):
        for name in names:
            spaced = spaced_name_alias(name, aliases.get(name, ()))
            if spaced:
                builder.entity(name, entity_type, f"alias:{spaced}")


def _bucket_tags(bucket_tags: Callable[[str, Sequence[str]], tuple[str, ...]], name: str,
                 aliases: Sequence[str]) -> tuple[str, ...]:
    """``tag:<bucket>`` in the slug's own form, whatever ``tag_style``: a bucket theme has no node, so
    the reference server's search for its slug finds the ideas its row names and, through their
    relations, the items that address them (docs/recall.md); each costs a node, not a whole item."""
    return tuple(tag_observation(bucket, "slug") for bucket in bucket_tags(name, aliases))
