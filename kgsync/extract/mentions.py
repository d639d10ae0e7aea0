"""What one sentence says of the items it names (``sentence_mentions``): the finding numbers it cites
of each ("Key Finding 2 of that item", a Notes cell's own finding, "Finding 9" after the item), a
quoted passage, the stance that governs each item, a source attribution's described work, a source
note, and no claim link from an example or a hypothetical.  Part of the per-file scan
(``kgsync.extract.references``).

Deterministic and linear in the text: every pattern starts at a literal or a class that cannot
repeat before it, and every quantifier next to another is bounded.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence

from kgsync.contract.model import RelationType
from kgsync.extract.described_stance import described_stance
from kgsync.extract.evidence_model import MARKUP, MAX_SENTENCE, Mention, plain_text, shorten_sentence
from kgsync.extract.descriptions import BARE_FINDING, FINDING as _FINDING, Findings as _Findings, \
    described as _described, Fuller, held_by as _held_by, numbers as _numbers
from kgsync.extract.reference_spans import DATED, may_cite_a_finding, reference_spans, references
from kgsync.extract.restated import reported_words, said_words
from kgsync.extract.stance import CLAUSE_END, MARK, MARK_TOKEN, governing, own_clause
from kgsync.extract.tables import Table, row_cells

_OF_NEXT = re.compile(r"[ \t]{0,3}(?:of|in|from)[ \t]{1,3}(?:the[ \t]{1,3})?[`'\"(]?")
#: "Key Finding 2 of that item", "(… of the cited item)": the number is the row's or sentence's item's.
_OF_THAT = re.compile(r"[ \t]{0,3}(?:of|in|from)[ \t]{1,3}(?:that|the[ \t]{1,3}(?:cited|prior|same|source))\b", re.I)
_QUOTE = re.compile(r"[\"“]([^\"“”\n]{20,400})[\"”]")
_CODE_SPAN = re.compile(r"`[^`\n]{0,300}`")
#: The stances ``stance.own_clause`` reads further: said in the item's own clause, they are written as such.
_OWN_STANCES = frozenset({RelationType.SUPPORTS, RelationType.CONTRADICTS})


#: A sentence that illustrates instead of arguing: an example label ("Example: item A states …"),
#: a hypothetical ("… and a hypothetical item B states …", "suppose …").  A finding it names
#: illustrates a point; this item does not build on it: no claim link (the item→item link stays).
_EXAMPLE_LABEL = re.compile(r"[^A-Za-z]{0,12}(?:for[ \t]{1,3})?(?:examples?|instance|illustration)[ \t]{0,2}:", re.I)
#: r"\b(?:hypothetical(?:ly)?|suppose|imagine)\b" (case-insensitive), led by a first character class
#: outside the case flag (every character but the rest of ASCII: "ſ" is an "s", "ı" and "İ" an "i"),
#: so the regex engine skips ahead to an "h", "i" or "s"; the lookbehinds then ask of the character
#: before it and of that letter (``HAS_REFERENCE``'s form): twice as fast, the same answer.
_HYPOTHETICAL = re.compile(r"(?-i:[^\x00-\x47\x4a-\x52\x54-\x67\x6a-\x72\x74-\x7f])(?<!\w.)"
                           r"(?:(?<=h)ypothetical(?:ly)?|(?<=s)uppose|(?<=i)magine)\b", re.I)


def sentence_mentions(sentence: str, line: int, table: Table | None, own_slug: str, findings: _Findings,
              before: str = "", cites: Sequence[str] = (),
              naming: Callable[[], Sequence[str]] = tuple,
              fuller: Callable[[], Sequence[Fuller]] = tuple) -> list[Mention]:
    """The mentions of one sentence (``naming``: the items the item names anywhere, read when a
    description needs them; ``fuller``: the item's descriptions that name an item by its own words,
    read when a generic one needs them, ``descriptions.fuller_forms``)."""
    refs = references(sentence)
    refs = [(pos, slug) for pos, slug in refs if slug != own_slug]  # a self-reference links nothing
    if not refs and not may_cite_a_finding(sentence):
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
    sourced = attributed  # the items named only as the source of what the sentence says
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
        own = stance in _OWN_STANCES and own_clause(marked, ids[slug])
        if slug in attributed and stance is None:
            # named only in the source attribution: what the prose says of the work it describes
            clause = shorten_sentence(about or prose)
            stance, withheld, refusal = described, bool(unclear), unclear or refusal
            by_description = described is not None
            # an agreement whose two sides are this item's conclusion and the work the attribution names, in one
            # clause ("prior repository work … strengthens the same conclusion"): this item's own statement that
            # they agree, read like ``own_clause`` (``evidence_stance``: written so when nothing undercuts it)
            # (a row's cells list its sources, though a list line holds it: "- | claim | sources | … |")
            own = described is RelationType.SUPPORTS and "|" not in sentence
        numbers = cited.get(slug) or [0]
        for number in dict.fromkeys(numbers):
            out.append(Mention(slug, number, quote if number == 0 else "", stance, kept, line, held, row_claim,
                               context, clause, refused=refusal, said="" if number else said, withheld=withheld and not number,
                               described=by_description, via="notes" if noted else "", reported="" if number else reported,
                               sourced=slug in sourced, own=own))
    if not any(DATED.match(slug) for _, slug in refs):
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
    return [Mention(next(iter(named)), number, "", None, text, line, 0, context=context, sourced=True)
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
    """The sentence as ``classify`` reads it: each reference a mark (``stance.MARK`` followed by
    the id ``ids`` gives its item), code spans out (`contradicts` in code names a relation type,
    not a stance)."""
    parts, last = [], 0
    for start, end, slug in reference_spans(sentence):
        if start >= last:
            parts.append(sentence[last:start])
            parts.append(f" {MARK}{ids.get(slug, '') if ids else ''} ")
            last = end
    parts.append(sentence[last:])
    text = _CODE_SPAN.sub(lambda m: " " + " ".join(MARK_TOKEN.findall(m.group(0))) + " ", "".join(parts))
    # A link keeps its text, and the mark when its target was the reference.
    text = MARKUP.sub(lambda m: (m.group(1) or "") + " " + " ".join(MARK_TOKEN.findall(m.group(0))) + " ", text)
    return " ".join(text.split())
