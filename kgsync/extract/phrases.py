"""Cut text into word runs and the phrases of a run that may be terms: the tokeniser ``mining`` and
``vocabulary`` share (split from ``mining``; see its module doc for the rules)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import groupby

from kgsync.extract import lexicon
from kgsync.extract.canonical import CLOSED_PREFIXES, is_acronym, key_of_words, word_key, words

MAX_WORDS = 4  # surface words in a mined phrase (the query rule's longest run, too)


def word_runs(text: str) -> list[tuple[str, ...]]:
    """Maximal runs of content words: stopwords, verbs, adverbs, numbers and
    punctuation end a run (so does a blank line)."""
    return runs_of(TOKEN_OR_BREAK.findall(text))


def runs_of(tokens: Iterable[str]) -> list[tuple[str, ...]]:
    """``word_runs`` of a text cut into ``tokens`` already (``TOKEN_OR_BREAK``'s matches, in order)."""
    # groupby and the cached predicate run in C: no Python step per token.
    return [tuple(run) for stop, run in groupby(tokens, is_break) if not stop]


def tokens_of(text: str) -> tuple[list[re.Match[str]], list[str]]:
    """``TOKEN_OR_BREAK``'s matches in ``text`` and their texts: a zone cut once for its runs
    (``runs_of``) and its name tails (``nesting.name_tails``), which needs the positions too."""
    matches = list(TOKEN_OR_BREAK.finditer(text))
    return matches, list(map(_GROUP, matches))


_GROUP = re.Match.group


@lru_cache(maxsize=500_000)
def is_break(token: str) -> bool:
    return not token[0].isalnum() or _breaks(token) or ("." in token and _IS_FILE_NAME.fullmatch(token) is not None)


@lru_cache(maxsize=200_000)
def run_terms(run: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(key, surface) of every phrase of a run that may be a term, plain single words left out.
    Cached: many of the runs in the dense zones recur (within and across items)."""
    if len(run) == 1:  # a third of the runs: the word itself is the only phrase
        checked = check_phrase(run)
        return () if checked is None or checked[2] else ((checked[0], checked[1]),)
    return tuple((key, surface) for key, surface, plain in run_phrases(run) if not plain)


def segments(text: str) -> list[list[str]]:
    """Word runs between punctuation only (stopwords kept: "theory of mind")."""
    out: list[list[str]] = []
    run: list[str] = []
    for token in TOKEN_OR_BREAK.findall(text):
        if token[0].isalnum():
            run.append(token)
        elif run:
            out.append(run)
            run = []
    if run:
        out.append(run)
    return out


# A word (in-word hyphens and apostrophes, a version suffix "4.1"), or a break:
# any punctuation, a blank line, an underscore, a file's name in capitals ("AGENTS.md",
# "CLAUDE.md": the file convention's capitals, not an acronym).  A lowercase file name's words
# still count ("copilot-instructions.md").
FILE_NAME_PATTERN = r"\b[A-Z][A-Z0-9]*(?:[-.][A-Z0-9]+)*\.(?:md|markdown|ya?ml|json|jsonl|toml|txt|py|js|ts|sh|cfg|ini)\b"


TOKEN_OR_BREAK = re.compile(rf"{FILE_NAME_PATTERN}|[^\W_]+(?:[-'\u2019][^\W_]+)*(?:\.\d+)*|[^\w\s]+|\n\s*\n|_")


_IS_FILE_NAME = re.compile(FILE_NAME_PATTERN)


def _breaks(token: str) -> bool:
    low = token.lower()
    if low.endswith("'s"):
        low = low[:-2]
    if len(low) < 2 or low in lexicon.STOPWORDS or low in lexicon.BREAKERS:
        return True
    if not any(map(str.isalpha, low)):  # per character in C
        return True
    return low.endswith("ly") and low not in lexicon.LY_NOUNS and "-" not in low


@lru_cache(maxsize=400_000)
def token_keys(token: str) -> tuple[str, ...]:
    if token.isascii() and token.isalnum():  # most tokens: ``words`` would give just this, lowercased
        return (word_key(token.lower()),)
    return tuple(word_key(w) for w in words(token))


def run_phrases(run: Sequence[str]) -> list[tuple[str, str, bool]]:
    """(key, surface, plain single word) for every valid 1..4-word phrase of a run.

    Same as ``check_phrase`` on every slice, in order (start, then length).  A phrase
    of several tokens in which no prefix can close up is decided from its first
    and last tokens (``_token_info``), without a ``check_phrase`` of its own: most
    phrases occur once, so caching them whole saves little.
    """
    return [checked for _start, _end, checked in phrase_slices(tuple(run))]


@lru_cache(maxsize=4096)
def phrase_slices(run: tuple[str, ...]) -> tuple[tuple[int, int, tuple[str, str, bool]], ...]:
    """(start, end, ``check_phrase(run[start:end])``) of every slice of ``run`` that may be a term, in
    order (start, then length): ``run_phrases`` with where each phrase is (``enclosed`` reads a
    phrase and the one a word longer).  Cached: ``run_terms`` and ``enclosed`` cut the same runs of
    an item one after the other (each caches its own answer, across items): half the calls were a
    run the other had just cut.  A few thousand runs hold an item's, and bound the memory."""
    size = len(run)
    infos = list(map(_token_info, run))
    out: list[tuple[int, int, tuple[str, str, bool]]] = []
    append = out.append
    for start in range(size):
        never_first, key, total, prefix_seen, _inner, bad_first, _bad_last = infos[start]
        if never_first:  # _key_if_term's first test, for every phrase from here
            continue
        checked = _check_token(run[start])
        if checked is not None:
            append((start, start + 1, checked))
        keyless_first = not total  # its first key word would come from a later token: the full rules
        surface = run[start]  # " ".join(run[start:end]), a word at a time
        for end in range(start + 2, min(start + MAX_WORDS, size) + 1):
            _never, token_key, count, has_prefix, inner_prefix, _bad_first, bad_last = infos[end - 1]
            total += count
            if total > 6:  # too many key words: this phrase and every longer one
                break
            surface = f"{surface} {run[end - 1]}"
            if keyless_first or not count or prefix_seen or inner_prefix:  # a prefix may close up: the full rules
                checked = check_phrase(run[start:end])
                if checked is not None:
                    append((start, end, checked))
            elif not (bad_first or bad_last):
                append((start, end, (f"{key} {token_key}", surface, False)))
            if count:
                key = f"{key} {token_key}" if key else token_key
            prefix_seen = prefix_seen or has_prefix
    return tuple(out)


@lru_cache(maxsize=200_000)
def _check_token(token: str) -> tuple[str, str, bool] | None:
    """``check_phrase((token,))``, remembered by the token: a string keeps its hash, a new tuple does not."""
    return check_phrase((token,))


@lru_cache(maxsize=200_000)
def _token_info(token: str) -> tuple[bool, str, int, bool, bool, bool, bool]:
    """What ``_key_if_term`` needs of one token of a longer phrase: never first (raw), its key
    words (joined) and how many, a prefix among them, a prefix before its last one, and --
    when no prefix closes up -- whether its first key word cannot start a term and its last
    cannot end one."""
    never_first = token.lower() in lexicon.NOT_FIRST
    keys = token_keys(token)
    if not keys:
        return never_first, "", 0, False, False, True, True
    first, last = keys[0], keys[-1]
    bad_first = first.isdigit() or first in lexicon.STOPWORDS or first in lexicon.NOT_FIRST
    bad_last = last in lexicon.STOPWORDS or (not _is_acronym(token.split("-")[-1]) and not _noun_head(last))
    return (never_first, " ".join(keys), len(keys), not CLOSED_PREFIXES.isdisjoint(keys),
            not CLOSED_PREFIXES.isdisjoint(keys[:-1]), bad_first, bad_last)


@lru_cache(maxsize=400_000)
def check_phrase(part: tuple[str, ...]) -> tuple[str, str, bool] | None:
    """(key, surface, plain) when ``part`` may be a term, else None.  See the module doc."""
    checked = _key_if_term(part)
    return None if checked is None else (checked[0], " ".join(part), checked[1])


def _key_if_term(part: tuple[str, ...]) -> tuple[str, bool] | None:
    first_raw, last_raw = part[0].lower(), part[-1].lower()
    if first_raw in lexicon.NOT_FIRST or last_raw in lexicon.NOT_FIRST and len(part) == 1:
        return None
    key_words = token_keys(part[0]) if len(part) == 1 else [k for token in part for k in token_keys(token)]
    if not key_words or len(key_words) > 6:
        return None
    if CLOSED_PREFIXES.isdisjoint(key_words[:-1]):  # nothing to close up ("multi agent"): the key is the words
        kws = list(key_words)
        key = " ".join(kws)
    else:
        key = key_of_words(key_words)
        kws = key.split(" ")
    first, last = kws[0], kws[-1]
    if first.isdigit() or first in lexicon.STOPWORDS or last in lexicon.STOPWORDS:
        return None
    if first in lexicon.NOT_FIRST and not _joined(part):
        return None
    last_acronym = _is_acronym(part[-1].split("-")[-1])
    if len(part) == 1 and "-" not in part[0] and _is_acronym(part[0]):
        if key in lexicon.GENERIC or key in lexicon.STOPWORDS or _ROMAN.fullmatch(key):
            return None
        return key, False
    if not last_acronym and not _noun_head(last):
        return None
    if len(kws) == 1:
        plain = "-" not in part[0]
        if key in lexicon.GENERIC or len(key) < 4 or lexicon.looks_adjective(key) or key.isdigit():
            return None
        return key, plain
    return key, False


_ROMAN = re.compile(r"[ivxlc]+")


def _joined(part: tuple[str, ...]) -> bool:
    """Is ``part`` one token of two words the writer joined with a hyphen ("least-privilege")?  A
    determiner, quantifier or evaluative word opens no term (``lexicon.NOT_FIRST``: "least
    effort", "best results"), but a hyphen binds it to the next word as a unit of its own, the
    compound-modifier convention of English ("least-privilege access", "few-shot prompting"):
    that pair may be a term, judged like any other (``idea.names_an_idea`` still reads "top-level",
    "primary-source" and "best-practice" as a descriptive word before a vague noun).  The
    hyphenated words the list names itself ("high-level", "real-world") stay out."""
    return len(part) == 1 and part[0].count("-") == 1


_is_acronym = is_acronym  # cached in canonical


@lru_cache(maxsize=100_000)
def _noun_head(word: str) -> bool:
    if word.isdigit():
        return True  # "GPT-4": the hyphenated token carries the name
    if word in lexicon.NOT_LAST or lexicon.looks_adjective(word):
        return False
    if word.endswith("ed") and len(word) > 4 and word not in lexicon.ED_NOUNS:
        return False
    return not (word.endswith("ly") and word not in lexicon.LY_NOUNS)
