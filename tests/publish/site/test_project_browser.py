"""The built site as GitHub Pages serves a *project* site: under /<repo>/, not at the host's root.

GitHub Pages answers an address it holds no file for with the site's 404.html, at that address
(any depth), so the 404 page cannot link its styles and scripts relatively: mkdocs writes them
from the path of ``site_url``, "/" without one.  A real ``mkdocs build`` of the rendered project,
served from a parent folder with that 404 behaviour, opened in the real headless Chromium.
"""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from kgsync.publish.site import project as site
from kgsync.read.config import SiteOptions
from tests.publish.site.webdriver import WebDriver, _QuietHandler
from tests.site_fixture import sample

pytestmark = pytest.mark.slow

REPO = "research"  # the repository's name: GitHub serves its project site under /research/


class _PagesHandler(_QuietHandler):
    """GitHub Pages' answer to a missing file under /<repo>/: that site's 404.html, status 404."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / REPO / "404.html"
        if code != 404 or not self.path.startswith(f"/{REPO}/") or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("project-site")
    graph, items = sample()
    options = SiteOptions(title="Research KB", url=f"https://acme.github.io/{REPO}/")
    site.render_project(graph, items, options, folder / "project",
                        {"GITHUB_REPOSITORY": f"acme/{REPO}", "GITHUB_REF_NAME": "main"})
    site.build_html(folder / "project", folder / "pages" / REPO)
    handler = functools.partial(_PagesHandler, directory=str(folder / "pages"))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/{REPO}/"
    httpd.shutdown()
    httpd.server_close()


def _loaded(browser: WebDriver) -> dict:
    """What the open page failed to load, and whether the theme's styles and script took effect."""
    browser.wait("return document.readyState === 'complete'")
    return browser.js("""
        const failed = performance.getEntriesByType('resource')
            .filter(r => (r.initiatorType === 'link' || r.initiatorType === 'script') && r.responseStatus !== 200)
            .map(r => r.name);
        const sheets = [...document.querySelectorAll('link[rel=stylesheet]')];
        return {failed: failed,
                unstyled: sheets.filter(l => !l.sheet || l.sheet.cssRules.length === 0).map(l => l.href),
                header: getComputedStyle(document.querySelector('.md-header')).position,
                home: document.querySelector('.md-header__button.md-logo').href};
    """)


@pytest.mark.parametrize("address", ["no-such-page/", "concepts/gone/deeper/"])
def test_the_404_page_of_a_project_site_loads_its_styles_and_links_home_at_any_depth(browser, pages, address):
    browser.get(pages + address)
    loaded = _loaded(browser)
    assert loaded["failed"] == [] and loaded["unstyled"] == []
    assert loaded["header"] == "sticky"  # the theme's stylesheet took effect
    assert loaded["home"] == pages
    assert "404" in browser.js("return document.querySelector('article h1').textContent")


def test_a_page_of_a_project_site_still_loads_relatively(browser, pages):
    browser.get(pages + "concepts/")
    loaded = _loaded(browser)
    assert loaded["failed"] == [] and loaded["unstyled"] == []
    assert loaded["home"] == pages
