"""Acronym definitions in text: "Long Form (LF)" and "LF (Long Form)" (Schwartz & Hearst 2003), and a chain of acronyms
defined as one short form ("Artificial Intelligence Risk Management Framework (AI RMF)").

Split from ``mining``."""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Iterator, Sequence
from functools import lru_cache

from kgsync.extract import lexicon
from kgsync.extract.canonical import is_acronym, term_key

WEB_ADDRESS = re.compile(r"(?:https?://|www\.)\S+")


def without_web_addresses(text: str) -> str:
    """``WEB_ADDRESS.sub(" ", text)``, from two patterns each led by a literal, which the regex engine
    skips to in C: led by two alternatives, ``WEB_ADDRESS`` was tried at every "h" and "w" of the text
    (a third of mining's cleaning of an item; speed102).  Every match runs to the end of its run of
    non-spaces (``\\S+`` is greedy), so ``sub`` takes, of each such run, the earliest start either
    alternative matches at, to the run's end: the two patterns' matches, merged by their end."""
    www = "www." in text
    if not www and "://" not in text:  # most zones and findings: no address (two searches in C)
        return text
    starts = {match.end(): match.start() for match in _HTTP_ADDRESS.finditer(text)}
    if www:
        for match in _WWW_ADDRESS.finditer(text):
            end = match.end()
            if match.start() < starts.get(end, end):
                starts[end] = match.start()
    if not starts:
        return text
    parts: list[str] = []
    done = 0
    for end in sorted(starts):
        parts += (text[done:starts[end]], " ")
        done = end
    return "".join(parts) + text[done:]


#: ``WEB_ADDRESS``'s two alternatives apart (``without_web_addresses``).
_HTTP_ADDRESS = re.compile(r"https?://\S+")
_WWW_ADDRESS = re.compile(r"www\.\S+")


def is_valid_expansion(key: str) -> bool:
    """An acronym's long form worth a term: two to eight words, neither the first nor the last a stop word."""
    kws = key.split(" ")
    return 2 <= len(kws) <= 8 and kws[0] not in lexicon.STOPWORDS and kws[-1] not in lexicon.STOPWORDS


_PAREN = re.compile(r"\(([^()\n]{1,80})\)")


_SHORT_FORM = re.compile(r"\s*([^\W_][\w&-]{1,9})\s*")


_WORD_BEFORE = re.compile(r"\b([^\W_][\w&-]{1,9})\s*$")


def is_blend(short: str, long: str) -> bool:
    """Is ``short`` a blend, not an acronym, of ``long``: a name that keeps a capitals word of ``long``
    as written and clips another word ("MemGPT" of "Memory-GPT": "Mem" and GPT kept; "GenAI" of
    "Generative AI")?  Such a long form spells out only the clipped part: it glosses the name and
    spells none of the kept word's letters, so it is no expansion of it.  An initial before a kept
    acronym ("SCoT": Structured CoT, "mTLS") clips nothing: an acronym still.  From the letters only."""
    kept = [word for word in re.split(r"[\s\-/]+", long)
            if len(word) >= 2 and sum(map(str.isupper, word)) >= 2 and word.isalnum() and word in short]
    return any(_CLIPPED.search(short.replace(word, " ")) is not None for word in kept)


_CLIPPED = re.compile(r"[A-Za-z][a-z]{2,}")  # a word's opening letters, written as a word's: "Mem", "Gen"


_LAST_CLAUSE_END = re.compile(r".*[.;:!?()\[\]{}\n]", re.DOTALL)  # matched from the start: ends after the last one


_LIST_MARKS = frozenset(";:,")


@lru_cache(maxsize=50_000)
def _is_short_form(text: str) -> bool:
    return sum(map(str.isupper, text)) >= 2 and not text.isdigit() and " " not in text


def _short_norm(text: str) -> str:
    return text[:-1] if len(text) > 2 and text.endswith("s") and text[:-1].isupper() else text


def _best_long_form(short: str, long: str) -> str | None:
    """Schwartz & Hearst (2003): the shortest suffix of ``long`` covering ``short``'s letters."""
    s, at = len(short) - 1, len(long) - 1
    while s >= 0:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        while (at >= 0 and long[at].lower() != c) or (s == 0 and at > 0 and long[at - 1].isalnum()):
            at -= 1
        if at < 0:
            return None
        at -= 1
        s -= 1
    start = long.rfind(" ", 0, at + 1) + 1
    return long[start:]


_SURROUND = re.compile(r"^[\W_]+|(?<![\W_])[\W_]+$")  # the trailing run tried once, where it starts


def _trim(text: str) -> str:
    return _SURROUND.sub("", text)


def _long_form_before(text: str, end: int, short: str) -> str | None:
    """The long form of ``short`` written in ``text`` right before ``end``, within its clause (``_best_long_form``)."""
    before = text[max(0, end - 200) : end]
    last_end = _LAST_CLAUSE_END.match(before)
    cut = last_end.end() if last_end else 0
    words_before = before[cut:].split()
    n = min(len(short) + 5, 2 * len(short))
    return _best_long_form(short, " ".join(words_before[-n:]))


def _chain(inner: str) -> tuple[str, ...] | None:
    """The acronyms of a parenthesis that writes two or three of them in a row, a space apart ("AI RMF",
    "PCI DSS"), or None: a chain names one thing, which a long form before it may define letter by letter."""
    pieces = inner.strip().split(" ")
    if not 2 <= len(pieces) <= 3 or not all(_SHORT_FORM.fullmatch(piece) and _is_short_form(piece) for piece in pieces):
        return None
    return tuple(pieces)


def acronym_pairs(text: str) -> list[tuple[str, str]]:
    """[(acronym, expansion)] from "Long Form (LF)" and "LF (Long Form)"."""
    return url_free_acronym_pairs(without_web_addresses(text))


def url_free_acronym_pairs(text: str) -> list[tuple[str, str]]:
    """``acronym_pairs`` of a text without URLs (their parentheses are not definitions)."""
    text = text.replace("\u2019", "'")
    out: list[tuple[str, str]] = []
    for match in _PAREN.finditer(text):
        inner: str = match.group(1)
        short_match = _SHORT_FORM.fullmatch(inner)
        if short_match:
            short = short_match.group(1)
            if not _is_short_form(short):
                continue
            long = _long_form_before(text, match.start(), short)
            if long and len(long) > len(short) and short.lower() not in long.lower().split():
                out.append((_short_norm(short), _trim(long)))
            continue
        chain = _chain(inner)
        if chain:
            # "Artificial Intelligence Risk Management Framework (AI RMF)": the chain's letters, its
            # acronyms' in order, spelled by the words before it; a long form that writes a piece of the
            # chain as a word ("AI Risk Management Framework (AI RMF)") spells only part of it.
            letters = "".join(chain)
            long = _long_form_before(text, match.start(), letters)
            if long and len(long) > len(letters) and not any(piece.lower() in long.lower().split() for piece in chain):
                out.append((" ".join(chain), _trim(long)))
            continue
        # "LF (Long Form)": the cheap tests on the parenthesis first (most parentheses are not this).
        inner = inner.strip()
        if len(inner) < 3 or not _LIST_MARKS.isdisjoint(inner):
            continue
        inner_words = inner.split()
        if len(inner_words) < 2:
            continue
        word = _WORD_BEFORE.search(text, max(0, match.start() - 12), match.start())
        if word is None:
            continue
        short = word.group(1)
        if not _is_short_form(short) or len(inner_words) > len(short) + 5:
            continue
        if _best_long_form(short, inner) == inner:
            out.append((_short_norm(short), _trim(inner)))
    return out


#: Words a definition may skip or take a letter from ("Software as a Service": SaaS, "Reinforcement
#: Learning from Human Feedback": RLHF). Public: ``vocabulary.acronym_index`` compares two expansions without them.
LINKING_WORDS = frozenset({"a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to",
                           "with", "&"})


@lru_cache(maxsize=20_000)  # the same phrase recurs within an item and across items
def letters_match(short: str, long: str) -> bool:
    """Is ``long`` a definition of ``short`` letter by letter?  Each word of ``long`` gives the
    next letters of ``short`` from its start ("Open Authorisation": O, Auth) or from its inner
    capitals ("DevOps": D, O); every word gives at least one, except a linking word ("of",
    "as") and a hyphenated word's later parts ("Pre-trained").  A short form that opens in
    lower case is an abbreviation only when that letter stands for an ordinary lower-case word
    ("nDCG": normalised discounted cumulative gain); before a brand's own spelling ("iOS":
    "iPhone Operating System") it is the brand's name, not an abbreviation.

    Schwartz & Hearst's scan (``_best_long_form``) finds the shortest text holding the letters in
    order anywhere in its words: "RUN (operational compliance and security sustainment)" passes
    it; this rule keeps only a definition whose words the letters stand for."""
    if not short or not short[0].isalnum():
        return False
    if short[0].islower():
        first = long.split()[0] if long.split() else ""
        if not first.islower() or any(c.isupper() for c in first):
            return False
    letters = "".join(c.lower() for c in short if c.isalnum())
    parts: list[tuple[str, bool]] = []  # (word, may give no letter)
    for word in long.split():
        pieces = [p for p in (re.sub(r"[^\w&]", "", piece) for piece in word.split("-")) if p]
        for i, piece in enumerate(pieces):
            parts.append((piece, i > 0 or piece.lower() in LINKING_WORDS))
    found = _match(letters, tuple(parts), 0, 0)
    if not found and len(letters) > 2 and short.endswith("s"):  # "MLOps": Machine Learning Operations
        found = _match(letters[:-1], tuple(parts), 0, 0)
    return found


def _match(letters: str, parts: tuple[tuple[str, bool], ...], i: int, j: int) -> bool:
    if j == len(parts):
        return i == len(letters)
    word, optional = parts[j]
    if optional and _match(letters, parts, i, j + 1):
        return True
    low = word.lower()
    inner = low[0] + "".join(c.lower() for c in word[1:] if c.isupper() or c.isdigit())
    for source in (low, inner):
        for n in range(1, len(source) + 1):
            if letters[i : i + n] != source[:n]:
                break
            if _match(letters, parts, i + n, j + 1):
                return True
    return False


_LINKING = "|".join(sorted(w for w in LINKING_WORDS if w != "&")) + "|&"


@lru_cache(maxsize=20_000)
def _spelling(key: str) -> re.Pattern[str]:
    """Words whose initials are ``key``'s letters, linking words between them allowed."""
    gap = rf"(?:[\s-]+(?:{_LINKING})){{0,2}}[\s-]+"
    words = gap.join(rf"{re.escape(c)}[\w'\u2019]*" for c in key)
    if not key[0].isascii():
        return re.compile(r"\b" + words, re.IGNORECASE)
    # The same as r"\b" + words, scanned twice as fast: a first character class outside the case
    # flag lets the regex engine skip ahead to where a match may start.  The class holds every
    # character but the rest of ASCII: the case forms of an ASCII letter are its two cases and,
    # like the Kelvin sign for "k", non-ASCII ones (a class of those ranges themselves would take
    # milliseconds to compile).  The lookbehinds then ask for a word's start and the letter itself.
    return re.compile(word_start(key[0]) + words[len(re.escape(key[0])):], re.IGNORECASE)


def word_start(first: str) -> str:
    r"""A case-insensitive pattern's ``\b`` and ``first``, an ASCII letter, written so that the regex
    engine skips ahead to where a match may start (``_spelling``): compile it with ``re.IGNORECASE``."""
    lower, upper = ord(first.lower()), ord(first.upper())
    others = "".join(rf"\x{a:02x}-\x{b:02x}" for a, b in ((0, upper - 1), (upper + 1, lower - 1), (lower + 1, 0x7F)))
    return rf"(?-i:[^{others}])(?<!\w.)(?<={re.escape(first)})"


#: The characters the case-insensitive regex takes for an ASCII letter besides its two cases
#: (the regex engine's own case table; tests/extract/test_acronyms.py checks it over all of Unicode).
_OTHER_CASES = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}
_WORD_REST = re.compile(r"[\w'\u2019]*")
_NEXT_TOKEN = re.compile(r"[\s-]+([^\s-]+)")  # a gap, then what stands before the next gap


def folded_for_acronyms(text: str) -> str:
    """``text`` with each letter the case-insensitive regex takes for an ASCII letter as that
    letter, every other character lowercase: the same length, each character still a word
    character, a space or neither as before (tests/extract/test_acronyms.py checks all of Unicode)."""
    if not text.isascii():
        for other in "\u0130\u0131\u017f":  # str.lower keeps them, or (U+0130) makes two characters
            if other in text:
                text = text.replace(other, _OTHER_CASES[other])
    return text.lower()  # the Kelvin sign too


@lru_cache(maxsize=1024)
def _gap_then(second: str) -> re.Pattern[str]:
    """What must follow the first word: a gap (or up to two short words and gaps, where linking
    words may be), then a word opening with ``second``."""
    return re.compile(rf"[\s-]+(?:[\w&]{{1,4}}[\s-]+){{0,2}}{second}")


@lru_cache(maxsize=1024)
def _opening_then(first: str, second: str) -> re.Pattern[str]:
    """``first`` opening a run of word characters and apostrophes (``_word_end``'s), where ``_gap_then(second)``
    follows the run: the word starts worth following, found in C.  The lookahead reads each run
    once (a run has one opening) and to its end, as ``_word_end`` does (possessive: a word
    character or an apostrophe is never a gap's)."""
    return re.compile(rf"{first}(?<![\w'\u2019].)(?=[\w'\u2019]*+[\s-]+(?:[\w&]{{1,4}}[\s-]+){{0,2}}{second})")


@lru_cache(maxsize=1024)
def _after_apostrophe(first: str) -> re.Pattern[str]:
    """``first`` after an apostrophe: a word start inside a run ("o'brien", "b'b'b'…")."""
    return re.compile(rf"{first}(?<=['\u2019].)")


def _spelled_phrases(text: str, key: str, folded: str | None = None,
                     starts: Sequence[int] | None = None) -> Iterator[str]:
    """What ``_spelling(key).finditer(text)`` matches, for a lowercase ASCII ``key``, found word by
    word in the order the regex tries them, in the ``folded_for_acronyms`` text (given, or folded here): a
    scan per first letter instead of a regex compiled per acronym (compiling took two thirds of
    the time).  Only the starts whose run of word characters is followed by a gap and ``key[1]``
    are followed further: those opening a run are found by one regex (``_opening_then``, in C:
    a Python step per word start took most of the time); those inside a run, after an apostrophe,
    word by word, each run scanned once ("b'b'b'…" has a start at each "b"; scanning the run
    again from each took time growing with the square of its length)."""
    low = folded_for_acronyms(text) if folded is None else folded
    if starts is None:
        starts = _phrase_starts(low, key[0], key[1])
    end = 0
    for start in starts:
        if start < end:
            continue  # the regex's matches do not overlap
        stop = _after_gap(low, key, 1, _word_end(low, start + 1))
        if stop:
            end = stop
            yield text[start:stop]


def _phrase_starts(low: str, first: str, second: str, after_apostrophe: Container[str] | None = None) -> list[int]:
    """The word starts of ``first`` in ``low`` whose run is followed by a gap and ``second``, in
    order.  ``after_apostrophe``: the characters ``low`` has right after an apostrophe
    (``_after_apostrophes``), when the caller has them."""
    starts = [match.start() for match in _opening_then(first, second).finditer(low)]
    inner = (first in after_apostrophe if after_apostrophe is not None
             else ("'" + first) in low or ("\u2019" + first) in low)
    if inner:
        starts = sorted(starts + _inner_starts(low, first, second))  # the two sets are disjoint
    return starts


#: The character after each apostrophe, straight and curly: a lookahead ("''a" has "'" and "a"), each
#: pattern led by a literal, which the regex engine skips to in C (one pattern opening with the class of
#: both tried it at every position of the text: twelve times as long).
_AFTER_STRAIGHT = re.compile(r"'(?=(.))", re.DOTALL)
_AFTER_CURLY = re.compile(r"\u2019(?=(.))", re.DOTALL)


def _after_apostrophes(low: str) -> frozenset[str]:
    """The characters ``low`` has right after an apostrophe (``['\u2019](?=(.))``, dot matching all): one
    scan of the text (two when it has a curly one) for all the acronyms of an item, not two substring
    searches of it per acronym."""
    after = frozenset(_AFTER_STRAIGHT.findall(low))
    return after | frozenset(_AFTER_CURLY.findall(low)) if "\u2019" in low else after


def _inner_starts(low: str, first: str, second: str) -> list[int]:
    """The starts of ``first`` after an apostrophe whose run is followed by a gap and ``second``."""
    gap = _gap_then(second)
    out: list[int] = []
    run_end, run_ok = -1, False  # the run of word characters after the last start, and what follows it
    for match in _after_apostrophe(first).finditer(low):
        start = match.start()
        if start + 1 > run_end:  # a new run: where it ends, and whether a gap and ``second`` follow
            run_end = _word_end(low, start + 1)
            run_ok = gap.match(low, run_end) is not None
        if run_ok:
            out.append(start)
    return out


def _word_end(low: str, pos: int) -> int:
    """Where the word whose rest starts at ``pos`` ends (``[\\w'\u2019]*``)."""
    rest = _WORD_REST.match(low, pos)
    return rest.end() if rest else pos  # it always matches: it may match nothing


def _after_gap(low: str, key: str, at: int, pos: int) -> int:
    r"""Where a match of ``key[at:]`` ends that starts with the gap at ``pos``, or 0: as the regex's
    greedy ``(?:[\s-]+linking){0,2}[\s-]+``, two linking words first, then one, then none."""
    token = _NEXT_TOKEN.match(low, pos)
    if token is None:
        return 0
    if token.group(1) in LINKING_WORDS:
        second = _NEXT_TOKEN.match(low, token.end())
        if second is not None:
            if second.group(1) in LINKING_WORDS:
                third = _NEXT_TOKEN.match(low, second.end())
                if third is not None and (stop := _word(low, key, at, third)):
                    return stop
            if stop := _word(low, key, at, second):
                return stop
    return _word(low, key, at, token)


def _word(low: str, key: str, at: int, token: re.Match[str]) -> int:
    """Where a match of ``key[at:]`` ends whose first word opens ``token``, or 0."""
    start = token.start(1)
    if low[start] != key[at]:
        return 0
    word_end = _word_end(low, start + 1)
    if at == len(key) - 1:
        return word_end
    if word_end != token.end(1):
        return 0  # a word before a gap is followed by one
    return _after_gap(low, key, at + 1, word_end)


_MAX_PHRASES = 500


def spelled_out(text: str, keys: Sequence[str], folded: str | None = None) -> tuple[tuple[str, str], ...]:
    """(acronym key, phrase key) for each phrase of ``text`` whose words the acronym's letters
    stand for (``letters_match``): "the Reserve Bank of New Zealand" for "rbnz".  An item that
    writes an acronym without defining it may take an expansion of the shared map only when it
    also writes that expansion out (``kgsync.vocabulary.acronym_index.item_acronyms``).  ``folded``:
    ``folded_for_acronyms(text)``, when the caller has it (``item_text``)."""
    out: set[tuple[str, str]] = set()
    folded = folded_for_acronyms(text) if folded is None else folded
    after_apostrophe: frozenset[str] | None = None
    # Acronyms with the same first two letters ("rag", "rai") start at the same words: found once.
    starts: dict[tuple[str, str], list[int]] = {}
    for key in keys:
        if not 2 <= len(key) <= 8 or not key.isalpha():
            continue
        seen: set[str] = set()
        if key.isascii():
            low_key = key.lower()
            if after_apostrophe is None:
                after_apostrophe = _after_apostrophes(folded)
            opening = (low_key[0], low_key[1])
            if opening not in starts:
                starts[opening] = _phrase_starts(folded, *opening, after_apostrophe)
            found: Iterator[str] = _spelled_phrases(text, low_key, folded, starts[opening])
        else:
            found = (match.group() for match in _spelling(key).finditer(text))
        for written in found:
            phrase = " ".join(written.split())
            if phrase in seen:
                continue
            seen.add(phrase)
            if len(seen) > _MAX_PHRASES:
                break  # a text that spells hundreds of candidates for one acronym is no definition of it
            if letters_match(key.upper(), phrase):
                out.add((key, term_key(phrase)))
    return tuple(sorted(out))


#: A lone acronym's last piece: its last capital and the lower-case letters after it ("Ops" of "MLOps").
_LAST_PIECE = re.compile(r"[A-Z][a-z]+$")


def acronym_spells_plural(head: str, surfaces: Iterable[str]) -> bool:
    """Does a lone acronym of ``surfaces`` (a group's, or a Scope's forms) write ``head``, an expansion's
    last word, as a piece that keeps its plural "s" ("MLOps", "DevOps", "FinOps": "Ops" of "operations";
    "RecSys": "Sys" of "systems")?  The acronym is the writers' own name for the idea, and it says the
    word is plural: the discipline is "machine learning operations", not one operation
    (``vocabulary.groups``' and ``vocabulary.facets``' names).  "LLMs" is not one (its "s" follows a
    capital: a plural of the acronym), nor "NLSpecs" where "NLSpec" is written too (a plural of it)."""
    written = set(surfaces)
    for surface in written:
        lone = " " not in surface and "-" not in surface and is_acronym(surface)
        piece = _LAST_PIECE.search(surface) if lone and surface.endswith("s") else None
        if (piece is not None and len(piece.group()) >= 3 and head.endswith("s")
                and head.startswith(piece.group()[:-1].lower()) and surface[:-1] not in written):
            return True
    return False
