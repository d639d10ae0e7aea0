"""Page front matter: no item text can leave its YAML scalar (the site's first line of defence
is the item boundary, see test_items; this is the second)."""

from __future__ import annotations

from hypothesis import example, given, settings
from mkdocs.utils.meta import get_data

from kgsync.read.config import SiteOptions
from kgsync.contract.model import Entity, Graph
from kgsync.publish.site import pages as site_pages
from kgsync.publish.site.text import html_text
from tests.publish.site.breaking_text import TEXT
from tests.site_fixture import item

ENV = {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"}


@given(TEXT)
@example("x\x85 [clickme](javascript:window.__xss=1)")
@example("t\uffff\n---\n<script>window.__xss=2</script>")
@settings(max_examples=40, deadline=None)
def test_a_page_front_matter_holds_any_title(title: str) -> None:
    slug = "2026-01-01-x"
    graph = Graph((Entity(f"item:{slug}", "research_item", (f"title: {title}", f"provenance:item={slug}")),))
    pages = site_pages.render_pages(graph, [item(slug, title, "2026-01-01")], SiteOptions(), ENV)
    page = next(text for path, text in pages.items() if path.startswith("items/"))
    markdown, meta = get_data(page)  # as mkdocs reads it
    shown = str(html_text(title))
    assert meta.get("title") == (shown or slug), page[:300]  # an empty title: the page is named by its slug
    assert not markdown.lstrip().startswith("---")
