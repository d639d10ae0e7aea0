"""Tests of kgsync.publish.site.mkdocs_render: one Markdown converter per process, the off-nav partials
rendered once per folder; each the same output as mkdocs' own render (the whole site: test_mkdocs_parts.py)."""

from __future__ import annotations

from pathlib import Path

import jinja2
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from kgsync.publish.site.mkdocs_render import OffNavPartials, ReusedMarkdown

PAGES = {
    "index.md": "# Home\n\nSee [a](items/a.md) and [b](items/b.md#part).\n",
    "items/a.md": "# A\n\n## Why\n\n- one *two*\n\n| x | y |\n|---|---|\n| 1 | 2 |\n",
    "items/b.md": "# B\n\n<div markdown>raw</div>\n\n## Part\n\n[up](../index.md) [a](a.md#why)\n",
}


def _site(tmp_path: Path) -> tuple[MkDocsConfig, Files, list[Page]]:
    docs = tmp_path / "docs"
    for name, text in PAGES.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    config = MkDocsConfig()
    config.load_dict({"site_name": "t", "docs_dir": str(docs), "site_dir": str(tmp_path / "site"),
                      "markdown_extensions": ["toc", "tables", "attr_list", "md_in_html"]})
    errors, warnings = config.validate()
    assert not errors, errors
    files = Files([File(name, str(docs), str(tmp_path / "site"), True) for name in PAGES])
    pages = []
    for file in files:
        page = Page(None, file, config)
        page.read_source(config)
        pages.append(page)
    return config, files, pages


def test_one_reused_converter_renders_each_page_as_mkdocs_does(tmp_path: Path) -> None:
    config, files, own = _site(tmp_path)
    _, _, reused = _site(tmp_path)
    converter = ReusedMarkdown()
    for page in reused:
        converter.install(page)
    for mine, theirs in zip(reused + reused, own + own):  # twice: nothing of one page stays for the next
        theirs.render(config, files)
        mine.render(config, files)
        assert (mine.content, mine.title, str(mine.toc), mine.present_anchor_ids) == (
            theirs.content, theirs.title, str(theirs.toc), theirs.present_anchor_ids), mine.file.src_uri


def test_an_off_nav_partial_renders_once_per_folder_and_a_nav_page_its_own(tmp_path: Path) -> None:
    config, files, pages = _site(tmp_path)
    renders: list[str] = []
    env = jinja2.Environment(loader=jinja2.DictLoader({"partials/nav.html": "{{ mark(page.url) }}"}))
    env.globals["mark"] = lambda url: renders.append(url) or f"nav of {url}"
    partials = OffNavPartials()
    home = next(p for p in pages if p.file.src_uri == "index.md")
    partials.set_nav(Navigation([home], [home]))
    partials.install(env)
    nav = env.get_template("partials/nav.html")
    out = [nav.render(page=page) for page in pages] + [nav.render(page=page) for page in pages]
    a, b = (next(p for p in pages if p.file.src_uri == f"items/{n}.md") for n in "ab")
    assert renders.count(home.url) == 2  # in nav: rendered each time (its entry is marked)
    assert renders.count(a.url) + renders.count(b.url) == 1  # outside nav, one folder: rendered once
    assert out[1] == out[2] == out[4] == out[5]  # the folder's sidebar reused, as written the first time
