"""Which research item each change belongs to, and which items a change merged.

A node belongs to ``item:<slug>`` when it *is* that item, else to each
``provenance:item=<slug>`` it carries, else (a shared node) to the items that address or
use it, else (a claim) to the slug in its name; a relation belongs to the item(s) of its
``from`` node.  Changes with no item are filed under the slug ``""``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kgsync.contract.model import Entity, Graph, Relation, RelationType, observations_with, slug_of_item_name
from kgsync.diff.model import EntityChange, GraphDiff, ItemDiff


def entity_named(graph: Graph, name: str) -> Entity:
    entity = graph.entity(name)
    assert entity is not None  # names come from the graph itself
    return entity


def items_of(entity: Entity, attributed: Mapping[str, frozenset[str]] | None = None) -> tuple[str, ...]:
    """The slugs of the item(s) a node belongs to (see the module docstring).

    A shared node (concept, method) carries no provenance token: its items are
    the ones that address or use it (``attributed``, from ``attributions``).
    """
    slug = slug_of_item_name(entity.name)
    if slug is not None:
        return (slug,)
    slugs = sorted({v[len("item=") :].strip() for v in observations_with(entity.observations, "provenance")
                    if v.startswith("item=")} - {""})
    if slugs:
        return tuple(slugs)
    if attributed and entity.name in attributed:
        return tuple(sorted(attributed[entity.name]))
    if entity.name.startswith("claim:"):
        claim_slug = entity.name[len("claim:") :].partition(":")[0]  # slugs are file names: no ':'
        if claim_slug:
            return (claim_slug,)
    return ()


def attributions(graph: Graph) -> dict[str, frozenset[str]]:
    """Shared node name -> the slugs of the items that address or use it."""
    found: dict[str, set[str]] = {}
    for relation in graph.relations:
        if relation.relation_type in _ATTRIBUTING:
            slug = slug_of_item_name(relation.source)
            if slug is not None:
                found.setdefault(relation.target, set()).add(slug)
    return {name: frozenset(slugs) for name, slugs in found.items()}


_ATTRIBUTING = frozenset({RelationType.ADDRESSES.value, RelationType.USES_METHOD.value})


def _title(old: Graph, new: Graph, slug: str) -> str:
    for graph in (new, old):
        entity = graph.entity(f"item:{slug}")
        if entity is not None:
            titles = observations_with(entity.observations, "title")
            if titles:
                return titles[0]
    return ""


def group_by_item(
    old: Graph,
    new: Graph,
    added: tuple[Entity, ...],
    removed: tuple[Entity, ...],
    changed: tuple[EntityChange, ...],
    relations_added: tuple[Relation, ...],
    relations_removed: tuple[Relation, ...],
) -> tuple[ItemDiff, ...]:
    buckets: dict[str, dict[str, list[Any]]] = {}

    def file(slugs: tuple[str, ...], kind: str, thing: Any) -> None:
        for slug in slugs or ("",):
            bucket = buckets.setdefault(slug, {k: [] for k in ("a", "r", "c", "ra", "rr")})
            bucket[kind].append(thing)

    old_by, new_by = attributions(old), attributions(new)
    for entity, graph, by, kind in [*((e, new, new_by, "a") for e in added), *((e, old, old_by, "r") for e in removed)]:
        # A later line of a name (a copy) holds no relation of the items that address the name's node.
        file(items_of(entity, by if graph.entity(entity.name) == entity else None), kind, entity)
    for change in changed:
        slugs = set(items_of(entity_named(old, change.name), old_by)) | set(items_of(entity_named(new, change.name), new_by))
        file(tuple(sorted(slugs)), "c", change)
    for relations, kind, first, second in (
        (relations_added, "ra", new, old),
        (relations_removed, "rr", old, new),
    ):
        for relation in relations:
            source = first.entity(relation.source) or second.entity(relation.source)
            file(items_of(source or Entity(relation.source, "")), kind, relation)

    # Buckets were filled in sorted order, so each list is already sorted.
    return tuple(
        ItemDiff(
            slug,
            _title(old, new, slug) if slug else "",
            tuple(b["a"]),
            tuple(b["r"]),
            tuple(b["c"]),
            tuple(b["ra"]),
            tuple(b["rr"]),
        )
        for slug, b in sorted(buckets.items())
    )


def merged_slugs(d: GraphDiff) -> frozenset[str]:
    """The items this change merged: those whose own nodes (the item node, its claims) changed.

    Only an item's file makes its item node and its claims, so a change there means its file
    changed; another item that only gains or loses links to shared concepts and methods is a
    side effect of the merge.  So is a claim another item's link cites (``cited_claims``): a
    finding past its item's claim cap is a claim only while a link cites it (docs/CLAIMS.md).
    """
    merged = set()
    cited = cited_claims(d)
    for item in d.items:
        if not item.slug:
            continue
        own = (f"item:{item.slug}", f"claim:{item.slug}:")
        names = [e.name for e in item.added + item.removed if e.name not in cited] + [c.name for c in item.changed]
        if any(n == own[0] or n.startswith(own[1]) for n in names):
            merged.add(item.slug)
    return frozenset(merged)


def cited_claims(d: GraphDiff) -> frozenset[str]:
    """The claims ``d`` adds or removes that a claim of another item links to in a link ``d`` adds or
    removes (supports, contradicts, extends): made or unmade by that link, not by their own item's file."""
    came_or_went = {e.name for e in d.added + d.removed if e.entity_type == "claim"}
    return frozenset(r.target for r in d.relations_added + d.relations_removed
                     if r.target in came_or_went and r.source.startswith("claim:") and r.relation_type in _CITING
                     and r.source.split(":")[1] != r.target.split(":")[1])


_CITING = frozenset({RelationType.SUPPORTS.value, RelationType.CONTRADICTS.value, RelationType.EXTENDS.value})
