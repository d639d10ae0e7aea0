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

from kgsync.config import Caps
from kgsync.economy import tag_observation
from kgsync.errors import Location
from kgsync.extract import Extraction, resolve_links, undated_suffixes
from kgsync.items import ResearchItem
from kgsync.model import (
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
from kgsync.themes import ThemeMap
from kgsync.vocab import TermKind, Vocabulary

_CONFIDENCE_RANK = {"high": 0, "medium": 1, "low": 2, "": 3}


@dataclass
class _Builder:
    entities: dict[tuple[str, str], None] = field(default_factory=dict)
    observations: dict[tuple[str, str], None] = field(default_factory=dict)
    relations: dict[Relation, None] = field(default_factory=dict)

    def entity(self, name: str, entity_type: EntityType, *observations: str) -> None:
        self.entities[(name, entity_type.value)] = None
        for observation in observations:
            if observation:
                self.observations[(name, observation)] = None

    def relate(self, source: str, relation: RelationType, target: str) -> None:
        if source != target:
            self.relations[Relation(source, target, relation.value)] = None

    def facts(self) -> Facts:
        return Facts(tuple(self.entities), tuple(self.observations), tuple(self.relations))


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
) -> Assembly:
    """Each item's facts.  ``fold`` rewrites generated text for index economy (see ``economy``)."""
    by_slug = {item.slug: item for item in items}
    suffixes = undated_suffixes(by_slug)
    by_item: dict[str, Facts] = {}
    sources: dict[str, Location] = {}
    for item in items:
        builder = _Builder()
        extraction = extractions[item.slug]
        _item_node(builder, item, extraction, themes, fold, tag_style)
        sources.setdefault(item_name(item.slug), Location(item.path, 1))
        concepts, methods = _terms(builder, item, vocabulary, caps)
        for name in concepts + methods:
            sources.setdefault(name, Location(item.path, None))
        if not item.is_superseded:  # a superseded item's claims are excluded, not just tagged
            for claim, name in _claims(builder, item, extraction, vocabulary, caps, concepts, methods, fold):
                sources[name] = Location(item.path, claim.line)
        _extends(builder, item, extraction, by_slug, suffixes)
        by_item[item.slug] = builder.facts()
    return Assembly(by_item, sources)


def _item_node(builder: _Builder, item: ResearchItem, extraction: Extraction, themes: ThemeMap, fold,
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


def _terms(builder: _Builder, item: ResearchItem, vocabulary: Vocabulary, caps: Caps) -> tuple[list[str], list[str]]:
    uses = vocabulary.per_item.get(item.slug)
    if uses is None:
        return [], []
    names: dict[TermKind, list[str]] = {TermKind.CONCEPT: [], TermKind.METHOD: []}
    for kind, chosen, cap in ((TermKind.CONCEPT, uses.concepts, caps.concepts),
                              (TermKind.METHOD, uses.methods, caps.methods)):
        for use in chosen[:cap]:
            if kind is TermKind.CONCEPT:
                name, entity_type, relation = concept_name(use.name), EntityType.CONCEPT, RelationType.ADDRESSES
            else:
                name, entity_type, relation = method_name(use.name), EntityType.METHOD, RelationType.USES_METHOD
            builder.entity(name, entity_type, *(f"alias:{a}" for a in use.aliases), provenance(item.slug))
            builder.relate(item_name(item.slug), relation, name)
            names[kind].append(name)
    return names[TermKind.CONCEPT], names[TermKind.METHOD]


def _claims(builder, item, extraction, vocabulary, caps, concepts, methods, fold):
    """The item's strongest findings (confidence, then list order), within the cap."""
    chosen = sorted(extraction.claims, key=lambda c: (_CONFIDENCE_RANK.get(c.confidence, 3), c.number))
    concept_set, method_set = set(concepts), set(methods)
    for claim in chosen[: caps.claims]:
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
        for term in vocabulary.mentions(claim.statement):
            if concept_name(term) in concept_set:
                builder.relate(name, RelationType.ABOUT, concept_name(term))
            elif method_name(term) in method_set:
                builder.relate(name, RelationType.USES_METHOD, method_name(term))
        yield claim, name


def _extends(builder, item: ResearchItem, extraction: Extraction, by_slug: Mapping[str, ResearchItem], suffixes) -> None:
    """Later work extends earlier work: supersedes, cites and unambiguous text links."""
    source = item_name(item.slug)
    for older in item.supersedes:
        if older in by_slug:
            builder.relate(source, RelationType.EXTENDS, item_name(older))
    for target in sorted(set(item.cites) | set(resolve_links(extraction.text_links, by_slug, suffixes))):
        other = by_slug.get(target)
        if other is None or target in item.superseded_by or not _earlier(other, item):
            continue
        builder.relate(source, RelationType.EXTENDS, item_name(target))


def _earlier(a: ResearchItem, b: ResearchItem) -> bool:
    """Is ``a`` earlier work than ``b``?  Completion date, then slug (slugs start with dates)."""
    return (a.completed or "9999", a.slug) < (b.completed or "9999", b.slug)


def all_facts(by_item: Mapping[str, Facts]) -> Iterable[Facts]:
    return (by_item[slug] for slug in sorted(by_item))
