"""The memory server's JSONL format, byte for byte.

``@modelcontextprotocol/server-memory`` saves its graph as one JSON object a
line: every entity (``type,name,entityType,observations``) then every relation
(``type,from,to,relationType``), each ``JSON.stringify``-ed (compact, non-ASCII
kept as is), joined by ``\\n`` with no trailing newline, written to a temp file
and renamed.  It loads by splitting on ``\\n``, dropping blank lines and
``JSON.parse``-ing the rest; lines of another ``type`` are ignored.  kgsync
writes exactly that and reads whatever the server would read, but rejects a
line the server would choke on (or silently mangle) with its line number.
"""

from __future__ import annotations

import io
import json
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

import msgspec

from kgsync.contract.errors import GraphFormatError, Location
from kgsync.contract.atomic_write import write_bytes_atomically
from kgsync.contract.model import Entity, Graph, Relation, SharedStrings

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


# JSON.stringify of one string (UTF-8 kept, control characters as \u00xx): the function
# json.dumps(..., ensure_ascii=False) applies to every string, called directly (a graph has
# ~10^6 strings, and json.dumps with options builds a new encoder per call).
_string = json.encoder.encode_basestring


def entity_line(entity: Entity) -> str:
    return _surrogates_escaped(_entity_text(entity))


def relation_line(relation: Relation) -> str:
    return _surrogates_escaped(_relation_text(relation))


def _entity_text(entity: Entity) -> str:
    # Key order and separators of JSON.stringify({type, name, entityType, observations}).
    observations = ",".join(map(_string, entity.observations))
    return (f'{{"type":"entity","name":{_string(entity.name)},"entityType":{_string(entity.entity_type)},'
            f'"observations":[{observations}]}}')


def _relation_text(relation: Relation) -> str:
    return (f'{{"type":"relation","from":{_string(relation.source)},"to":{_string(relation.target)},'
            f'"relationType":{_string(relation.relation_type)}}}')


def _surrogates_escaped(text: str) -> str:
    # A lone surrogate (read from a "\ud800" escape the server wrote) cannot be
    # encoded as UTF-8; JSON.stringify escapes it as \udxxx, so do the same.  Text that
    # encodes has none: the check costs a tenth of the substitution's scan (a graph is MBs).
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def dumps(graph: Graph) -> str:
    """The file text the server would write for ``graph`` (in the graph's order)."""
    lines = [_entity_text(e) for e in graph.entities]
    lines += [_relation_text(r) for r in graph.relations]
    return _surrogates_escaped("\n".join(lines))


def dumps_bytes(graph: Graph) -> bytes:
    """``dumps(graph).encode("utf-8")``, encoded by msgspec: a line is one C call on a struct whose
    fields are the line's keys in ``JSON.stringify``'s order (its strings escaped as
    ``encode_basestring`` escapes them, control characters as ``\\u00xx``, UTF-8 kept).  At 10,000
    items (47,642 entities, 227,938 relations) in less CPU than ``dumps``, the same bytes (72882dc4).
    A lone surrogate does not encode as UTF-8 (msgspec raises): ``dumps`` escapes it as the server would."""
    try:
        data = _ENCODER.encode_lines([_EntityLine(e.name, e.entity_type, e.observations) for e in graph.entities]
                                     + [_RelationLine(r.source, r.target, r.relation_type) for r in graph.relations])
    except UnicodeEncodeError:
        return dumps(graph).encode("utf-8")
    return data[:-1]  # ``encode_lines`` ends every line with "\n"; the server's file has no trailing newline


class _EntityLine(msgspec.Struct, tag_field="type", tag="entity"):
    """An entity's line: {"type":"entity","name":...,"entityType":...,"observations":[...]}."""

    name: str
    entityType: str  # noqa: N815  (the server's key)
    observations: Sequence[str]


class _RelationLine(msgspec.Struct, tag_field="type", tag="relation", rename={"source": "from"}):
    """A relation's line: {"type":"relation","from":...,"to":...,"relationType":...}."""

    source: str
    to: str
    relationType: str  # noqa: N815  (the server's key)


_ENCODER = msgspec.json.Encoder()


def loads(text: str, source: str = "<graph>") -> Graph:
    """Parse server JSONL; raise one ``GraphFormatError`` naming every bad line (the first as its location)."""
    return _graph_of(text.split("\n"), source)


def loads_bytes(data: bytes, source: str = "<graph>") -> Graph:
    """``loads`` of ``data``'s UTF-8 text, its byte order mark off (a file's bytes, as ``read`` reads
    them): the bytes of a graph kgsync or the server wrote are decoded in C (``_written_graph``)."""
    written = _written_graph(io.BytesIO(data))
    return written if written is not None else loads(data.decode("utf-8").removeprefix("\ufeff"), source)


def _graph_of(lines: Iterable[str], source: str) -> Graph:
    """``loads`` of the text whose lines (split at ``\n``) are ``lines``."""
    entities: list[Entity] = []
    relations: list[Relation] = []
    bad: list[GraphFormatError] = []
    names = SharedStrings().__getitem__  # a node's name is one string in its entity and its relations
    for number, line in enumerate(lines, start=1):
        if line.strip() == "":
            continue
        try:
            record = _record(line, Location(source, number), names)
        except GraphFormatError as exc:
            bad.append(exc)
            continue
        if isinstance(record, Entity):
            entities.append(record)
        else:
            relations.append(record)
    if bad:
        first = bad[0]
        more = "".join(f"\n  {other.render()}" for other in bad[1:_SHOWN])
        if len(bad) > _SHOWN:
            more += f"\n  ... and {len(bad) - _SHOWN} more bad lines"
        if not more:
            raise first
        # Each bad line with its own fix; the first one is the error's location.
        head = f"{first.message} (fix: {first.hint})" if first.hint else first.message
        raise GraphFormatError(head + more, first.location)
    return Graph(tuple(entities), tuple(relations))


_SHOWN = 20  # bad lines listed in one error


def _record(line: str, where: Location, names: Callable[[str], str]) -> Entity | Relation:
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data" and line.startswith("{", exc.pos):  # an append to the last line, unbroken
            raise GraphFormatError(f"two JSON objects on one line, the second at column {exc.colno}: a line break is "
                                   "missing", where, "start each object on a line of its own; the file ends without a "
                                   "newline, as the memory server writes it, so an append (echo ... >> FILE) joins its "
                                   "first line to the last") from None
        raise GraphFormatError(
            f"not a JSON object ({exc.msg}; column {exc.colno})",
            where,
            "each line must be one JSON object as the memory server writes it",
        ) from None
    except RecursionError:
        raise GraphFormatError("JSON nested too deeply", where, "each line must be one flat entity or relation") from None
    except ValueError as exc:  # an integer of over 4,300 digits: Python's int-string limit, not a JSONDecodeError
        digits = re.search(r"value has (\d+) digits", str(exc))
        size = f" of {digits.group(1)} digits" if digits else ""
        raise GraphFormatError(f"a number{size}, over the 4,300 digits Python's JSON reader converts", where,
                               "the memory server's lines hold strings only: delete the number or quote it") from None
    if not isinstance(obj, dict):
        raise GraphFormatError("line is JSON but not an object", where, "remove the line")
    kind = obj.get("type")
    if kind == "entity":
        return _entity(obj, where, names)
    if kind == "relation":
        return _relation(obj, where, names)
    raise GraphFormatError(
        f'unknown record type {kind!r}; the server keeps only "entity" and "relation"',
        where,
        "remove the line, or give it a type the server reads",
    )


_STRING_FIELDS = "write the line as the memory server does: strings for every field, or remove it"


def _first_not_string(obj: dict[str, object], keys: tuple[str, ...]) -> str:
    """'"to" is missing' / '"name" is 5': the first of ``keys`` whose value is no string, as the
    line writes it (shortened: the value may be a whole hand-pasted object)."""
    key = next(k for k in keys if not isinstance(obj.get(k), str))
    if key not in obj:
        return f'"{key}" is missing'
    shown = json.dumps(obj[key], ensure_ascii=False)
    return f'"{key}" is {shown if len(shown) <= 60 else shown[:59] + "…"}'


def _entity(obj: dict[str, object], where: Location, names: Callable[[str], str]) -> Entity:
    name, entity_type, observations = obj.get("name"), obj.get("entityType"), obj.get("observations")
    if not isinstance(name, str) or not isinstance(entity_type, str):
        raise GraphFormatError(f'entity needs string "name" and "entityType": {_first_not_string(obj, ("name", "entityType"))}',
                               where, _STRING_FIELDS)
    if not isinstance(observations, list) or not all(isinstance(o, str) for o in observations):
        raise GraphFormatError(
            f"entity {name!r}: \"observations\" must be a list of strings", where,
            "the server's search calls toLowerCase() on each observation",
        )
    return Entity(names(name), names(entity_type), tuple(observations))


def _relation(obj: dict[str, object], where: Location, names: Callable[[str], str]) -> Relation:
    values = [obj.get("from"), obj.get("to"), obj.get("relationType")]
    source, target, relation_type = values
    if not (isinstance(source, str) and isinstance(target, str) and isinstance(relation_type, str)):
        raise GraphFormatError(
            f'relation needs string "from", "to" and "relationType": {_first_not_string(obj, ("from", "to", "relationType"))}',
            where, _STRING_FIELDS)
    return Relation(names(source), names(target), names(relation_type))


def read(path: str | Path) -> Graph:
    """Read a graph file; a missing file is the empty graph, as for the server."""
    path = Path(path)
    try:
        if not stat.S_ISREG(mode := path.stat().st_mode) and not stat.S_ISDIR(mode):
            # Before the open: a FIFO blocks there, a device (/dev/zero) never ends.
            raise GraphFormatError("cannot read the graph file: it is not a regular file (a FIFO, a socket or a "
                                   "device): not read", Location.of(path),
                                   "name the graph file, such as memory.jsonl")
        # A block or a line at a time: the file's bytes, its text and its lines were never needed whole
        # beside the graph they become (~50 MB each at 10,000 items, at a rebuild's peak:
        # ``bench/bench_build.py --ci-only DIR --count 10000``, mem25).
        with path.open("rb") as handle:
            written = _written_graph(handle)
            if written is not None:
                return written
            handle.seek(0)
            return _graph_of(_text_lines(handle, path), str(path))
    except FileNotFoundError:
        return Graph()
    except IsADirectoryError:  # never "remove it": graph: named the items folder, say
        raise GraphFormatError("cannot read the graph file: it is a folder", Location.of(path),
                               "name the graph file (graph: in kgsync.yml, or --out), such as memory.jsonl") from None
    except OSError as exc:  # no permission: not a graph this build may replace
        raise GraphFormatError(f"cannot read the graph file: {exc.strerror or exc}", Location.of(path),
                               "make it a readable file (or remove it to start an empty graph)") from None


def _written_graph(handle: BinaryIO, size: int = 1 << 20) -> Graph | None:
    """The graph of a file each line of which is that line's record as ``dumps_bytes`` writes it
    (a graph kgsync or the server wrote), decoded in C ``size`` bytes at a time (~275,000 lines at
    10,000 items of bench/gen_corpus.py: 0.36 s CPU against ``_graph_of``'s 0.84 s, 1691eb88).  Such a
    line names one record, which any JSON reader reads alike, so the graph is the one ``_graph_of``
    returns.  None for any other file (a blank line, a trailing newline, another key order or spacing,
    a bad line): ``_graph_of`` reads it, and says what is wrong where."""
    entities: list[Entity] = []
    relations: list[Relation] = []
    names = SharedStrings().__getitem__  # as ``_graph_of``: a node's name is one string in its entity and relations
    rest = b""
    while True:
        block = handle.read(size)
        data = rest + block if rest else block
        if not block:  # the end: the last line, which no newline ends (an empty file: no line)
            if not data:
                return None if entities or relations else Graph()
            data += b"\n"
        cut = data.rfind(b"\n") + 1
        chunk, rest = data[:cut], data[cut:]
        try:
            lines = _DECODER.decode_lines(chunk)
            if _ENCODER.encode_lines(lines) != chunk:
                return None
        except (msgspec.DecodeError, UnicodeError):
            return None
        for line in lines:
            if isinstance(line, _EntityLine):
                entities.append(Entity(names(line.name), names(line.entityType), tuple(line.observations)))
            else:
                relations.append(Relation(names(line.source), names(line.to), names(line.relationType)))
        if not block:
            return Graph(tuple(entities), tuple(relations))


_DECODER = msgspec.json.Decoder(_EntityLine | _RelationLine)


def _text_lines(handle: Iterable[bytes], path: Path) -> Iterator[str]:
    """The lines of the file's text (its byte order mark off), as ``loads`` splits them; the first
    line that is not UTF-8 is the error, whatever the lines before it hold (as when decoded whole)."""
    for number, raw in enumerate(handle, start=1):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise GraphFormatError("not UTF-8", Location.of(path, number), "save the file as UTF-8") from None
        yield (line.removeprefix("\ufeff") if number == 1 else line).removesuffix("\n")


def write(path: str | Path, graph: Graph) -> bool:
    """Write atomically (temp file in the same folder + rename).

    Returns False, touching nothing, when the file already holds these bytes, so
    an unchanged graph keeps its mtime and a no-op build is cheap.
    """
    data = dumps(graph).encode("utf-8")
    return write_bytes_atomically(Path(path), data)


def lines_of(graph: Graph) -> Iterable[str]:
    yield from (entity_line(e) for e in graph.entities)
    yield from (relation_line(r) for r in graph.relations)
