"""Where a graph file holds each entity and relation: the ``sources`` of a lint run on a file."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path

from kgsync.contract.errors import Location
from kgsync.contract.model import Relation
from kgsync.lint.table import copy_label, relation_label


class FileLines(Mapping[str, Location]):
    """``sources`` for a graph file: entity name / relation label -> its line in the file.

    Built lazily on the first lookup, i.e. only when there is a finding to place,
    so a clean graph is not parsed twice.  Assumes the file already loaded
    (``jsonl.read``); the first line of a name wins, as for the server, and ``copy_label`` finds
    its line of each type (a copy's own line: what ``duplicate-entity`` points at).
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lines: dict[str, Location] | None = None

    def _index(self) -> dict[str, Location]:
        if self._lines is None:
            text = self.path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
            lines: dict[str, Location] = {}
            copies: dict[str, Location] = {}
            shown = str(self.path)
            for number, line in enumerate(text.split("\n"), start=1):
                if not line.strip():
                    continue
                try:
                    obj = json.loads(line)
                except json.JSONDecodeError:
                    continue
                if not isinstance(obj, dict):
                    continue
                if obj.get("type") == "entity":
                    key = obj.get("name")
                    if isinstance(key, str):  # each type of the name at its first line not the name's first
                        typed = copy_label(key, str(obj.get("entityType")))
                        if typed not in copies or copies[typed] == lines.get(key):
                            copies[typed] = Location(shown, number)
                else:
                    relation = Relation(str(obj.get("from")), str(obj.get("to")), str(obj.get("relationType")))
                    key = relation_label(relation)
                if isinstance(key, str):
                    lines.setdefault(key, Location(shown, number))
            self._lines = lines | copies
        return self._lines

    def __getitem__(self, key: str) -> Location:
        return self._index()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._index())

    def __len__(self) -> int:
        return len(self._index())
