"""The graph diff: what a pull request changes in the graph, as data.

``diff(old, new)`` is pure and deterministic: every tuple in a ``GraphDiff`` is
sorted, so the PR body and the JSON report are byte-identical for the same two
graphs.  Entities are matched by name (the first entity of a name wins, as in
the memory server's lookups); relations by their (from, to, type) key.

Every change is also filed under the research item(s) it comes from, because a
reviewer reads a graph PR item by item: a node belongs to ``item:<slug>`` when
it *is* that item, else to each ``provenance:item=<slug>`` it carries, else (a
claim) to the slug in its name; a relation belongs to the item(s) of its
``from`` node.  Changes with no item are filed under the slug ``""``.
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from kgsync.contract import jsonl
from kgsync.read.config import Merge
from kgsync.lint.rules import FileLines, Finding, lint
from kgsync.contract.model import (
    Entity,
    EntityType,
    Graph,
    Relation,
    RelationType,
    observations_with,
    slug_of_item_name,
)
from kgsync.vocabulary.similarity import near_duplicate_pairs

JSON_VERSION = 1

#: Contract types first, in reading order; foreign types follow alphabetically.
TYPE_ORDER: tuple[str, ...] = (
    EntityType.RESEARCH_ITEM.value,
    EntityType.CONCEPT.value,
    EntityType.CLAIM.value,
    EntityType.METHOD.value,
)

_SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}


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
    # ``finding_key`` of the findings OLD had too: a reviewer weighs what this change brings first.
    preexisting: frozenset[tuple[str, str, str]] = frozenset()
    # OLD's and NEW's sizes (``review`` fills them in; ``diff`` alone leaves them unknown).
    size_before: GraphSize | None = None
    size_after: GraphSize | None = None

    def is_new(self, finding: Finding) -> bool:
        return finding_key(finding) not in self.preexisting

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


# --------------------------------------------------------------------------- diff


def diff(
    old: Graph,
    new: Graph,
    *,
    findings: tuple[Finding, ...] = (),
    near_duplicates: tuple[tuple[str, str], ...] = (),
) -> GraphDiff:
    """What changes from ``old`` to ``new``; pure, every part sorted."""
    old_names, new_names = set(old.names()), set(new.names())
    added = _sorted_entities(_entity(new, n) for n in new_names - old_names)
    removed = _sorted_entities(_entity(old, n) for n in old_names - new_names)
    changes: list[EntityChange] = []
    for name in old_names & new_names:
        change = _change(_entity(old, name), _entity(new, name))
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
        items=_group_by_item(old, new, added, removed, changed, relations_added, relations_removed),
        findings=sort_findings(findings),
        near_duplicates=tuple(sorted({tuple(sorted(p)) for p in near_duplicates})),  # type: ignore[misc]
    )


def _entity(graph: Graph, name: str) -> Entity:
    entity = graph.entity(name)
    assert entity is not None  # names come from the graph itself
    return entity


def _sorted_entities(entities: Iterable[Entity]) -> tuple[Entity, ...]:
    return tuple(sorted(entities, key=lambda e: (type_sort_key(e.entity_type), e.name)))


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


# --------------------------------------------------------------------------- changed claims


@dataclass(frozen=True, slots=True)
class ClaimChange:
    """A claim that kept its name while its finding was reworded or re-rated
    (``kgsync.graph.claim_identity``): what a reviewer needs to see instead of a claim removed
    and another added."""

    name: str
    old_statement: str  # "" when the statement did not change
    new_statement: str
    # The statement's words as ("=" | "-" | "+", words) runs, in reading order.
    words: tuple[tuple[str, str], ...] = ()
    confidence: tuple[str, str] | None = None  # (old, new), "" for none

    @property
    def statement_changed(self) -> bool:
        return self.old_statement != self.new_statement


_STATEMENT_KEYS = ("title:", "summary:")


def changed_claims(d: GraphDiff) -> tuple[ClaimChange, ...]:
    """The claims of ``d`` whose statement (``title:``/``summary:``) or ``confidence:`` changed, by name."""
    out: list[ClaimChange] = []
    for change in d.changed:
        if change.entity_type != EntityType.CLAIM.value:
            continue
        old_statement = _first_value(change.observations_removed, _STATEMENT_KEYS)
        new_statement = _first_value(change.observations_added, _STATEMENT_KEYS)
        old_confidence = _first_value(change.observations_removed, ("confidence:",))
        new_confidence = _first_value(change.observations_added, ("confidence:",))
        old_text, new_text, words = "", "", tuple[tuple[str, str], ...]()
        if old_statement is not None and new_statement is not None:
            old_text, new_text, words = old_statement, new_statement, word_diff(old_statement, new_statement)
        confidence = None
        if old_confidence != new_confidence:
            confidence = (old_confidence or "", new_confidence or "")
        if words or confidence:
            out.append(ClaimChange(change.name, old_text, new_text, words, confidence))
    return tuple(sorted(out, key=lambda c: c.name))


def word_diff(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """``old`` -> ``new`` word by word: ("=", kept words), ("-", removed), ("+", added)."""
    a, b = old.split(), new.split()
    runs: list[tuple[str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            runs.append(("=", " ".join(a[i1:i2])))
            continue
        if i2 > i1:
            runs.append(("-", " ".join(a[i1:i2])))
        if j2 > j1:
            runs.append(("+", " ".join(b[j1:j2])))
    return tuple(runs)


def _first_value(observations: Iterable[str], keys: tuple[str, ...]) -> str | None:
    for observation in observations:
        for key in keys:
            if observation.startswith(key):
                return observation[len(key):].strip()
    return None


# --------------------------------------------------------------------------- items


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


def _group_by_item(
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
    for entity in added:
        file(items_of(entity, new_by), "a", entity)
    for entity in removed:
        file(items_of(entity, old_by), "r", entity)
    for change in changed:
        slugs = set(items_of(_entity(old, change.name), old_by)) | set(items_of(_entity(new, change.name), new_by))
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


# --------------------------------------------------------------------------- findings


def _where(finding: Finding) -> str:
    return str(finding.location) if finding.location is not None else ""


def severity_of(finding: Finding) -> str:
    return finding.severity.value.lower()


def sort_findings(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Errors first, then warnings, then the rest; then by code, entity, message."""
    return tuple(
        sorted(
            findings,
            key=lambda f: (
                _SEVERITY_RANK.get(severity_of(f), len(_SEVERITY_RANK)),
                severity_of(f),
                f.code,
                f.entity,
                f.message,
                _where(f),
            ),
        )
    )


def finding_key(finding: Finding) -> tuple[str, str, str]:
    """What makes two findings the same one in two graphs (their locations may differ)."""
    return (finding.code, finding.entity, finding.message)


def finding_record(finding: Finding, new: bool = True) -> dict[str, Any]:
    return {
        "severity": finding.severity.value, "code": finding.code, "entity": finding.entity,
        "message": finding.message, "hint": finding.hint, "location": _where(finding), "new": new,
    }


# --------------------------------------------------------------------------- review


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
    for entity_type, prefix in ((EntityType.CONCEPT, "concept:"), (EntityType.METHOD, "method:")):
        names = {e.name for e in new.of_type(entity_type.value) if e.name.startswith(prefix)}
        if not names - old_names:
            continue
        terms = [n[len(prefix) :] for n in names]
        for a, b in near_duplicate_pairs(terms, rule):
            if prefix + a not in old_names or prefix + b not in old_names:
                pairs.append((prefix + a, prefix + b))
    return replace(diff(old, new, findings=findings, near_duplicates=tuple(pairs)), preexisting=preexisting,
                   size_before=graph_size(old), size_after=graph_size(new))


def merged_slugs(d: GraphDiff) -> frozenset[str]:
    """The items this change merged: those whose own nodes (the item node, its claims) changed.

    Only an item's file makes its item node and its claims, so a change there means its file
    changed; another item that only gains or loses links to shared concepts and methods is a
    side effect of the merge.
    """
    merged = set()
    for item in d.items:
        if not item.slug:
            continue
        own = (f"item:{item.slug}", f"claim:{item.slug}:")
        names = [e.name for e in item.added + item.removed] + [c.name for c in item.changed]
        if any(n == own[0] or n.startswith(own[1]) for n in names):
            merged.add(item.slug)
    return frozenset(merged)


# --------------------------------------------------------------------------- JSON


def _entity_record(e: Entity) -> dict[str, Any]:
    return {"name": e.name, "entity_type": e.entity_type, "observations": list(e.observations)}


def _relation_record(r: Relation) -> dict[str, str]:
    return {"from": r.source, "to": r.target, "relation_type": r.relation_type}


def _change_record(c: EntityChange) -> dict[str, Any]:
    return {
        "name": c.name,
        "entity_type": c.entity_type,
        "observations_added": list(c.observations_added),
        "observations_removed": list(c.observations_removed),
        "type_changed": {"from": c.type_changed[0], "to": c.type_changed[1]} if c.type_changed else None,
        "reordered": c.reordered,
    }


def to_dict(d: GraphDiff) -> dict[str, Any]:
    return {
        "version": JSON_VERSION,
        "is_empty": d.is_empty,
        "counts": {
            "entities": {
                c.entity_type: {"added": c.added, "removed": c.removed, "changed": c.changed} for c in d.counts
            },
            "relations": {t: {"added": a, "removed": r} for t, (a, r) in d.relation_counts().items()},
            "findings": dict(sorted(Counter(severity_of(f) for f in d.findings).items())),
        },
        "entities": {
            "added": [_entity_record(e) for e in d.added],
            "removed": [_entity_record(e) for e in d.removed],
            "changed": [_change_record(c) for c in d.changed],
        },
        "relations": {
            "added": [_relation_record(r) for r in d.relations_added],
            "removed": [_relation_record(r) for r in d.relations_removed],
        },
        # Items refer to entities by name and relations in full; details are above.
        "items": [
            {
                "slug": i.slug,
                "title": i.title,
                "added": [e.name for e in i.added],
                "removed": [e.name for e in i.removed],
                "changed": [c.name for c in i.changed],
                "relations_added": [_relation_record(r) for r in i.relations_added],
                "relations_removed": [_relation_record(r) for r in i.relations_removed],
            }
            for i in d.items
        ],
        "findings": [finding_record(f, d.is_new(f)) for f in d.findings],
        "near_duplicates": [list(p) for p in d.near_duplicates],
        # The claims that kept their name through a rewording or re-rating (the PR body's
        # "Changed claims"): the statement before and after, its word diff, the confidence change.
        "changed_claims": [_claim_change_record(c) for c in changed_claims(d)],
    }


def _claim_change_record(c: ClaimChange) -> dict[str, Any]:
    return {
        "name": c.name,
        "old_statement": c.old_statement,
        "new_statement": c.new_statement,
        "words": [list(run) for run in c.words],
        "confidence": {"from": c.confidence[0], "to": c.confidence[1]} if c.confidence else None,
    }


def to_json(d: GraphDiff) -> str:
    """Stable machine-readable report: sorted keys, indent 2, UTF-8 kept, trailing newline."""
    return json.dumps(to_dict(d), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
