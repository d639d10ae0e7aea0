"""The topic words one item names, anywhere in its text, and whether it addresses each: the per-file half of topics.

A *topic word* is a single noun that WordNet gives one meaning and that general English hardly
needs (``wordnet.is_rare``: "provenance", "guardrail"; not "system", "software", "workflow").
Mining (``kgsync.extract.mining``) never takes a plain single word as a term, and it reads only
the title, question, summary and findings, while most mentions of a topic are in the research
log.  So each item is scanned whole here, cheaply: its runs of ASCII letters cut and counted in C
(``names.letter_runs``), each distinct run looked up among the topic words' written forms, and a
regex over the distinct runs that mix cases only (``_counts``); no Python step per word written.

``mentions(...)`` depends on the item and the committed WordNet table only, so it is cached per
file with the item's candidates.  Which topic words are the vocabulary's topics is decided over
the corpus and kept in the manifest (``kgsync.vocabulary.topics``); an item links a topic by its
own mentions alone (``addresses``).
"""

from __future__ import annotations

import re
import sys
import zlib
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache, lru_cache
from itertools import compress, count, filterfalse, islice, repeat
from operator import add, itemgetter

from kgsync.extract.form_tables import FormTable
from kgsync.extract import lexicon, wordnet
from kgsync.extract.canonical import fresh_word_key
from kgsync.extract.names import letter_runs

#: An item *addresses* a topic word when it names it at least this many times in its whole text ...
ADDRESS_MENTIONS = 3
#: ... and at least this many times in its title, research question, executive summary or key
#: findings: what the item concludes names it, not only its log.  One mention in passing, or a
#: log that names it twice, does not make the item about it.  (Whether a topic enters counts
#: those zones, and for a single topic or derived word the Findings' Analysis too, where the item
#: reasons to them: ``ResearchItem.findings_analysis``; an item links a name by its title,
#: question and summary alone, ``flags.STATED``: ``vocabulary.topics``.)
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


def mentions(text: str, dense: str, runs: Counter[bytes] | None = None,
             dense_runs: Counter[bytes] | None = None) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each topic word ``text`` names, by key.

    ``text``: the item's whole text (title and body, without code, links' targets, URLs and
    evidence labels); ``dense``: its title, question, summary and findings.  A word counts in
    lower case or capitalised, not in capitals throughout (``_WORD``).  ``runs``, ``dense_runs``:
    ``names.letter_runs`` of each, when the caller has them (the name and derived-word scans read them too)."""
    counts = _counts(text, runs)
    if not counts:
        return ()
    # The same text twice (``mining`` asks for the counts in its stated zones alone): counted once.
    dense_counts = counts if dense is text and dense_runs is runs else _counts(dense, dense_runs)
    return tuple(sorted((key, n, dense_counts.get(key, 0)) for key, n in counts.items()))


def _counts(text: str, runs: Counter[bytes] | None = None) -> dict[str, int]:
    """Topic word -> how many times ``text`` names it: ``_WORD.findall(text)`` counted, by form.

    ``_WORD`` matches ASCII letters only, so its matches are those of each run of ASCII letters
    on its own; a run in lower case or capitalised (most of them) is one match, whole (when it
    has two letters or more), and every form is such a run.  So the runs are cut and counted
    in C (``bytes.translate``, ``split``, ``Counter``), and the regex reads only the distinct
    runs that mix cases otherwise ("GraphRAG": "Graph"): a third of the time of the regex over
    the whole text.  ``runs``: ``names.letter_runs(text)``, when the caller has it."""
    table = _FORMS.for_a_text()
    runs = letter_runs(text) if runs is None else runs
    keyed = _FORMS.written(runs, table)
    counts = {form: runs[form] for form in keyed}
    for run in filterfalse(bytes.istitle, filterfalse(bytes.islower, runs)):
        for word in _BYTE_WORD.findall(run):
            key = _FORMS.get(word, table)
            if key is not None:
                keyed[word] = key
                counts[word] = counts.get(word, 0) + runs[run]
    out: dict[str, int] = {}
    for form, n in counts.items():
        key = keyed[form]
        out[key] = out.get(key, 0) + n
    return out


_BYTE_WORD = re.compile(_WORD.pattern.encode())


@cache
def _byte_forms() -> dict[bytes, str]:
    """``_forms`` by the forms' bytes: those ``_WORD`` can match whole (all of them: a topic word is
    letters only, ``wordnet.is_rare``), each a run in lower case or capitalised."""
    return {form.encode(): key for form, key in _forms().items() if _WORD.fullmatch(form)}


def load() -> None:
    """Load the tables ``mentions`` reads (WordNet's and the topic words' forms) now: before
    worker processes are forked, so that each inherits them instead of building its own."""
    _FORMS.load()


def _form_of(run: bytes) -> str | None:
    """``_byte_forms().get(run)``, from the few words that can write ``run``.  Every topic word is
    in lower case (``_lower_words``), so a form written ``run`` (the word or a plural, as is or
    capitalised) is the word or a plural in ``run``'s lower case: the word is that, or that less a
    plural ending.  The table takes the first such word in sorted order whose form ``run`` is and
    takes the word back to it (``fresh_word_key``); so does this."""
    if not run.isascii() or not _lower_words():
        return _byte_forms().get(run)
    text = run.decode("ascii")
    if not _WORD.fullmatch(text):
        return None
    lower = text.lower()
    candidates = {lower}
    if lower.endswith("s"):
        candidates.add(lower[:-1])
    if lower.endswith("es"):
        candidates.add(lower[:-2])
    if lower.endswith("ies"):
        candidates.add(lower[:-3] + "y")
    for key in sorted(candidates & wordnet.rare_words()):
        plurals = [key + "s", key + "es"] + ([key[:-1] + "ies"] if key.endswith("y") else [])
        for form in (key, *plurals):
            if (text == form or text == form.capitalize()) and fresh_word_key(form) == key:
                return key
    return None


@cache
def _lower_words() -> bool:
    """Whether every topic word that is ASCII letters only is in lower case, and none is not ASCII
    (a word with another character writes no run of letters: ``_form_of``'s premise)."""
    return all(key.isascii() and (key.islower() or not key.isalpha()) for key in wordnet.rare_words())


@cache
def _forms() -> dict[str, str]:
    """Written form -> topic word: each word and its plurals, in lower case and capitalised, where
    ``canonical.word_key`` takes the form back to the word (``fresh_word_key``: the same key, not
    remembered)."""
    out: dict[str, str] = {}
    for key in sorted(wordnet.rare_words()):
        plurals = [key + "s", key + "es"] + ([key[:-1] + "ies"] if key.endswith("y") else [])
        for form in (key, *plurals):
            if fresh_word_key(form) == key:
                out.setdefault(form, key)
                out.setdefault(form.capitalize(), key)
    return out


#: A topic phrase has two words (``phrase_mentions``): a longer one is most often a name or a
#: narrower term, which mining takes, and few items write it the same way.
PHRASE_WORDS = 2

def phrase_mentions(text: str, dense: str, phrases: Mapping[str, Iterable[str]]) -> tuple[tuple[str, int, int], ...]:
    """(key, mentions in ``text``, mentions in ``dense``) of each of the item's own topic phrases, by key.

    ``phrases``: key -> the forms the item writes it in, for the two-word terms of its title,
    question, summary and findings (``mining.candidates``): a phrase that none of those zones
    writes cannot be addressed (``addresses``), so no other needs counting.  Mining counts a
    phrase in those zones only; a topic is mostly named in the research log, so here the whole
    text is counted: its words once (``topic_tokens``), and only the pairs that are a form of one of
    them (as written, as the key, and with its last word's regular plural), in C."""
    if not phrases:
        return ()
    whole = topic_tokens(text)
    return _phrase_counts(whole, whole if dense is text else topic_tokens(dense), phrases)  # the same text: cut once


def _phrase_counts(whole: list[bytes], concluded: list[bytes],
                   phrases: Mapping[str, Iterable[str]]) -> tuple[tuple[str, int, int], ...]:
    return _scan(whole, concluded, phrases, frames=False)[0]


def _scan(whole: list[bytes], concluded: list[bytes], phrases: Mapping[str, Iterable[str]], frames: bool,
          stated: list[bytes] | None = None) -> tuple[tuple[tuple[str, int, int], ...],
                                                      tuple[tuple[str, str, int], ...], tuple[tuple[str, int, int], ...],
                                                      dict[str, int]]:
    """``_phrase_counts`` and, when ``frames`` and a phrase is mentioned, ``_frames``: the whole text's
    pairs looked at once, with the word before each (tests/extract/test_topics.py holds both equal
    to the pass per question); third, given the ``stated`` tokens, ``_phrase_counts(stated, stated,
    ...)`` of the phrases mentioned in ``concluded`` (``phrase_scan``); fourth, when ``frames``,
    ``relation_mentions(whole, phrases)`` from the same hits, each with the word after it: a second
    pass over the whole text's pairs, each built as a tuple and hashed, took half as long as this one."""
    forms = _pairs_of(phrases)
    wanted = frozenset(pair for pairs in forms.values() for pair in pairs)
    # Only the pairs wanted are kept, each with the word before and the word after it (b"" for none):
    # first the positions of the wanted pairs (``zip`` reuses its pair, whose hash is cheap: each word
    # keeps its own), then the four words at each.  ``compress`` and ``map`` run in C; the hits are a
    # twentieth of the pairs.  A fifth less time than building the four words at each position of a
    # wanted pair's first word and testing the pair there.
    at = list(compress(count(), map(wanted.__contains__, zip(whole, islice(whole, 1, None)))))
    word = [b"", *whole, b""].__getitem__  # the word before position i is at i
    hits = list(zip(map(word, at), map(word, map(_NEXT, at)), map(word, map(_SECOND, at)), map(word, map(_THIRD, at))))
    in_whole = Counter(map(_PAIR, hits))
    in_concluded = Counter(filter(wanted.__contains__, zip(concluded, concluded[1:])))
    out = []
    for key, pairs in forms.items():
        n = sum(in_whole[pair] for pair in pairs)
        if n:
            out.append((key, n, sum(in_concluded[pair] for pair in pairs)))
    in_stated = _stated_counts(stated, wanted, forms, out) if stated is not None else ()
    if not frames or not out:
        return tuple(out), (), in_stated, {}
    key_of = _key_of(forms)
    framed = compress(hits, map(_FRAME_WORDS.__contains__, map(_BEFORE, hits)))
    counts = Counter((key_of[(a, b)], word) for word, a, b, _after in framed)
    # the last pair has no word after it (b"" stands for none): no relation word follows it
    related = compress(hits, map(_RELATION_WORDS.__contains__, map(_AFTER, hits)))
    relations = dict(Counter(key_of[(a, b)] for _before, a, b, _after in related))
    return tuple(out), tuple(sorted((key, word.decode(), n) for (key, word), n in counts.items())), in_stated, relations


def _pairs_of(phrases: Mapping[str, Iterable[str]]) -> dict[str, tuple[tuple[bytes, bytes], ...]]:
    """Key -> the word pairs its phrase is counted by (``_phrase_forms`` of its written forms), keys in order."""
    return {key: _phrase_forms(key, tuple(sorted(set(phrases[key])))) for key in sorted(phrases)}


def _key_of(forms: Mapping[str, tuple[tuple[bytes, bytes], ...]]) -> dict[tuple[bytes, bytes], str]:
    """Pair -> the key it counts for: of two keys written the same, the first in ``forms``' order."""
    key_of: dict[tuple[bytes, bytes], str] = {}
    for key, pairs in forms.items():
        for pair in pairs:
            key_of.setdefault(pair, key)
    return key_of


def _stated_counts(stated: list[bytes], wanted: frozenset[tuple[bytes, bytes]],
                   forms: Mapping[str, tuple[tuple[bytes, bytes], ...]], found: Sequence[tuple[str, int, int]]
                   ) -> tuple[tuple[str, int, int], ...]:
    """``_phrase_counts(stated, stated, {key: its forms for each key of ``found`` mentioned in the
    concluding zones})``, from the forms and pairs ``_scan`` has already: (key, n, n) of each such
    phrase ``stated`` mentions (n times), by key; counting a pair wanted for another phrase too
    changes no phrase's count."""
    keys = [key for key, _n, dense in found if dense]
    if not keys:
        return ()
    in_stated = Counter(filter(wanted.__contains__, zip(stated, stated[1:])))
    out = []
    for key in keys:  # ``found`` is by key, as ``_scan`` reads them
        n = sum(in_stated[pair] for pair in forms[key])
        if n:
            out.append((key, n, n))
    return tuple(out)


_BEFORE, _PAIR, _AFTER = itemgetter(0), itemgetter(1, 2), itemgetter(3)
_NEXT, _SECOND, _THIRD = (1).__add__, (2).__add__, (3).__add__


@lru_cache(maxsize=50_000)
def _phrase_forms(key: str, written: tuple[str, ...]) -> tuple[tuple[bytes, bytes], ...]:
    """The distinct word pairs a phrase is counted by: its key and written forms, and with their
    last word's regular plural ("model risks").  Cached: items write the same phrases again and again."""
    forms = set()
    for form in (key, *written):
        words = _form_words(form)
        if len(words) != PHRASE_WORDS or b"." in words:
            continue
        forms.add((words[0], words[1]))
        if not words[1].endswith(b"s"):
            forms.add((words[0], words[1] + b"s"))
    return tuple(sorted(forms))


#: The tokens of ``topic_tokens``: words, and each clause mark as a token of its own ("."), so no pair
#: spans a sentence or a clause ("... debt. Technical ..."); any other ASCII character that is no
#: letter or digit (a hyphen too: "technical-debt") is a space; other UTF-8 bytes stay in words.
#: Read as bytes (``bytes.translate`` and ``bytes.split`` run in C, several times faster than a
#: regex or ``str.translate`` over a whole item).
_BREAKS = b".,;:!?()[]{}|<>\"'`"
#: Every clause mark is translated to a full stop, and each full stop then spaced out
#: (``bytes.replace``): the same tokens as a regex putting " . " for each mark, in a third of the time.
_PAIR_TABLE = bytes(46 if c in _BREAKS else c if c >= 128 or chr(c).isalnum() else 32 for c in range(256))
_STOP = frozenset(word.encode() for word in lexicon.STOPWORDS)


def topic_tokens(text: str) -> list[bytes]:
    """``text``'s words as lower-case bytes, a full stop its own token: what the topic phrase scans read."""
    return lowered_topic_tokens(text.lower())


def lowered_topic_tokens(lower: str) -> list[bytes]:
    """``topic_tokens`` of a text given in lower case."""
    return lower.encode("utf-8", "replace").translate(_PAIR_TABLE).replace(b".", b" . ").split()


def pair_marks(text: str) -> bytes:
    """The two-word phrases ``text`` writes anywhere, as marks: the CRC-32 of each distinct pair of
    adjacent words ("technical debt"), neither a stopword, sorted, four little-endian bytes each.

    Which two-word phrases are topics is decided over the corpus (``kgsync.vocabulary.topics``),
    so what an item names cannot be looked up when it is extracted; the marks let the corpus ask
    afterwards whether the item writes a phrase (``phrase_marks``), from the item alone, at the
    size of a few kilobytes per item.  A CRC is deterministic across runs and machines (``hash``
    of a string is not); two pairs of one item sharing a mark is one chance in millions."""
    return _token_pair_marks(topic_tokens(text))


def _token_pair_marks(words: list[bytes]) -> bytes:
    """``pair_marks`` of a text cut into ``words`` (``topic_tokens``)."""
    # No Python step per pair, and no pair built: each distinct word that may be in a pair gets the
    # CRC of itself and a space once (``prefix``), and a pair's CRC continues that one over its second
    # word (``zlib.crc32(b, crc32(a + b" "))`` is ``crc32(a + b" " + b)``); ``map`` and ``compress``
    # run in C.  Five times faster than a CRC per distinct pair in a set comprehension.
    usable = set(words)
    usable -= _STOP
    usable.discard(b".")
    prefix = dict(zip(usable, map(zlib.crc32, map(add, usable, repeat(b" ")))))
    # Both words of the pair at each position: a byte (0 or 1) per word, ANDed with the next word's
    # as one integer (the last position gets 0: no word follows it), not an ``and_`` call per word.
    in_pair = bytes(map(prefix.__contains__, words))
    as_int = int.from_bytes(in_pair, "little")
    kept = (as_int & (as_int >> 8)).to_bytes(len(in_pair), "little")
    marks = array("I", sorted(set(map(zlib.crc32, compress(islice(words, 1, None), kept),
                                      map(prefix.__getitem__, compress(words, kept))))))
    if sys.byteorder == "big":
        marks.byteswap()
    return marks.tobytes()


def phrase_scan(text: str, dense: str, phrases: Mapping[str, Iterable[str]]
                ) -> tuple[tuple[tuple[str, int, int], ...], bytes, tuple[tuple[str, str, int], ...]]:
    """``phrase_mentions``, ``pair_marks`` and ``phrase_frames`` of one item, its text read once."""
    return phrase_scan_cut(topic_tokens(text), topic_tokens(dense), [], phrases)[:3]


def phrase_scan_cut(whole: list[bytes], dense: list[bytes], stated: list[bytes], phrases: Mapping[str, Iterable[str]],
                    *, marks: bytes | None = None) -> tuple[tuple[tuple[str, int, int], ...], bytes, tuple[tuple[str, str, int], ...],
                               tuple[tuple[str, int, int], ...], dict[str, int]]:
    """``phrase_scan`` of the texts' tokens (``topic_tokens``, cut by the caller: ``item_text``), fourth
    ``phrase_mentions(stated, stated, ...)`` of the phrases it finds mentioned in ``dense`` (mining's
    stated zones: title, question, summary), from the same phrase forms: building them again for the
    stated zones took more than counting there; and fifth ``relation_mentions(whole, phrases)``, read
    from the same hits (tests/extract/test_topics.py holds it equal).  ``marks``: ``pair_marks`` of
    ``whole``, when the caller has them (mining's second reading of the same whole text)."""
    mentions_, frames, in_stated, relations = _scan(whole, dense, phrases, frames=True, stated=stated) \
        if phrases else ((), (), (), {})
    return mentions_, _token_pair_marks(whole) if marks is None else marks, frames, in_stated, relations


#: The prepositions, a closed class: the word that governs a noun phrase as an adverbial ("at
#: machine speed", "during", "via").
_FRAME_WORDS = frozenset(b"""about above across after against along among around at before behind below beneath beside
between beyond by despite during for from in inside into near of off on onto out outside over per since through
throughout to toward towards under until up upon via with within without""".split())


def phrase_frames(text: str, phrases: Mapping[str, Iterable[str]]) -> tuple[tuple[str, str, int], ...]:
    """(key, preposition, mentions) of each of the item's own topic phrases (as ``phrase_mentions``
    counts them) by the preposition just before a mention ("*at* machine speed"), sorted.  The corpus reads whether a phrase is a unit that
    occurs in varied contexts or is locked in one frame (``vocabulary.topics.framed``)."""
    return _frames(topic_tokens(text), phrases) if phrases else ()


def _frames(whole: list[bytes], phrases: Mapping[str, Iterable[str]]) -> tuple[tuple[str, str, int], ...]:
    key_of = _key_of(_pairs_of(phrases))
    # Only the positions of a wanted pair are looked at: ``compress`` and the membership map run in C.
    hits = compress(zip(whole, whole[1:], whole[2:]), map(key_of.__contains__, zip(whole[1:], whole[2:])))
    counts = Counter((key_of[(a, b)], word) for word, a, b in hits if word in _FRAME_WORDS)
    return tuple(sorted((key, word.decode(), n) for (key, word), n in counts.items()))


#: The words after a phrase that make it the relation between what follows: "the causal chain *from*
#: X to Y", "the gap *between* X and Y".
_RELATION_WORDS = frozenset({b"from", b"between"})


def relation_mentions(whole: list[bytes], phrases: Mapping[str, Iterable[str]]) -> dict[str, int]:
    """Key -> how many of the item's mentions of each of its topic phrases (as ``phrase_mentions``
    counts them, over ``whole``: ``topic_tokens`` of the item's text) a relation word follows ("causal
    chain *from*")."""
    key_of = _key_of(_pairs_of(phrases))
    hits = compress(zip(whole, whole[1:], whole[2:]), map(key_of.__contains__, zip(whole, whole[1:])))
    return dict(Counter(key_of[(a, b)] for a, b, word in hits if word in _RELATION_WORDS))


def read_marks(marks: bytes) -> frozenset[int]:
    """``pair_marks`` back as a set."""
    out = array("I")
    out.frombytes(marks)
    if sys.byteorder == "big":
        out.byteswap()
    return frozenset(out)


def phrase_marks(key: str, written: Iterable[str] = ()) -> frozenset[int]:
    """The marks of a two-word phrase: of its key, its written forms and their last word's plural."""
    return frozenset(zlib.crc32(a + b" " + b) for a, b in _phrase_forms(key, tuple(written)))


@lru_cache(maxsize=50_000)
def _form_words(form: str) -> tuple[bytes, ...]:
    """A written form's tokens (``topic_tokens``): items write the same forms again and again."""
    return tuple(topic_tokens(form))


#: ``_byte_forms()``, built whole once ``load`` ran (before worker processes fork, to parse many
#: items); until then each run is looked up alone (``_form_of``): a rebuild that parses one item need
#: not build 48,000 forms (0.06 s CPU: the one-item rebuild of
#: ``bench/bench_build.py --count 10000 --skip-real``, speed9i).  Both give the same answer
#: (tests/extract/test_topics.py).
_FORMS: FormTable[str] = FormTable(_byte_forms, _form_of)
