"""Evidence between findings: where one item's words say it supports, contradicts or extends
another item's finding.

Two steps, both deterministic and linear in the text (no model, no pattern that can
backtrack on a hostile line: every quantifier next to another is bounded):

1. ``scan`` (per file, cached with the record): every sentence outside fenced code that
   names another item (a path ``…/<slug>.md``, a dated slug, a `code` slug, or an undated
   slug beside a finding number), with the finding numbers it cites ("Key Finding #7",
   "KF 4", "Key Finding 4 of `slug`"), a quoted passage (the finding's own words), and the
   sentence's stance (``classify``: cue words, negation and hedges).  An Evidence Map row
   is one sentence.
2. ``plan`` (corpus level, before assembly): each mention resolved to an item and a finding;
   each link becomes (referencing finding or "best match", relation, referenced claim, the
   sentence, its line).  A finding a link names becomes a claim beyond the per-item cap
   (``cited_finding_numbers``).  Vetoed pairs (``kgsync-veto.yml``) never return.

Decisions the issue left open (docs/EVIDENCE.md): a cited finding without a cue word is
built on (``extends``); a reference to a superseded item, or from one, links no claims
(their claims are excluded, the item→item ``extends`` stays); an unnumbered reference links
a finding only when the sentence has a stance cue and shares at least ``MIN_SHARED`` content
words with one of the item's findings; a supports/contradicts link (a trust statement) is
written only from the finding holding the sentence or a clear best match (``source_finding``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from kgsync.contract.errors import Location
from kgsync.read.items import Issue, IssueSeverity, KeyFinding, ResearchItem, heading_key, normalise_slug
from kgsync.contract.model import claim_name

if TYPE_CHECKING:
    from kgsync.extract.findings import Claim, Extraction

#: A sentence kept as evidence is cut here (the manifest and the PR quote it).
MAX_SENTENCE = 300
#: Content words an unnumbered reference must share with a finding to name it.
MIN_SHARED = 3
#: Content words the referencing finding must share with what the sentence says.
MIN_SOURCE_WORDS = 1
#: A trust statement (supports, contradicts) from a finding that does not hold the sentence:
#: the best match must share ``MIN_SHARED`` words with what is said and lead every other finding
#: by this many (picks with a smaller lead were right under 0.9 of the time: docs/EVIDENCE.md).
MIN_TRUST_LEAD = 2


class Stance(StrEnum):
    SUPPORTS = "supports"
    CONTRADICTS = "contradicts"
    EXTENDS = "extends"
    NONE = ""


# Cue phrases, as lower-case word sequences.  Negation and hedges are read from the
# words before a cue (``_NEGATORS``, ``_HEDGES``), not from the patterns.
_CUES: dict[Stance, tuple[str, ...]] = {
    # Verb forms only: "contradiction" and "contradict" name the topic far more often than they
    # state a stance ("contradiction handling", "extend, or contradict findings").
    Stance.CONTRADICTS: (
        "contradicts", "contradicted by", "refutes", "refuted by", "overturns", "overturned by", "not borne out",
        "conflicts with", "inconsistent with", "at odds with", "disputes", "reverses", "reversed by",
    ),
    # A bare participle ("Scope confirmed", "import validated claims") is rarely about the item
    # named: participles count with the word that ties them to it ("confirmed by", "confirmed in").
    Stance.SUPPORTS: (
        "confirms", "confirming", "confirmed by", "confirmed in", "confirmed that", "corroborates",
        "corroborated by", "corroborating", "replicates", "replicated by", "consistent with", "in line with",
        "agrees with", "in agreement with", "validates", "validated by", "reinforces", "reinforced by",
        "cross-confirmed",
    ),
    Stance.EXTENDS: (
        # Active forms only: "should be extended with" is rarely about the item named.
        "builds on", "build on", "built on", "building on", "refines", "generalises", "generalizes",
        "narrows", "successor", "extends", "follow-up to", "follows up",
    ),
}
_NEGATORS = frozenset("not no never without nor cannot n't doesn't don't didn't isn't aren't wasn't".split())
_NEGATING_PAIRS = (("rather", "than"), ("instead", "of"))
_HEDGES = frozenset("may might could appears apparent seems seeming potential possible possibly partially "
                    "perhaps arguably".split())
_LOOKBACK = 3  # words before a cue that can negate or hedge it
#: How many words from where a reference is named a cue may stand (a contradiction must be close).
_REACH = {Stance.CONTRADICTS: 12, Stance.SUPPORTS: 15, Stance.EXTENDS: 15}
_MARK = "zzreference"  # stands for a reference in the text ``classify`` reads
_MARK_TOKEN = re.compile(_MARK + r"\d{0,6}")
_WORD = re.compile(r"[a-z0-9]+(?:['’-][a-z0-9]+)*")
_CUE_INDEX: dict[str, list[tuple[tuple[str, ...], Stance]]] = {}
for _stance, _phrases in _CUES.items():
    for _phrase in _phrases:
        _words = tuple(_WORD.findall(_phrase))
        _CUE_INDEX.setdefault(_words[0], []).append((_words, _stance))

# References.  Every pattern starts at a literal or a class that cannot repeat before it.
_PATH_LINK = re.compile(r"(?<![A-Za-z0-9._-])([A-Za-z0-9._-]{1,200})\.md\b")
_DATED_SLUG = re.compile(r"(?<![A-Za-z0-9-])(\d{4}-\d{2}-\d{2}-[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){0,20})(?![a-z0-9])")
_CODE_SLUG = re.compile(r"`([a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){2,20})(?:\.md)?`")
_BARE_SLUG = re.compile(r"(?<![A-Za-z0-9./-])([a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){1,20})(?![A-Za-z0-9/-])")
_FINDING = re.compile(r"\b(?:key[ \t]{1,3}findings?|KF)[ \t]{0,3}(?:#[ \t]{0,2})?(\d{1,3})\b", re.I)
_OF_NEXT = re.compile(r"[ \t]{0,3}(?:of|in|from)[ \t]{1,3}(?:the[ \t]{1,3})?[`'\"(]?")
_SENTENCE_END = re.compile(r"[.!?][ \t]{1,8}(?=[A-Z`\"*(\[])")
_QUOTE = re.compile(r"[\"“]([^\"“”\n]{20,400})[\"”]")
_FENCE = re.compile(r"[ \t]{0,3}(?:```|~~~)")
_CODE_SPAN = re.compile(r"`[^`\n]{0,300}`")
_MARKUP = re.compile(r"\*\*|__|\[([^\]\n]{0,300})\]\([^)\n]{0,500}\)")
_HAS_REFERENCE = re.compile(r"\.md\b|\d{4}-\d\d-\d\d-|`[a-z0-9]|\b(?:key[ \t]{1,3}finding|KF)", re.I)
_STOP = frozenset(
    "a an the and or of in on for to with by from as at is are was were be been being this that these those it "
    "its their there than then into via over under not no can could may might should would will must more most "
    "less very also only just such each every all any both per key finding findings prior research item items "
    "source sources high medium low confirmed consistent md completed "
    # function words: shared, they say nothing about what two texts are about
    "has have had does did done which what when where who whom whose how why because while whereas although "
    "though however therefore thus hence since until unless whether about above after again against before "
    "below between during through out off once here other same own too now one two three new etc".split()
)


@dataclass(frozen=True)
class Mention:
    """One reference a sentence of an item makes to another item (per file: not yet resolved)."""

    target: str  # normalised slug, or an undated slug suffix
    finding: int  # the finding number it cites (0: none)
    quote: str  # a quoted passage in the sentence (the finding's own words), "" none
    stance: Stance
    sentence: str  # the sentence (or Evidence Map row), markup out, cut at MAX_SENTENCE
    line: int  # its file line
    held_by: int  # the number of this item's own finding that holds the sentence (0: none)
    row_claim: str = ""  # an Evidence Map row's claim cell: what this item claims there
    context: str = ""  # the sentence before it on the line ("X. Source: `y.md` Key Finding 3.")
    clause: str = ""  # the clause that names the item (``classify``), what the sentence says of it


@dataclass(frozen=True)
class ClaimText:
    """What the plan reads of a finding: its claim (``extract.Claim`` has these fields) and the
    content words of the finding's whole text, which its prose restates (``finding_words``)."""

    number: int
    key: str
    statement: str
    words: str = ""  # the finding's content words, sorted, space-joined

    def content(self) -> frozenset[str]:
        return frozenset(self.words.split()) if self.words else content_words(self.statement)


@dataclass(frozen=True)
class EvidenceText:
    """What the plan reads of one item: its mentions and its findings as claims (small, so a
    build keeps it beside the record cache instead of loading every item's extraction)."""

    slug: str
    mentions: tuple[Mention, ...]
    claims: tuple[ClaimText, ...]

    @classmethod
    def of(cls, extraction: Extraction) -> EvidenceText:
        words = dict(extraction.finding_words)
        return cls(extraction.slug, extraction.mentions,
                   tuple(ClaimText(c.number, c.key, c.statement, words.get(c.number, "")) for c in extraction.claims))


@dataclass(frozen=True)
class PlannedLink:
    """A claim→claim link an item states, resolved; the source claim is chosen at assembly."""

    source_number: int  # the referencing item's finding that states it (``source_finding``)
    relation: Stance
    target_claim: str  # the referenced claim's name
    target_slug: str
    sentence: str
    line: int

    def key(self) -> tuple[int, str, str, str, int]:
        return (self.source_number, self.relation.value, self.target_claim, self.sentence, self.line)


@dataclass(frozen=True)
class EvidencePlan:
    required: Mapping[str, frozenset[int]]  # slug -> finding numbers that must become claims
    links: Mapping[str, tuple[PlannedLink, ...]]  # referencing slug -> its links
    issues: tuple[Issue, ...] = ()
    vetoed: frozenset[tuple[str, str]] = frozenset()

    def for_item(self, slug: str) -> tuple[frozenset[int], tuple[PlannedLink, ...]]:
        return self.required.get(slug, frozenset()), self.links.get(slug, ())


# ---------------------------------------------------------------------------------------------
# 1. scan (per file)


_Findings = Sequence[tuple[KeyFinding, str]]  # each Key Findings entry with its words (``_words_key``)


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
    findings = [(f, _words_key(f.text)) for f in item.key_findings]
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
        for sentence in ([raw] if row else _sentences(raw)):
            found = _mentions(sentence, line, row, item.slug, findings, before)
            out.extend(_framing_citations(found) if in_framing else found)
            before = sentence
    return tuple(out)


def _framing_citations(mentions: Sequence[Mention]) -> list[Mention]:
    """What a framing section's sentence links: only the findings it cites by number, each as
    a plain citation (no stance: the sentence describes the other item, it does not judge it)."""
    return [replace(m, stance=Stance.NONE, held_by=0) for m in mentions if m.finding]


def _framing_lines(item: ResearchItem) -> list[tuple[int, int]]:
    """The [first, end) file lines of each framing section, its subsections included."""
    spans = []
    for index, section in enumerate(item.sections):
        if heading_key(section.heading) in FRAMING_SECTIONS:
            end = next((s.line for s in item.sections[index + 1 :] if s.level <= section.level), 1 << 30)
            spans.append((section.line, end))
    return spans


def _sentences(line: str) -> list[str]:
    out, start = [], 0
    for match in _SENTENCE_END.finditer(line):
        out.append(line[start : match.start() + 1])
        start = match.end()
    out.append(line[start:])
    return [s for s in out if s.strip()]


def _mentions(sentence: str, line: int, row: bool, own_slug: str, findings: _Findings,
              before: str = "") -> list[Mention]:
    refs = _references(sentence)
    refs = [(pos, slug) for pos, slug in refs if slug != own_slug]  # a self-reference links nothing
    if not refs:
        return []
    text = _plain(sentence)
    cells = [c for c in sentence.split("|")] if row else []
    row_claim = _plain(cells[1]) if row and len(cells) > 2 else ""
    held = _held_by(text, findings)
    quote_match = _QUOTE.search(text)
    quote = quote_match.group(1) if quote_match else ""
    cited: dict[str, list[int]] = {}
    for match in _FINDING.finditer(sentence):
        target = _target_of_number(sentence, match, refs)
        if target:
            cited.setdefault(target, []).append(int(match.group(1)))
    out = []
    kept = _shorten(text)
    ids = {slug: str(number) for number, slug in enumerate(dict.fromkeys(slug for _, slug in refs))}
    # "this extends X …, and it reinforces Y": each item its own stance
    stances = _governing(_marked(sentence, ids), row)
    clauses = {} if row else _clauses_naming(sentence, refs)
    context = _shorten(_plain(before))
    plain: dict[str, str] = {}  # one clause often names many items: each read once
    for slug in ids:
        governing = stances.get(ids[slug])
        stance = governing[2] if governing else Stance.NONE
        named = " ".join(clauses.get(slug, ()))
        if named not in plain:  # kept cut like the sentence: read no more of it than that
            plain[named] = _shorten(_plain(named[: 4 * MAX_SENTENCE]))
        clause = plain[named]
        numbers = cited.get(slug) or [0]
        for number in dict.fromkeys(numbers):
            out.append(Mention(slug, number, quote if number == 0 else "", stance, kept, line, held, row_claim,
                               context, clause))
    return out


def _clauses_naming(sentence: str, refs: Sequence[tuple[int, str]]) -> dict[str, dict[str, None]]:
    """The clauses (``_CLAUSE_END``) of a sentence that name each item, in order."""
    starts, texts, start = [], [], 0
    for match in _CLAUSE_END.finditer(sentence):
        starts.append(start)
        texts.append(sentence[start : match.start()])
        start = match.end()
    starts.append(start)
    texts.append(sentence[start:])
    out: dict[str, dict[str, None]] = {}
    for position, slug in refs:
        out.setdefault(slug, {})[texts[bisect.bisect_right(starts, position) - 1]] = None
    return out


def _references(sentence: str, keep_text: bool = False) -> list[tuple[int, str]]:
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
            parts.append(f" {_MARK}{ids.get(slug, '') if ids else ''} ")
            last = end
    parts.append(sentence[last:])
    text = _CODE_SPAN.sub(lambda m: " " + " ".join(_MARK_TOKEN.findall(m.group(0))) + " ", "".join(parts))
    # A link keeps its text, and the mark when its target was the reference.
    text = _MARKUP.sub(lambda m: (m.group(1) or "") + " " + " ".join(_MARK_TOKEN.findall(m.group(0))) + " ", text)
    return " ".join(text.split())


def _held_by(text: str, findings: _Findings) -> int:
    key = _words_key(text)
    if len(key) < 20:
        return 0
    for finding, finding_key in findings:
        if key in finding_key:
            return finding.number
    return 0


def finding_words(findings: Sequence[KeyFinding]) -> tuple[tuple[int, str], ...]:
    """Each finding's content words (its whole text, not only the claim's lead sentence): what
    a sentence elsewhere in the item says when it restates the finding's detail."""
    return tuple((f.number, " ".join(sorted(content_words(f.text)))) for f in findings)


def _words_key(text: str) -> str:
    return " ".join(_WORD.findall(_plain(text).lower()))


def _plain(text: str) -> str:
    return " ".join(_MARKUP.sub(lambda m: m.group(1) or "", text).split())


def _shorten(text: str) -> str:
    text = text.strip(" |")
    if len(text) <= MAX_SENTENCE:
        return text
    return text[: MAX_SENTENCE - 1].rsplit(" ", 1)[0] + "…"


def classify(sentence: str, row: bool = False) -> Stance:
    """The stance a sentence takes toward the items it names (``REFERENCE`` marks where they are
    named; a sentence without a mark is read whole): the unnegated, unhedged cue that governs a
    reference, that is, stands in its clause (clauses end at ";", "|" and dashes: "— covers X;
    confirms Y" says nothing of the item named before the dash), within reach of it, the
    nearest one first; with no mark, contradicts first, then supports, then extends.  An
    Evidence Map row (``row``) is one clause: its notes cell ("Cross-confirmed by two sources")
    says how its sources bear on its claim.

    "not a contradiction", "does not confirm", "rather than contradicting" negate their cue;
    "may contradict", "an apparent contradiction" hedge it: either way the cue does not count.
    A cue listed beside another stance's cue ("confirms, contradicts, extends") names relation
    types, not a stance.
    """
    governing = _governing(sentence, row)
    return min(governing.values())[2] if governing else Stance.NONE


def _governing(sentence: str, row: bool) -> dict[str, tuple[int, int, Stance]]:
    """For each mark's id (``_marked``; "" for a bare mark, and for the whole sentence when it
    has none): the rank (distance, stance priority) and stance of the cue that governs it.
    Linear in the sentence: a cue looks only at the words within its reach."""
    words: list[str] = []
    clause_of: list[int] = []
    for clause, text in enumerate([sentence.lower()] if row else _CLAUSE_END.split(sentence.lower())):
        found = _WORD.findall(text)
        words += found
        clause_of += [clause] * len(found)
    marks = {i: w[len(_MARK):] for i, w in enumerate(words) if w.startswith(_MARK)}
    cues: list[tuple[int, Stance]] = []
    for index, word in enumerate(words):
        cues += [(index, stance) for phrase, stance in _CUE_INDEX.get(word, ())
                 if tuple(words[index : index + len(phrase)]) == phrase]
    stances_at: dict[int, set[Stance]] = {}
    for index, stance in cues:
        stances_at.setdefault(index, set()).add(stance)
    out: dict[str, tuple[int, int, Stance]] = {}
    for index, stance in cues:
        nearby = (other for j in range(index - 3, index + 4) for other in stances_at.get(j, ()))
        before = words[max(0, index - _LOOKBACK) : index]
        if any(other is not stance for other in nearby) or _negated(before) or any(w in _HEDGES for w in before):
            continue  # listed beside another stance's cue, negated or hedged
        priority = _PRIORITY.index(stance)
        if not marks:
            out[""] = min(out.get("", (0, priority, stance)), (0, priority, stance))
            continue
        reach = _REACH[stance]
        for at in range(max(0, index - reach), index + reach + 1):
            mark = marks.get(at)
            if mark is None or clause_of[at] != clause_of[index]:
                continue
            rank = (abs(at - index), priority, stance)
            if mark not in out or rank < out[mark]:
                out[mark] = rank
    return out


_PRIORITY = (Stance.CONTRADICTS, Stance.SUPPORTS, Stance.EXTENDS)
#: Where a clause ends: a cue past it is about something else than the item named before it.
_CLAUSE_END = re.compile(r"[;|\[\]]|[ \t]-[ \t]|[—–]")


def _negated(before: Sequence[str]) -> bool:
    if any(w in _NEGATORS or w.endswith(("n't", "n’t")) for w in before):
        return True
    return any(tuple(before[i : i + 2]) == pair for pair in _NEGATING_PAIRS for i in range(len(before) - 1))


# ---------------------------------------------------------------------------------------------
# 2. plan (corpus level)


def plan(items: Sequence[ResearchItem], texts: Mapping[str, EvidenceText | Extraction],
         known: Mapping[str, ResearchItem], suffixes: Mapping[str, str],
         vetoed: frozenset[tuple[str, str]] = frozenset()) -> EvidencePlan:
    """Resolve every item's mentions to claim→claim links, and the findings they require.

    ``texts``: each item's ``EvidenceText`` (or its extraction); ``known``: every item a
    reference may name (failed items included: they have no text, so no claim is linked)."""
    required: dict[str, set[int]] = {}
    links: dict[str, list[PlannedLink]] = {}
    issues: list[Issue] = []
    read = {slug: t if isinstance(t, EvidenceText) else EvidenceText.of(t) for slug, t in texts.items()}
    for item in items:
        extraction = read[item.slug]
        if item.is_superseded:
            continue  # its claims are excluded: it states no evidence
        mine: dict[tuple[int, Stance, str, int], PlannedLink] = {}
        for mention in extraction.mentions:
            slug = mention.target if mention.target in known else suffixes.get(mention.target)
            if slug is None or slug == item.slug:
                continue
            target = known[slug]
            if target.is_superseded:
                continue  # its claims are not in the graph; the item→item extends stays
            target_extraction = read.get(slug)
            if target_extraction is None:
                continue  # kept from an earlier build: its findings are not read now
            claim = _named_finding(mention, target_extraction, issues, item)
            if claim is None:
                continue
            relation = mention.stance or Stance.EXTENDS
            source = source_finding(mention, claim, extraction.claims, trust=relation is not Stance.EXTENDS)
            if source is None:
                continue
            target_name = claim_name(slug, claim.key)
            link = PlannedLink(source.number, relation, target_name, slug, mention.sentence, mention.line)
            if (claim_name(item.slug, source.key), target_name) in vetoed or \
                    (target_name, claim_name(item.slug, source.key)) in vetoed:
                continue  # a maintainer rejected it: it never returns (nor forces its claims)
            mine.setdefault((source.number, relation, target_name, mention.line), link)
            required.setdefault(slug, set()).add(claim.number)
            required.setdefault(item.slug, set()).add(source.number)
        if mine:
            links[item.slug] = sorted(mine.values(), key=PlannedLink.key)
    return EvidencePlan({s: frozenset(n) for s, n in sorted(required.items())},
                        {s: tuple(v) for s, v in sorted(links.items())}, tuple(issues), vetoed)


def _named_finding(mention: Mention, target: EvidenceText, issues: list[Issue],
                   item: ResearchItem) -> ClaimText | None:
    """The referenced item's finding a mention names: its number, its quoted words, or (with a
    stance cue) the finding sharing the most content words with the sentence."""
    claims = {c.number: c for c in target.claims}
    if mention.finding:
        claim = claims.get(mention.finding)
        if claim is None:
            issues.append(Issue(
                IssueSeverity.WARNING, Location(item.path, mention.line),
                f"cites Key Finding {mention.finding} of {target.slug}, which has {len(claims)} finding(s): no link",
                f"check the number against {target.slug}'s Key Findings", item.slug))
        return claim
    if mention.quote:
        quoted = _words_key(mention.quote)
        for claim in target.claims:
            if quoted and quoted in _words_key(claim.statement):
                return claim
    if mention.stance is Stance.NONE or not target.claims:
        return None
    words = _said(mention.row_claim or mention.clause or mention.sentence)
    ranked = sorted(((len(words & content_words(c.statement)), c) for c in target.claims),
                    key=lambda pair: (-pair[0], pair[1].number))
    shared, best = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else 0
    # A tie is a guess: the item→item link says all there is.
    return best if shared >= MIN_SHARED and shared > runner_up else None


def _said(text: str) -> frozenset[str]:
    """The content words of what a sentence says, less the references it makes: the path or
    link that names an item says nothing about its subject ("`lancedb-index-rebuild-from-git.md`"
    nothing about LanceDB, "https://github.com/…/completed/x.md" nothing about GitHub), but the
    sentence's own words do, even where they repeat the item's name."""
    return content_words(_unreferenced(text))


def _unreferenced(text: str) -> str:
    """``text`` without the whitespace-delimited tokens that hold a reference."""
    parts, last = [], 0
    for position, written in _references(text, keep_text=True):
        start = max(text.rfind(" ", 0, position) + 1, last)
        end = text.find(" ", position + len(written))
        parts.append(text[last:start])
        last = len(text) if end < 0 else max(last, end)
    parts.append(text[last:])
    return " ".join(parts)


_PLAIN_WORD = re.compile(r"[a-z0-9]+")


def content_words(text: str) -> frozenset[str]:
    """The words that say what a text is about (hyphenated words count part by part)."""
    return frozenset(w for w in _PLAIN_WORD.findall(text.lower()) if w not in _STOP and len(w) > 2
                     and not w.isdigit())


def cited_finding_numbers(slug: str, evidence: EvidencePlan) -> frozenset[int]:
    """The findings of ``slug`` that evidence links name (cited by others, or holding a link
    sentence): each becomes a claim even beyond the per-item cap."""
    return evidence.required.get(slug, frozenset())


def source_finding(mention: Mention, target: ClaimText, claims: Sequence[ClaimText],
                   trust: bool = False) -> ClaimText | None:
    """The referencing finding: the one holding the sentence, else the one sharing the most
    content words with what this item says there, ties broken by the words it shares with the
    referenced finding, then list order.  None when no finding shares ``MIN_SOURCE_WORDS``
    with what is said: the item→item link says all there is.  For a trust statement
    (``trust``: supports, contradicts) a best match counts only when it is clear: at least
    ``MIN_SHARED`` words and ``MIN_TRUST_LEAD`` more than any other finding (a wrong
    "confirms" is worse than none).

    What the item says there: an Evidence Map row's claim cell, else the sentence and the one
    before it on its line ("X. Source: `y.md` Key Finding 3."); matched against each finding's
    whole text (``ClaimText.words``), whose detail such prose restates more often than the
    claim's lead sentence (measured: docs/EVIDENCE.md)."""
    if mention.held_by:
        return next((c for c in claims if c.number == mention.held_by), None)
    said = _said(mention.row_claim or f"{mention.context} {mention.sentence}")
    referenced = content_words(target.statement)
    best: tuple[int, int, int] | None = None
    found: ClaimText | None = None
    runner_up = 0  # the most words any finding but the best shares with what is said
    for claim in claims:
        words = claim.content()
        shared = len(said & words)
        rank = (-shared, -len(referenced & words), claim.number)
        if shared >= MIN_SOURCE_WORDS and (best is None or rank < best):
            if best is not None:
                runner_up = max(runner_up, -best[0])
            best, found = rank, claim
        else:
            runner_up = max(runner_up, shared)
    if trust and best is not None and (-best[0] < MIN_SHARED or -best[0] - runner_up < MIN_TRUST_LEAD):
        return None
    return found


def source_claim(link: PlannedLink, written: Sequence[tuple[Claim, str]]) -> str | None:
    """The name of the referencing claim among those written (it is: ``plan`` required it)."""
    return next((name for claim, name in written if claim.number == link.source_number), None)
