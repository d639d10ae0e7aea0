"""A general head an item writes mostly as the tail of a product's name: "Bedrock Knowledge Bases".

Blind readers judged ``concept:registry`` and ``concept:knowledge-base`` two senses joined (issue 21):
one item writes "registry" for the npm registry, another for a documentation registry, a third for
the MCP registry; "Knowledge Bases" is an AWS Bedrock feature in one item and the general idea in
another.  A one- or two-word head written directly after a name ("Supadata's transcript API",
"GitHub fine-grained PAT", "the Cloudflare Pages free tier") is the last word of that product's
name: the item cites the product's thing, not the general idea.  ``nesting`` reads this in the dense
zones of mined phrases ("the Gemini API": no ``flags.FREE``); here it is read over the item's whole
text for every term and topic word of one or two words, because a topic word ("registry") is linked
by its mentions anywhere.

A *name* is, as in ``nesting`` (``name_like``, ``at_opening``), a word with a capital first letter
and a lower-case letter (no acronym: "MCP registry", "AI agent" qualify a field, they name no
product), not where a sentence, a line, a heading or a parenthesis opens, and not on a heading line
(a heading capitalises every word).  The head's mention is *after a name* when the word directly before it, or the one before
that with one word of the same run between ("GitHub fine-grained PAT"), is a name.  A head the item
writes in capitals only is a name itself ("Copilot" in "GitHub Copilot"): it is left alone, so only
a head written in lower case at least once, or an acronym, is read.

``name_headed``: the keys more than half of whose mentions in the item's whole text are after a
name.  The item's own text alone decides; no word list, no corpus count.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Set

from kgsync.extract.canonical import is_acronym, key_of_words
from kgsync.extract.nesting import at_opening, name_like
from kgsync.extract.phrases import is_break, token_keys, tokens_of

#: The most words of the same run between a name and the head ("GitHub fine-grained PAT": one).
_BETWEEN = 1


def name_headed(text: str, keys: Set[str], tokens: tuple[list[re.Match[str]], list[str]] | None = None) -> set[str]:
    """The keys of ``keys`` (one or two words, ``canonical.term_key``) that ``text`` (the item's whole
    text) writes more often after a name than not (module doc), when written in lower case at least
    once or as an acronym.  ``tokens``: ``phrases.tokens_of(text)``, when the caller has them."""
    wanted = {key for key in keys if 0 < key.count(" ") + 1 <= 2}
    if not wanted:
        return set()
    matches, words = tokens_of(text) if tokens is None else tokens
    mentions, after, plain = _count(text, matches, words, wanted)
    return {key for key, n in mentions.items() if 2 * after[key] > n and key in plain}


def mention_counts(text: str, keys: Set[str]) -> dict[str, tuple[int, int]]:
    """key -> (mentions in ``text``, mentions after a name): what ``name_headed`` decides by (benches)."""
    matches, words = tokens_of(text)
    mentions, after, _plain = _count(text, matches, words, set(keys))
    return {key: (n, after[key]) for key, n in mentions.items()}


def _count(text: str, matches: list[re.Match[str]], words: list[str], wanted: Set[str]
           ) -> tuple[Counter[str], Counter[str], set[str]]:
    mentions: Counter[str] = Counter()
    after: Counter[str] = Counter()
    plain: set[str] = set()  # the keys written in lower case once, or as an acronym
    firsts = {key.split(" ")[0] for key in wanted}
    heading = _heading_lines(text)
    for index, word in enumerate(words):
        if is_break(word):
            continue
        first = token_keys(word)
        if len(first) != 1 or first[0] not in firsts:
            continue  # a token of several keys ("e-mail") is no head read here
        for size in (1, 2):
            span = words[index:index + size]
            if len(span) < size or any(map(is_break, span)):
                break
            keyed = [k for token in span for k in token_keys(token)]
            if len(keyed) != size:
                break
            key = key_of_words(keyed)
            if key not in wanted:
                continue
            mentions[key] += 1
            if _written_plainly(span):
                plain.add(key)
                if _after_name(text, matches, words, index, heading):
                    after[key] += 1
    return mentions, after, plain


def _written_plainly(span: Iterable[str]) -> bool:
    """Is a mention written in lower case ("knowledge bases", "free tier") or as one acronym of letters
    ("SDK"; not "FTS5" in "SQLite FTS5": a letter-and-digit designation names a thing of its own)?
    A head in capitals ("Digital Operational Resilience Act", "Hypothetical Document Embeddings")
    is a piece of a title or a name of its own, read elsewhere (``nesting``, ``names``)."""
    written = list(span)
    if len(written) == 1 and written[0].isalpha() and is_acronym(written[0][:-1] if written[0].endswith("s") and len(written[0]) > 2 else written[0]):
        return True
    return all(word[:1].islower() for word in written)


def _ends_run(words: list[str], end: int) -> bool:
    """Does the mention end its word run (the name's tail: "the npm registry."), not modify a noun
    after it ("Deloitte agentic AI report": the report is the name's thing)?"""
    return end >= len(words) or is_break(words[end])


def _after_name(text: str, matches: list[re.Match[str]], words: list[str], index: int, heading: list[tuple[int, int]]
                ) -> bool:
    """Is a name written directly before ``words[index]``, or with ``_BETWEEN`` words of the same run
    between, outside a heading line?"""
    for back in range(1, _BETWEEN + 2):
        at = index - back
        if at < 0 or is_break(words[at]):
            return False
        if name_like(words[at]):
            start = matches[at].start()
            return not at_opening(text, start) and not any(low <= start < high for low, high in heading)
    return False


def _heading_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each Markdown heading line of ``text``: a heading capitalises its words."""
    return [(m.start(), m.end()) for m in re.finditer(r"(?m)^[ \t]*#{1,6}[ \t].*$", text)] if "#" in text else []
