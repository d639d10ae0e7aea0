"""The incremental rebuild: the new graph file spliced from the last one, and its lint report.

When the committed graph and manifest hold exactly what the last build wrote and that graph held
only generated facts (``kgsync.pipeline.cache.state``), the graph file is a function of the manifest's
facts alone: ``dumps(merge(nothing, by_item))``.  So the new file differs from the last one only in
the nodes and relations the changed items' facts (before or now) name, and every other line can
be kept as bytes.  ``rebuild``:

1. finds the changed items: those whose manifest line (their facts' JSON) differs from the
   encoding of their facts now, and those added or removed;
2. takes the facts they stated before and not now (removed) and now and not before (added); a
   removed fact stays while another item states it (a node is the union of its contributors'
   facts, exactly as ``kgsync.graph.merge`` builds it), so only the items whose facts' JSON spells
   a removed fact are read (``_stated_elsewhere``: found in the last manifest's bytes);
3. rewrites the node of each name a fact was added to or is gone from: its line as it was, less
   the facts gone, plus the facts added (a line is found by bisection: the file is sorted);
4. lints again from the last report, the nodes that changed only (``kgsync.lint.incremental.relint``).

It gives up (None: the caller runs the full merge and lint) whenever it could not be exact or
fast: a node appears, disappears or changes type, a relation appears or disappears (the
graph-wide checks would have to run), too many items changed, or a finding it cannot place.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from kgsync.contract import jsonl
from kgsync.contract.errors import Location
from kgsync.contract.atomic_write import Chunks, Spliced
from kgsync.contract.model import Entity, Facts, Relation, RelationType
from kgsync.graph.manifest_lines import LastLines
from kgsync.graph.manifest import RELATION_KEY, facts_json, manifest_item_texts
from kgsync.graph.merge import rank_of
from kgsync.lint.incremental import relint
from kgsync.lint.table import LintReport

_ATTRIBUTING = frozenset({RelationType.ADDRESSES.value, RelationType.USES_METHOD.value})
_RELATION_LINE = b'{"type":"relation"'
_json_string = json.encoder.encode_basestring  # as ``facts_json`` spells a string


@dataclass(frozen=True)
class Rebuilt:
    # The new graph file: the last one itself when no line changed, else its bytes in pieces (the
    # last file's slices between the lines rewritten: written, never joined). As many lines of each
    # kind as the last file (a line is rewritten in place, never added or removed).
    graph: bytes | Chunks
    report: LintReport  # what ``lint`` says of it
    changed_items: tuple[str, ...]  # the items whose facts changed (added and removed ones too)


def changed_items(old_manifest: str | Mapping[str, str], by_item: Mapping[str, Facts], known_json: Mapping[str, str],
                  stated: Callable[[str], bool] | None = None) -> set[str]:
    """The items whose facts differ from the manifest's (``known_json``: slug -> ``facts_json`` of
    its facts now, where the caller has it; ``old_manifest``: the manifest or its item texts).
    ``stated(slug)``: True when the item's line is known to state ``known_json[slug]`` unread
    (``kgsync.graph.manifest_lines.LastLines.states``)."""
    before = manifest_item_texts(old_manifest) if isinstance(old_manifest, str) else old_manifest
    changed = set(before).symmetric_difference(by_item)
    for slug, facts in by_item.items():
        if slug not in before or (stated is not None and slug in known_json and stated(slug)):
            continue
        if not states_facts(before[slug], known_json.get(slug) or facts_json(facts)):
            changed.add(slug)
    return changed


def states_facts(line: str, facts_text: str) -> bool:
    """Whether a manifest line (``manifest_item_texts``) holds exactly the facts of JSON ``facts_text``.
    A line is the facts' JSON, its last brace opened for "statements" or "named" when the item has
    them: neither key can occur inside the facts' own JSON (a quote in a string is escaped)."""
    return line == facts_text or line.startswith((facts_text[:-1] + ',"statements":', facts_text[:-1] + ',"named":'))


def rebuild(old_graph: bytes, old_manifest: str | Mapping[str, str], by_item: Mapping[str, Facts],
            known_json: Mapping[str, str], previous: LintReport, sources: Mapping[str, Location] | None,
            max_changed: int, stated: Callable[[str], bool] | None = None) -> Rebuilt | None:
    """The new graph file and its report, from the last ones (see the module's note); None: not exactly
    (or not cheaply) this way.  ``old_manifest`` and ``stated``: as ``changed_items`` reads them."""
    before = manifest_item_texts(old_manifest) if isinstance(old_manifest, str) else old_manifest
    changed = changed_items(before, by_item, known_json, stated)
    if len(changed) > max_changed:
        return None
    # What the changed items stated before and state now; a fact only one side states moved.
    old = _Stated.of(Facts.from_json(json.loads(before[slug])) for slug in changed if slug in before)
    new = _Stated.of(by_item[slug] for slug in changed if slug in by_item)
    removed, added = old.minus(new), new.minus(old)
    # A removed fact stays while another item states it (a node is the union of its contributors' facts).
    held = _stated_elsewhere(removed, [slug for slug in by_item if slug not in changed], by_item, known_json,
                             before.holding if isinstance(before, LastLines) else None)
    if held is None:
        return None
    gone = removed.minus(held)

    file = _SortedFile(old_graph)
    spliced: dict[int, tuple[int, bytes]] = {}  # a rewritten entity line: its start -> (its end, its bytes now)
    if gone.relations or not all(map(file.has_relation, added.relations)):
        return None  # a relation appears or disappears: the graph-wide checks must run
    now: dict[str, Entity] = {}
    for name in sorted({name for name, _ in (*gone.entities, *added.entities, *gone.observations,
                                             *added.observations)}):
        old_line = file.entity_line(name)
        new_types = [entity_type for entity_name, entity_type in added.entities if entity_name == name]
        if old_line is None:
            if new_types:
                return None  # a node appears
            continue  # no node before or now (observations of a name no item makes a node are not written)
        entity = _entity(file.data[old_line[0] : old_line[1]])
        # Its type is the least its contributors state: the one written stays unless it is gone (then
        # the node disappears or changes type) or a lesser one is added.
        if (name, entity.entity_type) in gone.entities or any(t < entity.entity_type for t in new_types):
            return None
        texts = sorted(set(entity.observations).difference(o for n, o in gone.observations if n == name)
                       .union(o for n, o in added.observations if n == name))
        texts.sort(key=rank_of)  # as the merge orders them: by key rank, then by text
        if tuple(texts) != entity.observations:
            entity = now[name] = Entity(name, entity.entity_type, tuple(texts))
            spliced[old_line[0]] = (old_line[1], jsonl.entity_line(entity).encode("utf-8"))

    def lookup(name: str) -> Entity | None:
        if name in now:
            return now[name]
        line = file.entity_line(name)
        return _entity(file.data[line[0] : line[1]]) if line is not None else None

    def exists(name: str) -> bool:
        return name in now or file.entity_line(name) is not None

    def attributed(name: str) -> bool:
        # The relations are the last graph's (none appeared or disappeared): its lines say.
        return any(source.startswith("item:") and exists(source) for source in file.attributing(name))

    # Only the nodes that changed are linted again: the others, their relations and the entity set
    # are as before, and so is every finding of theirs (``relint``).
    report = relint(previous, now.keys(), now.values(), lookup=lookup, exists=exists, attributed=attributed,
                    sources=sources)
    if report is None:
        return None
    return Rebuilt(_splice(old_graph, spliced) if spliced else old_graph, report, tuple(sorted(changed)))


def _splice(data: bytes, lines: Mapping[int, tuple[int, bytes]]) -> Spliced:
    """``data`` with each line of ``lines`` (start -> (end, its bytes now)) replaced, in pieces."""
    return Spliced(data, [(start, *lines[start]) for start in sorted(lines)])


@dataclass(frozen=True)
class _Stated:
    """Facts as sets: (name, type), (name, observation), relation keys (from, to, type)."""

    entities: frozenset[tuple[str, str]] = frozenset()
    observations: frozenset[tuple[str, str]] = frozenset()
    relations: frozenset[tuple[str, str, str]] = frozenset()

    @classmethod
    def of(cls, all_facts: Iterable[Facts]) -> _Stated:
        entities: set[tuple[str, str]] = set()
        observations: set[tuple[str, str]] = set()
        relations: set[tuple[str, str, str]] = set()
        for facts in all_facts:
            entities.update(facts.entities)
            observations.update(facts.observations)
            relations.update(map(RELATION_KEY, facts.relations))
        return cls(frozenset(entities), frozenset(observations), frozenset(relations))

    def minus(self, other: _Stated) -> _Stated:
        return _Stated(self.entities - other.entities, self.observations - other.observations,
                       self.relations - other.relations)

    def meet(self, other: _Stated) -> _Stated:
        return _Stated(self.entities & other.entities, self.observations & other.observations,
                       self.relations & other.relations)

    def union(self, other: _Stated) -> _Stated:
        return _Stated(self.entities | other.entities, self.observations | other.observations,
                       self.relations | other.relations)


#: Beyond this many facts to look for, ``_stated_elsewhere`` gives up (the full path is as fast).
_MAX_LOOKED_FOR = 64


def _stated_elsewhere(wanted: _Stated, slugs: Sequence[str], by_item: Mapping[str, Facts],
                      known_json: Mapping[str, str],
                      holding: Callable[[Iterable[str]], Collection[str]] | None = None) -> _Stated | None:
    """The facts of ``wanted`` that an item of ``slugs`` states (None: too many to look for).

    ``slugs``: items whose last manifest line states their facts now (they did not change).
    An item's facts are read only when their JSON (``facts_json``, which spells each pair and
    triple as ``["a","b"]`` and ``["a","b","c"]``) holds one of those facts' spelling: a build
    that changed one item reads a few items' facts, not every one.  ``holding``: the slugs whose
    last manifest line holds one of those spellings (``LastLines.holding``: one search of the
    file's bytes a fact); without it, each item's JSON in ``known_json`` is searched, and an item
    whose JSON is not at hand is read."""
    s = _json_string
    needles = {f"[{s(a)},{s(b)}]" for a, b in (*wanted.entities, *wanted.observations)}
    needles.update(f"[{s(a)},{s(b)},{s(c)}]" for a, b, c in wanted.relations)
    if not needles:
        return _Stated()
    if len(needles) > _MAX_LOOKED_FOR:
        return None
    found = _Stated()
    if holding is not None:
        # A line states its item's facts' JSON (``slugs``): an item whose line holds no spelling
        # states none of them; one whose line holds one may (a line holds more): its facts say.
        held = holding(sorted(needles))
        for slug in slugs:
            if slug in held:
                found = found.union(wanted.meet(_Stated.of((by_item[slug],))))
        return found
    for slug in slugs:
        text = known_json.get(slug)
        if text is None or _holds_any(text, needles):
            found = found.union(wanted.meet(_Stated.of((by_item[slug],))))
    return found


def _holds_any(text: str, needles: Iterable[str]) -> bool:
    """``any(needle in text for needle in needles)``, without a generator per item (10,000 items)."""
    for needle in needles:
        if needle in text:
            return True
    return False


def line_counts(graph: bytes) -> tuple[int, int]:
    """(entities, relations) of a graph file kgsync wrote: its lines, split where relations start
    (found by bisection, ``_SortedFile``): one count of the newlines, not a second one of the
    relation lines' opening (each a pass over the file)."""
    if not graph:
        return 0, 0
    start = _SortedFile(graph).relations_offset  # past the end when there are none
    if start > len(graph):
        return graph.count(b"\n") + 1, 0
    entities = graph.count(b"\n", 0, start)  # each entity line ends before the first relation line
    return entities, graph.count(b"\n", start) + 1


class _SortedFile:
    """A graph file kgsync wrote, as bytes: entities by name (one line per name), then relations by
    (from, type, to); a line is found by bisection over the bytes, decoding only the lines it
    visits (the file is not split into lines: a rebuild after one edit reads a few dozen of them)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.end = len(data) + 1  # past the last line (which ends without a newline)
        # Where the relation lines start (``end``: there are none); the entity lines are before it.
        self.relations_offset = self._first(0, self.end, _is_relation_line) if data else self.end

    def _first(self, lo: int, hi: int, past: Callable[[bytes], bool]) -> int:
        """The start of the first line in [lo, hi) (both line starts, or ``end``) that is ``past``
        (False for every line before it, True from it on, as ``bisect_left``'s key); hi if none."""
        data = self.data
        while lo < hi:
            middle = (lo + hi) // 2
            start = data.rfind(b"\n", lo, middle) + 1 or lo  # the line byte ``middle`` is in (or ends)
            end = data.find(b"\n", start)
            end = len(data) if end == -1 else end
            if past(data[start:end]):
                hi = start
            else:
                lo = end + 1
        return lo

    def _line(self, start: int) -> tuple[int, int]:
        end = self.data.find(b"\n", start)
        return start, len(self.data) if end == -1 else end

    def entity_line(self, name: str) -> tuple[int, int] | None:
        """(start, end) of the line of the entity ``name``, or None."""
        if not self.data:
            return None
        start = self._first(0, self.relations_offset, lambda line: _entity_name(line) >= name)
        if start >= self.relations_offset:
            return None
        line = self._line(start)
        return line if _entity_name(self.data[line[0] : line[1]]) == name else None

    def attributing(self, name: str) -> list[str]:
        """The sources of the ``addresses`` and ``uses_method`` relations to ``name``: those of the
        first type in file order, then the second's.  One search of the relation lines for what
        both types' lines end with before their type (not one search a type, ~35 MB each at
        10,000 items of ``bench/gen_corpus.py --count 10000``, keys52); a line is one of them when it ends
        with one of their whole tails."""
        tails: dict[bytes, str] = {}  # what a relation line to ``name`` of each type ends with: its target and type
        for relation_type in sorted(_ATTRIBUTING):
            line = jsonl.relation_line(Relation("", name, relation_type)).encode("utf-8")
            tails[line[line.index(b',"to":'):]] = relation_type
        first, last = min(tails), max(tails)  # their common start (``os.path.commonprefix``)
        common = first[: next((at for at, (a, b) in enumerate(zip(first, last)) if a != b), len(first))]
        sources: dict[str, list[str]] = {relation_type: [] for relation_type in tails.values()}
        data = self.data
        found = data.find(common, self.relations_offset)
        while found != -1:
            end = data.find(b"\n", found)
            end = len(data) if end == -1 else end
            kind = tails.get(data[found:end])  # spelled so only in relation lines
            if kind is not None:
                record = json.loads(data[data.rfind(b"\n", 0, found) + 1 : end])
                if record["to"] == name and record["relationType"] == kind:
                    sources[kind].append(record["from"])
            found = data.find(common, found + 1)
        return [source for found_sources in sources.values() for source in found_sources]

    def has_relation(self, key: tuple[str, str, str]) -> bool:
        source, target, relation_type = key
        order = (source, relation_type, target)
        if self.relations_offset >= self.end:
            return False
        start = self._first(self.relations_offset, self.end, lambda line: _relation_order(line) >= order)
        if start >= self.end:
            return False
        line = self._line(start)
        return _relation_order(self.data[line[0] : line[1]]) == order


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

