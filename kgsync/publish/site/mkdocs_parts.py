"""``mkdocs build`` split over processes: each renders a share of the pages into its own folder.

mkdocs builds in one process, and at 10,000 items its per-page work (Markdown, the theme's
page template, the search plugin) is most of a site build.  Every page is rendered from its
own source and the whole file list (links are resolved against the list, not against other
pages' output), so pages can be rendered by separate processes, each holding the same
configuration and file list:

- ``python -m kgsync.publish.site.mkdocs_parts CONFIG SITE_DIR PART PARTS [--strict]`` runs mkdocs'
  own ``build`` with ``PartPlugin`` added.  The plugin gives part ``PART`` of ``PARTS`` one
  contiguous run of the documentation pages (split where the source bytes, plus a fixed
  cost per page, are halved), and marks every other file as unmodified, so mkdocs' ``dirty``
  mode neither renders nor writes it.  Part 0 also copies the static files and writes the
  theme's templates (404 page, sitemap: they list every page, rendered or not).  Each part
  writes its search index (its pages' entries, in page order; each page read by
  ``search.FastParser``, the same entries as the plugin's own parser) and a manifest of
  its pages.
- ``merge_parts`` moves the other parts' pages into part 0's folder and joins the search
  indexes in part order.  The runs are contiguous, so the joined index lists the entries
  in mkdocs' own page order: the merged site is byte-identical to a one-process build
  (tests/publish/site/test_mkdocs_parts.py compares them).

Anchors into pages another part renders are not checked by mkdocs (it skips pages it did
not render); ``kgsync.publish.site.check`` checks every link and anchor of the built site.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from kgsync.publish.site.mkdocs_render import OffNavPartials, ReusedMarkdown
from kgsync.publish.site.search import page_context

#: Written by each part into its folder: the pages it rendered (site-relative paths).
MANIFEST = ".kgsync-part.json"
SEARCH_INDEX = "search/search_index.json"
#: A page's fixed cost (theme template, search index, writing), in source bytes, when the pages
#: are shared out.  Re-fitted on the 10,000-item site (11,565 pages, two parts) once item pages
#: skipped Python-Markdown (``block_pages``): an item page (7 KB) now costs about what 11 KB of a
#: concept or claims page does.  Part 0 / part 1 CPU seconds (load 14-17): 2.65 KB 34.9 / 44.3,
#: 11 KB 38.6 / 38.2 (22 KB, the balance before the block pages, leans to part 0): the 10,000-item site
#: of ``bench/bench_site.py --large-dir DIR`` (CHANGELOG, "Site speed: the mkdocs side").
PAGE_COST = 11_000
#: mkdocs warns on every ``dirty`` build; here the other parts render the remaining pages.
DIRTY_WARNING = "A 'dirty' build is being performed"


def share(costs: Sequence[int], part: int, parts: int) -> range:
    """The indexes of part ``part``'s contiguous run, the runs about equal in total cost."""
    total = sum(costs)
    bounds, running, index = [0], 0, 0
    for cut in range(1, parts):
        while index < len(costs) and running + costs[index] / 2 < total * cut / parts:
            running += costs[index]
            index += 1
        bounds.append(index)
    bounds.append(len(costs))
    return range(bounds[part], bounds[part + 1])


def _always(value: bool) -> Callable[[], bool]:
    return lambda: value


class PartPlugin(BasePlugin):  # type: ignore[type-arg,no-untyped-call]  # (mkdocs is partly typed)
    """Renders only this part's pages; records them for ``merge_parts``."""

    def __init__(self, part: int, parts: int) -> None:
        super().__init__()
        self.part, self.parts = part, parts
        self.mine: list[str] = []
        self.markdown = ReusedMarkdown()
        self.partials = OffNavPartials()

    @event_priority(-100)  # after the search plugin's on_config, which makes its index
    def on_config(self, config: MkDocsConfig) -> None:
        """The search plugin's index reads pages with ``search.FastParser`` (same entries)."""
        from material.plugins.search.plugin import SearchIndex  # type: ignore[import-untyped]

        from kgsync.publish.site.search import FastSearchIndex

        search = config.plugins.get("material/search")
        if search is not None and type(getattr(search, "search_index", None)) is SearchIndex:
            search.search_index = FastSearchIndex(**search.config)
            _replace_event(config, "page_context", search.on_page_context, page_context(search))

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        pages = list(files.documentation_pages())
        costs = [PAGE_COST + os.path.getsize(f.abs_src_path) if f.abs_src_path else PAGE_COST for f in pages]
        chosen = {id(pages[i]) for i in share(costs, self.part, self.parts)}
        for file in files:
            if file.is_documentation_page():
                mine = id(file) in chosen
                if mine:
                    self.mine.append(file.dest_uri)
            else:
                mine = self.part == 0  # static files: copied once
            _mark(file, mine)
        return files

    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        self.partials.set_nav(nav)
        return nav

    def on_env(self, env: jinja2.Environment, *, config: MkDocsConfig, files: Files) -> jinja2.Environment:
        """The sidebar and tabs of pages outside nav rendered once per folder (``mkdocs_render``)."""
        self.partials.install(env)
        return env

    def on_pre_page(self, page: Page, *, config: MkDocsConfig, files: Files) -> Page:
        """One Markdown converter for all of this part's pages (``mkdocs_render``)."""
        self.markdown.install(page)
        return page

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        manifest = Path(config.site_dir) / MANIFEST
        manifest.write_text(json.dumps({"part": self.part, "pages": self.mine}), encoding="utf-8")


def _replace_event(config: MkDocsConfig, event: str, old: Callable[..., Any], new: Callable[..., Any]) -> None:
    """Run ``new`` where mkdocs would run the plugin method ``old`` (kept under its plugin's name)."""
    plugins = config.plugins
    handlers = plugins.events[event]
    if old in handlers:
        handlers[handlers.index(old)] = new
        plugins._event_origins[new] = plugins._event_origins.get(old, "<unknown>")


def _mark(file: File, mine: bool) -> None:
    # mkdocs' dirty mode renders, writes and copies a file only when is_modified() says so.
    file.is_modified = _always(mine)  # type: ignore[method-assign]


class _DropDirtyWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(DIRTY_WARNING)


def build_part(config_file: Path, site_dir: Path, part: int, parts: int, strict: bool) -> None:
    """One part's build (in this process): mkdocs' ``build`` with ``PartPlugin`` added."""
    from mkdocs.commands import build
    from mkdocs.config import load_config

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    handler.setLevel(logging.WARNING)
    logging.getLogger("mkdocs").addHandler(handler)
    logging.getLogger("mkdocs.commands.build").addFilter(_DropDirtyWarning())
    config: Any = load_config(str(config_file), site_dir=str(site_dir), strict=strict)
    config.plugins["kgsync/part"] = PartPlugin(part, parts)
    config.plugins.on_startup(command="build", dirty=False)  # a whole build: no plugin keeps state
    try:
        build.build(config, dirty=True)  # dirty: the part's own pages only (the folder starts empty)
    finally:
        config.plugins.on_shutdown()


def merge_parts(out_dir: Path, part_dirs: Sequence[Path]) -> None:
    """Move every other part's pages into ``out_dir`` (part 0) and join the search indexes."""
    index_file = out_dir / SEARCH_INDEX
    index = json.loads(index_file.read_text(encoding="utf-8")) if index_file.is_file() else None
    for folder in part_dirs:
        pages = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))["pages"]
        for page in pages:
            target = out_dir / page
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(folder / page, target)
        if index is not None:
            index["docs"] += json.loads((folder / SEARCH_INDEX).read_text(encoding="utf-8"))["docs"]
        shutil.rmtree(folder)
    if index is not None:  # the search plugin's own format (separators, escaping)
        index_file.write_text(json.dumps(index, separators=(",", ":"), default=str), encoding="utf-8")
    (out_dir / MANIFEST).unlink()


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    strict = "--strict" in args
    config_file, site_dir, part, parts = [a for a in args if a != "--strict"]
    try:
        build_part(Path(config_file), Path(site_dir), int(part), int(parts), strict)
    except Exception as exc:  # mkdocs' Abort and build errors: the message for the caller's output tail
        print(f"ERROR   -  {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
