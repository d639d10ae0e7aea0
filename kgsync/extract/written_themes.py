"""Which of an item's own themes its text writes: with no vocabulary that says which themes name one
idea, a theme no vocabulary lists is a node only for the items that write it (``graph.assemble``).

A theme vocabulary with a Scope column says which themes name one idea (``ThemeMap.ideas``); a bucket
("cost-performance") stays a ``tag:``.  Without one (no vocabulary, or a plain YAML map) nothing says
it of a theme the vocabulary does not list (with no vocabulary, of every theme), and every such theme
an item carried was a node linked from it: a blind reader of a new repository's graph judged five
such nodes no idea ("tools-infrastructure" on 28 items, from STORM to commit trends: "theme slug
joining two words", "carried only as a theme tag").  The items' own words are the only sign left: an
item that writes the theme's name where it says what it asks, concludes and finds (its title,
research question, executive summary and Key Findings) is about that idea, and links its node; an
item that only files itself under the theme keeps the ``tag:`` observation, which still finds it by
the theme.  A theme no item writes has no node, nor one too few items write, the floor of a mined
term (``graph.assemble.written_theme_nodes``: a blind reader judged four themes one item writes no idea).

"Writes" is a phrase of those zones whose ``term_key`` is the theme's words ("security risks" for
``security-risk``, "organizational design" for ``organisational-design``), with no mark inside it but
a hyphen, a dash between words or an apostrophe: "the cost, performance and delivery impact" writes
no ``cost-performance``.  The item's own file only: read once per file and kept with its record, so
no build reads it again and no other item changes it.

Only the zone's own words write (``own_words``): a link's address, a URL, an evidence label's sources and
another item's name (``cited_text``) say what a cited work is about, and an item that cites "…/four-security-
principles-for-agentic-ai-systems/" in every finding wrote ``agentic-ai`` without writing the idea (blind
readers: "linked only through a URL slug", "only inside a cited title").  Nor does a theme written only as the
tail of a longer name the item defines by its own acronym: "Personal Knowledge Management (PKM)" is PKM, and an
item about PKM tools that never writes knowledge management otherwise is no knowledge-management item (two blind
readers).  A theme's acronym spelled out before it is that acronym: "agentic Artificial Intelligence (AI)" writes
``agentic-ai``.  bench/labels/links199_engineer_written_themes.tsv holds the engineer's labels of every pair this
changed on the corpus.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from kgsync.extract.canonical import CLOSED_PREFIXES, fresh_words, key_of_words, term_key, word_key
from kgsync.extract.cited_text import without_item_names
from kgsync.extract.markup import clean
from kgsync.read.items import ResearchItem

#: Whether a zone may name another item (``cited_text``): a dated slug's opening.
_MAY_NAME = re.compile(r"\d{4}-\d\d-\d\d-")

# What ends a phrase: any mark but a hyphen, a dash between words or an apostrophe.  "The cost,
# performance and delivery impact" writes no "cost performance", "memory/context" no "memory
# context", a source's ".../governance/policy/..." no "governance policy".
_PHRASE_BREAK = re.compile(r"[^\w\s'\u2019\-\u2010\u2011\u2013]+")


def written_themes(item: ResearchItem) -> tuple[str, ...]:
    """The item's ``themes:`` entries (as written, in order) whose words its title, research question,
    executive summary or a Key Finding writes as one phrase."""
    wanted = {theme: parts for theme in dict.fromkeys(item.themes) if (parts := tuple(term_key(theme).split()))}
    found: set[str] = set()
    for zone in (item.title, item.research_question, item.executive_summary, *(f.text for f in item.key_findings)):
        if len(found) == len(wanted):
            break
        zone = own_words(zone, wanted.values())
        # "0" between the runs the marks cut: no phrase holds it and no prefix closes with it, so a
        # phrase never runs across a comma; each zone apart, it never runs from one into the next.
        plain = list(map(word_key, fresh_words(_PHRASE_BREAK.sub(" 0 ", zone))))
        present = set(plain)
        # Most zones write no word of the themes: only those that may are keyed word by word.
        maybe = [theme for theme, parts in wanted.items() if theme not in found and _may_hold(parts, present)]
        if maybe:
            # No word but the last a closed prefix (most zones): ``key_of_words`` closes up nothing, its
            # words are the words keyed (one C test instead of a Python step per word)
            keys = plain if plain and CLOSED_PREFIXES.isdisjoint(plain[:-1]) else key_of_words(plain).split(" ")
            found.update(theme for theme in maybe if _holds(wanted[theme], keys))
    return tuple(theme for theme in wanted if theme in found)


def own_words(zone: str, themes: Iterable[tuple[str, ...]]) -> str:
    """What a zone says in its own words (``written_themes`` reads only these; module doc): no link target,
    URL or evidence label (``markup.clean``), no other item's name (``cited_text.without_item_names``),
    and the names it defines by an acronym read as ``_defined_names`` says."""
    if "http" in zone or "[" in zone or _MAY_NAME.search(zone):
        zone = without_item_names(clean(zone))
    return _defined_names(zone, tuple(themes)) if "(" in zone else zone


def _defined_names(zone: str, themes: tuple[tuple[str, ...], ...]) -> str:
    """``zone`` with each name it defines by an acronym ("Personal Knowledge Management (PKM)", "PKM
    (Personal Knowledge Management)") read as the one idea it is, for ``themes`` (their words' keys):

    * a name that ends with a theme's words and is longer is written as one word ("PersonalKnowledgeManagement
      (PKM)"): "knowledge management" inside it names no other idea (two blind readers judged the PKM items'
      links to ``knowledge-management`` made so wrong); "Software Engineering (SE)" defines the theme's very
      words and is kept, and so is a name that is a theme;
    * a name whose acronym is a word of a theme, and that holds no theme's words, is written as its acronym:
      "agentic Artificial Intelligence (AI)" writes ``agentic-ai`` as "agentic AI" does (an item that
      spells out the acronym of its theme's slug says the same)."""
    def read(match: re.Match[str]) -> str:
        found = _defined(match)
        if found is None:
            return match.group(0)
        start, end, acronym = found
        text = match.group(0)
        keys = tuple(key_of_words(map(word_key, fresh_words(text[start:end]))).split(" "))
        if keys in themes:
            return text
        if any(len(t) < len(keys) and keys[-len(t):] == t for t in themes):
            return text[:start] + re.sub(r"[\s\-\u2010\u2011]+", "", text[start:end]) + text[end:]
        if match.group("run") is not None and word_key(acronym.lower()) in {w for t in themes for w in t} and \
                not any(_within(keys, t) for t in themes):
            return text[:start] + acronym  # the name then "(ACR)": the acronym alone
        return text
    return _DEFINITION.sub(read, zone)


#: A run of capitalised words, then its acronym in parentheses; or an acronym, then the run in parentheses.
_CAPITALISED = r"[A-Z][A-Za-z]*(?:[\-\u2010\u2011][A-Za-z]+)*"
_RUN = rf"{_CAPITALISED}(?:[ \t]{{1,3}}{_CAPITALISED}){{1,7}}"
_DEFINITION = re.compile(rf"(?P<run>{_RUN})[ \t]{{0,2}}\((?P<acr>[A-Z][A-Za-z]{{0,2}}[A-Z][A-Z-]{{0,8}})\)"
                         rf"|(?P<acr2>\b[A-Z][A-Z-]{{1,9}})[ \t]{{0,2}}\((?P<run2>{_RUN})\)")
_WORD_SPAN = re.compile(r"\S+")
_HYPHENS = re.compile(r"[\-\u2010\u2011]")


def _within(keys: tuple[str, ...], theme: tuple[str, ...]) -> bool:
    """Does ``theme`` hold the phrase ``keys`` (its words, in a row)?"""
    return any(theme[at:at + len(keys)] == keys for at in range(len(theme) - len(keys) + 1))


def _defined(match: re.Match[str]) -> tuple[int, int, str] | None:
    """(where in the match the name the acronym spells starts and ends, the acronym), or None.  The name
    is the shortest end of the run whose words' initials (each hyphen part's) are the acronym's capitals;
    after an acronym ("PKM (Personal Knowledge Management)") it is the whole run or none."""
    inverse = match.group("run") is None
    group = "run2" if inverse else "run"
    acronym = match.group("acr2" if inverse else "acr")
    letters = "".join(c for c in acronym if c.isupper()).lower()
    spans = list(_WORD_SPAN.finditer(match.group(group)))
    offset = match.start(group) - match.start()
    for first in range(len(spans) - 1, -1, -1):
        initials = "".join(part[0] for word in spans[first:] for part in _HYPHENS.split(word.group(0)) if part).lower()
        if initials == letters:
            if inverse and first:
                return None
            return offset + spans[first].start(), offset + spans[-1].end(), acronym
        if len(initials) > len(letters):
            return None
    return None


def _may_hold(parts: tuple[str, ...], present: set[str]) -> bool:
    """Can a zone whose words' keys are ``present`` write the phrase of these keys: each is a word's, or
    starts with a closed prefix the zone writes ("multiagent" from "multi-agent", ``append_key``)."""
    return all(part in present or any(p in present for p in _prefixes_of(part)) for part in parts)


@lru_cache(maxsize=4096)
def _prefixes_of(part: str) -> tuple[str, ...]:
    """The closed prefixes ``part`` starts with (most: none), found once per theme word, not once per
    zone of each item (speed102: a fifth of ``written_themes``)."""
    return tuple(sorted(p for p in CLOSED_PREFIXES if part.startswith(p)))


def _holds(parts: tuple[str, ...], keys: list[str]) -> bool:
    size = len(parts)
    return any(keys[at:at + size] == list(parts) for at, key in enumerate(keys) if key == parts[0])


def capital_theme_words(item: ResearchItem) -> tuple[str, ...]:
    """The words of the item's ``themes:`` slugs (lower-cased, sorted) that its body writes in capitals
    as a word of their own, plural "s" allowed: "RAG" for ``rag-retrieval``.  An acronym a slug holds is
    the item's word for that idea wherever it writes it, its research log too; a slug's plain word in
    capitals ("RETRIEVAL") is rare and says the same.  The item's own file only, like ``written_themes``:
    no vocabulary, so the record keeps it (``graph.assemble`` reads it for a renamed theme's node)."""
    wanted = sorted({part for theme in item.themes for part in re.split(r"[\s\-_/]+", theme.lower()) if len(part) >= 2})
    body = item.body
    return tuple(part for part in wanted if part.upper() in body
                 and re.search(rf"(?<![\w-]){re.escape(part.upper())}s?(?![\w-])", body))
