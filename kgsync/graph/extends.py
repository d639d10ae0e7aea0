"""Later work extends earlier work: the extends edges an item's frontmatter and text state."""

from __future__ import annotations

import re
from collections.abc import Mapping

from kgsync.contract.model import RelationType, item_name
from kgsync.extract.findings import Extraction
from kgsync.graph.facts_builder import FactsBuilder
from kgsync.read.items import ResearchItem

_DATED = re.compile(r"\d{4}-\d{2}-\d{2}-[a-z0-9]")  # a full item slug (its date first)
_SLUG_SHAPED = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+){2,}")  # what a link to an item looks like


def extends_edges(builder: FactsBuilder, item: ResearchItem, extraction: Extraction, by_slug: Mapping[str, ResearchItem],
             suffixes: Mapping[str, str], max_links: int) -> None:
    """Later work extends earlier work: supersedes and cites, then the text's links.

    Frontmatter is the author's explicit statement and always counts.  Links in
    the text count when they name one earlier item; the most-mentioned
    ``max_links`` of them are kept, because every extends edge widens what a
    search on this item returns (fan-out costs every reader).
    """
    source = item_name(item.slug)
    for older in item.supersedes:
        if older in by_slug:
            builder.relate(source, RelationType.EXTENDS, item_name(older))
    declared = [c for c in item.cites if c in by_slug and c not in item.superseded_by
                and by_slug[c].cited_as_earlier_by(item)]
    for target in declared:
        builder.relate(source, RelationType.EXTENDS, item_name(target))
    # Each link the text writes holds its slot by what the text says (its mentions, the date its
    # slug carries, its words), whether or not its target exists now: a link to a deleted or
    # not yet merged item keeps its slot, so another link never moves up because it left
    # (locality).  An undated name counts only when slug-shaped (three words or more).
    ranked = sorted((-count, -_written_date(written), written) for written, count in extraction.text_links
                    if _SLUG_SHAPED.fullmatch(written) and written not in item.cites
                    and _written_prior(written, item))
    taken: set[str] = set()
    for _count, _date, written in ranked[:max_links]:
        linked = written if written in by_slug else suffixes.get(written)
        if linked is not None and linked not in declared and linked not in taken \
                and _is_prior(by_slug[linked], item):
            taken.add(linked)
            builder.relate(source, RelationType.EXTENDS, item_name(linked))


def _written_date(written: str) -> int:
    """The date a written link's slug carries (0: an undated slug suffix)."""
    return int(written[:10].replace("-", "")) if _DATED.match(written) else 0


def _written_prior(written: str, item: ResearchItem) -> bool:
    """Could the link name earlier work, by what it says?  A dated slug: its date and slug sort
    before the item's; an undated suffix: its target's date is not written, so it may."""
    return not _DATED.match(written) or (written[:10], written) < (item.completed or "9999", item.slug)


def _is_prior(other: ResearchItem, item: ResearchItem) -> bool:
    return other.slug not in item.superseded_by and earlier(other, item)


def earlier(a: ResearchItem, b: ResearchItem) -> bool:
    """Is ``a`` earlier work than ``b``?  Completion date, then slug (slugs start with dates)."""
    return a.precedes(b)
