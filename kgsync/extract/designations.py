"""Acronyms inside designations: "ISO/IEC 42001", "NIST SP 800-53", "GPT-4o", "ACL 2024".

A designation names one standard, model, release or edition, not the expansion of the acronyms in it:
an item that writes "ISO/IEC 42001" and never "IEC" alone names the standard.  Split from ``acronyms``
(which finds the definitions), whose spelling rules it shares (``acronyms.word_start``)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from kgsync.extract.acronyms import word_start
from kgsync.extract.canonical import is_acronym

#: The most acronyms a designation holds after the first ("ISO/IEC/IEEE 42010" holds two): bounded, so
#: a hostile line of thousands of chained acronyms ending in a number costs each of its acronyms a
#: few steps, not a scan to the line's end (that was quadratic in their number).
MAX_DESIGNATION_ACRONYMS = 3
#: What follows an acronym inside a designation (after the parenthesis that closes its definition, if
#: any): more acronyms joined by a slash or a space ("ISO/IEC",
#: "NIST SP"), then a number, after a space, a hyphen or nothing ("42001", "800-53", "-4o", "2024").
_DESIGNATION_TAIL = re.compile(
    rf"\)?(?:(?:[ \t]?/[ \t]?|[ \t])[A-Z][a-z]*[A-Z][A-Za-z&]*){{0,{MAX_DESIGNATION_ACRONYMS}}}(?:[ \t]|-)?\d")


#: A word of ASCII letters only with a capital after its first letter ("IEC", "GPTs", "DSPy"):
#: the written acronyms ``designation_only`` looks at, found in one pass.  The quantifiers are
#: possessive: giving back a lower-case letter never lets a capital match, nor giving back a letter
#: a word bound, so the engine stops at once where ``\b[A-Za-z][a-z]*[A-Z][A-Za-z]*\b`` backtracked
#: over each word's letters (a quarter of the scan's time).
_CAPITALISED_RUN = re.compile(r"\b[A-Za-z][a-z]*+[A-Z][A-Za-z]*+\b")
#: Where a parenthesis opens (and the spaces after it): where a definition's acronym starts.
_OPENED = re.compile(r"\(\s*")
#: What may follow a definition's acronym before the designation goes on (``defined_in_designation``).
_PLURAL_SPACES = re.compile(r"s?\s*")


@lru_cache(maxsize=4096)
def _written_acronym(key: str) -> re.Pattern[str]:
    """``key`` written as a word, in any case, a plural "s" allowed ("GPTs")."""
    return re.compile(rf"\b(?i:{re.escape(key)})s?\b")


def in_designation(text: str, end: int) -> bool:
    """Does the acronym that ends at ``end`` stand inside a designation: "ISO/IEC 42001", "IEEE
    802.11", "NIST SP 800-53", "GPT-4o", "ACL 2024"?  Such a name, followed by a number, names one
    standard, model, release or edition, not the acronym's expansion: ISO/IEC 42001 is a standard,
    not the International Electrotechnical Commission; GPT-4 a model, not the idea of a generative
    pre-trained transformer; ACL 2024 a conference."""
    return _DESIGNATION_TAIL.match(text, end) is not None


def designation_only(text: str, keys: Sequence[str],
                     runs: Iterable[tuple[int, int]] | None = None) -> tuple[str, ...]:
    """The acronym keys of ``keys`` that ``text`` writes, in capitals, only inside designations
    (``in_designation``): an item that writes "ISO/IEC 42001" and never "IEC" alone names the
    standard, so it takes no expansion of "IEC" and addresses no term of it.  ``runs``:
    ``capitalised_runs(text)``, when the caller has them (``item_text``)."""
    wanted = [key for key in keys if key.isascii() and key.isalpha()]
    if any(char in text for char in _FOLDS_TO_ASCII):  # read key by key, as first written
        ends = {key.lower(): [m.end() for m in _written_acronym(key).finditer(text) if is_acronym(m.group())]
                for key in wanted}
    else:
        ends = _acronym_ends(text, runs)
    return tuple(key for key in wanted
                 if (uses := ends.get(key.lower())) and all(in_designation(text, end) for end in uses))


def _acronym_ends(text: str, runs: Iterable[tuple[int, int]] | None = None) -> dict[str, list[int]]:
    """Where each acronym ``text`` writes ends, by its key (a plural "s" filed under both): one pass
    over the runs of letters written like an acronym (a capital after the first letter), not one
    whole-text regex per key (2,800 keys on the 220 items, each a scan of every text).  A run of ASCII
    letters between word bounds is what ``_written_acronym(key)`` matches, in any case, when
    ``is_acronym`` holds."""
    ends: dict[str, list[int]] = {}
    for start, end in capitalised_runs(text) if runs is None else runs:
        run = text[start:end]
        ends.setdefault(run.lower(), []).append(end)
        if run.endswith("s"):
            ends.setdefault(run[:-1].lower(), []).append(end)
    return ends


def capitalised_runs(text: str) -> Iterator[tuple[int, int]]:
    """The spans of ``_CAPITALISED_RUN.finditer(text)``, found from their capitals (``_RUN_AT_CAPITAL``):
    that pattern opens with a word bound, which the regex engine tries at every position of the
    text, while capitals are a few characters in a hundred (three times faster on the 220 items;
    tests/extract/test_designations.py holds them equal)."""
    for match in _RUN_AT_CAPITAL.finditer(text):
        start, end = match.span()
        if text[start - 1 : start] in _LOWER:  # a run opening in lower case ("iPhone"): back to its start
            while start > 0 and text[start - 1] in _LOWER:
                start -= 1
            if start and (text[start - 1].isalnum() or text[start - 1] == "_"):
                continue  # a word of other characters too ("1xFoo", "éaB"): no run
        yield start, end


def wanted_runs(text: str, wanted: set[str] | frozenset[str],
                runs: Iterable[tuple[int, int]] | None = None) -> Iterator[tuple[int, int, str, str]]:
    """(start, end, as written, key) of each run written like an acronym (``capitalised_runs``; ``runs``,
    when the caller has them) whose lower case, or that without a plural "s" ("GPTs"), is in ``wanted``:
    one pass over the text for all the keys of an item (``genres``, ``measures``)."""
    for start, end in capitalised_runs(text) if runs is None else runs:
        written = text[start:end]
        key = written.lower()
        if key not in wanted:
            if not key.endswith("s") or key[:-1] not in wanted:
                continue
            key = key[:-1]
        yield start, end, written, key


#: A run's first capital after its first letter, where the engine skips to in C (the class opens the
#: pattern): a run opening with a capital, matched whole ("IEC", "GitHub": the capital opens a word,
#: ``(?<!\w.)``), or a capital after a lower-case letter, matched to the run's end ("iPhone": its
#: lower-case opening is read back by ``capitalised_runs``).  A run that opens with a capital is
#: matched there, never from a later capital: the first branch takes every one that has a second.
_RUN_AT_CAPITAL = re.compile(r"[A-Z](?:(?<!\w.)[a-z]*+[A-Z][A-Za-z]*+\b|(?<=[a-z].)[A-Za-z]*+\b)")
_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


@lru_cache(maxsize=4)
def _opened(text: str) -> dict[str, tuple[int, ...]]:
    """Where a parenthesis of ``text`` opens, after its spaces, by the (up to) two characters
    written there: mining asks about every acronym of one item's text in turn, so the text is
    scanned once (a hash of the text is C's), and each acronym looks only at the parentheses
    that open with its first two letters (looking at each of them took 344,000 steps on the 220 items)."""
    out: dict[str, list[int]] = {}
    for match in _OPENED.finditer(text):
        at = match.end()
        out.setdefault(text[at : at + 2], []).append(at)
    return {opening: tuple(ats) for opening, ats in out.items()}


def _opened_with(text: str, short: str) -> Iterable[int]:
    """Where a parenthesis of ``text`` opens (after its spaces) that may hold ``short`` there."""
    by_opening = _opened(text)
    if len(short) >= 2:
        return by_opening.get(short[:2], ())
    return (at for opening, ats in by_opening.items() if opening.startswith(short) for at in ats)


#: Letters outside ASCII that a case-blind regex matches to ASCII ones (Kelvin sign, long s, dotted and
#: dotless i): ``designation_only`` reads a text holding one key by key, as first written, so the
#: answer is the same.
_FOLDS_TO_ASCII = "\u212a\u017f\u0130\u0131"


def defined_in_designation(text: str, short: str, long: str) -> bool:
    """Is every use of ``long`` in ``text`` the expansion of ``short`` inside a designation
    ("International Electrotechnical Commission (IEC) 42001", "Generative Pre-trained Transformer
    (GPT)-4o")?  Then the text names the standard or the model, never the body or the idea: the
    definition is no use of the expansion (the item neither defines the acronym nor names its
    long form).  A long form also written on its own is a use, and the definition stands."""
    words_ = [re.escape(word) for word in long.split()]
    if not words_:
        return False
    if not any(text.startswith(short, at) and (tail := _PLURAL_SPACES.match(text, at + len(short))) is not None
               and in_designation(text, tail.end()) for at in _opened_with(text, short)):
        return False  # no "(short" anywhere inside a designation: no use of ``long`` can be followed by one
    written = _written_words(words_)
    after = re.compile(r"\s*\(\s*" + re.escape(short) + r"s?\s*")
    uses = list(written.finditer(text))
    for use in uses:
        definition = after.match(text, use.end())
        if definition is None or not in_designation(text, definition.end()):
            return False
    return bool(uses)


def _written_words(words_: Sequence[str]) -> re.Pattern[str]:
    r"""The words (each escaped) written in any case, with spaces between them, as whole words: the
    same as ``(?<!\w)(?i:words)(?!\w)``; led, when the first is an ASCII letter, by ``acronyms.word_start``
    (three times as fast over an item's text: the engine skips to the letter's two cases)."""
    phrase = r"\s+".join(words_)
    first = phrase[0]
    if not (first.isascii() and first.isalpha()):
        return re.compile(r"(?<!\w)(?i:" + phrase + r")(?!\w)")
    return re.compile(word_start(first) + phrase[1:] + r"(?!\w)", re.IGNORECASE)
