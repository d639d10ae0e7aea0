"""A graph file, read the way the reference memory server reads it (``Snapshot``), and the plain
questions asked of its nodes' observations.

Pure: no MCP, no I/O beyond the bytes given.  ``read_text`` accepts every line the reference server
keeps (any entity type, unknown observation keys, duplicates, blank lines) and skips, counting them,
the lines it would ignore or choke on, so a file an agent wrote through the reference server is
always served; ``kgsync.serve.index`` ranks over what it reads.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cached_property
from operator import attrgetter

import msgspec


class Node(msgspec.Struct, frozen=True, tag_field="type", tag="entity"):
    """An entity line (``kgsync.contract.model.Entity``'s fields), decoded by msgspec straight from the file."""

    name: str
    entity_type: str = msgspec.field(default="", name="entityType")
    observations: tuple[str, ...] = ()


class Link(msgspec.Struct, frozen=True, tag_field="type", tag="relation"):
    """A relation line (``kgsync.contract.model.Relation``'s fields); a 10,000-item graph has ~170,000."""

    source: str = msgspec.field(name="from")
    target: str = msgspec.field(name="to")
    relation_type: str = msgspec.field(name="relationType")


# ---------------------------------------------------------------------------------- the file


class Snapshot:
    """Everything one version of the graph file holds, in file order (duplicates kept, as the server does)."""

    def __init__(self, entities: tuple[Node, ...] = (), relations: tuple[Link, ...] = (), skipped: int = 0,
                 first_skipped: int = 0):
        self.entities = entities
        self.relations = relations
        self.skipped = skipped  # lines the reference server would ignore (another "type") or fail on (not JSON)
        self.first_skipped = first_skipped  # the first such line's number in the file (1-based; 0: none)
        self.by_name: dict[str, Node] = {}
        by_name = self.by_name
        for entity in entities:
            if entity.name not in by_name:  # the first wins, like the server's find()
                by_name[entity.name] = entity
        self.out = _grouped(relations, attrgetter("source"))

    @cached_property
    def into(self) -> dict[str, list[Link]]:
        return _grouped(self.relations, attrgetter("target"))

    @cached_property
    def contradicted(self) -> frozenset[str]:
        """The names of the nodes a ``contradicts`` relation points at: one pass over the relations, not
        ``into``'s grouping of them all (``tools.holds``, in every search, needs nothing more)."""
        return frozenset([r.target for r in self.relations if r.relation_type == "contradicts"])

    @cached_property
    def position(self) -> dict[int, int]:
        """id(relation) -> its place in the file."""
        return dict(zip(map(id, self.relations), range(len(self.relations))))


def _grouped(relations: tuple[Link, ...], end: Callable[[Link], str]) -> dict[str, list[Link]]:
    groups: dict[str, list[Link]] = {}
    for relation in relations:
        key = end(relation)
        found = groups.get(key)
        if found is None:
            groups[key] = [relation]
        else:
            found.append(relation)
    return groups


_LINES = msgspec.json.Decoder(list[Node | Link])
_RECORD = msgspec.json.Decoder(Node | Link)


def line_starts(raw: bytes) -> int:
    """How many lines ``read_bytes`` decodes straight from ``raw``'s bytes: every line when each starts
    with ``{`` (what kgsync and the server write: no blank line, no final newline), else 0.

    Two passes over the file's bytes (~0.07 s at 10,000 items, half as long as decoding them;
    ``bench/bench_serve.py --no-recall``, serve86):
    ``kgsync serve``'s start-up child counts while the server loads the MCP SDK (``Service.prebuild``)."""
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    lines = raw.count(b"\n") + 1
    return lines if raw.startswith(b"{") and raw.count(b"\n{") == lines - 1 else 0


def read_bytes(raw: bytes, lines: int | None = None) -> Snapshot:
    """``read_text`` of the file's bytes; a file whose every line starts with ``{`` is decoded straight
    from its bytes, one msgspec call.  ``lines``: ``line_starts(raw)`` when already counted."""
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    if lines is None:
        lines = line_starts(raw)
    if lines:
        try:
            records = _RECORD.decode_lines(raw)
            # Every line holds at least one object (it starts with one): as many as lines, one a line.
            if len(records) == lines:
                return Snapshot(tuple([r for r in records if type(r) is Node]), tuple([r for r in records if type(r) is Link]))
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            pass
    return read_text(raw.decode("utf-8", errors="replace"))


def read_text(text: str) -> Snapshot:
    """Parse server JSONL tolerantly: what the server keeps is kept, anything else is counted in ``skipped``.

    Every line in one msgspec call when all are well-formed entities and relations (ten times
    faster than a json.loads a line); else line by line."""
    text = text.removeprefix("\ufeff")
    lines = text.split("\n")
    try:
        if all(lines) and not any(line.isspace() for line in lines):  # kgsync's and the server's own files
            array = "[" + text.replace("\n", ",") + "]"
        else:
            lines = [line for line in lines if line.strip()]
            array = "[" + ",".join(lines) + "]"
        records = _LINES.decode(array.encode("utf-8", "surrogatepass"))
        if len(records) == len(lines):  # a line holding two objects would pass as two
            entities = tuple(r for r in records if isinstance(r, Node))
            return Snapshot(entities, tuple(r for r in records if isinstance(r, Link)))
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeError, RecursionError):
        pass
    return _read_lines([(number, line) for number, line in enumerate(text.split("\n"), 1) if line.strip()])


def _read_lines(lines: list[tuple[int, str]]) -> Snapshot:
    """The non-blank ``lines`` (each with its number in the file), one at a time."""
    entities: list[Node] = []
    relations: list[Link] = []
    skipped: list[int] = []  # the numbers of the lines skipped
    for number, line in lines:
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            obj = None
        if not isinstance(obj, dict):
            skipped.append(number)
            continue
        kind = obj.get("type")
        if kind == "entity":
            name, entity_type, observations = obj.get("name"), obj.get("entityType"), obj.get("observations")
            if not isinstance(name, str):
                skipped.append(number)
                continue
            if not isinstance(observations, list):
                observations = []
            entities.append(Node(name, entity_type if isinstance(entity_type, str) else "",
                                 tuple(o for o in observations if isinstance(o, str))))
        elif kind == "relation":
            source, target, relation_type = obj.get("from"), obj.get("to"), obj.get("relationType")
            if isinstance(source, str) and isinstance(target, str) and isinstance(relation_type, str):
                relations.append(Link(source, target, relation_type))
            else:
                skipped.append(number)
        else:
            skipped.append(number)
    return Snapshot(tuple(entities), tuple(relations), len(skipped), skipped[0] if skipped else 0)


# ------------------------------------------------------------------------- observations


def value(entity: Node, key: str) -> str | None:
    """The first ``key:value`` / ``key: value`` observation's value (stripped), or None."""
    prefix = key + ":"
    for observation in entity.observations:
        if observation.startswith(prefix):
            return observation[len(prefix):].strip()
    return None


def values(entity: Node, key: str) -> list[str]:
    prefix = key + ":"
    return [o[len(prefix):].strip() for o in entity.observations if o.startswith(prefix)]


def obs_key(observation: str) -> str:
    """``title`` of ``title: ...``; "" for free text (an agent's note)."""
    head, sep, _ = observation.partition(":")
    return head if sep and head.isidentifier() and len(head) <= 20 else ""


def is_item(entity: Node) -> bool:
    return entity.entity_type == "research_item" or (entity.entity_type == "" and entity.name.startswith("item:"))


def is_claim(entity: Node) -> bool:
    return entity.entity_type == "claim"


def slug_of(name: str) -> str | None:
    """The item slug a kgsync item or claim name carries (``item:<slug>``, ``claim:<slug>:<key>``)."""
    if name.startswith("item:"):
        return name[5:]
    if name.startswith("claim:"):
        slug, sep, _ = name[6:].rpartition(":")
        return slug if sep else None
    return None

