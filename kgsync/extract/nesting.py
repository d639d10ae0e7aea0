"""Which phrases a text writes only as a part of a name: "the Gemini API", "the OpenAI Agents SDK".

A term-recognition measure such as C-value (Frantzi, Ananiadou & Mima 2000) discounts a
candidate by the longer candidates it is nested in.  On this project's items a bare count of
nesting separates nothing: an idea is written inside longer phrases as often as a genre word
("prompt injection attacks", "platform engineering practice"; ``bench/bench_nesting.py``).  One
nesting does separate: the tail of a longer phrase that a *name* opens ("the GitHub API", "the
Whisper API", "the OpenAI Agents SDK").  That phrase names a product's part; the item cites the
product, and the bare word ("API", "SDK") is the genre of the part, not the item's subject.

A name here is a word written with a capital first letter and a lower-case letter (not an acronym
in capitals: "AI failure mode", "MCP server" qualify a field, they name no product) and not
where a sentence, a line, a heading or a parenthesis opens (a capital there says nothing).
``name_tails(text)`` counts, per key (``canonical.term_key``), the occurrences that are the tail
of a longer phrase of their word run that may be a term (``phrases.check_phrase``) and that holds such
a name before them.  ``mining.candidates`` marks a candidate the question, summary or findings
write at least once otherwise (``flags.FREE``).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from itertools import compress
from operator import gt

from kgsync.extract.phrases import MAX_WORDS, check_phrase, is_break, tokens_of

#: Skipped when looking back for what precedes a word: spaces and the markup a sentence may open with.
_OPENERS = " \t*_`#>[(\"'\u201c\u2018-"


#: What ends a sentence or a clause a capital may open: a capital after these says nothing.
_ENDS = ".!?:;\n\u2014\u2013|"


def name_tails(text: str, tokens: tuple[list[re.Match[str]], list[str]] | None = None) -> Counter[str]:
    """key -> how many times ``text`` writes it after a name inside one longer phrase (see the module doc).

    Only a run with a name before its last word has a tail, and names are a few tokens in a
    hundred: the tokens, their breaks and which may be a name are read in C (``map`` with cached
    predicates), and only the runs holding a name are cut and counted, in the text's order
    (tests/extract/test_nesting.py holds this equal to a step per token).  ``tokens``:
    ``phrases.tokens_of(text)``, when the caller has them (mining cuts each zone once)."""
    out: Counter[str] = Counter()
    matches, words = tokens_of(text) if tokens is None else tokens
    breaks = list(map(is_break, words))
    # a token that may be a name: a capital first, not all capitals, not a break
    maybe = compress(range(len(words)), map(gt, map(name_like, words), breaks))  # True > False
    cuts = list(compress(range(len(words)), breaks))  # the breaks' indices: where runs end
    run_start, run_end = -1, -1
    named: list[int] = []
    for index in maybe:
        if at_opening(text, matches[index].start()):
            continue
        if index >= run_end:  # a new run: count the last one, find this one's bounds
            if named:
                _count_run(words[run_start:run_end], named, out)
            at = bisect_left(cuts, index)
            run_start = cuts[at - 1] + 1 if at else 0
            run_end = cuts[at] if at < len(cuts) else len(words)
            named = []
        named.append(index - run_start)
    if named:
        _count_run(words[run_start:run_end], named, out)
    return out


@lru_cache(maxsize=400_000)
def name_like(token: str) -> bool:
    """May ``token`` be a name: a capital first and a lower-case letter (no acronym: module doc)?
    Whether it is one depends on where it stands (``at_opening``)."""
    return token[:1].isupper() and not token.isupper()


def at_opening(text: str, start: int) -> bool:
    """Does the word at ``start`` open a sentence, a line, a heading or a parenthesis?  A capital
    there says nothing of a name (module doc)."""
    i = start
    while i > 0 and text[i - 1] in _OPENERS:
        if text[i - 1] in "([\"'\u201c\u2018":
            return True
        i -= 1
    return i == 0 or text[i - 1] in _ENDS


def _count_run(run: list[str], named: list[int], out: Counter[str]) -> None:
    """Count the name tails of one word run (only a run with a name before its last word has any)."""
    if not named or named[0] >= len(run) - 1:
        return
    words = tuple(run)
    for start in range(named[0] + 1, len(words)):
        for end in range(start + 1, min(start + MAX_WORDS, len(words)) + 1):
            tail = check_phrase(words[start:end])
            if tail is None or tail[2]:
                continue
            # a longer phrase ending here that a name opens or holds before the tail
            if any(check_phrase(words[first:end]) is not None
                   for first in range(max(0, end - MAX_WORDS), start) if any(first <= n < start for n in named)):
                out[tail[0]] += 1
