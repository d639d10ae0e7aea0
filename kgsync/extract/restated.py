"""A cited finding named by its content: the sentence restates it.

Research items written later cite earlier ones mostly by URL or path inside an evidence bracket
("[inference; source: https://…/<slug>.md] <this item's claim>") or as the subject of a report
("`<slug>.md` found that …"), seldom by finding number.  Such a sentence names one of the cited
item's findings when it restates it: it shares with that finding many of the words that finding
alone (among the cited item's findings) uses, and clearly more than with any other finding.

Two steps, like the rest of evidence extraction:

1. ``said_words`` (per file, kept with the mention): the content words the sentence says in
   its own words, without its evidence labels, links' targets and references; and
   ``reported_words``: what it reports that the earlier work it describes found ("The completed
   risk-tier item concluded that <what it found>").
2. ``restated_finding`` (plan, corpus level): the cited item's finding those words restate, or
   None (``FindingIndex.restated``, ``FindingIndex.reported``).  It reads only the sentence and
   the cited item's findings (no corpus statistics).
"""

from __future__ import annotations

import pkgutil
import re
from functools import cache, lru_cache
from itertools import filterfalse
from operator import methodcaller
from collections.abc import Iterable, Sequence
from typing import Generic, Protocol, TypeVar

from kgsync.extract.described_stance import THIS_WORDS, WORK_NOUNS
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


def reported_words(sentence: str) -> str:
    """The content words (sorted, space-joined) of what ``sentence`` reports that earlier work
    found: the that-clause after a description of a body of work (a noun "item", "research",
    "work", "study", … as ``stance`` names them) and its verb, within ``_REACH`` words and one
    clause ("The completed backpressure item concluded that X", "Prior repository work on X found
    that Y").  Most later items cite an earlier item with no finding number, its address in an
    evidence bracket and a description of it as the subject of such a report: the that-clause is
    what the sentence says the cited item found, without this item's own words around it.  ""
    when the sentence has no such report, when the work is this item's ("this item found that",
    "our analysis shows that") or when "that" follows no verb of the work's (``_follows_a_verb``:
    "the item that …", "the prior item defines the search layer that …", "a claim needs a record
    that …": a relative clause)."""
    if " that " not in sentence:
        return ""
    prose = _ASIDE.sub(" ", MARKUP.sub(lambda m: m.group(1) or "", sentence[:MAX_SAID]))
    tokens = _TOKEN.findall(prose)
    words = [t.lower().removesuffix("'s").removesuffix("\u2019s") for t in tokens]
    for index, word in enumerate(words):
        if word not in WORK_NOUNS:
            continue
        phrase = words[max(0, index - _REACH) : index]  # the description: back to the clause's start
        if any(w in THIS_WORDS for w in phrase[next((i + 1 for i in range(len(phrase) - 1, -1, -1)
                                                if phrase[i] in _REPORT_BREAK), 0):]):
            continue
        for at in range(index + 2, min(index + 2 + _REACH, len(words))):
            if words[at] in _REPORT_BREAK or words[at] in WORK_NOUNS:
                break
            if words[at] == "that":
                if not _follows_a_verb(words, index, at):
                    break  # "that" after a noun phrase opens a relative clause, or is no clause's
                found = tokens[at + 1 :]
                # what was found ends where the sentence turns to comment on it (";", ", which …")
                end = next((i for i, t in enumerate(found) if t in ";:" or
                            (t == "," and i + 1 < len(found) and found[i + 1].lower() in _COMMENT)), len(found))
                return " ".join(sorted(content_words(" ".join(found[:end]))))
    return ""


def _follows_a_verb(words: Sequence[str], index: int, at: int) -> bool:
    """Does "that" (``words[at]``) follow the verb whose subject the work noun ``words[index]``
    heads, so that it opens what was reported?  Read from closed word classes and morphology: a
    determiner or a number after the verb starts the object's noun phrase ("defines the search layer
    that", "established two points that": a relative clause), unless a preposition stands before it
    ("work in this repository found that"); the word before "that" (past adverbs in -ly) must be a
    verb form, not a form of "be" ("the items is that"): -ed, an irregular past (WordNet's), -ing, an
    -s form only for a subject not coordinated, a base form only for a plural one ("results show
    that", "X and Y agree that", "work all show that").  And it must be the work's first verb: a
    -s form right after the work noun is its verb ("item describes contract stacks that", "items creates
    pressure and shadow development that"): the words up to "that" are its object (``_an_earlier_verb``)."""
    for at_word in range(index + 1, at):
        if words[at_word] in _DETERMINERS and words[at_word - 1] not in _PREPOSITIONS:
            return False
    middle = [w for w in words[index + 1 : at] if not (w.endswith("ly") and len(w) > 3)]
    verb = middle[-1] if middle else ""
    if not verb.isalpha() or verb in _NOT_VERBS:  # a number, a path, a function word, a pronoun, "is"
        return False
    if _an_earlier_verb(middle):
        return False
    if (verb.endswith("ed") and len(verb) > 2) or verb in _irregular_past() or \
            (verb.endswith("ing") and len(verb) > 5):
        return True
    subject = middle[: next((i for i, w in enumerate(middle) if w in _PREPOSITIONS), len(middle) - 1)]
    before = list(words[max(0, index - _REACH) : index])
    before = before[next((i + 1 for i in range(len(before) - 1, -1, -1) if before[i] in _REPORT_BREAK), 0):]
    noun = words[index]
    plural = noun.endswith("s") and not noun.endswith(("ss", "is", "us"))
    if verb.endswith("s") and not verb.endswith(("ss", "is", "us")):
        # "item concludes", but "evidence, and ownership records", "status, and evidence structures": a
        # coordinated subject's verb has no -s, so the -s word is a plural noun.  Only a conjunction next to
        # the noun or after it says so: "Historical and theoretical evidence suggests that" joins modifiers
        return not plural and not any(w in ("and", "or") for w in [*subject, before[-1] if before else ""])
    # a plural subject: "results show", "frameworks and governance evidence show", "work all show"; a phrase
    # after a preposition modifies the subject only next to its noun ("results from X show"): in "items
    # compose into one standard that" the preposition follows a verb, and the word before "that" is a noun
    if subject and len(subject) < len(middle) - 1:
        return False
    return plural or any(w in ("and", "or") for w in before + subject) or \
        (len(middle) > 1 and middle[-2] in ("all", "both"))


def _an_earlier_verb(middle: Sequence[str]) -> bool:
    """Is the first word after the work noun (past adverbs) an -s form other than the last word before "that"?
    Then it is the work's verb ("describes", "creates") and what follows it its object.  Only the -s form: an -ed
    form after the noun may be a participle describing the work ("the research completed in March found that")."""
    words = [w for w in middle if w not in _ADVERBS]
    if len(words) < 2:
        return False
    first = words[0]
    return first.isalpha() and len(first) > 3 and first.endswith("s") and not first.endswith(("ss", "is", "us")) \
        and first not in _NOT_VERBS


@cache
def _irregular_past() -> frozenset[str]:
    """Irregular past forms ("found", "drew", "shown") from WordNet 3.0 (``data/irregular_past.txt``)."""
    raw = pkgutil.get_data("kgsync.extract", "data/irregular_past.txt")
    if raw is None:
        raise FileNotFoundError("kgsync.extract's data/irregular_past.txt: the package's loader cannot read data "
                                "files; reinstall kgsync from a wheel or a checkout")
    return frozenset(line for line in raw.decode("utf-8").splitlines() if line and not line.startswith("#"))


#: Closed word classes (a grammar's, not this corpus's): determiners, possessives and quantifiers that
#: start a noun phrase (not "all" and "both": they float after a plural subject), and prepositions.
_DETERMINERS = frozenset("a an the this these those each every either neither another any some no such "
                         "my your his her its our their whose many much several few "
                         "one two three four five six seven eight nine ten twelve dozen".split())
_PREPOSITIONS = frozenset("about above across after against along among around as at before behind below beneath "
                          "beside between beyond by despite down during for from in inside into like near of off "
                          "on onto out outside over past per since through throughout to toward towards under "
                          "until up upon via with within without".split())
#: ... and what else is no verb: conjunctions, negation, pronouns.
_NOT_VERBS = _DETERMINERS | _PREPOSITIONS | frozenset(
    "and or but nor so yet because if than not it they them we us he him she me one nothing something anything "
    "everything is are was were be been being".split())
#: Adverbs with no -ly that stand between a subject and its verb ("the item also found", "work already showed").
_ADVERBS = frozenset("also already still then thus therefore further even only both all now often again yet "
                     "since once not never".split())


#: Brackets and parentheses: evidence labels, link lists, asides (none is what was found).
_ASIDE = re.compile(r"\[[^\[\]\n]{0,3000}\]|\([^()\n]{0,3000}\)")
#: A word, with its possessive ("the repository's"), or punctuation that ends a clause.
_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9'\u2019-]*|[,;:]")
#: The most words between the noun heading the description and "that": the report's verb, an
#: adverb, a short qualifier of the description ("work on technology capability models found").
_REACH = 6
#: Words that open, after a comma, a comment on the report rather than more of it ("…, which matters here").
_COMMENT = frozenset("which so while whereas".split())
#: Words that end the description's clause before a report: a relative clause, a clause break.
_REPORT_BREAK = frozenset(", ; : which who whom whose where when while whereas because since although".split())


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

#: What a report restates of the finding (``FindingIndex.reported``): as for a restatement, but its
#: weight must be more than this many times any other finding's.  A clause says fewer words than a sentence, and
#: no share of the claim is asked of it: "well above the runner-up", not merely above.
MIN_REPORTED_LEAD = 2.0
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
            for word in set(map(stem, finding.content())):
                holders.setdefault(word, []).append(index)
        self.holders = {word: tuple(at) for word, at in holders.items()}
        # ``map`` calls the cached ``stem`` from C: no Python step per word (here and for each citing sentence)
        self.claims = tuple(frozenset(map(stem, content_words(f.statement))) for f in self.findings)

    def restated(self, said: str) -> _F | None:
        """The finding ``said`` (``said_words``) restates, or None: the finding whose words it
        shares weigh most (``MIN_WEIGHT``), clearly more than any other's (``MIN_LEAD``), and
        whose claim it mostly repeats (``MIN_COVER``).  Reads only the sentence and this item's
        findings, so the link moves only when one of the two is edited."""
        words = set(map(stem, said.split()))
        index = self._leading(words)
        if index is None:
            return None
        claim = self.claims[index]
        return self.findings[index] if claim and len(claim & words) >= MIN_COVER * len(claim) else None

    def reported(self, said: str) -> _F | None:
        """The finding that what a sentence reports of this item (``reported_words``) restates, or
        None: the finding whose words it shares weigh most, at least ``MIN_WEIGHT`` and
        ``MIN_REPORTED_LEAD`` times any other finding's (a tie, or a near one, names none).  No share of the claim is asked
        (``MIN_COVER``): the report restates the finding in a clause, not a sentence of its own."""
        index = self._leading(set(map(stem, said.split())), MIN_REPORTED_LEAD)
        return None if index is None else self.findings[index]

    def _leading(self, words: set[str], lead: float = 0.0) -> int | None:
        """The position of the finding whose words ``words`` share weigh most, when that weight
        is at least ``MIN_WEIGHT`` and ``MIN_LEAD`` times any other finding's (with ``lead``: more than
        ``lead`` times); else None."""
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
        if best < MIN_WEIGHT or best < (lead or MIN_LEAD) * runner_up or (lead and best <= lead * runner_up + 1e-9):
            return None
        return -index


    def described(self, about: str) -> _F | None:
        """The finding a sentence that states agreement with the cited item describes
        (``described_stance``: "prior work that treats context engineering as iterative
        curation"): such prose paraphrases the finding's claim in fewer words than a restatement,
        so the finding is the one whose claim (its lead sentence) it covers most, at least
        ``MIN_DESCRIBED_COVER`` of it and ``MIN_DESCRIBED_LEAD`` times the share of any other
        finding's claim; otherwise None (which finding is meant is not said)."""
        words = set(map(stem, content_words(about)))
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
