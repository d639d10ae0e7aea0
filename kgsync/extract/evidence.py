"""Evidence between findings: where one item's words say it supports, contradicts or extends
another item's finding.

Two steps, both deterministic and linear in the text (no model, no pattern that can
backtrack on a hostile line: every quantifier next to another is bounded):

1. ``references.scan`` (per file, cached with the record): every sentence outside fenced code
   that names another item (a path ``…/<slug>.md``, a dated slug, a `code` slug, or an undated
   slug beside a finding number), with the finding numbers it cites ("Key Finding #7",
   "KF 4", "Key Finding 4 of `slug`"), a quoted passage (the finding's own words), and the
   sentence's stance (``stance.classify``: cue words, negation and hedges).  An Evidence Map
   row is one sentence.
2. ``plan`` (here, corpus level, before assembly): each mention resolved to an item and a
   finding; each link becomes (referencing finding or "best match", relation, referenced
   claim, the sentence, its line).  A citation whose sentence does not say which finding of the
   item uses the cited one waits until the item's sure links are known (``evidence_anchor``).  A
   finding a link names becomes a claim beyond the per-item cap (``cited_finding_numbers``).
   Vetoed pairs (``kgsync-veto.yml``) never return.

Decisions the issue left open (docs/EVIDENCE.md): prose writes ``supports`` or ``contradicts`` only where
its own clause says this item agrees (disagrees) and no other sentence of the item links the pair
(``evidence_stance``; a marker or a ``cites:`` entry states it exactly): any other cue the rules read as this
finding's stance makes the link ``extends`` and a warning with the marker to write
(``evidence_hints.prose_stance_hint``); a cited
finding without a cue word is built on (``extends``); a reference to a superseded item, or from one, links no claims
(their claims are excluded, the item→item ``extends`` stays); an unnumbered reference links
a finding only when the sentence has a stance cue and shares at least ``MIN_SHARED`` content
words with one of the item's findings; a supports/contradicts link (a trust statement) is
written only from the finding holding the sentence or a clear best match (``source_finding``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kgsync.contract.errors import Location
from kgsync.contract.model import RelationType, claim_name
from kgsync.extract.evidence_anchor import (DESCRIBING, Deferred, Settled, guessed_user, linked_from, naming_findings,
                                            notes_settled, others_settled)
from kgsync.extract.evidence_model import (MIN_SHARED, ClaimText, EvidencePlan, EvidenceText, Extracted, KeptLinks,
                                           LinkedBefore, Mention, Numbered, PlannedLink, content_words, words_key)
from kgsync.extract.evidence_blocks import headed
from kgsync.extract.evidence_ends import MATCHED, STATING_ROW, sources_named, stated_sources
from kgsync.extract.evidence_feeds import fed_finding
from kgsync.extract.evidence_kinds import link_kind
from kgsync.extract.evidence_reports import withheld_by_report
from kgsync.extract.evidence_source import (best_match, builds_on, leads_alone, most_specific, said_there, says_another,
                                            says_nothing_of, shares_most_with, source_finding, tied_with, words_said)
from kgsync.extract.evidence_hints import (from_cites, guessed_source_hint, in_a_cell, left_out_hint, marker_issue,
                                           number_content_hint, refused_hint, renumbered_hint, superseded_hint,
                                           too_many_hint, unnamed_finding_hint, waiting_hint)
from kgsync.extract.evidence_stance import own_stances, sentence_hints, taken_as_source, unopposed
from kgsync.extract.restated import FindingIndex
from kgsync.read.items import Issue, IssueSeverity, ResearchItem

# ---------------------------------------------------------------------------------------------
# 2. plan (corpus level)


def plan(items: Sequence[ResearchItem], texts: Mapping[str, EvidenceText | Extracted],
         known: Mapping[str, ResearchItem], suffixes: Mapping[str, str],
         vetoed: frozenset[tuple[str, str]] = frozenset(),
         kept: KeptLinks = KeptLinks(), before: LinkedBefore = LinkedBefore()) -> EvidencePlan:
    """Resolve every item's mentions to claim→claim links, and the findings they require.

    ``texts``: each item's ``EvidenceText`` (or its extraction); ``known``: every item a
    reference may name (failed items included: they have no text, so no claim is planned);
    ``kept``: the links the last build wrote to and from the claims of those items (``graph.kept_links``):
    an item's link to a kept item's claim stays while the item still writes its sentence, naming that
    item, at its line; a kept item's link to another item's claim keeps requiring that claim (the same
    links whether the kept item reads or not); ``before``: the claim each exact mention's finding number linked
    last build (``graph.linked_before``): a number that names another claim now links the claim it linked, where
    that is still a finding, else nothing, and is warned (``renumbered_hint``)."""
    required: dict[str, set[int]] = {}
    links: dict[str, list[PlannedLink]] = {}
    issues: list[Issue] = []
    read = {slug: t if isinstance(t, EvidenceText) else EvidenceText.of(t) for slug, t in texts.items()}
    restating: dict[str, FindingIndex[ClaimText]] = {}  # each cited item's findings, read once

    def resolve(target: str) -> str | None:
        """The item a mention's target names: its slug, or the item an undated suffix names; None: no item."""
        return target if target in known else suffixes.get(target)

    # (where in ``issues``, the item, a sentence's stances read from prose): their hints, placed once it is known
    # which links are written with their stance (``promoted``: (item, link))
    hints: list[tuple[int, ResearchItem, dict[tuple[str, int], Mention]]] = []
    promoted: list[tuple[str, PlannedLink]] = []
    for item in items:
        extraction = read[item.slug]
        if item.is_superseded:
            continue  # its claims are excluded: it states no evidence
        if not extraction.mentions:
            # naming no item, nothing below adds a link, finding, hint or issue (a kept link needs its sentence)
            continue
        mine: dict[tuple[int, RelationType, str, int], PlannedLink] = {}
        # each link's specificity (0: its finding states it, else how many findings of the cited
        # item its sentence names) and the cited finding's number (``most_specific``)
        basis: dict[tuple[int, RelationType, str, int], tuple[int, int]] = {}
        cited_here: dict[tuple[int, str, str], set[int]] = {}  # the findings each sentence cites of an item
        # the links only a word match attaches to a finding, and the firmly said ones; each finding's rows' citations
        # by number (``evidence_ends``): a match its finding's own statement of sources contradicts links nothing
        matched: dict[tuple[int, RelationType, str, int], Mention] = {}
        said_of: set[tuple[int, RelationType, str, int]] = set()
        rows_cite: dict[int, dict[str, set[int]]] = {}
        row_words: dict[int, dict[str, set[str]]] = {}  # ... and the words of those rows' claim cells
        stated_rows: set[tuple[int, RelationType, str, int]] = set()  # the links a row states (``most_specific``)
        deferred: list[Deferred] = []  # citations whose referencing finding is not said (``evidence_anchor``)
        # cited claim -> this item's findings whose link to it is said, and how (``evidence_anchor.anchored``)
        anchors: dict[str, list[tuple[ClaimText, RelationType]]] = {}
        # the same, said where the item names its finding for the citation: the finding's own entry,
        # an author's marker, an Evidence Map row (its claim cell) - firmer than a prose note's match
        firm: dict[str, list[tuple[ClaimText, RelationType]]] = {}

        def add(mention: Mention, slug: str, claim: ClaimText, source: ClaimText, relation: RelationType,
                kind: str, said: bool = True) -> None:
            target_name = claim_name(slug, claim.key)
            if (claim_name(item.slug, source.key), target_name) in vetoed or \
                    (target_name, claim_name(item.slug, source.key)) in vetoed:
                return  # a maintainer rejected it: it never returns (nor forces its claims)
            key = (source.number, relation, target_name, mention.line)
            mine.setdefault(key, PlannedLink(source.number, relation, target_name, slug, mention.sentence,
                                             mention.line, kind))
            names = 0 if mention.held_by or mention.exact else \
                max(1, len({n for n in cited_here[(mention.line, mention.target, mention.sentence)] if n}))
            basis[key] = (min(names, basis.get(key, (names, 0))[0]), claim.number)
            how = kind.split()[1]
            if mention.shape == "row":
                if how in STATING_ROW:  # the row states its finding's sources
                    stated_rows.add(key)
                    if mention.finding and not mention.exact:
                        rows_cite.setdefault(source.number, {}).setdefault(slug, set()).add(claim.number)
                        row_words.setdefault(source.number, {}).setdefault(slug, set()).update(said_there(mention))
            elif how in MATCHED:  # only a word match says which finding uses it (``evidence_ends``)
                matched.setdefault(key, mention)
            if how not in MATCHED or mention.shape == "row":
                said_of.add(key)
            if said and mention.shape not in DESCRIBING:  # a link this item says: an anchor
                for said_in in (anchors, firm) if mention.held_by or mention.exact or mention.shape == "row" \
                        else (anchors,):
                    sources = said_in.setdefault(target_name, [])
                    if (source, relation) not in sources:
                        sources.append((source, relation))

        def place(settled: Settled) -> None:
            # a deferred citation's link is added as any other (a prose note's clear match becomes an anchor, never
            # a firm one: so the notes are all decided before any is placed), then the warnings, in order
            for link in settled.links:
                pending = link.pending
                add(pending.mention, pending.slug, pending.claim, link.source, link.relation,
                    link_kind(pending.mention, pending.restated, link.clear, anchor=link.anchor, names_item=link.named,
                              fed=bool(pending.fed), headed=link.headed),
                    said=link.clear and not link.anchor)
            issues.extend(settled.issues)
        # (line, item, finding) each line cites by the item's name (its slug or an undated part of it):
        # a description of the same item there is the same citation, read once
        named_here: set[tuple[int, str | None, int]] = set()
        still: set[tuple[str, str, int]] = set()  # (kept item, sentence, line) this item still writes
        to_kept: list[PlannedLink] = []  # its cites: entries' and markers' links to kept items' claims
        unread: list[tuple[Mention, str]] = []  # its prose citations of kept items' findings, and the item
        # (line, sentence) -> {(cited item, finding): the mention}: prose read as this finding's stance, linked as extends
        stated: dict[tuple[int, str], dict[tuple[str, int], Mention]] = {}
        # (finding, cited claim, line) -> the stance its sentence states in its own clause (``Mention.own``)
        own_said: dict[tuple[int, str, int], RelationType] = {}
        # (line, cited item as written, finding) each marker or cites: entry states: prose on its line that reads as
        # a stance toward the same finding is that marker's sentence, not a second link
        marked = {(m.line, m.target, m.finding) for m in extraction.mentions if m.exact}
        sentence_items: dict[tuple[int, str], set[str]] = {}  # the items each sentence names, as written
        for mention in extraction.mentions:
            cited_here.setdefault((mention.line, mention.target, mention.sentence), set()).add(mention.finding)
            sentence_items.setdefault((mention.line, mention.sentence), set()).add(mention.target)
            if mention.via != "description":
                named_here.add((mention.line, resolve(mention.target), mention.finding))
        for mention in extraction.mentions:
            slug = resolve(mention.target)
            if mention.via == "description" and (mention.line, slug, mention.finding) in named_here:
                continue  # "the prior local-database research (Key Finding 2)": read as "local-database" already
            if slug is None and mention.exact and not from_cites(mention):  # a cites: entry's: the corpus check's
                _once(issues, marker_issue(item, mention, f"names {mention.target}, which is no item",
                                           "write the cited item's slug as in its file name"))
            if slug is None or slug == item.slug:
                continue
            target = known[slug]
            if target.is_superseded:
                if mention.exact:  # what the author states exactly is answered: which item to cite instead
                    _once(issues, superseded_hint(item, mention, slug, target.superseded_by))
                continue  # its claims are not in the graph; the item→item extends stays
            target_extraction = read.get(slug)
            if target_extraction is None:  # kept from an earlier build: its findings are not read now
                still.add((slug, mention.sentence, mention.line))
                if mention.exact and not mention.finding:  # a marker without KF<n>: warned as when it reads
                    issues.append(_names_no_finding(item, mention, slug))
                elif mention.exact and not mention.withheld:
                    fresh = _to_kept(item, mention, slug, extraction.claims, kept, vetoed, issues)
                    if fresh is not None:
                        to_kept.append(fresh)
                elif mention.finding:  # a prose citation: linked only as the manifest records it (below)
                    unread.append((mention, slug))
                continue
            if mention.exact and mention.finding and (moved := before.moved(
                    item.slug, mention, slug, cited_here[(mention.line, mention.target, mention.sentence)])) is not None:
                # the cited item renumbered its findings: the number names another claim than the one linked
                # last build.  The link follows that claim (the one the author judged), or is withheld when it is
                # gone: never a quiet link to a claim the author did not state it of
                _once(issues, renumbered_hint(item, mention, slug, moved, target_extraction.claims))
                if not moved.now:  # gone, or which claim it named is not known: withheld
                    continue
                mention = mention.but(finding=moved.now)
            if mention.finding and not mention.exact:
                # a sentence citing more findings of the item than it has names none in particular
                numbered = {n for n in cited_here[(mention.line, mention.target, mention.sentence)] if n}
                if len(numbered) > len(target_extraction.claims):
                    if mention.finding == min(numbered):  # said once per sentence
                        issues.append(too_many_hint(item, mention, slug, len(numbered),
                                                    len(target_extraction.claims)))
                    continue
            # an unnumbered, unquoted reference names the finding its sentence restates, if any
            if (mention.said or mention.described) and slug not in restating:
                restating[slug] = FindingIndex(target_extraction.claims)
            restated = restating[slug].restated(mention.said) if mention.said else None
            if mention.described and not mention.finding and not mention.quote:
                # a stance read from prose describing the item: the finding it restates, else the
                # one its description paraphrases, else none (which finding is not said)
                claim = restated or restating[slug].described(mention.clause)
            else:
                claim = restated or _named_finding(mention, target_extraction, issues, item)
            withheld = (withheld_by_report(item, mention, slug, restating[slug], restated, named_here)
                        if restated is not None else None)
            if withheld is not None:  # what the sentence reports the item found says another finding as much
                issues.extend(issue for issue in withheld if issue not in issues)
                continue
            # a report of what the item found ("the prior X item concluded that …"): built on, no stance
            reported = restating[slug].reported(mention.reported) if claim is None and mention.reported else None
            claim, restated = claim or reported, restated or reported
            # a stance read from prose: what the cue says is kept for the gates below (a link read as
            # agreement is still written only from a clear source), the link written is ``extends``
            # (the prose cannot say whether this finding agrees independently or is derived from it)
            prose_stance = not mention.exact and not reported and mention.stance in _STANCES
            if prose_stance and claim is not None and (mention.line, mention.target, claim.number) in marked:
                continue  # the author's marker on this line states it exactly
            if mention.refused and not mention.exact:
                issues.append(refused_hint(item, mention, slug, claim.number if claim else 0))
            elif mention.described and claim is None and mention.stance is not None:
                issues.append(unnamed_finding_hint(item, mention, slug))
            elif mention.exact and claim is None and not mention.finding:  # a marker without KF<n>
                issues.append(_names_no_finding(item, mention, slug))
            if claim is None or mention.withheld:
                continue
            if mention.finding and not mention.exact and (other := says_another(
                    target_extraction.claims, cited_here[(mention.line, mention.target, mention.sentence)],
                    said_there(mention))):
                # the sentence restates another finding than its number names: linked as numbered, unless it says
                # nothing of the numbered one: then the number and the words name two findings, and the item does
                # not say which it uses (blind readers split, docs/EVIDENCE.md): no claim link; warned either way
                unlinked = says_nothing_of(target_extraction.claims, claim.number, said_there(mention))
                issues.append(number_content_hint(item, mention, slug, claim.number, other, unlinked))
                if unlinked:
                    continue
            relation = RelationType.EXTENDS if reported else mention.stance or RelationType.EXTENDS
            clear, unclear, keyword, listed = True, False, False, False
            if mention.exact:
                source = next((c for c in extraction.claims if c.number == mention.held_by), None)
                if source is None:
                    _once(issues, _stated_by_none(item, mention, slug, relation, claim.number))
                    continue
            else:
                # A link states how two findings relate: a finding that does not hold the sentence
                # is its source only when it clearly matches what is said there (a section-level
                # statement is not attached to a loosely related finding), unless the sentence
                # cites the other finding by number or quotes it, and only builds on it.
                loose = relation is RelationType.EXTENDS and (mention.finding > 0 or bool(mention.quote))
                # a described agreement's own words describe the other item; this item's side
                # ("this conclusion") is what the sentence and the one before it say
                restates = bool(restated) and not mention.described
                if mention.held_by:
                    source, clear = source_finding(mention, claim, extraction.claims), True
                else:  # the best match, and whether it clears the trust bar (else: a guess)
                    source, clear = best_match(mention, claim, extraction.claims, restates)
                    if not clear and not loose:
                        source = None
                if reported and not mention.held_by:  # which finding uses it is not said: an anchor, or a warning
                    deferred.append(Deferred(mention, slug, claim, None, True, True))
                    continue
                clear = clear and source is not None
                # a sourced fact whose words state no finding clearly: its best match uses it when the inference
                # right after it clearly feeds that finding too; else which finding it feeds is not said there
                # (``evidence_feeds``).  None: no such fact
                fed: bool | None = None
                if loose and source is not None and not clear and mention.feeds and not mention.held_by:
                    clear = fed = fed_finding(mention.feeds, extraction.claims) == source
                if source is not None and loose and not mention.held_by:
                    if slug not in restating:
                        restating[slug] = FindingIndex(target_extraction.claims)
                    cited = cited_here[(mention.line, mention.target, mention.sentence)] | {claim.number}
                    named = [c for c in target_extraction.claims if c.number in cited]
                    # a row clearly stating a finding lists its sources, however many (no broad citation): no anchor
                    listed = clear and mention.shape == "row" and not shares_most_with(source, claim, named)
                    # which finding of this item draws on it is not said (``evidence_anchor.anchored``)
                    unclear = not builds_on(source, claim, restating[slug], cited) or \
                        not listed and not shares_most_with(source, claim, named)
                    # a source attribution ("Source: `x.md` KF5", "[Source: …]") says where a fact came from, not
                    # which finding uses it: a best match below the trust bar that leads only by words other
                    # findings of this item use as much (what the whole item is about) is a keyword's guess
                    keyword = not unclear and mention.sourced and not clear and \
                        not leads_alone(source, extraction.claims, said_there(mention, restates))
                    # a fact the inference after it feeds to no finding: as a keyword's guess, the item's own
                    # prose elsewhere may say which finding uses the cited one (``stated_elsewhere``)
                    keyword = keyword or fed is False
                    unclear = unclear or keyword
                # only list order picked the best match: a guess, linked (numbered citations need it) and
                # warned, with the marker that says which finding uses the cited one
                guess = () if source is None or not loose or mention.held_by or clear or unclear else \
                    tied_with(mention, claim, extraction.claims, source, restates)
                # a prose note's match is where the note stands, not what the item says elsewhere
                noted = loose and source is not None and not unclear and not mention.shape and not mention.held_by
                if loose and (noted or unclear or source is None or mention.shape in DESCRIBING):
                    # decided once the item's sure links are known (``evidence_anchor``)
                    deferred.append(Deferred(mention, slug, claim, source, unclear, restated is not None,
                                              clear if noted else None, guess, keyword, fed))
                    continue
                if guess and source is not None and not guessed_user(mention, clear):  # else not linked (below)
                    issues.append(guessed_source_hint(item, mention, slug, claim.number, (source.number, *guess)))
            if source is None:
                continue
            if guessed_user(mention, clear):
                # which finding uses it is a guess: said only where the item says so elsewhere (``evidence_anchor.anchored``)
                deferred.append(Deferred(mention, slug, claim, source, True, restated is not None))
                continue
            if prose_stance:
                stated.setdefault((mention.line, mention.sentence), {}).setdefault((slug, claim.number), mention)
                if mention.own:  # said in its own clause: written with its stance unless undercut (``own_stances``)
                    own_said[(source.number, claim_name(slug, claim.key), mention.line)] = relation
            add(mention, slug, claim, source, RelationType.EXTENDS if prose_stance else relation,
                link_kind(mention, restated is not None, clear), said=clear and not listed)
        # one hint per sentence whose prose reads as this finding's stance, once it is known which are written
        # with their stance (``evidence_stance.sentence_hints``): placed here, in the item's order
        hints.extend((len(issues), item, stances) for stances in stated.values())
        # the citations whose referencing finding is not said, now that the item's sure links are known: first
        # the prose notes (a firm anchor elsewhere, else their match, itself an anchor for the rest when clear)
        naming = naming_findings(item, extraction.mentions, resolve, extraction.claims) if deferred else {}
        place(notes_settled(item, deferred, extraction.claims, firm, naming))
        # the findings this item links each cited claim from so far, by any sentence, said or matched: where a
        # source attribution is matched only by keywords, the item's own prose elsewhere says which finding uses
        # it (read before the rest are placed, so one attribution never stands for another)
        place(others_settled(item, headed(deferred, extraction.claims), extraction.claims, anchors,
                             linked_from(mine.values(), extraction.claims), naming))
        if matched:
            own_sources = stated_sources(item, extraction.mentions, resolve, rows_cite, row_words)
            for key, mention in matched.items():
                if key in said_of:
                    continue
                slug, number = mine[key].target_slug, basis[key][1]
                beside = sources_named(sentence_items[(mention.line, mention.sentence)], resolve)
                clear = mine[key].kind.split()[1] == "clear-match"  # its words state the finding: which part, below
                if why := own_sources.leaves_out(key[0], slug, number, beside, said_there(mention) if clear else None):
                    # the one finding whose own rows cite that finding is where the item says it is used: the sentence
                    # is evidence for that stated pair (kept as a row's link is: ``most_specific``; the rows' own link
                    # passed the veto), else warned
                    user = own_sources.row_user(key[0], slug, number) if why == "rows" and \
                        key[1] is RelationType.EXTENDS else 0
                    if user:
                        used = (user, key[1], key[2], key[3])
                        mine.setdefault(used, PlannedLink(user, key[1], key[2], slug, mention.sentence, mention.line,
                                                          link_kind(mention, False, anchor=True)))
                        basis.setdefault(used, basis[key])
                        stated_rows.add(used)
                    else:
                        issues.append(left_out_hint(item, mention, slug, number, key[0], why,
                                                    own_sources.cited_by_rows(key[0], slug)))
                    del mine[key], basis[key]
        for key in most_specific(basis, stated_rows):
            link = mine[key]
            required.setdefault(link.target_slug, set()).add(basis[key][1])
            required.setdefault(item.slug, set()).add(link.source_number)
            links.setdefault(item.slug, []).append(link)
        written = kept.still_written(item.slug, still, extraction.claims, vetoed)
        # a prose citation of a kept item's finding the last build linked from no sentence here: said, not dropped
        recorded = {(link.target_claim, link.sentence, link.line) for link in written}
        for mention, slug in unread:
            kept_claim = kept.claims.get(slug, {}).get(mention.finding)
            if kept_claim is None or (kept_claim, mention.sentence, mention.line) not in recorded:
                _once(issues, waiting_hint(item, mention, slug, kept_claim is not None))
        said = {(link.source_number, link.relation, link.target_claim, link.line) for link in written}
        for link in written + [n for n in to_kept if (n.source_number, n.relation, n.target_claim, n.line) not in said]:
            required.setdefault(item.slug, set()).add(link.source_number)  # the kept item's claims are its facts
            links.setdefault(item.slug, []).append(link)
        if item.slug in links:
            links[item.slug] = own_stances(links[item.slug], own_said, taken_as_source(
                extraction.mentions, resolve, extraction.claims) if own_said else frozenset())
            promoted += [(item.slug, link) for link in links[item.slug]
                         if (link.source_number, link.target_claim, link.line) in own_said
                         and link.relation is not RelationType.EXTENDS]
            links[item.slug] = sorted(links[item.slug], key=PlannedLink.key)
    promoted = unopposed(links, read, promoted)
    for at, hinted, sentence_stances in reversed(hints):
        issues[at:at] = sentence_hints(hinted, sentence_stances, promoted, read)
    for slug in kept.from_kept:
        if slug in read and (cited := kept.cited(slug, read[slug].claims)):
            required.setdefault(slug, set()).update(cited)
    return EvidencePlan({s: frozenset(n) for s, n in sorted(required.items())},
                        {s: tuple(v) for s, v in sorted(links.items())}, tuple(issues), vetoed)


def _to_kept(item: ResearchItem, mention: Mention, slug: str, claims: Sequence[ClaimText], kept: KeptLinks,
             vetoed: frozenset[tuple[str, str]], issues: list[Issue]) -> PlannedLink | None:
    """The link of an exact mention (a ``cites:`` entry, a marker) to the finding of ``slug``, an item kept
    from an earlier build: the claim its kept facts hold of that finding, by number (its findings are not
    read now), from the finding of this item that states it; else ``None``, with a warning saying why."""
    relation = mention.stance or RelationType.EXTENDS
    target = kept.claims.get(slug, {}).get(mention.finding)
    if target is None:
        _once(issues, marker_issue(
            item, mention, f"names {slug} KF{mention.finding}, but {slug} fails in this build and keeps its "
            f"previous nodes, which hold no claim of its Key Finding {mention.finding}",
            f"correct {slug}'s error (reported at its file): the next build reads its findings and links it"))
        return None
    source = next((c for c in claims if c.number == mention.held_by), None)
    if source is None:
        _once(issues, _stated_by_none(item, mention, slug, relation, mention.finding))
        return None
    if {(claim_name(item.slug, source.key), target), (target, claim_name(item.slug, source.key))} & vetoed:
        return None  # a maintainer rejected it
    return PlannedLink(source.number, relation, target, slug, mention.sentence, mention.line,
                       link_kind(mention, False))


def _names_no_finding(item: ResearchItem, mention: Mention, slug: str) -> Issue:
    """A marker without ``KF<n>`` whose words match no finding of ``slug`` (or ``slug`` fails: its findings are
    not read): which finding is not said."""
    return marker_issue(item, mention, f"names no finding of {slug}", "write "
                        f"[{(mention.stance or RelationType.EXTENDS).value}: {slug} KF<n>"
                        f"{f' from KF{mention.held_by}' if mention.held_by else ''}] (n: {slug}'s "
                        "Key Finding); docs/EVIDENCE.md")


def _stated_by_none(item: ResearchItem, mention: Mention, slug: str, relation: RelationType, number: int) -> Issue:
    """An exact mention outside any finding of this item, with no ``from:``: which finding states it is not said;
    or with a ``from:`` (``from KF<n>``) naming no finding of this item: that number is what is wrong."""
    marker = f"[{relation.value}: {slug} KF{number} from KF<n>]"
    if mention.held_by:  # only a from: (from KF<n>) names a finding that is none: an entry holding it is one
        count = len(item.key_findings)
        written = "from: <n>" if from_cites(mention) else marker
        return marker_issue(
            item, mention, f"says it is stated by Key Finding {mention.held_by} of this item, which has {count}",
            f"write {written}, n from 1 to {count} (this item's finding that states it)" if count else
            "write the finding that states it in this item's Key Findings list, then name it")
    return marker_issue(
        item, mention, "names no finding of this item that states it",
        "add from: <n> to the entry (n: this item's finding that states it)" if from_cites(mention) else
        f"write {marker} in this cell (n: this item's finding the row states)" if in_a_cell(mention) else
        f"put the marker in the Key Findings entry it qualifies, or write {marker} (n: this item's finding)")


def _once(issues: list[Issue], issue: Issue) -> None:
    """Add a marker's or a cites entry's problem once, however many of the cited item's findings it names."""
    if issue not in issues:
        issues.append(issue)


#: The stances only an author's marker or ``cites:`` entry writes (docs/EVIDENCE.md "Stance").
_STANCES = frozenset({RelationType.SUPPORTS, RelationType.CONTRADICTS})


def _named_finding(mention: Mention, target: EvidenceText, issues: list[Issue],
                   item: ResearchItem) -> ClaimText | None:
    """The referenced item's finding a mention names: its number, its quoted words, or (with a
    stance cue) the finding sharing the most content words with the sentence."""
    claims = {c.number: c for c in target.claims}
    if mention.finding:
        claim = claims.get(mention.finding)
        if claim is None:
            issues.append(Issue(
                IssueSeverity.WARNING, Location(item.path, mention.line),
                f"cites Key Finding {mention.finding} of {target.slug}, which has {len(claims)} finding(s): no link",
                f"check the number against {target.slug}'s Key Findings", item.slug))
        return claim
    if mention.quote:
        quoted = words_key(mention.quote)
        for claim in target.claims:
            if quoted and quoted in words_key(claim.statement):
                return claim
    if mention.stance is None or not target.claims:
        return None
    words = words_said(mention.row_claim or mention.clause or mention.sentence)
    ranked = sorted(((len(words & content_words(c.statement)), c) for c in target.claims),
                    key=lambda pair: (-pair[0], pair[1].number))
    shared, best = ranked[0]
    runner_up = ranked[1][0] if len(ranked) > 1 else 0
    # A tie is a guess: the item→item link says all there is.
    return best if shared >= MIN_SHARED and shared > runner_up else None


def cited_finding_numbers(slug: str, evidence: EvidencePlan) -> frozenset[int]:
    """The findings of ``slug`` that evidence links name (cited by others, or holding a link
    sentence): each becomes a claim even beyond the per-item cap."""
    return evidence.required.get(slug, frozenset())


def source_claim(link: PlannedLink, written: Sequence[tuple[Numbered, str]]) -> str | None:
    """The name of the referencing claim among those written (it is: ``plan`` required it)."""
    return next((name for claim, name in written if claim.number == link.source_number), None)
