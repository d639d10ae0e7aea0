"""mkdocs' page render with one Markdown converter per process, not one per page.

``Page.render`` (mkdocs 1.6) builds a new ``markdown.Markdown`` for every page: loading the
extensions and building every processor registry again.  At 10,000 items that set-up was a
tenth of the engine's Markdown time.  Python-Markdown's own way to convert many documents is
one instance and ``reset()`` between them (it empties the HTML stash, the references and every
extension's state, the table of contents included); mkdocs' four per-page processors (raw
HTML anchors, anchors, relative links, title) are registered anew for each page, replacing the
previous page's under the same names, as ``Page.render`` does on its fresh instance.

``ReusedMarkdown.render`` is ``Page.render`` line by line with that one change; the part
processes (``mkdocs_parts``) use it.  Their site is byte-identical to ``mkdocs build`` in one
process (tests/test_site_search.py compares them), which is what shows the reuse changes nothing.
"""

from __future__ import annotations

import logging

import markdown
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.pages import (Page, _ExtractAnchorsTreeprocessor, _ExtractTitleTreeprocessor,
                                    _RawHTMLPreprocessor, _RelativePathTreeprocessor)
from mkdocs.structure.toc import get_toc

log = logging.getLogger("mkdocs.structure.pages")  # the logger Page.render reads its level from


class ReusedMarkdown:
    """One converter for every page this process renders (``install`` hooks it into a page)."""

    def __init__(self) -> None:
        self._md: markdown.Markdown | None = None

    def install(self, page: Page) -> None:
        """Make ``page.render`` this converter's render (mkdocs calls it right after ``on_pre_page``)."""
        page.render = lambda config, files: self.render(page, config, files)  # type: ignore[method-assign]

    def _converter(self, config: MkDocsConfig) -> markdown.Markdown:
        if self._md is None:
            self._md = markdown.Markdown(extensions=config["markdown_extensions"],
                                         extension_configs=config["mdx_configs"] or {})
        return self._md.reset()

    def render(self, page: Page, config: MkDocsConfig, files: Files) -> None:
        if page.markdown is None:
            raise RuntimeError("`markdown` field hasn't been set (via `read_source`)")
        md = self._converter(config)

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
