"""Where a sentence ends, for every step that reads item text sentence by sentence."""

from __future__ import annotations

import re

_FINDING_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[])")
_ABBREVIATION = re.compile(r"(?:\bal|\be\.g|\bi\.e|\bvs|\betc|\bcf|\bFig|\bNo|\bapprox|\b[A-Z])\.$")
_LINE_SENTENCE_END = re.compile(r"[.!?][ \t]{1,8}(?=[A-Z`\"*(\[])")


def first_sentence(text: str) -> str:
    """Up to the first sentence end that is not an abbreviation ("et al.", "e.g.")."""
    text = " ".join(text.split())
    start = 0
    for match in _FINDING_SENTENCE_END.finditer(text):
        # The abbreviation ends at the sentence end: searching the few characters before it
        # (\b still sees the one before them) keeps a text of many "A. " linear.
        if not _ABBREVIATION.search(text, max(start, match.start() - 8), match.start()):
            return text[: match.start()]
    return text


def line_sentences(line: str) -> list[str]:
    """The sentences of one line of prose, in order."""
    out, start = [], 0
    for match in _LINE_SENTENCE_END.finditer(line):
        out.append(line[start : match.start() + 1])
        start = match.end()
    out.append(line[start:])
    return [s for s in out if s.strip()]
