"""The warnings evidence planning writes where an item's prose does not say a link the rules can
place: each names the file and line, what was not read as a link, and the marker that says it
(docs/EVIDENCE.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from kgsync.contract.errors import Location
from kgsync.contract.model import RelationType
from kgsync.extract.described_stance import DISAGREEING
from kgsync.extract.evidence_model import ClaimLike, Mention, Moved
from kgsync.read.items import Issue, IssueSeverity, ResearchItem


def warning(item: ResearchItem, mention: Mention, message: str, fix: str) -> Issue:
    """A warning at the mention's line of ``item``: the one shape of every hint below."""
    return Issue(IssueSeverity.WARNING, Location(item.path, mention.line), message, fix, item.slug)


def marker_issue(item: ResearchItem, mention: Mention, what: str, fix: str, outcome: str = "no link") -> Issue:
    """A warning on an exact mention, named as the author wrote it: a ``cites:`` entry or a marker; ``outcome``: what
    is linked."""
    stance = (mention.stance or RelationType.EXTENDS).value
    written = f"cites: entry {{item: {mention.target}, stance: {stance}, …}}" if from_cites(mention) else \
        f"stance marker [{stance}: {mention.target} …]{' in a table cell' if in_a_cell(mention) else ''}"
    return warning(item, mention, f"{written} {what}: {outcome}", fix)


def in_a_cell(mention: Mention) -> bool:
    """Is ``mention`` a marker in a table cell (an Evidence Map row's, say)?  ``references.scan`` gives it the row's
    shape: no Key Findings entry holds it, so ``from KF<n>`` inside it names the finding that states it."""
    return mention.exact and mention.shape == "row"


def from_cites(mention: Mention) -> bool:
    """Is ``mention`` a ``cites:`` entry's?  ``references.scan`` writes its sentence as "cites: …"."""
    return mention.exact and mention.sentence.startswith("cites:")


def superseded_hint(item: ResearchItem, mention: Mention, slug: str, by: Sequence[str]) -> Issue:
    """A ``cites:`` entry or marker naming a finding of ``slug``, which ``by`` supersede (its ``superseded_by:``):
    a superseded item's claims are not in the graph, so nothing links it; the author is told what to write."""
    stance = (mention.stance or RelationType.EXTENDS).value
    replacement = by[0] if by else "<the item that replaces it>"
    source = f" from KF{mention.held_by}" if mention.held_by and not from_cites(mention) else ""
    written = f"{{item: {replacement}, findings: [<n>], stance: {stance}, from: " \
        f"{mention.held_by or '<m>'}}}" if from_cites(mention) else f"[{stance}: {replacement} KF<n>{source}]"
    what = f"names {slug}, which is superseded by {' and '.join(by) or 'another item'} (a superseded item's " \
        "claims are not in the graph)"
    dropped = "entry" if from_cites(mention) else "marker"
    if replacement == item.slug:  # this item replaces it: its own findings say what holds now
        return marker_issue(item, mention, what, f"drop the {dropped}: this item supersedes {slug}; docs/EVIDENCE.md")
    return marker_issue(item, mention, what, f"cite {replacement}'s finding that states it instead, {written} "
                        f"(n: its Key Finding), or drop the {dropped}; docs/EVIDENCE.md")


def waiting_hint(item: ResearchItem, mention: Mention, slug: str, kept: bool) -> Issue:
    """A prose citation of ``slug``'s finding while ``slug`` fails (it keeps its last facts, its findings are not
    read): the last build recorded no link from the sentence, so none is planned until it reads again.
    ``kept``: its kept facts hold that finding's claim, which a marker links now (``evidence._to_kept``)."""
    number, stance = mention.finding, (mention.stance or RelationType.EXTENDS).value
    marker = f"[{stance}: {slug} KF{number} from KF{mention.held_by or '<n>'}]"
    now = f"; to link it now, write {marker} here (n: this item's finding that uses it)" if kept else \
        f" (a marker cannot link it now either: {slug}'s kept nodes hold no claim of its Key Finding {number})"
    return warning(
        item, mention, f"cites {slug} Key Finding {number}, but {slug} fails in this build (it keeps its previous "
        f"nodes; its findings are not read) and the last build linked nothing from this sentence: no link until "
        f"{slug} reads again",
        f"correct {slug}'s error (reported at its file): the next build reads this citation{now}; docs/EVIDENCE.md")


def renumbered_hint(item: ResearchItem, mention: Mention, slug: str, moved: Moved,
                    claims: Sequence[ClaimLike]) -> Issue:
    """An exact mention naming ``slug``'s finding by a number that names another claim than the one it linked last
    build (``LinkedBefore.moved``; ``claims``: ``slug``'s findings now)."""
    before, now, number = ", ".join(moved.before), moved.now, mention.finding
    held = next((c for c in claims if c.number == number), None)
    there = f"its Key Finding {number} is now {held.statement!r}" if held is not None else \
        f"it has no Key Finding {number} now"
    linked = f"the claims {before}, one of which" if now is None else f"the claim {before}, which"
    what = f"names {slug} KF{number}, but the last build linked {linked} its numbers now name no more; {slug}'s " \
        f"findings changed: {there}, and "
    stance = (mention.stance or RelationType.EXTENDS).value
    other = f"if this item's finding is about its new Key Finding {number}, say so in a marker in that finding, " \
        f"[{stance}: {slug} KF{number}]" if held is not None else ""
    if now:  # not known (None) is withheld as a gone one (0) is: no link to keep
        keep = f"write findings: [{now}] in the entry" if from_cites(mention) else f"write KF{now} in the marker"
        return marker_issue(item, mention, what + f"that claim is its Key Finding {now}",
                            f"{keep} to keep that link{'; ' + other if other else ''}; docs/EVIDENCE.md",
                            f"linked to its Key Finding {now}, the claim linked before")
    gone = "which of those claims this number named is not known" if now is None else \
        "that claim is gone (its finding deleted or rewritten)"
    return marker_issue(item, mention, what + gone,
                        f"check {slug}'s Key Findings: {other + ', or ' if other else ''}drop "
                        f"{'the number from the entry' if from_cites(mention) else 'the marker'}; docs/EVIDENCE.md")


def refused_hint(item: ResearchItem, mention: Mention, slug: str, number: int) -> Issue:
    """A stance word near a citation that the rules did not read as this finding's stance."""
    word = mention.refused.split()[0]
    relation = "contradicts" if word in _CONTRADICTING or word in DISAGREEING else "supports"
    outcome = "no claim link" if mention.withheld else "linked as extends at most"
    return warning(
        item, mention,
        f"'{mention.refused}' near {slug} is not read as a stance of this item's finding (it is not said, "
        f"in its own clause, that this finding {relation.removesuffix('s')}s {slug}'s): {outcome}",
        f"if this finding {relation} it, write [{relation}: {slug} KF{number or '<n>'}] in the finding that states it "
        "(or ... from KF<n> elsewhere); docs/EVIDENCE.md")


def prose_stance_hint(item: ResearchItem, stated: Mapping[tuple[str, int], Mention]) -> Issue:
    """A sentence whose prose the rules read as this finding's stance toward the findings in ``stated`` ((cited
    item, its finding) -> the mention, in the sentence's order), not said in its own clause: whether the finding
    agrees independently or is derived from the one it cites is not in the words, so each is linked as extends,
    and the author is told the marker that states the stance."""
    grouped = _by_stance(stated)
    markers = " ".join(f"[{stance.value}: {slug} {', '.join(f'KF{n}' for n in numbers)}]"
                       for (stance, slug), numbers in grouped.items())
    return warning(
        item, next(iter(stated.values())),
        f"this sentence reads as this finding {_stances_read(grouped, 'disputing', 'agreeing with')}, but prose is "
        "not read as a stance (it cannot say whether the finding does so on its own evidence or is derived from the "
        "one it cites): linked as extends at most",
        f"if this finding does so independently, write {markers} in the finding that states it (or ... from KF<n> "
        "elsewhere); docs/EVIDENCE.md")


def own_stance_hint(item: ResearchItem, stated: Mapping[tuple[str, int], Mention]) -> Issue:
    """A sentence that says, in its own clause, that this finding agrees with (disputes) the findings in
    ``stated``, linked with that stance (``evidence_stance``): the author is told how to say it is derived
    instead."""
    grouped = _by_stance(stated)
    linked = " and ".join(dict.fromkeys(stance.value for stance, _ in grouped))
    markers = " ".join(f"[extends: {slug} {', '.join(f'KF{n}' for n in numbers)}]"
                       for (_, slug), numbers in grouped.items())
    return warning(
        item, next(iter(stated.values())),
        f"this sentence says, in its own clause, that this finding "
        f"{_stances_read(grouped, 'disputes', 'agrees with')}: linked as {linked}",
        f"if this finding is derived from it (takes it as a source) rather than reaching it on its own evidence, "
        f"write {markers} on this line; docs/EVIDENCE.md")


def _by_stance(stated: Mapping[tuple[str, int], Mention]) -> dict[tuple[RelationType, str], list[int]]:
    """(stance, cited item) -> the cited findings, in the sentence's order."""
    grouped: dict[tuple[RelationType, str], list[int]] = {}
    for (slug, number), mention in stated.items():
        grouped.setdefault((mention.stance or RelationType.SUPPORTS, slug), []).append(number)
    return grouped


def _stances_read(grouped: Mapping[tuple[RelationType, str], Sequence[int]], disputing: str, agreeing: str) -> str:
    """"agreeing with x's Key Findings 1 and 2 and disputing y's Key Finding 3"."""
    return " and ".join(
        f"{disputing if stance is RelationType.CONTRADICTS else agreeing} {slug}'s Key "
        f"Finding{'s' if len(numbers) > 1 else ''} {_listed(numbers)}" for (stance, slug), numbers in grouped.items())


def _listed(numbers: Sequence[int]) -> str:
    """"1", "1 and 2", "1, 2 and 4"."""
    return " and ".join(filter(None, (", ".join(map(str, numbers[:-1])), str(numbers[-1]))))


def describing_hint(item: ResearchItem, mention: Mention, slug: str, number: int) -> Issue:
    """A framing section's sentence or a reading-list line citing a finding no finding of this
    item is said to build on: it describes what was read, not which finding uses it."""
    where = "a reading-list line" if mention.shape == "reading" else "a framing section"
    return warning(
        item, mention,
        f"cites {slug} Key Finding {number} in {where}, which says what was read, not which finding of this "
        "item uses it, and no finding of this item cites it elsewhere: no claim link",
        f"if one does, write [extends: {slug} KF{number}] in that finding (or ... from KF<n> here); "
        "docs/EVIDENCE.md")


def unnamed_finding_hint(item: ResearchItem, mention: Mention, slug: str) -> Issue:
    """Prose that states agreement (disagreement) with an item without saying with which finding."""
    relation = (mention.stance or RelationType.SUPPORTS).value
    return warning(
        item, mention,
        f"this sentence says it {relation.removesuffix('s')}s {slug} but not which of its findings (none is "
        "restated clearly): no claim link",
        f"name the finding: write [{relation}: {slug} KF<n>] in the finding that states it (or ... from KF<m> "
        "elsewhere); docs/EVIDENCE.md")


def too_many_hint(item: ResearchItem, mention: Mention, slug: str, cited: int, has: int) -> Issue:
    """A sentence citing more findings of an item than it has ("Key Findings 1-12" of an item with 8)."""
    return warning(
        item, mention,
        f"this sentence cites {cited} findings of {slug}, which has {has}: no finding in particular, no claim link",
        f"check the numbers against {slug}'s Key Findings, or name each finding this item uses: write "
        f"[extends: {slug} KF<n> from KF<m>] (m: this item's finding); docs/EVIDENCE.md")


def unclear_source_hint(item: ResearchItem, mention: Mention, slug: str, number: int, restated: bool = False,
                        keyword: bool = False, unfed: bool = False) -> Issue:
    """A citation no finding of this item clearly builds on (``builds_on``); ``restated``: the sentence
    names no number, it restates that finding (``restated.FindingIndex.reported``); ``keyword``: it names
    the item as the source of its fact, and its best match leads by no word other findings lack
    (``evidence_source.leads_alone``); ``unfed``: it names the item as the source of a fact that no finding restates
    clearly, and the inference right after the fact feeds another finding, or none clearly (``evidence_feeds``)."""
    why = "the sentence stands in none of this item's Key Findings" if restated and not mention.finding else \
        "it is named as the source of a fact no finding clearly states, and the inference after the fact does not " \
        "clearly feed the finding its words match best" if unfed else \
        "it is named as the source of the sentence's fact, and the best match shares with the sentence only words " \
        "other findings of this item use as much" if keyword else \
        "the best match shares too little with it, or restates another of its findings"
    return warning(
        item, mention,
        f"{'restates' if restated and not mention.finding else 'cites'} {slug} Key Finding {number}, but no "
        f"finding of this item clearly builds on it ({why}): no claim link",
        f"if one does, write [extends: {slug} KF{number} from KF<n>] here (n: this item's finding), or cite it "
        "in that finding; docs/EVIDENCE.md")


def guessed_source_hint(item: ResearchItem, mention: Mention, slug: str, number: int, tied: tuple[int, ...]) -> Issue:
    """A citation whose referencing finding only list order picked: ``tied`` findings of this item
    (the linked one first) match what is said equally."""
    names = [f"KF{n}" for n in tied]
    return warning(
        item, mention,
        f"cites {slug} Key Finding {number}, but {', '.join(names[:-1])} and {names[-1]} of this item match this "
        f"sentence equally: linked from {names[0]} by list order, a guess",
        f"write [extends: {slug} KF{number} from KF<n>] here (n: the finding that uses it), or cite it in that "
        "finding; docs/EVIDENCE.md")


_CONTRADICTING = frozenset("contradicts contradicted refutes refuted overturns overturned not conflicts inconsistent "
                           "at disputes reverses reversed".split())


def number_content_hint(item: ResearchItem, mention: Mention, slug: str, number: int, matched: int,
                        unlinked: bool = False) -> Issue:
    """A numbered citation whose sentence says what another finding of the cited item states, by words that
    finding alone uses (``evidence_source.says_another``): the number is kept, the author asked to check it;
    ``unlinked``: the sentence says nothing of the numbered finding (``evidence_source.says_nothing_of``): the number
    and the words name two findings, so nothing is linked, and the author is asked to write the one it draws on."""
    if unlinked:
        return warning(
            item, mention,
            f"cites {slug} Key Finding {number}, but the sentence says what its Key Finding {matched} states (by "
            f"words its other findings do not use) and nothing of Key Finding {number}: the number and the words "
            "name two findings, no claim link",
            f"write the number of the finding the sentence draws on (Key Finding {matched}, if it is that one); if it "
            f"does draw on Key Finding {number}, write [extends: {slug} KF{number} from KF<n>] here (n: this item's "
            "finding that uses it); docs/EVIDENCE.md")
    return warning(
        item, mention,
        f"cites {slug} Key Finding {number}, but what the sentence says matches its Key Finding {matched} far "
        f"better (by words its other findings do not use): the number is kept as written",
        f"check the number against {slug}'s Key Findings: if the sentence draws on Key Finding {matched}, write "
        "that number; docs/EVIDENCE.md")


def left_out_hint(item: ResearchItem, mention: Mention, slug: str, number: int, source: int, why: str,
                  rows: Sequence[int]) -> Issue:
    """A citation only a word match attached to this item's Key Finding ``source``, whose own statement of its
    sources leaves it out (``evidence_ends.StatedSources.leaves_out``): ``why`` ``"entry"``, the finding's entry
    names other items and not ``slug``; ``"rows"``, its Evidence Map rows cite ``slug``'s Key Findings ``rows``."""
    stated = f"its Evidence Map rows cite {slug}'s Key Finding{'s' if len(rows) > 1 else ''} " \
        f"{_listed(list(rows))}, not {number}" if why == "rows" else f"its entry names its sources, and not {slug}"
    return warning(
        item, mention,
        f"cites {slug} Key Finding {number}, and its words match this item's Key Finding {source}, but {stated}: "
        "no claim link",
        f"if a finding of this item does use it, write [extends: {slug} KF{number} from KF<n>] here (n: that "
        f"finding), or name {slug} in that finding's sources; docs/EVIDENCE.md")
