"""What assembling one item yields, and the builder that collects it in order."""

from __future__ import annotations

from dataclasses import dataclass, field

from kgsync.contract.model import EntityType, Facts, Relation, RelationType


@dataclass
class FactsBuilder:
    entities: dict[tuple[str, str], None] = field(default_factory=dict)
    observations: dict[tuple[str, str], None] = field(default_factory=dict)
    # (source, target, type) -> its relation: the tuple is hashed in C, the relation's dataclass
    # hash in Python (an item relates ~25 pairs, a 10,000-item build ~230k), and a pair related
    # again builds no second relation.
    relations: dict[tuple[str, str, str], Relation] = field(default_factory=dict)
    evidence: dict[tuple[str, ...], None] = field(default_factory=dict)

    def entity(self, name: str, entity_type: EntityType, *observations: str) -> None:
        self.entities[(name, entity_type._value_)] = None  # ``_value_``: ``value`` is a Python property
        for observation in observations:
            if observation:
                self.observations[(name, observation)] = None

    def relate(self, source: str, relation: RelationType, target: str) -> None:
        if source != target:
            key = (source, target, relation._value_)
            if key not in self.relations:
                self.relations[key] = Relation(*key)

    def facts(self) -> Facts:
        return Facts(tuple(self.entities), tuple(self.observations), tuple(self.relations.values()), tuple(self.evidence))



# What assembling one item yields: its facts, its ``sources`` writes in order, as
# (entity name, line, overwrite) (the path is the item's own), and the key words its
# claims' mention lookups started from.
ItemAssembly = tuple[Facts, tuple[tuple[str, "int | None", bool], ...], frozenset[str]]
