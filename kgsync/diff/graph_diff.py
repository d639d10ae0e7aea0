"""The graph diff: what a pull request changes in the graph, as data.

``diff(old, new)`` is pure and deterministic: every tuple in a ``GraphDiff`` is
sorted, so the PR body and the JSON report are byte-identical for the same two
graphs.  Entities are matched by name (the first entity of a name wins, as in
the memory server's lookups; a later line of a name, a copy, is a node added or
removed); relations by their (from, to, type) key.

Every change is also filed under the research item(s) it comes from, because a
reviewer reads a graph PR item by item: a node belongs to ``item:<slug>`` when
it *is* that item, else to each ``provenance:item=<slug>`` it carries, else (a
claim) to the slug in its name; a relation belongs to the item(s) of its
``from`` node.  Changes with no item are filed under the slug ``""``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from kgsync.contract.model import Entity, EntityType, Graph, Relation
from kgsync.diff.finding_order import finding_key, sort_findings
from kgsync.diff.item_attribution import entity_named, group_by_item
from kgsync.diff.model import EntityChange, GraphDiff, graph_size, type_sort_key
from kgsync.diff.renames import item_renames
from kgsync.lint.rules import FileLines, Finding, lint
from kgsync.read.config import Merge
from kgsync.vocabulary.kin import graph_forms, proposed_pairs, same_items, shared_items, theme_nodes


def diff(
    old: Graph,
    new: Graph,
    *,
    findings: tuple[Finding, ...] = (),
    near_duplicates: tuple[tuple[str, str], ...] = (),
) -> GraphDiff:
    """What changes from ``old`` to ``new``; pure, every part sorted."""
    old_names, new_names = set(old.names()), set(new.names())
    # A name's later lines (copies: the server reads the first) are nodes the file gains or loses.
    old_copies, new_copies = _copies(old), _copies(new)
    added = _sorted_entities([*(entity_named(new, n) for n in new_names - old_names),
                              *(new_copies - old_copies).elements()])
    removed = _sorted_entities([*(entity_named(old, n) for n in old_names - new_names),
                                *(old_copies - new_copies).elements()])
    changes: list[EntityChange] = []
    for name in old_names & new_names:
        change = _change(entity_named(old, name), entity_named(new, name))
        if change is not None:
            changes.append(change)
    changed = tuple(sorted(changes, key=lambda c: (type_sort_key(c.entity_type), c.name)))

    old_keys = {r.key for r in old.relations}
    new_keys = {r.key for r in new.relations}
    relations_added = _sorted_relations(new_keys - old_keys)
    relations_removed = _sorted_relations(old_keys - new_keys)

    return GraphDiff(
        added=added,
        removed=removed,
        changed=changed,
        relations_added=relations_added,
        relations_removed=relations_removed,
        items=group_by_item(old, new, added, removed, changed, relations_added, relations_removed),
        findings=sort_findings(findings),
        near_duplicates=tuple(sorted({tuple(sorted(p)) for p in near_duplicates})),  # type: ignore[misc]
        renames=item_renames(old, new) if added and (removed or changed) else (),
    )


def _sorted_entities(entities: Iterable[Entity]) -> tuple[Entity, ...]:
    return tuple(sorted(entities, key=lambda e: (type_sort_key(e.entity_type), e.name, e.observations)))


def _copies(graph: Graph) -> Counter[Entity]:
    """The entities after the first of their name (none in a graph kgsync wrote)."""
    seen: set[str] = set()
    copies: Counter[Entity] = Counter()
    for entity in graph.entities:
        if entity.name in seen:
            copies[entity] += 1
        seen.add(entity.name)
    return copies


def _sorted_relations(keys: Iterable[tuple[str, str, str]]) -> tuple[Relation, ...]:
    # Reading order: all relations of a node together, then by type, then target.
    return tuple(Relation(*k) for k in sorted(keys, key=lambda k: (k[0], k[2], k[1])))


def _change(old: Entity, new: Entity) -> EntityChange | None:
    before, after = Counter(old.observations), Counter(new.observations)
    obs_added = tuple(sorted((after - before).elements()))
    obs_removed = tuple(sorted((before - after).elements()))
    type_changed = (old.entity_type, new.entity_type) if old.entity_type != new.entity_type else None
    reordered = not obs_added and not obs_removed and old.observations != new.observations
    if not (obs_added or obs_removed or type_changed or reordered):
        return None
    return EntityChange(new.name, new.entity_type, obs_added, obs_removed, type_changed, reordered)


def review(old: Graph, new: Graph, *, rule: Merge | None = None, sources: FileLines | None = None) -> GraphDiff:
    """``diff`` plus lint findings on NEW and near-duplicate pairs among NEW's terms.

    This is what ``kgsync diff`` and the PR flow show.  A pair is reported when
    at least one of its names is new, within one entity type.
    """

    rule = rule if rule is not None else Merge()
    preexisting: frozenset[tuple[str, str, str]] = frozenset()
    findings = tuple(lint(new, sources=sources, rule=rule).findings)
    if findings and (old.entities or old.relations):
        preexisting = frozenset(map(finding_key, lint(old, rule=rule).findings))
    old_names = set(old.names())
    pairs: list[tuple[str, str]] = []
    evidence: list[tuple[str, str, int, int, int]] = []
    for entity_type, prefix in ((EntityType.CONCEPT, "concept:"), (EntityType.METHOD, "method:")):
        names = {e.name for e in new.of_type(entity_type.value) if e.name.startswith(prefix)}
        if not names - old_names:
            continue
        terms = [n[len(prefix) :] for n in names]
        forms, items = graph_forms(new, entity_type.value, prefix)
        for a, b in sorted(proposed_pairs(terms, forms, items, rule)):
            if prefix + a not in old_names or prefix + b not in old_names:
                pairs.append((prefix + a, prefix + b))
                if same_items(items, a, b):
                    evidence.append((prefix + a, prefix + b, *shared_items(items, a, b)))
    return replace(diff(old, new, findings=findings, near_duplicates=tuple(pairs)), preexisting=preexisting,
                   same_items=tuple(sorted(evidence)), theme_nodes=theme_nodes(new, (n for pair in pairs for n in pair)),
                   size_before=graph_size(old), size_after=graph_size(new))
