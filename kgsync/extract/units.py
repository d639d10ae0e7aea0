"""Compounds an item writes as one lexical unit: the item's own evidence that a phrase is a name.

A phrase of two nouns whose head is vague ("governance model", "enterprise environment",
"analytics team") is usually a description: any model of governance, any setting in an
enterprise.  The same shape names an idea ("access control", "transaction cost", "model risk")
when writers treat it as one word, and they show it in how they write it:

* *hyphenated before a noun*: "access-control policies", "transaction-cost economics",
  "model-risk management" (a compound modifier is a lexicalised unit, English style guides);
* *capitalised as a name in the middle of a sentence*: "the Memory-System design",
  "Coase's Transaction Cost theory" (the word before is lower case, so neither a sentence's
  start, a heading nor a title-cased source title counts).

Read from the item alone (its dense zones and its body), so its contribution stays its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kgsync.extract import lexicon
from kgsync.extract.canonical import term_key

# "access-control policies": two lower-case words joined by a hyphen, then a word.
_HYPHENATED = re.compile(r"(?<![\w-])([A-Za-z][a-z]+-[a-z]+)(?![\w-]) ([a-z]+)")

# "the Memory-System design", "the ServiceNow Enterprise Architecture workspace": a run of 2-4
# capitalised words (a name may have inner capitals) after a lower-case word.
_CAPITALISED = re.compile(r"(?<![\w-])[a-z]+ ((?:[A-Z][A-Za-z]+[- ]){1,3}[A-Z][A-Za-z]+)(?![\w-])")


_SPLIT = re.compile(r"[- ]")


def unit_keys(text: str) -> frozenset[str]:
    """Term keys of the two-word compounds ``text`` writes as one unit (see the module doc)."""
    out: set[str] = set()
    for match in _matches(text, _HYPHENATED, _HYPHEN_THEN_WORDS):
        if match.group(2) not in lexicon.STOPWORDS:  # "cost-reduction is": no noun follows
            out.add(term_key(match.group(1)))
    for match in _matches(text, _CAPITALISED, _SPACE_THEN_CAPITALS):
        words = _SPLIT.split(match.group(1))
        out.update(term_key(" ".join(words[i:i + 2])) for i in range(len(words) - 1))
    return frozenset(key for key in out if key.count(" ") == 1)


# Where a match of each pattern may be: the character right after its first word (a hyphen,
# a space), with what must follow it.  Led by a literal, so the regex engine skips to each in C;
# the patterns themselves open with a word after a lookbehind, so the engine tried them at every
# position of the text (the real corpus's 10.8 M characters), from the anchors only where a match may start.
_HYPHEN_THEN_WORDS = re.compile(r"-(?=[a-z]+(?![\w-]) [a-z])")
_SPACE_THEN_CAPITALS = re.compile(r" (?=[A-Z][A-Za-z]+[- ][A-Z])")
_LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


def _matches(text: str, pattern: re.Pattern[str], after_first_word: re.Pattern[str]) -> Iterator[re.Match[str]]:
    """``pattern.finditer(text)`` for ``_HYPHENATED`` and ``_CAPITALISED``, found from
    ``after_first_word``: a match's first word is the run of letters before that character
    (``[A-Za-z][a-z]+``: its lower-case letters and one capital before them), and no two
    candidates share a start.  Each start is tried with ``pattern.match`` in the text's order,
    and starts inside the last match are skipped, as ``finditer`` does."""
    end = 0
    for anchor in after_first_word.finditer(text):
        start = anchor.start()
        while start > end and text[start - 1] in _LOWER:
            start -= 1
        if start > end and text[start - 1].isupper() and text[start - 1].isascii():
            start -= 1  # "Transaction-cost": only ``_HYPHENATED`` takes it, its pattern decides
        if start < end:
            continue
        match = pattern.match(text, start)
        if match is not None:
            end = match.end()
            yield match
