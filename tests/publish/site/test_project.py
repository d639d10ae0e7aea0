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

import pytest

from kgsync.read.config import SiteOptions
from kgsync.contract.errors import ConfigError, PublishError
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.site import project as site
from kgsync.publish.site import pages as site_pages
from kgsync.publish.site.check import broken_links
from tests.conftest import missing
from tests.publish.site.rendered import ENV, _page
from tests.site_fixture import HOSTILE, sample


# --------------------------------------------------------------------------- rendering


def test_render_is_deterministic_and_idempotent(tmp_path):
    graph, items = sample()
    first = site_pages.render_pages(graph, items, SiteOptions(), ENV)
    shuffled = Graph(tuple(reversed(graph.entities)), tuple(reversed(graph.relations)))
    assert site_pages.render_pages(shuffled, list(reversed(items)), SiteOptions(), ENV) == first
    project = site.render_project(graph, items, SiteOptions(), tmp_path / "p", ENV)
    assert project.written == len(first) + 5  # pages, kgsync.css, kgsync.js, kgsync-search.js, graph.json, mkdocs.yml
    again = site.render_project(graph, items, SiteOptions(), tmp_path / "p", ENV)
    assert (again.written, again.removed) == (0, 0)
    # A node that disappears takes its page with it.
    smaller = Graph(tuple(e for e in graph.entities if e.name != "concept:vector search"),
                    tuple(r for r in graph.relations if r.target != "concept:vector search"))
    third = site.render_project(smaller, items, SiteOptions(), tmp_path / "p", ENV)
    assert third.removed == 1
    assert not any("vector-search" in p for p in third.pages)
    assert sorted(p.relative_to(tmp_path / "p" / "docs").as_posix()
                  for p in (tmp_path / "p" / "docs").rglob("*.md")) == list(third.pages)


def test_reader_paths_home_ranking_links_back_and_dead_ends(tmp_path):
    from dataclasses import replace

    graph, items = sample()
    # The superseded item names a successor the graph does not hold (a later, unmerged item).
    items = [replace(i, superseded_by=("2026-09-09-not-here",)) if i.slug == "2025-12-01-old-rag" else i for i in items]
    pages = site_pages.render_pages(graph, items, SiteOptions(), {})  # no repository known: no URL to link into
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


def test_a_term_page_is_titled_in_words_not_as_a_slug():
    from kgsync.publish.site.model import collect

    graph = Graph((Entity("concept:knowledge-graphs", "concept", ("alias:KG", "alias:knowledge graphs")),
                   Entity("method:fine-tuning", "method", ("alias:fine-tuning",))))
    data = collect(graph, [])
    assert data.nodes["concept:knowledge-graphs"].title == "knowledge graphs"
    assert data.nodes["concept:knowledge-graphs"].aliases == ("KG",)
    assert data.nodes["method:fine-tuning"].title == "fine-tuning"  # a hyphenated word stays one


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
    site.render_project(graph, items, SiteOptions(title="KB <b>&</b>"), folder, ENV)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("engine", site.ENGINES)
def test_built_site_is_safe_linked_and_searchable(project, tmp_path, engine):
    _require("zensical" if engine == "zensical" else "mkdocs")
    if engine != site.DEFAULT_ENGINE:  # the pages' HTML links are written for the engine
        project = shutil.copytree(project, tmp_path / "project")
        graph, items = sample()
        site.render_project(graph, items, SiteOptions(title="KB <b>&</b>"), project, ENV, engine=engine)
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
    # Both engines' search separators split at a hyphen: an alias that differs from the title by a
    # hyphen only ("retrieval augmented generation") is found through the title's words, not written twice.
    index = out / "search" / "search_index.json"
    config = json.loads((index if index.exists() else out / "search.json").read_text(encoding="utf-8"))["config"]
    assert re.split(config["separator"], "retrieval-augmented") == ["retrieval", "augmented"], config
    words = text.replace("-", " ")
    for alias in ("RAG", "retrieval augmented generation", "grounded generation"):
        assert alias in words
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




@pytest.mark.parametrize("mkdocs_yml", [None, "site_name: Our handbook\n"])
def test_render_refuses_a_project_folder_it_did_not_write(tmp_path, mkdocs_yml):
    """``kgsync site --project .`` in a research repo deleted the repo's own docs/ files (its theme
    map) as stale pages, and would replace a hand-written mkdocs.yml."""
    graph, items = sample()
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "docs" / "themes-vocabulary.md").write_text("keep me", encoding="utf-8")
    if mkdocs_yml is not None:
        (repo / "mkdocs.yml").write_text(mkdocs_yml, encoding="utf-8")
    with pytest.raises(PublishError, match="kgsync site did not write") as caught:
        site.render_project(graph, items, SiteOptions(), repo, ENV)
    assert caught.value.hint and "--project" in caught.value.hint
    assert (repo / "docs" / "themes-vocabulary.md").read_text(encoding="utf-8") == "keep me"
    assert mkdocs_yml is None or (repo / "mkdocs.yml").read_text(encoding="utf-8") == mkdocs_yml
    assert sorted(p.name for p in (repo / "docs").iterdir()) == ["themes-vocabulary.md"]
    # A folder it rendered before is its own, and a new or empty one is free.
    site.render_project(graph, items, SiteOptions(), tmp_path / "new", ENV)
    again = site.render_project(graph, items, SiteOptions(), tmp_path / "new", ENV)
    assert (again.written, again.removed) == (0, 0)


@pytest.mark.parametrize("link", ["assets/extra.css", "overrides/leak.txt", "overrides/partials"])
def test_a_hand_written_part_linked_outside_the_repository_is_refused(tmp_path, link):
    """The project's hand-written parts are published as they are: kgsync copies assets/extra.css into
    docs/, mkdocs copies every file of overrides/ into the site.  Committed as a link to a file outside
    (the runner's files, a developer's ~/.config), that file went on the published site."""
    graph, items = sample()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("SECRET=1\n", encoding="utf-8")
    project = tmp_path / "repo" / "site"
    (project / "assets").mkdir(parents=True)
    (project / "overrides").mkdir()
    linked = project / link
    linked.symlink_to(outside if link == "overrides/partials" else outside / "secret.txt")
    with pytest.raises(ConfigError, match="outside the repository") as caught:
        site.render_project(graph, items, SiteOptions(), project, ENV)
    assert caught.value.location is not None and caught.value.location.path.endswith(link)
    assert str(outside / "secret.txt") in caught.value.message or str(outside) in caught.value.message
    assert caught.value.hint and "commit the file itself" in caught.value.hint
    assert not (project / "docs").exists() and not (project / "mkdocs.yml").exists()  # nothing rendered


def test_a_hand_written_part_linked_inside_the_repository_is_published(tmp_path):
    """A link to a file elsewhere in the repository (a shared stylesheet), or a link back to its own
    folder (no loop), stays the maintainers' choice."""
    graph, items = sample()
    repo = tmp_path / "repo"
    project = repo / "site"
    (project / "assets").mkdir(parents=True)
    (project / "overrides" / "partials").mkdir(parents=True)
    (repo / "brand.css").write_text("body { color: teal }\n", encoding="utf-8")
    (project / "assets" / "extra.css").symlink_to(repo / "brand.css")
    (project / "overrides" / "partials" / "again").symlink_to(project / "overrides")
    with pytest.raises(ConfigError, match="outside the repository"):  # the project alone: brand.css is outside it
        site.render_project(graph, items, SiteOptions(), project, ENV)
    site.render_project(graph, items, SiteOptions(), project, ENV, root=repo)
    assert (project / "docs" / "assets" / "extra.css").read_text(encoding="utf-8") == "body { color: teal }\n"


@pytest.mark.parametrize("link", ["docs", "docs/tags", "docs/index.md", "mkdocs.yml"])
def test_the_render_never_writes_or_deletes_through_a_link(tmp_path, link):
    """The render writes mkdocs.yml and docs/ and deletes every file in docs/ it did not write.  A
    project committed with docs/ (or a folder in it) as a link to a folder outside had every file of
    that folder deleted and the pages written there (a link to ~ took ~/.bashrc); a page or mkdocs.yml
    committed as a link to a file outside had that file overwritten with the page."""
    graph, items = sample()
    project = tmp_path / "repo" / "site"
    site.render_project(graph, items, SiteOptions(), project, ENV)  # a project it rendered before
    outside = tmp_path / "outside"
    outside.mkdir()
    linked = project / link
    if linked.is_dir():
        shutil.rmtree(linked)
        (outside / "notes.txt").write_text("keep me", encoding="utf-8")
        linked.symlink_to(outside)
    else:
        shutil.move(linked, outside / linked.name)  # mkdocs.yml keeps the note that says the render wrote it
        linked.symlink_to(outside / linked.name)
    before = {p.name: p.read_bytes() for p in outside.iterdir()}
    with pytest.raises(PublishError, match="symbolic link") as caught:
        site.render_project(graph, items, SiteOptions(), project, ENV)
    assert caught.value.location is not None and caught.value.location.path.endswith(link)
    assert caught.value.hint and "delete the link" in caught.value.hint
    assert {p.name: p.read_bytes() for p in outside.iterdir()} == before


def test_a_lone_surrogate_an_agent_wrote_renders_as_its_escape(tmp_path):
    """The memory server writes a lone surrogate back as the "\\ud800" escape it read, and kgsync keeps
    hand-added nodes: the build wrote such a graph (exit 0), then `kgsync site` stopped with a traceback
    (UnicodeEncodeError: surrogates not allowed, hashing the page's file name).  The site shows it as the
    escape the graph file holds, as lint and the messages do."""
    graph, items = sample()
    agent = Entity("concept:bad\ud800name", "concept", ("note \udfff by an agent",))
    graph = Graph(graph.entities + (agent,), graph.relations + (
        Relation("item:2026-01-01-rag-basics", agent.name, "addresses"),))
    project = site.render_project(graph, items, SiteOptions(), tmp_path / "p", ENV)
    pages = {path: (tmp_path / "p" / "docs" / path).read_text(encoding="utf-8") for path in project.pages}
    page = next(text for path, text in pages.items() if path.startswith("concepts/") and "name" in path and "bad" in path)
    assert "bad\\ud800name" in page


def test_mkdocs_yml_gives_the_engine_the_published_address_when_the_config_has_one(tmp_path):
    """mkdocs writes the 404 page's asset links from site_url's path ("/" without one): a project site
    under /<repo>/ needs it (tests/publish/site/test_project_browser.py opens one)."""
    with_url = site.mkdocs_yml(SiteOptions(url="https://acme.github.io/research/"), tmp_path)
    assert 'site_url: "https://acme.github.io/research/"\n' in with_url
    assert "site_url" not in site.mkdocs_yml(SiteOptions(), tmp_path)
