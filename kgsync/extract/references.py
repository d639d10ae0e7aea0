"""Per-file step of evidence extraction: every sentence of an item that names another item,
with the finding numbers it cites, a quoted passage, and its stance (``kgsync.extract.stance``).

Deterministic and linear in the text: every pattern starts at a literal or a class that cannot
repeat before it, and every quantifier next to another is bounded.  Cached with the record.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_model import MARKUP, MAX_SENTENCE, Mention, plain_text, shorten_sentence, words_key
from kgsync.extract.descriptions import BARE_FINDING, FINDING as _FINDING, Findings as _Findings, \
    described as _described, Fuller, fuller_forms, held_by as _held_by, numbers as _numbers
from kgsync.extract.sentences import sentences
from kgsync.extract.markers import author_marks, without_marks
from kgsync.extract.restated import reported_words, said_words
from kgsync.extract.stance import CLAUSE_END, MARK, MARK_TOKEN, described_stance, governing
from kgsync.extract.tables import Table, row_cells
from kgsync.read.items import ResearchItem, heading_key, normalise_slug, unfenced_lines

# References.  Every pattern starts at a literal or a class that cannot repeat before it.
_PATH_LINK = re.compile(r"(?<![A-Za-z0-9._-])([A-Za-z0-9._-]{1,200})\.md\b")
_PATH_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-"  # its class's characters
#: r"(?<![A-Za-z0-9-])(\d{4}-\d{2}-\d{2}-…)": led by its first digit, not a lookbehind, so the regex
#: engine skips ahead to a digit; the lookbehind then asks of the character before it.
_DATED_SLUG = re.compile(r"(\d(?<![A-Za-z0-9-]\d)\d{3}-\d{2}-\d{2}-[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){0,20})(?![a-z0-9])")
_CODE_SLUG = re.compile(r"`([a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){2,20})(?:\.md)?`")
_BARE_SLUG = re.compile(r"(?<![A-Za-z0-9./-])([a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){1,20})(?![A-Za-z0-9/-])")
_OF_NEXT = re.compile(r"[ \t]{0,3}(?:of|in|from)[ \t]{1,3}(?:the[ \t]{1,3})?[`'\"(]?")
#: "Key Finding 2 of that item", "(… of the cited item)": the number is the row's or sentence's item's.
_OF_THAT = re.compile(r"[ \t]{0,3}(?:of|in|from)[ \t]{1,3}(?:that|the[ \t]{1,3}(?:cited|prior|same|source))\b", re.I)
#: A list line that starts with the item it names ("- `x.md` — covers …", "- [x] x.md: …"): a
#: reading list describes the other item; it states nothing of this item's findings.
_READING_LINE = re.compile(r"[ \t]{0,8}(?:[-*+]|\d{1,3}[.)])[ \t]{1,4}(?:\[[ xX]\][ \t]{1,4})?(?:\*\*)?[`\[(\"']?")
_QUOTE = re.compile(r"[\"“]([^\"“”\n]{20,400})[\"”]")
_CODE_SPAN = re.compile(r"`[^`\n]{0,300}`")
#: Whether a line may name another item or cite a finding: does r"\.md\b|\d{4}-\d\d-\d\d-|`S(?:\.md)?`|\b(?:key[ \t]{1,3}findings?|KFs?)
#: [ \t]{0,3}#?[ \t]{0,2}\d" (case-insensitive; S: ``_CODE_SLUG``'s slug) occur in it?  What the finders need
#: (a code span naming no item, "`kgsync build`", or "key findings" without a number is passed by), written
#: with a first character class outside the case flag (every character but the rest of ASCII: the Kelvin sign
#: is a "k", a non-ASCII digit a \d) so the regex engine skips ahead to where one may start.
_HAS_REFERENCE = re.compile(
    r"(?-i:[^\x00-\x2d\x2f\x3a-\x4a\x4c-\x5f\x61-\x6a\x6c-\x7f])(?:(?<=\.)md\b|(?<=\d)\d{3}-\d\d-\d\d-|"
    r"(?<=`)[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){2,20}(?:\.md)?`|(?<=k)(?<!\w.)(?:ey[ \t]{1,3}findings?|Fs?)[ \t]{0,3}#?[ \t]{0,2}\d)", re.I)

# ---------------------------------------------------------------------------------------------
# 1. scan (per file)

#: Sections that frame the question or list what was read (the item template's, before the
#: investigation; "§0 Initialise" restates them).  A sentence there describes another item, not
#: one of this item's findings: its stance words link no claims.  An explicit finding number
#: there ("… (Key Finding 6)") is still a citation the item builds on: it links as ``extends`` (``_framing_citations``).
FRAMING_SECTIONS = frozenset({
    "research question", "question / hypothesis", "question", "hypothesis", "scope", "context", "background",
    "approach", "sources", "references", "related", "related items", "initialise", "initialize",
    # what the investigation left open: a question, and what it rests on, is no finding of this item
    "open questions", "open question",
})


def scan(item: ResearchItem) -> tuple[Mention, ...]:
    """Every mention of another item in ``item``'s body, outside fenced code, in file order:
    the ``cites:`` entries with findings and the author's markers (``markers``) exactly, then
    what the prose says.  Framing sections and
    reading-list lines state no stance (``_framing_citations``)."""
    findings = [(f, words_key(f.text)) for f in item.key_findings]
    framing = _framing_lines(item)
    out: list[Mention] = [
        Mention(cited.item, number, "", RelationType(cited.stance),
                f"cites: {cited.item} Key Finding {number} ({cited.stance})", cited.line, cited.source, exact=True)
        for cited in item.cited_findings for number in cited.findings]
    starts = {f.line: f.number for f in item.key_findings}  # a Key Findings entry's first line
    lines = _lines_to_read(item)
    kept: list[tuple[str, ...]] = []

    def named() -> tuple[str, ...]:  # read once, when a description needs it: from the lines read
        if not kept:
            kept.append(_named_in((raw for _line, raw, _row, _table, may in lines if may), item.slug))
        return kept[0]
    forms: list[tuple[Fuller, ...]] = []

    def fuller() -> tuple[Fuller, ...]:  # read once, when a generic description needs it
        if not forms:
            citing = _citing_sentences(lines)
            forms.append(tuple(form for _line, sentence, _table in citing
                               for form in fuller_forms(sentence, item.slug, item.cites, named())))
            forms[0] += _cited_by_name(citing, item.slug, findings, item.cites)
        return forms[0]
    for line, raw, row, table, may_name in lines:
        text = without_marks(raw)
        if text != raw:
            held = starts.get(line) or _held_by(plain_text(text), findings)
            out.extend(author_marks(raw, line, item.slug, held))
            if "[" in raw:  # a line without "[" is its text, searched already
                may_name = _HAS_REFERENCE.search(text) is not None
        if not may_name:  # a line with a "[" may name none
            continue
        in_framing = any(start <= line < end for start, end in framing)
        reading = not row and _starts_with_reference(text)
        shape = "framing" if in_framing else "reading" if reading else "row" if row else \
            "list" if _READING_LINE.match(text) else ""
        before = ""
        for sentence in ([text] if row else sentences(text)):
            if not row and _HAS_REFERENCE.search(sentence) is None:
                # names no item and cites no finding (``_mentions`` finds nothing in it): half of the
                # sentences of a line that may name one, each skipped by one search in C
                before = sentence
                continue
            found = _mentions(sentence, line, table if row else None, item.slug, findings, before, item.cites, named,
                              fuller)
            if shape:
                found = [m.but(shape=shape) for m in found]
            out.extend(_framing_citations(found) if in_framing or reading else found)
            before = sentence
    return tuple(out)


_NO_TABLE = Table()  # frozen: one for every line outside a table
_DATED = re.compile(r"\d{4}-\d\d-\d\d-")


def _lines_to_read(item: ResearchItem) -> list[tuple[int, str, bool, Table, bool]]:
    """(file line, text, is a table row, the table it is in, has a ``_HAS_REFERENCE``) of each line
    of ``item``'s body outside fenced code with a "[" or a ``_HAS_REFERENCE``: the lines ``scan``
    reads (a "[" may open an author's marker) and, of those with a ``_HAS_REFERENCE``, those
    ``named_items`` reads (each line searched once for both)."""
    out: list[tuple[int, str, bool, Table, bool]] = []
    table = _NO_TABLE
    for first, run in unfenced_lines(item.body):
        for line, raw in enumerate(run, item.body_line + first):
            row = raw.lstrip().startswith("|")
            table = table.after(raw) if row else _NO_TABLE  # a code block ends no table
            may_name = _HAS_REFERENCE.search(raw) is not None
            if may_name or "[" in raw:
                out.append((line, raw, row, table, may_name))
    return out


def named_items(item: ResearchItem) -> tuple[str, ...]:
    """The dated items ``item`` names anywhere in its body outside fenced code, in file order:
    those a description ("the CSDM research item") may name (``descriptions.described``)."""
    return _named_in((raw for _line, raw, _row, _table, may in _lines_to_read(item) if may), item.slug)


def _citing_sentences(lines: Sequence[tuple[int, str, bool, Table, bool]]) -> list[tuple[int, str, Table | None]]:
    """(line, sentence, its table) of every line read that may cite a finding: a table row whole
    (with its table), a prose line by sentence."""
    return [(line, sentence, table if row else None) for line, raw, row, table, may in lines
            if may and _may_cite_a_finding(raw)
            for sentence in ([without_marks(raw)] if row else sentences(without_marks(raw)))]


def _cited_by_name(citing: Sequence[tuple[int, str, Table | None]], own_slug: str, findings: _Findings,
                   cites: Sequence[str]) -> tuple[Fuller, ...]:
    """Each citation of a dated item's findings by its name (path, link, slug) in the sentences
    that may cite one (``_citing_sentences``): no words (it is no description), that item, the
    numbers the sentence cites of it.  A generic description citing the same numbers ("prior
    research Key Finding 6" where the item cites "`2026-03-01-x.md` … (Key Finding 6)" elsewhere)
    repeats that citation (``descriptions._fuller``)."""
    cited: dict[tuple[int, str, str], set[int]] = {}
    for line, sentence, table in citing:
        for m in _mentions(sentence, line, table, own_slug, findings, "", cites):
            if m.finding and not m.via and _DATED.match(m.target):
                cited.setdefault((line, sentence, m.target), set()).add(m.finding)
    return tuple((frozenset(), target, frozenset(numbers)) for (_l, _s, target), numbers in cited.items())


def _named_in(lines: Iterable[str], own_slug: str) -> tuple[str, ...]:
    """``named_items`` of the lines ``_lines_to_read`` finds a ``_HAS_REFERENCE`` in.

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
        for start, end, slug in _reference_spans(raw):
            if slug != own_slug and _DATED.match(slug):
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
    spans = _reference_spans(line[lead.end() : lead.end() + 400])
    return bool(spans) and spans[0][0] <= 30 and "key finding" not in line[: lead.end() + spans[0][0]].lower()


def _framing_citations(mentions: Sequence[Mention]) -> list[Mention]:
    """What a framing section's sentence links: only the findings it cites by number, each as
    a plain citation (no stance: the sentence describes the other item, it does not judge it)."""
    return [m.but(stance=None, held_by=0) for m in mentions if m.finding]


def _framing_lines(item: ResearchItem) -> list[tuple[int, int]]:
    """The [first, end) file lines of each framing section, its subsections included."""
    spans = []
    for index, section in enumerate(item.sections):
        if heading_key(section.heading) in FRAMING_SECTIONS:
            end = next((s.line for s in item.sections[index + 1 :] if s.level <= section.level), 1 << 30)
            spans.append((section.line, end))
    return spans


#: A sentence that illustrates instead of arguing: an example label ("Example: item A states …"),
#: a hypothetical ("… and a hypothetical item B states …", "suppose …").  A finding it names
#: illustrates a point; this item does not build on it: no claim link (the item→item link stays).
_EXAMPLE_LABEL = re.compile(r"[^A-Za-z]{0,12}(?:for[ \t]{1,3})?(?:examples?|instance|illustration)[ \t]{0,2}:", re.I)
#: r"\b(?:hypothetical(?:ly)?|suppose|imagine)\b" (case-insensitive), led by a first character class
#: outside the case flag (every character but the rest of ASCII: "ſ" is an "s", "ı" and "İ" an "i"),
#: so the regex engine skips ahead to an "h", "i" or "s"; the lookbehinds then ask of the character
#: before it and of that letter (``_HAS_REFERENCE``'s form): twice as fast, the same answer.
_HYPOTHETICAL = re.compile(r"(?-i:[^\x00-\x47\x4a-\x52\x54-\x67\x6a-\x72\x74-\x7f])(?<!\w.)"
                           r"(?:(?<=h)ypothetical(?:ly)?|(?<=s)uppose|(?<=i)magine)\b", re.I)


def _mentions(sentence: str, line: int, table: Table | None, own_slug: str, findings: _Findings,
              before: str = "", cites: Sequence[str] = (),
              naming: Callable[[], Sequence[str]] = tuple,
              fuller: Callable[[], Sequence[Fuller]] = tuple) -> list[Mention]:
    """The mentions of one sentence (``naming``: the items the item names anywhere, read when a
    description needs them; ``fuller``: the item's descriptions that name an item by its own words,
    read when a generic one needs them, ``descriptions.fuller_forms``)."""
    refs = references(sentence)
    refs = [(pos, slug) for pos, slug in refs if slug != own_slug]  # a self-reference links nothing
    if not refs and not _may_cite_a_finding(sentence):
        return []  # names no item, cites no finding (most sentences of a line that may): nothing to read
    if _EXAMPLE_LABEL.match(sentence) or _HYPOTHETICAL.search(sentence):
        return []
    if not refs:
        note = _source_note(sentence, line, own_slug, before)
        if note:
            return note
        return _described(sentence, line, own_slug, cites, findings, naming(),
                          [slug for _, slug in references(before)] if before else [], fuller)
    text = plain_text(sentence)
    row_claim = ""
    held = _held_by(text, findings)
    noted = False  # ``held`` is the finding an Evidence Map's Notes cell names
    sources: frozenset[int] | None = None
    if table is not None:
        cells = row_cells(sentence)
        claim_cell = table.claim_column()
        row_claim = plain_text(cells[claim_cell]) if claim_cell < len(cells) else ""
        sources = table.source_columns()
    quote_match = _QUOTE.search(text)
    quote = quote_match.group(1) if quote_match else ""
    cited: dict[str, list[int]] = {}
    for match in _FINDING.finditer(sentence):
        numbers = _numbers(match.group(1))
        cell = _cell_of(sentence, match.start())
        if sources is not None and cell not in sources and not _OF_THAT.match(sentence, match.end()) and \
                not any(_cell_of(sentence, pos) == cell for pos, _ in refs):
            # an Evidence Map's Notes cell ("Key Finding 5") names this item's own finding
            if not held and len(numbers) == 1 and numbers[0] <= len(findings):
                held, noted = numbers[0], True
            continue
        target = _target_of_number(sentence, match, refs)
        if target:
            cited.setdefault(target, []).extend(numbers)
    for target, numbers in bare_findings(sentence, refs, table is not None):
        cited.setdefault(target, []).extend(numbers)
    out = []
    kept = shorten_sentence(text)
    ids = {slug: str(number) for number, slug in enumerate(dict.fromkeys(slug for _, slug in refs))}
    # "this extends X …, and it reinforces Y": each item its own stance
    marked = _marked(sentence, ids)  # read for its stance, and as the prose when one item is named there
    stances, refused = governing(marked)
    clauses = _clauses_naming(sentence, refs)
    context = shorten_sentence(plain_text(before))
    plain: dict[str, str] = {}  # one clause often names many items: each read once
    said = said_words(row_claim or sentence, references(sentence, keep_text=True), "" if row_claim else before) \
        if not quote and any(not cited.get(slug) for slug in ids) else ""
    reported = reported_words(sentence) if said and len(ids) == 1 else ""  # what one described item found
    attributed, prose = _attributed(sentence, refs, before) if table is None else (frozenset(), "")
    named_in_prose = not attributed and len(ids) == 1 and table is None and not stances
    if named_in_prose:
        # one item named in the prose, no cue next to it: "`x.md` reached the same conclusion"
        attributed, prose = frozenset(ids), _CODE_SPAN.sub(" ", marked)
    described, unclear, about = described_stance(prose, marks=True) if attributed else (None, "", "")
    if named_in_prose:
        unclear = ""  # "`x.md` supports Y" uses x as a source: built on, as a cue next to it says
    for slug in ids:
        cue = stances.get(ids[slug])
        stance = cue[2] if cue else None
        named = " ".join(clauses.get(slug, ()))
        if named not in plain:  # kept cut like the sentence: read no more of it than that
            plain[named] = shorten_sentence(plain_text(named[: 4 * MAX_SENTENCE]))
        clause = plain[named]
        withheld, refusal, by_description = False, refused.get(ids[slug], ""), False
        if slug in attributed and stance is None:
            # named only in the source attribution: what the prose says of the work it describes
            clause = shorten_sentence(about or prose)
            stance, withheld, refusal = described, bool(unclear), unclear or refusal
            by_description = described is not None
        numbers = cited.get(slug) or [0]
        for number in dict.fromkeys(numbers):
            out.append(Mention(slug, number, quote if number == 0 else "", stance, kept, line, held, row_claim,
                               context, clause, refused=refusal, said="" if number else said, withheld=withheld and not number,
                               described=by_description, via="notes" if noted else "", reported="" if number else reported))
    if not any(_DATED.match(slug) for _, slug in refs):
        # undated slugs only ("context-mode research (Key Finding 4)"): most are no item's name, so
        # they are read as a description too (a slug that is an item's name resolves to the same item)
        seen = {(m.target, m.finding) for m in out}
        out.extend(m for m in _described(sentence, line, own_slug, cites, findings, naming(), (), fuller)
                   if (m.target, m.finding) not in seen)
    return out


#: A source attribution: an evidence label naming its sources ("[inference; source: …]", "[fact]"),
#: a "(source: …)" note.  An item named only there is the source of what the prose says.
_ATTRIBUTION = re.compile(r"\[(?:fact|inference|assumption|speculation|hypothesis|sources?)\b[^\[\]\n]{0,3000}\]|"
                          r"\((?:sources?|see)[ \t]{0,2}:[^()\n]{0,3000}\)", re.I)
#: A source note standing as a sentence after the one it qualifies ("… rather than X. Source: …").
_SOURCE_NOTE = re.compile(r"[^A-Za-z]{0,12}sources?[ \t]{0,2}:", re.I)


def _attributed(sentence: str, refs: Sequence[tuple[int, str]], before: str) -> tuple[frozenset[str], str]:
    """The items a sentence names only in its source attribution, and the prose the attribution
    qualifies (the sentence without its attributions; for a source note, the sentence before)."""
    if _SOURCE_NOTE.match(sentence):
        return frozenset(slug for _, slug in refs), _prose(before)
    spans = [m.span() for m in _ATTRIBUTION.finditer(sentence)] if "[" in sentence or "(" in sentence else []
    if not spans:
        return frozenset(), ""
    inside = {slug for pos, slug in refs if any(a <= pos < b for a, b in spans)}
    outside = {slug for pos, slug in refs if not any(a <= pos < b for a, b in spans)}
    return frozenset(inside - outside), _prose(sentence)


def _prose(sentence: str) -> str:
    """A sentence's own words: its attributions out, links' text kept, targets out."""
    # `contradicts` in code names a relation type, not a stance
    return plain_text(_CODE_SPAN.sub(" ", _ATTRIBUTION.sub(" ", sentence[: 4 * MAX_SENTENCE])))


def _source_note(sentence: str, line: int, own_slug: str, before: str) -> list[Mention]:
    """A source note citing finding numbers and naming no item ("… the `x.md` item confirmed:
    "…". Source: Key Finding #2."): the numbers are those of the one item the sentence before
    it on its line names (it qualifies that sentence, whose words say what it is about)."""
    if not before or not _SOURCE_NOTE.match(sentence):
        return []
    named = {slug for _, slug in references(before) if slug != own_slug}
    if len(named) != 1:
        return []
    text = shorten_sentence(plain_text(sentence))
    context = shorten_sentence(plain_text(before))
    return [Mention(next(iter(named)), number, "", None, text, line, 0, context=context)
            for match in _FINDING.finditer(sentence) for number in _numbers(match.group(1))]


def bare_findings(sentence: str, refs: Sequence[tuple[int, str]], row: bool) -> list[tuple[str, list[int]]]:
    """(item, numbers) of each "Finding N" without "Key" (``BARE_FINDING``): the finding of the item
    named nearest before it in the sentence (a row: in its cell).  Items write the form mostly for
    their own findings ("(Finding 9)" in their Evidence Map): with no item named before it, not read."""
    if "Finding" not in sentence:
        return []
    keyed = [match.span() for match in _FINDING.finditer(sentence)]  # "Key Finding 4" is read as such
    out = []
    for match in BARE_FINDING.finditer(sentence):
        at = match.start()
        named = [(pos, slug) for pos, slug in refs if pos < at and (not row or _cell_of(sentence, pos) == _cell_of(sentence, at))]
        if named and not any(start <= at < end for start, end in keyed):
            out.append((max(named)[1], _numbers(match.group(1))))
    return out


def _cell_of(row: str, position: int) -> int:
    """The index of the cell ``position`` is in (``row_cells`` numbering)."""
    return row.count("|", 0, position) - (1 if row.lstrip().startswith("|") else 0)


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


@lru_cache(maxsize=64)  # a sentence that names an item is read again for its stance (``_marked``)
def _reference_spans(sentence: str) -> tuple[tuple[int, int, str], ...]:
    """(start, end, normalised slug or suffix) of each item a sentence names, in order."""
    spans: list[tuple[int, int, str]] = []  # sorted by start, never overlapping
    starts: list[int] = []

    def add(start: int, end: int, slug: str) -> None:
        at = bisect.bisect_left(starts, end)  # spans before ``at`` start before this one ends
        if at and spans[at - 1][1] > start:
            return  # a path's slug is not named twice
        spans.insert(at, (start, end, slug))
        starts.insert(at, start)

    for m in _path_links(sentence):
        add(m.start(), m.end(), normalise_slug(m.group(1)))
    for m in _DATED_SLUG.finditer(sentence):
        add(m.start(), m.end(), normalise_slug(m.group(1)))
    if "`" in sentence:
        for m in _CODE_SLUG.finditer(sentence):
            add(m.start(), m.end(), normalise_slug(m.group(1)))
    # An undated slug outside `code` counts only beside a cited finding, in a sentence that names
    # no item plainly ("the prior local-database research (Key Finding 2)"); resolved later only
    # if it is exactly one item's undated name.
    if not spans and _may_cite_a_finding(sentence) and _FINDING.search(sentence):
        for m in _BARE_SLUG.finditer(sentence):
            add(m.start(), m.end(), m.group(1))
    return tuple(spans)


def _path_links(sentence: str) -> Iterator[re.Match[str]]:
    """``_PATH_LINK.finditer(sentence)`` without trying its lookbehind at every position: a match
    starts only where a run of ``_PATH_CHARS`` starts and holds a ".md" of that run (``_PATH_CHARS``
    too), so each run holding a ".md" is matched once, from its start (``str.rstrip`` finds it in C,
    reading back to the ".md" before at most)."""
    after, at = 0, sentence.find(".md")  # after: the end of the ".md" before
    while at >= 0:
        head = sentence[after:at].rstrip(_PATH_CHARS)  # empty: the run of the ".md" before, matched
        match = _PATH_LINK.match(sentence, after + len(head)) if head or not after else None
        if match:
            yield match
        after, at = at + 3, sentence.find(".md", at + 3)


def _may_cite_a_finding(sentence: str) -> bool:
    """Whether ``_FINDING`` may match: its "key" or "KF" (any case; str.lower turns the Kelvin
    sign, which the case-insensitive regex takes for a "k", into one) is in the sentence."""
    low = sentence.lower()
    return "key" in low or "kf" in low


def _target_of_number(sentence: str, match: re.Match[str], refs: Sequence[tuple[int, str]]) -> str:
    """The item a "Key Finding N" belongs to: "N of <ref>", else the nearest reference before
    it in the same table cell or sentence, else the first after it."""
    that = _OF_THAT.match(sentence, match.end())
    if that and refs:  # "Key Finding 2 of that item": the item the row or sentence names
        return refs[0][1]
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
