"""Derived topic words: nouns WordNet does not list, formed from words it does ("observability", "embeddings").

A topic word (``kgsync.extract.topics``) is a noun WordNet gives one meaning and that general
English hardly needs (``wordnet.is_rare``).  A research field coins its own nouns from common
words, and WordNet, a dictionary of general English, lists none of them: "observability" (of
"observable"), "explainability", "embeddings" (of "embed").  They are topic words by the same
reasoning, read from the committed table (``wordnet.is_quality``, ``wordnet.is_gerund``):

* a *quality*: "-ability"/"-ibility" of an "-able"/"-ible" adjective WordNet lists, itself
  unlisted: the one property of being so; or "-ability" of a verb WordNet lists with no "-able"
  adjective ("auditability" of "audit"): a field names the property before a dictionary lists it;
* a *gerund* a field made a noun: a verb's "-ing" form that WordNet lists in no part of speech, in
  an item that writes its **plural** ("embeddings"): an activity has no plural; a thing one counts
  has.  An item that writes only the singular ("by embedding the file") does not name it.

``derived_mentions(...)`` depends on the item and the committed table only, so it is cached per
file with the item's candidates, in its ``topic_words``, and the corpus decides which are topics
as for every topic word (``kgsync.vocabulary.topics``): named by 10 % of the items, addressed
(three mentions, one where the item concludes) by 5 %.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from kgsync.extract import wordnet
from kgsync.extract.names import letter_runs


def derived_mentions(text: str, dense: str, runs: Counter[bytes] | None = None,
                     dense_runs: Counter[bytes] | None = None) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each derived topic word ``text``
    names (see the module doc), by key; a word counts in lower case or capitalised, singular or
    plural.  ``runs``, ``dense_runs``: ``names.letter_runs`` of each, when the caller has them."""
    forms = _forms()
    runs = letter_runs(text) if runs is None else runs
    found: dict[str, int] = {}
    plural: set[str] = set()
    for form in runs.keys() & forms.keys():
        key, is_plural = forms[form]
        found[key] = found.get(key, 0) + runs[form]
        if is_plural:
            plural.add(key)
    gerunds = _gerunds()
    keys = sorted(key for key in found if key in plural or key not in gerunds)
    if not keys:
        return ()
    dense_runs = letter_runs(dense) if dense_runs is None else dense_runs
    concluded: dict[str, int] = {}
    for form in dense_runs.keys() & forms.keys():
        key = forms[form][0]
        concluded[key] = concluded.get(key, 0) + dense_runs[form]
    return tuple((key, found[key], concluded.get(key, 0)) for key in keys)


def is_derived(key: str) -> bool:
    """Is ``key`` a derived topic word ("observability", "embedding")?"""
    return wordnet.is_quality(key) or wordnet.is_gerund(key)


@cache
def _gerunds() -> frozenset[str]:
    return wordnet.derived_words()[1]


@cache
def _forms() -> dict[bytes, tuple[str, bool]]:
    """Written form (bytes) -> (derived word, is it the plural): each word and its plural, in lower
    case and capitalised."""
    qualities, gerunds = wordnet.derived_words()
    out: dict[bytes, tuple[str, bool]] = {}
    for key in sorted(qualities | gerunds):
        plural = key[:-1] + "ies" if key.endswith("y") else key + "s"
        for form, is_plural in ((key, False), (plural, True)):
            out.setdefault(form.encode(), (key, is_plural))
            out.setdefault(form.capitalize().encode(), (key, is_plural))
    return out


def load() -> None:
    """Load the table ``derived_mentions`` reads now: before worker processes are forked."""
    _forms()
