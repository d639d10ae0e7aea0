"""The concept site: rendering (pure, deterministic, escaped) and real builds.

The builds run the real engines (``mkdocs build --strict`` and ``zensical
build``) on a hand-written graph that holds every page kind, every relation,
the trust states and hostile text in every field, then inspect the HTML.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kgsync.read.config import Config, SiteOptions
from kgsync.contract.errors import ConfigError, PublishError
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.site import project as site
from kgsync.publish.site import pages as site_pages
from kgsync.publish.site.check import broken_links
from kgsync.publish.site.markdown import LeanMarkdown
from kgsync.publish.site.text import RESERVED_STEMS, counted, file_stems, md_text, safe_url
from tests.conftest import missing
from tests.site_fixture import HOSTILE, sample

ENV = {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"}


# --------------------------------------------------------------------------- escaping


class _Shape(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def _render_inline(text: str, before: str = "", lean: bool = False) -> _Shape:
    extensions = ["admonition", "tables", "toc", "attr_list"] + ([LeanMarkdown()] if lean else [])
    html = markdown.markdown(before + str(md_text(text)), extensions=extensions)
    shape = _Shape()
    shape.feed(html)
    return shape


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("<>&\"'`*_{}[]()#+-.!|~^=:;/\\ \n\tabcXYZ019é")), max_size=60))
def test_md_text_renders_as_exactly_the_text(text):
    """Whatever the text, Markdown renders md_text(text) as that text: one paragraph, no markup."""
    expected = " ".join(text.split())
    for lean in (False, True):  # the site's own configuration (site_markdown) included
        shape = _render_inline(text, lean=lean)
        assert set(shape.tags) <= {"p"}
        assert "".join(shape.text).strip() == expected
    # where templates put values: a list item, a second paragraph line, after a link
    for before, tags in (("- ", ["ul", "li"]), ("Text\n", ["p"]), ("[a](b.md)", ["p", "a"])):
        shape = _render_inline(text, before, lean=True)
        assert shape.tags == tags or (not expected and shape.tags[:1] == tags[:1]), (before, text, shape.tags)


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

@pytest.mark.parametrize("hostile", HOSTILE)
def test_md_text_neutralises_each_hostile_string(hostile):
    shape = _render_inline(hostile)
    assert shape.tags == ["p"]
    assert "".join(shape.text) == hostile


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.org/a?b=1&c=2", "https://example.org/a?b=1&c=2"),
        ("HTTP://example.org/a b", "http://example.org/a%20b"),
        ("https://ok.example/\"><script>", "https://ok.example/%22%3E%3Cscript%3E"),
        ("https://ex.org/(x)", "https://ex.org/%28x%29"),
        ("javascript:alert(1)", None),
        ("JavaScript:alert(1)", None),
        ("data:text/html,<script>", None),
        ("//evil.example/x", None),
        ("/relative", None),
        ("https://a\"b.example/", None),
        ("https://ex.org/\x00", None),
    ],
)
def test_safe_url_keeps_only_http_urls(url, expected):
    assert safe_url(url) == expected


@given(st.sets(st.text(min_size=1, max_size=80), max_size=40))
@example({"0\n"})  # "$" matches before a final newline: the clean-slug test must be a full match
def test_file_stems_are_safe_unique_and_order_free(keys):
    ordered = sorted(keys)
    stems = file_stems(ordered)
    assert stems == file_stems(list(reversed(ordered)))
    values = [s.casefold() for s in stems.values()]
    assert len(set(values)) == len(values)
    for stem in stems.values():
        assert re.fullmatch(r"[a-z0-9][a-z0-9-]*", stem) and "--" not in stem and len(stem) <= 64
        assert stem not in RESERVED_STEMS


def test_file_stems_keep_clean_names_and_hash_the_rest():
    stems = file_stems(["rag", "knowledge graph", "Rag", "index"])
    assert stems["rag"] == "rag"
    assert re.fullmatch(r"knowledge-graph-[0-9a-f]{8}", stems["knowledge graph"])
    assert re.fullmatch(r"rag-[0-9a-f]{8}", stems["Rag"])
    assert stems["index"] != "index"


# --------------------------------------------------------------------------- source links


def test_counts_agree_with_their_noun():
    assert [counted(n, "shared item") for n in (0, 1, 2)] == ["0 shared items", "1 shared item", "2 shared items"]


def test_source_url_defaults_to_the_file_on_github_for_the_action_repo():
    url = site.source_url(Config(), "Research/completed/a b.md", {"GITHUB_REPOSITORY": "o/r", "GITHUB_REF_NAME": "dev"})
    assert url == "https://github.com/o/r/blob/dev/Research/completed/a%20b.md"
    assert site.source_url(Config(), "x.md", {"GITHUB_REPOSITORY": "o/r"}) == "https://github.com/o/r/blob/main/x.md"
    # A pull-request run: GITHUB_REF_NAME is "<number>/merge"; the PR's own branch holds the file.
    pull_request = {"GITHUB_REPOSITORY": "o/r", "GITHUB_REF_NAME": "42/merge", "GITHUB_HEAD_REF": "add-item"}
    assert site.source_url(Config(), "x.md", pull_request) == "https://github.com/o/r/blob/add-item/x.md"
    assert site.source_url(Config(), "x.md", {}) is None  # no repository known: no dead link


def test_source_url_template_and_repo_come_from_config():
    config = Config(site=SiteOptions(source_url="https://git.example/{repo}/src/{branch}/{path}", repo="me/kb",
                                     branch="trunk"))
    assert site.source_url(config, "R/x.md", ENV) == "https://git.example/me/kb/src/trunk/R/x.md"
    bad = Config(site=SiteOptions(source_url="https://x/{owner}/{path}"))
    with pytest.raises(ConfigError, match="source_url"):
        site.source_url(bad, "x.md", ENV)
    assert site.source_url(Config(site=SiteOptions(source_url="javascript:{path}")), "x.md", ENV) is None


# --------------------------------------------------------------------------- rendering


def test_render_is_deterministic_and_idempotent(tmp_path):
    graph, items = sample()
    first = site_pages.render_pages(graph, items, Config(), ENV)
    shuffled = Graph(tuple(reversed(graph.entities)), tuple(reversed(graph.relations)))
    assert site_pages.render_pages(shuffled, list(reversed(items)), Config(), ENV) == first
    project = site.render_project(graph, items, Config(), tmp_path / "p", ENV)
    assert project.written == len(first) + 5  # pages, kgsync.css, kgsync.js, kgsync-search.js, graph.json, mkdocs.yml
    again = site.render_project(graph, items, Config(), tmp_path / "p", ENV)
    assert (again.written, again.removed) == (0, 0)
    # A node that disappears takes its page with it.
    smaller = Graph(tuple(e for e in graph.entities if e.name != "concept:vector search"),
                    tuple(r for r in graph.relations if r.target != "concept:vector search"))
    third = site.render_project(smaller, items, Config(), tmp_path / "p", ENV)
    assert third.removed == 1
    assert not any("vector-search" in p for p in third.pages)
    assert sorted(p.relative_to(tmp_path / "p" / "docs").as_posix()
                  for p in (tmp_path / "p" / "docs").rglob("*.md")) == list(third.pages)


def _page(pages: dict[str, str], prefix: str) -> str:
    matches = [text for path, text in pages.items() if path.startswith(prefix)]
    assert len(matches) == 1, (prefix, [p for p in pages if p.startswith(prefix)])
    return matches[0]


def _section(page: str, heading: str) -> str:
    start = page.index(f"## {heading}\n")
    end = page.find("\n## ", start + 1)
    return page[start: end if end != -1 else None]


def _claim_section(pages: dict[str, str], graph: Graph, items, name: str) -> str:
    """A claim's section on its item's page: from its heading (the claim's anchor) to the next."""
    page, _, anchor = site_pages.collect(graph, items).nodes[name].page.partition("#")
    text = pages[page]
    start = text.index(f'<h3 id="{anchor}">')
    ends = [i for i in (text.find("\n<h3 ", start + 1), text.find("\n## ", start + 1)) if i != -1]
    return text[start: min(ends) if ends else None]


def test_reader_paths_home_ranking_links_back_and_dead_ends(tmp_path):
    from dataclasses import replace

    graph, items = sample()
    # The superseded item names a successor the graph does not hold (a later, unmerged item).
    items = [replace(i, superseded_by=("2026-09-09-not-here",)) if i.slug == "2025-12-01-old-rag" else i for i in items]
    pages = site_pages.render_pages(graph, items, Config(), {})  # no repository known: no URL to link into
    home = pages["index.md"]
    assert "## Concepts with the most claims" in home
    assert re.search(r"— \d+ claims? · \d+ items?\n", home)
    old = _page(pages, "items/2025-12-01-old-rag")
    assert "superseded by 2026-09-09-not-here (not in this graph)" in old
    assert "Item file: Research/completed/2025-12-01-old-rag.md" in old  # named, not linked
    tag_index = pages["tags/index.md"]
    assert "search:\n  exclude: true" in tag_index  # a list of links is no search answer
    retrieval = next(text for path, text in pages.items() if path.startswith("tags/retrieval") and "--" not in path)
    assert "See also: [1 superseded item tagged retrieval](" in retrieval
    assert "See also: [Superseded items](superseded.md)" in pages["items/index.md"]
    assert re.search(r"<a href=[^>]+>[^<]+</a> — \d+ items?</li>\n", pages["methods/index.md"])  # items, not "users"


def test_a_claim_page_quotes_its_whole_finding(tmp_path):
    from dataclasses import replace

    from kgsync.read.items import KeyFinding

    graph, items = sample()
    claim = next(e for e in graph.entities if e.entity_type == "claim"
                 and any(o.startswith("section:key-finding-") for o in e.observations))
    slug = claim.name.split(":")[1]
    number = int(next(o for o in claim.observations if o.startswith("section:key-finding-")).rsplit("-", 1)[1])
    whole = ("**Retrieval helps.** It helps most on long-tail questions, where the model has seen the answer "
             "rarely, and least on questions it answers well anyway [inference; source: https://example.org/x].")
    items = [replace(i, key_findings=(KeyFinding(number, whole, 40),)) if i.slug == slug else i for i in items]
    finding = _claim_section(site_pages.render_pages(graph, items, Config(), ENV), graph, items, claim.name)
    assert "It helps most on long-tail questions" in finding  # the whole statement, escaped
    whole_text = finding.split("\n\n")[1]  # the heading (the claim's short form), then the whole finding
    assert "**" not in whole_text and "https" not in whole_text and "inference" not in whole_text  # markup and labels out


def test_a_term_page_is_titled_in_words_not_as_a_slug():
    from kgsync.publish.site.model import collect

    graph = Graph((Entity("concept:knowledge-graphs", "concept", ("alias:KG", "alias:knowledge graphs")),
                   Entity("method:fine-tuning", "method", ("alias:fine-tuning",))))
    data = collect(graph, [])
    assert data.nodes["concept:knowledge-graphs"].title == "knowledge graphs"
    assert data.nodes["concept:knowledge-graphs"].aliases == ("KG",)
    assert data.nodes["method:fine-tuning"].title == "fine-tuning"  # a hyphenated word stays one


def test_concept_page_content(tmp_path):
    graph, items = sample()
    pages = site_pages.render_pages(graph, items, Config(), ENV)
    page = _page(pages, "concepts/retrieval-augmented-generation")
    assert "**Also known as:** grounded generation · RAG · retrieval augmented generation" in page
    items_part = _section(page, "Research items")
    # newest first, each with its item page and the item's own source
    order = [items_part.index(t) for t in ("Knowledge graphs as agent memory", "Evaluating RAG", "Retrieval-augmented")]
    assert order == sorted(order)
    assert '<a href="../../items/2026-02-01-rag-eval/">' in items_part  # lists are HTML: final URLs
    assert "https://github.com/acme/research/blob/main/Research/completed/2026-02-01-rag-eval.md" in items_part
    # findings first: before the items, newest item first, each with its item, date and confidence
    claims = _section(page, "Findings")
    assert page.index("## Findings") < page.index("## Research items")
    assert claims.index("Retrieval gains shrink") < claims.index("Retrieval reduces hallucination")
    assert ('— <a href="../../items/2026-02-01-rag-eval/">Evaluating RAG pipelines</a> (2026-02-01) · '
            "<em>medium confidence</em>") in claims
    assert all(f"<strong>{verb}</strong>" in claims for verb in ("contradicted by", "extended by", "supported by"))
    assert '<a href="../../methods/ablation-study' in _section(page, "Methods used with it")
    assert '<a href="../evaluation/">evaluation</a> — 1 shared item</li>' in _section(page, "Related concepts")
    assert '<div class="kg-diagram"><svg' in page
    # superseded and contradicted: out of the default lists, each in its marked section
    old = _section(page, "Superseded items")
    assert '!!! warning "Superseded items: not current"' in old
    contested = _section(page, "Contested and superseded findings")
    assert '!!! warning "Not current: contested or superseded"' in contested
    assert "<strong>Contradicted:</strong> <a" in contested and "<strong>Superseded:</strong> <a" in contested
    assert "<em>contradicts</em> <a" in contested  # what put it there
    for text, section in (("Old notes on retrieval", old), ("Old retrieval claim", contested),
                          ("Retrieval never helps", contested)):
        assert text in section
        assert text not in items_part and text not in claims.split("<strong>contradicted by</strong>")[0]


def test_item_claim_method_and_home_pages(tmp_path):
    graph, items = sample()
    pages = site_pages.render_pages(graph, items, Config(), ENV)
    item = pages["items/2026-01-01-rag-basics.md"]
    assert "Read the item: Research/completed/2026-01-01-rag-basics.md</a>" in item
    assert '<a href="../2026-02-01-rag-eval/">Evaluating RAG pipelines</a>' in _section(item, "Extended by")
    assert '<a href="../2025-12-01-old-rag/">Old notes on retrieval</a> <em>(superseded)</em>' in _section(item, "Extends")
    assert '<a href="../../tags/llm/">llm</a>' in item  # an HTML block: the final URL
    old = pages["items/2025-12-01-old-rag.md"]
    assert '!!! warning "Superseded: not current"' in old and "superseded by [Retrieval" in old
    claim = _claim_section(pages, graph, items, "claim:2026-02-01-rag-eval:kf-3")
    assert '!!! warning "Contradicted: not current"' in claim
    assert claim.startswith('<h3 id="claim-kf-3">') and "<strong>Contradicts</strong> <a href=" in claim
    assert "2026-02-01-rag-eval/#claim-kf-3" in pages["claims/superseded.md"]  # the lists link the section
    assert _claim_section(pages, graph, items, "claim:2025-12-01-old-rag:kf-1").count("Superseded: not current") == 1
    assert not [path for path in pages if path.startswith("claims/") and "index" not in path
                and "superseded" not in path]  # every claim is a section of its item's page
    method = _page(pages, "methods/ablation-study")
    assert "**Also known as:** ablation" in method and "Evaluating RAG pipelines" in method
    home = pages["index.md"]
    assert "**4** current research items" in home and "1 superseded" in home
    assert home.index("[retrieval-augmented generation]") < home.index("[evaluation]")  # most connected first
    assert "Old notes on retrieval" not in home
    assert "Old notes" in pages["items/superseded.md"] and "Old notes" not in pages["items/index.md"]
    assert "Retrieval never helps" in pages["claims/superseded.md"]
    assert "Retrieval never helps" not in pages["claims/index.md"]
    assert '<li><a href="retrieval/">retrieval</a> — 1 item</li>\n' in pages["tags/index.md"]
    assert "Old notes" in pages["tags/retrieval--superseded.md"]


def _big_graph(concepts: int) -> Graph:
    entities = [Entity("item:2026-01-01-a", "research_item", ("title: A", "completed:2026-01-01"))]
    relations = []
    for n in range(concepts):
        entities.append(Entity(f"concept:c{n:05d}", "concept", ()))
        relations.append(Relation("item:2026-01-01-a", f"concept:c{n:05d}", "addresses"))
    return Graph(tuple(entities), tuple(relations))


def test_index_pages_are_paginated():
    pages = site_pages.render_pages(_big_graph(2 * site_pages.PAGE_SIZE + 5), [], Config(), ENV)
    parts = sorted(p for p in pages if p.startswith("concepts/index"))
    assert parts == ["concepts/index--p2.md", "concepts/index--p3.md", "concepts/index.md"]
    for part in parts:
        assert pages[part].count("\n<li><a ") <= site_pages.PAGE_SIZE
        assert "**Pages:**" in pages[part]
    assert pages["concepts/index--p3.md"].count("\n<li><a ") == 5
    item = pages["items/2026-01-01-a.md"]
    assert item.count("\n<li><a ") == 2 * site_pages.PAGE_SIZE + 5  # an item lists its own concepts (capped upstream)


# --------------------------------------------------------------------------- real builds


class _Audit(HTMLParser):
    """Everything in built HTML that could run script or leave through a link."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._tag = ""

    def handle_starttag(self, tag, attrs):
        self._tag = tag
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if name in ("href", "src", "action", "formaction", "xlink:href") and \
                    re.match(r"\s*(javascript|vbscript|data):", value, re.I) and tag != "link":
                self.problems.append(f"<{tag} {name}={value!r}>")
        if tag in ("iframe", "object", "embed", "base") or (tag == "img" and ("src", "x") in attrs):
            self.problems.append(f"<{tag}>")
        if tag in ("script", "link", "img") and any(
                n in ("src", "href") and re.match(r"https?://", v or "") for n, v in attrs) and \
                not any(n == "rel" and v in ("canonical", "alternate") for n, v in attrs):
            self.problems.append(f"<{tag}> loads {dict(attrs)} from the network")

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        if self._tag in ("script", "style") and "__xss" in data:
            self.problems.append(f"<{self._tag}> with hostile content")


def audit(out: Path) -> list[str]:
    problems = []
    for page in sorted(out.rglob("*.html")):
        auditor = _Audit()
        auditor.feed(page.read_text(encoding="utf-8"))
        problems += [f"{page.relative_to(out)}: {p}" for p in auditor.problems]
        raw = page.read_text(encoding="utf-8")
        for hostile in HOSTILE:
            if "<" in hostile and hostile in raw:
                problems.append(f"{page.relative_to(out)}: raw {hostile!r}")
    return problems


def test_audit_catches_what_escaping_prevents(tmp_path):
    """The audit is not vacuous: the hostile strings, unescaped, are all caught."""
    for number, hostile in enumerate(HOSTILE):
        (tmp_path / f"p{number}.html").write_text(f"<html><body><p>{hostile}</p></body></html>", encoding="utf-8")
    caught = {p.split(":")[0] for p in audit(tmp_path)}
    tag_payloads = {f"p{n}.html" for n, h in enumerate(HOSTILE) if re.search(r"<(script|img|a|svg)\b", h)}
    assert tag_payloads and tag_payloads <= caught


def _search_docs(out: Path) -> list[dict]:
    mkdocs_index = out / "search" / "search_index.json"
    if mkdocs_index.exists():
        return json.loads(mkdocs_index.read_text(encoding="utf-8"))["docs"]
    return json.loads((out / "search.json").read_text(encoding="utf-8"))["items"]


def _require(program: str) -> None:
    if shutil.which(program) is None and not (Path(os.sys.executable).parent / program).exists():
        missing(f"{program} is not installed")


REPO_SITE = Path(__file__).resolve().parents[3] / "site"


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The sample graph rendered into a copy of the repository's site/ folder (its hand-written parts)."""
    graph, items = sample()
    folder = tmp_path_factory.mktemp("site") / "project"
    for part in ("overrides", "assets"):
        shutil.copytree(REPO_SITE / part, folder / part)
    site.render_project(graph, items, Config(site=SiteOptions(title="KB <b>&</b>")), folder, ENV)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("engine", site.ENGINES)
def test_built_site_is_safe_linked_and_searchable(project, tmp_path, engine):
    _require("zensical" if engine == "zensical" else "mkdocs")
    if engine != site.DEFAULT_ENGINE:  # the pages' HTML links are written for the engine
        project = shutil.copytree(project, tmp_path / "project")
        graph, items = sample()
        site.render_project(graph, items, Config(site=SiteOptions(title="KB <b>&</b>")), project, ENV, engine=engine)
    out = tmp_path / "out"
    site.build_html(project, out, engine=engine, strict=True)
    assert (out / "index.html").is_file()
    assert broken_links(out) == []
    assert audit(out) == []
    # hostile text is shown, as text
    evil_item = (out / "items" / "2026-03-02-evil" / "index.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;window.__xss=1&lt;/script&gt;" in evil_item
    assert "[click](javascript:window.__xss=3)" in evil_item
    assert "<title>&lt;script&gt;window.__xss=1" in evil_item
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "KB &lt;b&gt;" in home
    # the project's hand-written parts: the footer override and the extra stylesheet
    assert "Generated by kgsync from the research items" in home
    assert re.search(r'href="(\./)?assets/extra\.css"', home) and (out / "assets" / "extra.css").is_file()
    # the search index holds every alias on the concept's page
    docs = _search_docs(out)
    concept = [d for d in docs if d["location"].startswith("concepts/retrieval-augmented-generation")
               and "#" not in d["location"]]
    assert concept, [d["location"] for d in docs]
    text = " ".join(d["text"] + " " + d["title"] for d in docs
                    if d["location"].startswith("concepts/retrieval-augmented-generation"))
    for alias in ("RAG", "retrieval augmented generation", "grounded generation"):
        assert alias in text
    for doc in docs:
        for field in ("title", "text"):
            auditor = _Audit()
            auditor.feed(doc[field])
            assert auditor.problems == [], (doc["location"], field)
            assert "<script" not in doc[field] and "<img" not in doc[field]


@pytest.mark.slow
def test_build_failure_raises_publish_error_with_the_tool_output(project, tmp_path):
    broken = tmp_path / "broken"
    shutil.copytree(project, broken)
    (broken / "docs" / "index.md").write_text("# Home\n\n[dead](nowhere.md)\n", encoding="utf-8")
    with pytest.raises(PublishError, match="nowhere.md"):
        site.build_html(broken, tmp_path / "out", engine="mkdocs", strict=True)


def test_build_refuses_a_folder_that_is_not_a_site(project, tmp_path):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(PublishError, match="not empty"):
        site.build_html(project, precious)
    with pytest.raises(PublishError, match="delete the project"):
        site.build_html(project, project)
    with pytest.raises(PublishError, match="unknown site engine"):
        site.build_html(project, tmp_path / "x", engine="hugo")
    assert (precious / "notes.txt").exists()


def test_item_page_reads_as_the_item(tmp_path):
    """Question, the whole summary, every key finding (a section: the claim's anchor), sources; one spelling per theme."""
    from dataclasses import replace as with_fields

    from kgsync.read.items import KeyFinding
    from kgsync.contract.model import Entity, Graph

    graph, items = sample()
    summary = "Retrieval combines four complementary signals. " * 20
    items[0] = with_fields(items[0], research_question="Does retrieval reduce hallucination?",
                           executive_summary=summary,
                           key_findings=(KeyFinding(1, "**Retrieval reduces hallucination in factual QA.** [fact]", 9),
                                         KeyFinding(2, "Long context is not free.", 10)),
                           sources=("https://example.org/a",))
    entities = [e if e.name != "item:2026-01-01-rag-basics" else
                Entity(e.name, e.entity_type, (*e.observations, "tag:memory_context")) for e in graph.entities]
    pages = site_pages.render_pages(Graph(tuple(entities), graph.relations), items, Config(), ENV)
    page = pages["items/2026-01-01-rag-basics.md"]
    assert "Does retrieval reduce hallucination?" in _section(page, "Research question")
    assert _section(page, "Executive summary").count("four complementary signals") == 20  # whole, not cut
    findings = _section(page, "Key findings")
    assert '<h3 id="claim-kf-1">1. Retrieval reduces hallucination in factual QA.</h3>' in findings
    assert '<h3 id="finding-2">2. Long context is not free.</h3>' in findings  # no claim node: still shown
    assert "https://example.org/a" in _section(page, "Sources")
    assert '<a href="../../tags/memory-context/">memory context</a>' in page  # slug in the URL, words in the text
    assert "memory_context" not in page and "None recorded" not in page
    assert "tags/memory-context.md" in pages


def test_explorer_data_links_current_concepts_and_items():
    import json

    graph, items = sample()
    data = json.loads(site_pages.explorer_data(site_pages.collect(graph, items)))
    names = [row[3] for row in data["n"]]
    assert "item:2025-12-01-old-rag" not in names  # superseded: not current
    assert {row[1] for row in data["n"]} == {"c", "i"}
    rag = names.index("concept:retrieval-augmented generation")
    basics = names.index("item:2026-01-01-rag-basics")
    assert [basics, rag] in data["e"]
    assert data["n"][basics][2] == "../items/2026-01-01-rag-basics/"  # relative to explore/
    assert site_pages.explorer_data(site_pages.collect(graph, list(reversed(items)))) == site_pages.explorer_data(
        site_pages.collect(graph, items))


def test_claim_pages_quote_evidence_and_contested_claims_leave_the_default_lists(tmp_path):
    graph, items = sample()
    target = "claim:2026-01-01-rag-basics:kf-1"
    contested = [Entity(e.name, e.entity_type, (*e.observations, "status:contested")) if e.name == target else e
                 for e in graph.entities]
    graph = Graph(tuple(contested), graph.relations)
    evidence = {("claim:2026-02-01-rag-eval:kf-3", target, "contradicts"):
                [("Our ablation *refutes* `2026-01-01-rag-basics.md` Key Finding 1.",
                  "Research/completed/2026-02-01-rag-eval.md:42")]}
    pages = site_pages.render_pages(graph, items, Config(), ENV, evidence)
    linked = _claim_section(pages, graph, items, target)
    assert '!!! warning "Contested: not current"' in linked
    assert "<strong>Contradicted by</strong>" in linked and "<strong>Supported by</strong>" in linked
    # the sentence, escaped (HTML: the block is raw), with a link to the item file at its line
    # rendered as the reader would read it: no Markdown markers
    assert "“Our ablation refutes 2026-01-01-rag-basics.md Key Finding 1.” — <a href=" in linked
    assert ('href="https://github.com/acme/research/blob/main/Research/completed/2026-02-01-rag-eval.md#L42"'
            in linked)
    # out of the default lists and counts, in the marked section
    claims_index = pages["claims/index.md"]
    assert "2026-01-01-rag-basics/#claim-kf-1" not in claims_index.split("Superseded, contradicted")[0]
    assert "2026-01-01-rag-basics" in pages["claims/superseded.md"]
    home = pages["index.md"]
    assert re.search(r"\*\*\d+\*\* current claims \(\[\d+ superseded, contradicted or contested\]", home)


def test_a_claim_no_item_holds_keeps_a_page_of_its_own():
    graph = Graph((Entity("claim:gone-item:kf-1", "claim", ("title: Orphans still read.", "confidence:low")),
                   Entity("concept:orphans", "concept", ()),
                   Entity("item:here", "research_item", ("title: Here",))),
                  (Relation("claim:gone-item:kf-1", "concept:orphans", "about"),))
    pages = site_pages.render_pages(graph, [], Config(), ENV)
    page = _page(pages, "claims/gone-item")
    assert "# Orphans still read." in page and "hide:\n  - navigation" in page and "<strong>Confidence:</strong> low" in page
    assert '<a href="../../concepts/orphans/">orphans</a>' in page  # lists are HTML: final URLs
    assert 'href="../../claims/gone-item' in pages["concepts/orphans.md"]
