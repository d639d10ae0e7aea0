"""Assemble the generated graph: what each item contributes, as ownable facts.

Every fact kgsync generates belongs to exactly one item (``Facts``), so that a
rebuild can replace one item's contribution exactly — down to one observation
of a concept that other items share (see ``merge``).  Economy rules (every
search result costs an agent context) are applied here: one provenance token
per item and node, short atomic observations, per-item caps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from kgsync.contract.lazy_mapping import LazyMapping
from kgsync.contract.errors import Location
from kgsync.contract.model import EntityType, Facts, item_name, provenance
from kgsync.extract.canonical import display_alias
from kgsync.extract.evidence_model import EvidencePlan
from kgsync.extract.findings import Claim, Extraction, undated_suffixes
from kgsync.extract.markup import repository_names
from kgsync.extract.written_themes import capital_theme_words, written_themes
from kgsync.graph.claims import (ItemEvidence, Topics, evidence_links, item_claims, select_claims, subject_findings,
                                 topic_finding)
from kgsync.graph.extends import extends_edges
from kgsync.graph.facet_links import facet_links
from kgsync.graph.facts_builder import FactsBuilder, ItemAssembly
from kgsync.graph.terms import (ChosenTerms, OwnTheme, TermChoice, item_terms, mined_names_of_themes, own_theme_nodes,
                                term_choice)
from kgsync.read.config import Caps
from kgsync.read.items import ResearchItem
from kgsync.vocabulary.economy import tag_observation
from kgsync.vocabulary.themes import ThemeMap
from kgsync.vocabulary.vocab import ItemTerms, Vocabulary


class Sources(LazyMapping[str, Location]):
    """Entity name -> where it came from (for lint messages), each ``Location`` made when asked for:
    a build places every node (47,645 at 10,000 items, ~0.05 s of ``Location``s:
    ``bench/bench_build.py --count 10000 --skip-real``, speed14f), and a rebuild's lint asks for the few
    with a finding.
    ``places``: name -> (path, line)."""

    def __init__(self, places: dict[str, tuple[str, int | None]]) -> None:
        self.places = self._keys = places

    def __getitem__(self, name: str) -> Location:
        path, line = self.places[name]
        return Location(path, line)


@dataclass(frozen=True)
class Assembly:
    by_item: dict[str, Facts]
    sources: Mapping[str, Location]  # entity name -> where it came from (for lint messages; ``Sources``)


@dataclass(frozen=True)
class AssemblyContext:
    """The corpus-wide inputs every item's facts read, derived once per build (``context``).

    One item's facts are a function of its own record and of these (``item_facts``); what of
    them an item reads is what a cache must key it by (the build's memo layer does)."""

    vocabulary: Vocabulary
    themes: ThemeMap
    caps: Caps
    fold: Callable[[str], str]
    tag_style: str
    theme_concepts: frozenset[str]
    evidence: EvidencePlan
    by_slug: Mapping[str, ResearchItem]  # the items and the kept ones: extends edges reach both
    merged_into_theme: Mapping[str, str]  # mined name -> the theme it is written as
    chosen: Mapping[str, ItemTerms]  # slug -> its terms as written (``connective_terms``)
    nodes: frozenset[str]  # the mined concepts that are nodes
    suffixes: Mapping[str, str]
    choice: TermChoice = TermChoice()  # what choosing ``chosen`` decided corpus-wide (``term_choice``)
    #: theme slug -> its node, for the linked themes no theme vocabulary lists (``own_theme_nodes``)
    own_theme_nodes: Mapping[str, OwnTheme] = field(default_factory=dict)

    @property
    def only_written(self) -> bool:
        """No vocabulary says which themes name one idea (``ThemeMap.ideas`` is None): an item links a theme
        the vocabulary does not list only where it writes it (``written_of``).  False (a vocabulary with a
        Scope column): it links every theme node it carries.  Of the themes it writes, it links those enough
        items write (``written_theme_nodes``)."""
        return self.themes.ideas is None

    def theme_node(self, slug: str) -> str:
        """The name part of the theme's node: the vocabulary's (``ThemeMap.node``), or, for a theme no
        vocabulary lists, the mined idea it names (``own_theme_nodes``)."""
        own = self.own_theme_nodes.get(slug)
        return own.node.split(":", 1)[1] if own is not None else self.themes.node(slug)

    def theme_spelling(self, slug: str) -> str:
        """The alias that writes the slug's words: as the mined idea's variant, for a theme no vocabulary lists."""
        own = self.own_theme_nodes.get(slug)
        return own.spelling if own is not None else display_alias(slug)

    @property
    def theme_methods(self) -> frozenset[str]:
        """The linked themes whose node is a method: the vocabulary's techniques, and each theme no
        vocabulary lists whose mined idea is a method."""
        own = frozenset(slug for slug, theme in self.own_theme_nodes.items() if theme.node.startswith("method:"))
        return self.themes.methods | own if own else self.themes.methods

    def terms_of(self, slug: str) -> ItemTerms | None:
        return self.chosen.get(slug)

    def links_of(self, slug: str) -> ItemEvidence:
        return ItemEvidence.of(slug, self.evidence)


@dataclass(frozen=True)
class AssemblyInputs:
    """The corpus-wide inputs of assembling besides the items: ``context`` and ``assemble`` both read
    them, so they travel as one value.

    ``fold`` rewrites generated text for index economy, ``theme_concepts`` are the themes that are
    nodes: the vocabulary's themes that name one idea (every theme, without a Scope column), whatever
    their share (``kgsync.pipeline.assembling.theme_concepts_of``); an item's own themes are linked
    beyond its ``caps.concepts`` and take none of its slots.  ``min_links``: a mined concept or
    method is written only when at least this many items link it (``connective_terms``).
    ``kept``: items whose files fail to parse now and keep their last facts; they are not
    assembled, but other items' extends edges still reach them.
    ``evidence``: the claim→claim links items state and the findings they require (``evidence.plan``).
    ``standing``: the mined terms the last build wrote (its manifest's ``terms``): each stays while one
    item links it, below ``min_links`` too (``connective_terms``).
    ``kept_nodes``: the concept and method nodes the ``kept`` items' last facts link
    (``kept_links.kept_item_nodes``): a theme whose node one of them links stays a node.
    ``standing_themes``: the themes the last build made nodes (its manifest's ``themes``): with no
    vocabulary of ideas, each stays one while one item writes it, below ``min_links`` writers too
    (``written_theme_nodes``).
    """

    vocabulary: Vocabulary
    themes: ThemeMap
    caps: Caps
    fold: Callable[[str], str] = str
    tag_style: str = "search-safe"
    theme_concepts: frozenset[str] = frozenset()
    min_links: int = 1
    kept: Sequence[ResearchItem] = ()
    evidence: EvidencePlan | None = None
    standing: frozenset[str] = frozenset()
    kept_nodes: frozenset[str] = frozenset()
    standing_themes: frozenset[str] = frozenset()


def context(
    items: Sequence[ResearchItem],
    inputs: AssemblyInputs,
    choice: TermChoice | None = None,
    merged_into_theme: Mapping[str, str] | None = None,
) -> AssemblyContext:
    """What every item's facts read besides the item (``inputs``: see ``AssemblyInputs``).
    ``choice``: the ``TermChoice`` of these very items, vocabulary, caps, themes and ``min_links``, when
    known (an earlier build's; chosen again unless it ``holds_for`` the ``standing`` terms): each item's
    terms are then chosen only when read (``ChosenTerms``);
    ``merged_into_theme``: ``mined_names_of_themes`` of the vocabulary and ``themes``, when known."""
    vocabulary, themes, caps = inputs.vocabulary, inputs.themes, inputs.caps
    by_slug = {item.slug: item for item in (*inputs.kept, *items)}
    # The vocabulary's theme nodes only: whether a mined name is written as a theme never depends on
    # which other items carry a theme (an item's own theme outside the vocabulary is its node only),
    # and a mined concept named like a bucket theme (``ThemeMap.ideas``) stays its own node.
    if merged_into_theme is None:
        merged_into_theme = mined_names_of_themes(vocabulary, themes.nodes, themes)
    chosen: Mapping[str, ItemTerms]
    if choice is None or not choice.holds_for(inputs.standing):
        choice, chosen = term_choice(items, vocabulary, caps, merged_into_theme, inputs.min_links, inputs.standing)
    else:
        chosen = ChosenTerms(items, vocabulary, caps, merged_into_theme, choice)
    # A theme's node exists when an item links it (carries it, or mines a variant of it): a claim
    # is about no theme node that nothing addresses (the node comes and goes with its linkers).
    # Each spelling canonicalised once (10,000 items carry ~65,000 themes in a few dozen spellings).
    linked = set(map(themes.canonicalise, set().union(*(item.themes for item in items))))
    if themes.ideas is None:
        # No vocabulary says which themes name one idea: an item links a theme no vocabulary lists only
        # where its own text writes it (``written_of``), so such a theme no item writes is no node.
        unlisted = (inputs.theme_concepts & frozenset(linked)) - themes.canonical
        linked = (linked & themes.canonical) | written_theme_nodes(
            [_carried(themes, item, unlisted, written_of(item)) for item in items], inputs.min_links,
            inputs.standing_themes)
        # An item that fails now keeps its last facts, and with them its links to the themes it wrote.
        own = own_theme_nodes(unlisted, vocabulary)
        linked |= {t for t in unlisted if own[t].node in inputs.kept_nodes}
    linked.update(choice.themes)
    theme_concepts = inputs.theme_concepts & frozenset(linked)
    return AssemblyContext(vocabulary, themes, caps, inputs.fold, inputs.tag_style, theme_concepts,
                           inputs.evidence or EvidencePlan({}, {}), by_slug, merged_into_theme, chosen, choice.nodes,
                           undated_suffixes(by_slug), choice, own_theme_nodes(theme_concepts - themes.canonical, vocabulary))


def written_theme_nodes(written: Iterable[frozenset[str]], min_links: int,
                        standing: frozenset[str] = frozenset()) -> frozenset[str]:
    """The themes no vocabulary lists that are nodes, given the ones each item carries and writes
    (``written``): those at least ``min_links`` items write, and those the last build made nodes
    (``standing``) that one item still writes.

    Why the floor: a theme one item writes is no topic of the repository, as a mined term one item links
    is none (``connective_terms``): a blind reader of a new repository's graph judged four such nodes no
    idea ("governance-policy", written once, in a cited title; "regulatory-compliance", in one title).
    Why ``standing``: once written, a node stays while one item links it, so deleting one of a node's two
    writers leaves the other's link (a delete retires only what no remaining item writes)."""
    writers: dict[str, int] = {}
    for themes in written:
        for theme in themes:
            writers[theme] = writers.get(theme, 0) + 1
    return frozenset(theme for theme, count in writers.items() if count >= min_links or theme in standing)


def written_of(item: ResearchItem) -> tuple[str, ...]:
    """The item's themes (as written) that its text writes: read with its file's record, else now."""
    return item.written_themes if item.written_themes is not None else written_themes(item)


def _stated(item: ResearchItem) -> str:
    """Where the item says what it asks, concludes and finds: its title, research question, executive
    summary and Key Findings, one a line (the zones ``written_themes`` reads; the record keeps them)."""
    return "\n".join((item.title, item.research_question, item.executive_summary, *(f.text for f in item.key_findings)))


def _carried(themes: ThemeMap, item: ResearchItem, nodes: frozenset[str], carried: Iterable[str] | None = None
             ) -> frozenset[str]:
    """The item's themes (``carried``: those of them; all by default), canonical, that are among ``nodes``."""
    return frozenset(themes.canonicalise(t) for t in (item.themes if carried is None else carried)) & nodes


def assemble(items: Sequence[ResearchItem], extractions: Mapping[str, Extraction], inputs: AssemblyInputs) -> Assembly:
    """Each item's facts (``inputs``: see ``AssemblyInputs``).

    ``context`` + ``item_facts`` for each item + ``collect``: a build runs those three itself,
    taking each item's facts from its memo where it can.
    """
    shared = context(items, inputs)
    return collect(items, {item.slug: item_facts(shared, item, extractions[item.slug]) for item in items})


def item_facts(shared: AssemblyContext, item: ResearchItem, extraction: Extraction) -> ItemAssembly:
    """One item's facts, from its own record and the corpus-wide ``shared`` inputs."""
    return _item_facts(item, extraction, shared)


def collect(items: Sequence[ResearchItem], done: Mapping[str, ItemAssembly]) -> Assembly:
    """The assembly of the items' facts (``done``: slug -> ``item_facts``, however obtained)."""
    by_item: dict[str, Facts] = {}
    places: dict[str, tuple[str, int | None]] = {}
    for item in items:
        slug, path = item.slug, item.path
        facts, ops, _words = done[slug]
        # Replayed in item order: a claim's location overwrites, the rest keep the first
        # (tested before placing it: most names were placed by an earlier item).
        for name, line, overwrite in ops:
            if overwrite or name not in places:
                places[name] = (path, line)
        by_item[slug] = facts
    return Assembly(by_item, Sources(places))


def _item_facts(item: ResearchItem, extraction: Extraction, shared: AssemblyContext) -> ItemAssembly:
    uses, links = shared.terms_of(item.slug), shared.links_of(item.slug)
    vocabulary, themes, caps, fold = shared.vocabulary, shared.themes, shared.caps, shared.fold
    theme_concepts, merged_into_theme = shared.theme_concepts, shared.merged_into_theme
    builder = FactsBuilder()
    ops: list[tuple[str, int | None, bool]] = [(item_name(item.slug), 1, False)]
    words: set[str] = set()  # what the claims' mention lookups start from (see the build's facts memo)
    _item_node(builder, item, extraction, themes, fold, shared.tag_style)
    capitals = frozenset(item.capital_theme_words if item.capital_theme_words is not None else capital_theme_words(item))
    stated = _stated(item)  # once an item, not once a theme it carries
    themes_here = frozenset(t for t in _carried(themes, item, theme_concepts)
                            if themes.tag_links_node(t, stated, capitals))
    buckets: frozenset[str] = frozenset()  # its themes that are buckets to it (``_bucket_claim``)
    if shared.only_written:  # no vocabulary of ideas: of the themes no vocabulary lists, those it writes
        # that are nodes (``written_theme_nodes``); one it writes that too few items write is a bucket to it
        writes = frozenset(themes.canonicalise(t) for t in written_of(item)) & theme_concepts
        themes_here &= themes.canonical | writes
        buckets = frozenset(themes.canonicalise(t) for t in item.themes) - themes.canonical - writes
    concepts, methods = item_terms(builder, item, uses, caps, sorted(themes_here), merged_into_theme, themes.words,
                                   vocabulary, shared.theme_methods, themes.bucket_tags, shared.theme_node,
                                   shared.theme_spelling, themes.field_acts)
    # The ideas its bucket themes name that it addresses: linked beyond its caps, as a theme's node is.
    ops.extend((name, None, False) for name in concepts + methods + facet_links(
        builder, item, extraction.addressed, themes, vocabulary, merged_into_theme, frozenset(concepts + methods)))
    if not item.is_superseded:  # a superseded item's claims are excluded, not just tagged
        topics = Topics(vocabulary, themes, theme_concepts, merged_into_theme, shared.nodes,
                         frozenset(name.split(":", 1)[1] for name in methods), vocabulary.readings.get(item.slug),
                         repository_names(item.body), frozenset(extraction.modifiers))
        written: list[tuple[Claim, str]] = []
        required = set(links.required)
        topical = topic_finding(item, extraction.claims, vocabulary, uses, caps, words)
        if topical is not None:
            required.add(topical)
        required |= subject_findings(item, extraction.claims, vocabulary, uses, words)
        chosen = select_claims(extraction.claims, caps.claims, item.claim_numbers, required)
        for claim, name in item_claims(builder, item, chosen, topics, methods, fold, words):
            ops.append((name, claim.line, True))
            written.append((claim, name))
        if buckets and written:
            _bucket_claim(builder, written[0][1], buckets)
        evidence_links(builder, item, written, links, shared.by_slug)
    extends_edges(builder, item, extraction, shared.by_slug, shared.suffixes, caps.links)
    return builder.facts(), tuple(ops), frozenset(words)


def _bucket_claim(builder: FactsBuilder, claim: str, buckets: frozenset[str]) -> None:
    """The item's first claim carries ``tag:<slug>`` in the slug's own form for each theme it carries but
    does not write (``buckets``), when no vocabulary says which themes name one idea.

    Why: the reference server's search for a theme's slug found the item through the theme's node
    (``addresses``); a bucket has no node to the item, and its ``tag:`` on the item is search-safe
    (``tag:memory_context``).  Its own idea nodes whose names hold the slug's words are shared hubs
    ("model-context-protocol" for memory-context) that bring other items with them: pooled R@10 fell
    below the node's (docs/recall.md).  The first claim is the item's own node, whose ``states`` names the
    item and no other, so the slug's search reaches the items that carry the theme, and them alone, at a
    claim's cost.  The item alone decides it, no corpus count."""
    builder.entity(claim, EntityType.CLAIM, *(tag_observation(bucket, "slug") for bucket in sorted(buckets)))


def _item_node(builder: FactsBuilder, item: ResearchItem, extraction: Extraction, themes: ThemeMap, fold: Callable[[str], str],
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



def all_facts(by_item: Mapping[str, Facts]) -> Iterable[Facts]:
    return (by_item[slug] for slug in sorted(by_item))
