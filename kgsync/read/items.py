"""Read research items: parse every file once, at the boundary, into typed data.

A research item is a Markdown file with YAML frontmatter (the research repo's
item template) and fixed sections.  This module turns each file into a frozen
``ResearchItem`` and reports every problem with the file and line, without
stopping at the first: one bad file must never cost the other items their nodes.

Kinds of problem (``Issue.severity``):
- ``error``: the file is not a usable item (unreadable, malformed YAML, duplicate
  slug, no title).  The build keeps whatever the graph already had from it.
- ``warning``: the item is built from what is there (a missing section, a cite
  to an item that does not exist).
- ``notice``: not an item at all (a folder README without frontmatter); skipped.
"""

from __future__ import annotations

import datetime as dt
import glob
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from operator import attrgetter
from pathlib import Path
from typing import Any

import yaml
from frontmatter.default_handlers import YAMLHandler

from kgsync.contract.errors import ItemError, Location

# The C loader when present: same YAML semantics as python-frontmatter's default
# SafeLoader, several times faster (the build must stay within 3x of a plain read).
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# ATX heading; its closing "#"s are stripped by ``_heading_text`` (a lazy ".*?" before an
# optional closing run is quadratic on a long line of "# ").
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*)$")
_FENCE = re.compile(r"^[ \t]*(```|~~~)")
_LIST_ITEM = re.compile(r"^(?:(\d+)[.)]|[-*+])[ \t]+(.*)$")
_URL = re.compile(r"https?://[^\s<>()\[\]{}\"'`|;,]+[^\s<>()\[\]{}\"'`|;,.:!?]")
_SLUG_OK = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
# The template's item file names: a file named like this is an item, so a file of that name
# without frontmatter is a broken item (an error that keeps its old nodes), not a README.
_DATED_SLUG = re.compile(r"^\d{4}-\d{2}-\d{2}-")
_ISO_DATE = re.compile(r"\s*(\d{4}-\d{2}-\d{2})")
MAX_LINE = 100_000  # longer lines are cut for parsing (and reported): protects the regexes
_LONG_LINE = re.compile(rf"^[^\n]{{{MAX_LINE + 1}}}", re.MULTILINE)
# Characters no item text may hold: C0 controls but tab and newline (a CR was made a newline),
# DEL, C1 controls, and Unicode's noncharacters.  None is text anyone means to write; each
# breaks something downstream (a C1 character or U+FFFE ends a page's YAML front matter, a DEL
# in a theme makes an invalid node name).  Rejected, not replaced: the item is an error that
# keeps its previous nodes until the file is fixed, and the message says where (see docs/SECURITY.md).
_FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufdd0-\ufdef"
                        + "".join(chr(plane + 0xFFFE) + chr(plane + 0xFFFF) for plane in range(0, 0x110000, 0x10000))
                        + "]")
# The same less the astral noncharacters, for text without astral characters (most): a class of
# ranges alone is searched ~15x faster than one with 32 single astral code points.
_FORBIDDEN_BMP = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff]")
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
# The line closing the frontmatter: "---" or "..." alone (whitespace aside; "\s" is str.strip's set).
_FRONTMATTER_END = re.compile(r"^[^\S\n]*(?:---|\.\.\.)[^\S\n]*$", re.MULTILINE)


class IssueSeverity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTICE = "notice"


@dataclass(frozen=True)
class Issue:
    severity: IssueSeverity
    location: Location
    message: str
    hint: str = ""
    slug: str = ""

    def render(self) -> str:
        fix = f" (fix: {self.hint})" if self.hint else ""
        return f"{self.location}: {self.severity}: {self.message}{fix}"

    def as_error(self) -> ItemError:
        return ItemError(self.message, self.location, self.hint or None)


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


@dataclass(frozen=True)
class ResearchItem:
    slug: str
    path: str  # as found (relative to the research repo root when possible)
    title: str
    completed: str  # YYYY-MM-DD, "" when unknown
    themes: tuple[str, ...]
    cites: tuple[str, ...]
    related: tuple[str, ...]
    supersedes: tuple[str, ...]
    superseded_by: tuple[str, ...]
    confidence: str  # high | medium | low | ""
    item_type: str
    status: str
    research_question: str
    executive_summary: str
    key_findings: tuple[KeyFinding, ...]
    sources: tuple[str, ...]  # URLs in the Sources section, in order, unique
    sections: tuple[Section, ...]
    body: str
    body_line: int  # file line of the body's first line
    # The Key Finding numbers the author chose as claims (frontmatter ``kgsync: {claims: [1, 3]}``);
    # empty: the first ``caps.claims`` findings in document order (docs/CLAIMS.md).
    claim_numbers: tuple[int, ...] = ()

    @classmethod
    def known_only_by(cls, slug: str, completed: str) -> ResearchItem:
        """An item whose file failed to parse now: other items still cite and link it by these."""
        return cls(slug, "", "", completed, (), (), (), (), (), "", "", "", "", "", (), (), (), "", 0)

    @property
    def is_superseded(self) -> bool:
        return bool(self.superseded_by)

    def section(self, *names: str) -> Section | None:
        """The first section whose heading equals one of ``names`` (case-insensitive)."""
        wanted = [n.lower() for n in names]
        for name in wanted:
            for section in self.sections:
                if heading_key(section.heading) == name:
                    return section
        return None


@dataclass(frozen=True)
class ReadResult:
    items: tuple[ResearchItem, ...]
    issues: tuple[Issue, ...]

    @property
    def failed(self) -> tuple[Issue, ...]:
        return tuple(i for i in self.issues if i.severity is IssueSeverity.ERROR)

    @property
    def failed_slugs(self) -> frozenset[str]:
        return frozenset(i.slug for i in self.failed if i.slug)


class _FastYAMLHandler(YAMLHandler):
    def load(self, fm: str, **kwargs: object) -> dict[str, Any]:
        kwargs.setdefault("Loader", _SAFE_LOADER)
        data: dict[str, Any] = super().load(fm, **kwargs)
        return data


_YAML = _FastYAMLHandler()


def find_item_files(spec: str | Path, root: Path = Path(".")) -> list[Path]:
    """What ``spec`` names: a folder (its *.md entries) or a glob, sorted.

    Every entry the pattern matches, not only readable files: an item file that became a
    broken link or a folder must fail to read (an error that keeps the item's nodes), not
    vanish from the list (which would delete the item from the graph without a word).
    """
    candidate = Path(spec) if Path(spec).is_absolute() else root / spec
    if candidate.is_dir():
        return _sorted_paths(candidate.glob("*.md"))
    if candidate.is_file():
        return [candidate]
    return _sorted_paths(map(Path, glob.glob(str(candidate), recursive=True)))


def _sorted_paths(paths: Iterable[Path]) -> list[Path]:
    """``sorted(paths)``: on POSIX a path orders by its parts (case kept), so sorting by
    ``parts`` gives the same list with one key per path instead of ~13 ``Path.__lt__``
    calls per path (0.1 s for 10,000 files).  Elsewhere paths compare case-folded."""
    if os.name != "posix":
        return sorted(paths)
    return sorted(paths, key=_PARTS)


_PARTS = attrgetter("parts")


def read_items(paths: Iterable[Path], root: Path = Path(".")) -> ReadResult:
    """Parse every file, then check the corpus as a whole (duplicate slugs, links)."""
    parsed: list[tuple[ResearchItem | None, tuple[Issue, ...]]] = []
    for path in sorted(paths):
        try:
            raw = path.read_bytes()
        except OSError as exc:
            parsed.append((None, (unreadable(_display(path, root), path.stem, exc),)))
            continue
        parsed.append(read_item_bytes(raw, _display(path, root), path.stem))
    return check_corpus(parsed)


def unreadable(display: str, slug: str, exc: OSError) -> Issue:
    """An item file that cannot be read now (no permission, a broken link, a folder): an item
    error, so the item keeps its old nodes."""
    reason = exc.strerror or type(exc).__name__
    return Issue(IssueSeverity.ERROR, Location(display), f"cannot read the file: {reason}",
                 "make it readable (permissions, a broken link), or delete it", slug)


def check_corpus(parsed: Iterable[tuple[ResearchItem | None, tuple[Issue, ...]]]) -> ReadResult:
    """Cross-file rules: a slug names one item (later files with it are errors), cites resolve."""
    items: list[ResearchItem] = []
    issues: list[Issue] = []
    first_path: dict[str, str] = {}
    for item, item_issues in parsed:
        issues.extend(item_issues)
        if item is None:
            continue
        if item.slug in first_path:
            issues.append(Issue(IssueSeverity.ERROR, Location(item.path, 1),
                                f"duplicate slug {item.slug!r}: {first_path[item.slug]} has the same file name",
                                "rename one of the files; a slug names one item", slug=""))
            continue
        first_path[item.slug] = item.path
        items.append(item)
    # An item that failed now keeps its last nodes (see kgsync.graph.merge): citing it is no dangling link.
    failed = {i.slug for i in issues if i.severity is IssueSeverity.ERROR and i.slug}
    issues.extend(_dangling_links(items, failed))
    return ReadResult(tuple(items), tuple(issues))


def _display(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


#: ``problem(severity, line, message, hint='')``: an Issue of the file being read.
_Problem = Callable[..., "Issue"]


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
    text, issue = _decode(raw, problem)
    if issue:
        return [issue]
    if not text.strip():
        return [problem(IssueSeverity.ERROR, 1, "empty file", "write the item or delete the file")]
    # Whole-text scans only: an item is ~1,400 lines, and a Python step per line
    # would cost more than parsing its YAML (the build must stay within 3x of that).
    first_end = _line_end(text, 0)
    if text[:first_end].strip() != "---":
        if text.lstrip().startswith("---"):
            line = text[: len(text) - len(text.lstrip())].count("\n") + 1
            return [problem(IssueSeverity.ERROR, line, "the frontmatter starts after line 1, so it is not read",
                            "delete what comes before the opening '---' line")]
        if _DATED_SLUG.match(slug):
            return [problem(IssueSeverity.ERROR, 1, "no YAML frontmatter, but the file is named like a research item",
                            "start the item with a '---' frontmatter block (title, completed, themes, ...)")]
        return [problem(IssueSeverity.NOTICE, 1, "no YAML frontmatter: not a research item, skipped",
                        "items start with a '---' frontmatter block")]
    close = _FRONTMATTER_END.search(text, first_end + 1)
    if close is None:
        return [problem(IssueSeverity.ERROR, 1, "frontmatter is never closed", "add a '---' line after the YAML")]
    yaml_text = text[first_end + 1 : close.start() - 1]
    alias = _alias_line(yaml_text)
    if alias is not None:  # "*name": one alias can stand for gigabytes (the "billion laughs")
        return [problem(IssueSeverity.ERROR, alias + 2, "YAML alias (*name) in the frontmatter",
                        "write the value out; items do not use YAML anchors and aliases")]
    try:
        meta = _YAML.load(yaml_text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line = mark.line + 2 if mark else 2
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return [problem(IssueSeverity.ERROR, line, f"malformed frontmatter YAML: {reason}",
                        "fix the YAML (quote values containing ': ' or '#')")]
    except ValueError as exc:  # PyYAML's date constructor: "2026-02-30" is YAML's date syntax, no date
        return [problem(IssueSeverity.ERROR, _bad_date_line(yaml_text) + 2, f"frontmatter date is no date: {exc}",
                        "write a real date as YYYY-MM-DD")]
    except RecursionError:
        return [problem(IssueSeverity.ERROR, 2, "frontmatter YAML nested too deeply", "flatten the frontmatter")]
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        return [problem(IssueSeverity.ERROR, 2, "frontmatter is not a mapping of field: value")]
    escaped = _escaped_control(meta)  # YAML escapes ("\x85", "\u007f") make what the text scan cannot see
    if escaped is not None:
        name, char = escaped
        return [problem(IssueSeverity.ERROR, _field_line(yaml_text, name) + 2,
                        f"{name}: holds control character or noncharacter U+{ord(char):04X} (a YAML escape)",
                        "delete the escape: item text holds no control characters")]
    long_lines = _long_lines(text)
    warnings: list[Issue] = [
        problem(IssueSeverity.WARNING, n, f"line longer than {MAX_LINE:,} characters; only its start is read")
        for n in long_lines[:3]
    ]
    body = text[close.end() + 1 :]
    body_line = text.count("\n", 0, close.start()) + 2
    if long_lines and long_lines[-1] >= body_line:
        body = "\n".join(line[:MAX_LINE] for line in body.split("\n"))
    sections = _sections(body, body_line)
    field_problems = _field_problems(meta, yaml_text, problem)
    if any(issue.severity is IssueSeverity.ERROR for issue in field_problems):
        return field_problems
    warnings += field_problems
    links = {name: _slugs(meta.get(name)) for name in ("cites", "related", "supersedes", "superseded_by")}
    for name, targets in links.items():
        if slug in targets:  # "superseded by itself" would hide the item's own claims
            warnings.append(problem(IssueSeverity.WARNING, _field_line(yaml_text, name) + 2,
                                    f"{name} names the item itself; ignored", f"remove {slug!r} from {name}"))
            links[name] = tuple(t for t in targets if t != slug)
    title = _text(meta.get("title")) or _first_h1(sections)
    if not title:
        return [problem(IssueSeverity.ERROR, 2, "no title", "add 'title:' to the frontmatter or a '# Title' heading")]
    item = ResearchItem(
        slug=slug,
        path=path,
        title=_one_line(title),
        completed=_date(meta.get("completed")),
        themes=_strings(meta.get("themes")),
        cites=links["cites"],
        related=links["related"],
        supersedes=links["supersedes"],
        superseded_by=links["superseded_by"],
        confidence=_confidence(meta.get("confidence")),
        item_type=_text(meta.get("item_type")),
        status=_text(meta.get("status")),
        research_question="",
        executive_summary="",
        key_findings=(),
        sources=(),
        sections=sections,
        body=body,
        body_line=body_line,
        claim_numbers=_claim_numbers(meta),
    )
    item, warnings = _with_sections(item, problem, warnings)
    missing = [n for n in item.claim_numbers if n > len(item.key_findings)]
    if missing:
        return [problem(IssueSeverity.ERROR, _field_line(yaml_text, "kgsync") + 2,
                        f"kgsync.claims names Key Finding {missing[0]}, but the item has "
                        f"{len(item.key_findings)} Key Findings",
                        "list numbers of the item's own Key Findings (1 is the first)")]
    return item, warnings


def _claim_numbers(meta: dict[str, object]) -> tuple[int, ...]:
    """``kgsync: {claims: [...]}`` as numbers (shape checked by ``_field_problems``)."""
    own = meta.get("kgsync")
    numbers = own.get("claims", ()) if isinstance(own, dict) else ()
    return tuple(dict.fromkeys(numbers)) if isinstance(numbers, list) else ()


def _looks_utf16(raw: bytes) -> bool:
    """A UTF-16 byte order mark, or NULs at every other byte of the start (UTF-16 without one)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    head = raw[:200]
    return len(head) >= 8 and (head[1::2].count(0) > 0.9 * len(head[1::2]) or head[0::2].count(0) > 0.9 * len(head[0::2]))


def _field_problems(meta: dict[str, Any], yaml_text: str, problem: _Problem) -> list[Issue]:
    """Fields of the wrong shape: rejected (title, completed: they name and date the item's
    nodes), or ignored with a warning (the rest: an item without them is still an item)."""
    found: list[Issue] = []

    def at(name: str) -> int:
        return _field_line(yaml_text, name) + 2

    title = meta.get("title")
    if isinstance(title, bool) or (title is not None and not isinstance(title, (str, int, float))):
        found.append(problem(IssueSeverity.ERROR, at("title"), f"title is a {type(title).__name__}, not text",
                             "write the title as one line of text (quote it if it starts with [ or {)"))
    completed = meta.get("completed")
    if completed is not None and not _date(completed):
        found.append(problem(IssueSeverity.ERROR, at("completed"), f"completed: {str(completed)[:40]!r} is not a date",
                             "write the date the research was completed as YYYY-MM-DD"))
    for name in ("themes", "cites", "related", "supersedes", "superseded_by"):
        if isinstance(meta.get(name), dict):
            found.append(problem(IssueSeverity.WARNING, at(name), f"{name} is a mapping; ignored",
                                 f"write {name} as a list: [a, b]"))
    own = meta.get("kgsync")
    if own is not None:
        claims = own.get("claims") if isinstance(own, dict) else None
        if not isinstance(own, dict) or set(own) - {"claims"}:
            found.append(problem(IssueSeverity.ERROR, at("kgsync"), "kgsync must be a mapping with one key, claims",
                                 "write kgsync: {claims: [1, 3]} (the Key Finding numbers that become claims)"))
        elif not isinstance(claims, list) or not all(type(n) is int and n >= 1 for n in claims):
            found.append(problem(IssueSeverity.ERROR, at("kgsync"), f"kgsync.claims {str(claims)[:40]!r} is not a list "
                                 "of Key Finding numbers", "write kgsync: {claims: [1, 3]} (1 is the first finding)"))
    confidence = meta.get("confidence")
    if confidence is not None and not _confidence(confidence):
        found.append(problem(IssueSeverity.WARNING, at("confidence"), f"confidence {str(confidence)[:40]!r} ignored",
                             "write confidence: high, medium or low"))
    return found


def _heading_text(rest: str) -> str:
    """A heading's text without its closing sequence: trailing blanks, "#"s, blanks."""
    return rest.rstrip(" \t").rstrip("#").strip()


def _escaped_control(meta: dict[str, Any]) -> tuple[str, str] | None:
    """(top-level field, character) of the first forbidden character in any key or value, or None."""
    for name, value in meta.items():
        stack = [name, value]
        while stack:
            found = stack.pop()
            if isinstance(found, str):
                bad = _FORBIDDEN.search(found)
                if bad:
                    return str(name), bad.group()
            elif isinstance(found, dict):
                stack.extend(found.keys())
                stack.extend(found.values())
            elif isinstance(found, (list, tuple)):
                stack.extend(found)
    return None


def _field_line(yaml_text: str, name: str) -> int:
    """0-based line of ``name:`` at the top level of the frontmatter (0 when not found)."""
    match = re.search(rf"^{re.escape(name)}[ \t]*:", yaml_text, re.MULTILINE)
    return yaml_text.count("\n", 0, match.start()) if match else 0


def _alias_line(yaml_text: str) -> int | None:
    """0-based line of the first YAML alias token, if any (the scanner knows quotes from aliases)."""
    if "*" not in yaml_text:
        return None
    try:
        for token in yaml.scan(yaml_text, Loader=_SAFE_LOADER):
            if isinstance(token, yaml.AliasToken):
                line: int = token.start_mark.line
                return line
    except yaml.YAMLError:
        return None  # the parse reports it
    return None


def _bad_date_line(yaml_text: str) -> int:
    """0-based line of the first date-shaped value that is no date (0 when none is found)."""
    for number, line in enumerate(yaml_text.split("\n")):
        for found in re.findall(r"\b(\d{4}-\d{2}-\d{2})\b", line):
            try:
                dt.date.fromisoformat(found)
            except ValueError:
                return number
    return 0


def _decode(raw: bytes, problem: _Problem) -> tuple[str, Issue | None]:
    if _looks_utf16(raw):
        return "", problem(IssueSeverity.ERROR, 1, "UTF-16 text, not UTF-8", "re-save the file as UTF-8")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return "", problem(IssueSeverity.ERROR, line, f"not UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
                           "re-save the file as UTF-8")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        return "", problem(IssueSeverity.ERROR, line, "NUL byte: binary data, not Markdown", "remove the binary content")
    bad = (_FORBIDDEN if _ASTRAL.search(text) else _FORBIDDEN_BMP).search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        message = f"control character or noncharacter U+{ord(bad.group()):04X} at column {column}"
        return "", problem(IssueSeverity.ERROR, line, message, "delete it: item text holds no control characters")
    return text, None


def _with_sections(item: ResearchItem, problem: _Problem, warnings: list[Issue]) -> tuple[ResearchItem, list[Issue]]:
    from dataclasses import replace

    question = item.section("research question", "question / hypothesis", "question")
    summary = _findings_subsection(item, "executive summary")
    findings = _findings_subsection(item, "key findings")
    sources = item.section("sources", "references")
    for wanted, found in (("Research Question", question), ("Executive Summary", summary),
                          ("Key Findings", findings)):
        if found is None:
            warnings.append(problem(IssueSeverity.WARNING, item.body_line, f"no '{wanted}' section",
                                    f"add a '## {wanted}' section as in the item template"))
    parsed_findings = _list_entries(findings) if findings else ()
    if findings is not None and not parsed_findings:
        warnings.append(problem(IssueSeverity.WARNING, findings.line, "Key Findings has no list entries",
                                "write the findings as a numbered list"))
    urls = tuple(dict.fromkeys(_URL.findall(sources.text))) if sources else ()
    item = replace(
        item,
        research_question=_plain(question.text) if question else "",
        executive_summary=_plain(summary.text) if summary else "",
        key_findings=parsed_findings,
        sources=urls,
    )
    return item, warnings


def _findings_subsection(item: ResearchItem, name: str) -> Section | None:
    """Prefer the Findings part (the template repeats names inside §6 Synthesis)."""
    candidates = [s for s in item.sections if heading_key(s.heading) == name]
    if not candidates:
        return None
    findings = item.section("findings")
    if findings:
        after = [s for s in candidates if s.line > findings.line]
        if after:
            return after[0]
    return candidates[-1]


@lru_cache(maxsize=4096)
def heading_key(heading: str) -> str:
    # "§6 Synthesis", "2. Key Findings", "**Key findings**" -> comparable keys
    text = re.sub(r"[*_`]", "", heading).strip().lower()
    text = re.sub(r"^(§\s*\d+|\d+(\.\d+)*\.?)\s+", "", text)
    return text.rstrip(":").strip()


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


def _text(value: object) -> str:
    if value is None:
        return ""
    return str(value).strip()


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _strings(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    values = value if isinstance(value, list) else [value]
    out = [str(v).strip() for v in values if v is not None and not isinstance(v, (dict, list))]
    return tuple(dict.fromkeys(v for v in out if v))


def normalise_slug(value: str) -> str:
    """'Research/completed/2026-01-01-x.md' or a URL to it -> '2026-01-01-x'."""
    value = value.strip().rstrip("/").rsplit("/", 1)[-1]
    value = value.split("#", 1)[0]
    return value[:-3] if value.endswith(".md") else value


def _slugs(value: object) -> tuple[str, ...]:
    out = (normalise_slug(v) for v in _strings(value))
    return tuple(dict.fromkeys(s for s in out if s and s not in ("~", "null", "None")))


def _date(value: object) -> str:
    if isinstance(value, dt.datetime):
        if value.tzinfo:
            value = value.astimezone(dt.UTC)
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, str):
        match = _ISO_DATE.match(value)
        if match is None:
            return ""
        try:
            return dt.date.fromisoformat(match.group(1)).isoformat()
        except ValueError:  # "2026-13-45": shaped like a date, is none
            return ""
    return ""


def _confidence(value: object) -> str:
    text = _text(value).lower()
    return text if text in ("high", "medium", "low") else ""


def _dangling_links(items: Sequence[ResearchItem], also_known: Iterable[str] = ()) -> list[Issue]:
    known = {item.slug for item in items} | set(also_known)
    issues = []
    for item in items:
        for field_name, targets in (("cites", item.cites), ("supersedes", item.supersedes),
                                    ("superseded_by", item.superseded_by)):
            for target in targets:
                if target not in known and target != item.slug:
                    issues.append(Issue(IssueSeverity.WARNING, Location(item.path, 2),
                                        f"{field_name} names {target!r}, which is not an item here",
                                        "correct the slug, or drop it if the item was removed", item.slug))
    return issues
