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

A *prefixed* compound of two parts, a combining prefix or a quantity and a noun no vague one
("multi-agent": ``prefixed_mentions``), is counted so too, as a single word: the items write it
before varying heads ("multi-agent systems", "multi-agent orchestration", "multi-agent
coordination"), so no phrase of it is shared, while the compound is the idea they share.  Its key
keeps the hyphen (``is_prefixed_key``); it enters as a topic word does (10 % name it, 5 % address it),
and only where the node floor of those addressing it also write it as a head, not only before a noun
(``modifiers_only``: a new repository's items wrote "multi-hop reasoning" and "multi-hop delegation
chains", never "multi-hop" alone, and readers judged the bare modifier a fragment).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Set

from kgsync.extract import attributive, lexicon, wordnet
from kgsync.extract.canonical import term_key, word_key

#: Every byte but an ASCII letter, digit, underscore or hyphen is a space (a character beyond ASCII
#: too: quotes, arrows): ``split`` then gives the hyphenated words, of which those of three or four
#: words of ASCII letters only are read (mining's longest term has four; "bge-micro-v2" is a name).
_HYPHEN_RUNS = bytes(c if c < 128 and (chr(c).isalnum() or c in (45, 95)) else 32 for c in range(256))
#: A compound key has at least this many words (a topic phrase has two).
COMPOUND_WORDS = 3


def compound_mentions(text: str, dense: str, mined: Set[str], data: bytes | None = None,
                      runs: Counter[bytes] | None = None) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each compound ``text`` writes (see the
    module doc), by key; ``mined``: the keys of the item's own candidates; ``data``: ``text`` in UTF-8
    (``str.encode(..., "replace")``), and ``runs``: its ``hyphen_runs``, when the caller has them (``item_text``)."""
    keys = _counts(text, data, runs)
    if not keys:
        return ()
    # the same text twice (``mining`` asks for the counts in its stated zones alone): counted once
    concluded = (keys if dense is text else _counts(dense)) if not mined.isdisjoint(keys) else {}
    return tuple(sorted((key, n, concluded.get(key, 0) if key in mined else 0) for key, n in keys.items()))


def hyphen_runs(data: bytes) -> Counter[bytes]:
    """The runs of word bytes and hyphens of a text in UTF-8 that hold a hyphen, counted: what both
    compound scans read (``_counts``, ``_prefixed_counts``), so mining cuts its whole text once for
    the two (speed197)."""
    return Counter(_hyphenated(data.translate(_HYPHEN_RUNS)))


def _counts(text: str, data: bytes | None = None, runs: Counter[bytes] | None = None) -> dict[str, int]:
    """Compound key -> how many times ``text`` writes it: the runs of word bytes and hyphens
    (``bytes.translate``, then ``_hyphenated`` finds those with a hyphen), of which only those with two or
    three hyphens between ASCII letters are read."""
    if "-" not in text:
        return {}
    out: dict[str, int] = {}
    # only the hyphenated runs are counted, over the translated bytes
    if runs is None:
        runs = hyphen_runs(text.encode("utf-8", "replace") if data is None else data)
    for run, n in runs.items():
        if not 2 <= run.count(b"-") <= 3:
            continue
        parts = run.lower().split(b"-")
        if not all(map(bytes.isalpha, parts)) or parts[0] == parts[-1]:
            continue  # a number or a code in it (a date, a version); "end-to-end": a reduplication
        key = term_key(run.decode().lower())
        if key.count(" ") + 1 >= COMPOUND_WORDS:
            out[key] = out.get(key, 0) + n
    return out


def _hyphenated(data: bytes) -> list[bytes]:
    """The runs of bytes other than a space that hold a hyphen, in order (``re.findall(rb"[^ ]*-[^ ]*",
    data)``, which tried every position of every run): from each hyphen ``bytes.find`` goes to the
    run's ends and on to the next hyphen after it (the real corpus writes one hyphen per fourteen runs)."""
    out = []
    find, rfind = data.find, data.rfind
    at = find(b"-")
    while at >= 0:
        end = find(b" ", at)
        if end < 0:
            end = len(data)
        out.append(data[rfind(b" ", 0, at) + 1 : end])
        at = find(b"-", end)
    return out


def is_compound_key(key: str) -> bool:
    """Is a topic key a compound's (``compound_mentions``)?  Three words or more."""
    return key.count(" ") + 1 >= COMPOUND_WORDS


def hyphenated(key: str) -> str:
    """How a compound is written: "human-in-the-loop"."""
    return key.replace(" ", "-")


def prefixed_mentions(text: str, concluded: str, data: bytes | None = None,
                      runs: Counter[bytes] | None = None) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``concluded``) of each prefixed compound naming a
    class of things that ``text`` writes (``prefixed_key``), by key.  ``concluded``: where the item
    concludes, its Findings' Analysis too, as for a topic word (it enters as one); ``data``: ``text``
    in UTF-8, and ``runs``: its ``hyphen_runs``, when the caller has them (``item_text``)."""
    keys = _prefixed_counts(text, data, runs)
    if not keys:
        return ()
    dense = keys if concluded is text else _prefixed_counts(concluded)
    return tuple(sorted((key, n, dense.get(key, 0)) for key, n in keys.items()))


def modifiers_only(found: tuple[tuple[str, int, int], ...], text: str, lower: str | None = None) -> set[str]:
    """The keys of ``found`` (``prefixed_mentions`` of ``text``) that ``text`` writes only directly
    before another word of its run, never as a head (``attributive.attributive_only``): an item that
    writes "multi-hop reasoning" and "multi-hop retrieval", never "multi-hop" alone, names those noun
    phrases with the compound as their modifier, as mining reads its candidates ("multi-step
    reasoning").  The item still names and addresses the compound (its links are as before); the
    corpus reads whether the items that address it write it as a thing of its own
    (``vocabulary.topics``).  ``lower``: ``text.lower()``, when the caller has it."""
    if not found:
        return set()
    return attributive.attributive_only(text, {key: {key: 1, key + "s": 1} for key, _n, _d in found}, lower)


def _prefixed_counts(text: str, data: bytes | None = None, runs: Counter[bytes] | None = None) -> dict[str, int]:
    """Prefixed compound key -> how many times ``text`` writes it, any case: the hyphenated runs of
    one hyphen (``_hyphenated``) that ``prefixed_key`` keys."""
    if "-" not in text:
        return {}
    if runs is None:
        runs = hyphen_runs(text.encode("utf-8", "replace") if data is None else data)
    out: dict[str, int] = {}
    for run, n in runs.items():
        if run.count(b"-") == 1:
            key = prefixed_key(run.decode().lower())
            if key is not None:
                out[key] = out.get(key, 0) + n
    return out


def prefixed_key(surface: str) -> str | None:
    """The key of a hyphenated compound of two parts whose first is a combining prefix or a quantity
    and whose last is a noun, no vague one, that names what there are several of or what is crossed
    ("multi-agent", "single-agent", "multi-hop"), its last part singular: the prefix says how many or
    which of a thing the field studies.  None for any other surface: a vague noun last (``lexicon.GENERIC``:
    "multi-step", "cross-item", "multi-year": a count of steps is a manner), no noun last ("cross-functional",
    "self-hosted", "post-hoc"), a negation ("non-compliance": ``non-`` only qualifies, as
    ``idea.names_an_idea`` reads it) and a compound WordNet lists ("cross-reference": a dictionary word)."""
    if not attributive.prefixed(surface):
        return None
    first, _hyphen, last = surface.partition("-")
    noun = word_key(last)
    if (first == "non" or not noun.isalpha() or noun in lexicon.GENERIC or not wordnet.is_common(noun)
            or wordnet.is_modifier(noun) or wordnet.is_noun_compound(term_key(surface))):
        return None
    return f"{first}-{noun}"


def is_prefixed_key(key: str) -> bool:
    """Is a topic key a prefixed compound's (``prefixed_mentions``: "multi-agent")?  One word with a hyphen."""
    return "-" in key and " " not in key
