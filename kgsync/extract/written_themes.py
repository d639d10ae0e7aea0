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
"""

from __future__ import annotations

import re
from functools import lru_cache

from kgsync.extract.canonical import CLOSED_PREFIXES, fresh_words, key_of_words, term_key, word_key
from kgsync.read.items import ResearchItem

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
        # "0" between the runs the marks cut: no phrase holds it and no prefix closes with it, so a
        # phrase never runs across a comma; each zone apart, it never runs from one into the next.
        plain = fresh_words(_PHRASE_BREAK.sub(" 0 ", zone))
        present = set(map(word_key, plain))
        # Most zones write no word of the themes: only those that may are keyed word by word.
        maybe = [theme for theme, parts in wanted.items() if theme not in found and _may_hold(parts, present)]
        if maybe:
            keys = key_of_words(map(word_key, plain)).split(" ")
            found.update(theme for theme in maybe if _holds(wanted[theme], keys))
    return tuple(theme for theme in wanted if theme in found)


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
