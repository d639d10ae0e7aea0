"""Finding numbers and descriptions: the numbers a reference cites ("Key Findings 1-8",
"KF 4 and 5") and the cited item a description names ("the parent taxonomy's Key Finding 5").

Part of the per-file scan (``kgsync.extract.references``); deterministic and linear in the text:
every quantifier next to another is bounded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence

from kgsync.extract.evidence_model import Mention, plain_text, shorten_sentence, words_key
from kgsync.read.items import KeyFinding

Findings = Sequence[tuple[KeyFinding, str]]  # each Key Findings entry with its words (``words_key``)

#: A finding number, or a list or range of them ("Key Findings 1-8", "Key Findings #1, #7",
#: "KF 4 and 5"): group 1 holds the numbers (``numbers``).
_NUMBERS = (r"(#?[ \t]{0,2}\d{1,3}(?:[ \t]{0,2}(?:[-–—,&]|to|and)"
            r"[ \t]{0,2}(?:and[ \t]{1,2})?#?[ \t]{0,2}\d{1,3}){0,12})\b")
#: r"\b(?:key[ \t]{1,3}findings?|KFs?)[ \t]{0,3}…" (case-insensitive), led by a first character class
#: outside the case flag (every character but the rest of ASCII: the Kelvin sign is a "k"), so the
#: regex engine skips ahead to a "k" instead of trying the pattern at every position; the
#: lookbehinds then ask of that letter and of the character before it (``\b``).  The same matches.
FINDING = re.compile(r"(?-i:[^\x00-\x4a\x4c-\x6a\x6c-\x7f])(?<!\w.)(?<=k)(?:ey[ \t]{1,3}findings?|Fs?)[ \t]{0,3}"
                     + _NUMBERS, re.I)
#: "Finding 9", "Findings 2 and 3" without "Key" (capitalised: "finding 0-days" is the verb): items
#: write it for their own findings mostly, so it is read only after another item is named
#: (``mentions.bare_findings``).
BARE_FINDING = re.compile(r"\bFindings?[ \t]{0,3}" + _NUMBERS)
_NUMBER = re.compile(r"\d{1,3}|[-–—]|to\b")
#: The most numbers a range expands to ("Key Findings 1-8" is eight citations).  A longer range
#: ("Key Findings 1-40") names no finding in particular: it cites none of them (the item→item
#: link says all there is), neither its ends.
MAX_RANGE = 20


#: Words of a description that say which kind of item, not which one ("the prior RAG item").
_GENERIC = frozenset("the a an this that our prior parent earlier previous cited companion adjacent sibling related "
                     "item items research study studies note report work completed s prerequisite predecessor "
                     "original underlying upstream source".split())
#: Words that make a description this item's own ("this item's Key Finding 3", "our research (KF2)").
_OWN = frozenset("this our own present current".split())
#: "the parent taxonomy's Key Finding 5", "the prior RAG item (KF10)": a description, then the number.
_DESCRIBED_BEFORE = re.compile(r"\bthe[ \t]{1,3}((?:[\w/-]{1,40}[ \t]{1,3}){0,4}?[\w/-]{1,40})(?:['’]s[ \t]{1,3}|"
                               r"[ \t]{1,3}\([ \t]{0,2})$", re.I)
#: The nouns that say a description names an item ("the CSDM research item", "the parent taxonomy"); also
#: read by ``evidence_anchor.naming_findings`` ("the prior indexing-and-tracking research").
ROLE_NOUN = r"(?:item|research|study|taxonomy|note|report|synthesis|analysis|investigation)"
#: "CSDM research item Key Findings 3 and 8", "Parent taxonomy Key Finding 5", "[Source: integrative
#: framework item, Key Finding 2.]", "prior research ios-shortcuts (Key Findings 1–2)": a description
#: ending in a role noun (or a role noun and a hyphenated name) right before the number, after the
#: start of the sentence, a cell, a clause or a label (or "the").
_DESCRIBED_ROLE = re.compile(r"(?:^|[|;:(\[,—–*]|\bthe\b)[ \t*]{0,4}((?:[\w/-]{1,40}[ \t]{1,3}){0,3}" + ROLE_NOUN +
                             r"(?:[ \t]{1,3}[a-z0-9]{1,40}(?:-[a-z0-9]{1,40}){1,8})?)(?:['’]s)?[ \t]{0,3}[,(]?[ \t]{0,3}$", re.I)
_DESCRIBED_AFTER = re.compile(r"[ \t]{1,3}(?:of|in|from)[ \t]{1,3}the[ \t]{1,3}((?:[\w/-]{1,40}[ \t]{1,3}){0,4}?"
                              + ROLE_NOUN + r")\b", re.I)
#: "The parent taxonomy's internal inconsistency — Key Finding 5 places …", "the inconsistency in the
#: parent taxonomy where Key Finding 5 placed …": a description ending in a role noun, parted from the
#: number by a few words of its own (its possessive's noun and a dash or colon) or by "where"/"in which".
_DESCRIBED_APART = re.compile(r"\bthe[ \t]{1,3}((?:[\w/-]{1,40}[ \t]{1,3}){0,3}?" + ROLE_NOUN +
                              r")(?:['’]s(?:[ \t]{1,3}[\w-]{1,40}){1,3}(?:[ \t]{0,3}[—–:]|[ \t]{1,3}-)|"
                              r"[ \t]{1,3}(?:where|in[ \t]{1,3}which))[ \t]{1,3}$", re.I)
#: "… (Key Finding 5 of this item)", "Key Finding 2 (ours)", "Key Finding 3 below": the number after a parted
#: description is this item's.
_THIS_AFTER = re.compile(r"[ \t]{0,3}[(,]?[ \t]{0,3}(?:(?:of|in|from)[ \t]{1,3})?(?:this|our|ours|here|below|above)\b", re.I)
#: "(context-mode Key Finding 6)": an item's undated name alone (a hyphenated lower-case word) right
#: before the number, after the start of the sentence, a cell, a clause, a label or a bracket.
_DESCRIBED_NAME = re.compile(r"(?:^|[|;:(\[,—–])[ \t*]{0,4}([a-z0-9]{1,40}(?:-[a-z0-9]{1,40}){1,8})(?:['’]s)?"
                             r"[ \t]{0,3}$")
#: Words of a description that are no word of any slug ("the prior item"): left out when one
#: description is compared with another of the same item (``_fuller``).
_ARTICLES = frozenset({"the", "a", "an", "s"})
#: A cue before a description is no word of it: "[inference, supported by prior research Key Finding 6]",
#: "per the prior item (KF2)", "see prior research Key Finding 3" describe "prior research", "the prior item".
_LEAD_CUE = re.compile(r"^(?:[a-z]{2,20}ed[ \t]{1,3}(?:by|in|on|from|with)|per|see|according[ \t]{1,3}to)[ \t]{1,3}")
#: How far before a finding number its description may start.
_WINDOW = 80


def described(sentence: str, line: int, own_slug: str, cites: Sequence[str], findings: Findings,
              named: Sequence[str] = (), before: Sequence[str] = (),
              elsewhere: Callable[[], Sequence[Fuller]] = tuple) -> list[Mention]:
    """A finding number tied to a description of another item ("the parent taxonomy's Key
    Finding 5", "the prior RAG item (KF10)", "CSDM research item Key Findings 3 and 8", "Key
    Finding 3 of the hosting research", "the parent taxonomy's internal inconsistency — Key Finding
    5", "(context-mode Key Finding 6)").  The description's words (less generic ones) must all be
    words of exactly one slug among the items this item lists in ``cites:`` and ``named`` (the
    items it names anywhere in its body); a generic description ("the prior item") names the one
    item ``cites:`` lists, else the one item the sentence before it on its line names
    (``before``), else the one item a fuller description of this item citing the same finding
    numbers names (``elsewhere``: every description of the item with its words, the item it names
    and the numbers it cites, ``fuller_forms``).  None fits, or several: no link.  A description
    with "this", "our", "own" is this item's.  The description carries no stance: such a citation
    is built on (``extends``)."""
    out: list[Mention] = []
    for match, words, apart in _descriptions(sentence):
        if _OWN.intersection(words) or (apart and _THIS_AFTER.match(sentence, match.end())):
            continue
        target = _fitting({w for w in words if w not in _GENERIC}, own_slug, cites, named, before)
        cited = numbers(match.group(1))
        if not target and not words - _GENERIC:
            target = _fuller(frozenset(words - _ARTICLES), frozenset(cited), elsewhere())
        if not target:
            continue
        text = plain_text(sentence)
        held = held_by(text, findings)
        for number in cited:
            out.append(Mention(target, number, "", None, shorten_sentence(text), line, held, via="description"))
    return out


#: A description that names an item by its own words: its words, that item, the finding numbers it cites.
Fuller = tuple[frozenset[str], str, frozenset[int]]


def fuller_forms(sentence: str, own_slug: str, cites: Sequence[str], named: Sequence[str]) -> list[Fuller]:
    """Each description of ``sentence`` that names an item by its own words (not only generic
    ones: "the completed RAG/compression prerequisite item (KF10)"), with its words, that item and
    the numbers it cites: what a generic description citing the same numbers elsewhere in the item
    ("the completed prerequisite item (KF10)") may name."""
    out = []
    for match, words, _apart in _descriptions(sentence):
        if _OWN.intersection(words) or not words - _GENERIC:
            continue
        target = _fitting(words - _GENERIC, own_slug, cites, named, ())
        if target:
            out.append((frozenset(words - _ARTICLES), target, frozenset(numbers(match.group(1)))))
    return out


def _descriptions(sentence: str) -> Iterator[tuple[re.Match[str], set[str], bool]]:
    """Each finding number of ``sentence`` that a description names: its match, the description's
    words, and whether the description is parted from it (``_DESCRIBED_APART``)."""
    for match in FINDING.finditer(sentence):
        start = max(0, match.start() - _WINDOW)
        # a window cut mid-sentence starts with a word character: its cut is no boundary
        window = ("x" if start else "") + sentence[start : match.start()]
        found = _DESCRIBED_BEFORE.search(window) or _DESCRIBED_ROLE.search(window) or \
            _DESCRIBED_AFTER.match(sentence, match.end()) or _DESCRIBED_NAME.search(window)
        apart = False
        if found is None:
            found, apart = _DESCRIBED_APART.search(window), True
        if found is not None:
            described_words = _LEAD_CUE.sub("", found.group(1).lower())
            yield match, set(re.findall(r"[a-z0-9]+", described_words)), apart


def _fuller(words: frozenset[str], cited: frozenset[int], elsewhere: Sequence[Fuller]) -> str:
    """The one item that every fuller description of this item holding all of ``words`` and citing
    all of ``cited`` names ("the completed prerequisite item (KF10)" after "the completed
    RAG/compression prerequisite item (KF10)": the same citation, repeated); "" when none does, or
    they name different items.  A generic description citing another number ("the prior research
    Key Finding 6" beside "the prior local-database research (Key Finding 2)") may name any item."""
    if not words or not cited:
        return ""
    # a citation by the item's name (no words) counts as its fullest form
    targets = {target for said, target, numbered in elsewhere if (words < said or not said) and cited <= numbered}
    return next(iter(targets)) if len(targets) == 1 else ""


def _fitting(words: set[str], own_slug: str, cites: Sequence[str], named: Sequence[str],
             before: Sequence[str]) -> str:
    """The one item a description's words fit (``described``), "" none or several."""
    if not words:
        for pool in (cites, before):
            others = list(dict.fromkeys(s for s in pool if s != own_slug))
            if others:
                return others[0] if len(others) == 1 else ""
        return ""
    fits = [slug for slug in dict.fromkeys((*cites, *named))
            if slug != own_slug and words <= set(slug.split("-"))]
    return fits[0] if len(fits) == 1 else ""


def numbers(written: str) -> list[int]:
    """The finding numbers a list or range names ("1-8", "#1, #7", "4 and 5"), in order."""
    out: list[int] = []
    pending_range = False
    for token in _NUMBER.findall(written):
        if not token[0].isdigit():
            pending_range = bool(out)
            continue
        number = int(token)
        if pending_range and out[-1] < number <= out[-1] + MAX_RANGE:
            out.extend(range(out[-1] + 1, number + 1))
        elif pending_range and number > out[-1] + MAX_RANGE:
            out.pop()  # a range too long to name findings: neither end is cited
        else:
            out.append(number)
        pending_range = False
    return [n for n in dict.fromkeys(out) if n > 0]


def held_by(text: str, findings: Findings) -> int:
    """The number of this item's finding whose text holds ``text`` (0: none)."""
    key = words_key(text)
    if len(key) < 20:
        return 0
    for finding, finding_key in findings:
        if key in finding_key:
            return finding.number
    return 0

