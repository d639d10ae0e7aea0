"""kgsync's reading of pages for mkdocs-material's search index, and mkdocs split over processes.

``site_search.FastParser`` must give exactly the sections of the plugin's own ``Parser``
(hypothesis: generated HTML with the plugin's special cases); a build split over processes
(``site_mkdocs``) must give the bytes of mkdocs' own one-process build, search index included.
"""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from material.plugins.search.plugin import Parser

from kgsync.read.config import Config, SiteOptions
from kgsync.publish.site import project as site
from kgsync.publish.site.mkdocs_parts import share
from kgsync.publish.site.search import FastParser
from tests.site_fixture import sample

ENV = {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"}


def _sections(parser) -> list[tuple]:
    return [(s.el.tag, s.el.attrs, s.id, s.depth, s.title, s.text) for s in parser.data]


def _plugin(text: str) -> list[tuple] | str:
    parser = Parser()
    try:
        parser.feed(text)
        parser.close()
    except ValueError as exc:  # the plugin's own failures (an end tag it cannot match) are kept too
        return f"ValueError: {exc}"
    return _sections(parser)


def _fast(text: str) -> list[tuple] | str:
    parser = FastParser()
    try:
        assert parser.read(text)
    except ValueError as exc:
        return f"ValueError: {exc}"
    return _sections(parser)


TEXT = st.sampled_from(["word", " ", "\n", "  \n ", "a &amp; b", "&lt;x&gt;", "it&#39;s", "&quot;q&quot;", "x\ny",
                        "caf\u00e9", "&copy;", "1 &gt; 0"])
ATTRS = st.lists(st.sampled_from([' id="s-1"', " id='s-2'", ' class="headerlink"', ' class="linenodiv"',
                                  " data-search-exclude", ' data-search-exclude=""', ' href="../a/#b"',
                                  ' title="a &amp; b"', ' ID="up"', ' class="x y"']), max_size=2)
TAGS = st.sampled_from(["p", "li", "ul", "ol", "div", "h1", "h2", "h3", "a", "code", "span", "em", "sub", "sup",
                        "table", "td", "svg", "title", "text", "g"])


@st.composite
def html(draw, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.integers(0, 9))
        if kind <= 3:
            parts.append(draw(TEXT))
        elif kind <= 6 and depth < 4:
            tag = draw(TAGS)
            parts.append(f"<{tag}{''.join(draw(ATTRS))}>{draw(html(depth + 1))}</{tag}>")
        elif kind == 7:
            parts.append(draw(st.sampled_from(["<br>", "<br />", "<hr/>", '<img alt="x" src="y">', "<span/>",
                                               "<!-- note -->", "</p>", "</div>"])))
        else:
            tag = draw(TAGS)  # an element left open
            parts.append(f"<{tag}{''.join(draw(ATTRS))}>")
    return "".join(parts)


@settings(max_examples=400, deadline=None)
@given(html())
@example('<h1 id="t">Title<a class="headerlink" href="#t">¶</a></h1><p>x</p><h2 id="s">S</h2><ul><li>a</li></ul>')
@example('<div data-search-exclude><div>hidden</div>shown?</div><p>after</p>')
@example('<p>one</p><div><h2 id="in">nested</h2><p>in</p></div><p>out</p>')
def test_fast_parser_gives_the_plugins_sections(text):
    assert _fast(text) == _plugin(text)


@pytest.mark.parametrize("text", ["<pre><code>x\n  y</code></pre>", "<script>if (a < b) {}</script><p>x</p>",
                                  "<p>a < b</p>", "<!DOCTYPE html><p>x</p>", "<p a=b>unquoted</p>"])
def test_what_it_does_not_read_is_left_to_the_plugin(text):
    assert not FastParser().read(text)


def test_shares_are_contiguous_balanced_and_cover_every_page():
    costs = [5, 1, 1, 1, 1, 9, 1, 1]
    for parts in (1, 2, 3):
        runs = [share(costs, n, parts) for n in range(parts)]
        assert [i for run in runs for i in run] == list(range(len(costs)))
    first, second = share(costs, 0, 2), share(costs, 1, 2)
    assert abs(sum(costs[i] for i in first) - sum(costs[i] for i in second)) <= 9
    assert share([], 0, 2) == share([], 1, 2) == range(0)
    assert sorted(len(share([3], n, 2)) for n in (0, 1)) == [0, 1], "one page: one part renders it"


@pytest.mark.slow
def test_a_build_split_over_processes_is_mkdocs_own_build(tmp_path, monkeypatch):
    """Same bytes as ``mkdocs build`` in one process with the search plugin's own parser."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # the sitemap's dates and its gzip header
    graph, items = sample()
    project = tmp_path / "project"
    shutil.copytree(Path(__file__).resolve().parents[3] / "site" / "overrides", project / "overrides")
    site.render_project(graph, items, Config(site=SiteOptions(title="KB")), project, ENV)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--clean", "--strict", "-q", "-f",
                    str(project / "mkdocs.yml"), "-d", str(tmp_path / "one")], check=True, cwd=project,
                   capture_output=True)
    for jobs in (1, 2, 3):
        site.build_html(project, tmp_path / f"parts{jobs}", jobs=jobs)
        assert _differences(tmp_path / "one", tmp_path / f"parts{jobs}") == [], jobs
    assert not list(tmp_path.glob(".parts*")), "the parts' folders are removed"


def _differences(left: Path, right: Path) -> list[str]:
    compared = filecmp.dircmp(left, right)
    found = [f"{left.name}: {n}" for n in compared.left_only] + [f"{right.name}: {n}" for n in compared.right_only]
    found += [n for n in compared.common_files if not filecmp.cmp(left / n, right / n, shallow=False)]
    for name in compared.common_dirs:
        found += [f"{name}/{d}" for d in _differences(left / name, right / name)]
    return found


def test_small_sites_build_in_one_process_large_ones_in_one_per_cpu(tmp_path, monkeypatch):
    from kgsync.publish.site import engine as site_engine

    monkeypatch.setattr(site_engine, "usable_cpus", lambda: 2)
    docs = tmp_path / "docs"
    (docs / "items").mkdir(parents=True)
    for n in range(site_engine.PAGES_PER_JOB - 1):
        (docs / "items" / f"{n}.md").touch()
    assert site_engine.default_jobs(docs) == 1
    for n in range(site_engine.PAGES_PER_JOB + 1, 3 * site_engine.PAGES_PER_JOB):
        (docs / "items" / f"{n}.md").touch()
    assert site_engine.default_jobs(docs) == 2, "no more processes than CPUs"


class _Plugin:
    """The two attributes of the search plugin ``page_context`` reads."""

    def __init__(self, enabled: bool) -> None:
        from types import SimpleNamespace

        self.config = SimpleNamespace(enabled=enabled)
        self.search_index = SimpleNamespace(add_entry_from_context=lambda page: self.indexed.append(page.content))
        self.indexed: list[str] = []


@pytest.mark.parametrize("content", ['<p data-search-exclude="x">a</p>\n<div\tdata-search-boost="2">b</div>',
                                     "<p>no attribute</p>", 'data-search-x="1" data-search-="2"', ""])
def test_the_page_context_event_removes_what_the_plugins_removes(content):
    import re
    from types import SimpleNamespace

    from kgsync.publish.site.search import page_context

    plugin = _Plugin(enabled=True)
    page = SimpleNamespace(content=content)
    page_context(plugin)({}, page=page, config=None, nav=None)
    assert plugin.indexed == [content]
    assert page.content == re.sub(r"\s?data-search-\w+=\"[^\"]+\"", "", content)  # the plugin's own line
    disabled = _Plugin(enabled=False)
    page_context(disabled)({}, page=SimpleNamespace(content=content), config=None, nav=None)
    assert disabled.indexed == []
