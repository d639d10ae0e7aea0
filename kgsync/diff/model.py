"""The graph diff as data: what changed per node, per relation and per research item.

Every tuple in a ``GraphDiff`` is sorted (``graph_diff.diff`` builds it), so the PR body and
the JSON report are byte-identical for the same two graphs.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from kgsync.contract import jsonl
from kgsync.contract.model import Entity, EntityType, Graph, Relation
from kgsync.diff.finding_order import finding_key
from kgsync.lint.rules import Finding

#: Contract types first, in reading order; foreign types follow alphabetically.
TYPE_ORDER: tuple[str, ...] = (
    EntityType.RESEARCH_ITEM.value,
    EntityType.CONCEPT.value,
    EntityType.CLAIM.value,
    EntityType.METHOD.value,
)


def type_sort_key(entity_type: str) -> tuple[int, str]:
    try:
        return (TYPE_ORDER.index(entity_type), "")
    except ValueError:
        return (len(TYPE_ORDER), entity_type)


@dataclass(frozen=True, slots=True)
class EntityChange:
    """An entity present in both graphs whose type or observations differ."""

    name: str
    entity_type: str  # the type in the new graph
    observations_added: tuple[str, ...] = ()  # sorted; a repeated observation repeats (multiset)
    observations_removed: tuple[str, ...] = ()
    type_changed: tuple[str, str] | None = None  # (old type, new type)
    reordered: bool = False  # same observations, another order (the JSONL bytes change)


@dataclass(frozen=True, slots=True)
class TypeCount:
    entity_type: str
    added: int
    removed: int
    changed: int


@dataclass(frozen=True, slots=True)
class ItemDiff:
    """The part of a diff that belongs to one research item (slug "" = no item)."""

    slug: str
    title: str  # the item's ``title:`` observation (new graph, else old), or ""
    added: tuple[Entity, ...] = ()
    removed: tuple[Entity, ...] = ()
    changed: tuple[EntityChange, ...] = ()
    relations_added: tuple[Relation, ...] = ()
    relations_removed: tuple[Relation, ...] = ()

    @property
    def size(self) -> int:
        return (
            len(self.added)
            + len(self.removed)
            + len(self.changed)
            + len(self.relations_added)
            + len(self.relations_removed)
        )


@dataclass(frozen=True, slots=True)
class ItemRename:
    """A removed item and an added one that are the same research (``renames.item_renames``): a
    ``git mv`` of its file, its content maybe edited in the same merge."""

    old: str  # slug
    new: str
    rule: str  # why they are one: "the same title", "3 of 4 claim statements equal"
    claims: tuple[tuple[str, str], ...] = ()  # (old claim, new claim): the same key, else the same statement
    # What is left on the old nodes in the new graph (kept by the manifest's ownership rules: content
    # added by hand or by an agent): "name: observation" (or "name (type)"), and the relations.
    left: tuple[str, ...] = ()
    left_relations: tuple[Relation, ...] = ()

    def renamed(self, name: str) -> str:
        """``name`` as the new item writes it (the old item node or a paired claim), else itself."""
        if name == f"item:{self.old}":
            return f"item:{self.new}"
        return dict(self.claims).get(name, name)


@dataclass(frozen=True, slots=True)
class GraphSize:
    """How big a graph is, as its readers meet it: nodes, relations, bytes of the JSONL file."""

    entities: int
    relations: int
    jsonl_bytes: int


def graph_size(graph: Graph) -> GraphSize:
    """The size of ``graph`` as kgsync writes it (the canonical JSONL, UTF-8)."""
    return GraphSize(len(graph.entities), len(graph.relations), len(jsonl.dumps(graph).encode("utf-8")))


@dataclass(frozen=True, slots=True)
class GraphDiff:
    added: tuple[Entity, ...] = ()  # sorted by (type order, name)
    removed: tuple[Entity, ...] = ()
    changed: tuple[EntityChange, ...] = ()
    relations_added: tuple[Relation, ...] = ()  # sorted by (from, type, to)
    relations_removed: tuple[Relation, ...] = ()
    items: tuple[ItemDiff, ...] = ()  # sorted by slug ascending ("" = no item, first)
    findings: tuple[Finding, ...] = ()  # errors first
    near_duplicates: tuple[tuple[str, str], ...] = ()  # sorted pairs of entity names
    # The pairs of ``near_duplicates`` the same items address (``kin.same_items``), each with
    # (items linking both, items linking the first, the second): the evidence a reviewer reads first.
    same_items: tuple[tuple[str, str, int, int, int], ...] = ()
    # The names of ``near_duplicates`` that are a theme's node (``kin.theme_nodes``): such a name
    # stands in its pair's ``merges:`` line (``similarity.merge_line``).
    theme_nodes: frozenset[str] = frozenset()
    # ``finding_key`` of the findings OLD had too: a reviewer weighs what this change brings first.
    preexisting: frozenset[tuple[str, str, str]] = frozenset()
    # OLD's and NEW's sizes (``review`` fills them in; ``diff`` alone leaves them unknown).
    size_before: GraphSize | None = None
    size_after: GraphSize | None = None
    renames: tuple[ItemRename, ...] = ()  # sorted by old slug
    # (removed concept or method, the node that keeps its name, relations moved): ``graph_diff._term_moves``
    term_moves: tuple[tuple[str, str, int], ...] = ()

    def is_new(self, finding: Finding) -> bool:
        return finding_key(finding) not in self.preexisting

    def renamed(self) -> dict[str, tuple[str, int]]:
        """Removed concept or method -> (the added node it was renamed to, its relations moved): the one
        added node of the same type that keeps every observation of the removed one (an alias may be
        added: the old name) and onto which every relation of the removed one moved ("rag-retrieval"
        -> "retrieval-augmented-generation"); and the moves ``term_moves`` found (a retype, a node
        that keeps the removed name as an alias).  A reviewer reads a rename, not a loss."""
        new_links = set(self.relations_added)
        found: dict[str, tuple[str, int]] = {}
        for e in self.removed:
            if e.entity_type not in ("concept", "method"):
                continue
            kept = set(e.observations)
            targets = [a.name for a in self.added if a.entity_type == e.entity_type and kept <= set(a.observations)]
            if len(targets) != 1:
                continue
            into = targets[0]
            moved = [r for r in self.relations_removed if e.name in (r.source, r.target)]
            if all(replace(r, source=into if r.source == e.name else r.source,
                           target=into if r.target == e.name else r.target) in new_links for r in moved):
                found[e.name] = (into, len(moved))
        for name, into, moved_count in self.term_moves:  # a retype, or into a node that keeps its name
            found.setdefault(name, (into, moved_count))
        return found

    @property
    def is_empty(self) -> bool:
        """No graph change.  Findings and near-duplicates do not count: they describe NEW."""
        return not (
            self.added or self.removed or self.changed or self.relations_added or self.relations_removed
        )

    @property
    def entity_types(self) -> tuple[str, ...]:
        types = {e.entity_type for e in self.added + self.removed} | {c.entity_type for c in self.changed}
        return tuple(sorted(types, key=type_sort_key))

    @property
    def counts(self) -> tuple[TypeCount, ...]:
        """Per entity type (contract types always listed, in reading order)."""
        added = Counter(e.entity_type for e in self.added)
        removed = Counter(e.entity_type for e in self.removed)
        changed = Counter(c.entity_type for c in self.changed)
        types = sorted(set(TYPE_ORDER) | set(added) | set(removed) | set(changed), key=type_sort_key)
        return tuple(TypeCount(t, added[t], removed[t], changed[t]) for t in types)

    def by_type(self, entity_type: str) -> tuple[tuple[Entity, ...], tuple[Entity, ...], tuple[EntityChange, ...]]:
        """(added, removed, changed) of one entity type."""
        return (
            tuple(e for e in self.added if e.entity_type == entity_type),
            tuple(e for e in self.removed if e.entity_type == entity_type),
            tuple(c for c in self.changed if c.entity_type == entity_type),
        )

    def relation_counts(self) -> dict[str, tuple[int, int]]:
        """relation type -> (added, removed), sorted by type."""
        added = Counter(r.relation_type for r in self.relations_added)
        removed = Counter(r.relation_type for r in self.relations_removed)
        return {t: (added[t], removed[t]) for t in sorted(set(added) | set(removed))}
