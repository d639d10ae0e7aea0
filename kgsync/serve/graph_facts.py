"""What ``read_graph``, ``topic`` and the research tools' name lookups read of the whole graph, computed once
for each version of the file.

Both tools used to walk the whole graph on every call: ``read_graph`` counted the entity and relation
types, the items per concept (every relation) and the superseded items (every entity's observations),
~95 ms at 10,000 items (``bench/bench_serve.py --no-recall --only-first-calls``, serve97), to show 20 of
them; ``topic`` read each claim's status and finding number from its observations again (up to ~6,600
claims for a concept many items address, ~50-100 ms); a name spelt otherwise normalised every node of its
kinds (``named``).  None of it depends on the call's arguments, so each is computed at the first call that
needs it and kept with the
``Index`` (one a version of the file: ``Service`` makes a new one when the file changes, and these go
with the old one).  Pure: no MCP, no I/O.
"""

from __future__ import annotations

import re
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from kgsync.serve.index import Index
from kgsync.serve.snapshot import Link, Node, is_claim, is_item, value, values


def superseded_item(node: Node) -> bool:
    """A research item a later one supersedes (``status:superseded``)."""
    return is_item(node) and "superseded" in values(node, "status")


def finding_number(claim: Node) -> int:
    """The number of the Key Finding a claim states (its ``section``'s last number), 10**6 without one."""
    section = value(claim, "section") or ""
    digits = re.findall(r"\d+", section)
    return int(digits[-1]) if digits else 10**6


@dataclass(frozen=True)
class GraphCounts:
    """``read_graph``'s view of the whole graph (read only: the tools copy what they show)."""

    entity_types: dict[str, int]  # entity type -> nodes of it (by name: a duplicate counted once)
    relation_types: dict[str, int]  # relation type -> relations of it (file order, duplicates kept)
    reach: dict[str, int]  # concept or method -> how many items address it (directly, or by a claim about it)
    ranked: tuple[str, ...]  # ``reach``'s names, most items first, then by name
    contradictions: tuple[Link, ...]  # the ``contradicts`` relations, file order
    superseded: tuple[str, ...]  # the superseded items' names, file order (duplicates kept)


@dataclass(frozen=True)
class ClaimFacts:
    """What ``topic`` reads of one claim to keep it or leave it out, and to order it."""

    superseded: bool  # its status, or its item's, is superseded
    contested: bool  # its status is contested, or a claim contradicts it
    order: tuple[str, int]  # (its item's name, else its own; minus its finding number): sorted, newest last


_T = TypeVar("_T")
_LOCK = threading.Lock()  # tool calls may run in threads: each fact is computed once an index
_COUNTS: weakref.WeakKeyDictionary[Index, GraphCounts] = weakref.WeakKeyDictionary()
_CLAIMS: weakref.WeakKeyDictionary[Index, dict[str, ClaimFacts]] = weakref.WeakKeyDictionary()
_NAMED: weakref.WeakKeyDictionary[Index, dict[tuple[tuple[str, ...], Callable[[str], str]], dict[str, Node]]] = (
    weakref.WeakKeyDictionary())


def _kept(store: weakref.WeakKeyDictionary[Index, _T], index: Index, make: Callable[[Index], _T]) -> _T:
    with _LOCK:
        found = store.get(index)
        if found is None:
            found = store[index] = make(index)
        return found


def named(index: Index, kinds: tuple[str, ...], norm: Callable[[str], str]) -> dict[str, Node]:
    """``norm`` of a name (less its prefix) or an alias -> the first node of ``kinds`` (in the file's order)
    that has it, for ``index``'s graph: computed at the first call for these ``kinds`` and ``norm``.

    The research tools' names spelt otherwise (an alias, a plural) used to normalise every node of the
    kinds on each call, ~350 ms for a claim name that is none at 10,000 items (~37,000 claims;
    ``bench/bench_serve.py --no-recall --only-first-calls``, serve97)."""
    with _LOCK:
        kept = _NAMED.setdefault(index, {})
        found = kept.get((kinds, norm))
        if found is None:
            found = kept[(kinds, norm)] = {}
            for entity in index.snapshot.by_name.values():
                if entity.entity_type in kinds:
                    for key in (norm(entity.name.partition(":")[2]), *map(norm, values(entity, "alias"))):
                        found.setdefault(key, entity)
        return found


def graph_counts(index: Index) -> GraphCounts:
    """``index``'s ``GraphCounts``, computed at the first call for it."""
    return _kept(_COUNTS, index, _count)


def claim_facts(index: Index) -> dict[str, ClaimFacts]:
    """claim name -> its ``ClaimFacts``, for every claim of ``index``'s graph, computed at the first call."""
    return _kept(_CLAIMS, index, _claims)


def _count(index: Index) -> GraphCounts:
    snap = index.snapshot
    types: dict[str, int] = {}
    for e in snap.by_name.values():
        types[e.entity_type] = types.get(e.entity_type, 0) + 1
    rel_types: dict[str, int] = {}
    for r in snap.relations:
        rel_types[r.relation_type] = rel_types.get(r.relation_type, 0) + 1
    reach = _concept_reach(index)
    return GraphCounts(
        entity_types=types, relation_types=rel_types, reach=reach,
        ranked=tuple(sorted(reach, key=lambda name: (-reach[name], name))),
        contradictions=tuple(r for r in snap.relations if r.relation_type == "contradicts"),
        superseded=tuple(e.name for e in snap.entities if superseded_item(e)))


def _concept_reach(index: Index) -> dict[str, int]:
    """concept or method name -> how many items address it (directly, or through a claim about it)."""
    snap = index.snapshot
    reach: dict[str, set[str]] = {}
    for e in snap.by_name.values():
        if e.entity_type in ("concept", "method"):
            reach[e.name] = set()
    for r in snap.relations:
        if r.target in reach:
            source = r.source if r.source.startswith("item:") else index.item_of.get(r.source, r.source)
            reach[r.target].add(source)
    return {name: len(items) for name, items in reach.items()}


def _claims(index: Index) -> dict[str, ClaimFacts]:
    snap = index.snapshot
    by_name, item_of, contradicted = snap.by_name, index.item_of, snap.contradicted
    facts: dict[str, ClaimFacts] = {}
    owner_superseded: dict[str, bool] = {}  # an item's status read once, not once for each of its claims
    for name, claim in by_name.items():
        if not is_claim(claim):
            continue
        owner_name = item_of.get(name, "")
        gone = owner_superseded.get(owner_name)
        if gone is None:
            owner = by_name.get(owner_name)
            gone = owner_superseded[owner_name] = owner is not None and superseded_item(owner)
        status = values(claim, "status")
        facts[name] = ClaimFacts(superseded="superseded" in status or gone,
                                 contested="contested" in status or name in contradicted,
                                 order=(item_of.get(name, name), -finding_number(claim)))
    return facts
