"""A node as the site shows it (``Node``), and a relation seen from one node (``Link``): the
records ``kgsync.publish.site.model`` makes from the graph, which the titles (``titles``) and the
pages read.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from kgsync.contract.model import EntityType

#: Trust states that exclude a node from the default lists and counts (``status:contested``: a
#: later current claim contradicts it, see kgsync.extract.evidence); its own page shows it, marked.
INACTIVE_STATES = frozenset({"superseded", "contradicted", "contested"})


@dataclass(frozen=True)
class Node:
    name: str
    kind: EntityType
    key: str  # the name without its type prefix
    title: str  # one line, raw text (escaped by the page templates)
    page: str  # docs-relative Markdown file, e.g. "concepts/rag.md"; a claim's: its section, "items/x.md#claim-k"
    # The other names a page tells the reader: not the title's own words in another case,
    # hyphenation or number ("retrieval-augmented generation", "large language models").
    aliases: tuple[str, ...] = ()
    # Every alias but the title: search, the explorer and theme lookup find a node by any of them.
    search_names: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    confidence: str = ""
    completed: str = ""
    summary: str = ""
    section: str = ""
    sources: tuple[str, ...] = ()
    items: tuple[str, ...] = ()  # slugs from provenance:item=<slug>
    states: frozenset[str] = frozenset()  # status: values (superseded, contradicted...)
    path: str = ""  # research items: the file, relative to the research repo root

    @cached_property  # asked about a million times at 10,000 items (every list filters on it)
    def inactive(self) -> bool:
        return bool(self.states & INACTIVE_STATES)

    @cached_property
    def sort_key(self) -> tuple[str, str]:
        return (self.title.casefold(), self.name)

    @cached_property
    def finding_order(self) -> tuple[int, str, str]:
        """A claim's place among its item's: its Key Finding number (1, 2, ... 10, the item's own
        argument), then the title; a claim outside Key Findings after them."""
        number = self.section.removeprefix("key-finding-")
        return (int(number) if number.isdigit() else 1 << 30, *self.sort_key)

    @cached_property
    def newest_first(self) -> tuple[str, str, str]:
        # Inverted date characters sort descending while names stay ascending.
        return ("".join(chr(0x10FFFF - ord(c)) for c in (self.completed or "0")), self.title.casefold(), self.name)


@dataclass(frozen=True)
class Link:
    """A relation seen from one node: ``verb`` names it from that node's side."""

    verb: str
    node: Node
