"""The graph diff: what a pull request changes in the graph, as data.

``diff(old, new)`` is pure and deterministic: every tuple in a ``GraphDiff`` is
sorted, so the PR body and the JSON report are byte-identical for the same two
graphs.  Entities are matched by name (the first entity of a name wins, as in
the memory server's lookups; a later line of a name, a copy, is a node added or
removed); relations by their (from, to, type) key.

Every change is also filed under the research item(s) it comes from, because a
reviewer reads a graph PR item by item: a node belongs to ``item:<slug>`` when
it *is* that item, else to each ``provenance:item=<slug>`` it carries, else (a
shared node) to the items that address or use it, else (a claim) to the slug in its
name (``item_attribution``); a relation belongs to the item(s) of its
``from`` node.  Changes with no item are filed under the slug ``""``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from kgsync.contract.model import TERM_LINKS, TERM_TYPES, Entity, EntityType, Graph, Relation
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
        term_moves=_term_moves(old, removed, new, new_keys),
    )


def _term_moves(old: Graph, removed: Iterable[Entity], new: Graph,
                new_keys: set[tuple[str, str, str]]) -> tuple[tuple[str, str, int], ...]:
    """(removed concept or method, the node it is now, its relations) for each removed term node every
    relation of which moved to one node of NEW that keeps its name: the same name of the other type
    (a retype: ``method:software-engineering`` -> ``concept:software-engineering``, its ``uses_method``
    links now ``addresses``), or a node with the removed name as an alias (a theme now named as mining
    names its idea: ``concept:agentic-ai`` -> ``concept:agentic-artificial-intelligence``, which may
    have been a node already).  A reviewer reads a rename, not a loss to pin back (``GraphDiff.renamed``)."""
    terms = {e.name: e.entity_type for e in removed if e.entity_type in TERM_TYPES}
    if not terms:
        return ()
    links: dict[str, list[Relation]] = {name: [] for name in terms}
    for relation in old.relations:
        for end in {relation.source, relation.target} & terms.keys():
            links[end].append(relation)
    slugs = {name.split(":", 1)[1] for name in terms}
    keeping: dict[str, set[str]] = {}  # a removed name's slug -> the NEW term nodes that keep it as an alias
    for entity in new.entities:
        if entity.entity_type in TERM_TYPES:
            for slug in slugs.intersection(o[len("alias:"):] for o in entity.observations if o.startswith("alias:")):
                keeping.setdefault(slug, set()).add(entity.name)
    moves = []
    for name, entity_type in sorted(terms.items()):
        slug = name.split(":", 1)[1]
        other = next(prefix + slug for kind, prefix in (("concept", "concept:"), ("method", "method:")) if kind != entity_type)
        into = keeping.get(slug, set()) | ({other} if other in new else set())
        if len(into) != 1 or not links[name]:
            continue
        [target] = into
        retyped = not target.startswith(name.split(":", 1)[0] + ":")
        if all(new_keys.intersection(_moved(r, name, target, retyped)) for r in links[name]):
            moves.append((name, target, len(links[name])))
    return tuple(moves)


def _moved(relation: Relation, name: str, target: str, retyped: bool) -> tuple[tuple[str, str, str], ...]:
    """The keys ``relation`` may have once ``name`` is ``target``: its own type, or, a link to a retyped
    node, any link an item or claim has to a term node."""
    source = target if relation.source == name else relation.source
    to = target if relation.target == name else relation.target
    kinds = TERM_LINKS if retyped and relation.target == name and relation.relation_type in TERM_LINKS else ()
    return tuple(Relation(source, to, kind).key for kind in (relation.relation_type, *kinds))


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
