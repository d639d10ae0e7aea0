"""Assemble the generated graph: what each item contributes, as ownable facts.

Every fact kgsync generates belongs to exactly one item (``Facts``), so that a
rebuild can replace one item's contribution exactly — down to one observation
of a concept that other items share (see ``merge``).  Economy rules (every
search result costs an agent context) are applied here: one provenance token
per item and node, short atomic observations, per-item caps.
"""

from __future__ import annotations

import hashlib
import pickle
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence, Set
from dataclasses import astuple, dataclass, field

from kgsync.extract.canonical import display_alias, term_key
from kgsync.read.config import Caps
from kgsync.vocabulary.economy import tag_observation
from kgsync.contract.errors import Location
from kgsync.extract.evidence import cited_finding_numbers, source_claim
from kgsync.extract.evidence_model import EvidencePlan, PlannedLink
from kgsync.extract.findings import Claim, Extraction, undated_suffixes
from kgsync.read.items import ResearchItem
from kgsync.graph.merge import facts_json
from kgsync.extract.mining import FIRST_TOKEN
from kgsync.contract.model import (
    EntityType,
    Facts,
    Relation,
    RelationType,
    claim_name,
    concept_name,
    item_name,
    method_name,
    provenance,
)
from kgsync.vocabulary.themes import ThemeMap
from kgsync.vocabulary.vocab import ItemTerms, TermKind, TermUse, Vocabulary

_DATED = re.compile(r"\d{4}-\d{2}-\d{2}-[a-z0-9]")  # a full item slug (its date first)
_SLUG_SHAPED = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+){2,}")  # what a link to an item looks like


@dataclass
class _Builder:
    entities: dict[tuple[str, str], None] = field(default_factory=dict)
    observations: dict[tuple[str, str], None] = field(default_factory=dict)
    relations: dict[Relation, None] = field(default_factory=dict)
    evidence: dict[tuple[str, ...], None] = field(default_factory=dict)

    def entity(self, name: str, entity_type: EntityType, *observations: str) -> None:
        self.entities[(name, entity_type.value)] = None
        for observation in observations:
            if observation:
                self.observations[(name, observation)] = None

    def relate(self, source: str, relation: RelationType, target: str) -> None:
        if source != target:
            self.relations[Relation(source, target, relation.value)] = None

    def facts(self) -> Facts:
        return Facts(tuple(self.entities), tuple(self.observations), tuple(self.relations), tuple(self.evidence))


@dataclass(frozen=True)
class Assembly:
    by_item: dict[str, Facts]
    sources: dict[str, Location]  # entity name -> where it came from (for lint messages)


def assemble(
    items: Sequence[ResearchItem],
    extractions: Mapping[str, Extraction],
    vocabulary: Vocabulary,
    themes: ThemeMap,
    caps: Caps,
    fold: Callable[[str], str] = str,
    tag_style: str = "search-safe",
    theme_concepts: frozenset[str] = frozenset(),
    memo: AssemblyMemo | None = None,
    min_links: int = 1,
    kept: Sequence[ResearchItem] = (),
    hub_themes: frozenset[str] = frozenset(),
    evidence: EvidencePlan | None = None,
) -> Assembly:
    """Each item's facts.

    ``fold`` rewrites generated text for index economy, ``theme_concepts`` are
    the themes that discriminate (not hubs) and so become concepts (see ``economy``).
    ``memo`` (valid only for the ``context_key`` of these inputs) supplies items
    assembled before and receives the ones assembled now.  ``min_links``: a mined
    concept or method is written only when at least this many items link it
    (``connective_terms``).  ``kept``: items whose files fail to parse now and keep their
    last facts; they are not assembled, but other items' extends edges still reach them.
    ``hub_themes``: theme concepts an item links besides its ``caps.concepts`` slots.
    ``evidence``: the claim→claim links items state and the findings they require (``evidence.plan``).
    """
    evidence = evidence or EvidencePlan({}, {})
    by_slug = {item.slug: item for item in (*kept, *items)}
    merged_into_theme = _mined_names_of_themes(vocabulary, theme_concepts, themes)
    chosen = connective_terms(items, vocabulary, themes, caps, theme_concepts, merged_into_theme, min_links,
                              hub_themes)
    nodes = _concept_nodes(chosen, merged_into_theme, vocabulary)
    suffixes = undated_suffixes(by_slug)
    by_item: dict[str, Facts] = {}
    sources: dict[str, Location] = {}
    digests = vocabulary.mention_digests() if memo is not None else {}
    for item in items:
        uses = chosen.get(item.slug)
        links = _ItemEvidence.of(item.slug, evidence)
        done = memo.get(item.slug, uses, digests, links) if memo is not None else None
        if done is None:
            done = _item_facts(item, extractions[item.slug], uses, vocabulary, themes, caps, fold, tag_style,
                               theme_concepts, merged_into_theme, by_slug, suffixes, hub_themes, nodes, links)
            if memo is not None:
                memo.put(item.slug, uses, done, digests, links)
        facts, ops, _words = done
        # Replayed in item order: a claim's location overwrites, the rest keep the first
        # (tested before building a Location: most names were placed by an earlier item).
        for name, line, overwrite in ops:
            if overwrite or name not in sources:
                sources[name] = Location(item.path, line)
        by_item[item.slug] = facts
    return Assembly(by_item, sources)


# What assembling one item yields: its facts, its ``sources`` writes in order, as
# (entity name, line, overwrite) (the path is the item's own), and the key words its
# claims' mention lookups started from.
ItemAssembly = tuple[Facts, tuple[tuple[str, "int | None", bool], ...], frozenset[str]]

# One ``AssemblyMemo`` entry: ((record key, the item's terms, its evidence links key), the key
# words, their digest, packed facts (entities, observations, relation keys, evidence, sources
# writes, facts JSON)).
MemoEntry = tuple[tuple[str, object, "str | None"], tuple[str, ...], str,
                  tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...], tuple[tuple[str, str, str], ...],
                        tuple[tuple[str, ...], ...], tuple[tuple[str, "int | None", bool], ...], str]]


class AssemblyMemo:
    """Items' facts from an earlier build, reused when nothing they were built from changed.

    An item's facts are a function of its own record (the caller keys the memo by the
    record's content hash), of its chosen terms (``per_item``, checked here), of the
    mention index entries whose first word its claims hold (their digest, checked here:
    ``mentions`` only looks up keys made of the text's own words), and of the corpus-wide
    inputs that ``context_key`` digests; the caller drops the whole memo when that digest
    differs.  So a reused entry is exactly what assembling would produce.
    """

    def __init__(self, entries: MutableMapping[str, MemoEntry], keys: Mapping[str, str]) -> None:
        self.entries = entries  # slug -> ((record key, the item's terms as tuples), packed facts and sources writes)
        self.keys = keys  # slug -> the content key of the item's record now (only slugs with one record)
        self.json: dict[str, str] = {}  # slug -> merge.facts_json of the facts given or taken now

    def get(self, slug: str, uses: ItemTerms | None, digests: Mapping[str, str],
            links: _ItemEvidence | None = None) -> ItemAssembly | None:
        entry = self.entries.get(slug)
        if entry is None or slug not in self.keys or entry[0] != (self.keys[slug], _terms_key(uses), _links_key(links)):
            return None
        words, digest, (entities, observations, relations, evidence, ops, text) = entry[1:]
        if digest != _words_digest(words, digests):  # an index key its claims could match changed
            return None
        self.json[slug] = text
        facts = Facts(entities, observations, tuple([Relation(*r) for r in relations]), evidence)
        return facts, ops, frozenset(words)

    def put(self, slug: str, uses: ItemTerms | None, done: ItemAssembly, digests: Mapping[str, str],
            links: _ItemEvidence | None = None) -> None:
        # Plain tuples: a pickled dataclass per relation would cost more to load than assembling.
        if slug not in self.keys:
            return  # no record key to check a later build against: not reusable
        facts, ops, words = done
        text = self.json[slug] = facts_json(facts)  # the manifest's encoding, stored with the facts
        packed = (facts.entities, facts.observations, tuple([r.key for r in facts.relations]), facts.evidence, ops,
                  text)
        ordered = tuple(sorted(words))
        self.entries[slug] = ((self.keys[slug], _terms_key(uses), _links_key(links)), ordered,
                              _words_digest(ordered, digests), packed)


def _words_digest(words: Sequence[str], digests: Mapping[str, str]) -> str:
    """What the mention index says about keys starting with these words (``Vocabulary.mention_digests``)."""
    return hashlib.sha1("\n".join([f"{w}\t{digests.get(w, '')}" for w in words]).encode()).hexdigest()


@dataclass(frozen=True)
class _ItemEvidence:
    """What one item's facts read from the evidence plan: the findings it must keep as claims
    and the links it states (vetoed ones are already out)."""

    required: frozenset[int] = frozenset()
    links: tuple[PlannedLink, ...] = ()

    @classmethod
    def of(cls, slug: str, plan: EvidencePlan) -> _ItemEvidence:
        return cls(cited_finding_numbers(slug, plan), plan.links.get(slug, ()))


def _links_key(links: _ItemEvidence | None) -> str | None:
    """A digest of what the item reads of the evidence plan (a string: the memo is JSON)."""
    if links is None or (not links.required and not links.links):
        return None
    return hashlib.sha1(repr((sorted(links.required), [link.key() for link in links.links])).encode()).hexdigest()


def _terms_key(uses: ItemTerms | None) -> object:
    if uses is None:
        return None
    return (uses.slug, tuple((u.name, u.aliases) for u in uses.concepts),
            tuple((u.name, u.aliases) for u in uses.methods), uses.subjects, uses.topics)


def context_key(items: Sequence[ResearchItem], vocabulary: Vocabulary, themes: ThemeMap, caps: Caps,
                fold: Callable[[str], str], tag_style: str, theme_concepts: frozenset[str],
                hub_themes: frozenset[str] = frozenset(), min_links: int = 1) -> str | None:
    """A digest of every corpus-wide input one item's facts depend on (None: cannot tell).

    Besides its own record, its terms and the mention index entries its claims could
    match (both checked per item by ``AssemblyMemo``), an item reads: the mined names
    merged into themes, the theme map (with its words), caps,
    tag style, the folding rules, the discriminating themes, the mined concepts that are
    nodes (its claims are ``about`` them), and each item's slug and
    completion date (extends edges: which targets exist, are prior, rank first).
    """
    rules = getattr(fold, "rules", None) if fold is not str else ()
    if rules is None:
        return None  # an unknown fold function: its behaviour cannot be digested
    digest = hashlib.sha1()
    merged_into_theme = _mined_names_of_themes(vocabulary, theme_concepts, themes)
    chosen = connective_terms(items, vocabulary, themes, caps, theme_concepts, merged_into_theme, min_links,
                              hub_themes)
    for part in (
        sorted(merged_into_theme.items()),
        sorted(_concept_nodes(chosen, merged_into_theme, vocabulary)),
        sorted(themes.canonical),
        sorted(themes.alias_to_canonical.items()),
        sorted(themes.words.items()),
        sorted(themes.topic_keys.items()),
        sorted(themes.acronyms.items()),
        sorted((slug, sorted(own)) for slug, own in themes.own_words.items()),
        astuple(caps),
        tag_style,
        tuple(rules),
        sorted(theme_concepts),
        sorted(hub_themes),
        sorted((item.slug, item.completed) for item in items),
    ):
        digest.update(pickle.dumps(part, protocol=4))
    return digest.hexdigest()


def connective_terms(items: Sequence[ResearchItem], vocabulary: Vocabulary, themes: ThemeMap, caps: Caps,
                     theme_concepts: frozenset[str], merged_into_theme: Mapping[str, str],
                     min_links: int, hub_themes: frozenset[str] = frozenset()) -> dict[str, ItemTerms]:
    """Each item's mined terms as they will be written: within the caps, and connective.

    The caps are applied as ``_terms`` applies them (the item's discriminating themes
    take concept slots first; a mined name that a theme stands for is skipped).  Then a
    mined term that fewer than ``min_links`` items would link is left out: a concept
    node earns its search cost by connecting items, and the words of a term only one
    item uses are already in that item's own title, summary and claims (measured on
    the real corpus: fewer characters per search and more earlier work found; README,
    "Economy").  Pinned terms are the maintainers' choice and always stay.  The freed
    slot is not refilled, so an item never gains a weaker term because another item
    changed.
    """
    capped: dict[str, ItemTerms] = {}
    links: dict[tuple[TermKind, str], int] = {}
    for item in items:
        uses = vocabulary.per_item.get(item.slug)
        if uses is None:
            continue
        theme_slots = len({themes.canonicalise(t) for t in item.themes} & (theme_concepts - hub_themes))
        concepts = _capped(uses.concepts, caps.concepts - theme_slots, merged_into_theme, vocabulary)
        methods = _capped(uses.methods, caps.methods, merged_into_theme, vocabulary)
        capped[item.slug] = ItemTerms(uses.slug, concepts, methods, uses.subjects,
                                      tuple(use.name for use in concepts))
        for kind, chosen in ((TermKind.CONCEPT, concepts), (TermKind.METHOD, methods)):
            for use in chosen:
                if use.name not in merged_into_theme:
                    links[(kind, use.name)] = links.get((kind, use.name), 0) + 1

    def keep(kind: TermKind, use: TermUse) -> bool:
        if use.name in merged_into_theme:
            return True  # written as the theme's concept, whose aliases it lends
        term = vocabulary.terms.get(use.name)
        return links[(kind, use.name)] >= min_links or bool(term is not None and term.pinned)

    return {
        slug: ItemTerms(uses.slug, tuple(u for u in uses.concepts if keep(TermKind.CONCEPT, u)),
                        tuple(u for u in uses.methods if keep(TermKind.METHOD, u)), uses.subjects, uses.topics)
        for slug, uses in capped.items()
    }


def _pinned(vocabulary: Vocabulary, name: str) -> bool:
    term = vocabulary.terms.get(name)
    return term is not None and term.pinned


def _concept_nodes(chosen: Mapping[str, ItemTerms], merged_into_theme: Mapping[str, str],
                   vocabulary: Vocabulary | None = None) -> frozenset[str]:
    """The mined concepts some item addresses, and the names findings open with
    (``Vocabulary.subjects``): their nodes exist, a claim anywhere may be about them."""
    subjects = [name for name in vocabulary.subjects if vocabulary.terms[name].kind is TermKind.CONCEPT
                ] if vocabulary is not None else []
    return frozenset(name for name in (*(use.name for uses in chosen.values() for use in uses.concepts), *subjects)
                     if name not in merged_into_theme)


def _capped(uses: Sequence[TermUse], slots: int, merged_into_theme: Mapping[str, str],
            vocabulary: Vocabulary) -> tuple[TermUse, ...]:
    """The first ``slots`` uses that take a slot, plus every use a theme stands for (it takes none)
    and every pinned term (it takes a slot, but the maintainers' pin is never cut)."""
    kept: list[TermUse] = []
    taken = 0
    for use in uses:
        if use.name in merged_into_theme:
            kept.append(use)
        elif taken < slots or _pinned(vocabulary, use.name):
            kept.append(use)
            taken += 1
    return tuple(kept)


def _item_facts(item: ResearchItem, extraction: Extraction, uses: ItemTerms | None, vocabulary: Vocabulary,
                themes: ThemeMap, caps: Caps,
                fold: Callable[[str], str], tag_style: str, theme_concepts: frozenset[str],
                merged_into_theme: Mapping[str, str], by_slug: Mapping[str, ResearchItem],
                suffixes: Mapping[str, str], hub_themes: frozenset[str] = frozenset(),
                nodes: frozenset[str] = frozenset(), links: _ItemEvidence = _ItemEvidence()) -> ItemAssembly:
    builder = _Builder()
    ops: list[tuple[str, int | None, bool]] = [(item_name(item.slug), 1, False)]
    words: set[str] = set()  # what the claims' mention lookups start from (see AssemblyMemo)
    _item_node(builder, item, extraction, themes, fold, tag_style)
    themes_here = sorted({themes.canonicalise(t) for t in item.themes} & theme_concepts)
    concepts, methods = _terms(builder, item, uses, caps, themes_here, merged_into_theme, hub_themes,
                               themes.words, vocabulary)
    ops.extend((name, None, False) for name in concepts + methods)
    if not item.is_superseded:  # a superseded item's claims are excluded, not just tagged
        topics = _Topics(vocabulary, themes, theme_concepts, merged_into_theme, nodes, tuple(themes_here),
                         frozenset(name.split(":", 1)[1] for name in methods))
        written: list[tuple[Claim, str]] = []
        required = set(links.required)
        topical = topic_finding(item, extraction.claims, vocabulary, uses, caps, words)
        if topical is not None:
            required.add(topical)
        required |= subject_findings(item, extraction.claims, vocabulary, uses, words)
        chosen = select_claims(extraction.claims, caps.claims, item.claim_numbers, required)
        for claim, name in _claims(builder, item, chosen, topics, methods, fold, words):
            ops.append((name, claim.line, True))
            written.append((claim, name))
        _evidence_links(builder, item, written, links, by_slug)
    _extends(builder, item, extraction, by_slug, suffixes, caps.links)
    return builder.facts(), tuple(ops), frozenset(words)


def _item_node(builder: _Builder, item: ResearchItem, extraction: Extraction, themes: ThemeMap, fold: Callable[[str], str],
               tag_style: str) -> None:
    name = item_name(item.slug)
    tags = sorted({themes.canonicalise(t) for t in item.themes})
    builder.entity(
        name,
        EntityType.RESEARCH_ITEM,
        f"title: {fold(item.title)}",
        f"summary: {fold(extraction.summary)}" if extraction.summary else "",
        *(tag_observation(t, tag_style) for t in tags),
        f"confidence:{item.confidence}" if item.confidence else "",
        f"completed:{item.completed}" if item.completed else "",
        "status:superseded" if item.is_superseded else "",
        provenance(item.slug),
    )


def _mined_names_of_themes(vocabulary: Vocabulary, theme_concepts: frozenset[str],
                           themes: ThemeMap = ThemeMap()) -> dict[str, str]:
    """Mined concept name -> theme, where both name one idea ("knowledge-graph" / theme "knowledge-graphs",
    "retrieval-augmented-generation" / theme "rag-retrieval", whose alias it is).

    The theme vocabulary is the maintainers' own, so its name wins over mining.
    """
    by_key = {term_key(word): theme for theme in sorted(theme_concepts, reverse=True)
              for word in themes.words.get(theme, ())}
    by_key.update({term_key(theme): theme for theme in theme_concepts})
    return {name: by_key[term_key(name)] for name in vocabulary.terms if term_key(name) in by_key}


def _terms(builder: _Builder, item: ResearchItem, uses: ItemTerms | None, caps: Caps, themes_here: Sequence[str],
           merged_into_theme: Mapping[str, str], hub_themes: frozenset[str],
           theme_words: Mapping[str, tuple[str, ...]], vocabulary: Vocabulary) -> tuple[list[str], list[str]]:
    """The item's concepts (its discriminating themes first, then mined terms) and methods, within the
    caps (a pinned term the item chose is never cut: ``vocab._local_choice`` puts it first); then
    the names its findings open with (``ItemTerms.subjects``), which take no slot."""
    source = item_name(item.slug)
    concepts: list[str] = []
    mined_aliases: dict[str, tuple[str, ...]] = {}
    for use in uses.concepts if uses else ():
        theme = merged_into_theme.get(use.name)
        if theme:
            mined_aliases[theme] = use.aliases
    # A hub theme takes no slot: it is a cheap second path to the item, not one of its topics.
    slotted = [t for t in themes_here if t not in hub_themes][: caps.concepts]
    for theme in sorted(slotted + [t for t in themes_here if t in hub_themes]):
        name = concept_name(theme)
        # The slug is already in the name; the aliases are how people type the theme,
        # the maintainers' words first (see ``themes``).
        aliases = (display_alias(theme),) + theme_words.get(theme, ()) + mined_aliases.get(theme, ())
        builder.entity(name, EntityType.CONCEPT, *(f"alias:{a}" for a in dict.fromkeys(aliases)))
        builder.relate(source, RelationType.ADDRESSES, name)
        concepts.append(name)
    methods: list[str] = []
    extra = len(concepts) - len(slotted)
    for kind, chosen, cap, out in ((TermKind.CONCEPT, uses.concepts if uses else (), caps.concepts + extra, concepts),
                                   (TermKind.METHOD, uses.methods if uses else (), caps.methods, methods)):
        for use in chosen:
            if len(out) >= cap and not _pinned(vocabulary, use.name):
                continue  # a later one may be pinned (a mined term that merged into a pin)
            if use.name in merged_into_theme:
                continue  # the theme's concept stands for it (written above)
            if kind is TermKind.CONCEPT:
                name, entity_type, relation = concept_name(use.name), EntityType.CONCEPT, RelationType.ADDRESSES
            else:
                name, entity_type, relation = method_name(use.name), EntityType.METHOD, RelationType.USES_METHOD
            # A shared node's provenance is the item's relation to it, not a token:
            # a token per item would make every slug fragment a search key for
            # the node and for every item behind it (see README, "Economy").
            builder.entity(name, entity_type, *(f"alias:{a}" for a in use.aliases))
            builder.relate(source, relation, name)
            out.append(name)
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
            builder.entity(name, entity_type)
            builder.relate(source, relation, name)
            out.append(name)
    return concepts, methods


def topic_finding(item: ResearchItem, claims: Sequence[Claim], vocabulary: Vocabulary, uses: ItemTerms | None,
                  caps: Caps, words: set[str] | None = None) -> int | None:
    """The one finding beyond the claim cap that becomes a claim so that the item's findings name
    its own topics: for the item's most salient mined concept that none of its first
    ``caps.claims`` findings names, the first later finding that names it (None: no such).

    An item often states its subject's findings after the first few ("LLM hallucination" in
    finding 6); without this its concept's page would show none.  Local: it reads the item,
    its own choice of concepts (``ItemTerms.topics``: within the caps, before ``mining.min_links``)
    and the mention index (``words`` receives the key words looked up, for ``AssemblyMemo``),
    never whether another item links the concept.  The author's explicit
    ``kgsync: {claims: [...]}`` choice stands alone.  Opt-in (``caps.topic_claim``): it is the one
    rule under which editing a finding can move another finding's claim."""
    if not caps.topic_claim or uses is None or item.claim_numbers or item.is_superseded or len(claims) <= caps.claims:
        return None
    own = uses.topics
    ordered = sorted(claims, key=lambda c: c.number)
    wanted = set(own)
    named = {name for claim in ordered[: caps.claims]
             for name in vocabulary.mentions(claim.statement, words, wanted.__contains__)}
    for name in own:
        if name in named:
            continue
        for claim in ordered[caps.claims :]:
            if name in vocabulary.mentions(claim.statement, words, name.__eq__):
                return claim.number
    return None


def subject_findings(item: ResearchItem, claims: Sequence[Claim], vocabulary: Vocabulary, uses: ItemTerms | None,
                     words: set[str] | None = None) -> set[int]:
    """The findings that open with one of the item's finding subjects (``ItemTerms.subjects``:
    a node made because ``mining.min_links`` items' findings open with its name): each is a claim,
    beyond the cap, so the node brings the findings it was made from.  A finding's own opening
    word and the shared vocabulary decide it: editing one finding flips no other (docs/CLAIMS.md).
    The author's explicit ``kgsync: {claims: [...]}`` choice stands alone."""
    if uses is None or not uses.subjects or item.claim_numbers or item.is_superseded:
        return set()
    own = set(uses.subjects)
    out = set()
    for claim in claims:
        first = FIRST_TOKEN.match(claim.statement.lstrip("*_`\"' "))
        if first is not None and set(vocabulary.mentions(first.group(), words, own.__contains__)) & own:
            out.add(claim.number)
    return out


def select_claims(claims: Sequence[Claim], cap: int, chosen: Sequence[int] = (),
                  required: Set[int] = frozenset()) -> list[Claim]:
    """Which findings become claims: a rule an author can predict, and that editing one
    finding never flips for another.  The author's choice (``kgsync: {claims: [...]}``) when
    given, else the first ``cap`` findings in document order; plus every ``required`` number
    (findings other items cite by number), beyond the cap.  In document order."""
    wanted = set(chosen) if chosen else {claim.number for claim in sorted(claims, key=lambda c: c.number)[:cap]}
    wanted |= set(required)
    return [claim for claim in sorted(claims, key=lambda c: c.number) if claim.number in wanted]


@dataclass(frozen=True)
class _Topics:
    """What a claim's statement can be ``about``: concepts named by their words, whichever item states it.

    A claim is about a concept when its own text names the concept or one of its aliases
    (the vocabulary's mention index) or a theme's specific phrase (``ThemeMap.mentions``;
    a theme's single words only in its own items' claims), and that concept is a node (a
    discriminating theme, or a mined concept some item addresses): the relation depends on
    the claim's text and the vocabulary, never on which item happens to address the concept.
    """

    vocabulary: Vocabulary
    themes: ThemeMap
    theme_concepts: frozenset[str]
    merged_into_theme: Mapping[str, str]
    nodes: frozenset[str]
    own_themes: tuple[str, ...]  # the stating item's discriminating themes
    own_methods: frozenset[str] = frozenset()  # the stating item's methods (mined term names)

    def of(self, statement: str, words: set[str]) -> tuple[list[str], list[str]]:
        """(concept names, mined term names) the statement names, in order of first mention.

        Only terms that can be written here are looked up (concept nodes, names a theme stands
        for, the item's own methods): a longer term that is no node never hides a node inside
        it, and a term's acronym twin stands in for it (``Vocabulary.acronym_twins``)."""
        concepts: dict[str, None] = {}
        terms = list(self.vocabulary.mentions(statement, words, self._writable))
        for term in terms:
            theme = self.merged_into_theme.get(term)
            if theme is not None or term in self.nodes:
                concepts.setdefault(concept_name(theme or term), None)
        for theme in self.themes.mentions(statement):
            if theme in self.theme_concepts:
                concepts.setdefault(concept_name(theme), None)
        for theme in self.own_themes:
            if self.themes.names_own_word(theme, statement):
                concepts.setdefault(concept_name(theme), None)
        return list(concepts), terms

    def _writable(self, name: str) -> bool:
        return name in self.nodes or name in self.merged_into_theme or name in self.own_methods


def _claims(builder: _Builder, item: ResearchItem, chosen: Sequence[Claim], topics: _Topics, methods: Sequence[str],
            fold: Callable[[str], str], words: set[str]) -> Iterator[tuple[Claim, str]]:
    """The chosen findings (``select_claims``) as claims, each about the concepts it names."""
    method_set = set(methods)
    for claim in chosen:
        name = claim_name(item.slug, claim.key)
        builder.entity(
            name,
            EntityType.CLAIM,
            f"title: {fold(claim.statement)}",
            f"confidence:{claim.confidence}" if claim.confidence else "",
            f"section:key-finding-{claim.number}",
            *(f"source:{url}" for url in claim.sources),
            provenance(item.slug),
        )
        builder.relate(item_name(item.slug), RelationType.STATES, name)
        concepts, terms = topics.of(claim.statement, words)
        for concept in concepts:
            builder.entity(concept, EntityType.CONCEPT)  # exists anyway; owned here too, so never dangling
            builder.relate(name, RelationType.ABOUT, concept)
        for term in terms:
            if method_name(term) in method_set:
                builder.relate(name, RelationType.USES_METHOD, method_name(term))
        yield claim, name


def _evidence_links(builder: _Builder, item: ResearchItem, written: Sequence[tuple[Claim, str]],
                    links: _ItemEvidence, by_slug: Mapping[str, ResearchItem]) -> None:
    """The claim→claim links the item's sentences state, each kept with its sentence and line.

    A claim that a later current item contradicts is ``status:contested`` (the contradicting
    item owns that observation: it goes when the sentence goes).
    """
    for link in links.links:
        source = source_claim(link, written)
        if source is None or source == link.target_claim:
            continue
        relation = RelationType(link.relation.value)
        builder.relate(source, relation, link.target_claim)
        builder.evidence[(source, link.target_claim, relation.value, link.sentence, f"{item.path}:{link.line}")] = None
        target = by_slug.get(link.target_slug)
        if link.relation is RelationType.CONTRADICTS and target is not None and _earlier(target, item):
            builder.observations[(link.target_claim, "status:contested")] = None


def _extends(builder: _Builder, item: ResearchItem, extraction: Extraction, by_slug: Mapping[str, ResearchItem],
             suffixes: Mapping[str, str], max_links: int) -> None:
    """Later work extends earlier work: supersedes and cites, then the text's links.

    Frontmatter is the author's explicit statement and always counts.  Links in
    the text count when they name one earlier item; the most-mentioned
    ``max_links`` of them are kept, because every extends edge widens what a
    search on this item returns (fan-out costs every reader).
    """
    source = item_name(item.slug)
    for older in item.supersedes:
        if older in by_slug:
            builder.relate(source, RelationType.EXTENDS, item_name(older))
    declared = [c for c in item.cites if c in by_slug and _is_prior(by_slug[c], item)]
    for target in declared:
        builder.relate(source, RelationType.EXTENDS, item_name(target))
    # Each link the text writes holds its slot by what the text says (its mentions, the date its
    # slug carries, its words), whether or not its target exists now: a link to a deleted or
    # not yet merged item keeps its slot, so another link never moves up because it left
    # (locality).  An undated name counts only when slug-shaped (three words or more).
    ranked = sorted((-count, -_written_date(written), written) for written, count in extraction.text_links
                    if _SLUG_SHAPED.fullmatch(written) and written not in item.cites
                    and _written_prior(written, item))
    taken: set[str] = set()
    for _count, _date, written in ranked[:max_links]:
        linked = written if written in by_slug else suffixes.get(written)
        if linked is not None and linked not in declared and linked not in taken \
                and _is_prior(by_slug[linked], item):
            taken.add(linked)
            builder.relate(source, RelationType.EXTENDS, item_name(linked))


def _written_date(written: str) -> int:
    """The date a written link's slug carries (0: an undated slug suffix)."""
    return int(written[:10].replace("-", "")) if _DATED.match(written) else 0


def _written_prior(written: str, item: ResearchItem) -> bool:
    """Could the link name earlier work, by what it says?  A dated slug: its date and slug sort
    before the item's; an undated suffix: its target's date is not written, so it may."""
    return not _DATED.match(written) or (written[:10], written) < (item.completed or "9999", item.slug)


def _is_prior(other: ResearchItem, item: ResearchItem) -> bool:
    return other.slug not in item.superseded_by and _earlier(other, item)


def _earlier(a: ResearchItem, b: ResearchItem) -> bool:
    """Is ``a`` earlier work than ``b``?  Completion date, then slug (slugs start with dates)."""
    return (a.completed or "9999", a.slug) < (b.completed or "9999", b.slug)


def all_facts(by_item: Mapping[str, Facts]) -> Iterable[Facts]:
    return (by_item[slug] for slug in sorted(by_item))
