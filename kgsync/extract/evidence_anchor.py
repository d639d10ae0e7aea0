"""Deferred citations: which finding of the citing item a citation belongs to when its sentence does not
say, decided once the item's sure links are known.

``evidence.plan`` reads an item's citations in text order.  Some name the cited finding surely but not the
finding of this item that uses it: a reading-list line or a framing sentence (they describe what was read),
a best match below the trust bar or one that does not build on the cited finding, a prose note's match, a
source attribution matched only by keywords, an item named by description.  Such a citation is deferred
(``Deferred``) and decided here after the whole item is read, because the answer is in the item's other
sentences: the finding whose link to the same cited finding the item says elsewhere (``anchored``) is where
it belongs, as that link; else the one finding whose own entry names the cited item as a whole
(``naming_findings``).  A module apart because this second pass reads only the deferred records and the
anchors the first pass gathered, never the mentions: ``plan`` keeps the reading flow, this module keeps
what settles what that flow left open (a link to add, or the warning that says which marker to write).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from kgsync.contract.model import RelationType, claim_name
from kgsync.extract.descriptions import ROLE_NOUN
from kgsync.extract.evidence_hints import describing_hint, guessed_source_hint, unclear_source_hint
from kgsync.extract.evidence_model import ClaimText, Mention, PlannedLink
from kgsync.extract.evidence_source import words_said
from kgsync.extract.reference_spans import DATED  # a dated slug's start: its undated name follows
from kgsync.read.items import Issue, ResearchItem

#: Sentence shapes that describe another item (a framing section's sentence, a reading-list
#: line): they say what was read, not which finding of this item uses it (``anchored``).
DESCRIBING = frozenset({"framing", "reading"})

#: Cited claim -> this item's findings whose link to it is said, and how (``anchored``).
Anchors = Mapping[str, Sequence[tuple[ClaimText, RelationType]]]
#: Cited item -> this item's findings whose own entry names it as a whole, citing none of its findings
#: (``naming_findings``).
Naming = Mapping[str, Sequence[ClaimText]]

#: "the prior indexing-and-tracking research": an item's undated name, or its start up to a hyphen, written as
#: a hyphenated name right before a role noun (``naming_findings``).
_NAME_BEFORE_ROLE = re.compile(r"(?<![\w-])([a-z0-9]{1,40}(?:-[a-z0-9]{1,40}){1,8})[ \t]{1,3}" + ROLE_NOUN + r"\b")
#: A dated slug anywhere in a finding's text: a path, a link, a URL's page ("…/2026-04-26-x-y.html").
_DATED = re.compile(r"(?<![\w-])\d{4}-\d{2}-\d{2}-[a-z0-9]{1,40}(?:-[a-z0-9]{1,40}){0,20}")


@dataclass(frozen=True)
class Deferred:
    """A citation whose referencing finding the sentence does not say: a best match below the
    trust bar, none that builds on the cited finding, or a sentence that describes the item."""

    mention: Mention
    slug: str
    claim: ClaimText  # the cited finding
    source: ClaimText | None  # the best match (None: no finding shares a word)
    unclear: bool  # the best match does not build on the cited finding (``builds_on``)
    restated: bool  # the cited finding was named by restatement (``link_kind``)
    #: a prose note matched to a finding (whether clearly): kept unless the item says firmly elsewhere
    #: which finding uses the cited one; None: any other citation
    clear: bool | None = None
    guess: tuple[int, ...] = ()  # the other findings that match as well as ``source`` (``tied_with``)
    keyword: bool = False  # a source attribution whose best match leads by no word of its own (``leads_alone``)
    #: a sourced fact's: True, the inference after it clearly feeds ``source`` too; False, that inference feeds
    #: another finding, or none clearly (``evidence_feeds``); None: no such fact
    fed: bool | None = None
    #: the finding the title of the sub-question block holding a numbered citation clearly states, when its user is
    #: otherwise unclear (``evidence_blocks.headed``): linked from there when the item says nothing firmer
    headed: ClaimText | None = None


@dataclass(frozen=True)
class Placed:
    """A deferred citation's link: from ``source`` as ``relation``; ``anchor``: as the link the item says
    elsewhere (``anchored``), else from its own match, ``clear`` when that match clears the trust bar."""

    pending: Deferred
    source: ClaimText
    relation: RelationType
    anchor: bool
    clear: bool
    named: bool = False  # from the one finding whose entry names the cited item (``named_user``)
    headed: bool = False  # from the finding its block's title states (``Deferred.headed``)


@dataclass(frozen=True)
class Settled:
    """What deciding deferred citations yields, each in the order of the citations: links and warnings."""

    links: tuple[Placed, ...]
    issues: tuple[Issue, ...]


def guessed_user(mention: Mention, clear: bool) -> bool:
    """A citation of an item named by description ("the CSDM research item Key Finding 2") whose
    referencing finding is only a best match below the trust bar: which item is inferred from the
    description, which finding uses it from shared words; two guesses make no link (a warning),
    unless the item says elsewhere which finding uses the cited one (``anchored``): then the
    sentence is evidence for that link, even when the best match is that finding."""
    return mention.via == "description" and not mention.held_by and not clear


def notes_settled(item: ResearchItem, deferred: Iterable[Deferred], claims: Sequence[ClaimText],
                  firm: Anchors, naming: Naming) -> Settled:
    """The prose notes (``Deferred.clear`` set): a note citing a finding whose user the item names firmly
    elsewhere (``firm``: its Key Findings entry, a marker, an Evidence Map row) belongs to that one; else
    to its match, as before (an anchor for the rest when it is clear), warned where only list order picked
    it; a description's guess with no such finding belongs to the one finding naming the cited item
    (``named_user``), else is warned, not linked."""
    links: list[Placed] = []
    issues: list[Issue] = []
    for pending in (p for p in deferred if p.clear is not None):
        anchor = anchored(pending, claims, firm)
        if anchor is not None and (anchor[0] != pending.source or guessed_user(pending.mention, bool(pending.clear))):
            links.append(Placed(pending, anchor[0], anchor[1], anchor=True, clear=True))
        elif guessed_user(pending.mention, bool(pending.clear)):
            if (user := named_user(pending, naming)) is not None:
                links.append(Placed(pending, user, RelationType.EXTENDS, anchor=True, clear=True, named=True))
            else:
                issues.append(unclear_source_hint(item, pending.mention, pending.slug, pending.claim.number))
        elif pending.source is not None:
            links.append(Placed(pending, pending.source, RelationType.EXTENDS, anchor=False, clear=bool(pending.clear)))
            if pending.guess:
                issues.append(guessed_source_hint(item, pending.mention, pending.slug, pending.claim.number,
                                                  (pending.source.number, *pending.guess)))
    return Settled(tuple(links), tuple(issues))


def others_settled(item: ResearchItem, deferred: Iterable[Deferred], claims: Sequence[ClaimText],
                   anchors: Anchors, elsewhere: Anchors, naming: Naming) -> Settled:
    """Every other deferred citation: the link the item says elsewhere (``anchors``), the sentence being
    its evidence; a keyword-matched source attribution, the one finding another sentence links the same
    cited finding from (``elsewhere``: ``linked_from``, ``stated_elsewhere``); else, for a cited finding the
    sentence names surely (by number or quote), the one finding whose entry names the cited item
    (``naming``: ``named_user``); else, for a numbered one, the finding its block's title states
    (``Deferred.headed``); else a warning (a sentence that describes the item, an unclear or guessed
    source), or its best match as a prose link."""
    links: list[Placed] = []
    issues: list[Issue] = []
    for pending in (p for p in deferred if p.clear is None):
        anchor = anchored(pending, claims, anchors) or \
            (stated_elsewhere(pending, elsewhere) if pending.keyword else None)
        if anchor is not None:  # the sentence restates that link: recorded as its evidence
            links.append(Placed(pending, anchor[0], anchor[1], anchor=True, clear=True))
        elif (user := named_user(pending, naming)) is not None:  # the finding that says it uses the item
            links.append(Placed(pending, user, RelationType.EXTENDS, anchor=True, clear=True, named=True))
        elif pending.mention.shape in DESCRIBING:
            issues.append(describing_hint(item, pending.mention, pending.slug, pending.claim.number))
        elif pending.headed is not None:  # the question its block answers is that finding's
            links.append(Placed(pending, pending.headed, RelationType.EXTENDS, anchor=False, clear=True, headed=True))
        elif pending.unclear or guessed_user(pending.mention, False):
            issues.append(unclear_source_hint(item, pending.mention, pending.slug, pending.claim.number, pending.restated,
                                              pending.keyword, pending.fed is False))
        elif pending.source is not None:
            links.append(Placed(pending, pending.source, RelationType.EXTENDS, anchor=False, clear=False))
    return Settled(tuple(links), tuple(issues))


def anchored(pending: Deferred, claims: Sequence[ClaimText], anchors: Anchors) \
        -> tuple[ClaimText, RelationType] | None:
    """Where a citation whose referencing finding is not said belongs: to the finding of this item
    whose link to the same cited finding the item says elsewhere (its Key Findings entry holds the
    sentence, an author's marker, a Notes cell, a clear match), as that link (the sentence restates
    it; no second relation is written between two claims).  Of several, the one sharing the most
    content words with what is said here (then list order).  None: the item says no such link."""
    found = anchors.get(claim_name(pending.slug, pending.claim.key))
    if not found:
        return None
    mention = pending.mention
    said = words_said(mention.row_claim or f"{mention.context} {mention.sentence}")
    order = {c.number: i for i, c in enumerate(claims)}
    return min(found, key=lambda a: (-len(said & a[0].content()), order.get(a[0].number, 0), a[1].value))


def linked_from(links: Iterable[PlannedLink], claims: Sequence[ClaimText]) \
        -> dict[str, list[tuple[ClaimText, RelationType]]]:
    """Cited claim -> the findings of this item (and relations) its links to that claim come from."""
    by_number = {c.number: c for c in claims}
    out: dict[str, list[tuple[ClaimText, RelationType]]] = {}
    for link in links:
        sources = out.setdefault(link.target_claim, [])
        if (source := (by_number[link.source_number], link.relation)) not in sources:
            sources.append(source)
    return out


def stated_elsewhere(pending: Deferred, elsewhere: Anchors) -> tuple[ClaimText, RelationType] | None:
    """Where a source attribution matched only by keywords (``Deferred.keyword``) belongs: to the one
    finding of this item that another of its sentences links the same cited finding from ("the offline /
    online split is drawn directly from `y.md` Key Finding 11", matched to its RAPTOR finding), as that
    link: the attribution names where a fact came from, the item's own prose says which finding uses it.
    None when no sentence links it, or several findings do (which one is not said)."""
    found = elsewhere.get(claim_name(pending.slug, pending.claim.key), ())
    return found[0] if len(found) == 1 else None


def named_user(pending: Deferred, naming: Naming) -> ClaimText | None:
    """Where a citation whose cited finding is named (its number, its quoted words, or the words a report or a
    restatement says of it) belongs when the item says no link to that finding: to the one finding of this item
    whose own Key Findings entry names the cited item as a whole ("the prior indexing-and-tracking research
    deferred vector search at ~50 items", an evidence label giving the item's page as a source), which says it
    uses that item; the citation says which finding of it.  Built on, no stance (``extends``).  None when no
    finding or several name the item (which one uses it is not said)."""
    found = naming.get(pending.slug, ())
    return found[0] if len(found) == 1 else None


def naming_findings(item: ResearchItem, mentions: Iterable[Mention], resolve: Callable[[str], str | None],
                    claims: Sequence[ClaimText]) -> dict[str, tuple[ClaimText, ...]]:
    """Cited item -> this item's findings whose own entry names it as a whole (``Naming``): its dated slug
    (a path, a link, a URL, an evidence label's source), or its undated name (or that name's start up to a
    hyphen, naming no other item this item names) written right before a role noun ("the prior
    indexing-and-tracking research").  The entry's text is read, not its mentions: an evidence label's source
    is no sentence of the finding's.  A finding whose entry cites one of the item's findings by number draws on
    that one: not counted."""
    by_line = {finding.line: finding.number for finding in item.key_findings}
    numbered: set[tuple[str, int]] = set()
    for mention in mentions:
        slug = resolve(mention.target)
        if slug is None or slug == item.slug:
            continue
        if mention.finding and not mention.exact and (number := mention.held_by or by_line.get(mention.line, 0)):
            numbered.add((slug, number))
    named = entries_naming(item, mentions, resolve)
    by_number = {claim.number: claim for claim in claims}
    return {slug: found for slug, numbers in sorted(named.items())
            if (found := tuple(by_number[n] for n in sorted(numbers) if n in by_number and (slug, n) not in numbered))}


def entries_naming(item: ResearchItem, mentions: Iterable[Mention],
                   resolve: Callable[[str], str | None]) -> dict[str, set[int]]:
    """Cited item -> the numbers of this item's findings whose own entry names it (``naming_findings``, before
    it leaves out the findings that cite one of its findings by number): its dated slug anywhere in the entry,
    or its undated name (or that name's start up to a hyphen, fitting one item this item names) right before a
    role noun."""
    candidates = set(item.cites)
    for mention in mentions:
        slug = resolve(mention.target)
        if slug is not None and slug != item.slug:
            candidates.add(slug)
    undated = {slug[len(date.group()):]: slug for slug in candidates if (date := DATED.match(slug))}
    named: dict[str, set[int]] = {}
    for finding in item.key_findings:
        for dated in dated_names(finding.text):
            if (slug := resolve(dated)) is not None and slug != item.slug:
                named.setdefault(slug, set()).add(finding.number)
        for match in _NAME_BEFORE_ROLE.finditer(finding.text):
            name = match.group(1)
            fits = {slug for rest, slug in undated.items() if rest == name or rest.startswith(f"{name}-")}
            if len(fits) == 1:
                named.setdefault(fits.pop(), set()).add(finding.number)
    return named


def dated_names(text: str) -> list[str]:
    """The dated slugs ``text`` writes anywhere (a path, a link, a URL's page), as written: items or not."""
    return _DATED.findall(text)
