"""What a concept or method IS, in one sentence an item wrote: the opening of its site page.

The graph holds no description of a concept (no observation kind for it, and the graph stays as
it is), so the page quotes the items: a sentence of an item that links the node, chosen by its
structure alone, with the node's own name as what the sentence defines, in one of two explicit
forms:

- "NIST SP 800-207 defines Zero Trust Architecture (ZTA) as an abstract architecture ..."
  (``defines X as``);
- "X refers to / denotes / is defined as ..." (the name as the subject).

Better nothing than a wrong sentence: only a sentence that says it defines counts.  A copula
("X is a ..."), "X means ...", an apposition, a bold lead or a gloss in brackets were tried and
dropped: on the 273-item site they quoted theses, findings and narrower names as definitions
("Cost reduction is an exploit move", "LSP-based policy enforcement means ..."), about 6 of 15
right, against 8 of 8 for "defines X as" (``bench/bench_definitions.py``, define21).  A question, a table
row, a heading, a quotation block, code, a Sources entry and a sentence whose subject is a longer name
("AWS Verified Permissions refers to ..." is not about AWS) never count.  The stronger form wins, then the
earliest item, then the first line.  An item's contribution depends only on that item's text and the
node's names.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from kgsync.extract.sentences import sentences
from kgsync.read.items import ResearchItem, unfenced_lines
from kgsync.publish.site.prose import quote_text

#: The longest sentence a page quotes (longer ones are tables of facts, not definitions).
MAX_CHARS = 400
#: The items read for a node: its earliest (a node of 5,000 items would cost the site's build
#: a second of its own; the first items to write about a concept are the likeliest to say what it is).
MAX_ITEMS = 24
#: How far into a sentence its subject may start (evidence labels, an article and an owner before it).
HEAD_CHARS = 120
#: A sentence shorter than this says too little to define anything ("X is a tool.").
MIN_WORDS = 6

# Forms, strongest first (the rank of the form that matched; lower wins).
DEFINES_AS, REFERS = range(2)

_HEADING = re.compile(r"^\s*#")
_TASK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]")  # "- [x] source" lines: a Sources list
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
#: The items' evidence labels before a sentence: "[fact]", "**[inference; source: ...]**", "[fact][high]".
_LABELS = re.compile(r"^(?:\**\[[^\]]*\]\**\s*)+")
#: A word every form holds ("defines X as", "refers to", "denotes", "is defined as"), in lower case: a
#: line without one defines nothing, so only the lines with one are searched for a node's name.
_KEYWORD = re.compile(r"defin|refers|denot")
_WORD = re.compile(r"[A-Za-z][\w'’-]*")


@dataclass(frozen=True)
class Definition:
    """One sentence of one item that says what a node is."""

    sentence: str  # as a reader sees it rendered (``quote_text``: no Markdown markers)
    item: str  # the item's slug
    line: int  # the file line of the sentence
    form: int  # DEFINES_AS or REFERS


@dataclass(frozen=True)
class _Prose:
    """An item's prose lines that may define something, and their text in lower case in one
    string (one search finds the lines naming a node)."""

    lines: tuple[tuple[str, int], ...]  # (text, file line)
    folded: str  # the lines casefolded, joined by newlines
    starts: tuple[int, ...]  # where each line starts in ``folded``


def prose(item: ResearchItem) -> _Prose:
    """The prose lines of an item's body that may define something (a form's word in them), with
    their file lines: no code, table, heading, quotation block or Sources entry."""
    return _prose(item.body, item.body_line)


# An item is asked once per node it links (a large concept: 100 items); cached by its text.
@lru_cache(maxsize=1024)
def _prose(body: str, body_line: int) -> _Prose:
    lines: list[tuple[str, int]] = []
    folded: list[str] = []
    starts: list[int] = []
    at = 0
    for offset, raw in ((first + n, raw) for first, run in unfenced_lines(body) for n, raw in enumerate(run)):
        # A line whose folded text has no form's word is dropped before any regex runs: what the subs
        # below leave of it is a part of it, and casefolding maps each character alone, so that part has
        # no such word either.  An ASCII line folds to its lower case (the fast path; most lines).
        folded_raw = raw.lower() if raw.isascii() else raw.casefold()
        if not ("defin" in folded_raw or "refers" in folded_raw or "denot" in folded_raw):
            continue
        line = raw.strip()
        if not line or _HEADING.match(line) or line.startswith(("|", ">")) or _TASK.match(line):
            continue
        line = _LABELS.sub("", _LIST.sub("", line)).strip()
        if not _KEYWORD.search(line.casefold()):
            continue
        lines.append((line, body_line + offset))
        folded.append(line.casefold())
        starts.append(at)
        at += len(folded[-1]) + 1
    return _Prose(tuple(lines), "\n".join(folded), tuple(starts))


@lru_cache(maxsize=8192)
def sentences_of(line: str) -> tuple[str, ...]:
    """A prose line's sentences (the one splitter, ``kgsync.extract.sentences``), evidence labels removed:
    a label after a sentence is left out of it, one before a sentence stripped."""
    return tuple(_LABELS.sub("", sentence).strip() for sentence in sentences(line, labels=False))


@lru_cache(maxsize=2048)
def _spellings(names: tuple[str, ...]) -> re.Pattern[str]:
    """Every way ``names`` may be written in lower case, with a space or a hyphen between words
    (both, for names of up to five words): the cheap test (no boundaries) before the patterns run."""
    found: set[str] = set()
    for name in names:
        words = [w for w in re.split(r"[\s\-]+", name.casefold()) if w]
        if not words:
            continue
        if len(words) > 5:
            found.update((" ".join(words), "-".join(words)))
            continue
        for mask in range(1 << (len(words) - 1)):
            found.add(words[0] + "".join(("-" if mask >> i & 1 else " ") + w for i, w in enumerate(words[1:])))
    return re.compile("|".join(re.escape(f) for f in sorted(found, key=lambda f: (-len(f), f))))


@lru_cache(maxsize=4096)
def _name_pattern(name: str) -> str:
    # A name's words with any of space, hyphen or both between them ("retrieval augmented generation"
    # matches "Retrieval-Augmented Generation"); no word of it may continue ("AWS" is not "AWSome").
    words = [re.escape(w) for w in re.split(r"[\s\-]+", name.strip()) if w]
    return r"(?<![\w-])" + r"[\s\-]+".join(words) + r"(?![\w-])"


#: Where the node's name stood in a sentence (``_subject`` puts it there): the forms below are
#: compiled once, for every node, around this mark.
MARK = "\x00"


@lru_cache(maxsize=2048)
def _subject(names: tuple[str, ...]) -> re.Pattern[str]:
    """Any of ``names`` in any case, the longest first."""
    return re.compile("(?i:" + "|".join(_name_pattern(n) for n in sorted(names, key=len, reverse=True)) + ")")


def _compile_forms() -> tuple[tuple[int, re.Pattern[str]], ...]:
    # The name in any case (``MARK``); the words around it as written (an owner is capitalised).
    subject = MARK
    acronym = r"(?:\s*\([^()]{1,80}\))?"  # "(ZTA)", "(CAI, Anthropic, 2022)": what the name stands for
    # What may stand before the subject at a sentence's start: an article, then an owner: a possessive
    # of one or two capitalised words ("ServiceNow's", "Karl Friston's") or a name written with a
    # capital inside it or in capitals ("GitHub", "NIST"), never a capitalised first word ("In", "For").
    owner = (r"(?:(?:The|A|An)\s+)?(?:(?:[A-Z][\w.-]*\s+)?[A-Z][\w.-]*(?:'s|’s)\s+"
             r"|(?:[A-Z][a-z0-9]*[A-Z][\w.-]*\s+){1,2})?")
    head = r"^[*_\"“]*" + owner + r"[*_]*" + subject + r"[*_]*" + acronym
    return (
        (DEFINES_AS, re.compile(r"\b[Dd]efine[sd]?\s+" + subject + acronym + r"\s+as\s+\w")),
        # Not "means": "LSP-based policy enforcement means ..." says what a narrower thing does.
        (REFERS, re.compile(head + r"\s+(?:refers\s+to|denotes|(?:is|are)\s+defined\s+as)\s+\w")),
    )


_FORMS = _compile_forms()


def match_form(sentence: str, names: tuple[str, ...]) -> int | None:
    """The stronger definition form ``sentence`` takes for a node called ``names``, or None."""
    if "?" in sentence or len(sentence) > MAX_CHARS or MARK in sentence:
        return None
    if len(_WORD.findall(sentence)) < MIN_WORDS:
        return None
    marked = _subject(names).sub(MARK, sentence)
    if MARK not in marked:
        return None
    for form, pattern in _FORMS:
        if pattern.search(marked):
            return form
    return None


def node_names(title: str, aliases: Iterable[str]) -> tuple[str, ...]:
    """The names a definition's subject may take: the title and every alias, one per spelling."""
    seen: dict[str, str] = {}
    for name in (title, *aliases):
        key = " ".join(re.split(r"[\s\-]+", name.strip().casefold()))
        if key and len(key) > 1:
            seen.setdefault(key, name)
    return tuple(sorted(seen.values()))


def definition(names: tuple[str, ...], items: Sequence[ResearchItem]) -> Definition | None:
    """The sentence that defines a node called ``names`` in ``items`` (those linking it), or None:
    the stronger form, then the earliest item (completed date, then slug), then the first line."""
    best: Definition | None = None
    if not names:
        return None  # no name to look for (a one-character title): an empty pattern matches everywhere
    spellings = _spellings(names)
    for item in sorted(items, key=lambda i: (i.completed or "9999", i.slug))[:MAX_ITEMS]:
        text = prose(item)
        naming = sorted({bisect_right(text.starts, m.start()) - 1 for m in spellings.finditer(text.folded)})
        for number in naming:
            line, at = text.lines[number]
            for sentence in sentences_of(line):
                folded = sentence.casefold()
                first = spellings.search(folded)
                # Named only late in the sentence: its subject in no form but "defines X as".
                if first is None or (first.start() > HEAD_CHARS and "defin" not in folded):
                    continue
                form = match_form(sentence, names)
                if form is not None and (best is None or form < best.form):
                    best = Definition(quote_text(sentence), item.slug, at, form)
                    if form == DEFINES_AS:
                        return best
    return best
