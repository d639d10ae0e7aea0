"""Links on the site's pages: to other pages (relative to the page that prints them) and back
to an item's file in the repository (``source_url``).

``Page`` writes Markdown; ``HtmlPage`` writes the same links as raw HTML for the blocks the
site's Markdown stores unparsed (``html_block``).  Every text is escaped where it is printed.
"""

from __future__ import annotations

import functools
import os
import posixpath
from collections.abc import Callable, Iterable

from markupsafe import Markup, escape

from kgsync.contract.errors import ConfigError
from kgsync.read.config import SiteOptions
from kgsync.publish.site.model import SiteData, tag_label
from kgsync.publish.site.node import Node
from kgsync.publish.site.text import (BLOCK_END, BLOCK_START, external_html_link, external_link, html_content,
                                     html_text, md_text, safe_url)

# --------------------------------------------------------------------------- URLs


def source_url(site: SiteOptions, path: str, env: dict[str, str] | None = None) -> str | None:
    """The link back to an item's file: ``site.source_url`` (kgsync.yml's ``site:``) filled in.

    ``{repo}`` defaults to $GITHUB_REPOSITORY and ``{branch}`` to the branch the
    Action runs on (else ``main``): $GITHUB_HEAD_REF in a pull-request run (there
    $GITHUB_REF_NAME is ``<number>/merge``, a ref no blob URL resolves), else
    $GITHUB_REF_NAME.  None when no repo is known
    (the default template needs one) or the result is not an http(s) URL.
    """
    env = dict(os.environ) if env is None else env
    repo = site.repo or env.get("GITHUB_REPOSITORY", "")
    branch = site.branch or env.get("GITHUB_HEAD_REF", "") or env.get("GITHUB_REF_NAME", "") or "main"
    template = site.source_url
    if "{repo}" in template and not repo:
        return None
    if path.startswith("/") or path.split("/", 1)[0] == "..":  # outside the repository: no URL names it
        return None
    from urllib.parse import quote

    try:
        url = template.format(repo=repo, branch=quote(branch, safe="/"), path=quote(path, safe="/"))
    except (KeyError, IndexError, ValueError) as exc:
        raise ConfigError(
            f"site.source_url {template!r} cannot be filled in ({exc})",
            hint="use only the placeholders {repo}, {branch} and {path}",
        ) from None
    return safe_url(url)


# --------------------------------------------------------------------------- page helpers

_SECTIONS = {"items": "Research items", "concepts": "Concepts", "claims": "Claims", "methods": "Methods"}


@functools.cache
def _escaped(title: str) -> Markup:
    """md_text, memoised: a node's title is printed on every page that links it."""
    return md_text(title)


class Page:
    """Link helpers for one page: every link is relative to ``here``."""

    def __init__(self, here: str, sources: Callable[[Node], str | None], data: SiteData):
        self.here = here
        self._dir = posixpath.dirname(here)
        self._sources = sources
        self.data = data

    def href(self, page: str) -> str:
        # Fast path of posixpath.relpath: pages sit at most one folder deep.
        folder, _, name = page.rpartition("/")
        if folder == self._dir:
            return name
        if not self._dir:
            return page
        return "../" + page if folder else "../" + name

    def link(self, node: Node | None, text: str | None = None) -> Markup:
        if node is None:
            return Markup("")
        label = _escaped(node.title) if text is None else md_text(text)
        return Markup(f"[{label}]({self.href(node.page)})")

    def page_link(self, text: str, page: str) -> Markup:
        return Markup(f"[{md_text(text)}]({self.href(page)})")

    def links(self, nodes: Iterable[Node]) -> Markup:
        return Markup(", ".join([self.link(n) for n in nodes]))  # Markup parts: joined as they are

    def tag(self, tag: str) -> Markup:
        page = self.data.tag_pages.get(tag)
        return self.page_link(tag_label(tag), page) if page else self.text(tag_label(tag))

    def source(self, node: Node | None, text: str = "source") -> Markup:
        """The way back: a link to the research item's own file."""
        if node is None:
            return Markup("")
        url = self._sources(node)
        return self.external(text, url) if url else Markup("")

    def crumbs(self, node: Node) -> Markup:
        """Home › the node's section index › the node (a node page is in no nav: this is the way up)."""
        folder, _, _ = node.page.partition("/")
        section = _SECTIONS.get(folder, folder.capitalize())
        return Markup(f"{self.page_link('Home', 'index.md')} › {self.page_link(section, f'{folder}/index.md')} › "
                      f"{self.title_text(node)}")

    @staticmethod
    def title_text(node: Node) -> Markup:
        return _escaped(node.title)

    def words(self, values: Iterable[str], sep: str = " · ") -> Markup:
        return Markup(sep.join([self.text(v) for v in values]))  # sep is kgsync's own markup

    # Inline pieces of an entry: Markdown here, HTML on an ``HtmlPage``.
    @staticmethod
    def text(value: object) -> Markup:
        return md_text(value)

    @staticmethod
    def em(inner: Markup) -> Markup:
        return Markup(f"*{as_markup(inner)}*")

    @staticmethod
    def strong(inner: Markup) -> Markup:
        return Markup(f"**{as_markup(inner)}**")

    @staticmethod
    def external(text: object, url: str) -> Markup:
        return external_link(text, url)


def _page_url(page: str) -> str:
    """The URL of a docs page under ``use_directory_urls`` (``a/b.md`` -> ``a/b/``, ``a/index.md`` -> ``a/``)."""
    stem = page.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("index") if stem.endswith("/index") else stem + "/"


@functools.lru_cache(maxsize=1 << 17)
def _url_parts(page: str) -> tuple[str, ...]:
    """The folders of a page's directory URL: ``items/a.md`` -> ("items", "a")."""
    return tuple(_page_url(page).split("/")[:-1])


class HtmlPage(Page):
    """The same entries as raw HTML, for the blocks the site's Markdown stores unparsed
    (``html_block``): as Markdown, every entry went through the inline patterns.  Text is
    HTML-escaped, so hostile item text stays text.  ``final_urls``: mkdocs rewrites ``.md``
    links only in Markdown, so its links are the final directory URLs; Zensical rewrites them
    in raw HTML too (it would rewrite a final URL again), so they stay ``.md`` links."""

    def __init__(self, here: str, sources: Callable[[Node], str | None], data: SiteData, final_urls: bool = True):
        super().__init__(here, sources, data)
        self._url_parts = _url_parts(here)  # "items/a/" -> ("items", "a")
        self._final_urls = final_urls

    def outside_links(self, folders: frozenset[str]) -> object | None:
        """What every link from this page to a page under ``folders`` depends on, when this page
        is in none of them: its depth (the link climbs to the root, then names the target), so a
        list entry linking only such pages is the same HTML on every page of that depth.  None
        when this page is under one of ``folders`` (a link into its own folder is shorter)."""
        if self._dir in folders or self._url_parts[:1] and self._url_parts[0] in folders:
            return None
        return (True, len(self._url_parts)) if self._final_urls else (False, bool(self._dir))

    def href(self, page: str) -> str:
        if not self._final_urls:
            return super().href(page)
        # posixpath.relpath of the two directory URLs, without its os.getcwd() per call
        target, hash_mark, fragment = page.partition("#")
        parts = _url_parts(target)
        common = 0
        for mine, theirs in zip(self._url_parts, parts, strict=False):
            if mine != theirs:
                break
            common += 1
        relative = "../" * (len(self._url_parts) - common) + "".join(f"{part}/" for part in parts[common:])
        return (relative or "./") + hash_mark + fragment

    def link(self, node: Node | None, text: str | None = None) -> Markup:
        if node is None:
            return Markup("")
        label = _html_escaped(node.title) if text is None else html_text(text)
        return Markup(f'<a href="{escape(self.href(node.page))}">{label}</a>')

    def page_link(self, text: str, page: str) -> Markup:
        return Markup(f'<a href="{escape(self.href(page))}">{html_text(text)}</a>')

    @staticmethod
    def title_text(node: Node) -> Markup:
        return _content_escaped(node.title)  # the bytes the Markdown crumbs made

    def file_link(self, node: Node, text: str) -> Markup:
        """``Page.source`` in the bytes Python-Markdown made of it (a raw ``<a>`` whose text it
        rendered as Markdown): an item page's link to its file, with no Markdown pass."""
        url = self._sources(node)
        target = safe_url(url) if url else None
        if url and target is None:
            return html_content(text)
        return Markup(f'<a href="{escape(target)}" rel="nofollow noopener">{html_content(text)}</a>') if target else Markup("")

    @staticmethod
    def text(value: object) -> Markup:
        return html_text(value)

    @staticmethod
    def em(inner: Markup) -> Markup:
        return Markup(f"<em>{as_markup(inner)}</em>")

    @staticmethod
    def strong(inner: Markup) -> Markup:
        return Markup(f"<strong>{as_markup(inner)}</strong>")

    @staticmethod
    def external(text: object, url: str) -> Markup:
        return cached_external_html_link(text, url) if isinstance(text, str) else external_html_link(text, url)


@functools.cache
def _html_escaped(title: str) -> Markup:
    return html_text(title)


@functools.cache
def _content_escaped(title: str) -> Markup:
    return html_content(title)


def as_markup(value: object) -> str:
    """``escape(value)`` without copying what is Markup already (the same text)."""
    return value if isinstance(value, Markup) else escape(value)


def html_block(html: Markup) -> Markup:
    """``html`` as a block the site's Markdown stores without parsing (``markdown.KgsyncBlocks``)."""
    return Markup(f"{BLOCK_START}\n{html}\n{BLOCK_END}")


def html_list(entries: Iterable[Markup]) -> Markup:
    """``<ul>`` of ``entries`` (HTML) as Python-Markdown writes a tight list: a raw block it keeps as is."""
    # escape(): an entry is Markup (kept as is); anything else would be escaped.  Not Markup.format:
    # at 10,000 items its formatter machinery was a large share of kgsync's own render time.
    return Markup("<ul>\n" + "".join([f"<li>{as_markup(e)}</li>\n" for e in entries]) + "</ul>")


#: An item's link to its file recurs in every list that shows the item (pure; Markup is immutable).
cached_external_html_link = functools.lru_cache(maxsize=1 << 16)(external_html_link)


@functools.lru_cache(maxsize=65536)  # an item's sources recur on its claims; Markup is immutable
def source_html_link(url: str, label: str = "") -> Markup:
    """A source's link, its text ``label`` (the address when none)."""
    return external_html_link(label or url, url)


def item_link(h: HtmlPage, item: Node) -> Markup:
    return h.link(item) + (Markup(" ") + h.em(Markup("(superseded)")) if item.inactive else Markup(""))
