"""Name words: the capitalised single words one item writes as a name ("Microsoft", "Anthropic").

Organisations and products are concepts (README, "What is a concept, decided"), but mining never
takes a plain single word as a term, and a name in one word with no capital inside ("Microsoft",
unlike "GitHub" or "OpenAI") reads as a plain word.  So each item is scanned whole here, as for the
topic words (``kgsync.extract.topics``), and records the words it writes as names, with their
mentions; the corpus decides which are topics as it does for topic words
(``kgsync.vocabulary.topics``: named by 10 % of the items, addressed by 5 %), and an item links
one by its own mentions alone.

A word is a *name* in an item (``name_mentions``), by that item's text and the committed WordNet
table only (``wordnet``):

* it is capitalised, three letters or more, no capital inside ("Gartner"; "GitHub" is mining's);
* the item writes it in lower case less often than capitalised: a common word capitalised in a
  title ("Risks, Gaps, and Uncertainties") is written in lower case elsewhere, a name in lower
  case only in a file's path or a slug (`anthropic-claude-code-leak.md`);
* WordNet does not hold it as a common noun, a place, a time or a person (``wordnet.is_common``,
  ``is_place``, ``is_jurisdiction``, ``is_ordinary``): "technology", "python", "January",
  "Newton", "Paris" are not an organisation's or a product's names, however an item
  capitalises them.  A word WordNet lists in lower case only as an adjective ("anthropic") is a
  name only where the item writes it alone, not before another capitalised word ("the
  Artificial Intelligence Act": "artificial" qualifies).

Such a word is *named* by the item, each time it writes it; the item may *address* it (link its
node: ``extract.topics.addresses``) only when it writes it as a name at least once: capitalised
*mid-sentence*, right after a word in lower case on the same line ("published by Microsoft").  A
word opening a sentence, a list entry or a heading ("Initialise", "Recursive Decomposition") is
capitalised by position, not as a name: for an item that never writes it mid-sentence, its
mentions where it concludes are not counted (zero), so it names the word and never addresses it.

``name_mentions(...)`` depends on the item and the committed table only, so it is cached per
file with the item's candidates, in its ``topic_words``: a name's key is the lower-cased word,
which is no topic word (a topic word is a common noun WordNet spells in lower case).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from kgsync.extract import lexicon, wordnet
from kgsync.extract.canonical import word_key

#: Every byte but an ASCII letter is a space: ``split`` then gives the runs of ASCII letters.
_LETTER_RUNS = bytes(c if chr(c).isascii() and chr(c).isalpha() else 32 for c in range(256))
#: A name word has at least this many letters ("IBM" is an acronym, mining's; "Meta" has four).
MIN_LETTERS = 3


def letter_runs(text: str) -> Counter[bytes]:
    """How many times ``text`` writes each run of ASCII letters, as bytes (``bytes.translate``,
    ``split`` and ``Counter`` run in C): what ``name_mentions`` and ``derived.derived_mentions`` read."""
    return Counter(letter_run_list(text))


def letter_run_list(text: str) -> list[bytes]:
    """The runs of ASCII letters ``text`` writes, in order (``letter_runs`` counts them)."""
    return text.encode("utf-8", "replace").translate(_LETTER_RUNS).split()


def letter_runs_of_bytes(data: bytes) -> Counter[bytes]:
    """``letter_runs`` of a text given in UTF-8 (``str.encode(..., "replace")``)."""
    return Counter(data.translate(_LETTER_RUNS).split())


def name_mentions(text: str, dense: str, longer: Iterable[str] = (), runs: Counter[bytes] | None = None,
                  dense_runs: Counter[bytes] | None = None) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each word ``text`` writes as a name
    (see the module doc), by key.  ``text``: the item's whole text (title and body, without code,
    links' targets and URLs); ``dense``: its title, question, summary and findings; ``longer``:
    the item's mined terms of several words, as written (``mining.candidates``): a mention that
    opens one ("Claude Code", "Google Summer of Code") is that name's, not the word's.  ``runs``,
    ``dense_runs``: ``letter_runs`` of each, when the caller has them."""
    return tuple((key, n, d) for key, n, d, _s in _name_counts(text, dense, None, longer, runs, dense_runs, None))


def name_mentions_stated(text: str, dense: str, stated: str, longer: Iterable[str], runs: Counter[bytes],
                         dense_runs: Counter[bytes], stated_runs: Counter[bytes]
                         ) -> tuple[tuple[str, int, int, int], ...]:
    """``name_mentions(text, dense, ...)``, each with its mentions in ``stated`` (the title,
    question and summary, which open ``dense``): ``name_mentions(text, stated, ...)``'s third
    figure, counted only when some name has a mention in ``dense`` (else 0).  The whole text's
    names, their openings and whether it writes each as a name are read once for both: asked
    for twice, they were (``mining``)."""
    return _name_counts(text, dense, stated, longer, runs, dense_runs, stated_runs)


def _name_counts(text: str, dense: str, stated: str | None, longer: Iterable[str], runs: Counter[bytes] | None,
                 dense_runs: Counter[bytes] | None, stated_runs: Counter[bytes] | None
                 ) -> tuple[tuple[str, int, int, int], ...]:
    """``name_mentions_stated`` (``stated`` None: no stated counts, each 0)."""
    runs = letter_runs(text) if runs is None else runs
    # ``bytes.istitle`` (in C) leaves the capitalised runs, a few in each hundred, for the Python test
    found = [run.decode() for run in filter(bytes.istitle, runs)
             if len(run) >= MIN_LETTERS and run[1:].islower() and runs.get(run.lower(), 0) < runs[run]]
    found = [word for word in sorted(found) if may_be_name(word.lower())]
    if not found:
        return ()
    dense_runs = letter_runs(dense) if dense_runs is None else dense_runs
    inside = _opened_names(found, longer)
    as_name: dict[str, bool] = {}  # word -> ``_written_as_name(text, word)``, asked once for both zones

    def in_zone(word: str, zone: str, zone_runs: Counter[bytes]) -> int:
        concluded = zone_runs[word.encode()] - sum(zone.count(name) for name in inside.get(word, ()))
        if concluded > 0:
            if word not in as_name:
                as_name[word] = _written_as_name(text, word)
            if not as_name[word]:
                return 0  # capitalised only by position ("Initialise" opening a heading): named, never addressed
        return max(concluded, 0)
    out: dict[str, tuple[int, int]] = {}
    for word in found:
        key = word_key(word.lower())
        n, d = out.get(key, (0, 0))
        whole = runs[word.encode()] - sum(text.count(name) for name in inside.get(word, ()))
        out[key] = (n + max(whole, 0), d + in_zone(word, dense, dense_runs))
    where: dict[str, int] = {}
    if stated is not None and stated_runs is not None and any(d for n, d in out.values() if n):
        for word in found:
            key = word_key(word.lower())
            where[key] = where.get(key, 0) + in_zone(word, stated, stated_runs)
    return tuple(sorted((key, n, d, where.get(key, 0)) for key, (n, d) in out.items() if n))


def _opened_names(found: Sequence[str], longer: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Word -> the distinct two-word openings of the item's longer names it opens ("Claude Code"):
    the word and the next, capitalised, as written."""
    words = set(found)
    out: dict[str, set[str]] = {}
    for surface in longer:
        # the first word and the rest cut once (``partition``), not the surface into all its words
        first, _space, rest = surface.partition(" ")
        if rest[:1].isupper() and first in words:
            second = rest.partition(" ")[0]
            out.setdefault(first, set()).add(f"{first} {second.split(chr(39))[0].split(chr(0x2019))[0]}")
    return {word: tuple(sorted(names)) for word, names in out.items()}


@lru_cache(maxsize=50_000)
def may_be_name(word: str) -> bool:
    """May the lower-cased ``word`` be an organisation's or a product's name?  Not a function word,
    nor when WordNet holds it as a common noun, a time or a person (``wordnet.is_common``), a place or a body that
    governs one, a frequent English word or a topic word."""
    if word in lexicon.STOPWORDS:
        return False  # a function word ("What" opening a question) is never a name
    key = word_key(word)
    return not any(test(k) for k in {word, key} for test in (
        wordnet.is_common, wordnet.is_place, wordnet.is_jurisdiction, wordnet.is_ordinary, wordnet.is_rare,
        wordnet.is_everyday, wordnet.is_quality, wordnet.is_gerund))


def is_name_key(key: str) -> bool:
    """Is a single-word topic key a name (``name_mentions``), not a topic word (``wordnet.is_rare``,
    ``extract.derived``), a file's (``extract.files``: "agents.md") nor a prefixed compound's
    (``extract.compounds.prefixed_mentions``: "multi-agent")?"""
    return (" " not in key and "." not in key and "-" not in key and not wordnet.is_rare(key)
            and not wordnet.is_quality(key) and not wordnet.is_gerund(key))


def label(key: str) -> str:
    """A name's label: its key capitalised, as every item that records it writes it."""
    return key[:1].upper() + key[1:]


def _written_as_name(text: str, word: str) -> bool:
    """Does ``text`` write ``word`` mid-sentence, right after a word in lower case on the same line
    (and, for a word WordNet lists as a modifier, not before another capitalised word)?"""
    alone_only = wordnet.is_modifier(word.lower())
    size = len(word)
    at = text.find(word)
    while at != -1:
        end = at + size
        if (end == len(text) or not (text[end].isalnum() or text[end] == "-")) and _after_lower_word(text, at):
            if not alone_only or not _before_capital(text, end):
                return True
        at = text.find(word, end)
    return False


def _after_lower_word(text: str, at: int) -> bool:
    """Is the word at ``at`` right after one space and a whole word in lower case ("by Microsoft")?"""
    if at < 2 or text[at - 1] != " ":
        return False
    start = at - 1
    while start > 0 and text[start - 1].isascii() and text[start - 1].islower():
        start -= 1
    if start == at - 1:
        return False  # no letter in lower case before the space
    return start == 0 or not (text[start - 1].isalnum() or text[start - 1] in "-'\u2019_")


def _before_capital(text: str, end: int) -> bool:
    """Is the word ending at ``end`` followed by a capitalised word or a number ("Artificial Intelligence")?"""
    rest = text[end : end + 40].lstrip(" ")
    return bool(rest) and (rest[0].isupper() or rest[0].isdigit())
