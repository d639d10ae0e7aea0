"""Lint again after a few entities changed, from the previous report (``relint``).

``lint`` reads the whole graph; a rebuild that changed a few nodes' observations need not.  The
findings split in two kinds:

* per entity: what ``check_name`` and ``check_observations`` say of one node (and its
  lost-provenance, which asks only whether an item node exists).  Each depends on the node, on
  whether it is attributed (an item addresses or uses it) and on which item nodes exist.
* graph-wide: duplicates, relations (dangling, endpoints, orphans, conflicts, extends cycles),
  near-duplicate and confusable names.  Each depends only on the set of (name, type) of the
  entities and on the set of relations.

So when neither that set nor the relations moved (the caller checks it: ``relint`` is exact only
then), the new report is the previous one less the per-entity findings of the changed names,
plus theirs now.  Where each finding points is looked up again for every finding: the sources
(an item's line numbers) may move without a fact moving.
"""

from __future__ import annotations

from dataclasses import replace
from collections.abc import Callable, Collection, Iterable, Mapping

from kgsync.contract.errors import Location
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.lint.checks import check_name, check_observations, Collector, provenance_slug
from kgsync.lint.table import Finding, LintReport, SourceKey, relation_label

#: The codes ``check_name``, ``check_observations`` and the lost-provenance pass give one entity.
PER_ENTITY_CODES = frozenset({
    "empty-name", "bad-name-characters", "name-whitespace", "unknown-entity-type", "name-prefix-mismatch",
    "malformed-name", "non-canonical-name", "duplicate-observation", "empty-observation", "non-atomic-observation",
    "bad-observation-value", "unknown-status", "missing-provenance", "missing-title", "lost-provenance",
})
#: The codes whose finding names a relation (``relation_label``) and points where the relation does.
RELATION_CODES = frozenset({"self-relation", "dangling-relation", "unknown-relation-type",
                            "endpoint-type-mismatch", "duplicate-relation"})


class _LookupCollector(Collector):
    """A collector that finds a node through ``lookup`` (the graph is not at hand as a ``Graph``)."""

    def __init__(self, lookup: Callable[[str], Entity | None],
                 sources: Mapping[SourceKey, Location] | Mapping[str, Location] | None) -> None:
        super().__init__(Graph(), sources)
        self.lookup = lookup

    def entity(self, name: str) -> Entity | None:
        return self.lookup(name)


def relint(previous: LintReport, changed: Collection[str], now: Iterable[Entity], *,
           lookup: Callable[[str], Entity | None], exists: Callable[[str], bool],
           attributed: Callable[[str], bool],
           sources: Mapping[SourceKey, Location] | Mapping[str, Location] | None) -> LintReport | None:
    """The report ``lint`` would give now, or None when it cannot tell (a relation label it cannot parse).

    ``previous``: the report of the graph before; ``changed``: the names whose node may differ
    (present before and now with the same type, or absent both times); ``now``: those nodes as they
    are now; ``lookup``: any node now; ``exists``: whether a name is a node now; ``attributed``:
    whether an item addresses or uses a term.  Valid only when the (name, type) set and the
    relations are those of the previous graph (see the module's note)."""
    out = _LookupCollector(lookup, sources)
    for finding in previous.findings:
        if finding.code in PER_ENTITY_CODES and finding.entity in changed:
            continue
        if finding.code in RELATION_CODES:
            relation = _parse_label(finding.entity)
            if relation is None:
                return None
            where = out.relation_location(relation)
        else:
            where = out.entity_location(finding.entity)
        out.findings.append(replace(finding, location=where))
    for entity in now:
        check_name(entity, out)
        credited = frozenset({entity.name}) if attributed(entity.name) else frozenset()
        check_observations(entity, out, credited)
        lost = sorted({slug for slug in map(provenance_slug, entity.observations)
                       if slug and not exists(f"item:{slug}")})
        for slug in lost:
            out.add("lost-provenance", entity.name, f"provenance:item={slug} but item:{slug} is not in the graph")
    return LintReport(tuple(sorted(out.findings, key=Finding.sort_key)))


def _parse_label(label: str) -> Relation | None:
    """The relation ``relation_label`` rendered as ``label``, when only one can have been."""
    if label.count(" -[") != 1 or label.count("]-> ") != 1:
        return None
    source, _, rest = label.partition(" -[")
    relation_type, _, target = rest.partition("]-> ")
    relation = Relation(source, target, relation_type)
    return relation if relation_label(relation) == label else None

