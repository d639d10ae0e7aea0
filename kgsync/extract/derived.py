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
from kgsync.extract.form_tables import FormTable
from kgsync.extract.names import letter_runs


def derived_mentions(text: str, dense: str, runs: Counter[bytes] | None = None,
                     dense_runs: Counter[bytes] | None = None) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each derived topic word ``text``
    names (see the module doc), by key; a word counts in lower case or capitalised, singular or
    plural.  ``runs``, ``dense_runs``: ``names.letter_runs`` of each, when the caller has them."""
    return tuple((key, n, d) for key, n, d, _s in _derived_counts(text, dense, None, runs, dense_runs, None))


def derived_mentions_stated(text: str, dense: str, stated: str, runs: Counter[bytes], dense_runs: Counter[bytes],
                            stated_runs: Counter[bytes]) -> tuple[tuple[str, int, int, int], ...]:
    """``derived_mentions(text, dense, ...)``, each with its mentions in ``stated`` (the title,
    question and summary, which open ``dense``): ``derived_mentions(text, stated, ...)``'s third
    figure, counted only when some word has a mention in ``dense`` (else 0).  The whole text's
    words are found once for both (``mining``)."""
    return _derived_counts(text, dense, stated, runs, dense_runs, stated_runs)


def _derived_counts(text: str, dense: str, stated: str | None, runs: Counter[bytes] | None,
                    dense_runs: Counter[bytes] | None, stated_runs: Counter[bytes] | None
                    ) -> tuple[tuple[str, int, int, int], ...]:
    """``derived_mentions_stated`` (``stated`` None: no stated counts, each 0)."""
    runs = letter_runs(text) if runs is None else runs
    found: dict[str, int] = {}
    plural: set[str] = set()
    table = _FORMS.for_a_text()
    for form, (key, is_plural) in _FORMS.written(runs, table).items():
        found[key] = found.get(key, 0) + runs[form]
        if is_plural:
            plural.add(key)
    gerunds = _gerunds()
    keys = sorted(key for key in found if key in plural or key not in gerunds)
    if not keys:
        return ()
    dense_runs = letter_runs(dense) if dense_runs is None else dense_runs
    concluded = _zone_counts(dense_runs, table)
    where = _zone_counts(stated_runs, table) if stated_runs is not None and any(
        concluded.get(key, 0) for key in keys) else {}
    return tuple((key, found[key], concluded.get(key, 0), where.get(key, 0)) for key in keys)


def _zone_counts(zone_runs: Counter[bytes], table: dict[bytes, tuple[str, bool]] | None) -> dict[str, int]:
    """Derived word -> its mentions in a zone, from the zone's letter runs."""
    counts: dict[str, int] = {}
    for form, (key, _plural) in _FORMS.written(zone_runs, table).items():
        counts[key] = counts.get(key, 0) + zone_runs[form]
    return counts


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
    _FORMS.load()


def _form_of(run: bytes) -> tuple[str, bool] | None:
    """``_forms().get(run)``, from the few words that can write ``run``.  Every word is in lower case
    (``_lower_words``), so a form written ``run`` (the word or its plural, as is or capitalised) is
    the word or its plural in ``run``'s lower case: the word is that, or that less its plural
    ending.  The table takes the first such word in sorted order, and of its forms the first that is
    ``run``; so does this."""
    if not run.isascii() or not _lower_words():
        return _forms().get(run)
    text = run.decode("ascii")
    lower = text.lower()
    candidates = {lower}
    if lower.endswith("ies"):
        candidates.add(lower[:-3] + "y")
    if lower.endswith("s"):
        candidates.add(lower[:-1])
    words = _words()
    for key in sorted(candidates & words):
        plural = key[:-1] + "ies" if key.endswith("y") else key + "s"
        for form, is_plural in ((key, False), (plural, True)):
            if text == form or text == form.capitalize():
                return key, is_plural
    return None


@cache
def _words() -> frozenset[str]:
    qualities, gerunds = wordnet.derived_words()
    return qualities | gerunds


@cache
def _lower_words() -> bool:
    """Whether every derived word that is ASCII letters only is in lower case, and none is not ASCII
    (a word with another character writes no run of letters: ``_form_of``'s premise)."""
    return all(key.isascii() and (key.islower() or not key.isalpha()) for key in _words())


#: ``_forms()``, built whole once ``load`` ran (before worker processes fork, to parse many items);
#: until then each run is looked up alone (``_form_of``): a rebuild that parses one item need not
#: build 85,000 forms (0.07 s CPU: the one-item rebuild of
#: ``bench/bench_build.py --count 10000 --skip-real``, speed9i).  Both give the same answer
#: (tests/extract/test_derived.py).
_FORMS: FormTable[tuple[str, bool]] = FormTable(_forms, _form_of)
