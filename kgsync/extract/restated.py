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
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

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
    return content_words(" ".join(token for token in text.split()
                                   if not _ADDRESS.search(token) and not any(w in token for w in written)))


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


def restated_finding(said: str, findings: Sequence[_F]) -> _F | None:
    """The finding of one item that ``said`` (``said_words``) restates, or None: the finding whose
    words it shares weigh most (``MIN_WEIGHT``), clearly more than any other's (``MIN_LEAD``),
    and whose claim it mostly repeats (``MIN_COVER``).  Reads only the sentence and that item's
    findings, so the link moves only when one of the two is edited."""
    words = {stem(w) for w in said.split()}
    if not words or not findings:
        return None
    stems = [frozenset(stem(w) for w in f.content()) for f in findings]
    uses = Counter(w for s in stems for w in s if w in words)
    weights = sorted(((sum(1.0 / uses[w] for w in s & words), -i) for i, s in enumerate(stems)), reverse=True)
    best, index = weights[0]
    runner_up = weights[1][0] if len(weights) > 1 else 0.0
    if best < MIN_WEIGHT or best < MIN_LEAD * runner_up:
        return None
    found = findings[-index]
    claim = {stem(w) for w in content_words(found.statement)}
    return found if claim and len(claim & words) >= MIN_COVER * len(claim) else None
