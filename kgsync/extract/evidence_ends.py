"""Which finding of the citing item uses a cited finding, where the item says so itself: a finding's entry names
the items it rests on (its evidence label's sources, a path or a link in its text: ``evidence_anchor.entries_naming``),
and its Evidence Map rows cite the findings of an item it uses, by number.  A citation elsewhere (an
investigation's fact, an assumption's justification, a consistency note) that only a word match attaches to a
finding is contradicted by that finding's own statement of its sources when the statement leaves the cited one out:
the entry names other items and not this one, or the finding's rows cite this item's other findings and not this
one.  Such a match links nothing (``evidence.plan``): the citation's sentence is not where the item says which
finding uses it, and a finding that names its sources does not rest on one it does not name.

Measured on the 273 items (docs/EVIDENCE.md "Which claims are linked"): the matches it withholds are the ends a blind
reader judged wrong (an assumption's "per Key Finding 6" matched to the finding whose row cites Key Finding 5, a
policy item's fact matched to the decommission finding whose source label names no policy item).

A row states the sources of what its claim cell says, not of every part of its finding: a clear match (the trust bar)
whose words share less than ``MIN_SHARED`` with the claim cells of its finding's rows citing the item speaks of another
part of that finding, and when no finding's rows cite the cited finding the item says nothing against the match: it
keeps its link (``StatedSources.leaves_out``'s ``said``; numbers152, docs/EVIDENCE.md).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field

from kgsync.extract.evidence_anchor import dated_names, entries_naming
from kgsync.extract.evidence_model import MIN_SHARED, Mention
from kgsync.read.items import ResearchItem

#: A link's referencing finding found by a word match (``evidence_kinds.link_kind``'s second word): the item does not say
#: it, so its own statement of the finding's sources may contradict it
MATCHED = frozenset({"clear-match", "best-match", "fed"})
#: An Evidence Map row whose finding is said (its Notes cell, a Key Finding number in its claim cell) or clearly
#: matched by its claim cell: the row states that finding's sources
STATING_ROW = frozenset({"held", "notes", "clear-match"})


@dataclass(frozen=True)
class StatedSources:
    """What an item says of its findings' sources: ``entry``, each finding's number -> the items its entry names;
    ``rows``, each finding's number -> {an item its Evidence Map rows cite by finding number: those numbers};
    ``row_words``, the same -> {that item: the content words of those rows' claim cells (what they source)}."""

    entry: Mapping[int, frozenset[str]]
    rows: Mapping[int, Mapping[str, frozenset[int]]]
    row_words: Mapping[int, Mapping[str, frozenset[str]]] = field(default_factory=dict)

    def leaves_out(self, finding: int, slug: str, cited: int, beside: Collection[str] = (),
                   said: frozenset[str] | None = None) -> str:
        """How finding ``finding``'s own statement of its sources leaves out ``slug``'s Key Finding ``cited``:
        ``"entry"`` (its entry names other items, and neither ``slug`` nor any source the sentence cites beside it,
        ``beside``: a fact drawn from two sources enters the finding through the one it names), ``"rows"`` (its rows
        cite other findings of ``slug``, not ``cited``), ``""`` (it does not: it names ``slug``, or says nothing
        of its sources).  ``said``: the words of a sentence that clearly states ``finding`` (the trust bar); its
        rows leave nothing out when those words share less than ``MIN_SHARED`` with the rows' claim cells (the
        sentence is another part of the finding than the rows source) and no finding's rows cite ``cited``."""
        numbers = self.rows.get(finding, {}).get(slug)
        if numbers is not None:  # its rows cite the item: by the findings they cite of it
            if cited in numbers:
                return ""
            other_part = said is not None and len(said & self.row_words.get(finding, {}).get(slug, frozenset())) \
                < MIN_SHARED and not any(cited in rows.get(slug, ()) for rows in self.rows.values())
            return "" if other_part else "rows"
        named = self.entry.get(finding, frozenset())
        return "entry" if named and not named & {slug, *beside} else ""

    def row_user(self, finding: int, slug: str, cited: int) -> int:
        """The one finding other than ``finding`` whose Evidence Map rows cite ``slug``'s Key Finding ``cited``: the item
        says there which finding uses it (a citation ``leaves_out`` takes from ``finding`` is evidence for that pair).
        0: none, or several (which one the citation serves is not said)."""
        users = [number for number, rows in sorted(self.rows.items())
                 if number != finding and cited in rows.get(slug, ())]
        return users[0] if len(users) == 1 else 0

    def cited_by_rows(self, finding: int, slug: str) -> tuple[int, ...]:
        """The numbers of ``slug``'s findings that finding ``finding``'s Evidence Map rows cite, in order (none:
        its rows cite no finding of ``slug``)."""
        return tuple(sorted(self.rows.get(finding, {}).get(slug, ())))


def sources_named(as_written: Collection[str], resolve: Callable[[str], str | None]) -> frozenset[str]:
    """The sources a citation's sentence names (``as_written``: the items it cites, as written), as written and as
    the items they name: what ``StatedSources.leaves_out`` reads as cited beside the one it asks of."""
    return frozenset(as_written) | {named for target in as_written if (named := resolve(target)) is not None}


def stated_sources(item: ResearchItem, mentions: Iterable[Mention], resolve: Callable[[str], str | None],
                   rows_cite: Mapping[int, Mapping[str, set[int]]],
                   row_words: Mapping[int, Mapping[str, set[str]]] | None = None) -> StatedSources:
    """What ``item`` says of each finding's sources: the items its entry names (and, beside them, any other dated
    name it writes: a page that is no item of the corpus), the findings its rows cite, what those rows' claims say."""
    entry: dict[int, set[str]] = {}
    for slug, numbers in entries_naming(item, mentions, resolve).items():
        for number in numbers:
            entry.setdefault(number, set()).add(slug)
    for finding in item.key_findings:  # a named source that is no item (a page elsewhere) is one it shares
        if finding.number in entry:
            entry[finding.number].update(dated_names(finding.text))
    return StatedSources({n: frozenset(s) for n, s in entry.items()},
                         {n: {slug: frozenset(c) for slug, c in cited.items()} for n, cited in rows_cite.items()},
                         {n: {slug: frozenset(w) for slug, w in said.items()} for n, said in (row_words or {}).items()})
