"""Which finding of the citing item a numbered citation serves, by the sub-question it stands under.

An item's investigation is cut into sub-question blocks, each opened by a heading or a bold line standing alone
("#### Q3a-Q3c — Governance operating model", "**E1. Completeness-vs-focus tension**"), and each block gathers the
facts that answer its question.  A fact citing another item's finding by number ("… Source: `x.md` (Key Finding
9)") names the cited finding surely; which finding of this item uses it is said by the fact's own words when they
state one clearly.  When they do not, and nothing else in the item says it (an anchor, the one finding naming the
cited item: ``evidence_anchor``), the block's heading may: a heading whose words clearly state one finding of this
item (the trust bar every match clears, ``evidence_model.clears_trust_bar``: "Governance operating model" and the
finding "The governance operating model required for sustained platform health includes … an explicit CSDM owner")
names the question that finding answers, so the block's facts are its evidence.  A heading that states no finding
clearly ("E1. Completeness-vs-focus tension", "§2 Investigation") says nothing: the citation stays unlinked and
warned, as before.  Only a numbered citation is placed so: a restated or described one has its cited end inferred
from words too, and two inferences make no link (``evidence_anchor.guessed_user``).

Measured (273 items; no later item cites by number, so no time split): of the 16 numbered citations the build left
without a user, one heading clearly states a finding (``servicenow-platform-strategy…:199`` under "Governance
operating model": Key Finding 6, the finding a blind reader named for it); labels
``bench/labels/numbers138_engineer_unclear_users.tsv``, written before the rule.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from kgsync.extract.evidence_anchor import DESCRIBING, Deferred
from kgsync.extract.evidence_model import ClaimText, Mention, clears_trust_bar, plain_text
from kgsync.extract.evidence_source import words_said

#: A line that opens a sub-question block: a Markdown heading, or a bold line standing alone (an evidence label
#: after it allowed), as ``evidence_feeds`` cuts blocks; its text is the block's title.
_OPENS = re.compile(r"[ \t]{0,3}(?:#{1,6}[ \t]+(.{1,300})|\*\*([^*\n]{1,300})\*\*[ \t]{0,3}(?:\[[a-z]{1,12}\][ \t]{0,3})?$)")
#: A sub-question's label, no word of its title: "Q3a-Q3c", "E1.", "2.6", "§2.6", "A."
_LABEL = re.compile(r"^(?:[§]?[A-Za-z]?\d+[a-z]?(?:[.\-–][A-Za-z]?\d*[a-z]?)*|[A-Z])[.:)]?(?=\s|$)")


@dataclass(frozen=True)
class Headings:
    """An item's block-opening lines: their file lines (ascending) and their titles' content words."""

    lines: tuple[int, ...]
    words: tuple[frozenset[str], ...]

    @classmethod
    def of(cls, body: Sequence[str], first: int) -> Headings:
        """The block-opening lines of an item's body (``body``: its lines; ``first``: the file line of the first).
        A heading inside fenced code is read too: it may close a block early, never give a citation a title."""
        lines: list[int] = []
        words: list[frozenset[str]] = []
        for offset, text in enumerate(body):
            if (opens := _OPENS.match(text)) is not None:
                title = (opens.group(1) or opens.group(2) or "").strip()
                lines.append(first + offset)
                words.append(words_said(plain_text(_LABEL.sub("", title.strip("#* \t")))))
        return cls(tuple(lines), tuple(words))

    def title_at(self, line: int) -> str:
        """The content words (sorted, space-joined) of the title of the block holding file line ``line`` ("": before
        any block): what ``Mention.block`` keeps."""
        at = bisect.bisect_left(self.lines, line) - 1
        return " ".join(sorted(self.words[at])) if at >= 0 else ""


def in_blocks(found: Sequence[Mention], headings: Headings) -> list[Mention]:
    """``found`` with each numbered citation (not an author's marker) given its block's title (``Mention.block``)."""
    return [m.but(block=title) if _numbered(m) and (title := headings.title_at(m.line)) else m for m in found]


def block_user(block: str, claims: Sequence[ClaimText]) -> ClaimText | None:
    """The finding of this item a block's title (``block``: its content words, ``Mention.block``) clearly states
    (``clears_trust_bar``), or None."""
    title = frozenset(block.split())
    if not title:
        return None
    ranked = sorted(((len(title & claim.content()), claim.number) for claim in claims), key=lambda p: (-p[0], p[1]))
    if not ranked or not clears_trust_bar(ranked[0][0], ranked[1][0] if len(ranked) > 1 else 0):
        return None
    return next(claim for claim in claims if claim.number == ranked[0][1])


def headed(deferred: Sequence[Deferred], claims: Sequence[ClaimText]) -> list[Deferred]:
    """``deferred`` with each numbered citation whose user is unclear (``Deferred.unclear``; not a framing or
    reading-list line, a prose note, or an item named by description) given the finding its block's title clearly states (``Deferred.headed``),
    where there is one: ``evidence_anchor.others_settled`` links it from there when the item says nothing firmer."""
    return [replace(pending, headed=user) if _placeable(pending) and
            (user := block_user(pending.mention.block, claims)) is not None else pending
            for pending in deferred]


def _numbered(mention: Mention) -> bool:
    """A citation by finding number that is not an author's marker: the cited finding is named surely, so the block
    may say the citing one without a second inference (an author's marker says both ends itself)."""
    return mention.finding > 0 and not mention.exact


def _placeable(pending: Deferred) -> bool:
    """Whether the block's title may name the citing finding of ``pending``: a numbered citation (``_numbered``)
    whose user is unclear, and that is neither a prose note matched by words (``Deferred.clear`` set: it is kept
    unless the item says firmly elsewhere), an item named by description, nor a framing or reading-list line (it
    cites the item, uses no finding of it)."""
    mention = pending.mention
    return pending.clear is None and pending.unclear and _numbered(mention) and \
        mention.via != "description" and mention.shape not in DESCRIBING
