"""One item file's record: everything the per-file stages (read, extract, mine) yield from its bytes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from kgsync.extract.findings import Extraction, extract
from kgsync.extract.item_cut import cut_of
from kgsync.extract.markers import misspelt_marks, unread_marks
from kgsync.extract.mining import ItemCandidates, candidates
from kgsync.extract.written_themes import capital_theme_words, written_themes
from kgsync.read.items import Issue, ResearchItem, read_item_bytes

Parts = tuple[Extraction | None, ItemCandidates | None]


@dataclass(frozen=True)
class Record:
    """Everything one file yields, independent of every other file (cacheable)."""

    item: ResearchItem | None  # without body and sections: they are not needed after extraction
    issues: tuple[Issue, ...]
    # (extraction, candidates), or what loads them from the cache when first asked for: a
    # rebuild needs them only for the items edited since (two thirds of a record's load time).
    parts: Parts | Callable[[], Parts] = field(repr=False, compare=False)

    @property
    def extraction(self) -> Extraction | None:
        return self.load_parts()[0]

    @property
    def candidates(self) -> ItemCandidates | None:
        return self.load_parts()[1]

    def load_parts(self) -> Parts:
        parts = self.parts
        if callable(parts):
            parts = parts()
            object.__setattr__(self, "parts", parts)  # loaded once
        return parts


def parse_record(raw: bytes, display: str, slug: str) -> Record:
    """One item file's record (``display``: its path as messages name it; ``slug``: its file stem)."""
    item, issues = read_item_bytes(raw, display, slug)
    if item is None:
        return Record(None, issues, (None, None))
    cut = cut_of(item)  # the body's lines as the marker warnings and the references scan read them, cut once
    # a bracket an author meant as a marker, and a marker that cannot be read exactly: no link, warned
    issues = (*issues, *misspelt_marks(item, cut.for_misspelt()), *unread_marks(item, cut.for_markers()))
    light = replace(item, body="", sections=(), written_themes=written_themes(item),
                    capital_theme_words=capital_theme_words(item))
    mined = candidates(item)
    # Mining's verdict on the item's own words reaches its claims' topics (``claims.Topics.modifiers``),
    # and what it addresses its links to its bucket themes' ideas (``graph.facet_links``).
    return Record(light, issues, (replace(extract(item, cut), modifiers=mined.modifiers, addressed=mined.addressed), mined))
