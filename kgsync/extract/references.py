"""Per-file step of evidence extraction: every sentence of an item that names another item,
with the finding numbers it cites, a quoted passage, and its stance (``kgsync.extract.stance``).

Deterministic and linear in the text: every pattern starts at a literal or a class that cannot
repeat before it, and every quantifier next to another is bounded.  Cached with the record.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from kgsync.extract.evidence_model import MARKUP, MAX_SENTENCE, Mention, plain_text, shorten_sentence, words_key
from kgsync.extract.sentences import line_sentences
from kgsync.extract.stance import CLAUSE_END, MARK, MARK_TOKEN, governing
from kgsync.read.items import KeyFinding, ResearchItem, heading_key, normalise_slug

# References.  Every pattern starts at a literal or a class that cannot repeat before it.
_PATH_LINK = re.compile(r"(?<![A-Za-z0-9._-])([A-Za-z0-9._-]{1,200})\.md\b")
_DATED_SLUG = re.compile(r"(?<![A-Za-z0-9-])(\d{4}-\d{2}-\d{2}-[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){0,20})(?![a-z0-9])")
_CODE_SLUG = re.compile(r"`([a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){2,20})(?:\.md)?`")
_BARE_SLUG = re.compile(r"(?<![A-Za-z0-9./-])([a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){1,20})(?![A-Za-z0-9/-])")
_FINDING = re.compile(r"\b(?:key[ \t]{1,3}findings?|KF)[ \t]{0,3}(?:#[ \t]{0,2})?(\d{1,3})\b", re.I)
_OF_NEXT = re.compile(r"[ \t]{0,3}(?:of|in|from)[ \t]{1,3}(?:the[ \t]{1,3})?[`'\"(]?")
_QUOTE = re.compile(r"[\"“]([^\"“”\n]{20,400})[\"”]")
_FENCE = re.compile(r"[ \t]{0,3}(?:```|~~~)")
_CODE_SPAN = re.compile(r"`[^`\n]{0,300}`")
_HAS_REFERENCE = re.compile(r"\.md\b|\d{4}-\d\d-\d\d-|`[a-z0-9]|\b(?:key[ \t]{1,3}finding|KF)", re.I)

# ---------------------------------------------------------------------------------------------
# 1. scan (per file)


_Findings = Sequence[tuple[KeyFinding, str]]  # each Key Findings entry with its words (``words_key``)


#: Sections that frame the question or list what was read (the item template's, before the
#: investigation; "§0 Initialise" restates them).  A sentence there describes another item, not
#: one of this item's findings: its stance words link no claims.  An explicit finding number
#: there ("… (Key Finding 6)") is still a citation the item builds on: it links as ``extends``
#: (``_framing_citations``).
FRAMING_SECTIONS = frozenset({
    "research question", "question / hypothesis", "question", "hypothesis", "scope", "context", "background",
    "approach", "sources", "references", "related", "related items", "initialise", "initialize",
})


def scan(item: ResearchItem) -> tuple[Mention, ...]:
    """Every mention of another item in ``item``'s body, outside fenced code and framing
    sections, in file order."""
    findings = [(f, words_key(f.text)) for f in item.key_findings]
    framing = _framing_lines(item)
    out: list[Mention] = []
    fence = ""
    for offset, raw in enumerate(item.body.split("\n")):
        fenced = _FENCE.match(raw)
        if fenced:
            marker = raw.lstrip(" \t")[:3]
            fence = "" if fence == marker else (fence or marker)
            continue
        line = item.body_line + offset
        if fence or not _HAS_REFERENCE.search(raw):
            continue
        in_framing = any(start <= line < end for start, end in framing)
        row = raw.lstrip().startswith("|")
        before = ""
        for sentence in ([raw] if row else line_sentences(raw)):
            found = _mentions(sentence, line, row, item.slug, findings, before)
            out.extend(_framing_citations(found) if in_framing else found)
            before = sentence
    return tuple(out)


def _framing_citations(mentions: Sequence[Mention]) -> list[Mention]:
    """What a framing section's sentence links: only the findings it cites by number, each as
    a plain citation (no stance: the sentence describes the other item, it does not judge it)."""
    return [replace(m, stance=None, held_by=0) for m in mentions if m.finding]


def _framing_lines(item: ResearchItem) -> list[tuple[int, int]]:
    """The [first, end) file lines of each framing section, its subsections included."""
    spans = []
    for index, section in enumerate(item.sections):
        if heading_key(section.heading) in FRAMING_SECTIONS:
            end = next((s.line for s in item.sections[index + 1 :] if s.level <= section.level), 1 << 30)
            spans.append((section.line, end))
    return spans



def _mentions(sentence: str, line: int, row: bool, own_slug: str, findings: _Findings,
              before: str = "") -> list[Mention]:
    refs = references(sentence)
    refs = [(pos, slug) for pos, slug in refs if slug != own_slug]  # a self-reference links nothing
    if not refs:
        return []
    text = plain_text(sentence)
    cells = [c for c in sentence.split("|")] if row else []
    row_claim = plain_text(cells[1]) if row and len(cells) > 2 else ""
    held = _held_by(text, findings)
    quote_match = _QUOTE.search(text)
    quote = quote_match.group(1) if quote_match else ""
    cited: dict[str, list[int]] = {}
    for match in _FINDING.finditer(sentence):
        target = _target_of_number(sentence, match, refs)
        if target:
            cited.setdefault(target, []).append(int(match.group(1)))
    out = []
    kept = shorten_sentence(text)
    ids = {slug: str(number) for number, slug in enumerate(dict.fromkeys(slug for _, slug in refs))}
    # "this extends X …, and it reinforces Y": each item its own stance
    stances = governing(_marked(sentence, ids), row)
    clauses = {} if row else _clauses_naming(sentence, refs)
    context = shorten_sentence(plain_text(before))
    plain: dict[str, str] = {}  # one clause often names many items: each read once
    for slug in ids:
        cue = stances.get(ids[slug])
        stance = cue[2] if cue else None
        named = " ".join(clauses.get(slug, ()))
        if named not in plain:  # kept cut like the sentence: read no more of it than that
            plain[named] = shorten_sentence(plain_text(named[: 4 * MAX_SENTENCE]))
        clause = plain[named]
        numbers = cited.get(slug) or [0]
        for number in dict.fromkeys(numbers):
            out.append(Mention(slug, number, quote if number == 0 else "", stance, kept, line, held, row_claim,
                               context, clause))
    return out


def _clauses_naming(sentence: str, refs: Sequence[tuple[int, str]]) -> dict[str, dict[str, None]]:
    """The clauses (``CLAUSE_END``) of a sentence that name each item, in order."""
    starts, texts, start = [], [], 0
    for match in CLAUSE_END.finditer(sentence):
        starts.append(start)
        texts.append(sentence[start : match.start()])
        start = match.end()
    starts.append(start)
    texts.append(sentence[start:])
    out: dict[str, dict[str, None]] = {}
    for position, slug in refs:
        out.setdefault(slug, {})[texts[bisect.bisect_right(starts, position) - 1]] = None
    return out


def references(sentence: str, keep_text: bool = False) -> list[tuple[int, str]]:
    """(position, normalised slug or suffix) of each item a sentence names (``keep_text``: the
    reference as written instead of its slug)."""
    spans = _reference_spans(sentence)
    return [(start, sentence[start:end]) for start, end, _ in spans] if keep_text else \
        [(start, slug) for start, _, slug in spans]


def _reference_spans(sentence: str) -> list[tuple[int, int, str]]:
    """(start, end, normalised slug or suffix) of each item a sentence names, in order."""
    spans: list[tuple[int, int, str]] = []  # sorted by start, never overlapping
    starts: list[int] = []

    def add(start: int, end: int, slug: str) -> None:
        at = bisect.bisect_left(starts, end)  # spans before ``at`` start before this one ends
        if at and spans[at - 1][1] > start:
            return  # a path's slug is not named twice
        spans.insert(at, (start, end, slug))
        starts.insert(at, start)

    if ".md" in sentence:
        for m in _PATH_LINK.finditer(sentence):
            add(m.start(), m.end(), normalise_slug(m.group(1)))
    for m in _DATED_SLUG.finditer(sentence):
        add(m.start(), m.end(), normalise_slug(m.group(1)))
    if "`" in sentence:
        for m in _CODE_SLUG.finditer(sentence):
            add(m.start(), m.end(), normalise_slug(m.group(1)))
    # An undated slug outside `code` counts only beside a cited finding, in a sentence that names
    # no item plainly ("the prior local-database research (Key Finding 2)"); resolved later only
    # if it is exactly one item's undated name.
    if not spans and _FINDING.search(sentence):
        for m in _BARE_SLUG.finditer(sentence):
            add(m.start(), m.end(), m.group(1))
    return spans


def _target_of_number(sentence: str, match: re.Match[str], refs: Sequence[tuple[int, str]]) -> str:
    """The item a "Key Finding N" belongs to: "N of <ref>", else the nearest reference before
    it in the same table cell or sentence, else the first after it."""
    after = _OF_NEXT.match(sentence, match.end())
    if after:
        following = [slug for pos, slug in refs if match.end() <= pos <= after.end() + 12]
        if following:
            return following[0]
    cell_start = sentence.rfind("|", 0, match.start())
    before = [(pos, slug) for pos, slug in refs if pos < match.start()]
    in_cell = [slug for pos, slug in before if pos > cell_start]
    if in_cell:
        return in_cell[-1]
    if before and cell_start < 0:
        return before[-1][1]
    cell_end = sentence.find("|", match.end())
    later = [slug for pos, slug in refs if pos > match.end() and (cell_end < 0 or pos < cell_end)]
    if later:
        return later[0]
    return before[-1][1] if before else ""


def _marked(sentence: str, ids: Mapping[str, str] | None = None) -> str:
    """The sentence as ``classify`` reads it: each reference a mark (``REFERENCE`` followed by
    the id ``ids`` gives its item), code spans out (`contradicts` in code names a relation type,
    not a stance)."""
    parts, last = [], 0
    for start, end, slug in _reference_spans(sentence):
        if start >= last:
            parts.append(sentence[last:start])
            parts.append(f" {MARK}{ids.get(slug, '') if ids else ''} ")
            last = end
    parts.append(sentence[last:])
    text = _CODE_SPAN.sub(lambda m: " " + " ".join(MARK_TOKEN.findall(m.group(0))) + " ", "".join(parts))
    # A link keeps its text, and the mark when its target was the reference.
    text = MARKUP.sub(lambda m: (m.group(1) or "") + " " + " ".join(MARK_TOKEN.findall(m.group(0))) + " ", text)
    return " ".join(text.split())


def _held_by(text: str, findings: _Findings) -> int:
    key = words_key(text)
    if len(key) < 20:
        return 0
    for finding, finding_key in findings:
        if key in finding_key:
            return finding.number
    return 0

