"""kgsync's reading of pages for mkdocs-material's search index.

``site_search.FastParser`` must give exactly the sections of the plugin's own ``Parser``
(hypothesis: generated HTML with the plugin's special cases).  A build split over processes:
tests/publish/site/test_mkdocs_parts.py.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from material.plugins.search.plugin import Parser

from kgsync.publish.site.search import FastParser


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
