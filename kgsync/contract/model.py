"""The graph model and the graph contract (entity types, relation types, names).

Everything here is pure data: frozen dataclasses and enums.  A ``Graph`` read
from a file may hold types outside the contract (an agent wrote them); the
model keeps them as plain strings so that ``lint`` can name them, and so that
nothing a human or agent added is lost on a round trip.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter


class EntityType(StrEnum):
    RESEARCH_ITEM = "research_item"
    CONCEPT = "concept"
    CLAIM = "claim"
    METHOD = "method"


class RelationType(StrEnum):
    ADDRESSES = "addresses"
    STATES = "states"
    ABOUT = "about"
    USES_METHOD = "uses_method"
    SUPPORTS = "supports"
    CONTRADICTS = "contradicts"
    EXTENDS = "extends"


#: Name prefix each entity type carries (``item:<slug>``, ``concept:<term>``...).
PREFIX: dict[EntityType, str] = {
    EntityType.RESEARCH_ITEM: "item:",
    EntityType.CONCEPT: "concept:",
    EntityType.CLAIM: "claim:",
    EntityType.METHOD: "method:",
}

_ITEM, _CONCEPT, _CLAIM, _METHOD = (
    EntityType.RESEARCH_ITEM,
    EntityType.CONCEPT,
    EntityType.CLAIM,
    EntityType.METHOD,
)

#: (from type, to type) pairs each relation type allows; anything else is drift.
ENDPOINTS: dict[RelationType, frozenset[tuple[EntityType, EntityType]]] = {
    RelationType.ADDRESSES: frozenset({(_ITEM, _CONCEPT)}),
    RelationType.STATES: frozenset({(_ITEM, _CLAIM)}),
    RelationType.ABOUT: frozenset({(_CLAIM, _CONCEPT)}),
    RelationType.USES_METHOD: frozenset({(_ITEM, _METHOD), (_CLAIM, _METHOD)}),
    RelationType.SUPPORTS: frozenset({(_CLAIM, _CLAIM)}),
    RelationType.CONTRADICTS: frozenset({(_CLAIM, _CLAIM)}),
    RelationType.EXTENDS: frozenset({(_ITEM, _ITEM), (_CLAIM, _CLAIM)}),
}

#: The entity types of terms (``concept:``/``method:`` nodes, whose name after the prefix is the term),
#: and the relations an item or a claim has to one.
TERM_TYPES = frozenset({EntityType.CONCEPT.value, EntityType.METHOD.value})
TERM_LINKS = frozenset({RelationType.ADDRESSES.value, RelationType.USES_METHOD.value, RelationType.ABOUT.value})

#: Observation keys kgsync writes.  ``key:value`` or ``key: value``; see docs/CONTRACT.md.
OBSERVATION_KEYS = (
    "title",
    "summary",
    "provenance",
    "section",
    "tag",
    "alias",
    "confidence",
    "source",
    "status",
    "completed",
    "kind",
)


def item_name(slug: str) -> str:
    return f"item:{slug}"


def concept_name(term: str) -> str:
    return f"concept:{term}"


def method_name(term: str) -> str:
    return f"method:{term}"


def claim_name(slug: str, key: str) -> str:
    return f"claim:{slug}:{key}"


def provenance(slug: str) -> str:
    """The provenance token: the retrieval index maps a node back to its item by it."""
    return f"provenance:item={slug}"


def slug_of_item_name(name: str) -> str | None:
    return name[len("item:") :] if name.startswith("item:") else None


def type_of_name(name: str) -> EntityType | None:
    """The entity type a name's prefix announces, or None for a foreign name."""
    for entity_type, prefix in PREFIX.items():
        if name.startswith(prefix):
            return entity_type
    return None


@dataclass(frozen=True, slots=True)
class Entity:
    name: str
    entity_type: str
    observations: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, order=True)
class Relation:
    source: str  # "from" in JSONL; ``from`` is a Python keyword
    target: str  # "to" in JSONL
    relation_type: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.source, self.target, self.relation_type)


@dataclass(frozen=True)
class Graph:
    """An ordered, immutable graph.  Order matters only for byte-identical output."""

    entities: tuple[Entity, ...] = ()
    relations: tuple[Relation, ...] = ()
    _index: dict[str, Entity] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # First entity of a name wins, like the server's lookups (``find``).
        index: dict[str, Entity] = {}
        for entity in self.entities:
            index.setdefault(entity.name, entity)
        object.__setattr__(self, "_index", index)

    def entity(self, name: str) -> Entity | None:
        return self._index.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def names(self) -> Iterator[str]:
        return iter(self._index)

    def of_type(self, entity_type: str) -> Iterator[Entity]:
        return (e for e in self.entities if e.entity_type == entity_type)

    def relations_of(self, name: str) -> Iterator[Relation]:
        return (r for r in self.relations if r.source == name or r.target == name)

    def canonical(self) -> Graph:
        """The deterministic file order: entities by name, relations by key.

        Observation order inside an entity is kept (it is meaningful: title first).
        """
        return canonical_graph(self.entities, self.relations)


def canonical_graph(entities: Iterable[Entity], relations: Iterable[Relation], entities_in_order: bool = False) -> Graph:
    """``Graph(entities, relations).canonical()``, made once (one graph, one name index).
    ``entities_in_order``: the caller made them in that order already (the merge: one entity a
    name, names ascending), so they are not sorted again."""
    return Graph(
        tuple(entities) if entities_in_order else tuple(sorted(entities, key=_ENTITY_ORDER)),
        tuple(sorted(relations, key=_RELATION_ORDER)),
    )


# Sort keys built in C (attrgetter), not by a lambda per element: same tuples, same order.
_ENTITY_ORDER = attrgetter("name", "entity_type")
_RELATION_ORDER = attrgetter("source", "relation_type", "target")


def observations_with(observations: Iterable[str], key: str) -> list[str]:
    """Values of the observations ``key:value`` / ``key: value`` (stripped)."""
    prefix = key + ":"
    return [o[len(prefix) :].strip() for o in observations if o.startswith(prefix)]


@dataclass(frozen=True)
class Facts:
    """What one item contributes to the graph (the unit of ownership in ``merge``): entity existence, observations, relations."""

    entities: tuple[tuple[str, str], ...] = ()  # (name, entityType)
    observations: tuple[tuple[str, str], ...] = ()  # (entity name, observation)
    relations: tuple[Relation, ...] = ()
    # (from, to, relation, sentence, "path:line"): the sentence stating each evidence link.  The
    # server's relation has no room for it, so it lives only in the manifest.
    evidence: tuple[tuple[str, ...], ...] = ()

    def as_json(self) -> dict[str, list[list[str]]]:
        out = {
            "entities": [list(e) for e in self.entities],
            "observations": [list(o) for o in self.observations],
            "relations": [[r.source, r.target, r.relation_type] for r in self.relations],
        }
        if self.evidence:
            out["evidence"] = [list(e) for e in self.evidence]
        return out

    def without_relations(self, gone: Container[Relation]) -> Facts:
        """These facts less the relations in ``gone`` and the evidence records of those relations."""
        return Facts(self.entities, self.observations, tuple(r for r in self.relations if r not in gone),
                     tuple(e for e in self.evidence if Relation(*e[:3]) not in gone))

    @classmethod
    def from_json(cls, data: Mapping[str, Iterable[Iterable[str]]], names: Callable[[str], str] = str) -> Facts:
        """``names``: each entity name and type and relation type is ``names(str(value))``
        (``SharedStrings()[...]``: equal ones one string, where many facts are decoded at once)."""
        return cls(
            tuple((names(str(n)), names(str(t))) for n, t in data.get("entities", ())),
            tuple((names(str(n)), str(o)) for n, o in data.get("observations", ())),
            tuple(Relation(names(str(a)), names(str(b)), names(str(t))) for a, b, t in data.get("relations", ())),
            tuple(tuple(str(part) for part in e) for e in data.get("evidence", ())),
        )


class SharedStrings(dict[str, str]):
    """``shared[text]``: the first string equal to ``text`` that it was asked for (a 10,000-item
    manifest names ~5*10^4 nodes ~10^6 times: decoded, each mention was a string of its own)."""

    def __missing__(self, text: str) -> str:
        self[text] = text
        return text
