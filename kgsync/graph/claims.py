"""Which of an item's findings become claims, what each claim is about, and the claim→claim
links the item's sentences state (``kgsync.extract.evidence``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass

from kgsync.contract.model import EntityType, RelationType, claim_name, concept_name, item_name, method_name, provenance
from kgsync.extract.evidence import cited_finding_numbers, source_claim
from kgsync.extract.evidence_model import EvidencePlan, PlannedLink
from kgsync.extract.findings import Claim
from kgsync.extract.finding_subjects import FIRST_TOKEN
from kgsync.extract.cited_text import without_item_names
from kgsync.extract.markup import without_names
from kgsync.graph.extends import earlier
from kgsync.graph.facts_builder import FactsBuilder
from kgsync.read.config import Caps
from kgsync.read.items import ResearchItem
from kgsync.vocabulary.themes import ThemeMap
from kgsync.vocabulary.vocab import ItemTerms, Vocabulary


@dataclass(frozen=True)
class ItemEvidence:
    """What one item's facts read from the evidence plan: the findings it must keep as claims
    and the links it states (vetoed ones are already out)."""

    required: frozenset[int] = frozenset()
    links: tuple[PlannedLink, ...] = ()

    @classmethod
    def of(cls, slug: str, plan: EvidencePlan) -> ItemEvidence:
        return cls(cited_finding_numbers(slug, plan), plan.links.get(slug, ()))



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
    reading = vocabulary.readings.get(item.slug)  # its own meaning of an acronym of two meanings
    named = {name for claim in ordered[: caps.claims]
             for name in vocabulary.mentions(claim.statement, words, wanted.__contains__, reading)}
    for name in own:
        if name in named:
            continue
        for claim in ordered[caps.claims :]:
            if name in vocabulary.mentions(claim.statement, words, name.__eq__, reading):
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
        if first is not None and set(vocabulary.mentions(first.group(), words, own.__contains__,
                                                         vocabulary.readings.get(item.slug))) & own:
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
class Topics:
    """What a claim's statement can be ``about``: concepts named by their words, whichever item states it.

    A claim is about a concept when its own text names the concept or one of its aliases
    (the vocabulary's mention index) or a theme by a variant of its name of two or more words
    or a spelled-out acronym (``ThemeMap.mentions``; never a single word, nor a narrower topic
    the theme's scope lists), and that concept is a node (a theme concept, or a mined concept
    some item addresses): the relation depends on the claim's text and the vocabulary, never on
    which item happens to address the concept; the stating item's own text only says how its
    words read (its methods, acronyms, repository names, the phrases it writes only as a modifier).
    """

    vocabulary: Vocabulary
    themes: ThemeMap
    theme_concepts: frozenset[str]
    merged_into_theme: Mapping[str, str]
    nodes: frozenset[str]
    own_methods: frozenset[str] = frozenset()  # the stating item's methods (mined term names)
    reading: Mapping[str, str] | None = None  # the stating item's acronyms of two meanings (``Vocabulary.readings``)
    #: the repository names the stating item writes as a path (``markup.repository_names``): there a
    #: "Memory-System" names the repository, not the idea "memory system"
    repositories: frozenset[str] = frozenset()
    #: the term keys the stating item writes only as another word's modifier (``Extraction.modifiers``):
    #: its "human approval signals" are a reward's signals, not the approval gates "human approval" names
    modifiers: frozenset[str] = frozenset()

    def of(self, statement: str, words: set[str]) -> tuple[list[str], list[str]]:
        """(node names, mined term names) the statement names, in order of first mention: concepts,
        and the themes that are methods (``ThemeMap.methods``: ``method:`` names).

        Only terms that can be written here are looked up (concept nodes, names a theme stands
        for, the item's own methods): a longer term that is no node never hides a node inside
        it, and a term's acronym twin stands in for it (``Vocabulary.acronym_twins``)."""
        concepts: dict[str, None] = {}
        # a cited item's slug or link says what that item is about (``cited_text``), not the claim
        statement = without_names(without_item_names(statement), self.repositories)
        terms = list(self.vocabulary.mentions(statement, words, self._writable, self.reading, self.modifiers))
        for term in terms:
            theme = self.merged_into_theme.get(term)
            if theme is not None:
                if theme in self.theme_concepts:
                    concepts.setdefault(self._theme_node(theme), None)
            elif term in self.nodes:
                concepts.setdefault(concept_name(term), None)
        for theme in self.themes.mentions(statement):
            if theme in self.theme_concepts:
                concepts.setdefault(self._theme_node(theme), None)
        return list(concepts), terms

    def _theme_node(self, theme: str) -> str:
        """The theme's node: a method when its head is a technique (``ThemeMap.methods``)."""
        node = self.themes.node(theme)  # the slug, unless it restates an acronym's expansion
        return method_name(node) if theme in self.themes.methods else concept_name(node)

    def _writable(self, name: str) -> bool:
        return name in self.nodes or name in self.merged_into_theme or name in self.own_methods


def item_claims(builder: FactsBuilder, item: ResearchItem, chosen: Sequence[Claim], topics: Topics, methods: Sequence[str],
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
            if concept.startswith("method:"):  # a theme that is a technique: the claim names its use
                builder.entity(concept, EntityType.METHOD)  # exists anyway; owned here too, so never dangling
                builder.relate(name, RelationType.USES_METHOD, concept)
                continue
            builder.entity(concept, EntityType.CONCEPT)  # exists anyway; owned here too, so never dangling
            builder.relate(name, RelationType.ABOUT, concept)
        for term in terms:
            if method_name(term) in method_set:
                builder.relate(name, RelationType.USES_METHOD, method_name(term))
        yield claim, name


def evidence_links(builder: FactsBuilder, item: ResearchItem, written: Sequence[tuple[Claim, str]],
                    links: ItemEvidence, by_slug: Mapping[str, ResearchItem]) -> None:
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
        if link.relation is RelationType.CONTRADICTS and target is not None and earlier(target, item):
            builder.observations[(link.target_claim, "status:contested")] = None
