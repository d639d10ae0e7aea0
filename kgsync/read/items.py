"""Read research items: parse every file once, at the boundary, into typed data.

A research item is a Markdown file with YAML frontmatter (the research repo's
item template) and fixed sections.  This module turns each file into a frozen
``ResearchItem`` and reports every problem with the file and line, without
stopping at the first: one bad file must never cost the other items their nodes.

The reader is here; the model (``ResearchItem``, ``Issue``) is in ``item_model``, the
body's sections in ``item_sections``, the checks of text and fields in ``item_checks``, the
cross-file rules (``check_corpus``) in ``corpus_checks``, which files are items in ``item_files``.
The names this module held before the split (a38f46b2) are still importable from it, but ``fence_lines``
(replaced by ``item_sections.fenced_blocks``, 03ca9de2); the kinds of
problem (``Issue.severity``) are described in ``item_model``.
"""

from __future__ import annotations

import os
import stat
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from frontmatter.default_handlers import YAMLHandler

from kgsync.contract.errors import Location, printable_path
from kgsync.read.item_bytes import INVISIBLE, decoded_text, escaped_control, visible_text, without_inner_boms, without_invisible
from kgsync.read.item_checks import (
    LIST_FIELDS,
    SAFE_LOADER,
    yaml_alias_line,
    first_bad_date,
    cited_finding_entries,
    cited_items,
    own_claim_numbers,
    own_entry_line,
    confidence_value,
    date_value,
    date_problem_message,
    too_long_number,
    field_line,
    misshapen_fields,
    one_cite,
    link_entry_lines,
    one_line,
    field_slugs,
    links_not_written_as_slugs,
    field_text,
    normalise_slug,
)
from kgsync.read.corpus_checks import check_corpus
from kgsync.read.item_dates import completed_problems, no_completed, undated_name
from kgsync.read.item_themes import item_themes
from kgsync.read.item_files import DATED_SLUG, RENDERED_SITE_NOTE, display_path, find_item_files, missed_item_files
from kgsync.read.item_model import (NOT_AN_ITEM, CitedFinding, Issue, IssueSeverity, ReadResult, ResearchItem,
                                    Source)
from kgsync.read.inline import LINK_ADDRESS, code_spans
from kgsync.read.html_blocks import HtmlBlock, html_block_opened
from kgsync.read.author_marks import AUTHOR_MARKER, author_markers, may_hold_marker, wide_opening, without_author_markers
from kgsync.read.item_sections import (
    MAX_LINE,
    KeyFinding,
    Section,
    first_h1,
    line_end,
    overlong_lines,
    split_sections,
    Fence,
    fenced_blocks,
    heading_key,
    unfenced_lines,
    without_comments,
)
from kgsync.read.section_fields import with_sections
from kgsync.read.yaml_source import leads_out

__all__ = [
    "AUTHOR_MARKER", "LINK_ADDRESS", "HtmlBlock", "author_markers", "code_spans", "html_block_opened", "may_hold_marker",
    "wide_opening", "without_author_markers",
    "MAX_LINE", "RENDERED_SITE_NOTE", "CitedFinding", "Issue", "IssueSeverity", "KeyFinding", "ReadResult", "ResearchItem", "Section",
    "Source", "check_corpus",
    "display_path", "Fence", "fenced_blocks", "find_item_files", "heading_key", "link_out", "missed_item_files", "normalise_slug",
    "read_corpus", "read_item_bytes", "read_items", "unfenced_lines", "unreadable", "without_comments",
]


_SLUG_OK = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
# Longer frontmatter is an item error before YAML reads it (the caps on its lists are far below).
MAX_FRONTMATTER = 256 * 1024
# The line closing the frontmatter: "---" or "..." alone (whitespace aside; "\s" is str.strip's set).
_FRONTMATTER_END = re.compile(r"^[^\S\n]*(?:---|\.\.\.)[^\S\n]*$", re.MULTILINE)


class _FastYAMLHandler(YAMLHandler):
    def load(self, fm: str, **kwargs: object) -> dict[str, Any]:
        kwargs.setdefault("Loader", SAFE_LOADER)
        data: dict[str, Any] = super().load(fm, **kwargs)
        return data


_YAML = _FastYAMLHandler()


def read_items(paths: Iterable[Path], root: Path = Path(".")) -> ReadResult:
    """Parse every file, then check the corpus as a whole (duplicate slugs, links).  The caps
    (``kgsync.read.item_caps``) are configuration: the build applies them after this."""
    parsed: list[tuple[ResearchItem | None, tuple[Issue, ...]]] = []
    for path in sorted(paths):
        out = link_out(path, root)
        if out is not None:
            parsed.append((None, (out,)))
            continue
        try:
            special = not_regular(display_path(path, root), path.stem, path.stat().st_mode)
            if special is not None:
                parsed.append((None, (special,)))
                continue
            raw = path.read_bytes()
        except OSError as exc:
            parsed.append((None, (unreadable(display_path(path, root), path.stem, exc),)))
            continue
        parsed.append(read_item_bytes(raw, display_path(path, root), path.stem))
    return check_corpus(parsed)


def read_corpus(spec: str | Path, root: Path = Path(".")) -> ReadResult:
    """Every item file ``spec`` names (``find_item_files``: a folder or a glob, under ``root``), read and
    checked as one corpus (``read_items``).  No file is an empty corpus here, not an error: the build
    refuses one (``pipeline.reading.item_files``), a reader of the items (the site, a bench) may not."""
    return read_items(find_item_files(spec, root), root)


def link_out(path: Path, root: Path) -> Issue | None:
    """The error for ``path`` when it lies in the repository ``root`` as written but is a link, or
    in a linked folder, whose target is outside it (``yaml_source.leads_out``); else None.  Callers ask
    only of a link or of a file whose folder resolves outside the root (``resolve`` costs a stat a part)."""
    target = leads_out(path, root)
    if target is None:
        return None
    written = Path(os.path.abspath(path)).relative_to(os.path.abspath(root))
    return Issue(IssueSeverity.ERROR, Location(written.as_posix()),
                 f"a symbolic link leads out of the repository (to {printable_path(str(target))}): not read; "
                 "the item keeps its previous nodes",
                 "commit the file itself, or point the link at a file inside the repository", path.stem)


def not_regular(display: str, slug: str, mode: int) -> Issue | None:
    """The error for an item file that is neither a regular file nor a folder (a FIFO blocks the read at
    the open, a device never ends), given its ``stat`` mode; else None.  A folder fails to read as it is
    (``unreadable``).  An item error: the item keeps its old nodes."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return Issue(IssueSeverity.ERROR, Location(display), "not a regular file (a FIFO, a socket or a device): not read",
                 "replace it with the item's Markdown file, or delete it", slug)


def unreadable(display: str, slug: str, exc: OSError) -> Issue:
    """An item file that cannot be read now (no permission, a broken link, a folder): an item
    error, so the item keeps its old nodes."""
    if isinstance(exc, IsADirectoryError):  # a glob such as "Research/*" matched a folder: no permission to mend
        return Issue(IssueSeverity.ERROR, Location(display),
                     "is a folder, not an item file: the items option matches it, so it is read as one; not read",
                     "to read the Markdown files in it, name the folder itself (items: Research/completed) or a glob "
                     "of files (items: \"Research/**/*.md\"); if it replaced an item's file, put the file back", slug)
    reason = exc.strerror or type(exc).__name__
    return Issue(IssueSeverity.ERROR, Location(display), f"cannot read the file: {reason}",
                 "make it readable (permissions, a broken link), or delete it", slug)


def read_item_bytes(raw: bytes, path: str, slug: str) -> tuple[ResearchItem | None, tuple[Issue, ...]]:
    """One file's bytes -> (the item, its warnings), or (None, the issues that stop it)."""
    parsed = _parse(raw, path, slug)
    if isinstance(parsed, list):
        return None, tuple(parsed)
    item, warnings = parsed
    return item, tuple(warnings)


def _parse(raw: bytes, path: str, slug: str) -> tuple[ResearchItem, list[Issue]] | list[Issue]:
    """(item, warnings), or the list of issues that stop it (each step returns early)."""

    def problem(severity: IssueSeverity, line: int | None, message: str, hint: str = "") -> Issue:
        return Issue(severity, Location(path, line), message, hint, slug)

    if not _SLUG_OK.fullmatch(slug):  # fullmatch: "$" alone also matches before a final newline
        return [problem(IssueSeverity.ERROR, None, f"file name {slug!r} is not a usable slug",
                        "use letters, digits, '.', '_' and '-' only")]
    text, issue = decoded_text(raw, problem)
    if issue:
        return [issue]
    text, inner_bom = without_inner_boms(text, problem)
    if not text.strip():
        return [problem(IssueSeverity.ERROR, 1, "empty file", "write the item or delete the file")]
    # Whole-text scans only: an item is ~1,400 lines, and a Python step per line
    # would cost more than parsing its YAML (the build must stay within 3x of that).
    first_end = line_end(text, 0)
    if text[:first_end].strip() != "---":
        if text.lstrip().startswith("---"):
            line = text[: len(text) - len(text.lstrip())].count("\n") + 1
            return [problem(IssueSeverity.ERROR, line, "the frontmatter starts after line 1, so it is not read",
                            "delete what comes before the opening '---' line")]
        if DATED_SLUG.match(slug):
            return [problem(IssueSeverity.ERROR, 1, "no YAML frontmatter, but the file is named like a research item",
                            "start the item with a '---' frontmatter block (title, completed, themes, ...)")]
        return [problem(IssueSeverity.NOTICE, 1, NOT_AN_ITEM,
                        "items start with a '---' frontmatter block")]
    close = _FRONTMATTER_END.search(text, first_end + 1)
    if close is None:
        return [problem(IssueSeverity.ERROR, 1, "frontmatter is never closed", "add a '---' line after the YAML")]
    yaml_text = text[first_end + 1 : close.start() - 1]
    if len(yaml_text) > MAX_FRONTMATTER:  # YAML builds an object per entry: a 100,000-entry list takes seconds
        line = yaml_text.count("\n", 0, MAX_FRONTMATTER) + 2
        field = re.findall(r"^([A-Za-z_][\w-]*)[ \t]*:", yaml_text[: yaml_text.rfind("\n", 0, MAX_FRONTMATTER) + 1]
                           + yaml_text[yaml_text.rfind("\n", 0, MAX_FRONTMATTER) + 1 :][:200], re.MULTILINE)
        where = f"{field[-1]}: " if field else ""
        return [problem(IssueSeverity.ERROR, line, f"{where}frontmatter is {len(yaml_text):,} characters, over "
                        f"{MAX_FRONTMATTER:,} (this line passes it): not read; the item keeps its previous nodes",
                        "keep the frontmatter to a title, dates and short lists (each list is capped: caps: in "
                        "kgsync.yml); long text belongs in the body")]
    long_field = _overlong_field(yaml_text)
    if long_field is not None:  # YAML would read it whole: a title of 200,000 characters in every output
        line, name = long_field
        return [problem(IssueSeverity.ERROR, line + 1, f"{name + ': ' if name else ''}line longer than {MAX_LINE:,} "
                        "characters in the frontmatter: not read; the item keeps its previous nodes",
                        "keep frontmatter values short (a title, dates, short lists); long text belongs in the body")]
    alias = yaml_alias_line(yaml_text)
    if alias is not None:  # "*name": one alias can stand for gigabytes (the "billion laughs")
        return [problem(IssueSeverity.ERROR, alias + 2, "YAML alias (*name) in the frontmatter",
                        "write the value out; items do not use YAML anchors and aliases")]
    try:
        meta = _YAML.load(yaml_text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 2 if mark else 2
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        opened, start = _OPENED.get(getattr(exc, "context", None) or ""), getattr(exc, "context_mark", None)
        if opened is not None and start is not None and start.line + 2 != line:  # named where it opens
            return [problem(IssueSeverity.ERROR, start.line + 2, f"malformed frontmatter YAML: {opened[0]} opened on "
                            f"this line is never closed ({reason}, line {line})", opened[1])]
        if mark is not None and _tab_indents(yaml_text, mark.index):  # libyaml's message names no tab
            return [problem(IssueSeverity.ERROR, line, f"malformed frontmatter YAML: a tab in this line's indentation "
                            f"({reason})", "indent with spaces: YAML reads no tab in indentation")]
        if reason.startswith("could not determine a constructor for the tag"):  # !!python/..., !secret: refused
            return [problem(IssueSeverity.ERROR, line, f"malformed frontmatter YAML: {reason}",
                            "remove the YAML tag (the word after '!' before the value): frontmatter holds plain "
                            "text, dates and lists; quote the value to keep a leading '!' as text")]
        return [problem(IssueSeverity.ERROR, line, f"malformed frontmatter YAML: {reason}",
                        "fix the YAML (quote values containing ': ' or '#')")]
    except ValueError as exc:  # PyYAML's date constructor: "2026-02-30" is YAML's date syntax, no date
        number = too_long_number(yaml_text)  # or an integer past Python's int-string limit
        if number is not None:
            line, name, digits = number
            return [problem(IssueSeverity.ERROR, line + 2, f"{name + ': ' if name else ''}a number of {digits} digits, "
                            f"over the {sys.get_int_max_str_digits():,} digits Python reads",
                            "quote the value, or shorten it")]
        line, value = first_bad_date(yaml_text)
        return [problem(IssueSeverity.ERROR, line + 2, date_problem_message(value, exc),
                        "write a real date as YYYY-MM-DD")]
    except RecursionError:
        return [problem(IssueSeverity.ERROR, 2, "frontmatter YAML nested too deeply", "flatten the frontmatter")]
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        return [problem(IssueSeverity.ERROR, 2, "frontmatter is not a mapping of field: value")]
    # YAML escapes ("\x85", "\u007f") make what the text scan cannot see; without a backslash there
    # is no escape, and every string of ``meta`` is the text's own characters, which ``decoded_text`` checked:
    # the walk over every key and value is skipped (most frontmatter has no backslash).
    escaped = escaped_control(meta) if "\\" in yaml_text else None
    if escaped is not None:
        name, char = escaped
        return [problem(IssueSeverity.ERROR, field_line(yaml_text, name) + 2,
                        f"{name}: holds control character or noncharacter U+{ord(char):04X} (a YAML escape)",
                        "delete the escape: item text holds no control characters")]
    long_lines = overlong_lines(text)
    warnings: list[Issue] = [
        problem(IssueSeverity.WARNING, second + 2, f"{name}: written twice (first at line {first + 2}); YAML keeps "
                "only the last", f"keep one {name}: line (merge the two lists)" if name in LIST_FIELDS
                else f"keep one {name}: line")
        for name, first, second in _repeated_fields(yaml_text)
    ]
    warnings += [
        problem(IssueSeverity.WARNING, n, f"line longer than {MAX_LINE:,} characters; only its start is read",
                "break it into shorter lines: Markdown joins a paragraph's lines, so the page reads the same")
        for n in long_lines[:3]
    ] + ([inner_bom] if inner_bom else [])
    meta, invisible = without_invisible(meta, yaml_text)
    meta = one_cite(meta)  # after its key is cleaned (``\u200bcites: {item: …}``)
    warnings += [problem(IssueSeverity.WARNING, field_line(yaml_text, name) + 2,
                         f"{INVISIBLE.sub('', name)}: invisible or bidi control character U+{ord(char):04X} removed",
                         "delete it: names, titles and PR titles hold only visible text")
                 for name, char in invisible]
    body = text[close.end() + 1 :]
    body_line = text.count("\n", 0, close.start()) + 2
    if long_lines and long_lines[-1] >= body_line:
        body = "\n".join(line[:MAX_LINE] for line in body.split("\n"))
    body, hidden = visible_text(raw, body)  # the body makes claims, terms and evidence: as the frontmatter
    if hidden is not None:
        line, char, count = hidden
        warnings.append(problem(IssueSeverity.WARNING, body_line + line,
                                f"invisible or bidi control character U+{ord(char):04X} removed from the text, "
                                f"{count} in all (the first on this line)",
                                "delete them: claims, names and titles hold only visible text"))
    sections = split_sections(body, body_line)
    themes, theme_errors = item_themes(meta, yaml_text, problem)
    field_problems = misshapen_fields(meta, yaml_text, problem) + theme_errors
    if any(issue.severity is IssueSeverity.ERROR for issue in field_problems):
        return field_problems
    warnings += field_problems + completed_problems(meta, yaml_text, slug, problem) + no_completed(meta, slug, problem)
    warnings += undated_name(meta, slug, problem)
    links = {name: field_slugs(cited_items(meta.get(name))) for name in ("cites", "related", "supersedes", "superseded_by")}
    for name, targets in links.items():
        if slug in targets:  # "superseded by itself" would hide the item's own claims
            warnings.append(problem(IssueSeverity.WARNING, own_entry_line(meta, yaml_text, name, slug),
                                    f"{name} names the item itself; ignored", f"remove {slug!r} from {name}"))
            links[name] = tuple(t for t in targets if t != slug)
    title = field_text(meta.get("title")) or INVISIBLE.sub("", first_h1(sections))
    if not title:
        return [problem(IssueSeverity.ERROR, 2, "no title", "add 'title:' to the frontmatter or a '# Title' heading")]
    item = ResearchItem(
        slug=slug,
        path=path,
        title=one_line(title),
        completed=date_value(meta.get("completed")),
        themes=themes,
        cites=links["cites"],
        related=links["related"],
        supersedes=links["supersedes"],
        superseded_by=links["superseded_by"],
        confidence=confidence_value(meta.get("confidence")),
        item_type=field_text(meta.get("item_type")),
        status=field_text(meta.get("status")),
        research_question="",
        executive_summary="",
        key_findings=(),
        sources=(),
        sections=sections,
        body=body,
        body_line=body_line,
        claim_numbers=own_claim_numbers(meta),
        cited_findings=cited_finding_entries(meta.get("cites"), slug, yaml_text),
        field_lines=tuple((name, field_line(yaml_text, name) + 2) for name in LIST_FIELDS if name in meta),
        written_links=links_not_written_as_slugs(meta),
        link_lines=link_entry_lines(meta, yaml_text),
    )
    item, warnings = with_sections(item, problem, warnings)
    missing = [n for n in item.claim_numbers if n > len(item.key_findings)]
    if missing:
        return [problem(IssueSeverity.ERROR, field_line(yaml_text, "kgsync") + 2,
                        f"kgsync.claims names Key Finding {missing[0]}, but the item has "
                        f"{len(item.key_findings)} Key Findings",
                        "list numbers of the item's own Key Findings (1 is the first)")]
    return item, warnings


#: PyYAML's context of an error inside what a quote, "[" or "{" opened: (what it is, the fix).
_OPENED = {
    "while scanning a quoted scalar": ("a quoted value", "end the value with the quote it starts with, on this line"),
    "while parsing a flow sequence": ("a [ list", "end the list with ] on this line"),
    "while parsing a flow mapping": ("a { mapping", "end the mapping with } on this line"),
}


_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:", re.MULTILINE)


def _overlong_field(yaml_text: str) -> tuple[int, str] | None:
    """(line in ``yaml_text``, the field it starts, or "") of its first line longer than MAX_LINE; None when none is."""
    lines = overlong_lines(yaml_text)
    if not lines:
        return None
    start = yaml_text.split("\n", lines[0] - 1)[-1][:200]  # the long line's start
    field = _TOP_KEY.match(start)  # a top-level field starts the line
    return lines[0], field[1] if field else ""


def _tab_indents(yaml_text: str, at: int) -> bool:
    """Is the character YAML stopped at (``at``) a tab in its line's indentation (only blanks before it)?"""
    start = yaml_text.rfind("\n", 0, at) + 1
    return yaml_text[at : at + 1] == "\t" and not yaml_text[start:at].strip(" \t")


def _repeated_fields(yaml_text: str) -> list[tuple[str, int, int]]:
    """(field, 0-based line of its first and of each later spelling) of the top-level keys written
    more than once: a key at column 0 is a top-level key (a block value is indented)."""
    first: dict[str, int] = {}
    out: list[tuple[str, int, int]] = []
    line, at = 0, 0
    for match in _TOP_KEY.finditer(yaml_text):
        line, at = line + yaml_text.count("\n", at, match.start()), match.start()  # counted on from the last key
        name = match.group(1)
        if name in first:
            out.append((name, first[name], line))
        else:
            first[name] = line
    return out
