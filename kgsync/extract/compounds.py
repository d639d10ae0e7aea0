"""Hyphenated compounds one item writes anywhere ("human-in-the-loop"): the per-file half of compound topics.

A compound of three or four words written as one hyphenated word is one unit, like a single word:
every item writes it the same way, so it can be counted over an item's whole text, as a topic
word is (``kgsync.extract.topics``), where mining reads only the title, question, summary and
findings (a third of the items that name "human-in-the-loop" do so only in their research log).
Its key is mining's (``canonical.term_key``: "human in the loop"); a topic phrase has two words
(``topics.PHRASE_WORDS``), so a key of three words or more in ``ItemCandidates.topic_words`` is a
compound's (``is_compound_key``).

* An item *names* a compound each time it writes it, hyphenated, in any case.
* Its mentions where it concludes count only when mining found the compound an idea in the item
  (``mined``: its candidates): an item that writes one in passing, or one mining does not take
  (a slug, "state-of-the-art"), names it and never addresses it.
* A *reduplication*, the same word on both sides of a preposition ("end-to-end", "day-to-day",
  "step-by-step"), is an adverbial of extent or manner, not an idea: never recorded.

The corpus decides which compounds are topics (``kgsync.vocabulary.topics``): named by 10 % of
the items and addressed by the node floor, as a topic phrase.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Set

from kgsync.extract.canonical import term_key

#: A hyphenated word of three or four ASCII words (mining's longest term has four).
_COMPOUND = re.compile(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+){2,3}(?![\w-])")
#: A compound key has at least this many words (a topic phrase has two).
COMPOUND_WORDS = 3


def compound_mentions(text: str, dense: str, mined: Set[str]) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each compound ``text`` writes (see the
    module doc), by key; ``mined``: the keys of the item's own candidates."""
    if "-" not in text:
        return ()
    counts = Counter(map(str.lower, _COMPOUND.findall(text)))
    if not counts:
        return ()
    keys: dict[str, int] = {}
    for form, n in counts.items():
        parts = form.split("-")
        if parts[0] == parts[-1]:
            continue  # "end-to-end": a reduplication
        key = term_key(form)
        if key.count(" ") + 1 >= COMPOUND_WORDS:
            keys[key] = keys.get(key, 0) + n
    if not keys:
        return ()
    concluded = Counter(term_key(form) for form in map(str.lower, _COMPOUND.findall(dense))) if any(
        key in mined for key in keys) else Counter()
    return tuple(sorted((key, n, concluded[key] if key in mined else 0) for key, n in keys.items()))


def is_compound_key(key: str) -> bool:
    """Is a topic key a compound's (``compound_mentions``)?  Three words or more."""
    return key.count(" ") + 1 >= COMPOUND_WORDS


def hyphenated(key: str) -> str:
    """How a compound is written: "human-in-the-loop"."""
    return key.replace(" ", "-")
