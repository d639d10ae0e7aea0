"""Which finding of the citing item a claim→claim link comes from (``evidence.plan``): the one holding
the sentence, else the finding that best matches what the item says there (``source_finding``,
``best_match``, ``tied_with``), if it may build on the cited finding (``builds_on``,
``shares_most_with``), and the links an item keeps when several of its findings cite the same one
(``most_specific``).  ``words_said``: what a sentence says, less the references it makes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_model import (MIN_SOURCE_WORDS, ClaimText, Mention, clears_trust_bar,
                                           content_words)
from kgsync.extract.reference_spans import references
from kgsync.extract.restated import FindingIndex


def words_said(text: str) -> frozenset[str]:
    """The content words of what a sentence says, less the references it makes: the path or
    link that names an item says nothing about its subject ("`lancedb-index-rebuild-from-git.md`"
    nothing about LanceDB, "https://github.com/…/completed/x.md" nothing about GitHub), but the
    sentence's own words do, even where they repeat the item's name."""
    return content_words(_unreferenced(text))


def _unreferenced(text: str) -> str:
    """``text`` without the whitespace-delimited tokens that hold a reference."""
    parts, last = [], 0
    for position, written in references(text, keep_text=True):
        start = max(text.rfind(" ", 0, position) + 1, last)
        end = text.find(" ", position + len(written))
        parts.append(text[last:start])
        last = len(text) if end < 0 else max(last, end)
    parts.append(text[last:])
    return " ".join(parts)


def said_there(mention: Mention, restated: bool = False) -> frozenset[str]:
    """What the item says where ``mention`` stands, as the referencing finding is matched on it: an Evidence
    Map row's claim cell, else the sentence and the one before it on its line ("X. Source: `y.md` Key Finding
    3."), less the references; ``restated``: the words a restatement says (``Mention.said``)."""
    return frozenset(mention.said.split()) if restated else \
        words_said(mention.row_claim or f"{mention.context} {mention.sentence}")


def source_finding(mention: Mention, target: ClaimText, claims: Sequence[ClaimText],
                   trust: bool = False, restated: bool = False) -> ClaimText | None:
    """The referencing finding: the one holding the sentence, else the one sharing the most
    content words with what this item says there, ties broken by the words it shares with the
    referenced finding, then list order.  None when no finding shares ``MIN_SOURCE_WORDS``
    with what is said: the item→item link says all there is.  For a trust statement
    (``trust``: supports, contradicts) a best match counts only when it is clear: at least
    ``MIN_SHARED`` words and ``MIN_TRUST_LEAD`` more than any other finding (a wrong
    "confirms" is worse than none).

    What the item says there: an Evidence Map row's claim cell, else the sentence and the one
    before it on its line ("X. Source: `y.md` Key Finding 3."); matched against each finding's
    whole text (``ClaimText.words``), whose detail such prose restates more often than the
    claim's lead sentence (measured: docs/EVIDENCE.md)."""
    if mention.held_by:
        return next((c for c in claims if c.number == mention.held_by), None)
    found, clear = best_match(mention, target, claims, restated)
    return found if clear or not trust else None


def best_match(mention: Mention, target: ClaimText, claims: Sequence[ClaimText],
               restated: bool = False) -> tuple[ClaimText | None, bool]:
    """``source_finding``'s best match for what is said, and whether it clears the trust bar
    (``MIN_SHARED`` words, ``MIN_TRUST_LEAD`` more than any other finding)."""
    said = said_there(mention, restated)
    referenced = content_words(target.statement)
    best: tuple[int, int, int] | None = None
    found: ClaimText | None = None
    runner_up = 0  # the most words any finding but the best shares with what is said
    for claim in claims:
        words = claim.content()
        shared = len(said & words)
        rank = (-shared, -len(referenced & words), claim.number)
        if shared >= MIN_SOURCE_WORDS and (best is None or rank < best):
            if best is not None:
                runner_up = max(runner_up, -best[0])
            best, found = rank, claim
        else:
            runner_up = max(runner_up, shared)
    return found, best is not None and clears_trust_bar(-best[0], runner_up)


def tied_with(mention: Mention, target: ClaimText, claims: Sequence[ClaimText], source: ClaimText,
              restated: bool = False) -> tuple[int, ...]:
    """The other findings of this item that match what is said exactly as well as ``source``, by both
    of ``best_match``'s measures (the words shared with what is said, then with the cited finding's
    claim): if any, only list order picked ``source``."""
    said = said_there(mention, restated)
    referenced = content_words(target.statement)

    def rank(claim: ClaimText) -> tuple[int, int]:
        return len(said & claim.content()), len(referenced & claim.content())
    return tuple(c.number for c in claims if c.number != source.number and rank(c) == rank(source))


def leads_alone(source: ClaimText, claims: Sequence[ClaimText], said: frozenset[str]) -> bool:
    """Whether ``source``, the best match for what is said (``said``) below the trust bar, still matches it
    better than every other finding of this item once each word said weighs 1 / the number of this item's
    findings whose text uses it.  A word many findings use is what the whole item is about ("Slack" in a
    Slack bot item, "context" in a context item): shared with what a section-level sentence says, it tells
    nothing of which finding draws on the citation there, and a best match by such words is a keyword's
    guess.  Exact fractions: a tie is a tie on every machine."""
    weights = weighed(claims, said)
    mine = weights[source.number]
    return mine > 0 and all(weight < mine for number, weight in weights.items() if number != source.number)


#: What is said names another finding of the cited item than its number only when that finding's weighted
#: match (``weighed``) is at least this (three words only it uses, say) ...
MIN_OTHER_WEIGHT = 3
#: ... and this many times every other finding's, the numbered one's too
OTHER_LEAD = 2


def says_another(claims: Sequence[ClaimText], cited: Collection[int], said: frozenset[str]) -> int:
    """The finding of the cited item (``claims``) that what a numbered citation's sentence says (``said``)
    matches far better than every other, when the sentence cites it by none of its numbers (``cited``): the
    number may name the wrong finding ("KF16" for a sentence on extractive summaries, the cited item's KF16
    being on sleep-time compute).  0: none.  A warning, and no claim link when the sentence says nothing of the
    numbered finding (``says_nothing_of``): else the number is what the author wrote, and the words of a finding
    the item does not name are weaker evidence than a number it does."""
    weights = weighed(claims, said)
    best = max(weights, key=lambda number: weights[number], default=0)
    if best in cited or weights.get(best, 0) < MIN_OTHER_WEIGHT or \
            any(OTHER_LEAD * weight > weights[best] for number, weight in weights.items() if number != best):
        return 0
    return best


#: A numbered citation that ``says_another`` finding links neither finding when what is said shares less than this
#: with the numbered finding: not one word that finding alone uses
MAX_UNSAID_WEIGHT = 1


def says_nothing_of(claims: Sequence[ClaimText], number: int, said: frozenset[str]) -> bool:
    """Whether what a numbered citation's sentence says (``said``) shares less than one word's worth with the
    finding its number names (``weighed``: no word that finding alone uses, only words most of the cited item's
    findings share).  With ``says_another`` naming another finding, the number and the words name two findings
    ("The wiki renders natively on the web and in the app's Wiki tab. Source: Key Finding #1." of an item whose
    Key Finding 1 is "the wiki is a separate git repository" and Key Finding 4 its rendered special pages): two
    blind readers took the words, a third the number and the item's other statements, so the item does not
    decide, and nothing is linked (warned).  A sentence that says something of both keeps the author's number (and
    is warned)."""
    return weighed(claims, said).get(number, Fraction(0)) < MAX_UNSAID_WEIGHT


def weighed(claims: Sequence[ClaimText], said: frozenset[str]) -> dict[int, Fraction]:
    """Each finding's number -> how well it matches what is said (``said``), each word said that its text
    uses weighing 1 / the number of these findings whose text uses it (``leads_alone``): a word only one
    finding uses counts whole, one every finding uses next to nothing.  Exact fractions."""
    users = Counter(word for claim in claims for word in claim.content() & said)
    return {claim.number: sum((Fraction(1, users[word]) for word in claim.content() & said), Fraction(0))
            for claim in claims}


#: Content words a best-matching referencing finding must share with the finding it cites (their
#: whole texts): a finding that builds on another shares what the two are about; one word is chance.
MIN_RELATED_WORDS = 2


def builds_on(source: ClaimText, cited: ClaimText, cited_item: FindingIndex[ClaimText],
              cited_here: Collection[int]) -> bool:
    """Whether ``source``, the best match for what a sentence says (not the finding holding it),
    may be the finding that builds on ``cited``: it shares ``MIN_RELATED_WORDS`` content words
    with it, and its claim restates no finding of the cited item that the sentence does not cite
    (``FindingIndex.restated``): such a finding draws on that one, and the sentence's citation
    belongs to another finding of this item, or to none (a section's reference is not attached
    to a finding about something else).  Otherwise the item→item ``extends`` says all there is."""
    if len(source.content() & cited.content()) < MIN_RELATED_WORDS:
        return False
    restates = cited_item.restated(" ".join(sorted(content_words(source.statement))))
    return restates is None or restates.number in cited_here


def shares_most_with(source: ClaimText, cited: ClaimText, named: Sequence[ClaimText]) -> bool:
    """Whether a best-matching ``source`` may build on ``cited`` when its sentence names several
    findings of that item (``named``: "Source: `x.md` (Key Findings 1-8)"): one finding of this
    item rarely draws on all of them, and the others are drawn on by other findings, or by none.
    It builds on those it shares the most content words with: at least half as many as with the
    one it shares most with (``MIN_SHARE_OF_BEST``).  One finding named: no limit."""
    if len(named) < 2:
        return True
    most = max(len(source.content() & other.content()) for other in named)
    return len(source.content() & cited.content()) * MIN_SHARE_OF_BEST[1] >= most * MIN_SHARE_OF_BEST[0]


#: (numerator, denominator): the least share of ``shares_most_with``'s best that a cited finding
#: a best match builds on must reach (integers: the same answer on every machine).
MIN_SHARE_OF_BEST = (1, 2)


def most_specific(basis: Mapping[tuple[int, RelationType, str, int], tuple[int, int]],
                  stated: Collection[tuple[int, RelationType, str, int]] = ()) -> list[tuple[int, RelationType, str, int]]:
    """The links an item keeps: an ``extends`` from a best match (not the finding stating the
    sentence) is dropped when another finding of this item builds on the same cited finding by a
    more specific citation (its own text, or a sentence naming fewer findings of that item): the
    item uses the cited finding there, and a broad citation ("Key Findings 1-8", a source note)
    does not say this finding draws on it too.  ``stated``: the links an Evidence Map row states (its
    claim cell names or clearly states the finding): the row is the item's own list of that finding's
    sources, no broad citation, so another finding's narrower citation of one of them does not drop it."""
    kept = []
    for key, (names, _) in basis.items():
        source, relation, target, _line = key
        if relation is RelationType.EXTENDS and names and key not in stated and any(
                other[2] == target and other[0] != source and other_names < names
                for other, (other_names, _) in basis.items()):
            continue
        kept.append(key)
    return kept
