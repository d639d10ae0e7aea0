"""``kgsync serve --writable``: the reference memory server's write tools, same semantics, no lost writes.

Each tool is the reference server's (``@modelcontextprotocol/server-memory``, dist/index.js): load the
whole file, change it, save every entity then every relation as ``JSON.stringify`` lines (lines of
another ``type`` are dropped, as there).  Two differences, both about safety: every write holds an
exclusive ``fcntl.flock`` on ``<graph>.lock`` beside the file from the read to the rename, so two
kgsync servers on one file never lose each other's write (the reference server's known race); and
the file is written to a temp file, fsynced and renamed (``kgsync.contract.atomic_write.write_bytes_atomically``).
A file holding a line that is not JSON is not rewritten (the reference server fails on it too).
A third, about the answer: its echo of what was written keeps the bound every answer keeps (``echo``).
"""

from __future__ import annotations

import fcntl
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgsync.contract import atomic_write, jsonl
from kgsync.contract.errors import Location, ServeError
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.serve.tools import HARD_LIMIT, bound, cut, dumps, most_that_fit


class WriteError(ServeError):
    """A write the reference server would refuse too (an unknown entity), or a file it cannot parse."""


@dataclass
class _Node:
    name: str
    entity_type: str
    observations: list[str]


@dataclass
class _Graph:
    entities: list[_Node]
    relations: list[tuple[str, str, str]]


def lock_path(graph: Path) -> Path:
    return graph.with_name(graph.name + ".lock")


@contextmanager
def _locked(graph: Path) -> Iterator[None]:
    try:
        graph.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock_path(graph), "a+b")
    except OSError as exc:  # a read-only checkout: said, not hidden as the MCP layer hides an OSError
        raise WriteError(f"cannot write the graph: {exc.strerror or exc}", Location.of(graph),
                         f"make its folder writable: each write takes {lock_path(graph).name} and a temp file "
                         "beside the graph") from None
    with handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _load(graph: Path) -> _Graph:
    """The reference server's loadGraph: blank lines skipped, entities and relations kept, other types dropped."""
    try:
        text = graph.read_text(encoding="utf-8")
    except FileNotFoundError:
        return _Graph([], [])
    except UnicodeDecodeError:  # not a KgsyncError: the agent would read no reason at all
        raise WriteError("the graph is not UTF-8; the reference server cannot load this file either",
                         Location.of(graph, _first_bad_line(graph.read_bytes())),
                         "save it as UTF-8 (kgsync build writes it so), then write again") from None
    found = _Graph([], [])
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except (ValueError, RecursionError):
            raise WriteError("a line is not JSON; the reference server cannot load this file either",
                             Location.of(graph, number), "fix or remove the line, then write again") from None
        if not isinstance(item, dict):
            continue
        if item.get("type") == "entity":
            observations = item.get("observations")
            found.entities.append(_Node(str(item.get("name", "")), str(item.get("entityType", "")),
                                        [str(o) for o in observations] if isinstance(observations, list) else []))
        elif item.get("type") == "relation":
            found.relations.append((str(item.get("from", "")), str(item.get("to", "")), str(item.get("relationType", ""))))
    return found


def _first_bad_line(raw: bytes) -> int:
    """The 1-based line of the first byte that is not UTF-8 (``read_text`` decodes in chunks, so its
    error's offset is not the file's)."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return raw[: exc.start].count(b"\n") + 1
    return 1  # the file changed between the two reads: its first line


def _save(graph: Path, data: _Graph) -> None:
    model = Graph(tuple(Entity(e.name, e.entity_type, tuple(e.observations)) for e in data.entities),
                  tuple(Relation(*r) for r in data.relations))
    atomic_write.write_bytes_atomically(graph, jsonl.dumps(model).encode("utf-8"), compare=False)


def _entity_json(node: _Node) -> dict[str, Any]:
    return {"name": node.name, "entityType": node.entity_type, "observations": list(node.observations)}


def create_entities(graph: Path, entities: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    with _locked(graph):
        data = _load(graph)
        existing = {e.name for e in data.entities}
        new = [_Node(e["name"], e["entityType"], list(e["observations"])) for e in entities if e["name"] not in existing]
        data.entities += new
        _save(graph, data)
    return [_entity_json(n) for n in new]


def create_relations(graph: Path, relations: Sequence[dict[str, str]]) -> list[dict[str, str]]:
    with _locked(graph):
        data = _load(graph)
        existing = set(data.relations)
        new = [r for r in relations if (r["from"], r["to"], r["relationType"]) not in existing]
        data.relations += [(r["from"], r["to"], r["relationType"]) for r in new]
        _save(graph, data)
    return [{"from": r["from"], "to": r["to"], "relationType": r["relationType"]} for r in new]


def add_observations(graph: Path, observations: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    with _locked(graph):
        data = _load(graph)
        results = []
        for o in observations:
            entity = next((e for e in data.entities if e.name == o["entityName"]), None)
            if entity is None:  # nothing is saved, as in the reference server (it throws before saving)
                raise WriteError(f"Entity with name {o['entityName']} not found")
            added = [c for c in o["contents"] if c not in entity.observations]
            entity.observations += added
            results.append({"entityName": o["entityName"], "addedObservations": added})
        _save(graph, data)
    return results


def delete_entities(graph: Path, names: Sequence[str]) -> str:
    with _locked(graph):
        data = _load(graph)
        gone = set(names)
        data.entities = [e for e in data.entities if e.name not in gone]
        data.relations = [r for r in data.relations if r[0] not in gone and r[1] not in gone]
        _save(graph, data)
    return "Entities deleted successfully"


def delete_observations(graph: Path, deletions: Sequence[dict[str, Any]]) -> str:
    with _locked(graph):
        data = _load(graph)
        for d in deletions:
            entity = next((e for e in data.entities if e.name == d["entityName"]), None)
            if entity is not None:
                drop = set(d["observations"])
                entity.observations = [o for o in entity.observations if o not in drop]
        _save(graph, data)
    return "Observations deleted successfully"


def delete_relations(graph: Path, relations: Sequence[dict[str, str]]) -> str:
    with _locked(graph):
        data = _load(graph)
        gone = {(r["from"], r["to"], r["relationType"]) for r in relations}
        data.relations = [r for r in data.relations if r not in gone]
        _save(graph, data)
    return "Relations deleted successfully"


#: How much of each text (a name, an observation) a cut echo shows: as much as a search answer shows.
ECHO_TEXT = 400
#: What each write tool's answer lists, under this key when the echo is cut, and what its entries count.
_ECHOED = {"create_entities": ("entities", "observations"), "create_relations": ("relations", ""),
           "add_observations": ("results", "addedObservations")}


def echo(tool: str, written: list[dict[str, Any]]) -> str:
    """``tool``'s answer: the reference server's echo of ``written`` (``JSON.stringify(x, null, 2)``) when it
    fits the bound every answer keeps; else as many entries as fit, their texts cut, under its key, with
    what was written (``written``: the counts) and a note that the write is whole and the echo cut."""
    text = json.dumps(written, ensure_ascii=False, indent=2)
    if len(text) <= bound():
        return text
    key, inner = _ECHOED[tool]
    counts = ({"relations": len(written)} if not inner else
              {"entities": len(written), "observations": sum(len(entry[inner]) for entry in written)})
    shown = [_shortened(entry) for entry in written]

    def answer(count: int) -> dict[str, Any]:
        said = ", ".join(f"{number} {noun}" for noun, number in counts.items())
        return {"written": counts, key: shown[:count],
                "note": f"the write is whole: {said} written; this echo shows {count} of {len(written)} {key}, long "
                        f"texts cut (…), to stay within {HARD_LIMIT:,} characters: open_nodes gives them whole"}

    return dumps(answer(most_that_fit(len(shown), lambda count: len(dumps(answer(count))) <= bound())))


def _shortened(value: Any) -> Any:
    if isinstance(value, str):
        return cut(value, ECHO_TEXT)
    if isinstance(value, list):
        return [_shortened(part) for part in value]
    return {name: _shortened(part) for name, part in value.items()} if isinstance(value, dict) else value
