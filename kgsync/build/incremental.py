"""The incremental rebuild: the new graph file spliced from the last one, and its lint report.

When the committed graph and manifest hold exactly what the last build wrote and that graph held
only generated facts (``kgsync.build.cache.state``), the graph file is a function of the manifest's
facts alone: ``dumps(merge(nothing, by_item))``.  So the new file differs from the last one only in
the nodes and relations the changed items' facts (before or now) name, and every other line can
be kept as bytes.  ``rebuild``:

1. finds the changed items: those whose manifest line (their facts' JSON) differs from the
   encoding of their facts now, and those added or removed;
2. takes the names and relations their facts name, before and now, and recomputes each of those
   nodes from every item that contributes to it now (a node is the union of its contributors'
   facts, exactly as ``kgsync.graph.merge`` builds it);
3. replaces those lines of the sorted file (a line is found by bisection: the file is sorted);
4. lints again from the last report (``kgsync.lint.incremental.relint``).

It gives up (None: the caller runs the full merge and lint) whenever it could not be exact or
fast: a node appears, disappears or changes type, a relation appears or disappears (the
graph-wide checks would have to run), too many items changed, or a finding it cannot place.
"""

from __future__ import annotations

import json
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass
from operator import attrgetter

from kgsync.contract import jsonl
from kgsync.contract.errors import Location
from kgsync.contract.model import Entity, Facts, RelationType
from kgsync.graph.merge import facts_json, manifest_item_texts, rank_of
from kgsync.lint.incremental import relint
from kgsync.lint.table import LintReport

_RELATION_KEY = attrgetter("source", "target", "relation_type")
_ATTRIBUTING = frozenset({RelationType.ADDRESSES.value, RelationType.USES_METHOD.value})
_RELATION_LINE = b'{"type":"relation"'


@dataclass(frozen=True)
class Rebuilt:
    graph: bytes  # the new graph file
    report: LintReport  # what ``lint`` says of it
    changed_items: tuple[str, ...]  # the items whose facts changed (added and removed ones too)


def changed_items(old_manifest: str, by_item: Mapping[str, Facts], known_json: Mapping[str, str]) -> set[str]:
    """The items whose facts differ from the manifest's (``known_json``: slug -> ``facts_json`` of
    its facts now, where the caller has it)."""
    before = manifest_item_texts(old_manifest)
    changed = set(before).symmetric_difference(by_item)
    for slug, facts in by_item.items():
        old = before.get(slug)
        if old is None:
            continue
        if not states_facts(old, known_json.get(slug) or facts_json(facts)):
            changed.add(slug)
    return changed


def states_facts(line: str, facts_text: str) -> bool:
    """Whether a manifest line (``manifest_item_texts``) holds exactly the facts of JSON ``facts_text``.
    A line is the facts' JSON, its last brace opened for "statements" or "named" when the item has
    them: neither key can occur inside the facts' own JSON (a quote in a string is escaped)."""
    return line == facts_text or line.startswith((facts_text[:-1] + ',"statements":', facts_text[:-1] + ',"named":'))


def rebuild(old_graph: bytes, old_manifest: str, by_item: Mapping[str, Facts], known_json: Mapping[str, str],
            previous: LintReport, sources: Mapping[str, Location] | None, max_changed: int) -> Rebuilt | None:
    """The new graph file and its report, from the last ones (see the module's note); None: not exactly
    (or not cheaply) this way."""
    changed = changed_items(old_manifest, by_item, known_json)
    if len(changed) > max_changed:
        return None
    before = manifest_item_texts(old_manifest)
    touched: list[Facts] = [Facts.from_json(json.loads(before[slug])) for slug in changed if slug in before]
    touched += [by_item[slug] for slug in changed if slug in by_item]
    names = {name for facts in touched for name, _ in (*facts.entities, *facts.observations)}
    keys = {_RELATION_KEY(r) for facts in touched for r in facts.relations}

    # Every item's contribution to those nodes and relations now (a node is the union of them).
    types: dict[str, set[str]] = {}
    observations: dict[str, set[str]] = {}
    attributing: dict[str, set[str]] = {}  # term -> the sources of addresses / uses_method links to it
    keys_now: set[tuple[str, str, str]] = set()
    for facts in by_item.values() if changed else ():  # nothing changed: nothing to look for
        for name, entity_type in facts.entities:
            if name in names:
                types.setdefault(name, set()).add(entity_type)
        for name, text in facts.observations:
            if name in names:
                observations.setdefault(name, set()).add(text)
        keys_now.update(filter(keys.__contains__, map(_RELATION_KEY, facts.relations)))
        for relation in facts.relations:
            if relation.target in names and relation.relation_type in _ATTRIBUTING:
                attributing.setdefault(relation.target, set()).add(relation.source)

    lines = old_graph.split(b"\n") if old_graph else []
    file = _SortedFile(lines)
    now: dict[str, Entity] = {}
    for name in sorted(names):
        old_index = file.entity_index(name)
        old_type = _entity(lines[old_index]).entity_type if old_index is not None else None
        new_type = min(types[name]) if name in types else None
        if old_type != new_type:
            return None  # a node appears, disappears or changes type: the graph-wide checks must run
        if new_type is None or old_index is None:
            continue
        texts = sorted(observations.get(name, ()))
        texts.sort(key=rank_of)  # as the merge orders them: by key rank, then by text
        entity = now[name] = Entity(name, new_type, tuple(texts))
        lines[old_index] = jsonl.entity_line(entity).encode("utf-8")
    if any((key in keys_now) != file.has_relation(key) for key in keys):
        return None  # a relation appears or disappears

    def lookup(name: str) -> Entity | None:
        if name in now:
            return now[name]
        index = file.entity_index(name)
        return _entity(lines[index]) if index is not None else None

    def exists(name: str) -> bool:
        return name in now or file.entity_index(name) is not None

    def attributed(name: str) -> bool:
        return any(source.startswith("item:") and exists(source) for source in attributing.get(name, ()))

    report = relint(previous, names, now.values(), lookup=lookup, exists=exists, attributed=attributed,
                    sources=sources)
    if report is None:
        return None
    return Rebuilt(b"\n".join(lines) if now else old_graph, report, tuple(sorted(changed)))


def line_counts(graph: bytes) -> tuple[int, int]:
    """(entities, relations) of a graph file kgsync wrote: its lines, split where relations start."""
    if not graph:
        return 0, 0
    relations = graph.count(b"\n" + _RELATION_LINE) + graph.startswith(_RELATION_LINE)
    return graph.count(b"\n") + 1 - relations, relations


class _SortedFile:
    """The lines of a graph file kgsync wrote: entities by name (one line per name), then relations
    by (from, type, to); a line is found by bisection, decoding only the lines it visits."""

    def __init__(self, lines: list[bytes]) -> None:
        self.lines = lines
        self.relations_start = bisect_left(lines, True, key=_is_relation_line)

    def entity_index(self, name: str) -> int | None:
        index = bisect_left(self.lines, name, hi=self.relations_start, key=_entity_name)
        return index if index < self.relations_start and _entity_name(self.lines[index]) == name else None

    def has_relation(self, key: tuple[str, str, str]) -> bool:
        source, target, relation_type = key
        order = (source, relation_type, target)
        index = bisect_left(self.lines, order, lo=self.relations_start, key=_relation_order)
        return index < len(self.lines) and _relation_order(self.lines[index]) == order


def _is_relation_line(line: bytes) -> bool:
    return line.startswith(_RELATION_LINE)


def _entity_name(line: bytes) -> str:
    name: str = json.loads(line)["name"]
    return name


def _relation_order(line: bytes) -> tuple[str, str, str]:
    record = json.loads(line)
    return record["from"], record["relationType"], record["to"]


def _entity(line: bytes) -> Entity:
    record = json.loads(line)
    return Entity(record["name"], record["entityType"], tuple(record["observations"]))

