"""Which finding of the citing item a sourced fact feeds: the one the inference right after it states.

An item's investigation (its research log) states a fact and names where it came from
("[fact] GraphRAG enables relationship-aware retrieval … [Source: `x.md`, Key Finding 7.]"), then says in an
inference paragraph what it makes of it ("[inference] GraphRAG is most justified for Layer 5 …").  The fact's
own words name which finding of this item uses it only when they restate that finding clearly; when they do
not (its best match is below the trust bar), the best match is kept only where the inference clearly feeds the
same finding, else which finding uses the fact is not said there (``evidence.plan``: an anchor elsewhere, or
no claim link).  An inference that feeds another finding is not followed: it may map the fact onto several
findings, and the one its words match best need not be the part the fact is about.  Read per file
(``inference_after``, with the mention, by ``references.scan``) and matched at plan time (``fed_finding``).
Linear in the text: one pass over the lines after the fact's paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgsync.extract.evidence_model import LABEL_WORD, ClaimText, clears_trust_bar, plain_text
from kgsync.extract.evidence_source import words_said

#: An evidence label ("[fact]", "**[inference]**", "[fact, source: …]", "[inference; source: …]"): the first on
#: a line says what the line is (``is_fact``).
_LABEL = re.compile(r"\[(" + LABEL_WORD + ")", re.I)
#: An evidence label whole ("[inference]", "[inference; source: …]"): markup, none of the inference's words.
_WHOLE_LABEL = re.compile(r"\[" + LABEL_WORD + r"[^\[\]\n]{0,3000}\]", re.I)
#: A paragraph that opens with an inference label (bold or not): what the item makes of the facts before it.
_INFERENCE = re.compile(r"[ \t]{0,8}(?:\*\*)?\[inference\b", re.I)
#: A line that opens a new sub-question block (a heading, a bold line standing alone, a rule): an inference
#: of another block feeds nothing of this one.
_BLOCK = re.compile(r"[ \t]{0,3}(?:#{1,6}[ \t]|\*\*[^*\n]{1,300}\*\*[ \t]{0,3}(?:\[[a-z]{1,12}\][ \t]{0,3})?$|---)")
#: The most lines of an inference read (a paragraph and the list it opens): enough for the longest in the corpus.
MAX_INFERENCE_LINES = 40


def is_fact(line: str) -> bool:
    """Whether ``line`` states a fact: its first evidence label is ``[fact…]`` (at its start or its end)."""
    label = _LABEL.search(line)
    return label is not None and label.group(1).lower() == "fact"


def inference_after(lines: Sequence[str], index: int) -> str:
    """The content words (sorted, space-joined) of the inference paragraph right after the paragraph holding
    ``lines[index]``, before any new block; "" when the next paragraph is no inference (another fact, a
    heading, the end).  References and evidence labels are left out: the inference's own words say which
    finding it feeds."""
    end = index + 1
    while end < len(lines) and lines[end].strip() and not _BLOCK.match(lines[end]):
        end += 1  # the rest of the fact's paragraph
    while end < len(lines) and not lines[end].strip():
        end += 1
    if end >= len(lines) or not _INFERENCE.match(lines[end]):
        return ""
    stop = end + 1
    while stop < len(lines) and stop - end < MAX_INFERENCE_LINES and lines[stop].strip() and \
            not _BLOCK.match(lines[stop]):
        stop += 1
    return " ".join(sorted(words_said(plain_text(_WHOLE_LABEL.sub(" ", " ".join(lines[end:stop]))))))


def fed_finding(feeds: str, claims: Sequence[ClaimText]) -> ClaimText | None:
    """The finding the inference (``feeds``: its words, ``inference_after``) clearly states: it shares
    ``MIN_SHARED`` content words with the inference and ``MIN_TRUST_LEAD`` more than any other finding, the bar
    a best match clears to be sure (``evidence_source.best_match``).  None: the inference names no finding
    clearly, so which finding the fact feeds is not said."""
    said = frozenset(feeds.split())
    ranked = sorted(((len(said & claim.content()), claim.number) for claim in claims), key=lambda p: (-p[0], p[1]))
    if not ranked:
        return None
    shared, number = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else 0
    if not clears_trust_bar(shared, runner_up):
        return None
    return next(claim for claim in claims if claim.number == number)
