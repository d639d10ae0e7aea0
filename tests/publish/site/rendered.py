"""Reading what the site renders: the build environment, a page by path prefix, a section of a
page, a claim's section, and the tag/text shape of an HTML fragment.

A support module, not a test module: the site tests import from here, never from each
other (tests/test_layout.py).
"""

from __future__ import annotations

from html.parser import HTMLParser

from kgsync.contract.model import Graph
from kgsync.publish.site import pages as site_pages


ENV = {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"}


def _page(pages: dict[str, str], prefix: str) -> str:
    matches = [text for path, text in pages.items() if path.startswith(prefix)]
    assert len(matches) == 1, (prefix, [p for p in pages if p.startswith(prefix)])
    return matches[0]


def _section(page: str, heading: str) -> str:
    start = page.index(f"## {heading}\n")
    end = page.find("\n## ", start + 1)
    return page[start: end if end != -1 else None]


def _claim_section(pages: dict[str, str], graph: Graph, items, name: str) -> str:
    """A claim's section on its item's page: from its heading (the claim's anchor) to the next."""
    page, _, anchor = site_pages.collect(graph, items).nodes[name].page.partition("#")
    text = pages[page]
    start = text.index(f'<h3 id="{anchor}">')
    ends = [i for i in (text.find("\n<h3 ", start + 1), text.find("\n## ", start + 1)) if i != -1]
    return text[start: min(ends) if ends else None]


class _Shape(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)
