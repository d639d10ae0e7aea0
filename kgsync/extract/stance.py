"""Stance: whether a sentence says it supports, contradicts or extends the items it names.

Cue words read per clause, with negation and hedges; deterministic and linear in the text
(no model, no pattern that can backtrack).  The lexicon and the reading rules are here; where
a sentence names items, and which finding it means, is ``kgsync.extract.references``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgsync.contract.model import RelationType

# Cue phrases, as lower-case word sequences.  Negation and hedges are read from the
# words before a cue (``_NEGATORS``, ``_HEDGES``), not from the patterns.
_CUES: dict[RelationType, tuple[str, ...]] = {
    # Verb forms only: "contradiction" and "contradict" name the topic far more often than they
    # state a stance ("contradiction handling", "extend, or contradict findings").
    RelationType.CONTRADICTS: (
        "contradicts", "contradicted by", "refutes", "refuted by", "overturns", "overturned by", "not borne out",
        "conflicts with", "inconsistent with", "at odds with", "disputes", "reverses", "reversed by",
    ),
    # A bare participle ("Scope confirmed", "import validated claims") is rarely about the item
    # named: participles count with the word that ties them to it ("confirmed by", "confirmed in").
    RelationType.SUPPORTS: (
        "confirms", "confirming", "confirmed by", "confirmed in", "confirmed that", "corroborates",
        "corroborated by", "corroborating", "replicates", "replicated by", "consistent with", "in line with",
        "agrees with", "in agreement with", "validates", "validated by", "reinforces", "reinforced by",
        "cross-confirmed",
    ),
    RelationType.EXTENDS: (
        # Active forms only: "should be extended with" is rarely about the item named.
        "builds on", "build on", "built on", "building on", "refines", "generalises", "generalizes",
        "narrows", "successor", "extends", "follow-up to", "follows up",
    ),
}
_NEGATORS = frozenset("not no never without nor cannot n't doesn't don't didn't isn't aren't wasn't".split())
_NEGATING_PAIRS = (("rather", "than"), ("instead", "of"))
_HEDGES = frozenset("may might could appears apparent seems seeming potential possible possibly partially "
                    "perhaps arguably".split())
_LOOKBACK = 3  # words before a cue that can negate or hedge it
#: How many words from where a reference is named a cue may stand (a contradiction must be close).
_REACH = {RelationType.CONTRADICTS: 12, RelationType.SUPPORTS: 15, RelationType.EXTENDS: 15}
MARK = "zzreference"  # stands for a reference in the text ``classify`` reads
MARK_TOKEN = re.compile(MARK + r"\d{0,6}")
WORD = re.compile(r"[a-z0-9]+(?:['’-][a-z0-9]+)*")
_CUE_INDEX: dict[str, list[tuple[tuple[str, ...], RelationType]]] = {}
for _stance, _phrases in _CUES.items():
    for _phrase in _phrases:
        _words = tuple(WORD.findall(_phrase))
        _CUE_INDEX.setdefault(_words[0], []).append((_words, _stance))


#: Where a clause ends: a cue past it is about something else than the item named before it.
CLAUSE_END = re.compile(r"[;|\[\]]|[ \t]-[ \t]|[—–]")


def classify(sentence: str, row: bool = False) -> RelationType | None:
    """The stance a sentence takes toward the items it names (``REFERENCE`` marks where they are
    named; a sentence without a mark is read whole): the unnegated, unhedged cue that governs a
    reference, that is, stands in its clause (clauses end at ";", "|" and dashes: "— covers X;
    confirms Y" says nothing of the item named before the dash), within reach of it, the
    nearest one first; with no mark, contradicts first, then supports, then extends.  An
    Evidence Map row (``row``) is one clause: its notes cell ("Cross-confirmed by two sources")
    says how its sources bear on its claim.

    "not a contradiction", "does not confirm", "rather than contradicting" negate their cue;
    "may contradict", "an apparent contradiction" hedge it: either way the cue does not count.
    A cue listed beside another stance's cue ("confirms, contradicts, extends") names relation
    types, not a stance.
    """
    cues = governing(sentence, row)
    return min(cues.values())[2] if cues else None


def governing(sentence: str, row: bool) -> dict[str, tuple[int, int, RelationType]]:
    """For each mark's id (``_marked``; "" for a bare mark, and for the whole sentence when it
    has none): the rank (distance, stance priority) and stance of the cue that governs it.
    Linear in the sentence: a cue looks only at the words within its reach."""
    words: list[str] = []
    clause_of: list[int] = []
    for clause, text in enumerate([sentence.lower()] if row else CLAUSE_END.split(sentence.lower())):
        found = WORD.findall(text)
        words += found
        clause_of += [clause] * len(found)
    marks = {i: w[len(MARK):] for i, w in enumerate(words) if w.startswith(MARK)}
    cues: list[tuple[int, RelationType]] = []
    for index, word in enumerate(words):
        cues += [(index, stance) for phrase, stance in _CUE_INDEX.get(word, ())
                 if tuple(words[index : index + len(phrase)]) == phrase]
    stances_at: dict[int, set[RelationType]] = {}
    for index, stance in cues:
        stances_at.setdefault(index, set()).add(stance)
    out: dict[str, tuple[int, int, RelationType]] = {}
    for index, stance in cues:
        nearby = (other for j in range(index - 3, index + 4) for other in stances_at.get(j, ()))
        before = words[max(0, index - _LOOKBACK) : index]
        if any(other is not stance for other in nearby) or _negated(before) or any(w in _HEDGES for w in before):
            continue  # listed beside another stance's cue, negated or hedged
        priority = _PRIORITY.index(stance)
        if not marks:
            out[""] = min(out.get("", (0, priority, stance)), (0, priority, stance))
            continue
        reach = _REACH[stance]
        for at in range(max(0, index - reach), index + reach + 1):
            mark = marks.get(at)
            if mark is None or clause_of[at] != clause_of[index]:
                continue
            rank = (abs(at - index), priority, stance)
            if mark not in out or rank < out[mark]:
                out[mark] = rank
    return out



_PRIORITY = (RelationType.CONTRADICTS, RelationType.SUPPORTS, RelationType.EXTENDS)


def _negated(before: Sequence[str]) -> bool:
    if any(w in _NEGATORS or w.endswith(("n't", "n’t")) for w in before):
        return True
    return any(tuple(before[i : i + 2]) == pair for pair in _NEGATING_PAIRS for i in range(len(before) - 1))

