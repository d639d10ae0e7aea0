"""Which topic words and phrases one item names, addresses and states (``item_topics``): all that
the corpus decision on topics (``kgsync.vocabulary.topics``) and an item's topic links read of its
``topic_words``, from that item alone.  A phrase the item writes as the tail of a term it defines
("language models" after "large language model (LLM)": ``item_ellipses``) is that term there."""

from __future__ import annotations

from collections.abc import Sequence

from kgsync.extract import compounds
from kgsync.extract.canonical import fresh_words, word_key
from kgsync.extract.mining import DEFINED, ItemCandidates
from kgsync.extract.topics import addresses


def item_topics(item: ItemCandidates) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(the topic words an item names, the topic words and phrases it addresses, those it addresses
    where it states its subject: the ones it links): all the corpus decision and the links read of
    its ``topic_words``.  Which phrases it names anywhere is read from its marks (``edit_moves_phrases``)."""
    named = frozenset(key for key, _n, _dense, _stated in item.topic_words
                      if " " not in key or compounds.is_compound_key(key))
    # A phrase the item writes as the tail of a term it defines ("language models" after "large
    # language model (LLM)") is that term there (``item_ellipses``): the item does not address it.
    longer = item_ellipses(item) if any(" " in w[0] for w in item.topic_words) else {}
    return (named, frozenset(key for key, n, dense, _stated in item.topic_words
                             if addresses(n, dense) and key not in longer),
            frozenset(key for key, n, _dense, stated in item.topic_words if addresses(n, stated) and key not in longer))


def item_ellipses(item: ItemCandidates) -> dict[str, str]:
    """The phrases one item writes for a longer term it defines: tail key -> the term's key.
    Within an item that defines "large language model (LLM)", "language models" is that term
    with its modifier dropped (an ellipsis), or a piece of it: no idea of its own there.  Only a
    tail of two words or more that the item does not define itself, when exactly one term the
    item defines ends with it, not counting one that ends with another such term ("knowledge
    graph large language model" with "large language model": ``_innermost_enders``), and the
    item writes that term before it writes the tail alone (``_written_first``: "language
    models, and large language models (LLMs) above all" keeps the phrase).  Depends on this item alone, like the rest of ``item_topics``."""
    defined = [c.key for c in item.terms if c.flags & DEFINED and " " in c.key]
    if not defined:
        return {}
    flags_of = {c.key: c.flags for c in item.terms}
    out: dict[str, str] = {}
    text = _LineWords(item.dense)
    for long in defined:
        words_ = long.split(" ")
        for cut in range(1, len(words_) - 1):
            tail = " ".join(words_[cut:])
            flags = flags_of.get(tail)
            if flags is None or flags & DEFINED or _innermost_enders(defined, tail) != [long]:
                continue
            if _written_first(text, words_, cut):
                out[tail] = long
    return out


def _innermost_enders(defined: Sequence[str], tail: str) -> list[str]:
    """The terms of ``defined`` that end with ``tail``, less each that ends with another of them:
    "knowledge graph large language model (KGLLM)" ends with "large language model (LLM)", so
    "language models" after either is the one idea LLM names, not two the item leaves open."""
    enders = [d for d in defined if d.endswith(" " + tail)]
    return [d for d in enders if not any(d.endswith(" " + other) for other in enders)]


class _LineWords:
    """The word keys of a text (``word_key`` of each of its ``fresh_words``), tokenised a line at a
    time as far as they are read: ``_written_first`` stops at the tail's first mention, and
    tokenising every text whole cost a fresh build at 10,000 items ~0.5 s of its one process
    (speed15s: the select stage timed in process over 10,000 items of ``bench/gen_corpus.py``).
    The same keys: no token, possessive or special spelling spans a line break, and NFKC
    composes nothing with one (``canonical._normalise``), so a text's words are its lines' in order."""

    def __init__(self, text: str) -> None:
        self.keys: list[str] = []
        self._lines = iter(text.split("\n"))

    def reach(self, count: int) -> list[str]:
        """The keys, at least ``count`` of them while the text has more."""
        keys = self.keys
        while len(keys) < count:
            line = next(self._lines, None)
            if line is None:
                break
            keys.extend([word_key(w) for w in fresh_words(line)])
        return keys


def _written_first(text: _LineWords, long: Sequence[str], cut: int) -> bool:
    """Does ``text`` (word keys) write ``long`` (its words) before its tail ``long[cut:]`` alone?"""
    n, tail, head = len(long), list(long[cut:]), list(long[:cut])
    first, tail_first = long[0], long[cut]  # a check at i can hold only where one of them starts
    keys = text.keys  # extended in place by ``reach``
    i = 0
    while True:
        if i + n > len(keys):
            text.reach(i + n)  # the keys through i + n: all the checks at i read
            if i >= len(keys):
                return False
        word = keys[i]
        if word == first and keys[i : i + n] == long:
            return True
        if word == tail_first and keys[i : i + n - cut] == tail and keys[max(0, i - cut) : i] != head:
            return False
        i += 1
