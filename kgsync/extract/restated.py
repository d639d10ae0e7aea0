"""A cited finding named by its content: the sentence restates it.

Research items written later cite earlier ones mostly by URL or path inside an evidence bracket
("[inference; source: https://…/<slug>.md] <this item's claim>") or as the subject of a report
("`<slug>.md` found that …"), seldom by finding number.  Such a sentence names one of the cited
item's findings when it restates it: it shares with that finding many of the words that finding
alone (among the cited item's findings) uses, and clearly more than with any other finding.

Two steps, like the rest of evidence extraction:

1. ``said_words`` (per file, kept with the mention): the content words the sentence says in
   its own words, without its evidence labels, links' targets and references.
2. ``restated_finding`` (plan, corpus level): the cited item's finding those words restate, or
   None.  It reads only the sentence and the cited item's findings (no corpus statistics).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import filterfalse
from operator import methodcaller
from collections.abc import Iterable, Sequence
from typing import Generic, Protocol, TypeVar

from kgsync.extract.evidence_model import MARKUP, content_words

#: A bracket that is no link's text: an evidence label ("[inference; source: …]"), a checkbox.
_BRACKET = re.compile(r"\[[^\[\]\n]{0,3000}\]")
#: The longest text read per sentence (a longer one is not one restated finding).
MAX_SAID = 2000


def said_words(sentence: str, references: Iterable[tuple[int, str]] = (), before: str = "") -> str:
    """The content words ``sentence`` says in its own words, sorted and space-joined: links keep
    their text, evidence labels and other brackets go, and so do the whitespace-delimited tokens
    holding one of its ``references`` (as written: a path says nothing of its subject).  A
    sentence that says next to nothing itself ("Source: `x.md`.") is a note on ``before``, the
    sentence before it on its line: that one's words count."""
    words = _own_words(sentence, [written for _, written in references])
    if len(words) < MIN_OWN_WORDS and before:
        words |= _own_words(before, ())
    return " ".join(sorted(words))


#: A sentence with fewer content words of its own is a source note on the sentence before it.
MIN_OWN_WORDS = 3


#: A token that is a link or a path: it names where something is, not what it says.
_ADDRESS = re.compile(r"://|\.(?:md|html?)\b|\d{4}-\d\d-\d\d-")


def _own_words(sentence: str, written: Sequence[str]) -> frozenset[str]:
    text = _BRACKET.sub(" ", MARKUP.sub(lambda m: m.group(1) or "", sentence[:MAX_SAID]))
    # A token holding an address or a reference is one the whole text holds: most sentences
    # need no token-by-token look (whitespace separates words, so dropping none changes none).
    present = [w for w in written if w in text]
    address = _ADDRESS.search(text) is not None
    if not present and not address:
        return content_words(text)
    # The tokens dropped one test at a time (``filterfalse`` runs each in C), in the text's order.
    tokens = text.split()
    if address:
        tokens = list(filterfalse(_ADDRESS.search, tokens))
    for w in present:
        tokens = list(filterfalse(methodcaller("__contains__", w), tokens))
    return content_words(" ".join(tokens))


@lru_cache(maxsize=1 << 14)
def stem(word: str) -> str:
    """A crude English stem: "keeps"/"keep", "specified"/"specify" compare equal."""
    for suffix, replacement in _SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)] + replacement
    return word


_SUFFIXES = (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", ""))


class _Finding(Protocol):
    @property
    def number(self) -> int: ...

    @property
    def statement(self) -> str: ...

    def content(self) -> frozenset[str]: ...


_F = TypeVar("_F", bound=_Finding)

#: What a restatement shares with the finding it restates, each word weighing 1 / (how many of
#: the cited item's findings use it): at least this much ...
MIN_WEIGHT = 3.0
#: ... and this many times what it shares with any other finding of that item (a near tie is a guess) ...
MIN_LEAD = 1.5
#: ... and at least this share of the words of the finding's claim (its lead sentence).
MIN_COVER = 0.45


class FindingIndex(Generic[_F]):
    """One item's findings as ``restated_finding`` reads them: which findings (by position) use
    each stemmed word of their whole text, and each claim's stemmed words.  One item is cited by
    many sentences: the plan builds this once per cited item."""

    def __init__(self, findings: Sequence[_F]) -> None:
        self.findings = tuple(findings)
        holders: dict[str, list[int]] = {}
        for index, finding in enumerate(self.findings):
            for word in {stem(w) for w in finding.content()}:
                holders.setdefault(word, []).append(index)
        self.holders = {word: tuple(at) for word, at in holders.items()}
        self.claims = tuple(frozenset(stem(w) for w in content_words(f.statement)) for f in self.findings)

    def restated(self, said: str) -> _F | None:
        """The finding ``said`` (``said_words``) restates, or None: the finding whose words it
        shares weigh most (``MIN_WEIGHT``), clearly more than any other's (``MIN_LEAD``), and
        whose claim it mostly repeats (``MIN_COVER``).  Reads only the sentence and this item's
        findings, so the link moves only when one of the two is edited."""
        words = {stem(w) for w in said.split()}
        index = self._leading(words)
        if index is None:
            return None
        claim = self.claims[index]
        return self.findings[index] if claim and len(claim & words) >= MIN_COVER * len(claim) else None

    def _leading(self, words: set[str]) -> int | None:
        """The position of the finding whose words ``words`` share weigh most, when that weight
        is at least ``MIN_WEIGHT`` and ``MIN_LEAD`` times any other finding's; else None."""
        if len(words) < MIN_WEIGHT:  # each shared word weighs at most 1
            return None
        weights: dict[int, float] = {}
        for word in words:
            holders = self.holders.get(word, ())
            for index in holders:
                weights[index] = weights.get(index, 0.0) + 1.0 / len(holders)
        ranked = sorted(((weight, -index) for index, weight in weights.items()), reverse=True)
        if not ranked:
            return None
        best, index = ranked[0]
        runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
        if best < MIN_WEIGHT or best < MIN_LEAD * runner_up:
            return None
        return -index


    def described(self, about: str) -> _F | None:
        """The finding a sentence that states agreement with the cited item describes
        (``stance.described_stance``: "prior work that treats context engineering as iterative
        curation"): such prose paraphrases the finding's claim in fewer words than a restatement,
        so the finding is the one whose claim (its lead sentence) it covers most, at least
        ``MIN_DESCRIBED_COVER`` of it and ``MIN_DESCRIBED_LEAD`` times the share of any other
        finding's claim; otherwise None (which finding is meant is not said)."""
        words = {stem(w) for w in content_words(about)}
        ranked = sorted(((len(claim & words) / len(claim), len(claim & words), -index)
                         for index, claim in enumerate(self.claims) if claim), reverse=True)
        if not ranked:
            return None
        cover, shared, index = ranked[0]
        runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
        if cover < MIN_DESCRIBED_COVER or shared < MIN_DESCRIBED_WORDS or cover < MIN_DESCRIBED_LEAD * runner_up:
            return None
        return self.findings[-index]


#: A described finding: the share of its claim's words the description repeats ...
MIN_DESCRIBED_COVER = 0.15
#: ... at least this many words ...
MIN_DESCRIBED_WORDS = 2
#: ... and this many times the share of any other finding's claim (a near tie is a guess).
MIN_DESCRIBED_LEAD = 1.25


def restated_finding(said: str, findings: Sequence[_F]) -> _F | None:
    """``FindingIndex(findings).restated(said)``, for one sentence."""
    return FindingIndex(findings).restated(said)
