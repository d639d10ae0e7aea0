"""A piece of an acronym's expansion that an item writes only inside that expansion: "large language".

Mining offers every phrase of a run of words (``phrases.phrase_slices``), so an item that writes
"Large Language Model (LLM)" also yields "large language" and "language model".  Inside the item
the choice drops such a piece (``vocabulary.choice.local_choice``: nearly always inside a longer term
of its own), but a piece that many items yield the same way is on more than the hub share of a
small corpus, and a hub is linked by every item that writes it often enough (``vocabulary.hubs``),
with no such test: the graph of the 53 later items alone had ``concept:large-language``, a node no
reader can use, which the 273 items' graph (where the piece is on too few items to be a hub) had not.

The item's own definition says which words are one name: when it defines an acronym, the
expansion is a unit, and a phrase of two or more of its words, not all of them, that the item
writes nowhere in its text (title and body) outside that expansion is only its piece, no term of
the item's own ("policy enforcement" of "Policy Enforcement Point (PEP)").  A piece the item
defines or emphasises itself, or writes once on its own ("they regulate operational resilience",
beside "Digital Operational Resilience Act (DORA)"), stays its term.  Read per item, from its own
text alone: no corpus count decides it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Set
from itertools import compress, count
from operator import itemgetter

from kgsync.extract.canonical import CLOSED_PREFIXES, word_key


def pieces_only_inside(tokens: Sequence[bytes], expansions: Set[str], keys: Iterable[str]) -> set[str]:
    """The keys of ``keys`` (the item's candidates) that are a run of two or more words of one of
    ``expansions`` (the keys of the long forms the item defines), but not all of it, and that
    ``tokens`` (``topics.topic_tokens`` of the item's whole text) write at least once and every time
    inside a written expansion that holds them (see the module doc)."""
    holders: dict[str, list[tuple[tuple[str, ...], int]]] = {}  # piece -> (expansion's words, piece's place)
    for long in sorted(expansions):
        for piece, at in _pieces(long):
            holders.setdefault(piece, []).append((tuple(long.split(" ")), at))
    by_first: dict[str, list[tuple[str, ...]]] = {}  # a piece's first word -> the pieces' words
    for key in sorted(set(keys)):
        if key in holders and key not in expansions:
            words = tuple(key.split(" "))
            by_first.setdefault(words[0], []).append(words)
    if not by_first:
        return set()
    opens = _openers(tokens, by_first.keys())
    inside: dict[tuple[str, ...], bool] = {}  # a piece written: whether every time inside an expansion
    # Only where a token that may open a piece stands (found in C), each piece matched word by word.
    for start in compress(count(), map(opens.__contains__, tokens)):
        for first in opens[tokens[start]]:
            for words in by_first[first]:
                if inside.get(words) is False:
                    continue
                end = _match(tokens, start, words)
                if end is not None:
                    inside[words] = any(_held(tokens, start, end, long, at) for long, at in holders[" ".join(words)])
    return {" ".join(words) for words, only in inside.items() if only}


def _openers(tokens: Sequence[bytes], firsts: Iterable[str]) -> dict[bytes, tuple[str, ...]]:
    """Each distinct token of ``tokens`` that may open a written form of one of the key words
    ``firsts`` (itself, or a prefix closed up in it: "multi" of "multiagent"), with those words.
    A key word keeps its written form's first letter (British spelling and the singular change its
    end), so only the tokens opening with one are keyed: a tenth of an item's distinct words."""
    wanted = frozenset(firsts)
    initials = frozenset(word.encode()[:1] for word in wanted)
    out: dict[bytes, tuple[str, ...]] = {}
    distinct = frozenset(tokens)
    for token in compress(distinct, map(initials.__contains__, map(_INITIAL, distinct))):  # the test in C
        text = token.decode("utf-8", "replace")
        key = word_key(text)
        if text in CLOSED_PREFIXES:
            opened = tuple(sorted(word for word in wanted if word == key or word.startswith(text)))
            if opened:
                out[token] = opened
        elif key in wanted:
            out[token] = (key,)
    return out


_INITIAL = itemgetter(slice(0, 1))  # a token's first byte


def _held(tokens: Sequence[bytes], start: int, end: int, long: tuple[str, ...], at: int) -> bool:
    """Is ``tokens[start:end]`` (the piece, ``long``'s words from its ``at``-th) inside a written ``long``?
    A closed-up prefix ("multi agent": "multiagent") takes two tokens for one word, so the expansion
    may open up to twice as many tokens before the piece as it has words there."""
    for opening in range(max(0, start - 2 * at), start + 1):
        last = _match(tokens, opening, long)
        if last is not None and last >= end and _match(tokens, opening, long[:at]) == start:
            return True
    return False


def _match(tokens: Sequence[bytes], start: int, words: Sequence[str]) -> int | None:
    """Where the tokens from ``start`` that spell the key ``words`` end, or None when they do not."""
    at = start
    for word in words:
        if at >= len(tokens):
            return None
        token = tokens[at].decode("utf-8", "replace")
        if word_key(token) == word:
            at += 1
        elif token in CLOSED_PREFIXES and at + 1 < len(tokens) and word_key(
                token + tokens[at + 1].decode("utf-8", "replace")) == word:
            at += 2
        else:
            return None
    return at


def _pieces(key: str) -> Iterable[tuple[str, int]]:
    """Each run of two or more words of ``key`` that is not all of it, with where it starts ("large
    language" at 0 and "language model" at 1 of "large language model")."""
    words = key.split(" ")
    size = len(words)
    return ((" ".join(words[i:j]), i) for i in range(size) for j in range(i + 2, size + 1) if j - i < size)
