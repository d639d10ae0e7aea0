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
from functools import lru_cache
from itertools import accumulate, compress, count

from kgsync.extract.canonical import _PREFIXES, is_acronym, key_of_words
from kgsync.extract.nesting import at_opening, name_like
from kgsync.extract.phrases import TOKEN_OR_BREAK, is_break, token_keys

#: The most words of the same run between a name and the head ("GitHub fine-grained PAT": one).
_BETWEEN = 1


def name_headed(text: str, keys: Set[str]) -> set[str]:
    """The keys of ``keys`` (one or two words, ``canonical.term_key``) that ``text`` (the item's whole
    text) writes more often after a name than not (module doc), when written in lower case at least
    once or as an acronym."""
    wanted = {key for key in keys if 0 < key.count(" ") + 1 <= 2}
    if not wanted:
        return set()
    mentions, after, plain = _count(text, wanted)
    return {key for key, n in mentions.items() if 2 * after[key] > n and key in plain}


def mention_counts(text: str, keys: Set[str]) -> dict[str, tuple[int, int]]:
    """key -> (mentions in ``text``, mentions after a name): what ``name_headed`` decides by (benches)."""
    mentions, after, _plain = _count(text, set(keys))
    return {key: (n, after[key]) for key, n in mentions.items()}


#: ``phrases.TOKEN_OR_BREAK`` as one group: ``split`` gives the text between the tokens and the tokens
#: in turn (the same matches as ``finditer``), so a token's start is the sum of the lengths before it.
_SPLIT = re.compile(f"({TOKEN_OR_BREAK.pattern})")


def _count(text: str, wanted: Set[str]) -> tuple[Counter[str], Counter[str], set[str]]:
    """(mentions, mentions after a name, the keys written plainly once) of ``wanted`` in ``text``.

    Read from the whole text of every item (~7,600 tokens), for each of its ~200 terms and topic
    words: each distinct word's opening key is looked up in a cache (``_opening_key``), the tokens whose key
    opens a wanted key picked in C (``compress``), the one-word mentions counted in C, and only the
    plainly written mentions (for a name before them) and the two-word mentions where one can be wanted
    read in Python; a token's start in the text is summed only when a name is found before a mention.
    Equal to reading every token in turn, as the first version did (tests/extract/test_name_heads.py
    holds it to that reading)."""
    mentions: Counter[str] = Counter()
    after: Counter[str] = Counter()
    plain: set[str] = set()  # the keys written in lower case once, or as an acronym
    firsts = {key.split(" ")[0] for key in wanted}
    parts = _SPLIT.split(text)
    words = parts[1::2]
    # The item's distinct words (a third of its tokens) keyed once; its tokens looked up in C.
    distinct = set(words)
    opening = {word: key for word in distinct if (key := _opening_key(word)) in firsts}
    hits = list(compress(count(), map(opening.__contains__, words)))
    if not hits:
        return mentions, after, plain
    ends: list[int] = []  # the end of each part of ``parts``, summed when first needed
    heading = _heading_lines(text)
    # One-word mentions: counted in C; their plain spellings and names before read per word and position.
    keys = list(map(opening.__getitem__, map(words.__getitem__, hits)))
    ones = list(map(wanted.__contains__, keys))
    mentions.update(compress(keys, ones))
    plainly = {word: _written_plainly((word,)) for word in set(map(words.__getitem__, compress(hits, ones)))}
    for word, written in plainly.items():
        if written:
            plain.add(opening[word])
    for index in compress(hits, ones):
        if plainly[words[index]] and _after_name(text, parts, ends, words, index, heading):
            after[opening[words[index]]] += 1
    # Two-word mentions: where the two words' keys are a wanted key's ("free tier"), picked in C, or
    # after a prefix two words may close up into one ("multi agent": ``canonical.append_key``), each
    # read as before; any other two words key to the first's key, a space and the second's, which no
    # wanted key is.
    two = {(first, second) for first, _space, second in (key.partition(" ") for key in wanted if key.count(" ") == 1)}
    tail = hits if hits[-1] < len(words) - 1 else hits[:-1]
    seconds = map(_opening_key, map(words.__getitem__, map((1).__add__, tail)))
    read = set(compress(tail, map(two.__contains__, zip(keys, seconds))))
    read.update(compress(tail, map(_PREFIXES.__contains__, keys)))
    for index in sorted(read):
        second = words[index + 1]
        if is_break(second):
            continue
        keyed = (opening[words[index]], *token_keys(second))
        if len(keyed) != 2:
            continue
        key = key_of_words(keyed)
        if key not in wanted:
            continue
        mentions[key] += 1
        if _written_plainly((words[index], second)):
            plain.add(key)
            if _after_name(text, parts, ends, words, index, heading):
                after[key] += 1
    return mentions, after, plain


@lru_cache(maxsize=200_000)
def _opening_key(word: str) -> str | None:
    """The one key of a token that may open a mention; None for a break or a token of several keys
    ("e-mail": no head read here).  Cached: an item's words recur, and the corpus's."""
    if is_break(word):
        return None
    keys = token_keys(word)
    return keys[0] if len(keys) == 1 else None


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


def _after_name(text: str, parts: list[str], ends: list[int], words: list[str], index: int,
                heading: list[tuple[int, int]]) -> bool:
    """Is a name written directly before ``words[index]``, or with ``_BETWEEN`` words of the same run
    between, outside a heading line?  ``parts``: the text split around its tokens (``_SPLIT``);
    ``ends``: their summed lengths, filled here when first needed."""
    for back in range(1, _BETWEEN + 2):
        at = index - back
        if at < 0 or is_break(words[at]):
            return False
        if name_like(words[at]):
            if not ends:
                ends.extend(accumulate(map(len, parts)))
            start = ends[2 * at]  # the end of the text before token ``at``
            return not at_opening(text, start) and not any(low <= start < high for low, high in heading)
    return False


def _heading_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each Markdown heading line of ``text``: a heading capitalises its words."""
    return [(m.start(), m.end()) for m in re.finditer(r"(?m)^[ \t]*#{1,6}[ \t].*$", text)] if "#" in text else []
