"""Where a graph file holds each entity and relation: the ``sources`` of a lint run on a file."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path

from kgsync.contract.errors import Location
from kgsync.contract.model import Relation
from kgsync.lint.table import CopyKey, SourceKey


class FileLines(Mapping[SourceKey, Location]):
    """``sources`` for a graph file: entity name / ``Relation`` / ``CopyKey`` -> its line in the file.

    Built lazily on the first lookup, i.e. only when there is a finding to place,
    so a clean graph is not parsed twice.  Assumes the file already loaded
    (``jsonl.read``); the first line of a name wins, as for the server, and a ``CopyKey`` (name, type) finds
    its line of each type (a copy's own line: what ``duplicate-entity`` points at).  The keys are typed
    (``SourceKey``): a name spelled like a relation's label, or holding a NUL, is only a name.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lines: dict[SourceKey, Location] | None = None

    def _index(self) -> dict[SourceKey, Location]:
        if self._lines is None:
            text = self.path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
            lines: dict[SourceKey, Location] = {}
            copies: dict[SourceKey, Location] = {}
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
                    name = obj.get("name")
                    if not isinstance(name, str):
                        continue
                    key: SourceKey = name  # each type of the name at its first line not the name's first
                    typed = CopyKey(name, str(obj.get("entityType")))
                    if typed not in copies or copies[typed] == lines.get(key):
                        copies[typed] = Location(shown, number)
                else:
                    key = Relation(str(obj.get("from")), str(obj.get("to")), str(obj.get("relationType")))
                lines.setdefault(key, Location(shown, number))
            self._lines = lines | copies
        return self._lines

    def __getitem__(self, key: SourceKey) -> Location:
        return self._index()[key]

    def __iter__(self) -> Iterator[SourceKey]:
        return iter(self._index())

    def __len__(self) -> int:
        return len(self._index())
