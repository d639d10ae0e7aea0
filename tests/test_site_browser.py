"""The built site in a real browser: Debian's headless Chromium via ChromeDriver.

A reader loads the home page, searches a concept by one of its aliases, finds
it, opens it and follows a link back to an item; hostile item text never runs.
Screenshots of the home page and a concept page go to test-artifacts/.

The browser is driven with the W3C WebDriver protocol spoken directly to
``chromedriver`` over HTTP (stdlib ``urllib``): no Selenium, no extra package.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import missing as fail_or_skip

from kgsync.config import Config, SiteOptions
from kgsync.publish import site
from site_fixture import EVIL, sample

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("KGSYNC_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("KGSYNC_CHROMEDRIVER", "/usr/bin/chromedriver")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage", "--window-size=1280,900",
]

pytestmark = pytest.mark.slow


def _require_browser() -> None:
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not (Path(p).exists() or shutil.which(p))]
    if missing:
        fail_or_skip(f"not installed: {', '.join(missing)} (chromium and chromium-driver)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriver:
    """The few W3C WebDriver commands the test needs."""

    def __init__(self, base: str, session: str):
        self.base, self.session = base, session

    @staticmethod
    def call(base: str, method: str, path: str, body: dict | None = None, timeout: float = 60) -> object:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"null")["value"]
        except urllib.error.HTTPError as exc:
            raise AssertionError(f"WebDriver {method} {path}: {exc.read()[:500]!r}") from None

    def __call__(self, method: str, path: str, body: dict | None = None) -> object:
        return self.call(self.base, method, f"/session/{self.session}{path}", body)

    def get(self, url: str) -> None:
        self("POST", "/url", {"url": url})

    def find_all(self, css: str) -> list[str]:
        return [e[ELEMENT] for e in self("POST", "/elements", {"using": "css selector", "value": css})]

    def find(self, css: str) -> str:
        return self("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def js(self, script: str, *args: object) -> object:
        return self("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait(self, script: str, *args: object, timeout: float = 20) -> object:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.js(script, *args)
            if value:
                return value
            time.sleep(0.2)
        raise AssertionError(f"timed out waiting for: {script}")

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(self("GET", "/screenshot")))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    graph, items = sample()
    folder = tmp_path_factory.mktemp("browser")
    site.render_project(graph, items, Config(site=SiteOptions(title="Research KB")), folder / "project",
                        {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"})
    site.build_html(folder / "project", folder / "out")
    return folder / "out"


@pytest.fixture(scope="module")
def server(built):
    handler = functools.partial(_QuietHandler, directory=str(built))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    _require_browser()
    port = _free_port()
    log = tmp_path_factory.mktemp("chromedriver") / "chromedriver.log"
    driver = subprocess.Popen([CHROMEDRIVER, f"--port={port}", f"--log-path={log}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if WebDriver.call(base, "GET", "/status", timeout=2)["ready"]:
                    break
            except (OSError, AssertionError):
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"chromedriver did not start; see {log}")
            time.sleep(0.1)
        profile = tmp_path_factory.mktemp("chromium-profile")
        capabilities = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": [*FLAGS, f"--user-data-dir={profile}"]},
        }}}
        session = WebDriver.call(base, "POST", "/session", capabilities, timeout=120)["sessionId"]
        wd = WebDriver(base, session)
        yield wd
        wd("DELETE", "")
    finally:
        driver.terminate()
        try:
            driver.wait(timeout=10)
        except subprocess.TimeoutExpired:
            driver.kill()


def _search(browser: WebDriver, query: str) -> list[str]:
    """Type ``query`` into the theme's search box; the result links (hrefs)."""
    browser.find("label.md-search__icon, .md-search__input")  # the search UI is there
    browser.js("document.querySelector('input.md-search__input').focus()")
    field = browser.find("input.md-search__input")
    browser("POST", f"/element/{field}/clear", {})
    browser("POST", f"/element/{field}/value", {"text": query})
    browser.wait("return document.querySelectorAll('.md-search-result__item').length > 0")
    return browser.js("return [...document.querySelectorAll('.md-search-result__item a')].map(a => a.href)")


def test_reader_finds_a_concept_by_alias_and_goes_back_to_its_items(browser, server):
    browser.get(server)
    assert browser.js("return document.title") == "Research KB"
    assert browser.js("return document.querySelector('article h1').textContent") == "Research KB"
    browser.screenshot(ARTIFACTS / "site-home.png")

    # Search by an alias ("RAG"), not by the concept's name.
    hits = _search(browser, "RAG")
    concept = [h for h in hits if "/concepts/retrieval-augmented-generation" in h]
    assert concept, hits
    assert hits[0] == concept[0], "the concept page ranks first for its alias"
    hits = _search(browser, "grounded")
    assert any("/concepts/retrieval-augmented-generation" in h for h in hits), hits

    # Open the concept page: it links back to its items and to their source files.
    browser.get(concept[0].split("#")[0])
    browser.wait("return document.readyState === 'complete'")
    assert browser.js("return document.querySelector('article h1').textContent") == "retrieval-augmented generation"
    links = browser.js("return [...document.querySelectorAll('article a')].map(a => a.href)")
    assert f"{server}items/2026-02-01-rag-eval/" in links
    assert "https://github.com/acme/research/blob/main/Research/completed/2026-02-01-rag-eval.md" in links
    assert browser.js("return document.querySelectorAll('.kg-diagram svg').length") == 1
    browser.screenshot(ARTIFACTS / "site-concept.png")

    # Follow the link to an item page.
    item = browser.js("return [...document.querySelectorAll('article a')]"
                      ".find(a => a.href.endsWith('/items/2026-02-01-rag-eval/'))")
    browser("POST", f"/element/{item[ELEMENT]}/click", {})
    browser.wait("return location.pathname.endsWith('/items/2026-02-01-rag-eval/')")
    browser.wait("return document.querySelector('article h1') !== null")
    assert browser.js("return document.querySelector('article h1').textContent") == "Evaluating RAG pipelines"


def test_hostile_text_never_runs(browser, server):
    for path in ("items/2026-03-02-evil/", "tags/", "claims/", "concepts/"):
        browser.get(server + path)
        browser.wait("return document.readyState === 'complete'")
        assert browser.js("return window.__xss === undefined"), path
    browser.get(server + "items/2026-03-02-evil/")
    assert browser.js("return document.querySelector('article h1').textContent") == EVIL
    hits = _search(browser, "jinja")
    assert any("/items/2026-03-02-evil/" in h for h in hits), hits
    time.sleep(0.5)  # let any injected handler fire
    assert browser.js("return window.__xss === undefined")
    assert browser.js("return document.querySelectorAll('.md-search-result img, .md-search-result script').length") == 0
