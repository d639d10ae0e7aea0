"""The checks of one item's frontmatter fields, and the fields read as values.

Part of reading an item (``kgsync.read.items``): the frontmatter's shape (YAML aliases, long numbers,
bad dates, field types, cites entries and the lines of list entries), and the conversions of field
values (dates, slugs, lists of strings).  The file's bytes as text and the characters no text holds
are ``item_bytes``'.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
import sys
from functools import lru_cache
from typing import Any

import yaml

from kgsync.read.item_model import CitedFinding, Issue, IssueMaker, IssueSeverity


# The C loader when present: same YAML semantics as python-frontmatter's default
# SafeLoader, several times faster (the build must stay within 3x of a plain read).
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_ISO_DATE = re.compile(r"\s*(\d{4}-\d{2}-\d{2})")


_CITE_KEYS = frozenset({"item", "findings", "stance", "from"})
_CITE_STANCES = ("supports", "contradicts", "extends")
#: The frontmatter lists an item controls: each entry a slug or a theme (their lines are kept for the caps' messages).
LIST_FIELDS = ("themes", "cites", "related", "supersedes", "superseded_by")
#: The list fields whose entries become nodes or links (a theme's concept node, a citation, a supersede link: an
#: extends edge, a status:superseded): one of the wrong shape is an error, the item keeping its last good build's
#: nodes; ignored, they were silently missing.
_NAMING_FIELDS = ("themes", "cites", "supersedes", "superseded_by")
#: What a list of each naming field holds, for the message on the field written as a mapping.
_ENTRIES = {"themes": "theme words", "supersedes": "item slugs", "superseded_by": "item slugs"}
#: The fix for an empty entry of a supersede field (an error; a theme left empty stays a warning: no node is lost).
_EMPTY_FIX = {"supersedes": "write the slug of the item this one replaces, or delete the line",
              "superseded_by": "write the slug of the item that replaces this one, or delete the line"}
_CITE_FORM = "write cites: [<slug>, {item: <slug>, findings: [5], stance: supports, from: 2}]"
#: The fields that name or date the item's nodes and links: a key near one that kgsync does not read (misspelt,
#: ``supercedes``; another case, ``Themes``; ``-`` for ``_``) left them out of the graph without a word.
_GRAPH_FIELDS = ("title", "completed", "themes", "cites", "supersedes", "superseded_by", "confidence", "kgsync")
#: Every top-level field kgsync reads; an item's other fields are its author's.
_READ_FIELDS = frozenset((*LIST_FIELDS, *_GRAPH_FIELDS, "added", "started", "item_type", "status"))
#: How near (difflib's ratio) a key lies to a field to be taken for it: supercedes 0.90, theme 0.91, completed_at
#: 0.86; every other field of the corpus's items (priority, versions, output, blocks, review_count, tags, gaps)
#: is under 0.75 of each, as are created (related) and started (status), which no rule here compares.
_NEAR = 0.85


def one_cite(meta: dict[str, Any]) -> dict[str, Any]:
    """``meta`` with a lone ``cites:`` mapping read as the one-entry list it was written without
    (``cites: {item: <slug>, findings: [2], stance: extends}``), as a lone slug is: the intent is plain,
    and ignored with a warning the citation left the graph.  Its entry is then checked as any entry is."""
    cites = meta.get("cites")
    return {**meta, "cites": [cites]} if isinstance(cites, dict) else meta


def cited_items(value: object) -> object:
    """A ``cites:`` list with each ``{item: …}`` entry as its slug (plain slugs stay as they are)."""
    if isinstance(value, list):
        return [v.get("item") if isinstance(v, dict) else v for v in value]
    return value


def cited_finding_entries(value: object, own: str, yaml_text: str) -> tuple[CitedFinding, ...]:
    """The well-formed ``{item, findings, stance, from}`` entries of ``cites:`` (the others are
    rejected by ``_cite_problem``), each at its own line."""
    out = []
    entries = value if isinstance(value, list) else []
    for entry, line in zip(entries, entry_lines(yaml_text, "cites", len(entries))):
        if isinstance(entry, dict) and _cite_problem(entry) is None and normalise_slug(entry["item"]) != own:
            out.append(CitedFinding(normalise_slug(entry["item"]), tuple(dict.fromkeys(entry["findings"])),
                                    entry["stance"], entry.get("from", 0), line))
    return tuple(out)


def entry_lines(yaml_text: str, name: str, count: int) -> list[int]:
    """The file line of each of the ``count`` entries of the top-level list ``name:``: in a block list
    (``- `` lines under the key) the line of its ``-``, else (a flow list, ``[a, b]``) the key's."""
    key = _field_key(name).search(yaml_text)
    at = yaml_text.count("\n", 0, key.start()) if key else 0
    lines = yaml_text.split("\n")
    found: list[int] = []
    indent: int | None = None
    if key is not None and not _VALUE_AFTER_KEY.match(lines[at], key.end() - key.start()):
        for n in range(at + 1, len(lines)):
            line = lines[n]
            stripped = line.lstrip(" ")
            if not stripped or stripped.startswith("#"):
                continue
            depth = len(line) - len(stripped)
            dash = stripped.startswith("-") and stripped[1:2] in ("", " ")
            if indent is None and dash:
                indent = depth
            if indent is None or depth < indent or (depth == indent and not dash):
                break
            if depth == indent:
                found.append(n + 2)
    return found if len(found) == count else [at + 2] * count


def _cite_problem(entry: dict[Any, Any]) -> str | None:
    """What is wrong with a ``cites:`` mapping entry, None if nothing."""
    if set(entry) - _CITE_KEYS or not {"item", "findings", "stance"} <= set(entry):
        return "a cites entry with findings has exactly the keys item, findings, stance (and from)"
    if not isinstance(entry["item"], str) or not entry["item"].strip():
        return "item is not a slug"
    findings = entry["findings"]
    if not isinstance(findings, list) or not findings or not all(type(n) is int and n >= 1 for n in findings):
        return "findings is not a list of Key Finding numbers (1 is the first)"
    if entry["stance"] not in _CITE_STANCES:
        return f"stance {str(entry['stance'])[:20]!r} is not supports, contradicts or extends"
    source = entry.get("from", 0)
    if "from" in entry and (type(source) is not int or source < 1):
        return "from is not a Key Finding number of this item"
    return None


def own_claim_numbers(meta: dict[str, object]) -> tuple[int, ...]:
    """``kgsync: {claims: [...]}`` as numbers (shape checked by ``misshapen_fields``)."""
    own = meta.get("kgsync")
    numbers = own.get("claims", ()) if isinstance(own, dict) else ()
    return tuple(dict.fromkeys(numbers)) if isinstance(numbers, list) else ()


def misshapen_fields(meta: dict[str, Any], yaml_text: str, problem: IssueMaker) -> list[Issue]:
    """Fields of the wrong shape: rejected (title, completed: they name and date the item's
    nodes; themes: or a cites:, supersedes: or superseded_by: entry nested or malformed, or a link's entry empty:
    a theme node, a citation or a supersede link lost), or ignored
    with a warning (the rest: an item without them is still an item).  A theme that is no theme word is
    rejected too (``item_themes``)."""
    found: list[Issue] = []

    def at(name: str) -> int:
        return field_line(yaml_text, name) + 2

    title = meta.get("title")
    if isinstance(title, bool) or (title is not None and not isinstance(title, (str, int, float))):
        found.append(problem(IssueSeverity.ERROR, at("title"), f"title is a {type(title).__name__}, not text",
                             "write the title as one line of text (quote it if it starts with [ or {)"))
    completed = meta.get("completed")
    if completed is not None and not date_value(completed):
        found.append(problem(IssueSeverity.ERROR, at("completed"), f"completed: {str(completed)[:40]!r} is not a date",
                             "write the date the research was completed as YYYY-MM-DD"))
    for name in LIST_FIELDS:
        # A cites: mapping is its one entry (``one_cite``); a supersede field has no mapping form, and which key
        # or value of one is the slug (``{a: b}``) would be a guess: a link the author did not write.
        if isinstance(meta.get(name), dict) and name in _ENTRIES:
            found.append(problem(IssueSeverity.ERROR, at(name), f"{name} is a mapping, not a list of {_ENTRIES[name]}",
                                 f"write {name} as a list of {_ENTRIES[name]}: {name}: [a, b]"))
        elif isinstance(meta.get(name), dict):
            found.append(problem(IssueSeverity.WARNING, at(name), f"{name} is a mapping; ignored",
                                 f"write {name} as a list: [a, b]"))
    for name in LIST_FIELDS:
        values = meta.get(name)
        # A mapping is a cites entry's form (checked below); anywhere else a nested value is no slug or theme.
        odd = [str(n) for n, v in enumerate(values if isinstance(values, list) else [], 1)
               if isinstance(v, list) or (isinstance(v, dict) and name != "cites")]
        if odd and isinstance(values, list):
            which = f"entry {odd[0]} is" if len(odd) == 1 else f"entries {', '.join(odd[:10])} are"
            first = entry_lines(yaml_text, name, len(values))[int(odd[0]) - 1]  # the first such entry's "- " line
            lost = name in _NAMING_FIELDS  # a node or a citation lost: the item fails, as a bad title: does
            found.append(problem(IssueSeverity.ERROR if lost else IssueSeverity.WARNING, first,
                                 f"{name}: {which} a list or a mapping, not text{'' if lost else '; ignored'}",
                                 f"write each entry as plain text: {name}: [a, b]"))
    for name in LIST_FIELDS:
        values = meta.get(name)
        entries = values if isinstance(values, list) else []
        # `- ` left empty: the author meant an entry there (dropped by field_strings all the same); in cites:
        # a citation, in a supersede field a supersede link, rejected as a malformed cites: entry is.
        for n, (value, line) in enumerate(zip(entries, entry_lines(yaml_text, name, len(entries))), 1):
            if value is not None and not (isinstance(value, str) and not value.strip()):
                continue
            if name == "cites":
                found.append(problem(IssueSeverity.ERROR, line, f"cites: entry {n} is empty",
                                     "write the cited item's slug, or delete the line"))
            elif name in _EMPTY_FIX:
                found.append(problem(IssueSeverity.ERROR, line, f"{name}: entry {n} is empty", _EMPTY_FIX[name]))
            else:
                found.append(problem(IssueSeverity.WARNING, line, f"{name}: entry {n} is empty; ignored",
                                     "write the entry, or delete the line"))
    for name in LIST_FIELDS:
        text = meta.get(name)
        if isinstance(text, str) and "," in text:
            parts = [part.strip() for part in text.split(",") if part.strip()]
            found.append(problem(IssueSeverity.WARNING, at(name), f"{name} is one text, {text[:60]!r}, not a list: "
                                 f"read as its {len(parts)} comma-separated entries",
                                 f"write {name}: [{', '.join(parts[:3])}{', ...' if len(parts) > 3 else ''}]"))
    cites = meta.get("cites")
    entries = cites if isinstance(cites, list) else []
    for entry, line in zip(entries, entry_lines(yaml_text, "cites", len(entries))):
        wrong = _cite_problem(entry) if isinstance(entry, dict) else None
        if wrong is not None:
            # A stance near one of the three words (``supportz``, ``Extends``) is answered with it; else the form.
            near = difflib.get_close_matches(str(entry["stance"]).lower(), _CITE_STANCES, 1) if wrong.startswith("stance ") else []
            fix = f"write stance: {near[0]}, the stance nearest {str(entry['stance'])[:20]!r}" if near else _CITE_FORM
            found.append(problem(IssueSeverity.ERROR, line, f"cites: {wrong}", fix))
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
    if confidence is not None and not confidence_value(confidence):
        found.append(problem(IssueSeverity.WARNING, at("confidence"), f"confidence {str(confidence)[:40]!r} ignored",
                             "write confidence: high, medium or low"))
    return found + _near_field_names(meta, yaml_text, problem)


def _near_field_names(meta: dict[str, Any], yaml_text: str, problem: IssueMaker) -> list[Issue]:
    """A key kgsync does not read that is near a field naming the item's nodes or links (``_near_fields``).
    The field but for case, blanks and ``-`` (``Themes``, ``superseded-by``) is an error at its line when the
    item gives none of it: no field of an author's own is written so, and a link or the themes would be lost.
    A near spelling (``supercedes``, ``cite``) is a warning, as mkdocs warns an unknown setting: it may be a
    field of the author's own (``cite:`` for how to cite the item), which an error would make them rename;
    ``--strict`` fails on it.  Beside the field itself, either is a warning."""
    found: list[Issue] = []
    for key in meta:
        near = _near_fields(key) if isinstance(key, str) and key not in _READ_FIELDS else ()
        if not near:
            continue
        line = field_line(yaml_text, key) + 2
        named = f"{' and '.join(f'{n}:' for n in near)} {'is' if len(near) == 1 else 'are'}"
        rename = " or ".join(f"{n}:" for n in near)
        if any(meta.get(n) not in (None, "", [], {}) for n in near):
            found.append(problem(IssueSeverity.WARNING, line, f"{key}: not a field kgsync reads ({named}, given too): "
                                 "ignored", f"merge it into {rename}, or rename it if it is a field of your own"))
        elif not _folds_to_field(key):
            found.append(problem(IssueSeverity.WARNING, line, f"{key}: not a field kgsync reads ({named}, and the item "
                                 "gives none): ignored", f"rename it {rename} if you meant that field; a field of your "
                                 "own may stay (--strict fails on this warning)"))
        else:
            found.append(problem(IssueSeverity.ERROR, line, f"{key}: not a field kgsync reads ({named}, and the item "
                                 "gives none): not read", f"rename it {rename}, the field kgsync reads"))
    return found


def _folded(key: str) -> str:
    """``key`` but for case, blanks and ``-`` (``Superseded-By`` is ``superseded_by``)."""
    return key.strip().casefold().replace("-", "_").replace(" ", "_")


def _folds_to_field(key: str) -> bool:
    """Whether ``key`` is one of ``_GRAPH_FIELDS`` but for case, blanks and ``-``."""
    return _folded(key) in _GRAPH_FIELDS


@lru_cache(maxsize=1024)
def _near_fields(key: str) -> tuple[str, ...]:
    """The fields of ``_GRAPH_FIELDS`` ``key`` may be meant as: the one it is but for case, blanks and ``-``
    (``Superseded-By``), else those within ``_NEAR`` of it (cached: items repeat their keys)."""
    folded = _folded(key)
    if folded in _GRAPH_FIELDS:
        return (folded,)
    return tuple(difflib.get_close_matches(folded, _GRAPH_FIELDS, 2, _NEAR))


def field_line(yaml_text: str, name: str) -> int:
    """0-based line of ``name:`` at the top level of the frontmatter (0 when not found)."""
    match = _field_key(name).search(yaml_text)
    return yaml_text.count("\n", 0, match.start()) if match else 0


#: Something after a key's colon on its line (a flow list, a scalar), a comment aside.
_VALUE_AFTER_KEY = re.compile(r"[ \t]*[^#\s]")


@lru_cache(maxsize=256)
def _field_key(name: str) -> re.Pattern[str]:
    """``name:`` at a line's start: compiled once per field name (each item asks for ~6 names)."""
    return re.compile(rf"^{re.escape(name)}[ \t]*:", re.MULTILINE)


def yaml_alias_line(yaml_text: str) -> int | None:
    """0-based line of the first YAML alias token, if any (the scanner knows quotes from aliases)."""
    if "*" not in yaml_text:
        return None
    try:
        for token in yaml.scan(yaml_text, Loader=SAFE_LOADER):
            if isinstance(token, yaml.AliasToken):
                line: int = token.start_mark.line
                return line
    except yaml.YAMLError:
        return None  # the parse reports it
    return None


#: An integer longer than this is a ValueError in PyYAML (Python's int-string limit), as a bad date is.
_LONG_NUMBER = re.compile(rf"\d{{{sys.get_int_max_str_digits() + 1},}}")


def too_long_number(yaml_text: str) -> tuple[int, str, int] | None:
    """(0-based line, the top-level field above it or "", digits) of the first integer too long
    for Python to convert, or None: the ValueError is then about it, not about a date."""
    found = _LONG_NUMBER.search(yaml_text) if sys.get_int_max_str_digits() else None
    if found is None:
        return None
    fields = re.findall(r"^([A-Za-z_][\w-]*)[ \t]*:", yaml_text[: found.start()], re.MULTILINE)
    return yaml_text.count("\n", 0, found.start()), fields[-1] if fields else "", len(found.group())


#: What YAML reads as a timestamp (its resolver's pattern, unanchored): a date, and a time with its offset.
_TIMESTAMP = re.compile(r"\b\d{4}-\d\d?-\d\d?(?:(?:[Tt]|[ \t]+)\d\d?:\d\d:\d\d(?:\.\d*)?(?:[ \t]*(?:Z|[-+]\d\d?(?::\d\d)?))?)?")


def first_bad_date(yaml_text: str) -> tuple[int, str]:
    """(0-based line, value) of the first timestamp YAML reads that Python refuses: "2026-02-30", an
    hour 25, an offset of 24 hours or more ((0, "") when none is found)."""
    for number, line in enumerate(yaml_text.split("\n")):
        for found in _TIMESTAMP.findall(line):
            try:
                yaml.load(found, Loader=SAFE_LOADER)
            except ValueError:
                return number, found
    return 0, ""


def date_problem_message(value: str, exc: ValueError) -> str:
    """Why ``value`` (``first_bad_date``'s) is no date, in the reader's words where Python's are its own."""
    reason = "a UTC offset is less than 24 hours" if str(exc).startswith("offset must be a timedelta") else str(exc)
    return f"frontmatter date is no date: {value!r} ({reason})" if value else f"frontmatter date is no date: {reason}"


def field_text(value: object) -> str:
    """A scalar frontmatter field as stripped text ("" when the field is empty)."""
    if value is None:
        return ""
    return str(value).strip()


def one_line(text: str) -> str:
    """``text`` with every run of whitespace, line breaks included, folded to one space."""
    return " ".join(text.split())


def field_strings(value: object) -> tuple[str, ...]:
    """A list field's entries: a list's, else one text's comma-separated parts (no slug or theme holds a
    comma: ``themes: a, b`` is the list its brackets were left out of; warned by ``misshapen_fields``)."""
    if value is None:
        return ()
    values = value if isinstance(value, list) else value.split(",") if isinstance(value, str) else [value]
    out = [str(v).strip() for v in values if v is not None and not isinstance(v, (dict, list))]
    return tuple(dict.fromkeys(v for v in out if v))


def normalise_slug(value: str) -> str:
    """'Research/completed/2026-01-01-x.md' or a URL to it -> '2026-01-01-x'."""
    value = value.strip().rstrip("/").rsplit("/", 1)[-1]
    value = value.split("#", 1)[0]
    return value[:-3] if value.endswith(".md") else value


def links_not_written_as_slugs(meta: dict[str, Any]) -> tuple[tuple[str, str, str], ...]:
    """(field, slug, as written) of each link entry whose written form is not its slug (``ResearchItem.written_links``)."""
    out = ((name, normalise_slug(written), written) for name in ("cites", "supersedes", "superseded_by")
           for written in field_strings(cited_items(meta.get(name))))
    return tuple(dict.fromkeys(entry for entry in out if entry[1] and entry[1] != entry[2]))


def own_entry_line(meta: dict[str, Any], yaml_text: str, name: str, slug: str) -> int:
    """The line of the first entry of the list ``name`` (a ``cites:`` mapping by its ``item:``) naming ``slug``
    (``entry_lines``: a block list's ``- `` line), else the field's line."""
    entries = cited_items(meta.get(name))
    if isinstance(entries, list):
        for entry, line in zip(entries, entry_lines(yaml_text, name, len(entries))):
            if isinstance(entry, (str, int, float)) and not isinstance(entry, bool) and normalise_slug(str(entry)) == slug:
                return line
    return field_line(yaml_text, name) + 2


def link_entry_lines(meta: dict[str, Any], yaml_text: str) -> tuple[tuple[str, str, int], ...]:
    """(field, slug, file line) of each entry of a cites/supersedes/superseded_by list (``entry_lines``:
    a block list's ``- `` line, a flow list's key line): where a message about that link points."""
    out = []
    for name in ("cites", "supersedes", "superseded_by"):
        entries = cited_items(meta.get(name))
        if isinstance(entries, list):
            out += [(name, normalise_slug(str(entry)), line)
                    for entry, line in zip(entries, entry_lines(yaml_text, name, len(entries)))
                    if entry is not None and not isinstance(entry, (dict, list))]
    return tuple(out)


def field_slugs(value: object) -> tuple[str, ...]:
    """A list field's entries as item slugs, normalised, in order, each once; YAML's null spellings dropped."""
    out = (normalise_slug(v) for v in field_strings(value))
    return tuple(dict.fromkeys(s for s in out if s and s not in ("~", "null", "None")))


def date_value(value: object) -> str:
    """A date field as ``YYYY-MM-DD`` (a timestamp's UTC day), or "" when it is no date."""
    if isinstance(value, dt.datetime):
        if value.tzinfo:
            try:
                value = value.astimezone(dt.UTC)
            except OverflowError:  # "9999-12-31T23:59:59-23:59": its UTC day is in the year 10000
                return ""
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


def confidence_value(value: object) -> str:
    """The ``confidence`` field in lower case when it is high, medium or low, else ""."""
    text = field_text(value).lower()
    return text if text in ("high", "medium", "low") else ""
