"""Stance: whether a sentence says it supports, contradicts or extends the items it names.

Cue words read per clause, with negation and hedges; deterministic and linear in the text
(no model, no pattern that can backtrack).  The lexicon and the reading rules are here; where
a sentence names items, and which finding it means, is ``kgsync.extract.references``; the stance of
prose that describes earlier work without naming it, read by argument structure, not cue words, is
``kgsync.extract.described_stance``.
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
        # a finding derived from the cited one builds on it (it does not agree independently)
        "derived from", "based on", "draws on", "drawing on", "adapted from", "applies", "applying",
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


#: Where a clause ends: a cue past it is about something else than the item named before it.  The single
#: characters in one class, the dashes with the rest: the same matches (no two branches start with the same
#: character), and one class to test at each position instead of two (a fifth less time per scan,
#: ``bench/repeated_calls.py --alternatives``; the pattern cuts every sentence that names an item, twice).
CLAUSE_END = re.compile(r"[;|\[\]—–]|[ \t]-[ \t]")


#: Passive cues: the item named after them is the agent ("confirmed by X"), the thing named
#: before them is what was confirmed ("X's estimate was refuted by our measurements").
_PASSIVE = frozenset({"by", "in"})
#: Words that end the noun phrase a cue takes as its object: past them, what is named is not
#: what the cue is about ("consistent with the IR literature and X", "confirms that … (X)").
_OBJECT_BREAK = frozenset(
    ", : ( ) and or but because that which what while whereas than who where when so although though since "
    "via per".split())
#: Words that say the other side of a cue is this item ("this", "our measurements", "here").
_SELF = frozenset("this our we here present".split())
#: Nouns that name a source other than this item (general English): an active cue whose subject
#: holds one ("a vendor survey confirms X", "the 2025 documentation contradicts X") states that
#: source's agreement, not this item's; a year ("a 2025 report") names one too (``_YEAR``).
_OTHER_SOURCES = frozenset(
    "survey surveys study studies paper papers report reports documentation docs vendor vendors article "
    "articles blog blogs literature author authors researchers reviewers practitioners analyst analysts "
    "publication publications whitepaper benchmark benchmarks".split())
_YEAR = re.compile(r"(?:19|20)\d\d")
#: A word, or the punctuation a side's reading stops at: the tokens of a clause (here and ``described_stance``).
TOKEN = re.compile(r"[a-z0-9]+(?:['’-][a-z0-9]+)*|[,:()]")


def classify(sentence: str) -> RelationType | None:
    """The stance a sentence takes toward the items it names (``MARK`` marks where they are
    named; a sentence without a mark is read whole): see ``governing``; with no mark,
    contradicts first, then supports, then extends."""
    cues, _ = governing(sentence)
    return min(cues.values())[2] if cues else None


def governing(sentence: str) -> tuple[dict[str, tuple[int, int, RelationType]], dict[str, str]]:
    """For each mark's id (``_marked``; "" for a bare mark, and for the whole sentence when it
    has none): the rank (distance, stance priority) and stance of the cue that governs it, and
    (second) the supports/contradicts cue the rules refused for it (for a lint hint).

    A cue governs a mark in its clause (clauses end at ";", "|", brackets and dashes: a table
    row's cells are clauses) within reach, and is neither negated ("not a contradiction", "does
    not confirm", "rather than contradicting"), hedged ("may contradict", "an apparent
    contradiction") nor listed beside another stance's cue ("confirms, contradicts, extends").
    Supports and contradicts say that *this* item agrees with or disputes *that* one, so:

    - the item is the cue's object, its noun phrase unbroken ("consistent with the finding
      from X"; not "consistent with the IR literature and X", "confirms that … (X)");
    - or the item is what the cue's other side (a passive's agent, an active cue's object)
      judges, and that side is this item ("X's estimate was refuted by our measurements");
    - a supporting cue whose other side is not this item ("X confirms that Y", "Y confirmed by
      X") uses X as a source: ``extends``; a contradicting one says nothing of this item.
    """
    lowered = sentence.lower()
    # The words of the whole sentence are its clauses' words (no word holds a clause end).
    if _CUE_INDEX.keys().isdisjoint(TOKEN.findall(lowered)):
        return {}, {}  # no cue (most sentences): nothing governs, nothing is refused
    words: list[str] = []
    clause_of: list[int] = []
    for clause, text in enumerate(CLAUSE_END.split(lowered)):
        found = TOKEN.findall(text)
        words += found
        clause_of += [clause] * len(found)
    cues: list[tuple[int, int, RelationType]] = []
    for index, word in enumerate(words):
        if word in _CUE_INDEX:
            cues += [(index, len(phrase), stance) for phrase, stance in _CUE_INDEX[word]
                     if tuple(words[index : index + len(phrase)]) == phrase]
    if not cues:
        return {}, {}
    marks = {i: w[len(MARK):] for i, w in enumerate(words) if w.startswith(MARK)}
    stances_at: dict[int, set[RelationType]] = {}
    for index, _, kind in cues:
        stances_at.setdefault(index, set()).add(kind)
    out: dict[str, tuple[int, int, RelationType]] = {}
    refused: dict[str, str] = {}
    for index, length, cue in cues:
        nearby = (other for j in range(index - 3, index + 4) for other in stances_at.get(j, ()))
        if any(other is not cue for other in nearby) or negated_or_hedged(words, index):
            continue  # listed beside another stance's cue, negated or hedged
        if not marks:
            priority = _PRIORITY.index(cue)
            out[""] = min(out.get("", (0, priority, cue)), (0, priority, cue))
            continue
        end = index + length
        passive = words[end - 1] in _PASSIVE and length > 1
        reach = _REACH[cue]
        for at in range(max(0, index - reach), min(len(words), end + reach)):
            mark = marks.get(at)
            if mark is None or clause_of[at] != clause_of[index]:
                continue
            stance: RelationType | None = cue
            if cue is not RelationType.EXTENDS:
                stance = _trusted(cue, words, clause_of, index, end, at, passive)
                if stance is not cue:
                    refused.setdefault(mark, " ".join(words[index:end]))
            if stance is None:
                continue
            rank = (abs(at - index), _PRIORITY.index(stance), stance)
            if mark not in out or rank < out[mark]:
                out[mark] = rank
    return out, {mark: cue for mark, cue in refused.items() if out.get(mark, (0, 0, None))[2] not in
                 (RelationType.SUPPORTS, RelationType.CONTRADICTS)}


def _trusted(cue: RelationType, words: list[str], clause_of: list[int], index: int, end: int, at: int,
             passive: bool) -> RelationType | None:
    """What a supports or contradicts cue at ``words[index:end]`` says of the item named at
    ``at`` (``governing``'s rules)."""
    clause = clause_of[index]
    source_use = RelationType.EXTENDS if cue is RelationType.SUPPORTS else None
    if at >= end:  # named after the cue
        between = words[end:at]
        if between and between[-1] == "(":
            between = between[:-1]  # "the conclusion from prior research (X)": X names the object
        if any(w in _OBJECT_BREAK or w.startswith(MARK) for w in between):
            return None  # another phrase is the cue's object
        if not passive:
            # "this confirms the finding from X", "consistent with X"; not "a 2025 survey confirms
            # the finding from X": a third source's agreement is no stance of this item's finding
            subject = [w for i, w in enumerate(words[:index]) if clause_of[i] == clause]
            if not _SELF & set(subject) and any(w in _OTHER_SOURCES or _YEAR.fullmatch(w) for w in subject):
                return source_use
            return cue
        # "Y confirmed by X": X is Y's source; Y must be this item for a stance
        subject = [w for i, w in enumerate(words[:index]) if clause_of[i] == clause]
        return cue if _SELF & set(subject) else source_use
    # named before the cue: the other side of the cue is its agent or object
    other: list[str] = []
    for i in range(end, len(words)):
        if clause_of[i] != clause or words[i] in _OBJECT_BREAK or words[i].startswith(MARK):
            break
        other.append(words[i])
    if _SELF & set(other):
        return cue  # "X's estimate was refuted by our measurements", "X confirms this finding"
    return source_use


#: Adverbs of degree that make an agreement partial ("partly confirms", "largely consistent with"): a
#: partial agreement qualifies the cited finding, it does not confirm it (general English).
_DEGREE = frozenset("partly partially largely broadly mostly somewhat roughly loosely generally".split())


def own_clause(sentence: str, mark: str) -> bool:
    """Does the sentence say, in the clause naming ``mark`` (a ``MARK`` id, as ``governing`` reads it), that
    this item's side itself agrees with (disputes) what ``mark`` names?  A supports or contradicts cue whose
    subject is this item's ("This confirms the finding from X", "Our measurements are consistent with X's Key
    Finding 2": ``_ours``) and whose object is the mark, its noun phrase unbroken; or a passive cue whose agent
    is this item's and whose subject is the mark ("X's estimate was refuted by our measurements").  Not when
    the cited item is the agent ("this is confirmed by X": X is this finding's evidence, so the finding is
    derived from it), nor with an adverb of degree in the clause ("partly", "largely", "in part"); ``governing``
    has already refused a negated, hedged or listed cue.  Read only where ``governing`` gave the mark a
    supports or contradicts stance: this is the narrower reading that writes that stance (docs/EVIDENCE.md,
    "Stance")."""
    target = MARK + mark
    for clause_text in CLAUSE_END.split(sentence.lower()):
        words = TOKEN.findall(clause_text)
        if target not in words:
            continue
        if any(w in _DEGREE for w in words) or any(words[i : i + 2] == ["in", "part"] for i in range(len(words))):
            return False
        at = words.index(target)
        for index, word in enumerate(words):
            for phrase, cue in _CUE_INDEX.get(word, ()):
                end = index + len(phrase)
                if cue is RelationType.EXTENDS or tuple(words[index:end]) != phrase:
                    continue
                passive = words[end - 1] in _PASSIVE and len(phrase) > 1
                if not passive and end <= at <= end + _SIDE_REACH + 1 and _unbroken(words[end:at]) and \
                        _ours(words[max(0, index - _SIDE_REACH - 1) : index], index <= _SIDE_REACH):
                    return True
                if passive and index - _SIDE_REACH - 2 <= at < index and _unbroken(words[at + 1 : index]) and \
                        _ours(_agent(words[end : end + _SIDE_REACH + 1]), True):
                    return True
    return False


def _unbroken(between: list[str]) -> bool:
    """Is the mark the head of the cue's side: within reach, with no phrase break and no other item between
    them ("the finding from (X", "X's Key Finding 2 is")?"""
    if between and between[-1] == "(":
        between = between[:-1]
    return len(between) <= _SIDE_REACH and not any(w in _OBJECT_BREAK or w.startswith(MARK) for w in between)


def _agent(words: list[str]) -> list[str]:
    """A passive cue's agent: the words after it up to a phrase break or another item."""
    out: list[str] = []
    for word in words:
        if word in _OBJECT_BREAK or word.startswith(MARK):
            break
        out.append(word)
    return out


def _ours(side: list[str], whole: bool) -> bool:
    """Does a side of a cue name this item: does its noun phrase (past the last comma, and a leading "and",
    "so", "thus", "also") open with "this", "these", "our" or "we", with no third source (a source noun, a
    year) and no other item in it?  "In this repository, a vendor note confirms X" is the note's side.
    ``side``: at most ``_SIDE_REACH`` + 1 words next to the cue; ``whole``: it starts where its clause does
    (else a phrase longer than that, with no comma in it, is too long to be read as this item's)."""
    start = max((i + 1 for i, w in enumerate(side) if w == ","), default=0 if whole else len(side))
    phrase = side[start:]
    while phrase and phrase[0] in _LINKING:
        phrase = phrase[1:]
    return bool(phrase) and phrase[0] in _OURS and \
        not any(w in _OTHER_SOURCES or _YEAR.fullmatch(w) or w.startswith(MARK) for w in phrase)


#: What may open this item's side of a cue (``_ours``): narrower than ``_SELF`` ("here", "present" qualify
#: a phrase that need not be this item's: "the vendor here confirms X").
_OURS = frozenset("this these our we".split())
_LINKING = frozenset("and so thus also".split())
#: How many words a side of a cue may have (a subject's, a passive's agent's): each cue reads at most these, so
#: a clause full of cues costs linear time.
_SIDE_REACH = _REACH[RelationType.SUPPORTS]


_PRIORITY = (RelationType.CONTRADICTS, RelationType.SUPPORTS, RelationType.EXTENDS)


def negated_or_hedged(words: Sequence[str], at: int) -> bool:
    """Whether the ``_LOOKBACK`` words before ``words[at]`` (a cue, a predicate; the punctuation tokens
    skipped) negate it ("not consistent with") or hedge it ("may confirm"): then it states no stance.
    ``classify``'s cues and ``described_stance.described_stance``'s predicates are read the same way."""
    before = [w for w in words[max(0, at - _LOOKBACK - 2) : at] if w not in ",:()"][-_LOOKBACK:]
    return _negated(before) or any(w in _HEDGES for w in before)


def _negated(before: Sequence[str]) -> bool:
    if any(w in _NEGATORS or w.endswith(("n't", "n’t")) for w in before):
        return True
    return any(tuple(before[i : i + 2]) == pair for pair in _NEGATING_PAIRS for i in range(len(before) - 1))
