"""Where a sentence ends: the one splitter every step that reads item text by sentence uses
(a claim's lead sentence, the sentences evidence extraction reads).

Linear in the text: each candidate end is tested on a few characters around it.
"""

from __future__ import annotations

import re

#: A sentence end: ".", "!" or "?", closing quotes or brackets kept with it (`… "as stated."`),
#: then space and what can start a sentence.
_END = re.compile(r"[.!?][\"”’')\]]{0,3}[ \t\n]{1,8}(?=[A-Z0-9`\"'“*(\[])")
_ABBREVIATION = re.compile(r"(?:\bal|\be\.g|\bi\.e|\bvs|\betc|\bcf|\bFig|\bNo|\bapprox|\b[A-Z])\.$")
#: An evidence label or source note right after a sentence end ("… is diffable. [fact, source:
#: sqlite.org] Next …"): it qualifies the sentence before it, not the next one.
_TRAILING_LABEL = re.compile(r"\[(?:fact|inference|assumption|speculation|hypothesis|sources?)\b[^\[\]\n]{0,600}\]\.?",
                             re.I)
_SPACE = re.compile(r"[ \t\n]{0,8}")
#: One bracketed or parenthesised group closing the text after a sentence end (`… 2–4×. (Source:
#: item x.md)`, `… size. [high]`): no sentence of its own, it qualifies the sentence before it (a label).
_CLOSING_GROUP = re.compile(r"(?:\((?:[^()\n]|\([^()\n]*\))*\)|\[[^\[\]\n]*\])\.?[ \t\n]*\Z")


def sentences(text: str, labels: bool = True) -> list[str]:
    """The sentences of ``text`` in order, each as written (not stripped of markup).

    ``labels``: an evidence label right after a sentence end stays with that sentence (what the
    graph reads: the label qualifies it); False leaves it out of both, for a reader who quotes the
    sentence alone (the site's definitions)."""
    out: list[str] = []
    start = 0
    position = 0
    while True:
        match = _END.search(text, position)
        if match is None:
            break
        position = match.end()
        punctuation = match.start()
        if text[punctuation] == "." and _ABBREVIATION.search(text, max(start, punctuation - 8), punctuation + 1):
            continue  # "et al. 2020", "e.g. Foo"
        end = punctuation + len(match.group(0).rstrip(" \t\n"))
        label = _TRAILING_LABEL.match(text, match.end()) or _CLOSING_GROUP.match(text, match.end())
        if label:
            after = _SPACE.match(text, label.end())
            position = after.end() if after else label.end()
            if labels:
                end = label.end()
                if position >= len(text):
                    break
        out.append(text[start:end])
        start = position
    out.append(text[start:])
    return [s for s in out if s.strip()]


def first_sentence(text: str) -> str:
    """Up to the first sentence end that is not an abbreviation ("et al.", "e.g."), quoted alone
    (without the label after it)."""
    return next(iter(sentences(" ".join(text.split()), labels=False)), "")
