"""An item's Markdown body, parsed: its sections (headings outside fenced code) and list entries.

Part of reading an item (``kgsync.read.items``): pure text functions, no YAML, no files.
Whole-text scans where it can: an item is ~1,400 lines, and a Python step per line would
cost more than parsing its YAML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache


# ATX heading; its closing "#"s are stripped by ``_heading_text`` (a lazy ".*?" before an
# optional closing run is quadratic on a long line of "# ").
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*)$")
_FENCE = re.compile(r"^[ \t]*(```|~~~)")
_LIST_ITEM = re.compile(r"^(?:(\d+)[.)]|[-*+])[ \t]+(.*)$")
MAX_LINE = 100_000  # longer lines are cut for parsing (and reported): protects the regexes
_LONG_LINE = re.compile(rf"^[^\n]{{{MAX_LINE + 1}}}", re.MULTILINE)


@dataclass(frozen=True)
class Section:
    heading: str
    level: int
    line: int  # 1-based line of the heading in the file
    text: str  # content up to the next heading of the same or a higher level


@dataclass(frozen=True)
class KeyFinding:
    """One entry of the Key Findings list, as written."""

    number: int  # 1-based position in the list
    text: str  # the entry's text, continuation lines joined
    line: int  # 1-based line in the file


@lru_cache(maxsize=4096)
def heading_key(heading: str) -> str:
    # "§6 Synthesis", "2. Key Findings", "**Key findings**" -> comparable keys
    text = re.sub(r"[*_`]", "", heading).strip().lower()
    text = re.sub(r"^(§\s*\d+|\d+(\.\d+)*\.?)\s+", "", text)
    return text.rstrip(":").strip()


def _heading_text(rest: str) -> str:
    """A heading's text without its closing sequence: trailing blanks, "#"s, blanks."""
    return rest.rstrip(" \t").rstrip("#").strip()


def _line_end(text: str, start: int) -> int:
    """Offset of the newline ending the line that holds ``start`` (or the text's end)."""
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def _long_lines(text: str) -> list[int]:
    """1-based numbers of the lines longer than MAX_LINE (none unless the text is that long)."""
    if len(text) <= MAX_LINE:
        return []
    return [text.count("\n", 0, m.start()) + 1 for m in _LONG_LINE.finditer(text)]


def _line_starts(text: str, needle: str, anywhere: bool) -> list[int]:
    """Offsets of the lines that start with ``needle`` (after spaces and tabs when ``anywhere``).

    ``str.find`` jumps between occurrences in C; only the few hits cost a Python step.
    """
    if not anywhere:  # the needle right after a newline: no Python step for occurrences inside lines
        out = [0] if text.startswith(needle) else []
        pos = 0
        while (hit := text.find("\n" + needle, pos)) >= 0:
            out.append(hit + 1)
            pos = hit + 1
        return out
    out = []
    pos = 0
    while (hit := text.find(needle, pos)) >= 0:
        start = text.rfind("\n", 0, hit) + 1
        if start == hit or (anywhere and not text[start:hit].strip(" \t")):
            out.append(start)
        pos = _line_end(text, hit) + 1
    return out


@lru_cache(maxsize=4)  # an item's body is scanned for sections, then again by term mining
def fence_lines(text: str) -> tuple[tuple[int, str], ...]:
    """(line offset, "```" or "~~~") of every fence line (``_FENCE``), in order."""
    # A line is in at most one list: its marker must follow only spaces and tabs.
    found = [(start, "```") for start in _line_starts(text, "```", True)]
    found += [(start, "~~~") for start in _line_starts(text, "~~~", True)]
    return tuple(sorted(found))


def swallowed_headings(body: str, first_line: int) -> tuple[int, str, tuple[tuple[str, int], ...]]:
    """A code fence never closed, as ``_sections`` reads it (every heading after it is code): (its line, its
    marker, (``heading_key``, line) of each heading line after it); (0, "", ()) when every fence closes."""
    opened: tuple[int, str] | None = None
    for start, marker in fence_lines(body):
        opened = None if opened is not None else (start, marker)
    if opened is None:
        return 0, "", ()
    fence_line = first_line + body.count("\n", 0, opened[0])
    line, counted = fence_line, opened[0]
    heads = []
    for start in _line_starts(body, "#", False):
        match = _HEADING.match(body[start:_line_end(body, start)]) if start > opened[0] else None
        if match:
            line, counted = line + body.count("\n", counted, start), start
            heads.append((heading_key(_heading_text(match.group(2))), line))
    return fence_line, opened[1], tuple(heads)


def _sections(body: str, first_line: int) -> tuple[Section, ...]:
    """Headings outside fenced code, each with the text up to the next heading of
    the same or a higher level."""
    events = [(start, "#") for start in _line_starts(body, "#", False)] + list(fence_lines(body))
    heads: list[tuple[int, int, int, str]] = []  # (line start, line end, level, heading)
    fence = False
    for start, kind in sorted(events):
        if kind != "#":
            fence = not fence
            continue
        end = _line_end(body, start)
        match = None if fence else _HEADING.match(body[start:end])
        if match:
            heads.append((start, end, len(match.group(1)), _heading_text(match.group(2))))
    # Where each section ends: the next heading of the same or a higher level,
    # found with a stack (one pass; items have dozens of headings).
    ends = [len(body) + 1] * len(heads)
    stack: list[tuple[int, int]] = []  # (level, line start) of later headings
    for k in range(len(heads) - 1, -1, -1):
        level = heads[k][2]
        while stack and stack[-1][0] > level:
            stack.pop()
        if stack:
            ends[k] = stack[-1][1]
        stack.append((level, heads[k][0]))
    out = []
    line, counted = first_line, 0
    for (start, end, level, heading), stop in zip(heads, ends):
        line += body.count("\n", counted, start)
        counted = start
        out.append(Section(heading, level, line, body[end + 1 : stop - 1]))
    return tuple(out)


def _list_entries(section: Section) -> tuple[KeyFinding, ...]:
    """Top-level list entries of a section (numbered or bulleted), with their lines."""
    entries: list[tuple[int, list[str]]] = []
    fence = False
    for offset, line in enumerate(section.text.split("\n"), start=1):
        if _FENCE.match(line):
            fence = not fence
        if fence:
            continue
        match = _LIST_ITEM.match(line) if not line.startswith((" ", "\t")) else None
        if match:
            entries.append((section.line + offset, [match.group(2)]))
        elif entries and line.strip() and not _HEADING.match(line) and not line.startswith("|"):
            entries[-1][1].append(line.strip())
        elif entries and not line.strip():
            entries[-1][1].append("")
    findings = []
    for number, (at, parts) in enumerate(entries, start=1):
        text = " ".join(p for p in _first_paragraph(parts) if p).strip()
        if text:
            findings.append(KeyFinding(number, text, at))
    return tuple(findings)


def _first_paragraph(parts: list[str]) -> list[str]:
    if "" in parts:
        return parts[: parts.index("")]
    return parts


def _first_h1(sections: Sequence[Section]) -> str:
    return next((s.heading for s in sections if s.level == 1), "")


def _plain(text: str) -> str:
    """Section text without sub-headings, tables and blank runs (for summaries)."""
    kept = [line for line in text.split("\n") if not _HEADING.match(line) and not line.startswith("|")]
    return "\n".join(kept).strip()
