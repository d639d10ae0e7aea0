"""What a concept or method IS, in one sentence an item wrote: the opening of its site page.

The graph holds no description of a concept (no observation kind for it, and the graph stays as
it is), so the page quotes the items: a sentence of an item that links the node, chosen by its
structure alone, with the node's own name as the sentence's subject:

- "NIST SP 800-207 defines Zero Trust Architecture (ZTA) as an abstract architecture ..."
  (``defines X as``), "X refers to / means / denotes ...";
- "X (XA) is a/an <noun> ...", "X are <noun phrase> ...": a copula and a class (the genus of a
  definition).  Not "X is the ...": "the writer", "the next logical layer", "the clear winner" name
  a role or a judgement; not a descriptive adjective first ("X is a hard prerequisite", "X is a
  viable engine", "X are real"): WordNet's adjectives, but for a relational one ("a semantic
  property"), say how X is, not what; not a ranking ("the strongest", "the only");
- "**X**: a ..." / "*X* (...): the ..." (a bold or italic lead followed by a noun phrase);
- "X, a/an/the ..., <verb>" and "X, <verb>ing ..., <verb>" (an apposition);
- "... X (volume of output) ..." (a gloss in brackets: lower-case words, no digits, no citation).

Better nothing than a wrong sentence: a question, a table row, a heading, a quotation block, code,
a Sources entry and a sentence whose subject is a longer name ("AWS Verified Permissions is ..." is
not about AWS) never count.  The strongest form wins, then the earliest item, then the first line.
An item's contribution depends only on that item's text and the node's names.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from kgsync.extract import wordnet
from kgsync.read.items import ResearchItem
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
DEFINES_AS, REFERS, COPULA, LEAD, APPOSITION, GLOSS = range(6)

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^\s*#")
_TASK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]")  # "- [x] source" lines: a Sources list
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
#: The items' evidence labels before a sentence: "[fact]", "**[inference; source: ...]**", "[fact][high]".
_LABELS = re.compile(r"^(?:\**\[[^\]]*\]\**\s*)+")
#: Sentence ends: a stop (and what closes there: emphasis, a quote, a bracket), then space, then
#: what starts a sentence (a capital, a quote, emphasis).
_SENTENCE_END = re.compile(r"(?<=[.!?])(?P<close>[*_\"”’)]*)\s+(?=[A-Z\"“*_(\[`])")
#: Abbreviations whose stop ends no sentence.
_ABBREVIATION = re.compile(r"(?:\b(?:e\.g|i\.e|et al|vs|cf|etc|approx|Fig|No|St|Dr|Mr|Ms|Inc|Ltd|U\.S)\.|\b[A-Z]\.)$")
#: A ranking or judging adjective after "is the": a superlative or a word of rank. English grammar's
#: closed class (superlatives, "only", ordinals), not words picked from any item.
_RANKING = re.compile(r"^(?:most|least|best|worst|only|first|last|second|third|main|primary|key|principal|"
                      r"[a-z]+est)\b", re.I)
_WORD = re.compile(r"[A-Za-z][\w'’-]*")


@dataclass(frozen=True)
class Definition:
    """One sentence of one item that says what a node is."""

    sentence: str  # as a reader sees it rendered (``quote_text``: no Markdown markers)
    item: str  # the item's slug
    line: int  # the file line of the sentence
    form: int  # DEFINES_AS ... GLOSS


@dataclass(frozen=True)
class _Prose:
    """An item's prose lines, and their text in lower case in one string (one search finds the
    lines naming a node)."""

    lines: tuple[tuple[str, int], ...]  # (text, file line)
    folded: str  # the lines casefolded, joined by newlines
    starts: tuple[int, ...]  # where each line starts in ``folded``


def prose(item: ResearchItem) -> _Prose:
    """The prose lines of an item's body, with their file lines: no code, table, heading,
    quotation block or Sources entry."""
    return _prose(item.body, item.body_line)


# An item is asked once per node it links (a large concept: 100 items); cached by its text.
@lru_cache(maxsize=1024)
def _prose(body: str, body_line: int) -> _Prose:
    lines: list[tuple[str, int]] = []
    folded: list[str] = []
    starts: list[int] = []
    at = 0
    fenced = False
    for offset, raw in enumerate(body.split("\n")):
        if _FENCE.match(raw):
            fenced = not fenced
            continue
        line = raw.strip()
        if fenced or not line or _HEADING.match(line) or line.startswith(("|", ">")) or _TASK.match(line):
            continue
        line = _LABELS.sub("", _LIST.sub("", line)).strip()
        lines.append((line, body_line + offset))
        folded.append(line.casefold())
        starts.append(at)
        at += len(folded[-1]) + 1
    return _Prose(tuple(lines), "\n".join(folded), tuple(starts))


@lru_cache(maxsize=8192)
def sentences_of(line: str) -> tuple[str, ...]:
    """A prose line's sentences, evidence labels removed."""
    return tuple(_LABELS.sub("", sentence).strip() for sentence in _split(line))


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


def _split(line: str) -> Iterator[str]:
    start = 0
    for match in _SENTENCE_END.finditer(line):
        if _ABBREVIATION.search(line[start:match.start()]):
            continue
        yield line[start:match.start() + len(match["close"])]
        start = match.end()
    yield line[start:]


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
    # The name in any case (``MARK``); the words around it as written (an owner is capitalised, a gloss is not).
    subject = MARK
    acronym = r"(?:\s*\([^()]{1,80}\))?"  # "(ZTA)", "(CAI, Anthropic, 2022)": what the name stands for
    # What may stand before the subject at a sentence's start: an article, then an owner: a possessive
    # of one or two capitalised words ("ServiceNow's", "Karl Friston's") or a name written with a
    # capital inside it or in capitals ("GitHub", "NIST"), never a capitalised first word ("In", "For").
    owner = (r"(?:(?:The|A|An)\s+)?(?:(?:[A-Z][\w.-]*\s+)?[A-Z][\w.-]*(?:'s|’s)\s+"
             r"|(?:[A-Z][a-z0-9]*[A-Z][\w.-]*\s+){1,2})?")
    head = r"^[*_\"“]*" + owner + r"[*_]*" + subject + r"[*_]*" + acronym
    # After a copula, a noun phrase: an article and a word; plural subjects ("are") may go bare.
    phrase = r"(?P<np>[Aa]n?\s+\S+)"
    bare = r"(?P<plural>[Aa]n?\s+\S+|[a-z][\w-]*\s+[a-z][\w-]*)"
    return (
        (DEFINES_AS, re.compile(r"\b[Dd]efine[sd]?\s+" + subject + acronym + r"\s+as\s+\w")),
        (REFERS, re.compile(head + r"\s+(?:refers\s+to|means|denotes|(?:is|are)\s+defined\s+as)\s+\w")),
        (COPULA, re.compile(head + r"\s+(?:is\s+" + phrase + r"|are\s+" + bare + ")")),
        (LEAD, re.compile(r"^(?:\*\*|\*|_)" + subject + r"(?:\*\*|\*|_)" + acronym
                          + r"\s*(?::|—|–)\s*(?P<np>(?:[Aa]n?|[Tt]he)\s+\S+|[A-Z][\w.-]*(?:'s|’s)\s+\S+)")),
        (APPOSITION, re.compile(head + r",\s+(?P<np>(?:an?|the)\s+[^,]{3,120}|[a-z]+ing\s[^,]{3,120}),\s+\S")),
        # A gloss: the sentence's subject (or the subject after an opening phrase and a comma) with
        # lower-case words in brackets, no list (commas), no clause (a copula), no digits.
        (GLOSS, re.compile(r"(?:" + head.removesuffix(acronym) + r"|,\s+" + subject + r")"
                           + r"\s+\((?P<gloss>[a-z][a-z /-]{2,60}[a-z])\)")),
    )


_FORMS = _compile_forms()


def _is_judgement(form: int, match: re.Match[str]) -> bool:
    """"X is the strongest ...", "X is a viable ...", "X are real ...": how good or how X is, not
    what X is (a ranking word, or a descriptive adjective first: WordNet's, not a relational one)."""
    if form not in (COPULA, LEAD, APPOSITION):
        return False
    words = (match["np"] or match.groupdict().get("plural") or "").split()
    if words and words[0].lower() in ("a", "an", "the"):
        words = words[1:]
    if not words:
        return False
    first = words[0].strip("*_,;:").lower()
    return bool(_RANKING.match(first)) or (wordnet.is_modifier(first) and not wordnet.is_relational(first))


def _plural_noun_phrase(match: re.Match[str]) -> bool:
    """"X are invokable patterns": after a bare "are" (no article), two words of which the
    first is no participle or adverb ("are built", "are not", "are widely used" say what X does)."""
    if match["plural"] is None:
        return True  # "is" took an article
    np = match["plural"].split()
    if np[0].lower() in ("a", "an", "the"):
        return True
    first = np[0].lower()
    return not (first.endswith(("ed", "ly", "en")) or first in ("not", "also", "now", "still", "being", "used",
                                                                "often", "more", "less", "very"))


def _gloss_ok(match: re.Match[str]) -> bool:
    gloss = match["gloss"]
    words = gloss.split()
    # Two words at least making a noun phrase: not a pointer ("as above", "see below"), an example
    # marker ("e.g."), a clause (a copula) or a participle's ("identified in prior research").
    return (len(words) >= 2 and words[0] not in ("see", "as", "eg", "e", "for", "including", "and", "or", "with")
            and not words[0].endswith("ed") and not {"is", "are", "was", "were", "above", "below"} & set(words))


def match_form(sentence: str, names: tuple[str, ...], lead: bool) -> int | None:
    """The strongest definition form ``sentence`` takes for a node called ``names``, or None."""
    if "?" in sentence or len(sentence) > MAX_CHARS or MARK in sentence:
        return None
    if len(_WORD.findall(sentence)) < MIN_WORDS:
        return None
    marked = _subject(names).sub(MARK, sentence)
    if MARK not in marked:
        return None
    for form, pattern in _FORMS:
        if form == LEAD and not lead:
            continue
        for match in pattern.finditer(marked):
            if _is_judgement(form, match):
                continue
            if form == COPULA and not _plural_noun_phrase(match):
                continue
            if form == GLOSS and (not _gloss_ok(match) or sentence.count("(") > 2):  # a list's annotations
                continue
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
    the strongest form, then the earliest item (completed date, then slug), then the first line."""
    best: Definition | None = None
    spellings = _spellings(names)
    for item in sorted(items, key=lambda i: (i.completed or "9999", i.slug))[:MAX_ITEMS]:
        text = prose(item)
        naming = sorted({bisect_right(text.starts, m.start()) - 1 for m in spellings.finditer(text.folded)})
        for number in naming:
            line, at = text.lines[number]
            for index, sentence in enumerate(sentences_of(line)):
                folded = sentence.casefold()
                first = spellings.search(folded)
                # Named only late in the sentence: its subject in no form but "defines X as" and a gloss.
                if first is None or (first.start() > HEAD_CHARS and "defin" not in folded
                                     and "(" not in folded[first.end():]):
                    continue
                form = match_form(sentence, names, index == 0)
                if form is not None and (best is None or form < best.form):
                    best = Definition(quote_text(sentence), item.slug, at, form)
                    if form == DEFINES_AS:
                        return best
    return best
    return best
    return best
