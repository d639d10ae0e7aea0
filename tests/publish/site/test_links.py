"""Tests of kgsync.publish.site.links: page links as mkdocs writes them, raw HTML lists, source URLs."""

from __future__ import annotations

import markdown
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.read.config import SiteOptions
from kgsync.contract.errors import ConfigError
from kgsync.publish.site import project as site
from kgsync.publish.site import pages as site_pages
from kgsync.publish.site.markdown import LeanMarkdown
from tests.publish.site.rendered import ENV, _Shape


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(list("<>&\"'`*_{}[]()#+-.!|~^=:;/\\ \n\tabcXYZ019é")), max_size=40),
                min_size=1, max_size=4))
def test_an_html_list_renders_as_exactly_its_texts(texts):
    """A list kgsync writes as a raw HTML block: Python-Markdown keeps it as written, so each entry
    shows exactly its text, whatever Markdown or HTML it holds (one <ul>, one <li> per entry)."""
    page = site_pages.HtmlPage("items/a.md", lambda node: None, None)  # type: ignore[arg-type]
    block = site_pages.html_block(site_pages.html_list(page.text(t) for t in texts))
    for lean in (True, False):  # stored unparsed by the site's extension; without it, ordinary raw HTML
        html = markdown.markdown(f"Before.\n\n{block}\n\nAfter.",
                                 extensions=["admonition", "tables", "toc"] + ([LeanMarkdown()] if lean else []))
        assert ("kgsync:html" in html) is not lean
        shape = _Shape()
        shape.feed(html)
        assert shape.tags == ["p", "ul"] + ["li"] * len(texts) + ["p"]
        assert [t.strip() for t in "".join(shape.text).split("\n") if t.strip()] == (
            ["Before."] + [" ".join(t.split()) for t in texts if t.split()] + ["After."])


def test_html_page_links_are_the_urls_mkdocs_would_write():
    """mkdocs rewrites ``.md`` links only in Markdown: an HTML list holds the final directory URLs."""
    page = site_pages.HtmlPage("items/a.md", lambda node: None, None)  # type: ignore[arg-type]
    assert page.href("concepts/rag.md") == "../../concepts/rag/"
    assert page.href("items/b.md#claim-x") == "../b/#claim-x"
    assert page.href("concepts/index.md") == "../../concepts/"
    assert page.href("index.md") == "../../"
    home = site_pages.HtmlPage("index.md", lambda node: None, None)  # type: ignore[arg-type]
    assert home.href("concepts/rag.md") == "concepts/rag/" and home.href("index.md") == "./"
    index = site_pages.HtmlPage("concepts/index.md", lambda node: None, None)  # type: ignore[arg-type]
    assert index.href("concepts/rag.md") == "rag/" and index.href("concepts/index--p2.md") == "index--p2/"


@pytest.mark.parametrize("final_urls", [True, False])
def test_pages_outside_the_entry_folders_link_into_them_alike_by_depth(final_urls):
    """An item or finding entry is rendered once per ``outside_links`` key and reused on every page
    with that key: each such page must write the same link to every page under those folders."""
    folders = frozenset({"items", "claims"})
    targets = ["items/a.md", "items/b.md#claim-x", "claims/c.md", "items/index.md", "claims/index--p2.md"]
    pages = ["index.md", "explore/index.md", "concepts/index.md", "concepts/index--p2.md", "concepts/rag.md",
             "concepts/rag--findings.md", "methods/m.md", "tags/t.md", "tags/t--superseded.md",
             "items/a.md", "items/index.md", "items/index--p2.md", "claims/c.md", "claims/index.md"]
    links_by_key: dict[object, list[str]] = {}
    for here in pages:
        page = site_pages.HtmlPage(here, lambda node: None, None, final_urls)  # type: ignore[arg-type]
        key = page.outside_links(folders)
        if here.partition("/")[0] in folders:
            assert key is None, here  # a link into its own folder is shorter
            continue
        hrefs = [page.href(target) for target in targets]
        assert links_by_key.setdefault(key, hrefs) == hrefs, here
    assert len(links_by_key) == (3 if final_urls else 2)  # home, an index page, a node page (Zensical: home, others)


def test_source_url_defaults_to_the_file_on_github_for_the_action_repo():
    url = site.source_url(SiteOptions(), "Research/completed/a b.md", {"GITHUB_REPOSITORY": "o/r", "GITHUB_REF_NAME": "dev"})
    assert url == "https://github.com/o/r/blob/dev/Research/completed/a%20b.md"
    assert site.source_url(SiteOptions(), "x.md", {"GITHUB_REPOSITORY": "o/r"}) == "https://github.com/o/r/blob/main/x.md"
    # A pull-request run: GITHUB_REF_NAME is "<number>/merge"; the PR's own branch holds the file.
    pull_request = {"GITHUB_REPOSITORY": "o/r", "GITHUB_REF_NAME": "42/merge", "GITHUB_HEAD_REF": "add-item"}
    assert site.source_url(SiteOptions(), "x.md", pull_request) == "https://github.com/o/r/blob/add-item/x.md"
    assert site.source_url(SiteOptions(), "x.md", {}) is None  # no repository known: no dead link


def test_source_url_template_and_repo_come_from_config():
    options = SiteOptions(source_url="https://git.example/{repo}/src/{branch}/{path}", repo="me/kb", branch="trunk")
    assert site.source_url(options, "R/x.md", ENV) == "https://git.example/me/kb/src/trunk/R/x.md"
    bad = SiteOptions(source_url="https://x/{owner}/{path}")
    with pytest.raises(ConfigError, match="source_url"):
        site.source_url(bad, "x.md", ENV)
    assert site.source_url(SiteOptions(source_url="javascript:{path}"), "x.md", ENV) is None
