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

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def escape_data(text: str) -> str:
    """GitHub's escaping of a workflow command's data (``%``, CR, LF), as its runner reads it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


# What must not reach a log line as it is: controls (a newline would start a line the CI runner
# reads as a workflow command), line and paragraph separators, and bidi controls (they reorder
# what a reader sees).
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable_path(path: str) -> str:
    """A file name fit for one line of a message: ``escape_data``, every other control or bidi
    character as ``%XX`` / ``%uXXXX``, and a leading ``::`` (a workflow command) as ``%3A:``.
    An ordinary path is returned as it is."""
    if not _UNPRINTABLE.search(path) and "%" not in path and not path.startswith("::"):
        return path
    text = _UNPRINTABLE.sub(lambda m: _percent(m.group()), escape_data(path))
    return "%3A" + text[1:] if text.startswith("::") else text


# What must not reach a terminal or a log as it is inside a message: the same, but for the tab and
# the newline a message may be laid out with (a list of problems, a tool's last lines).  A name is
# repository or agent content, and messages repeat it outside the quoted entity column.
_UNPRINTABLE_IN_MESSAGE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable_message(text: str) -> str:
    """``text`` fit for a terminal or a CI log: every bidi control (an override reorders what a reader
    sees) and every control character but tab and newline (ESC opens a terminal sequence, CR rewrites
    the line) as ``%XX`` / ``%uXXXX``, as ``printable_path`` writes them.  An ordinary message is
    returned as it is."""
    if not _UNPRINTABLE_IN_MESSAGE.search(text):
        return text
    return _UNPRINTABLE_IN_MESSAGE.sub(lambda m: _percent(m.group()), text)


def printable_json(text: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) fit for a terminal: what ``printable_message``
    escapes, as ``\\uXXXX`` escapes.  ``json.dumps`` escapes C0 controls itself but leaves a bidi
    override and a C1 control (U+009B opens a terminal sequence as ESC [ does) raw; they can only stand
    inside a string there, and a JSON reader gets them back, so the report stays lossless.  Tab and
    newline outside strings are the layout."""
    if not _UNPRINTABLE_IN_MESSAGE.search(text):
        return text
    return _UNPRINTABLE_IN_MESSAGE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def message_line(location: Location | None, body: str, hint: str | None = None) -> str:
    """``path:line: body (fix: hint)``: the one form of every message kgsync prints (an error, an item
    issue, a lint finding, a build warning), escaped by ``printable_message`` here so that no caller
    has to remember it for the names it puts in ``body``."""
    where = f"{location}: " if location else ""
    fix = f" (fix: {hint})" if hint else ""
    return printable_message(f"{where}{body}{fix}")


def _percent(char: str) -> str:
    code = ord(char)
    return f"%{code:02X}" if code < 0x100 else f"%u{code:04X}"


@dataclass(frozen=True, init=False)
class Location:
    """Where a problem is: a file and, when known, a 1-based line."""

    path: str
    line: int | None = None

    def __init__(self, path: str, line: int | None = None) -> None:
        # The fields set in the instance's dict, as a frozen dataclass's own ``__init__`` does through
        # ``object.__setattr__`` at twice the cost: a build makes one per node (47,645 at 10,000 items,
        # ``kgsync.graph.assemble.collect``), on every rebuild.
        fields = self.__dict__
        fields["path"] = path
        fields["line"] = line

    def __str__(self) -> str:
        # Escaped: a file name is repository content, and a message is printed where CI reads commands.
        path = printable_path(self.path)
        return f"{path}:{self.line}" if self.line is not None else path

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
        return message_line(self.location, self.message, self.hint)


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


class ServeError(KgsyncError):
    """A tool call of ``kgsync serve`` cannot be answered (an unknown name, an unreadable file,
    a write the reference server would refuse too); the agent sees the message."""
