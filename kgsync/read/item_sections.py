"""An item's Markdown body, parsed: its sections (headings outside fenced code) and list entries.

``fenced_blocks`` is the one reading of fenced code (CommonMark 0.31, 4.5, as GitHub renders it) every
pass that skips code goes through: the reader here, mining, references, the site's definitions.

Part of reading an item (``kgsync.read.items``): pure text functions, no YAML, no files.
Whole-text scans where it can: an item is ~1,400 lines, and a Python step per line would
cost more than parsing its YAML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from kgsync.read.author_marks import AUTHOR_MARKER, author_markers, without_author_markers
from kgsync.read.html_blocks import html_block_opened


# ATX heading; its closing "#"s are stripped by ``_heading_text`` (a lazy ".*?" before an
# optional closing run is quadratic on a long line of "# ").
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*)$")
#: A list item's marker and the blanks after it (its content starts after them: CommonMark 5.2).
_ITEM_MARK = re.compile(r" *(?:[-*+]|\d{1,9}[.)])( +|$)")
_LIST_ITEM = re.compile(r"^(?:(\d+)[.)]|[-*+])[ \t]+(.*)$")
MAX_LINE = 100_000  # longer lines are cut for parsing (and reported): protects the regexes
_LONG_LINE = re.compile(rf"^[^\n]{{{MAX_LINE + 1}}}", re.MULTILINE)
_MARKER_IN_TEXT = re.compile(rf"[ \t]*{AUTHOR_MARKER.pattern}", re.I | re.A)


@dataclass(frozen=True)
class Section:
    heading: str
    level: int
    line: int  # 1-based line of the heading in the file
    text: str  # content up to the next heading of the same or a higher level


@dataclass(frozen=True)
class KeyFinding:
    """One entry of the Key Findings list, as written, less the author's markers (``AUTHOR_MARKER``):
    those are read from the item's lines, and none of their words is the finding's."""

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


def line_end(text: str, start: int) -> int:
    """Offset of the newline ending the line that holds ``start`` (or the text's end)."""
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def overlong_lines(text: str) -> list[int]:
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
        pos = line_end(text, hit) + 1
    return out


class Fence(NamedTuple):
    """One fenced code block as GitHub reads it (``fenced_blocks``)."""

    start: int  # offset of its opening fence line
    end: int  # offset of the newline ending its last line (its closing fence line), or the text's length
    marker: str  # the opening fence: "```", "~~~~", ...
    to_end: bool  # no closing fence: it runs to the end of the text


def _columns(line: str) -> int:
    """The columns of blanks a line starts with (a tab reaches the next multiple of 4)."""
    column = 0
    for char in line:
        if char == " ":
            column += 1
        elif char == "\t":
            column += 4 - column % 4
        else:
            break
    return column


def _closes(line: str, marker: str, most: int) -> bool:
    """Whether ``line`` closes a block ``marker`` opened: the same character, at least as many, indented at
    most ``most`` columns, nothing but blanks after."""
    rest = line.lstrip(" \t")
    return (rest.startswith(marker) and not rest.lstrip(marker[0]).strip(" \t")
            and _columns(line) <= most)


def _opens(line: str) -> str:
    """The fence ``line`` opens a block with ("" when it opens none), its indentation aside."""
    rest = line.lstrip(" \t")
    marker = rest[: len(rest) - len(rest.lstrip(rest[:1]))] if rest[:1] in ("`", "~") else ""
    return marker if len(marker) >= 3 and not (marker[0] == "`" and "`" in rest[len(marker):]) else ""


def _lazy(text: str, start: int, line: str) -> bool:
    """Whether ``line`` (at ``start``) may continue a paragraph of the line above: neither is blank or
    a heading."""
    above = text[text.rfind("\n", 0, start - 1) + 1:start - 1] if start else ""
    return all(part.strip(" \t") and not part.lstrip(" \t").startswith("#") for part in (above, line))


def _item_column(text: str, start: int, indent: int, before: dict[int, tuple[int, int]], steps: list[int]) -> int | None:
    """The content column of the list item that holds the fence line at ``start`` (indented ``indent``
    columns): 0 outside any list; None when the line is 4+ columns past it (indented code, not a fence).
    The lines before it are read back up to the first less indented one that opens an item, or to a
    block (``before``: the blocks read so far, (start, their item's content column) at their end),
    whose item is known. ``steps`` is what the whole text may still spend on reading lines back (a
    run of thousands of indented fence lines would read each back to the start: quadratic); once
    spent, a line is outside any list."""
    limit, pos = indent, start
    while pos > 0 and limit > 0 and steps[0] > 0:
        steps[0] -= 1
        block = before.get(pos - 1)
        if block is not None:
            pos = block[0]
            if not block[1]:
                break  # a block outside any list: no item goes on past it
            if block[1] <= limit:  # the item it is in goes on to the line
                return block[1] if indent - block[1] <= 3 else None
            limit = min(limit, _columns(text[pos:line_end(text, pos)]))
            continue
        begin = text.rfind("\n", 0, pos - 1) + 1
        line, pos = text[begin:pos - 1], begin
        column = _columns(line)
        if column >= limit or not line.strip(" \t"):
            continue
        mark = _ITEM_MARK.match(line)
        if mark:
            blanks = len(mark.group(1))
            content = mark.end() if 1 <= blanks <= 4 and mark.end() < len(line) else mark.end(1) - blanks + 1
            if content <= limit:  # an item the lines after it (indented ``limit`` or more) go on
                return content if indent - content <= 3 else None
        elif _lazy(text, pos, line) and pos - 1 not in before:
            continue  # may be a paragraph's lazy continuation line: the item goes on
        limit = column
    return 0 if indent <= 3 else None


def _item_block(text: str, start: int, column: int, marker: str) -> tuple[int, bool, int]:
    """Where a block opened at ``start`` inside a list item (content at ``column``) ends: (its end, whether it
    runs to the text's end, where reading resumes). A closing fence, or the item's end: the first line
    after it indented less than ``column`` that is not blank (GitHub ends the block there, unclosed); ``marker``
    "": no fence closes it (an HTML comment's block, ``_comment_at``)."""
    pos = line_end(text, start) + 1
    while pos <= len(text):
        end = line_end(text, pos)
        line = text[pos:end]
        if line.strip(" \t"):
            if _columns(line) < column:
                return pos - 1, False, pos
            if marker and _closes(line, marker, column + 3):
                return end, False, end + 1
        pos = end + 1
    return len(text), True, len(text)


class Comment(NamedTuple):
    """One HTML comment that opens an HTML block (``comment_blocks``)."""

    start: int  # offset of its "<!--"
    end: int  # offset just past its "-->", or the text's length (never closed: it hides the rest)


def fenced_blocks(text: str) -> tuple[Fence, ...]:
    """The fenced code blocks of ``text`` as GitHub renders them (CommonMark 0.31, 4.5), in order.

    A block opens at a line of 3+ backticks or 3+ tildes indented at most 3 columns (a backtick fence's
    info string holds no backtick) and closes at the first later line of the same character, at least as
    many, indented at most 3 columns, with nothing but blanks after; unclosed, it runs to the end of the
    text. Inside a list item the columns count from the item's content, and the item's end ends the block.
    Block quotes are not read (a "> ```" line opens nothing).  A fence line inside an HTML comment
    (``comment_blocks``) is none.

    ``str.find`` finds the candidate lines (a Python step for each fence line only); cached, as an
    item's body is read by the reader, mining and references in turn, its sections' texts between.
    """
    return _code_and_comments(text)[0]


def comment_blocks(text: str) -> tuple[Comment, ...]:
    """The HTML comments of ``text`` that open an HTML block (``read.html_blocks``: ``<!--`` after at most three
    blanks, outside fenced code), in order: GitHub shows nothing of them, so no heading, fence or list entry
    inside one is read.  Each ends at its ``-->`` (``<!-->`` and ``<!--->`` are whole), or, never closed, hides
    the rest of the text, as ``extract.markers.html_comments`` blanks them.  A comment inside a paragraph cannot
    hold a block's line (a heading or a fence interrupts the paragraph) and is not one."""
    return _code_and_comments(text)[1]


def without_comments(text: str) -> str:
    """``text`` with each of its ``comment_blocks`` blanked, newlines kept: every other character keeps its
    line and column."""
    comments = comment_blocks(text)
    if not comments:
        return text
    parts, done = [], 0
    for comment in comments:
        parts.append(text[done:comment.start])
        parts.append(re.sub(r"[^\n]", " ", text[comment.start:comment.end]))
        done = comment.end
    parts.append(text[done:])
    return "".join(parts)


def _comment_at(text: str, start: int, column: int) -> Comment | None:
    """The comment block the line at ``start`` opens, or None; ``column``: the content column of the list item
    that holds it (0: none), whose end (a later line less indented, not blank) ends the block before its ``-->``."""
    line = text[start:line_end(text, start)]
    opened = html_block_opened(line, False)
    if opened is None or opened.kind != 2:
        return None
    begin = start + line.index("<!--")
    if text.startswith((">", "->"), begin + 4):  # ``<!-->``, ``<!--->``: whole
        return Comment(begin, begin + 5 if text[begin + 4] == ">" else begin + 6)
    close = text.find("-->", begin + 4)
    end = len(text) if close < 0 else close + 3
    if column and (item_end := _item_block(text, start, column, "")[0]) < end:
        return Comment(begin, item_end)
    return Comment(begin, end)


@lru_cache(maxsize=32)
def _code_and_comments(text: str) -> tuple[tuple[Fence, ...], tuple[Comment, ...]]:
    """``fenced_blocks`` and ``comment_blocks`` in one reading, in the text's order: a fence line inside a
    comment is none, and a comment's opening inside fenced code is code."""
    candidates = sorted(_line_starts(text, "```", True) + _line_starts(text, "~~~", True)
                        + (_line_starts(text, "<!--", True) if "<!--" in text else []))
    comments: list[Comment] = []
    blocks: list[Fence] = []
    ends: dict[int, tuple[int, int]] = {}  # (start, the item's content column) of each block at its end
    steps = [len(text) // 4 + 10_000]  # lines read back, for every indented fence line together
    k = 0
    while k < len(candidates):
        start = candidates[k]
        k += 1
        line = text[start:line_end(text, start)]
        if line.lstrip(" \t").startswith("<!--"):
            indent = _columns(line)
            column = _item_column(text, start, indent, ends, steps) if 0 < indent <= 3 else 0
            comment = _comment_at(text, start, column) if column is not None else None
            if comment is not None:  # its lines are no list item's lazy ones (``_item_column``)
                comments.append(comment)
                ends[line_end(text, max(comment.end - 1, comment.start))] = (start, column or 0)
                while k < len(candidates) and candidates[k] < comment.end:
                    k += 1
            continue
        marker = _opens(line)
        indent = _columns(line)
        column = _item_column(text, start, indent, ends, steps) if indent and marker else 0
        if column is None or not marker:
            continue
        if column:
            end, to_end, resume = _item_block(text, start, column, marker)
            while k < len(candidates) and candidates[k] < resume:
                k += 1
        else:
            end, to_end = len(text), True
            while k < len(candidates):
                k += 1
                close = candidates[k - 1]
                if _closes(text[close:line_end(text, close)], marker, 3):
                    end, to_end = line_end(text, close), False
                    break
        blocks.append(Fence(start, end, marker, to_end))
        ends[end] = (start, column)
    return tuple(blocks), tuple(comments)


def unfenced_lines(text: str) -> list[tuple[int, list[str]]]:
    """The lines of ``text`` outside its fenced blocks (``fenced_blocks``), as runs: (0-based number of a
    run's first line, its lines); ``text.split("\n")`` less the blocks' lines."""
    blocks = fenced_blocks(text)
    if not blocks:
        return [(0, text.split("\n"))]
    runs = []
    line = done = 0
    for block in blocks:
        if block.start > done:
            runs.append((line, text[done:block.start - 1].split("\n")))
        line += text.count("\n", done, block.end) + 1
        done = block.end + 1
    if done <= len(text):
        runs.append((line, text[done:].split("\n")))
    return runs


def swallowed_headings(body: str, first_line: int) -> tuple[int, str, tuple[tuple[str, int], ...]]:
    """A code fence never closed (every heading after it is code, ``fenced_blocks``): (its line, its
    marker, (``heading_key``, line) of each heading line after it); (0, "", ()) when every fence closes."""
    blocks = fenced_blocks(body)
    if not blocks or not blocks[-1].to_end:
        return 0, "", ()
    opened = blocks[-1]
    fence_line = first_line + body.count("\n", 0, opened.start)
    line, counted = fence_line, opened.start
    heads = []
    for start in _line_starts(body, "#", False):
        match = _HEADING.match(body[start:line_end(body, start)]) if start > opened.start else None
        if match:
            line, counted = line + body.count("\n", counted, start), start
            heads.append((heading_key(_heading_text(match.group(2))), line))
    return fence_line, opened.marker, tuple(heads)


def commented_headings(body: str, first_line: int) -> tuple[tuple[str, int, int], ...]:
    """(``heading_key``, line, the line of the comment's ``<!--``) of each heading line inside an HTML comment
    (``comment_blocks``: GitHub shows none of it, and ``split_sections`` reads no section there)."""
    out = []
    for comment in comment_blocks(body):
        opened = first_line + body.count("\n", 0, comment.start)
        for start in _line_starts(body[comment.start:comment.end], "#", False):
            text = body[comment.start + start:line_end(body, comment.start + start)]
            if (match := _HEADING.match(text)):
                out.append((heading_key(_heading_text(match.group(2))),
                            opened + body.count("\n", comment.start, comment.start + start), opened))
    return tuple(out)


def split_sections(body: str, first_line: int) -> tuple[Section, ...]:
    """Headings outside fenced code and HTML comments, each with the text up to the next heading of
    the same or a higher level; that text less its comments (``without_comments``: a commented-out draft's
    words are no section's)."""
    blocks = fenced_blocks(body)
    if comment_blocks(body):
        return split_sections(without_comments(body), first_line)  # its comments blanked: it has none
    heads: list[tuple[int, int, int, str]] = []  # (line start, line end, level, heading)
    k = 0
    for start in _line_starts(body, "#", False):
        while k < len(blocks) and blocks[k].end < start:
            k += 1
        if k < len(blocks) and blocks[k].start <= start:
            continue  # code
        end = line_end(body, start)
        match = _HEADING.match(body[start:end])
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


def section_place(sections: Sequence[Section], wanted: str, summary: Section | None,
                  findings: Section | None) -> tuple[int, str] | None:
    """Where an author adds the missing section ``wanted`` (the item template's order): the heading it
    goes before, else under "## Findings" (the summary and the findings), else after the last section;
    as (that heading's line, how the fix names it).  None: the body has no section to name."""
    def name(section: Section) -> str:
        return f"'{'#' * section.level} {section.heading[:60]}'"
    body = [s for s in sections if s.level >= 2]  # the title is no place: the template's sections follow it
    parent = next((s for s in body if heading_key(s.heading) == "findings"), None)
    if wanted == "Research Question":
        before = body[0] if body else None
    elif wanted == "Executive Summary":
        before = findings
    else:  # Key Findings follow the summary: before the heading after it
        before = next((s for s in body if summary is not None and s.line > summary.line), None)
        if summary is not None and before is None:
            return summary.line, f"after {name(summary)}"
    if before is not None:
        return before.line, f"before {name(before)}"
    if parent is not None and wanted != "Research Question":
        return parent.line, f"under {name(parent)}"
    return (body[-1].line, f"after the last section, {name(body[-1])}") if body else None


def list_entries(section: Section) -> tuple[KeyFinding, ...]:
    """Top-level list entries of a section (numbered or bulleted), with their lines."""
    entries: list[tuple[int, list[str]]] = []
    for first, run in unfenced_lines(section.text):
        for offset, line in enumerate(run, start=section.line + first + 1):
            match = _LIST_ITEM.match(line) if not line.startswith((" ", "\t")) else None
            if match:
                entries.append((offset, [match.group(2)]))
            elif entries and line.strip() and not _HEADING.match(line) and not line.startswith("|"):
                entries[-1][1].append(line.strip())
            elif entries and not line.strip():
                entries[-1][1].append("")
    findings = []
    for number, (at, parts) in enumerate(entries, start=1):
        text = " ".join(p for p in _first_paragraph(parts) if p).strip()
        if text:  # an entry that is only a marker stays an entry (empty): the list's numbers are kept
            # a marker needs ":" and "["; AUTHOR_MARKER, led by "[", finds one fast (``_MARKER_IN_TEXT``, led by
            # blanks, is tried at every position; searched first, it meets only findings with a marker)
            if text.isascii() and "`" not in text:
                if ":" in text and "[" in text and AUTHOR_MARKER.search(text):
                    text = _MARKER_IN_TEXT.sub("", text).strip()
            elif marks := author_markers(text):  # a marker typed full-width is one too; one in code is not
                text = without_author_markers(text, marks, "", blanks_before=True).strip()
            findings.append(KeyFinding(number, text, at))
    return tuple(findings)


def _first_paragraph(parts: list[str]) -> list[str]:
    if "" in parts:
        return parts[: parts.index("")]
    return parts


def first_h1(sections: Sequence[Section]) -> str:
    """The first level-one heading's text (the item's title when its frontmatter has none), or ""."""
    return next((s.heading for s in sections if s.level == 1), "")


def plain_text(text: str) -> str:
    """Section text without sub-headings, tables and blank runs (for summaries)."""
    kept = [line for line in text.split("\n") if not _HEADING.match(line) and not line.startswith("|")]
    return "\n".join(kept).strip()
