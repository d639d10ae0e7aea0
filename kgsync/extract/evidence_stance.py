"""Which prose stances are written as ``supports`` / ``contradicts``: those the sentence states in its own clause.

Prose read as this finding's stance is linked as ``extends`` (docs/EVIDENCE.md, "Stance"): the words rarely say
whether the finding agrees on its own evidence or is derived from the one it cites.  One shape does say it: a
clause whose subject is this item's side and whose object is the cited finding ("This confirms the finding from
X", ``stance.own_clause``: ``Mention.own``).  Such a link is written with its stance when nothing else the item
or the corpus says undercuts it:

- no other sentence of the item links the same two findings (an Evidence Map row naming the cited finding as a
  source, a source label, a marker, a plain citation): a finding that names the cited one among its sources is
  derived from it, and builds on it; an author's marker elsewhere states the relation itself;
- no item gives the two claims the opposite stance (either way round): prose never makes the conflict that would
  fail an item's build (``pipeline.checking``), the stance an author stated wins;
- the finding does not take the cited item as its source (``taken_as_source``): its own Key Finding text, or an
  Evidence Map row stating it, names the cited item among its sources.  A reader's criterion: ``supports`` when
  the citing finding rests on its own evidence (its own sources row / evidence does not take the prior item as
  its source) and the text says the two agree; a finding built on, derived from or applied from the cited one
  is ``extends``.

The agreement itself is read two ways (``mentions``): a cue whose subject is this item and whose object is the
cited finding (``stance.own_clause``), or a predicate of agreement in one clause whose two sides are this item's
conclusion and the earlier work the sentence's source attribution names, the earlier work as subject too
("Prior repository work … strengthens the same conclusion", ``described_stance``).

``evidence.plan`` calls ``own_stances`` per item, then, once every item's links are planned, ``unopposed``
over the corpus and ``sentence_hints`` for each sentence whose prose reads as a stance (which hint it gets
depends on whether its link kept the stance).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from kgsync.contract.model import RelationType, claim_name
from kgsync.extract.evidence_hints import own_stance_hint, prose_stance_hint
from kgsync.extract.evidence_model import ClaimText, EvidenceText, Mention, PlannedLink, content_words
from kgsync.extract.stance import classify
from kgsync.read.items import Issue, ResearchItem

#: (referencing finding's number, cited claim's name, line) -> the stance its sentence states in its own clause
OwnSaid = Mapping[tuple[int, str, int], RelationType]


def own_stances(links: Sequence[PlannedLink], said: OwnSaid,
                sources: frozenset[tuple[int, str]] = frozenset()) -> list[PlannedLink]:
    """An item's planned links, each one ``said`` (linked as ``extends`` from a sentence stating its stance in
    its own clause) written with that stance when every link the item makes between the same two findings is
    such a sentence stating the same stance, and the finding does not take the cited item as its source
    (``sources``: (finding number, cited item), ``taken_as_source``; module docstring)."""
    if not said:
        return list(links)
    # a said stance whose finding takes the cited item as its source is not read as one
    taken = {(link.source_number, link.target_claim, link.line) for link in links
             if (link.source_number, link.target_slug) in sources}
    said = {key: stance for key, stance in said.items() if key not in taken}
    stances: dict[tuple[int, str], set[RelationType | None]] = {}
    for link in links:
        stances.setdefault((link.source_number, link.target_claim), set()).add(
            said.get((link.source_number, link.target_claim, link.line)))
    out = []
    for link in links:
        stance = said.get((link.source_number, link.target_claim, link.line))
        if stance is not None and stances[link.source_number, link.target_claim] == {stance}:
            link = replace(link, relation=stance)
        out.append(link)
    return out


def taken_as_source(mentions: Sequence[Mention], resolve: Callable[[str], str | None],
                    claims: Sequence[ClaimText]) -> frozenset[tuple[int, str]]:
    """(finding number, cited item) for each finding of an item that takes the cited item as its source: its own
    Key Finding text names the item (the mention is ``held_by`` it), or an Evidence Map row names it whose claim
    cell states that finding (shares the most content words with it; on a tie, with each tied finding).  A row
    whose claim cell itself states an agreement ("… confirmed by prior research") records a corroboration, not
    a source."""
    out: set[tuple[int, str]] = set()
    for mention in mentions:
        slug = resolve(mention.target)
        if slug is None:
            continue
        if mention.held_by and mention.via != "notes":
            out.add((mention.held_by, slug))
        if mention.row_claim and classify(mention.row_claim) is not RelationType.SUPPORTS:
            said = content_words(mention.row_claim)
            shared = {claim.number: len(said & claim.content()) for claim in claims}
            most = max(shared.values(), default=0)
            out.update((number, slug) for number, count in shared.items() if most and count == most)
    return frozenset(out)


def opposed(links: Mapping[str, Sequence[PlannedLink]], source_names: Mapping[str, Mapping[int, str]],
            promoted: Sequence[tuple[str, PlannedLink]]) -> set[tuple[str, PlannedLink]]:
    """The ``promoted`` links ((item, link), written with a prose stance) whose two claims another link of the
    corpus gives the opposite stance, either way round; ``source_names``: each item's claim names by finding
    number."""
    stated: dict[frozenset[str], set[RelationType]] = {}
    for slug, planned in links.items():
        for link in planned:
            if link.relation is not RelationType.EXTENDS:
                source = source_names.get(slug, {}).get(link.source_number, "")
                stated.setdefault(frozenset((source, link.target_claim)), set()).add(link.relation)
    out = set()
    for slug, link in promoted:
        pair = frozenset((source_names.get(slug, {}).get(link.source_number, ""), link.target_claim))
        if stated.get(pair, set()) - {link.relation}:
            out.add((slug, link))
    return out


def unopposed(links: dict[str, list[PlannedLink]], read: Mapping[str, EvidenceText],
              promoted: list[tuple[str, PlannedLink]]) -> list[tuple[str, PlannedLink]]:
    """The ``promoted`` links (written with their prose stance) no item opposes; the opposed ones are written as
    ``extends`` again in ``links`` (``opposed``)."""
    if not promoted:
        return promoted
    names = {slug: {c.number: claim_name(slug, c.key) for c in read[slug].claims} for slug, planned in links.items()
             if slug in read and any(link.relation is not RelationType.EXTENDS for link in planned)}
    against = opposed(links, names, promoted)
    for slug in sorted({slug for slug, _ in against}):
        links[slug] = sorted((replace(link, relation=RelationType.EXTENDS) if (slug, link) in against else link
                              for link in links[slug]), key=PlannedLink.key)
    return [pair for pair in promoted if pair not in against]


def sentence_hints(item: ResearchItem, cited: Mapping[tuple[str, int], Mention],
                   promoted: Sequence[tuple[str, PlannedLink]], read: Mapping[str, EvidenceText]) -> list[Issue]:
    """A sentence's hints: for the findings it is linked to with its stance (``own_stance_hint``), and for those
    linked as ``extends`` (``prose_stance_hint``)."""
    line = next(iter(cited.values())).line
    written = {(link.target_slug, c.number) for slug, link in promoted if slug == item.slug and link.line == line
               for c in read[link.target_slug].claims if claim_name(link.target_slug, c.key) == link.target_claim}
    own = {key: mention for key, mention in cited.items() if key in written}
    rest = {key: mention for key, mention in cited.items() if key not in written}
    return ([own_stance_hint(item, own)] if own else []) + ([prose_stance_hint(item, rest)] if rest else [])
