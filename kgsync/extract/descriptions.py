"""Finding numbers and descriptions: the numbers a reference cites ("Key Findings 1-8",
"KF 4 and 5") and the cited item a description names ("the parent taxonomy's Key Finding 5").

Part of the per-file scan (``kgsync.extract.references``); deterministic and linear in the text:
every quantifier next to another is bounded.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgsync.extract.evidence_model import Mention, plain_text, shorten_sentence, words_key
from kgsync.read.items import KeyFinding

Findings = Sequence[tuple[KeyFinding, str]]  # each Key Findings entry with its words (``words_key``)

#: A finding number, or a list or range of them ("Key Findings 1-8", "Key Findings #1, #7",
#: "KF 4 and 5"): group 1 holds the numbers (``numbers``).
FINDING = re.compile(r"\b(?:key[ \t]{1,3}findings?|KFs?)[ \t]{0,3}(#?[ \t]{0,2}\d{1,3}(?:[ \t]{0,2}(?:[-–—,&]|to|and)"
                      r"[ \t]{0,2}(?:and[ \t]{1,2})?#?[ \t]{0,2}\d{1,3}){0,12})\b", re.I)
_NUMBER = re.compile(r"\d{1,3}|[-–—]|to\b")
#: The most numbers a range expands to ("Key Findings 1-8" is eight citations).
MAX_RANGE = 20


#: Words of a description that say which kind of item, not which one ("the prior RAG item").
_GENERIC = frozenset("the a an this that our prior parent earlier previous cited companion adjacent sibling related "
                     "item items research study studies note report work completed s".split())
#: "the parent taxonomy's Key Finding 5", "the prior RAG item (KF10)": a description, then the number.
_DESCRIBED_BEFORE = re.compile(r"\bthe[ \t]{1,3}((?:[\w-]{1,40}[ \t]{1,3}){0,4}?[\w-]{1,40})(?:['’]s[ \t]{1,3}|"
                               r"[ \t]{1,3}\([ \t]{0,2})$", re.I)
_DESCRIBED_AFTER = re.compile(r"[ \t]{1,3}(?:of|in|from)[ \t]{1,3}the[ \t]{1,3}((?:[\w-]{1,40}[ \t]{1,3}){0,4}?"
                              r"(?:item|research|study|taxonomy|note|report|synthesis|analysis))\b", re.I)


def described(sentence: str, line: int, own_slug: str, cites: Sequence[str], findings: Findings) -> list[Mention]:
    """A finding number tied to a description of an item this item lists in ``cites:``
    ("the parent taxonomy's Key Finding 5", "the prior RAG item (KF10)", "Key Finding 3 of the
    hosting research"): linked when the description's words name exactly one cited item (all
    in its slug), or, a generic description ("the prior item"), when it cites one item.  The
    description carries no stance: such a citation is built on (``extends``)."""
    out: list[Mention] = []
    cited = [c for c in cites if c != own_slug]
    for match in FINDING.finditer(sentence):
        window = sentence[max(0, match.start() - 80) : match.start()]
        found = _DESCRIBED_BEFORE.search(window) or _DESCRIBED_AFTER.match(sentence, match.end())
        if found is None:
            continue
        words = {w for w in re.findall(r"[a-z0-9]+", found.group(1).lower()) if w not in _GENERIC}
        matching = [slug for slug in cited if words <= set(slug.split("-"))] if words else \
            (cited if len(cited) == 1 else [])
        if len(matching) != 1:
            continue
        text = plain_text(sentence)
        held = held_by(text, findings)
        for number in numbers(match.group(1)):
            out.append(Mention(matching[0], number, "", None, shorten_sentence(text), line, held, via="description"))
    return out


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

