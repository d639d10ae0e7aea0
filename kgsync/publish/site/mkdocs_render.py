"""mkdocs' page render with one Markdown converter per process, not one per page.

``Page.render`` (mkdocs 1.6) builds a new ``markdown.Markdown`` for every page: loading the
extensions and building every processor registry again.  At 10,000 items that set-up was a
tenth of the engine's Markdown time.  Python-Markdown's own way to convert many documents is
one instance and ``reset()`` between them (it empties the HTML stash, the references and every
extension's state, the table of contents included); mkdocs' four per-page processors (raw
HTML anchors, anchors, relative links, title) are registered anew for each page, replacing the
previous page's under the same names, as ``Page.render`` does on its fresh instance.

``ReusedMarkdown.render`` is ``Page.render`` line by line with that one change (and pages of
headings and HTML blocks rendered by ``block_pages`` without the converter's passes); the part
processes (``mkdocs_parts``) use it.  Their site is byte-identical to ``mkdocs build`` in one
process (tests/publish/site/test_mkdocs_parts.py compares them), which is what shows the reuse changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator

import jinja2
import markdown
from jinja2.runtime import Context
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import (Page, _ExtractAnchorsTreeprocessor, _ExtractTitleTreeprocessor,
                                    _RawHTMLPreprocessor, _RelativePathTreeprocessor)
from mkdocs.structure.toc import get_toc

from kgsync.publish.site.block_pages import can_render, render_block_page

log = logging.getLogger("mkdocs.structure.pages")  # the logger Page.render reads its level from


class ReusedMarkdown:
    """One converter for every page this process renders (``install`` hooks it into a page)."""

    def __init__(self) -> None:
        self._md: markdown.Markdown | None = None
        self._block_pages = False  # whether the converter's set-up is one ``block_pages`` reads exactly

    def install(self, page: Page) -> None:
        """Make ``page.render`` this converter's render (mkdocs calls it right after ``on_pre_page``)."""
        page.render = lambda config, files: self.render(page, config, files)  # type: ignore[method-assign]

    def _converter(self, config: MkDocsConfig) -> markdown.Markdown:
        if self._md is None:
            self._md = markdown.Markdown(extensions=config["markdown_extensions"],
                                         extension_configs=config["mdx_configs"] or {})
            self._block_pages = can_render(self._md)
        return self._md.reset()

    def render(self, page: Page, config: MkDocsConfig, files: Files) -> None:
        if page.markdown is None:
            raise RuntimeError("`markdown` field hasn't been set (via `read_source`)")
        md = self._converter(config)
        if self._block_pages and (block_page := render_block_page(md, page.markdown)) is not None:
            # What the processors below would give on a page of headings and HTML blocks.
            page.content = block_page.content
            page.toc = get_toc(block_page.toc_tokens)
            page._title_from_render = block_page.title
            page.present_anchor_ids = block_page.anchor_ids
            if log.getEffectiveLevel() > logging.DEBUG:
                page.links_to_anchors = {}
            return

        raw_html_ext = _RawHTMLPreprocessor()
        raw_html_ext._register(md)
        extract_anchors_ext = _ExtractAnchorsTreeprocessor(page.file, files, config)
        extract_anchors_ext._register(md)
        relative_path_ext = _RelativePathTreeprocessor(page.file, files, config)
        relative_path_ext._register(md)
        extract_title_ext = _ExtractTitleTreeprocessor()
        extract_title_ext._register(md)

        page.content = md.convert(page.markdown)
        page.toc = get_toc(getattr(md, "toc_tokens", []))
        page._title_from_render = extract_title_ext.title
        page.present_anchor_ids = extract_anchors_ext.present_anchor_ids | raw_html_ext.present_anchor_ids
        if log.getEffectiveLevel() > logging.DEBUG:
            page.links_to_anchors = relative_path_ext.links_to_anchors


#: The theme's partials whose output, on a page outside ``nav:``, depends on nothing of the page
#: but the folder its URL is in (their links and ``base_url`` are relative to it): mkdocs-material's
#: navigation sidebar and its tabs mark the nav entry of the current page, and a page outside nav
#: has none; the footer links a previous and next page only for nav pages; the search form, the
#: head's scripts and icons and the back-to-top button read only the configuration
#: (mkdocs-material 9.x; a change shows as a difference from a one-process build).
OFF_NAV_PARTIALS = ("partials/nav.html", "partials/tabs.html", "partials/footer.html", "partials/search.html",
                    "partials/icons.html", "partials/javascripts/base.html", "partials/javascripts/content.html",
                    "partials/top.html")

#: The blocks of the theme's ``base.html`` that read only the configuration and URLs relative to the
#: page's folder (the ``__config`` script with its translations, the script and stylesheet tags):
#: rendered once per folder like ``OFF_NAV_PARTIALS``.
OFF_NAV_BLOCKS = ("config", "scripts", "libs", "styles", "fonts")


class OffNavPartials:
    """The navigation sidebar, the tabs and the other ``OFF_NAV_PARTIALS`` rendered once per folder
    for pages outside ``nav:``.

    kgsync's node pages (items, concepts, methods: nearly every page of a large site) are in no
    nav; each rendered the same sidebar and tabs again (docs8's profile of the engine at 10,000
    items).  ``install`` wraps the two partials' render functions: on a page outside nav,
    the first page of each URL folder renders them and the others reuse that output; on any
    other page (nav pages mark their entry active) they render as before.  Same bytes: the
    part processes' site is compared with a one-process ``mkdocs build`` (tests/publish/site/test_mkdocs_parts.py).
    """

    def __init__(self) -> None:
        self._in_nav: set[int] = set()
        self._cache: dict[tuple[str, str], str] = {}

    def set_nav(self, nav: Navigation) -> None:
        self._in_nav = {id(page.file) for page in nav.pages}

    def install(self, env: jinja2.Environment) -> None:
        for name in OFF_NAV_PARTIALS:
            try:
                template = env.get_template(name)
            except jinja2.TemplateNotFound:
                continue
            template.root_render_func = self._wrap(name, template.root_render_func)
        try:
            base = env.get_template("base.html")
        except jinja2.TemplateNotFound:
            return
        for block in OFF_NAV_BLOCKS:  # a page's context takes base.html's block functions from this dict
            if block in base.blocks:
                base.blocks[block] = self._wrap(f"base.html#{block}", base.blocks[block])

    def _key(self, name: str, context: Context) -> tuple[str, str] | None:
        page = context.get("page")
        if not isinstance(page, Page) or id(page.file) in self._in_nav or not page.url.endswith("/"):
            return None
        folder = page.url.rstrip("/").rpartition("/")[0]  # "items/x/" -> "items"
        return (name, folder)

    def _wrap(self, name: str, render: Callable[[Context], Iterator[str]]) -> Callable[[Context], Iterator[str]]:
        cache = self._cache

        def cached(context: Context) -> Iterator[str]:
            key = self._key(name, context)
            if key is None:
                yield from render(context)
                return
            if key not in cache:
                cache[key] = "".join(render(context))
            yield cache[key]
        return cached
