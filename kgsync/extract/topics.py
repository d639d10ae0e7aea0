"""The topic words one item names, anywhere in its text, and whether it addresses each: the per-file half of topics.

A *topic word* is a single noun that WordNet gives one meaning and that general English hardly
needs (``wordnet.is_rare``: "provenance", "guardrail"; not "system", "software", "workflow").
Mining (``kgsync.extract.mining``) never takes a plain single word as a term, and it reads only
the title, question, summary and findings, while most mentions of a topic are in the research
log.  So each item is scanned whole here, cheaply: one regex pass (C) over its lower-cased text,
a ``Counter`` of its words (C) and a set intersection with the topic words' written forms (C);
no Python step per word.

``mentions(...)`` depends on the item and the committed WordNet table only, so it is cached per
file with the item's candidates.  Which topic words are the vocabulary's topics is decided over
the corpus and kept in the manifest (``kgsync.vocabulary.topics``); an item links a topic by its
own mentions alone (``addresses``).
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

from kgsync.extract import wordnet
from kgsync.extract.canonical import word_key

#: An item *addresses* a topic word when it names it at least this many times in its whole text ...
ADDRESS_MENTIONS = 3
#: ... and at least this many times in its title, research question, executive summary or key
#: findings: what the item concludes names it, not only its log.  One mention in passing, or a
#: log that names it twice, does not make the item about it.
ADDRESS_DENSE = 1

#: A word in lower case or capitalised ("Provenance" opening a sentence); not one in capitals
#: throughout ("CLI", "NIST"): a name's or an acronym's, as mining reads them.  No boundary
#: assertions: they made the scan four times slower, and a topic word is letters only
#: (``wordnet.is_rare``), so a hyphen or a capital inside a name only splits it into words.
_WORD = re.compile(r"[A-Za-z][a-z]+")


def addresses(mentioned: int, dense: int) -> bool:
    """Does an item that names a topic word ``mentioned`` times, ``dense`` of them in its title,
    question, summary or findings, address it (link its node)?"""
    return mentioned >= ADDRESS_MENTIONS and dense >= ADDRESS_DENSE


def mentions(text: str, dense: str) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each topic word ``text`` names, by key.

    ``text``: the item's whole text (title and body, without code, links' targets, URLs and
    evidence labels); ``dense``: its title, question, summary and findings.  A word counts in
    lower case or capitalised, not in capitals throughout (``_WORD``)."""
    counts = _counts(text)
    if not counts:
        return ()
    dense_counts = _counts(dense)
    return tuple(sorted((key, n, dense_counts.get(key, 0)) for key, n in counts.items()))


def _counts(text: str) -> dict[str, int]:
    forms = _forms()
    words = Counter(_WORD.findall(text))
    out: dict[str, int] = {}
    for form in words.keys() & forms.keys():
        key = forms[form]
        out[key] = out.get(key, 0) + words[form]
    return out


def load() -> None:
    """Load the tables ``mentions`` reads (WordNet's and the topic words' forms, 0.3 s) now: before
    worker processes are forked, so that each inherits them instead of building its own."""
    _forms()


@cache
def _forms() -> dict[str, str]:
    """Written form -> topic word: each word and its plurals, in lower case and capitalised, where
    ``canonical.word_key`` takes the form back to the word."""
    out: dict[str, str] = {}
    for key in sorted(wordnet.rare_words()):
        plurals = [key + "s", key + "es"] + ([key[:-1] + "ies"] if key.endswith("y") else [])
        for form in (key, *plurals):
            if word_key(form) == key:
                out.setdefault(form, key)
                out.setdefault(form.capitalize(), key)
    return out
