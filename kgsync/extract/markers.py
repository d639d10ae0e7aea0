"""The author's precise form of a stance: an inline marker, read exactly.

    [supports: <slug> KF5]              this finding agrees with <slug>'s Key Finding 5
    [contradicts: <slug> KF2, KF3]      … disputes its Key Findings 2 and 3
    [extends: <slug> KF1 from KF4]      this item's Key Finding 4 builds on <slug>'s Key Finding 1

Inside a Key Findings entry the referencing finding is that entry; elsewhere ``from KF<n>``
names it.  ``<slug>`` is an item's slug, its file name or path (``….md``).
"""

from __future__ import annotations

import re

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_model import Mention, plain_text, shorten_sentence
from kgsync.read.items import AUTHOR_MARKER, normalise_slug

_TARGET = re.compile(r"[`'\"]?([A-Za-z0-9._/-]{1,300}?)(?:\.md)?[`'\"]?(?=[ \t,;]|$)")
_NUMBERS = re.compile(r"\b(?:KF|key[ \t]{1,3}findings?)[ \t]{0,2}#?(\d{1,3})|(?<=[,&])[ \t]{0,2}#?(\d{1,3})\b|"
                      r"\band[ \t]{1,3}#?(\d{1,3})\b", re.I)
_FROM = re.compile(r"\bfrom[ \t]{1,3}(?:KF|key[ \t]{1,3}finding)[ \t]{0,2}#?(\d{1,3})\b", re.I)


def author_marks(line: str, at: int, own_slug: str, held_by: int) -> list[Mention]:
    """One exact mention per finding each marker on ``line`` names (``held_by``: this item's
    finding holding the line, 0 none).  A marker without a finding number is kept with
    finding 0: the plan reports it."""
    out: list[Mention] = []
    if "[" not in line:
        return out
    sentence = shorten_sentence(plain_text(without_marks(line))) or shorten_sentence(line.strip())
    for marker in AUTHOR_MARKER.finditer(line):
        relation = RelationType(marker.group(1).lower())
        body = marker.group(2).strip()
        source = _FROM.search(body)
        if source:
            body = body[: source.start()] + body[source.end() :]
        target = _TARGET.match(body)
        if target is None:
            continue
        slug = normalise_slug(target.group(1).rsplit("/", 1)[-1])
        if slug == own_slug:
            continue
        numbers = [int(next(g for g in m.groups() if g)) for m in _NUMBERS.finditer(body[target.end() :])]
        held = int(source.group(1)) if source else held_by
        for number in dict.fromkeys(numbers or [0]):
            out.append(Mention(slug, number, "", relation, sentence, at, held, exact=True))
    return out


def without_marks(line: str) -> str:
    """``line`` with its markers blanked (the prose around them is read as prose)."""
    return AUTHOR_MARKER.sub(" ", line) if "[" in line else line
