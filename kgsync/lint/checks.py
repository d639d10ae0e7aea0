"""The checks behind ``kgsync.lint.rules.lint``: one pass over entities (the pass over relations is
``kgsync.lint.relation_checks``), and the ``Collector`` and ``Columns`` both passes share.

Where a finding points: ``sources`` (an entity's name, a ``Relation`` or a node's copy, ``CopyKey``:
typed keys, ``table.SourceKey``, to a ``Location``) when the caller knows; otherwise the
item named by the entity's ``provenance:item=<slug>`` observation.

Speed: most entities and relations of a real graph are fine, so each pass first
sorts out the clean ones with whole-graph, C-level operations (set algebra,
``map`` over compiled regexes) and runs the detailed, per-record checks only
on the few suspects.  A suspect test must never miss a record a detailed check
would flag; it may flag a clean one (which then yields no finding).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from datetime import date
from itertools import chain, compress, repeat
from operator import and_, attrgetter, eq, ge, gt, methodcaller, ne, not_
from typing import NamedTuple, cast

from kgsync.contract.errors import Location
from kgsync.contract.model import OBSERVATION_KEYS, PREFIX, Entity, EntityType, Graph, Relation, RelationType
from kgsync.lint.table import CONTROL, RULES, CopyKey, Finding, SourceKey, show


_NAME, _TYPE, _OBSERVATIONS = attrgetter("name"), attrgetter("entity_type"), attrgetter("observations")
_SOURCE, _TARGET, _RELATION_TYPE = attrgetter("source"), attrgetter("target"), attrgetter("relation_type")
ENTITY_TYPES = frozenset(map(str, EntityType))
TERM_TYPES = (EntityType.CONCEPT, EntityType.METHOD)
_CANONICAL_TERM = re.compile(r"[a-z0-9][a-z0-9.+-]*")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_KEYS = "|".join(OBSERVATION_KEYS)
_GLUED = re.compile(rf"(?:^|[\s;,|])({_KEYS}):")
_PROSE_KEYS = frozenset({"title", "summary"})


def _glued(text: str) -> bool:
    """Several ``key:`` facts in one observation.  Prose (title, summary) may quote a
    token such as provenance:item=x; there only a second prose key counts."""
    keys = _GLUED.findall(text)
    if len(keys) < 2:
        return False
    prose = text.startswith(("title:", "summary:"))
    return not prose or not _PROSE_KEYS.isdisjoint(keys[1:])


_VALUED_KEYS = ("provenance:", "confidence:", "completed:", "status:")
_CONFIDENCE = frozenset({"high", "medium", "low"})
_STATUS = frozenset({"superseded", "contradicted", "contested"})
MAX_OBSERVATION_LENGTH = 300
# The build writes an item's frontmatter title whole (a statement or a summary it cuts): the title is
# one fact, so the fix of a long one is in the item, not a split.
_TITLE_HINT = (f"shorten the item's title (its frontmatter's title:) to at most "
               f"{MAX_OBSERVATION_LENGTH - len('title: ')} characters")
# A name that needs no detailed check: "<type>\x1f<name>", strictly of its type's form.
_PART = r"[^\s\x00-\x1f\x7f-\x9f:]+"
_TERM = r"[a-z0-9][a-z0-9.+-]*"
_CLEAN_NAME = re.compile(
    rf"concept\x1fconcept:{_TERM}|method\x1fmethod:{_TERM}|claim\x1fclaim:{_PART}:{_PART}|research_item\x1fitem:{_PART}"
)
# Observations that may break a rule: multi-line, a second "key:" inside, a bad value.
_LINE_BREAK = re.compile(r"[\n\r]")
_SECOND_KEY = re.compile(rf"[\s;,|](?:{_KEYS}):")
_BAD_VALUE = re.compile(
    r"provenance:(?!\s*item=\s*\S)"
    r"|confidence:(?!\s*(?:high|medium|low)\s*\Z)"
    r"|status:(?!\s*(?:superseded|contradicted|contested)\s*\Z)"
    r"|completed:(?!\s*[0-9]{4}-[0-9]{2}-[0-9]{2}\s*\Z)"
)


class Collector:
    """Accumulates findings; resolves a location only when a finding needs one."""

    def __init__(self, graph: Graph, sources: Mapping[SourceKey, Location] | Mapping[str, Location] | None) -> None:
        self.graph = graph
        # A mapping of names only (the build's ``assemble.Sources``) answers any other key with a miss.
        self.sources = cast("Mapping[SourceKey, Location] | None", sources)
        self.findings: list[Finding] = []

    def entity(self, name: str) -> Entity | None:
        """The node named ``name`` (None when the graph has none): where a finding without a source points."""
        return self.graph.entity(name)

    def source(self, key: SourceKey) -> Location | None:
        """Where ``sources`` places ``key`` (None: nowhere)."""
        return self.sources.get(key) if self.sources is not None else None

    def entity_location(self, name: str) -> Location | None:
        if self.sources is not None:
            location = self.sources.get(name)
            if location is not None:
                return location
        entity = self.entity(name)
        slugs = [s for s in map(provenance_slug, entity.observations) if s] if entity else []
        return Location(f"item {slugs[0]}") if slugs else None

    def relation_location(self, relation: Relation) -> Location | None:
        if self.sources is not None:
            location = self.sources.get(relation)
            if location is not None:
                return location
        return self.entity_location(relation.source) or self.entity_location(relation.target)

    def add(self, code: str, entity: str, message: str, hint: str | None = None, other: str = "") -> None:
        self.add_at(code, entity, message, self.entity_location(entity), hint, other)

    def add_at(self, code: str, entity: str, message: str, location: Location | None, hint: str | None = None,
               other: str = "") -> None:
        rule = RULES[code]
        self.findings.append(Finding(rule.severity, code, entity, message, hint or rule.hint, location, other))


def provenance_slug(observation: str) -> str | None:
    """The slug of a well-formed ``provenance:item=<slug>`` observation, else None."""
    if not observation.startswith("provenance:"):
        return None
    value = observation[len("provenance:"):].strip()
    slug = value[len("item="):].strip() if value.startswith("item=") else ""
    return slug or None


class Columns(NamedTuple):
    """The entities' names and types and the relations' sources, targets and types, in the graph's order,
    read once, not in 13 passes: a merged graph's objects lie spread over the heap (10,000 items: ~48k
    entities, ~230k relations), where a pass costs about twice one over a graph read from its file."""

    names: list[str]
    types: list[str]
    sources: list[str]
    targets: list[str]
    relation_types: list[str]


def columns_of(graph: Graph) -> Columns:
    entities, relations = graph.entities, graph.relations
    return Columns(list(map(_NAME, entities)), list(map(_TYPE, entities)), list(map(_SOURCE, relations)),
                   list(map(_TARGET, relations)), list(map(_RELATION_TYPE, relations)))


def check_entities(graph: Graph, out: Collector, columns: Columns) -> None:
    entities = graph.entities
    names, types = columns.names, columns.types
    observations = list(map(_OBSERVATIONS, entities))
    indices = range(len(entities))

    # Each distinct observation is classified once, however many entities hold it.
    distinct = list(set(chain.from_iterable(observations)))
    suspect_observations = _suspect_observations(distinct)
    provenance_slugs = {o: s for o in filter(methodcaller("startswith", "provenance:"), distinct)
                        if (s := provenance_slug(o))}

    suspects: set[int] = set()
    suspects.update(compress(indices, map(not_, map(_CLEAN_NAME.fullmatch, map("\x1f".join, zip(types, names))))))
    suspects.update(compress(indices, map(ne, map(len, observations), map(len, map(set, observations)))))
    if suspect_observations:
        suspects.update(compress(indices, map(not_, map(suspect_observations.isdisjoint, observations))))
    # A shared node (concept, method) gets its provenance from the items that
    # address or use it; a provenance token per item would make slug fragments
    # search keys for it (see kgsync.graph.assemble).
    attributed = _attributed(names, columns)
    lacking = compress(indices, map(set(provenance_slugs).isdisjoint, observations))
    suspects.update(i for i in lacking if types[i] not in TERM_TYPES or names[i] not in attributed)
    for index in compress(indices, map(eq, types, repeat(EntityType.RESEARCH_ITEM.value))):
        # Items need their own provenance token and a title; the rest of their checks are shared.
        own = f"provenance:item={names[index][len('item:'):]}"
        if own not in observations[index] or not any(map(methodcaller("startswith", "title:"), observations[index])):
            suspects.add(index)

    if len(set(names)) != len(names):
        # Later copies are invisible (the server finds the first): report the name once, check the first.
        counts = Counter(names)
        first: dict[str, int] = {}
        copies: dict[str, list[str]] = {}  # name -> the types of its later copies, in order
        for index, name in enumerate(names):
            if counts[name] > 1:
                first.setdefault(name, index)
                if first[name] != index:
                    copies.setdefault(name, []).append(types[index])
        for name, index in first.items():
            # At a copy's own line (the server reads the first; a copy is what to fix), else at the name.
            places = (out.source(CopyKey(name, t)) for t in [*copies[name], types[index]])
            out.add_at("duplicate-entity", name, f"appears {counts[name]} times",
                       next((p for p in places if p is not None), None) or out.entity_location(name))
        suspects = {first.get(names[index], index) for index in suspects}
    for index in sorted(suspects):
        check_name(entities[index], out)
        check_observations(entities[index], out, attributed)

    lost = {o for o, slug in provenance_slugs.items() if f"item:{slug}" not in graph}
    if lost:
        for index in compress(indices, map(not_, map(lost.isdisjoint, observations))):
            for slug in sorted({provenance_slugs[o] for o in observations[index] if o in lost}):
                out.add("lost-provenance", names[index], f"provenance:item={slug} but item:{slug} is not in the graph")


def _suspect_observations(distinct: list[str]) -> set[str]:
    """The distinct observations a detailed check might flag (a superset; see the note above)."""
    suspects = set(compress(distinct, map(gt, map(len, distinct), repeat(MAX_OBSERVATION_LENGTH))))
    suspects.update(compress(distinct, map(not_, map(str.strip, distinct))))
    suspects.update(filter(_LINE_BREAK.search, distinct))
    # Glued facts need two "key:"s, so two colons at least: only those reach the slower regex.
    colons = compress(distinct, map(ge, map(methodcaller("count", ":"), distinct), repeat(2)))
    suspects.update(filter(_SECOND_KEY.search, colons))
    valued = list(filter(methodcaller("startswith", _VALUED_KEYS), distinct))
    suspects.update(filter(_BAD_VALUE.match, valued))
    for text in filter(methodcaller("startswith", "completed:"), valued):
        if not _is_date(text.partition(":")[2].strip()):
            suspects.add(text)  # a date shape that is no date (2026-02-30)
    return suspects


def check_name(entity: Entity, out: Collector) -> None:
    name, entity_type = entity.name, entity.entity_type
    if not name:
        out.add("empty-name", name, "the entity has an empty name")
        return
    # A name broken at this level would also fail every check below: one finding is enough.
    if CONTROL.search(name):
        out.add("bad-name-characters", name, "the name holds a control character or newline")
        return
    if name != name.strip():
        out.add("name-whitespace", name, "the name has leading or trailing whitespace")
        return
    if entity_type not in ENTITY_TYPES:
        out.add("unknown-entity-type", name, f"unknown entityType {show(entity_type)}")
        return
    expected = PREFIX[EntityType(entity_type)]
    if not name.startswith(expected):
        out.add("name-prefix-mismatch", name, f"a {entity_type} must be named {expected}...")
        return
    rest = name[len(expected):]
    if entity_type == EntityType.CLAIM:
        slug, _, key = rest.partition(":")
        if not slug.strip() or not key.strip():
            out.add("malformed-name", name, "a claim must be named claim:<slug>:<short-key>")
    elif not rest.strip():
        out.add("malformed-name", name, f"nothing after {expected}")
    elif entity_type in TERM_TYPES and not _CANONICAL_TERM.fullmatch(rest):
        out.add("non-canonical-name", name, f"{show(rest)} is not a canonical term")


_ATTRIBUTING = frozenset({RelationType.ADDRESSES.value, RelationType.USES_METHOD.value})


def _attributed(names: list[str], columns: Columns) -> set[str]:
    """Targets of addresses / uses_method relations from an item in the graph (C-level passes)."""
    items = set(filter(methodcaller("startswith", "item:"), names))
    from_item = map(items.__contains__, columns.sources)
    attributing = map(_ATTRIBUTING.__contains__, columns.relation_types)
    return set(compress(columns.targets, map(and_, from_item, attributing)))


def check_observations(entity: Entity, out: Collector, attributed: frozenset[str] | set[str] = frozenset()) -> None:
    name, observations = entity.name, entity.observations
    if len(set(observations)) != len(observations):
        for text, count in sorted(Counter(observations).items()):
            if count > 1:
                out.add("duplicate-observation", name, f"{show(text[:80])} appears {count} times")
    slugs: list[str] = []
    for text in observations:
        if not text.strip():
            out.add("empty-observation", name, "an observation is empty")
            continue
        if len(text) > MAX_OBSERVATION_LENGTH:
            out.add("non-atomic-observation", name,
                    f"{show(text[:40])}... is {len(text)} characters (max {MAX_OBSERVATION_LENGTH})",
                    _TITLE_HINT if entity.entity_type == EntityType.RESEARCH_ITEM and text.startswith("title: ") else None)
        elif "\n" in text or "\r" in text:
            out.add("non-atomic-observation", name, f"{show(text[:60])} spans several lines")
        elif _glued(text):
            out.add("non-atomic-observation", name, f"{show(text[:60])} glues several key: facts")
        if text.startswith(_VALUED_KEYS):
            slug = _check_value(name, text, out)
            if slug:
                slugs.append(slug)
    if entity.entity_type == EntityType.RESEARCH_ITEM:
        own_slug = name[len("item:"):] if name.startswith("item:") else None
        if own_slug is not None and own_slug not in slugs:
            out.add("missing-provenance", name, f"no provenance:item={own_slug} observation",
                    f"add provenance:item={own_slug}")
        elif not slugs:
            out.add("missing-provenance", name, "no provenance:item=<slug> observation")
        if not any(text.startswith("title:") for text in observations):
            out.add("missing-title", name, "the item has no title: observation")
    elif entity.entity_type in TERM_TYPES and not slugs and name not in attributed:
        out.add("missing-provenance", name, "no item addresses or uses it, and no provenance:item=<slug> observation")
    elif entity.entity_type in ENTITY_TYPES and entity.entity_type not in TERM_TYPES and not slugs:
        out.add("missing-provenance", name, "no provenance:item=<slug> observation")


def _check_value(name: str, text: str, out: Collector) -> str | None:
    """Check a valued observation; return the provenance slug it names, if any."""
    key, _, value = text.partition(":")
    value = value.strip()
    if key == "provenance":
        slug = provenance_slug(text)
        if slug is None:
            out.add("bad-observation-value", name, f"{show(text[:60])} is not provenance:item=<slug>",
                    "write provenance:item=<slug of the research item>")
        return slug
    if key == "confidence" and value not in _CONFIDENCE:
        out.add("bad-observation-value", name, f"{show(text[:60])}: confidence is high, medium or low",
                "write confidence:high, confidence:medium or confidence:low")
    elif key == "completed" and not _is_date(value):
        out.add("bad-observation-value", name, f"{show(text[:60])}: completed is a YYYY-MM-DD date",
                "write completed:YYYY-MM-DD (the date only)")
    elif key == "status" and value not in _STATUS:
        out.add("unknown-status", name, f"unknown status {show(value)}")
    return None


def _is_date(value: str) -> bool:
    if not _DATE.fullmatch(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True
