"""The pass over relations behind ``kgsync.lint.rules.lint``: endpoint types, dangling ends,
self-relations, duplicates, orphan nodes, claims both supported and contradicted, extends cycles.
Split from ``kgsync.lint.checks`` (the pass over entities), whose speed rule it keeps: whole-graph,
C-level operations sort out the clean relations, the detailed checks run on the suspects only.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from itertools import compress
from operator import eq, not_

from kgsync.contract.model import ENDPOINTS, EntityType, Graph, Relation, RelationType
from kgsync.lint.checks import ENTITY_TYPES, Collector, Columns
from kgsync.lint.table import CONFLICT, relation_label, show


_RELATION_TYPES = frozenset(map(str, RelationType))
_ORPHAN_TYPES = frozenset({EntityType.CONCEPT, EntityType.CLAIM, EntityType.METHOD})
#: (from type, relation type, to type) triples the contract allows.
_ALLOWED = frozenset(
    (str(a), str(relation_type), str(b)) for relation_type, pairs in ENDPOINTS.items() for a, b in pairs
)


def check_relations(graph: Graph, out: Collector, columns: Columns) -> None:
    relations = graph.relations
    sources, targets, relation_types = columns.sources, columns.targets, columns.relation_types
    keys = list(zip(sources, targets, relation_types))
    # The first copy of a name wins, as for the server (duplicates are reported on their own).
    types = dict(zip(reversed(columns.names), reversed(columns.types)))

    triples = zip(map(types.get, sources), relation_types, map(types.get, targets))
    suspects = list(compress(relations, map(not_, map(_ALLOWED.__contains__, triples))))
    suspects += compress(relations, map(eq, sources, targets))
    reported: set[Relation] = set()
    for relation in sorted(suspects):
        if relation not in reported:
            reported.add(relation)
            label, where = relation_label(relation), out.relation_location(relation)
            for code, message in _relation_problems(relation, types):
                out.add_at(code, label, message, where)

    if len(set(keys)) != len(keys):
        for (source, target, relation_type), count in Counter(keys).items():
            if count > 1:
                relation = Relation(source, target, relation_type)
                out.add_at("duplicate-relation", relation_label(relation), f"appears {count} times",
                           out.relation_location(relation))

    touched = set(sources)
    touched.update(targets)
    for name, entity_type in types.items():
        if entity_type in _ORPHAN_TYPES and name not in touched:
            out.add("orphan-node", name, f"the {entity_type} has no relation")

    linked = compress(keys, map(_CLAIM_LINKS.__contains__, relation_types))
    by_type: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for source, target, relation_type in linked:
        by_type[relation_type].add((source, target))
    _check_conflicts(by_type, out)
    _check_extends_cycles(by_type[RelationType.EXTENDS], out)


_CLAIM_LINKS = frozenset({"supports", "contradicts", "extends"})


def _relation_problems(relation: Relation, types: Mapping[str, str]) -> list[tuple[str, str]]:
    source, target, relation_type = relation.source, relation.target, relation.relation_type
    problems: list[tuple[str, str]] = []
    if source == target:
        problems.append(("self-relation", "the relation goes from an entity to itself"))
    missing = [(end, name) for end, name in (("from", source), ("to", target)) if name not in types]
    for end, name in missing:
        problems.append(("dangling-relation", f"{end} {show(name)} is not in the graph"))
    if relation_type not in _RELATION_TYPES:
        problems.append(("unknown-relation-type", f"unknown relationType {show(relation_type)}"))
    elif not missing:
        source_type, target_type = types[source], types[target]
        if source_type in ENTITY_TYPES and target_type in ENTITY_TYPES:
            if (source_type, relation_type, target_type) not in _ALLOWED:
                ok = ", ".join(sorted(f"{a}->{b}" for a, r, b in _ALLOWED if r == relation_type))
                problems.append(("endpoint-type-mismatch",
                                 f"{relation_type} cannot go {source_type}->{target_type} (allowed: {ok})"))
    return problems


def _check_conflicts(by_type: Mapping[str, set[tuple[str, str]]], out: Collector) -> None:
    supports = {frozenset(pair) for pair in by_type.get(RelationType.SUPPORTS, ()) if pair[0] != pair[1]}
    contradicts = {frozenset(pair) for pair in by_type.get(RelationType.CONTRADICTS, ()) if pair[0] != pair[1]}
    for pair in supports & contradicts:
        first, second = sorted(pair)
        # A claim that itself both supports and contradicts the other (one item gave the finding it
        # cites two stances) is the one to fix: the finding is its own, so its item is blamed.
        if (second, first) in by_type.get(RelationType.SUPPORTS, ()) and \
                (second, first) in by_type.get(RelationType.CONTRADICTS, ()):
            first, second = second, first
        out.add("conflicting-relations", first, f"{CONFLICT}{second}")


def _check_extends_cycles(edges: set[tuple[str, str]], out: Collector) -> None:
    for component in _cycles(edges):
        first = component[0]
        out.add("extends-cycle", first, "extends cycle through " + ", ".join(component))


def _cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan, iterative: no recursion limit)."""
    successors: dict[str, list[str]] = defaultdict(list)
    for source, target in sorted(edges):
        if source != target:  # self-loops are self-relation findings already
            successors[source].append(target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for root in sorted(successors):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(successors[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(successors.get(child, ()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return sorted(components)
