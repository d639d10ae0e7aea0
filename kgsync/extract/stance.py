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


#: Where a clause ends: a cue past it is about something else than the item named before it.
CLAUSE_END = re.compile(r"[;|\[\]]|[ \t]-[ \t]|[—–]")


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
_TOKEN = re.compile(r"[a-z0-9]+(?:['’-][a-z0-9]+)*|[,:()]")


def classify(sentence: str) -> RelationType | None:
    """The stance a sentence takes toward the items it names (``REFERENCE`` marks where they are
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
    if _CUE_INDEX.keys().isdisjoint(_TOKEN.findall(lowered)):
        return {}, {}  # no cue (most sentences): nothing governs, nothing is refused
    words: list[str] = []
    clause_of: list[int] = []
    for clause, text in enumerate(CLAUSE_END.split(lowered)):
        found = _TOKEN.findall(text)
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
        words = _TOKEN.findall(clause_text)
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
    ``classify``'s cues and ``described_stance``'s predicates are read the same way."""
    before = [w for w in words[max(0, at - _LOOKBACK - 2) : at] if w not in ",:()"][-_LOOKBACK:]
    return _negated(before) or any(w in _HEDGES for w in before)


def _negated(before: Sequence[str]) -> bool:
    if any(w in _NEGATORS or w.endswith(("n't", "n’t")) for w in before):
        return True
    return any(tuple(before[i : i + 2]) == pair for pair in _NEGATING_PAIRS for i in range(len(before) - 1))



# ---------------------------------------------------------------------------------------------
# Agreement between this item and earlier work it describes ("This conclusion also fits prior
# repository work that …", "The prior findings on X fit this result", "`x.md` reached the same
# conclusion").  Most later items name the cited item only in the sentence's source attribution
# ("[inference; source: …/x.md]", "Source: …/x.md") and describe it in the prose: the stance is
# then read from the prose, by its argument structure, not from cue words next to a reference.

def _forms(*lemmas: str) -> frozenset[str]:
    """The inflected forms of regular English verbs ("fit" → fits, fitted, fitting)."""
    out: set[str] = set()
    for lemma in lemmas:
        stem_ = lemma[:-1] if lemma.endswith("e") else lemma
        double = lemma + lemma[-1] if lemma in _DOUBLING else stem_
        plural = lemma + "es" if lemma.endswith(("s", "sh", "ch", "x", "o")) else lemma + "s"
        out |= {lemma, plural, double + "ed" if not lemma.endswith("e") else lemma + "d", double + "ing"}
    return frozenset(out)


_DOUBLING = frozenset({"fit", "refit"})
#: Verbs saying two findings agree (general English, not a list read off any item): the subject
#: and the object are the two sides.
_AGREEING = _forms("agree", "align", "accord", "concur", "converge", "match", "fit", "mirror", "echo", "parallel",
                   "corroborate", "confirm", "support", "reinforce", "strengthen", "replicate", "reproduce",
                   "validate", "vindicate")
#: Verbs saying they disagree; "supersede" and "overturn" replace the other's conclusion.
DISAGREEING = _forms("contradict", "conflict", "dispute", "refute", "rebut", "challenge", "contest", "undercut",
                      "undermine", "overturn", "reverse", "supersede", "diverge", "depart", "disagree")
#: Adjectival predicates ("is consistent with", "is at odds with"): (words, stance).
_PREDICATE_PHRASES: tuple[tuple[tuple[str, ...], RelationType], ...] = (
    (("consistent", "with"), RelationType.SUPPORTS), (("in", "line", "with"), RelationType.SUPPORTS),
    (("in", "agreement", "with"), RelationType.SUPPORTS), (("in", "keeping", "with"), RelationType.SUPPORTS),
    (("compatible", "with"), RelationType.SUPPORTS), (("inconsistent", "with"), RelationType.CONTRADICTS),
    (("at", "odds", "with"), RelationType.CONTRADICTS), (("incompatible", "with"), RelationType.CONTRADICTS),
    (("in", "tension", "with"), RelationType.CONTRADICTS), (("counter", "to"), RelationType.CONTRADICTS),
)
#: ``_PREDICATE_PHRASES`` by first word, in their order: a word starting none is one dict look-up.
_PHRASES_BY_FIRST: dict[str, tuple[tuple[tuple[str, ...], RelationType], ...]] = {
    first: tuple(entry for entry in _PREDICATE_PHRASES if entry[0][0] == first)
    for first in dict.fromkeys(phrase[0] for phrase, _ in _PREDICATE_PHRASES)}
#: Words that mark a noun phrase as earlier work: "prior repository work", "the earlier
#: amendment-practices item", "the repository's completed deep-modules item".
_PRIOR = frozenset("prior earlier previous existing companion parent repository corpus cited".split())
#: Nouns that name a body of work or what it concluded.
WORK_NOUNS = frozenset("work works finding findings research item items study studies synthesis syntheses analysis "
                  "analyses result results conclusion conclusions evidence note notes report reports investigation "
                  "investigations review reviews".split())
#: Nouns that name what an item concludes (its side of an agreement: "this conclusion").  Not
#: "evidence", "model", "design" or "pattern": "this external evidence" is a source's, "this
#: pattern" may be the earlier work's.
_CLAIM_NOUNS = frozenset("conclusion conclusions result results finding findings recommendation recommendations rule "
                         "rules claim claims answer assessment analysis synthesis item research study position "
                         "argument interpretation reading judgment judgement investigation".split())
#: What "the same …" names of this item's conclusion ("reached the same conclusion", "point in
#: the same direction").
_SAME_NOUNS = _CLAIM_NOUNS | frozenset("direction pattern point view picture".split())
#: Determiners that point at this item's own statement ("this conclusion", "that recommendation").
THIS_WORDS = frozenset("this these our".split())
#: Words that start a new clause: the two sides of an agreement stand in one clause.
_CLAUSE_WORDS = frozenset("but while whereas although though because since so where when than if unless".split())
#: Where the object of a predicate ends (a relative or complement clause starts).
_OBJECT_END = frozenset(", ( ) that which who because since while whereas so".split())
_NP_REACH = 6  # words between a determiner or marker and the noun that heads its phrase


#: A word one of ``_predicates`` needs, as a token may write it (with a possessive, which the clause
#: words drop): a verb of (dis)agreement, "same", or each predicate phrase's word other than "in", "at",
#: "with", "to" (a phrase is matched whole, so that word is one of the clause's).
_PREDICATE_WORDS = frozenset(word + ending for word in (
    _AGREEING | DISAGREEING | {"same"}
    | {w for phrase, _stance in _PREDICATE_PHRASES for w in phrase if w not in {"in", "at", "with", "to"}})
    for ending in ("", "'s", "\u2019s"))
#: Where a clause of ``described_stance`` ends: a semicolon, colon, pipe, bracket or dash.
_CLAUSE_BREAK = re.compile(r"[;:|\[\]—–]|[ \t]-[ \t]")


def described_stance(prose: str, marks: bool = False) -> tuple[RelationType | None, str, str]:
    """The stance a sentence's ``prose`` takes toward earlier work it describes (or, with
    ``marks``, names by a reference mark), and the predicate it read: supports or contradicts
    when one clause joins this item's side ("this conclusion", "our result", "the same
    conclusion") and the earlier work ("prior repository work", "the earlier X item") by a
    predicate of agreement or disagreement ("fits", "aligns with", "reached the same conclusion",
    "supersedes"), neither negated nor hedged.  ``(None, predicate)`` when such a predicate has the
    earlier work on one side but not this item on the other ("prior work also supports X": what
    agrees with what is not said): such a sentence states no finding's stance, and no claim link
    is written from it.  ``(None, "")``: no predicate of agreement about earlier work."""
    lowered = prose.lower()
    # No word a predicate needs (most prose): no clause has one.  A clause break splits no token
    # (``_TOKEN``'s characters hold none), so the words are the whole text's, possessives too.
    if _PREDICATE_WORDS.isdisjoint(_TOKEN.findall(lowered)):
        return None, "", ""
    clauses: list[list[str]] = [[]]
    for clause_text in _CLAUSE_BREAK.split(lowered):
        if clauses[-1]:
            clauses.append([])
        for word in _TOKEN.findall(clause_text):
            word = word[:-2] if word.endswith(("'s", "’s")) else word
            if word in _CLAUSE_WORDS and clauses[-1]:
                clauses.append([])
            clauses[-1].append(word)
    unclear = ""
    for words in clauses:
        for start, end, stance in _predicates(words):
            if negated_or_hedged(words, start):
                continue
            if any(w in _RELATIVE for w in words[max(0, start - 2) : start]):
                continue  # "…, which supports X": the subject is a clause, not a side
            left, right = words[:start], _object(words[end:])
            same = _same(words[start:end]) or _same(right)
            prior_left, prior_right = _prior(left, marks), _prior(right, marks)
            if (prior_left and (same or _this(right))) or (prior_right and _this(left)):
                # what is said of the earlier work: the sentence less this item's side
                own = set(words[start:end] + (right if prior_left else left))
                return stance, "", " ".join(w for w in _TOKEN.findall(lowered) if w not in own)
            if prior_left or prior_right:
                unclear = unclear or " ".join(words[start:end])
    return None, unclear, ""


def _predicates(words: list[str]) -> list[tuple[int, int, RelationType]]:
    """(start, end, stance) of each predicate of agreement or disagreement in a clause: a verb,
    an adjectival phrase, or "the same conclusion" (an agreement whose verb may be any:
    "reached", "points in", "draws")."""
    out = []
    for index, word in enumerate(words):
        if word in _AGREEING and not (word.startswith("parallel") and index and words[index - 1] == "in"):
            out.append((index, index + 1, RelationType.SUPPORTS))
        elif word in DISAGREEING:
            out.append((index, index + 1, RelationType.CONTRADICTS))
        elif word == "same" and index and words[index - 1] == "the" and \
                any(w in _SAME_NOUNS for w in words[index + 1 : index + 4]):
            out.append((index - 1, index + 1 + next(i for i, w in enumerate(words[index + 1 : index + 4], 1)
                                                    if w in _SAME_NOUNS), RelationType.SUPPORTS))
        elif word in _PHRASES_BY_FIRST:
            for phrase, stance in _PHRASES_BY_FIRST[word]:
                if tuple(words[index : index + len(phrase)]) == phrase:
                    out.append((index, index + len(phrase), stance))
    return out


def _object(words: list[str]) -> list[str]:
    """The words of a predicate's object: up to where a relative or complement clause starts,
    and only when its noun phrase is headed by a side ("fits this result", "aligns with prior
    findings", "reaches the same conclusion"; not "supports upstream prevention … for this item")."""
    out: list[str] = []
    for word in words:
        if word in _OBJECT_END:
            break
        out.append(word)
    lead = next((i for i, w in enumerate(out) if w not in _LEADING), len(out))
    head = out[lead : lead + _OBJECT_LEAD]
    pointing = THIS_WORDS | _PRIOR | {"that", "those", "new", "present", "current", "same", "we"}
    return out if any(w in pointing or w.startswith(MARK) for w in head) else []


#: Words before an object's noun phrase ("aligns with the prior …", "reaches the same …").
_LEADING = frozenset("with to in on the a an also both all cleanly fully closely directly".split())
_OBJECT_LEAD = 3  # the object's marker or determiner stands within this many words of the predicate
_RELATIVE = frozenset("which that who".split())


def _same(words: list[str]) -> bool:
    """"the same conclusion": this item's conclusion, named by the agreement."""
    return any(w == "same" and any(n in _SAME_NOUNS for n in words[i + 1 : i + 4]) for i, w in enumerate(words))


def _this(words: list[str]) -> bool:
    """Does a side name this item's statement ("this conclusion", "that architectural
    recommendation" leading the clause, "our result", "the new conclusion", "we"), or one of its
    findings by number, leading the side and naming no other item ("Key Finding 3 is", "KF3's
    judgement": a number on the other side of the earlier work is this item's)?"""
    if "we" in words:
        return True
    if _own_number(words[:3]) and not any(w.startswith(MARK) for w in words):
        return True
    for index, word in enumerate(words):
        pointing = word in THIS_WORDS or (word in ("that", "those") and index == 0) or \
            (word in ("new", "present", "current") and index and words[index - 1] == "the")
        if pointing and any(w in _CLAIM_NOUNS for w in words[index + 1 : index + 1 + _NP_REACH // 2]):
            return True
    return False


def _own_number(lead: list[str]) -> bool:
    """Do a side's first words name a finding by number ("key finding 3", "finding 3", "kf3", "kf 3")?"""
    for index, word in enumerate(lead):
        after = lead[index + 1 : index + 2]
        if _KF_NUMBER.fullmatch(word) or (word in ("kf", "finding") and after and after[0].isdigit()):
            return True
    return False


_KF_NUMBER = re.compile(r"kf\d{1,3}")


def _prior(words: list[str], marks: bool) -> bool:
    """Does a side name earlier work: a marker word ("prior", "earlier", "repository") heading
    to a work noun ("work", "findings", "item") within a few words, or a reference mark?"""
    for index, word in enumerate(words):
        if marks and word.startswith(MARK):
            return True
        if word in _PRIOR and any(w in WORK_NOUNS for w in words[index + 1 : index + 1 + _NP_REACH]):
            return True
    return False
