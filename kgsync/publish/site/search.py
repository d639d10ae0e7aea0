"""The search index of mkdocs-material, with a faster reading of each page's HTML.

mkdocs-material's search plugin splits every rendered page into sections (one per heading)
with ``Parser``, a subclass of Python's ``HTMLParser``; at 10,000 items that parse was about
a quarter of the engine's time.  Most of it is ``HTMLParser``'s own tokenizing, not the
plugin's logic.  ``FastParser`` keeps the plugin's logic (it is the plugin's ``Parser``) and
feeds it the same events from one regular expression over the page: start tags with their
attributes, end tags, text with its character references resolved, comments skipped.  The
index it gives is byte-identical to the plugin's (tests/publish/site/test_search.py compares them on
the sample site, generated pages and, in the site tests, whole built sites).

Only the HTML kgsync's pages are made of goes this way: a page with anything else
(``<script>``, ``<style>``, ``<pre>``, declarations, a ``<`` that opens no tag, an attribute
this reading does not take apart) is read by the plugin's own parser.
"""

from __future__ import annotations

import html
import re
from html import escape
from collections.abc import Callable
from typing import Any

from material.plugins.search.plugin import Element, Parser, SearchIndex, Section  # type: ignore[import-untyped]
from material.plugins.search.plugin import void as VOID

#: One token: a comment, an end tag, or a start tag (``/>`` closes it at once).
TOKEN = re.compile(
    r"<!--(?P<comment>.*?)-->"
    r"|</(?P<end>[a-zA-Z][^\t\n\r\f />\x00]*)\s*>"
    r"|<(?P<start>[a-zA-Z][^\t\n\r\f />\x00]*)(?P<attrs>(?:\s+[^\s\"'<>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'))?)*)"
    r"\s*(?P<close>/?)>",
    re.DOTALL,
)
ATTRIBUTE = re.compile(r"\s+([^\s\"'<>/=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'))?")
#: What HTMLParser reads differently from plain tags and text: left to it.
UNSUPPORTED = re.compile(r"<(?:script|style|pre|textarea|plaintext|xmp|!(?!--)|\?)|--!>|<!--->|<!-->", re.IGNORECASE)


HEADINGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6"))
#: Tags the plugin never skips for good once in its skip set (its own three).
ALWAYS_SKIPPED = ("object", "script", "style")


class FastParser:
    """The plugin's ``Parser`` logic on tag names (its elements compare by tag name), fed by
    ``TOKEN`` instead of ``HTMLParser``: the same ``data`` (sections), less work per event.

    Kept line by line from ``material.plugins.search.plugin.Parser`` (mkdocs-material 9.x):
    the open elements are ``(tag, attrs)`` with a count per tag, so "is an element with this
    tag open" is one look-up instead of a scan with ``Element.__eq__``.
    """

    def __init__(self) -> None:
        self.skip: set[str] = set(ALWAYS_SKIPPED)
        self.keep = frozenset(("p", "code", "pre", "li", "ol", "ul", "sub", "sup"))
        self.context: list[tuple[str, dict[str, str | None]]] = []
        self.open: dict[str, int] = {}  # open elements per tag
        self.skipped = 0  # open elements whose tag is in ``skip``
        self.section: Section | None = None
        self.data: list[Section] = []

    def read(self, text: str) -> bool:
        """Read ``text``; False (this parser is then spoiled) when ``text`` is not only plain
        tags and text, and must be read by the plugin's own parser."""
        if UNSUPPORTED.search(text):
            return False
        position = 0
        for match in TOKEN.finditer(text):
            if match.start() > position and not self._text(text[position:match.start()]):
                return False
            position = match.end()
            if match["comment"] is not None:
                continue
            if match["end"] is not None:
                self.end(match["end"].lower())
                continue
            tag = match["start"].lower()
            self.start(tag, {a[1].lower(): _value(a[2], a[3]) for a in ATTRIBUTE.finditer(match["attrs"])})
            if match["close"]:
                self.end(tag)
        return position == len(text) or self._text(text[position:])

    def _text(self, data: str) -> bool:
        if "<" in data:
            return False
        self.text(html.unescape(data) if "&" in data else data)
        return True

    def _in_title(self) -> bool:
        assert self.section is not None
        return bool(self.open.get(self.section.el.tag))

    def _top(self) -> Section:
        if self.section is None:  # the preface: text before any heading
            self.section = Section(Element("hx"))
            self.data.append(self.section)
        return self.section

    def start(self, tag: str, attrs: dict[str, str | None]) -> None:
        if tag in VOID:
            return
        self.context.append((tag, attrs))
        self.open[tag] = self.open.get(tag, 0) + 1
        if tag in self.skip:
            self.skipped += 1
        if tag in HEADINGS and "id" in attrs:
            depth = len(self.context)
            if tag != "h1" and not self.data:
                self.section = Section(Element("hx"), depth)
                self.data.append(self.section)
            self.section = Section(Element(tag, attrs), depth)
            if self.data:
                self.section.id = attrs["id"]
            self.data.append(self.section)
        section = self._top()
        if "data-search-exclude" in attrs or attrs.get("class") == "linenodiv":
            if tag not in self.skip:
                self.skip.add(tag)
                self.skipped += self.open[tag]
            return
        if tag in self.keep and not self.skipped:
            (section.title if self._in_title() else section.text).append(f"<{tag}>")

    def end(self, tag: str) -> None:
        if not self.context or self.context[-1][0] != tag:
            return
        assert self.section is not None
        if self.section.depth > len(self.context):
            for section in reversed(self.data):
                if section.depth <= len(self.context):
                    self.section.depth = float("inf")
                    self.section = section
                    break
        self.context.pop()
        self.open[tag] -= 1
        if tag in self.skip:
            self.skipped -= 1
            if tag not in ALWAYS_SKIPPED:
                self.skip.remove(tag)
                self.skipped -= self.open[tag]
            return
        if tag in self.keep and not self.skipped:
            data = self.section.title if self._in_title() else self.section.text
            index = data.index(f"<{tag}>")
            for i in range(index + 1, len(data)):
                if not data[i].isspace():
                    index = len(data)
                    break
            if len(data) > index:
                del data[index:]
            else:
                data.append(f"</{tag}>")

    def text(self, data: str) -> None:
        if self.skipped:
            return
        if not self.open.get("pre"):
            data = data.replace("\n", " ") if not data.isspace() else " "
        section = self._top()
        if self._in_title():
            if not any(tag == "a" and attrs.get("class") == "headerlink" for tag, attrs in self.context):
                section.title.append(escape(data, quote=False))
        elif data.isspace():
            if not section.text or not section.text[-1].isspace() or self.open.get("pre"):
                section.text.append(data)
        else:
            section.text.append(escape(data, quote=False))


def _value(double: str | None, single: str | None) -> str | None:
    """An attribute's value as HTMLParser gives it: None without ``=``, references resolved."""
    value = double if double is not None else single
    return html.unescape(value) if value else value


class FastSearchIndex(SearchIndex):  # type: ignore[misc]
    """The plugin's index, each page read by ``FastParser``."""

    def add_entry_from_context(self, page: Any) -> None:
        search = page.meta.get("search") or {}
        if search.get("exclude"):
            return
        parser = FastParser()
        if not parser.read(page.content):
            parser = Parser()
            parser.feed(page.content)
            parser.close()
        for section in parser.data:
            if not section.is_excluded():
                self.create_entry_for_section(section, page.toc, page.url, page)


#: What the search plugin removes from every page after indexing it (``SearchPlugin.on_page_context``).
SEARCH_ATTRIBUTE = re.compile(r"\s?data-search-\w+=\"[^\"]+\"")


def page_context(search: Any) -> Callable[..., None]:
    """The search plugin's ``on_page_context``, its attribute removal skipped on a page without one.

    The plugin runs ``SEARCH_ATTRIBUTE`` over every page's HTML; its leading ``\\s?`` leaves the
    regular expression engine no literal to look for, so it tries every position of the page
    (about 4 % of the engine's CPU at 10,000 items, where no page has such an attribute: py-spy
    over the parts of ``bench/bench_site.py --large-dir DIR``'s site).  A
    substring test first gives the same HTML."""

    def on_page_context(context: Any, *, page: Any, config: Any, nav: Any) -> None:
        if not search.config.enabled:
            return
        search.search_index.add_entry_from_context(page)
        if "data-search-" in page.content:
            page.content = SEARCH_ATTRIBUTE.sub("", page.content)
    return on_page_context

