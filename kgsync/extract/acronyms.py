"""Acronym definitions in text: "Long Form (LF)" and "LF (Long Form)" (Schwartz & Hearst 2003).

Split from ``mining``."""

from __future__ import annotations

import re
from functools import lru_cache

from kgsync.extract import lexicon

_URL = re.compile(r"(?:https?://|www\.)\S+")


def _valid_expansion(key: str) -> bool:
    kws = key.split(" ")
    return 2 <= len(kws) <= 8 and kws[0] not in lexicon.STOPWORDS and kws[-1] not in lexicon.STOPWORDS


_PAREN = re.compile(r"\(([^()\n]{1,80})\)")


_SHORT_FORM = re.compile(r"\s*([^\W_][\w&-]{1,9})\s*")


_WORD_BEFORE = re.compile(r"\b([^\W_][\w&-]{1,9})\s*$")


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


def acronym_pairs(text: str) -> list[tuple[str, str]]:
    """[(acronym, expansion)] from "Long Form (LF)" and "LF (Long Form)"."""
    return _acronym_pairs(_URL.sub(" ", text))


def _acronym_pairs(text: str) -> list[tuple[str, str]]:
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
            before = text[max(0, match.start() - 200) : match.start()]
            last_end = _LAST_CLAUSE_END.match(before)
            cut = last_end.end() if last_end else 0
            words_before = before[cut:].split()
            n = min(len(short) + 5, 2 * len(short))
            long = _best_long_form(short, " ".join(words_before[-n:]))
            if long and len(long) > len(short) and short.lower() not in long.lower().split():
                out.append((_short_norm(short), _trim(long)))
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
