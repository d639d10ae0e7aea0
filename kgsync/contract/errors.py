"""One exception hierarchy for the whole library.

The library raises; only the CLI (``kgsync.cli.main``) turns these into messages
and exit codes.  Every error that concerns a file carries the file and, when
known, the 1-based line, so a message can say *where*, *what* and *how to fix*.

Three kinds of problem, one map.  A problem found while reading or checking is collected
first (every one, then one verdict), as a value of its stage; each converts to this
hierarchy with ``as_error()``, keeping its ``Location`` and its hint:

- ``kgsync.read.items.Issue`` (a problem with an item file) -> ``ItemError``;
- ``kgsync.lint.rules.Finding`` (a graph breaks a contract rule) -> ``LintFailed`` holding
  that one finding, whose ``render()`` is the finding's own line;
- anything else is raised as a ``KgsyncError`` subclass directly.

Only the CLI turns a ``KgsyncError`` into a message and an exit code.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Location:
    """Where a problem is: a file and, when known, a 1-based line."""

    path: str
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line is not None else self.path

    @classmethod
    def of(cls, path: str | Path, line: int | None = None) -> Location:
        return cls(str(path), line)


class KgsyncError(Exception):
    """Base class of every error kgsync raises on purpose."""

    def __init__(self, message: str, location: Location | None = None, hint: str | None = None):
        self.message = message
        self.location = location
        self.hint = hint
        super().__init__(self.render())

    def render(self) -> str:
        where = f"{self.location}: " if self.location else ""
        fix = f" (fix: {self.hint})" if self.hint else ""
        return f"{where}{self.message}{fix}"


class ConfigError(KgsyncError):
    """kgsync.yml or a command-line option is wrong."""


class ItemError(KgsyncError):
    """One research item cannot be read or understood."""


class GraphFormatError(KgsyncError):
    """A graph file is not in the memory server's JSONL format."""


class LintFailed(KgsyncError):
    """A graph breaks the graph contract; ``findings`` holds every finding."""

    # tuple[kgsync.lint.rules.Finding, ...]: errors imports no kgsync module (each would join every cache key).
    def __init__(self, message: str, findings: tuple[Any, ...] = (), location: Location | None = None,
                 hint: str | None = None):
        self.findings = findings
        super().__init__(message, location, hint)


class BuildFailed(KgsyncError):
    """Some items failed; ``errors`` holds every one (the graph kept their old nodes)."""

    def __init__(self, message: str, errors: tuple[KgsyncError, ...] = ()):
        self.errors = errors
        super().__init__(message)


class PublishError(KgsyncError):
    """Publishing (site, pull request) failed."""
