"""The built site in a real browser: Debian's headless Chromium via ChromeDriver.

A reader loads the home page, searches a concept by one of its aliases, finds
it, opens it and follows a link back to an item; hostile item text never runs.
Screenshots of the home page and a concept page go to test-artifacts/.

The browser is driven with the W3C WebDriver protocol spoken directly to
``chromedriver`` over HTTP (stdlib ``urllib``): no Selenium, no extra package.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import threading
import time
from pathlib import Path

import pytest
from tests.conftest import missing as fail_or_skip

from kgsync.read.config import SiteOptions
from kgsync.publish.site import project as site
from tests.publish.site.webdriver import ELEMENT, WebDriver, _QuietHandler
from tests.site_fixture import EVIL, sample

ROOT = Path(__file__).resolve().parents[3]
ARTIFACTS = ROOT / "test-artifacts"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    graph, items = sample()
    return _built_site(graph, items, "Research KB", tmp_path_factory.mktemp("browser"))


def _built_site(graph, items, title: str, folder: Path) -> Path:
    site.render_project(graph, items, SiteOptions(title=title), folder / "project",
                        {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"})
    site.build_html(folder / "project", folder / "out")
    return folder / "out"


def _serve(folder: Path):
    handler = functools.partial(_QuietHandler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def server(built):
    yield from _serve(built)


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


# --- a reader's site built by the pipeline: theme synonyms, findings first, item pages, explorer, a11y ---

THEMES = """| Canonical slug | Aliases | Scope |
|---|---|---|
| `rag-retrieval` | `retrieval-augmented-generation`, `vector-search` | Retrieval-augmented generation (RAG), vector search |
| `memory-context` | `context-window` | Memory management, context windows |
| `agentic-ai` | `agents` | AI agents |

```yaml
rag-retrieval: [retrieval-augmented-generation, vector-search]
memory-context: [context-window]
agentic-ai: [agents]
```
"""


def _research_item(slug: str, title: str, themes: str, question: str, findings: list[str]) -> str:
    listed = "\n".join(f"{n}. **{text}** (high confidence; source: https://example.org/{slug}/{n})"
                       for n, text in enumerate(findings, 1))
    return (f"---\ntitle: \"{title}\"\ncompleted: {slug[:10]}\nthemes: {themes}\nconfidence: high\n---\n\n"
            f"# {title}\n\n## Research Question\n\n{question}\n\n## Findings\n\n### Executive Summary\n\n"
            f"Agents that plan with tools need memory; this item looks at {title.lower()}.\n\n"
            f"### Key Findings\n\n{listed}\n\n## Sources\n\n- https://example.org/{slug}\n")


@pytest.fixture(scope="module")
def reader_site(tmp_path_factory) -> Path:
    from kgsync.read import config as config_module
    from kgsync.read.items import read_corpus
    from kgsync.pipeline.stages import build

    root = tmp_path_factory.mktemp("reader")
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True)
    texts = {
        "2026-01-01-rag-basics": ("Grounding answers in documents", "[rag-retrieval]",
                                  "Does grounding answers in retrieved documents reduce made-up answers?",
                                  ["Retrieval-augmented generation halves unsupported answers for agents",
                                   "Vector search misses exact identifiers that keyword search finds"]),
        "2026-01-02-memory": ("Budgets for agent memory", "[memory-context]",
                              "How much of a context window should agents spend on memory?",
                              ["Context windows fill with tool output within ten steps",
                               "Memory summaries every five steps keep agents on task"]),
    }
    for n in range(3, 9):
        texts[f"2026-01-0{n}-agents-{n}"] = (f"Agents planning study {n}", "[agentic-ai]",
                                             f"How do agents plan with tools, case {n}?",
                                             [f"Agents that plan before acting finish {n} more tasks"])
    for slug, (title, themes, question, findings) in texts.items():
        (folder / f"{slug}.md").write_text(_research_item(slug, title, themes, question, findings), encoding="utf-8")
    (root / "themes.md").write_text(THEMES, encoding="utf-8")
    (root / "kgsync.yml").write_text("themes_vocabulary: themes.md\ngraph: memory.jsonl\n", encoding="utf-8")
    cfg = config_module.load(root)
    graph = build(cfg).graph
    items = read_corpus(cfg.items, cfg.root).items
    return _built_site(graph, items, "Reader KB", root)


@pytest.fixture(scope="module")
def reader(reader_site):
    yield from _serve(reader_site)


def _open(browser: WebDriver, url: str) -> None:
    browser.get(url)
    browser.wait("return document.readyState === 'complete' && document.querySelector('article h1') !== null")


def _console_errors(browser: WebDriver) -> list[str]:
    entries = browser("POST", "/se/log", {"type": "browser"}) or []
    return [e["message"] for e in entries if e.get("level") == "SEVERE"]


def test_a_theme_synonym_found_by_search_lands_on_its_node_and_its_findings(browser, reader):
    _open(browser, reader)
    hits = _search(browser, "retrieval augmented generation")
    # rag-retrieval's head is a technique: its node is a method (``ThemeMap.methods``), named by the
    # acronym's expansion, since "RAG retrieval" restates "retrieval" (``ThemeMap.node``)
    assert hits and "/methods/retrieval-augmented-generation/" in hits[0], hits
    _open(browser, hits[0].split("#")[0])
    # titled by the items' spelling with hyphens, not the spaced form the search found (``titles.spelled_out``)
    assert browser.js("return document.querySelector('article h1').textContent") == "retrieval-augmented generation"
    # the claims that name it are listed, each with its item
    findings = browser.js("return [...document.querySelectorAll('article li')].map(li => li.textContent)")
    assert any("halves unsupported answers" in f and "Grounding answers in documents" in f for f in findings), findings
    assert browser.js("return document.querySelector('.md-sidebar--secondary a[href=\"#claims-that-rely-on-it\"]')"
                      " !== null"), "the sidebar lists the page's sections"
    assert browser.js("const s = document.querySelector('.md-sidebar--primary'); return s === null || s.hidden"
                      " || s.offsetParent === null"), "no empty navigation sidebar"
    assert browser.js("return [...document.querySelectorAll('article a')].some(a => a.textContent === 'Methods')"), \
        "breadcrumbs lead back to the method index"
    assert _console_errors(browser) == []
    # a theme on most items is a concept too (its share decides nothing): its words find its page first
    hits = _search(browser, "agentic ai")
    assert hits and "/concepts/agentic-ai/" in hits[0], hits
    # a finding opens its section on its item's page, at the claim's anchor
    _open(browser, reader + "methods/retrieval-augmented-generation/")
    href = browser.js("return [...document.querySelectorAll('article li a')]"
                      ".find(a => a.textContent.includes('halves unsupported answers')).href")
    assert "/items/" in href and "#claim-" in href, href
    _open(browser, href)
    assert browser.js("return document.getElementById(decodeURIComponent(location.hash.slice(1))).tagName") == "H3"
    assert _console_errors(browser) == []


def test_an_item_page_shows_its_question_and_findings(browser, reader):
    _open(browser, reader + "items/2026-01-02-memory/")
    headings = browser.js("return [...document.querySelectorAll('article h2')].map(h => h.textContent.trim())")
    assert headings[:3] == ["Research question", "Executive summary", "Key findings"], headings
    text = browser.js("return document.querySelector('article').textContent")
    assert "How much of a context window should agents spend on memory?" in text
    # each finding is a section whose heading is the claim's anchor (a claim has no page of its own)
    anchors = browser.js("return [...document.querySelectorAll('article h3[id]')].map(h => h.id)")
    assert anchors and all(a.startswith("claim-") for a in anchors), anchors
    assert "None recorded" not in text
    assert _console_errors(browser) == []


def test_mobile_viewport_fits(browser, reader):
    browser("POST", "/window/rect", {"width": 375, "height": 812})
    try:
        for path in ("", "methods/retrieval-augmented-generation/", "items/2026-01-01-rag-basics/", "relations/", "explore/"):
            _open(browser, reader + path)
            assert browser.js("return document.documentElement.scrollWidth <= window.innerWidth + 1"), path
        browser.screenshot(ARTIFACTS / "site-mobile-explore.png")
    finally:
        browser("POST", "/window/rect", {"width": 1280, "height": 900})


def test_the_graph_explorer_loads_and_a_click_opens_a_node_page(browser, reader):
    # the explorer shows concepts and items (``memory-context`` is a bucket theme: a tag, no node)
    _open(browser, reader + "explore/?node=concept:agentic-ai")
    browser.wait("return document.querySelector('#kg-explorer').dataset.ready === 'true'")
    assert browser.js("return document.querySelector('.kg-centre').dataset.name") == "concept:agentic-ai"
    assert browser.js("return document.querySelectorAll('#kg-explorer svg a').length") >= 2
    assert not browser.js("return [...document.scripts].some(s => s.src && !s.src.startsWith(location.origin))"), \
        "nothing is loaded from another site"
    browser.screenshot(ARTIFACTS / "site-explore.png")
    node = browser.find("#kg-explorer svg a.kg-kind-i circle")  # a real click at the node
    browser("POST", f"/element/{node}/click", {})
    browser.wait("return location.pathname.includes('/items/')")
    browser.wait("return document.querySelector('article h1') !== null")
    assert browser.js("return document.querySelector('article h1').textContent").startswith("Agents planning study")
    assert _console_errors(browser) == []


AXE = Path(os.environ.get("KGSYNC_AXE_JS", ROOT / ".ci" / "node" / "node_modules" / "axe-core" / "axe.min.js"))


def _axe_violations(browser: WebDriver, base: str, paths: tuple[str, ...]) -> dict[str, list[str]]:
    """Serious and critical axe-core violations, by page."""
    if not AXE.is_file():
        fail_or_skip(f"not installed: {AXE} (axe-core)")
    source = AXE.read_text(encoding="utf-8")
    found = {}
    for path in paths:
        _open(browser, base + path)
        browser.js(source)
        browser("POST", "/execute/async", {"script": (
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then(r => { window.__axe = r.violations; done(); });"),
            "args": []})
        bad = browser.js("return window.__axe.filter(v => v.impact === 'serious' || v.impact === 'critical')"
                         ".map(v => v.id + ': ' + v.nodes.length + ' ' + v.nodes[0].target.join(' '))")
        if bad:
            found[path] = bad
    return found


def test_no_serious_accessibility_violations(browser, reader):
    """axe-core, run in the page, on the five node and index page kinds and the explorer."""
    assert _axe_violations(browser, reader, (
        "", "concepts/agentic-ai/", "methods/retrieval-augmented-generation/", "items/2026-01-01-rag-basics/", "claims/", "concepts/",
        "relations/", "explore/?node=concept:agentic-ai", "explore/?node=agent")) == {}


# --- the reader's four tasks, each from the home page in at most three clicks ---------------------

def _reader_graph():
    """The sample graph, with an item that evaluates agents with a benchmark suite."""
    from tests.site_fixture import item as make_item
    from kgsync.contract.model import Entity, Graph, Relation

    graph, items = sample()
    slug = "2026-03-05-agent-evals"
    items = [*items, make_item(slug, "Evaluating tool-using agents", "2026-03-05", ("agents",),
                               summary="Benchmarks of agents, see https://example.org/agent-bench for the suite.")]
    entities = [
        Entity(f"item:{slug}", "research_item", ("title: Evaluating tool-using agents", "tag:agents",
                                                 "completed:2026-03-05", f"provenance:item={slug}")),
        Entity("concept:ai agents", "concept", ("alias:agents", "alias:LLM agents", f"provenance:item={slug}")),
        Entity("method:benchmark suite", "method", ("alias:benchmark", f"provenance:item={slug}")),
        Entity(f"claim:{slug}:kf-1", "claim", ("title: Agents fail one task in three on the suite.",
                                               "confidence:medium", "section:key-finding-1", f"provenance:item={slug}")),
    ]
    relations = [
        Relation(f"item:{slug}", "concept:ai agents", "addresses"),
        Relation(f"item:{slug}", "concept:evaluation", "addresses"),
        Relation(f"item:{slug}", "method:benchmark suite", "uses_method"),
        Relation(f"item:{slug}", f"claim:{slug}:kf-1", "states"),
        Relation(f"claim:{slug}:kf-1", "concept:ai agents", "about"),
        Relation(f"claim:{slug}:kf-1", "method:benchmark suite", "uses_method"),
    ]
    return Graph(graph.entities + tuple(entities), graph.relations + tuple(relations)).canonical(), items


@pytest.fixture(scope="module")
def tasks_site(tmp_path_factory) -> Path:
    graph, items = _reader_graph()
    folder = tmp_path_factory.mktemp("tasks")
    evidence = {("claim:2026-02-01-rag-eval:kf-3", "claim:2026-01-01-rag-basics:kf-1", "contradicts"): [(
        "| Retrieval never helps | `2026-01-01-rag-basics.md` Key Finding 1 | low |",
        "Research/completed/2026-02-01-rag-eval.md:42")]}
    site.render_project(graph, items, SiteOptions(title="Tasks KB"), folder / "project",
                        {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"}, evidence=evidence)
    site.build_html(folder / "project", folder / "out")
    return folder / "out"


@pytest.fixture(scope="module")
def tasks(tasks_site):
    yield from _serve(tasks_site)


class Reader:
    """Clicks like a reader (real clicks on visible links), counting them."""

    def __init__(self, browser: WebDriver, home: str):
        self.browser, self.clicks = browser, 0
        _open(browser, home)

    def click(self, script: str) -> None:
        element = self.browser.js(script)
        assert element, script
        self.browser.js("arguments[0].scrollIntoView({block: 'center'})", element)
        before = self.browser.js("return location.href")
        self.browser("POST", f"/element/{element[ELEMENT]}/click", {})
        self.clicks += 1
        self.browser.wait("return location.href !== arguments[0] && document.readyState === 'complete'"
                          " && document.querySelector('article h1') !== null", before)

    def link(self, text: str, within: str = "") -> None:
        self.click("return [...document.querySelectorAll(arguments[0] + ' a')]"
                   ".find(a => a.textContent.trim() === arguments[1] && a.offsetParent !== null)"
                   .replace("arguments[0]", json.dumps(within or "body")).replace("arguments[1]", json.dumps(text)))

    def section(self, heading_id: str) -> str:
        """The text of the section under the h2 ``heading_id`` (up to the next h2)."""
        return self.browser.js(
            "let h = document.getElementById(arguments[0]); let out = ''; if (!h) return null;"
            "for (let e = h.nextElementSibling; e && e.tagName !== 'H2'; e = e.nextElementSibling)"
            " out += e.textContent + '\\n'; return out;", heading_id)


def test_task_what_is_known_about_a_topic(browser, tasks):
    reader = Reader(browser, tasks)
    reader.link("retrieval-augmented generation", "article")  # home: the concepts with the most claims
    findings = reader.section("findings")
    assert "Retrieval gains shrink with long-context models." in findings
    assert "Retrieval reduces hallucination in factual QA." in findings
    listed = browser.js("return [...document.getElementById('findings').nextElementSibling.nextElementSibling"
                        ".querySelectorAll(':scope > li > a:first-child')].map(a => a.textContent)")
    assert "Retrieval never helps." not in listed, listed  # contradicted: not a current finding
    marked = reader.section("contested-and-superseded-findings")
    assert "Contradicted: Retrieval never helps." in marked and "Superseded: Old retrieval claim." in marked
    assert reader.clicks <= 3
    assert _console_errors(browser) == []


def test_task_which_findings_contradict_each_other(browser, tasks):
    reader = Reader(browser, tasks)
    reader.link("Relations", ".md-tabs")
    contradicts = reader.section("contradicts")
    assert "Retrieval never helps." in contradicts and "Retrieval reduces hallucination in factual QA." in contradicts
    # the quote as text, linked to its line in the item's file
    assert "“Retrieval never helps · 2026-01-01-rag-basics.md Key Finding 1 · low”" in contradicts
    assert browser.js("return [...document.querySelectorAll('.kg-rel-quotes a')].map(a => a.href)") == [
        "https://github.com/acme/research/blob/main/Research/completed/2026-02-01-rag-eval.md#L42"]
    assert "|" not in contradicts.split("“")[1].split("”")[0] and "`" not in contradicts
    reader.link("Extends (1)", "article")  # the filter
    assert "Retrieval gains shrink with long-context models." in browser.js(
        "return document.querySelector('article').textContent")
    assert reader.clicks <= 3


def test_task_which_methods_evaluate_agents(browser, tasks):
    reader = Reader(browser, tasks)
    reader.link("Concepts", ".md-tabs")
    reader.link("ai agents", "article")
    assert "benchmark suite" in reader.section("methods-used-with-it")
    reader.link("benchmark suite", "article")
    assert "Evaluating tool-using agents" in reader.section("research-items-that-use-it")
    assert reader.clicks <= 3


def test_task_the_neighbourhood_of_a_concept(browser, tasks):
    reader = Reader(browser, tasks)
    reader.link("retrieval-augmented generation", "article")
    reader.link("Open in the explorer", "article")
    browser.wait("return document.querySelector('#kg-explorer').dataset.ready === 'true'")
    assert browser.js("return document.querySelector('.kg-centre').dataset.name") == \
        "concept:retrieval-augmented generation"
    listed = browser.js("return [...document.querySelectorAll('.kg-explorer-list a')].map(a => a.textContent)")
    assert "Evaluating RAG pipelines" in listed and "Knowledge graphs as agent memory" in listed
    assert reader.clicks <= 3
    assert _console_errors(browser) == []


def test_every_current_item_page_opens_in_the_explorer(browser, tasks):
    _open(browser, tasks + "items/2026-03-05-agent-evals/")
    href = browser.js("return document.querySelector('a.kg-open-explorer').href")
    assert href.endswith("/explore/?node=item:2026-03-05-agent-evals")
    # the summary's URL is a link
    assert "https://example.org/agent-bench" in browser.js(
        "return [...document.querySelectorAll('article a')].map(a => a.href)")


def test_the_explorer_finds_a_node_by_alias_or_part_of_a_name_and_says_when_nothing_matches(browser, tasks):
    def centre() -> str:
        browser.wait("return document.querySelector('#kg-explorer').dataset.ready === 'true'")
        return browser.js("return document.querySelector('.kg-centre').dataset.name")

    _open(browser, tasks + "explore/?node=KG")  # an alias in the address
    assert centre() == "concept:knowledge graph"
    field = browser.find("#kg-explorer-input")
    for query, expected in (("RAG", "concept:retrieval-augmented generation"), ("tool-using", "item:2026-03-05-agent-evals"),
                            ("LLM agents", "concept:ai agents"), ("evaluation", "concept:evaluation")):
        browser("POST", f"/element/{field}/clear", {})
        browser("POST", f"/element/{field}/value", {"text": query + "\n"})
        browser.wait("return document.querySelector('.kg-centre').dataset.name === arguments[0]", expected)
    browser("POST", f"/element/{field}/clear", {})
    browser("POST", f"/element/{field}/value", {"text": "zzz-no-such-thing\n"})
    browser.wait("return document.querySelector('.kg-explorer-status').textContent.includes('Nothing matches')")
    assert centre() == "concept:evaluation", "a failed search leaves the drawing as it was"
    _open(browser, tasks + "explore/?node=zzz")
    browser.wait("return document.querySelector('.kg-explorer-status')?.textContent.includes('Nothing matches')")


LABELS = """
const labels = [...document.querySelectorAll('#kg-explorer svg text')];
const boxes = labels.map(t => t.getBoundingClientRect());
const sizes = labels.map(t => t.getScreenCTM().a * parseFloat(getComputedStyle(t).fontSize));
let overlaps = 0;
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  const a = boxes[i], b = boxes[j];
  if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps++;
}
for (const t of labels) for (const c of document.querySelectorAll('#kg-explorer svg circle')) {
  if (t.parentNode === c.parentNode) continue;  // its own node
  const a = t.getBoundingClientRect(), b = c.getBoundingClientRect();
  if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps++;
}
const svg = document.querySelector('#kg-explorer svg').getBoundingClientRect();
const clipped = boxes.filter(r => r.left < svg.left - 1 || r.right > svg.right + 1).length;
return {count: labels.length, smallest: Math.min(...sizes), overlaps: overlaps, clipped: clipped};
"""


@pytest.mark.parametrize("width", [1280, 375])
def test_explorer_labels_are_readable_without_overlap(browser, tasks, width):
    browser("POST", "/window/rect", {"width": width, "height": 900})
    try:
        _open(browser, tasks + "explore/?node=concept:retrieval-augmented generation")
        browser.wait("return document.querySelector('#kg-explorer').dataset.ready === 'true'")
        found = browser.js(LABELS)
        print(f"explorer at {width} px: {found}")
        assert found["count"] >= 3 and found["smallest"] >= 12 and found["overlaps"] == 0 and found["clipped"] == 0, found
        assert browser.js("return document.documentElement.scrollWidth <= window.innerWidth + 1")
        browser.screenshot(ARTIFACTS / f"site-explore-{width}.png")
    finally:
        browser("POST", "/window/rect", {"width": 1280, "height": 900})


def _first_view(browser: WebDriver, url: str) -> dict:
    """Load ``url`` with an empty cache; the resources it fetched and the bytes transferred."""
    browser("POST", "/goog/cdp/execute", {"cmd": "Network.enable", "params": {}})
    browser("POST", "/goog/cdp/execute", {"cmd": "Network.clearBrowserCache", "params": {}})
    _open(browser, url)
    time.sleep(1)  # let the theme's script start its requests
    return browser.js("""
        const nav = performance.getEntriesByType('navigation')[0];
        const res = performance.getEntriesByType('resource');
        return {names: res.map(r => r.name), bytes: nav.transferSize + res.reduce((n, r) => n + r.transferSize, 0)};
    """)


def test_a_first_view_is_light_and_the_search_index_loads_when_search_is_used(browser, tasks):
    _open(browser, tasks)
    concept = browser.js("return [...document.querySelectorAll('article a')]"
                         ".find(a => a.pathname.includes('/concepts/retrieval')).href")
    first = _first_view(browser, concept)
    print(f"first view of a concept page: {first['bytes']} bytes in {len(first['names']) + 1} requests")
    assert not any("search_index" in name or "/workers/search." in name for name in first["names"]), first["names"]
    assert first["bytes"] <= 400_000, first
    hits = _search(browser, "RAG")  # using search fetches the index, and search works
    assert any("/concepts/retrieval-augmented-generation" in h for h in hits), hits
    assert browser.js("return performance.getEntriesByType('resource').some(r => r.name.includes('search_index'))")
    hits = _search(browser, "grounded")  # and keeps working
    assert any("/concepts/retrieval-augmented-generation" in h for h in hits), hits


def test_no_serious_accessibility_violations_on_relations_and_marked_findings(browser, tasks):
    """The relations pages, a concept page with whole findings folded and a marked section, the
    explorer with its list of other matches and its "nothing matches" message."""
    _open(browser, tasks)
    concept = browser.js("return [...document.querySelectorAll('article a')]"
                         ".find(a => a.pathname.includes('/concepts/retrieval')).pathname").lstrip("/")
    assert _axe_violations(browser, tasks, (
        concept, "relations/", "relations/extends/", "items/2026-03-05-agent-evals/", "explore/?node=retrieval",
        "explore/?node=zzz")) == {}
