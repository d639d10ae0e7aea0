"""Described stance: whether prose agrees or disagrees with earlier work it describes, read by its argument structure.

Agreement between this item and earlier work it describes ("This conclusion also fits prior
repository work that …", "The prior findings on X fit this result", "`x.md` reached the same
conclusion").  Most later items name the cited item only in the sentence's source attribution
("[inference; source: …/x.md]", "Source: …/x.md") and describe it in the prose: the stance is
then read from the prose, by its argument structure, not from cue words next to a reference.

Apart from ``stance`` (cue words next to a reference the sentence names), because this reading needs no reference:
it finds a predicate of agreement or disagreement in a clause and asks whether its two sides are this item and the
earlier work.  The words before a predicate that negate or hedge it are read as before a cue
(``stance.negated_or_hedged``).
"""

from __future__ import annotations

import re

from kgsync.contract.model import RelationType
from kgsync.extract.stance import MARK, TOKEN, negated_or_hedged


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
    # (``TOKEN``'s characters hold none), so the words are the whole text's, possessives too.
    if _PREDICATE_WORDS.isdisjoint(TOKEN.findall(lowered)):
        return None, "", ""
    clauses: list[list[str]] = [[]]
    for clause_text in _CLAUSE_BREAK.split(lowered):
        if clauses[-1]:
            clauses.append([])
        for word in TOKEN.findall(clause_text):
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
                return stance, "", " ".join(w for w in TOKEN.findall(lowered) if w not in own)
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
