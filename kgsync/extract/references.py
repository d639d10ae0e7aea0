"""Per-file step of evidence extraction: every sentence of an item that names another item,
with the finding numbers it cites, a quoted passage, and its stance (``kgsync.extract.stance``).

Deterministic and linear in the text: every pattern starts at a literal or a class that cannot
repeat before it, and every quantifier next to another is bounded.  Cached with the record.

The parts: where a sentence names an item in ``reference_spans``; what one sentence says of the
items it names in ``mentions``; here, the lines of a file read and the shapes of their sentences.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_blocks import Headings, in_blocks
from kgsync.extract.evidence_feeds import inference_after, is_fact
from kgsync.extract.evidence_model import Mention, plain_text, words_key
from kgsync.extract.descriptions import Findings as _Findings, Fuller, fuller_forms, held_by as _held_by
from kgsync.extract.item_cut import ItemCut, cut_of
from kgsync.extract.sentences import sentences
from kgsync.extract.markers import author_marks, blanked, without_marks
from kgsync.extract.mentions import sentence_mentions
from kgsync.extract.reference_spans import DATED, HAS_REFERENCE, may_cite_a_finding, reference_spans
from kgsync.extract.tables import Table
from kgsync.read.items import ResearchItem, heading_key, may_hold_marker

#: A list line that starts with the item it names ("- `x.md` — covers …", "- [x] x.md: …"): a
#: reading list describes the other item; it states nothing of this item's findings.
_READING_LINE = re.compile(r"[ \t]{0,8}(?:[-*+]|\d{1,3}[.)])[ \t]{1,4}(?:\[[ xX]\][ \t]{1,4})?(?:\*\*)?[`\[(\"']?")
# ---------------------------------------------------------------------------------------------
# 1. scan (per file)

#: Sections that frame the question or list what was read (the item template's, before the
#: investigation; "§0 Initialise" restates them).  A sentence there describes another item, not
#: one of this item's findings: its stance words link no claims.  An explicit finding number
#: there ("… (Key Finding 6)") is still a citation the item builds on: it links as ``extends``
#: (``_framing_citations``).
FRAMING_SECTIONS = frozenset({
    "research question", "question / hypothesis", "question", "hypothesis", "scope", "context", "background",
    "approach", "sources", "references", "related", "related items", "initialise", "initialize",
    # what the investigation left open: a question, and what it rests on, is no finding of this item
    "open questions", "open question",
})


def scan(item: ResearchItem, cut: ItemCut | None = None) -> tuple[Mention, ...]:
    """Every mention of another item in ``item``'s body, outside fenced code, in file order:
    the ``cites:`` entries with findings and the author's markers (``markers``) exactly, then
    what the prose says.  Framing sections and
    reading-list lines state no stance (``_framing_citations``).  ``cut``: the item's
    ``item_cut.ItemCut``, when the caller has it."""
    cut = cut_of(item) if cut is None else cut
    findings = [(f, words_key(f.text)) for f in item.key_findings]
    framing = _framing_lines(item)
    out: list[Mention] = [
        Mention(cited.item, number, "", RelationType(cited.stance),
                f"cites: {cited.item} Key Finding {number} ({cited.stance})", cited.line, cited.source, exact=True)
        for cited in item.cited_findings for number in cited.findings]
    starts = {f.line: f.number for f in item.key_findings}  # a Key Findings entry's first line
    # A body with neither a marker nor a bracket warned as none (a bracket warned is blanked as a marker is,
    # linking nothing) is read as written: ``without_marks`` of each of its lines is the line (but a line whose
    # comment is blanked: "[supports: x <!-- [ --> KF1]" holds a marker once it is).
    plain, warned = cut.plain, cut.warned
    lines = _lines_to_read(item, cut)
    kept: list[tuple[str, ...]] = []

    def named() -> tuple[str, ...]:  # read once, when a description needs it: from the lines read
        if not kept:
            kept.append(_named_in((raw for _line, raw, _row, _table, may in lines if may), item.slug))
        return kept[0]
    forms: list[tuple[Fuller, ...]] = []

    def fuller() -> tuple[Fuller, ...]:  # read once, when a generic description needs it
        if not forms:
            citing = _citing_sentences(lines, warned, plain)
            forms.append(tuple(form for _line, sentence, _table in citing
                               for form in fuller_forms(sentence, item.slug, item.cites, named())))
            forms[0] += _cited_by_name(citing, item.slug, findings, item.cites)
        return forms[0]
    hidden = cut.hidden
    body: list[list[str]] = []  # the body's lines, split once when a sourced fact needs them (``_with_inference``)
    headings: list[Headings] = []  # its sub-question blocks' titles, read once when a numbered citation needs them
    for line, raw, row, table, may_name in lines:
        if line in hidden:  # a comment or a link definition renders nothing: no marker nor citation in it is read
            raw = blanked(raw, hidden[line])
            text = without_marks(raw, warned)
        else:
            text = raw if plain else without_marks(raw, warned)
        if text != raw:
            held = starts.get(line) or _held_by(plain_text(text), findings)
            marks = author_marks(raw, line, item.slug, held)
            out.extend([m.but(shape="row") for m in marks] if row else marks)  # a marker in a table cell
            may_name = HAS_REFERENCE.search(text) is not None  # the line less its markers
        if not may_name:  # a line with a "[" may name none
            continue
        in_framing = any(start <= line < end for start, end in framing)
        reading = not row and _starts_with_reference(text)
        shape = "framing" if in_framing else "reading" if reading else "row" if row else \
            "list" if _READING_LINE.match(text) else ""
        before = ""
        for sentence in ([text] if row else sentences(text)):
            if not row and HAS_REFERENCE.search(sentence) is None:
                # names no item and cites no finding (``sentence_mentions`` finds nothing in it): half of the
                # sentences of a line that may name one, each skipped by one search in C
                before = sentence
                continue
            found = sentence_mentions(sentence, line, table if row else None, item.slug, findings, before, item.cites,
                                      named, fuller)
            if shape:
                found = [m.but(shape=shape) for m in found]
            elif not row and found:
                found = _with_inference(found, item, line, text, body)
                if any(m.finding for m in found):  # the sub-question it stands under (``evidence_blocks``)
                    if not headings:
                        headings.append(Headings.of(_body_lines(item, body), item.body_line))
                    found = in_blocks(found, headings[0])
            out.extend(_framing_citations(found) if in_framing or reading else found)
            before = sentence
    return tuple(out)


def _with_inference(found: list[Mention], item: ResearchItem, line: int, text: str,
                    body: list[list[str]]) -> list[Mention]:
    """``found`` with each sourced fact's numbered or quoted citation given the words of the inference paragraph
    right after it (``evidence_feeds``): what the item makes of the fact says which of its findings uses it."""
    if not any(m.sourced and (m.finding or m.quote) for m in found) or not is_fact(text):
        return found
    feeds = inference_after(_body_lines(item, body), line - item.body_line)
    return [m.but(feeds=feeds) if feeds and m.sourced and (m.finding or m.quote) else m for m in found]


def _body_lines(item: ResearchItem, body: list[list[str]]) -> list[str]:
    """``item``'s body lines, split once (kept in ``body``), as ``unfenced_lines`` numbers them."""
    if not body:
        body.append(item.body.split("\n"))
    return body[0]


_NO_TABLE = Table()  # frozen: one for every line outside a table


def _lines_to_read(item: ResearchItem, cut: ItemCut) -> list[tuple[int, str, bool, Table, bool]]:
    """(file line, text, is a table row, the table it is in, has a ``HAS_REFERENCE``) of each line
    of ``item``'s body outside fenced code with a "[" or a ``HAS_REFERENCE``: the lines ``scan``
    reads (a "[" may open an author's marker) and, of those with a ``HAS_REFERENCE``, those
    ``named_items`` reads (each line searched once for both).  A body with no marker nor bracket
    warned as none (``ItemCut.plain``): of the lines without a ``HAS_REFERENCE``, only those with a
    comment or link definition blanked (``scan``): a line with a "[" is read for its markers alone."""
    out: list[tuple[int, str, bool, Table, bool]] = []
    table = _NO_TABLE
    plain, hidden = cut.plain, cut.hidden
    for first, run in cut.lines:
        for line, raw in enumerate(run, item.body_line + first):
            row = raw.lstrip().startswith("|")
            table = table.after(raw) if row else _NO_TABLE  # a code block ends no table
            may_name = HAS_REFERENCE.search(raw) is not None
            if may_name or (not plain or line in hidden) and may_hold_marker(raw):
                out.append((line, raw, row, table, may_name))
    return out


def named_items(item: ResearchItem) -> tuple[str, ...]:
    """The dated items ``item`` names anywhere in its body outside fenced code, in file order:
    those a description ("the CSDM research item") may name (``descriptions.described``)."""
    lines = _lines_to_read(item, cut_of(item))
    return _named_in((raw for _line, raw, _row, _table, may in lines if may), item.slug)


def _citing_sentences(lines: Sequence[tuple[int, str, bool, Table, bool]],
                      warned: bool = True, plain: bool = False) -> list[tuple[int, str, Table | None]]:
    """(line, sentence, its table) of every line read that may cite a finding: a table row whole
    (with its table), a prose line by sentence (``plain``: ``ItemCut.plain``, each line read as written)."""
    return [(line, sentence, table if row else None) for line, raw, row, table, may in lines
            if may and may_cite_a_finding(raw)
            for text in (raw if plain else without_marks(raw, warned),)
            for sentence in ([text] if row else sentences(text))]


def _cited_by_name(citing: Sequence[tuple[int, str, Table | None]], own_slug: str, findings: _Findings,
                   cites: Sequence[str]) -> tuple[Fuller, ...]:
    """Each citation of a dated item's findings by its name (path, link, slug) in the sentences
    that may cite one (``_citing_sentences``): no words (it is no description), that item, the
    numbers the sentence cites of it.  A generic description citing the same numbers ("prior
    research Key Finding 6" where the item cites "`2026-03-01-x.md` … (Key Finding 6)" elsewhere)
    repeats that citation (``descriptions._fuller``)."""
    cited: dict[tuple[int, str, str], set[int]] = {}
    for line, sentence, table in citing:
        for m in sentence_mentions(sentence, line, table, own_slug, findings, "", cites):
            if m.finding and not m.via and DATED.match(m.target):
                cited.setdefault((line, sentence, m.target), set()).add(m.finding)
    return tuple((frozenset(), target, frozenset(numbers)) for (_l, _s, target), numbers in cited.items())


def _named_in(lines: Iterable[str], own_slug: str) -> tuple[str, ...]:
    """``named_items`` of the lines ``_lines_to_read`` finds a ``HAS_REFERENCE`` in.

    A dated slug written only in prose (never as a file, a link's or path's end, or in code) that
    is the start of another named slug, up to a hyphen, is a shortened mention of that item
    ("corroborated by prior research (2026-03-08-ios-shortcuts estimate)" beside
    "`2026-03-08-ios-shortcuts-github-api-memory-capture.md`"), not an item of its own: it is left
    out, so a description fitting both ("prior research ios-shortcuts") names the one item.  An item
    written as a file somewhere stays a candidate: two real items, one slug the other's start, are
    still two (a description fitting both names neither)."""
    out: dict[str, None] = {}
    filed: set[str] = set()  # written as a file, a link's or path's end, or in code somewhere
    for raw in lines:
        for start, end, slug in reference_spans(raw):
            if slug != own_slug and DATED.match(slug):
                out[slug] = None
                if raw.startswith(".md", end - 3) or raw[start - 1 : start] == "/" or raw[start] == "`":
                    filed.add(slug)
    return tuple(slug for slug in out if slug in filed or not any(
        other.startswith(slug + "-") for other in out))


def _starts_with_reference(line: str) -> bool:
    """A list line whose text starts with the item it names (a reading-list entry)."""
    lead = _READING_LINE.match(line)
    if lead is None:
        return False
    spans = reference_spans(line[lead.end() : lead.end() + 400])
    return bool(spans) and spans[0][0] <= 30 and "key finding" not in line[: lead.end() + spans[0][0]].lower()


def _framing_citations(mentions: Sequence[Mention]) -> list[Mention]:
    """What a framing section's sentence links: only the findings it cites by number, each as
    a plain citation (no stance: the sentence describes the other item, it does not judge it)."""
    return [m.but(stance=None, held_by=0, own=False) for m in mentions if m.finding]


def _framing_lines(item: ResearchItem) -> list[tuple[int, int]]:
    """The [first, end) file lines of each framing section, its subsections included."""
    spans = []
    for index, section in enumerate(item.sections):
        if heading_key(section.heading) in FRAMING_SECTIONS:
            end = next((s.line for s in item.sections[index + 1 :] if s.level <= section.level), 1 << 30)
            spans.append((section.line, end))
    return spans


