"""Extract from one item what becomes its nodes: its summary, claims and links.

Everything here depends on one item alone, so its result can be cached per
file.  Corpus-level decisions (which terms are concepts) live in ``vocab``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from kgsync.extract.evidence_model import LABEL_WORD, Mention, finding_words
from kgsync.extract.item_cut import ItemCut
from kgsync.extract.references import scan
from kgsync.extract.sentences import first_sentence
from kgsync.read.inline import LINK_ADDRESS
from kgsync.read.items import KeyFinding, ResearchItem, normalise_slug

#: Observations are atomic and short: a statement longer than this is cut at a
#: word.  Every returned claim costs an agent its text; the item keeps the rest.
MAX_STATEMENT = 160
# The primary source only: every URL is text the substring search matches
# (host and path words), and the item lists them all.
MAX_SOURCES_PER_CLAIM = 1
#: Claim keys: the first content words, short (the key repeats in every relation).
MAX_KEY_WORDS, MAX_KEY_LENGTH = 4, 40
_CONFIDENCE = re.compile(r"\b(high|medium|low)\b(?:[ -]confidence)?|confidence\W{0,3}(high|medium|low)\b", re.I)
_BOLD_LEAD = re.compile(r"^\s*\*\*(.+?)\*\*")
_LABEL = re.compile(
    r"\[(?:fact|inference|assumption|speculation|hypothesis)(?:(?!\[(?:fact|inference|assumption|speculation|"
    r"hypothesis))[^\]])*\]|"
    r"\bconfidence\W{0,3}(?:high|medium|low)\b\W*|\b(?:high|medium|low)[ -]confidence\b\W*",
    re.I,
)
_LABEL_HINT = re.compile(r"\[|confidence", re.I)
#: An evidence label of the item template ("[fact]", "**[inference]**",
#: "[assumption; source: ...]"): the bracket and its label word, up to the
#: bracket's end or the first ";" (a source named after it is still text).
#: Term mining removes them: "inference" is how an item grades a claim, not a topic.
#:
#: Every pattern here that sees item text runs in linear time (bench/bench_hostile.py): an
#: unbounded run never spans the start of another attempt ("[" in a link's text, a "[fact" in a
#: label, a "(source" in a source note), a leading whitespace run starts only where the run does
#: (``(?<!\s)``), and an end-anchored pattern is tried once, at the only place it can start.
EVIDENCE_LABEL = re.compile(rf"\[{LABEL_WORD}(?:(?!\[{LABEL_WORD})[^\]\n;])*[\];]", re.I)
# A trailing "(... source / confidence / URL ...)": tried at the last "(" only (no parenthesis inside).
_TRAILING_PAREN = re.compile(r"\((?=[^()]*?(?:https?://|sources?\s*:|confidence|\[))[^()]*\)\s*\.?\s*$", re.I)
_SOURCE_NOTE = r"[\[(](?:sources?|inference|fact|assumption)\b"
_INLINE_SOURCE = re.compile(rf"(?<!\s)\s*{_SOURCE_NOTE}(?:(?!{_SOURCE_NOTE})[^\])])*[\])]", re.I)
_URL = re.compile(r"https?://[^\s<>()\[\]{}\"'`|;,]+[^\s<>()\[\]{}\"'`|;,.:!?]")
# Bold, code, a link (group 1: its text), an image (group 2: its text), a lone "*" opening or closing emphasis.  The lone-star
# tests look behind from after the star, so every branch starts with a literal and the scanner
# jumps between candidate characters ("(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])" was tried at every position).
# A link's address is read as every stage reads it (``read.inline.LINK_ADDRESS``: balanced parentheses, "<…>").
# An image's "!" goes with it.
# An image's branch apart from a link's: "!?\[" would start the branch with no literal (tried at every
# position).
_MARKUP = re.compile(rf"\*\*|__|`|\[([^\[\]]*)\]{LINK_ADDRESS}|!\[([^\[\]]*)\]{LINK_ADDRESS}"
                     r"|\*(?:(?<![\w*]\*)(?=\S)|(?<=\S\*)(?![\w*]))")
_KEY_WORD = re.compile(r"[a-z0-9]+")
_KEY_STOP = frozenset(
    "a an the and or of in on for to with by from as at is are was were be been being this that these "
    "those it its their there than then into via over under not no can could may might should would "
    "will must more most less least very also only just such each every all any both".split()
)
# Links to other items inside the text: a file path or URL ending in <slug>.md,
# or a bare dated slug.  Undated short slugs count only inside `code` spans.
# The lookbehind only skips starts inside a run of name characters: the greedy
# match from the run's start already finds its last "<run>.md", and without it
# the pattern is retried (and backtracks) at every position of every word.
_PATH_LINK = re.compile(r"(?<![A-Za-z0-9._-])([A-Za-z0-9._-]+)\.md\b")
_DATED_SLUG = re.compile(r"\b(\d{4}-\d{2}-\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*)\b")
_CODE_SPAN = re.compile(r"`([a-z0-9]+(?:-[a-z0-9]+){2,})(?:\.md)?`")
# Cheap, literal-led markers (scanned in C) of where the full patterns can match; those
# are otherwise tried at every position of the whole body.  A path link matches inside
# one line: only the lines with ".md" are searched.  A dated slug starts 4 digits before
# its "-dd-dd-".
_MD_MARK = re.compile(r"\.md\b")
_DATE_AT = re.compile(r"-(?=\d\d-\d\d-)")


@dataclass(frozen=True)
class Claim:
    key: str  # short, stable key: survives reordering and edits elsewhere in the item
    statement: str
    confidence: str  # high | medium | low | ""
    number: int  # position in Key Findings (section:key-finding-N)
    line: int
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Extraction:
    slug: str
    summary: str
    claims: tuple[Claim, ...]  # every finding, in list order (caps apply later)
    text_links: tuple[tuple[str, int], ...]  # (slug or undated slug suffix, mentions) the text makes
    mentions: tuple[Mention, ...] = ()  # sentences naming another item (evidence.scan)
    finding_words: tuple[tuple[int, str], ...] = ()  # (number, content words) of each finding (evidence)
    #: the term keys the item writes only as a modifier (``ItemCandidates.modifiers``, which
    #: ``record.parse_record`` copies here): what its claims are not about (``claims.Topics.modifiers``)
    modifiers: tuple[str, ...] = ()
    #: the keys of the phrases and acronyms it addresses (``ItemCandidates.addressed``, which
    #: ``record.parse_record`` copies here): the ideas of its bucket themes it links (``graph.facet_links``)
    addressed: tuple[str, ...] = ()


def extract(item: ResearchItem, cut: ItemCut | None = None) -> Extraction:
    """What becomes ``item``'s nodes (``cut``: its ``item_cut.ItemCut``, when the caller has it)."""
    claims = _unique_keys(claim_of(f, item.confidence) for f in item.key_findings)
    return Extraction(
        slug=item.slug,
        summary=lead_sentence(item.executive_summary),
        claims=tuple(c for c in claims if c.statement),
        text_links=text_links(item),
        mentions=scan(item, cut),
        finding_words=finding_words(item.key_findings),
    )


def claim_of(finding: KeyFinding, default_confidence: str = "") -> Claim:
    """The finding's claim: its bold lead sentence, else its first sentence.

    Leading labels are not the claim: ``[fact; source: ...]``, ``**[inference]
    Confidence: high.**``, ``**High confidence:**`` are peeled off first.
    """
    text = finding.text
    statement = statement_of(finding)
    confidence = _confidence_in(text) or default_confidence
    sources = tuple(dict.fromkeys(_URL.findall(text)))[:MAX_SOURCES_PER_CLAIM]
    return Claim(claim_key(statement), statement, confidence, finding.number, finding.line, sources)


def statement_of(finding: KeyFinding, limit: int | None = MAX_STATEMENT) -> str:
    """The statement ``claim_of`` takes from a finding, cut at ``limit`` (None: whole, as the PR diff shows it)."""
    rest = strip_leading_labels(finding.text)
    bold = _BOLD_LEAD.match(rest)
    return clean_statement(bold.group(1) if bold else first_sentence(rest), limit)


_LABEL_WORDS = re.compile(r"^\W*(fact|inference|assumption|speculation|hypothesis|high|medium|low|sources?|confidence)\b", re.I)
# Compiled here, not named to ``re.match`` at each call: ``re``'s pattern cache costs a lookup per call,
# and these run several times per finding (~40 lookups an item).
_NUMBERED = re.compile(r"^\d+[.)]\s+")
_CONFIDENCE_LABEL = re.compile(r"^(?:confidence\W{0,3}(?:high|medium|low)|(?:high|medium|low)[ -]confidence)\W*", re.I)
_BRACKET = re.compile(r"[\[\]]")


def strip_leading_labels(text: str) -> str:
    rest = text.strip()
    while rest:
        if rest.startswith("[") and _LABEL_WORDS.match(rest[1:]):
            end = _balanced_end(rest)
            if end < 0:
                break
            rest = rest[end + 1 :].lstrip(" :;.-—")
            continue
        bold = _BOLD_LEAD.match(rest)
        if bold and (_is_label(bold.group(1)) or _is_topic_label(bold.group(1), rest[bold.end() :])):
            rest = rest[bold.end() :].lstrip(" :;.-—")
            continue
        numbered = _NUMBERED.match(rest)
        if numbered:
            rest = rest[numbered.end() :]
            continue
        label = _CONFIDENCE_LABEL.match(rest)
        if label and label.end() > 0:
            rest = rest[label.end() :]
            continue
        break
    return rest


_LABEL_ONLY = re.compile(
    r"^(?:[\s.:;,()-]*(?:high|medium|low|confidence|to|fact|inference|assumption|speculation|"
    r"hypothesis|source|sources)\b)+[\s.:;,()-]*$",
    re.I,
)


def _is_label(bold: str) -> bool:
    """``**[inference] Confidence: high.**``, ``**Medium to high confidence:**``, ``**High.**``."""
    words = _BRACKET.sub(" ", bold)
    return bool(_LABEL_ONLY.match(words)) or not words.strip(" .:;-—")


def _is_topic_label(bold: str, after: str) -> bool:
    """``**The core mechanism:** Jevons showed...``: a short heading, the claim follows."""
    return bold.rstrip().endswith(":") and len(bold.split()) <= 6 and len(after.split()) >= 6


def _balanced_end(text: str) -> int:
    depth = 0
    for index, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth == 0:
                return index
    return -1


def _confidence_in(text: str) -> str:
    match = _CONFIDENCE.search(text)
    if not match:
        return ""
    return (match.group(1) or match.group(2)).lower()


def _markup_text(match: re.Match[str]) -> str:
    """What a reader sees of a ``_MARKUP`` match: an image's or a link's label, else nothing."""
    return match.group(1) or match.group(2) or ""


def clean_statement(text: str, limit: int | None = MAX_STATEMENT) -> str:
    """A finding's text as a statement: markup, evidence labels, inline sources and URLs out;
    cut at ``limit`` characters (None: the whole finding, e.g. for its page on the site)."""
    text = _MARKUP.sub(_markup_text, text)
    text = _without_labels(text)
    if "(" in text:  # what the last three patterns need: most statements have none of it
        text = _without_trailing_paren(_INLINE_SOURCE.sub("", text))
    elif "[" in text:
        text = _INLINE_SOURCE.sub("", text)
    if "http" in text:
        text = _URL.sub("", text)
    text = " ".join(text.split()).strip(" :;-—")
    return shorten(text, limit) if limit is not None else text


def _without_trailing_paren(text: str) -> str:
    """``text`` less a trailing parenthesis that names a source or a confidence (and the space before it)."""
    start = text.rfind("(")
    if start < 0 or not _TRAILING_PAREN.match(text, start):
        return text
    return text[:start].rstrip()


def _without_labels(text: str) -> str:
    # _LABEL (case-insensitive, word boundaries) is tried at every position; every match
    # holds a "[" or the word "confidence" (same flags), which a plain search finds fast.
    return _LABEL.sub("", text) if _LABEL_HINT.search(text) else text


def shorten(text: str, limit: int = MAX_STATEMENT) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:-—")
    return cut + "…"


_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_EMPTY_PAREN = re.compile(r"\([;,\s]*\)")


def lead_sentence(summary: str) -> str:
    """The lead of the Executive Summary, cleaned, as one short sentence."""
    paragraph = next((p for p in _PARAGRAPH_BREAK.split(summary) if p.strip()), "")
    text = _MARKUP.sub(_markup_text, paragraph)
    text = _without_labels(text)
    text = _INLINE_SOURCE.sub("", text)
    text = _URL.sub("", text)
    text = _EMPTY_PAREN.sub("", text)
    return clean_statement(first_sentence(text))


#: An opening or closing tag of an HTML element that marks up phrasing content (HTML's "phrasing content"
#: elements a Markdown author writes inline: ``<b>``, ``<em class="x">``, ``</sub>``, ``<br/>``): it shows none of
#: its letters.  A placeholder in angle brackets that names no such element (``<category>``, ``<url>``) is text.
_INLINE_TAG = re.compile(r"</?(?:a|abbr|b|bdi|bdo|br|cite|code|data|del|dfn|em|i|ins|kbd|mark|q|s|samp|small|span|"
                         r"strong|sub|sup|time|u|var|wbr)(?:\s[^<>\n]*)?/?>", re.I)


def claim_key(statement: str) -> str:
    """First content words of the statement as a reader sees it (no inline HTML tag's letters):
    readable, and the same after reordering."""
    visible = _INLINE_TAG.sub(" ", statement) if "<" in statement else statement
    words = [w for w in _KEY_WORD.findall(visible.lower()) if w not in _KEY_STOP]
    key = ""
    for word in words[:MAX_KEY_WORDS]:  # whole words only, within the length limit
        longer = f"{key}-{word}" if key else word[:MAX_KEY_LENGTH]
        if len(longer) > MAX_KEY_LENGTH:
            break
        key = longer
    return key or "claim-" + hashlib.sha1(statement.encode("utf-8")).hexdigest()[:8]


def _unique_keys(claims: Iterable[Claim]) -> list[Claim]:
    """Two findings with the same key get a content hash suffix (order-independent)."""
    claims = list(claims)
    counts: dict[str, int] = {}
    for claim in claims:
        counts[claim.key] = counts.get(claim.key, 0) + 1
    out = []
    for claim in claims:
        if counts[claim.key] > 1:
            digest = hashlib.sha1(claim.statement.encode("utf-8")).hexdigest()[:6]
            claim = Claim(f"{claim.key}-{digest}", claim.statement, claim.confidence, claim.number,
                          claim.line, claim.sources)
        out.append(claim)
    return out


def text_links(item: ResearchItem) -> tuple[tuple[str, int], ...]:
    """Candidate item references in the body, with how often each is mentioned.

    Resolved against the corpus later; the count ranks them (the most-discussed
    earlier work first) when the per-item cap on links applies.
    """
    body = item.body
    counts: dict[str, int] = {}
    found = [m.group(1) for m in _PATH_LINK.finditer(_lines_with(body, _MD_MARK))]
    found += _dated_slugs(body)
    found += _CODE_SPAN.findall(body)
    for slug in map(normalise_slug, found):
        counts[slug] = counts.get(slug, 0) + 1
    counts.pop(item.slug, None)
    return tuple(sorted(counts.items()))


def _dated_slugs(text: str) -> list[str]:
    """``_DATED_SLUG.findall(text)``, tried only where a date's "-dd-dd-" is (``_DATE_AT``, overlapping
    places included): a match starts 4 digits before one, and the pattern is not retried elsewhere."""
    out: list[str] = []
    end = 0
    for mark in _DATE_AT.finditer(text):
        start = mark.start() - 4
        if start < end:  # before the text, or inside the last match
            continue
        match = _DATED_SLUG.match(text, start)  # its \b still sees the character before ``start``
        if match:
            out.append(match.group(1))
            end = match.end()
    return out


def _lines_with(text: str, mark: re.Pattern[str]) -> str:
    """The lines of ``text`` that hold a match of ``mark``, joined by newlines."""
    lines: list[str] = []
    end = -1
    for match in mark.finditer(text):
        if match.start() <= end:
            continue  # in the line taken already
        start = text.rfind("\n", 0, match.start()) + 1
        end = text.find("\n", match.end())
        end = len(text) if end < 0 else end
        lines.append(text[start:end])
    return "\n".join(lines)


def resolve_links(candidates: Iterable[tuple[str, int]], known: Mapping[str, object],
                  suffixes: Mapping[str, str]) -> dict[str, int]:
    """Candidates that name exactly one item (a full slug, or a unique undated suffix) -> mentions."""
    out: dict[str, int] = {}
    for candidate, count in candidates:
        slug = candidate if candidate in known else suffixes.get(candidate)
        if slug is not None:
            out[slug] = out.get(slug, 0) + count
    return out


def undated_suffixes(slugs: Iterable[str]) -> dict[str, str]:
    """'2026-02-28-ai-strategy' -> {'ai-strategy': slug}, only where unambiguous."""
    seen: dict[str, list[str]] = {}
    for slug in slugs:
        match = re.match(r"^\d{4}-\d{2}-\d{2}-(.+)$", slug)
        if match:
            seen.setdefault(match.group(1), []).append(slug)
    return {suffix: found[0] for suffix, found in seen.items() if len(found) == 1}
