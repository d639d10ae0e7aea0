"""Which finding of a cited item a sentence without a finding number uses, when the sentence both restates one of
its findings and reports what the item found: the report decides.

A later item cites an earlier one by its address or slug, no finding number, and says in a that-clause what the
earlier item found ("…, corroborating a prior completed item's finding that graph structure earns its cost on
relationally dense corpora": ``restated.reported_words``).  The rest of the sentence is this item's own statement,
often from a source of its own.  When that source is work the earlier item reported too (a benchmark both cite),
the sentence's words restate the earlier item's finding on that work (``FindingIndex.restated``) while what the
sentence credits the earlier item with, its report, is another finding.  The words that restate are then this
item's, not what it takes from the cited item.

So where a sentence holds a report, the finding its words restate is the cited end only when the report does not
point elsewhere: when what it reports weighs at least as much for another finding of the cited item (the weights of
``FindingIndex``: each shared word 1 / the number of the item's findings that use it), the sentence does not say
which finding it uses.  No claim link is written (the item→item ``extends`` stays) and the build warns at the line
with the marker that says it (``report_hint``).  A report that shares no word with the item says nothing against the
restatement, and one that leads for the restated finding confirms it: both keep the link.  What the report says
was found is its main clause (``found_clause``): a because-clause after it gives the reason, not the finding.
"""

from __future__ import annotations

from collections.abc import Collection

from kgsync.extract.evidence_hints import warning
from kgsync.extract.evidence_model import ClaimText, Mention
from kgsync.extract.restated import FindingIndex, reported_words, stem
from kgsync.read.items import Issue, ResearchItem

#: Two weights closer than this are equal (sums of the same fractions in another order).
_TIE = 1e-9


def report_weights(index: FindingIndex[ClaimText], reported: str) -> dict[int, float]:
    """Each finding's number -> the weight of the words ``reported`` (``restated.reported_words``: sorted,
    space-joined content words) shares with it, as ``FindingIndex`` weighs a restatement's: a word used by k of the
    item's findings weighs 1 / k for each of them.  Findings sharing no word are left out."""
    weights: dict[int, float] = {}
    for word in {stem(w) for w in reported.split()}:
        holders = index.holders.get(word, ())
        for position in holders:
            number = index.findings[position].number
            weights[number] = weights.get(number, 0.0) + 1.0 / len(holders)
    return weights


def report_points_elsewhere(index: FindingIndex[ClaimText], reported: str, restated: int) -> tuple[int, ...]:
    """The numbers of the cited item's findings other than ``restated`` (the finding the whole sentence restates)
    for which what the sentence reports the item found (``reported``) weighs at least as much as for ``restated``,
    the heaviest first (then by number); () when the report leads for ``restated`` or shares no word with the item
    (nothing said against it)."""
    weights = report_weights(index, reported)
    own = weights.get(restated, 0.0)
    return tuple(number for number, weight in sorted(weights.items(), key=lambda pair: (-pair[1], pair[0]))
                 if number != restated and weight > 0 and weight >= own - _TIE)


def report_hint(item: ResearchItem, mention: Mention, slug: str, restated: int, elsewhere: tuple[int, ...]) -> Issue:
    """The warning where ``report_points_elsewhere`` withholds a link: the sentence's words restate ``slug``'s Key
    Finding ``restated``, what it reports ``slug`` found matches ``elsewhere`` as much; the marker to write."""
    others = ", ".join(str(n) for n in elsewhere)
    source = f"KF{mention.held_by}" if mention.held_by else "KF<n>"
    which = "" if mention.held_by else "; n: this item's finding that uses it"
    return warning(
        item, mention,
        f"names {slug} with no finding number: its words restate {slug}'s Key Finding {restated}, but what it "
        f"reports {slug} found matches Key Finding{'s' if len(elsewhere) > 1 else ''} {others} at least as much, so which "
        f"finding it uses is not said: no claim link (the link to the item stays)",
        f"write [extends: {slug} KF<m> from {source}] here (m: the finding of {slug} it uses, {restated} or "
        f"{others}{which}); docs/EVIDENCE.md")


def withheld_by_report(item: ResearchItem, mention: Mention, slug: str, index: FindingIndex[ClaimText],
                     restated: ClaimText, numbered: Collection[tuple[int, str | None, int]]) -> tuple[Issue, ...] | None:
    """Whether what the sentence reports withholds the link its words restate: ``evidence.plan``'s check of an
    unnumbered citation of ``slug`` whose sentence restates ``restated`` (``index``: ``slug``'s findings).  None: the
    link stands (no report, a number or a marker in the sentence says
    which finding, or the report does not point elsewhere: ``report_points_elsewhere``).  Else the link is withheld,
    with the warning that says so, or silently where the line cites ``slug`` by number elsewhere (``numbered``: the
    (line, item, finding number) of each citation by name: "… found that X. Source: `slug.md` Key Finding 8."): that
    number says which finding, and links it."""
    if not mention.reported or mention.finding or mention.exact:
        return None
    elsewhere = report_points_elsewhere(index, found_clause(mention), restated.number)
    if not elsewhere:
        return None
    if any(line == mention.line and cited == slug and number for line, cited, number in numbered):
        return ()
    return (report_hint(item, mention, slug, restated.number, elsewhere),)


def found_clause(mention: Mention) -> str:
    """What ``mention``'s sentence reports its item found (``Mention.reported``), less a because-clause after it: "the
    Q2 item found that code generation is categorically different from consequential world actions because code can
    enter compilers, type checkers, tests and proof tools …" reports the difference; the because-clause gives its
    reason, whose words (the verifiers it lists) other findings of the item may state as their own subject.  What
    was found is the main clause; the whole report when the sentence has no "because" after the report."""
    head, because, _ = mention.sentence.partition(" because ")
    main = reported_words(head) if because else ""
    return main or mention.reported
