"""Pages of headings and HTML blocks (``kgsync.publish.site.block_pages``): what Python-Markdown and
mkdocs' own processors give, or None.

Every page ``render_block_page`` renders must be byte for byte what the converter gives (content,
table of contents, title, anchors); generated pages of every kind (hypothesis) and the pages of
the sample site are compared.  That it renders the pages it is for is checked too: a fast path
that never runs would pass the comparison.
"""

from __future__ import annotations

import markdown
from hypothesis import example, given, settings
from hypothesis import strategies as st
from mkdocs.structure.pages import _ExtractAnchorsTreeprocessor, _ExtractTitleTreeprocessor, _RawHTMLPreprocessor
from mkdocs.utils import meta

from kgsync.publish.site import project as site
from kgsync.publish.site.block_pages import BlockPage, can_render, render_block_page
from kgsync.publish.site.text import BLOCK_END, BLOCK_START, html_content
from kgsync.read.config import SiteOptions
from tests.site_fixture import sample

#: The site's extensions as mkdocs loads them (its defaults first, then mkdocs.yml's).
EXTENSIONS = ["toc", "tables", "fenced_code", "admonition", "kgsync.publish.site.markdown"]
ENV = {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"}

_WORDS = st.text(alphabet=st.sampled_from(list("abcXYZé019 -.,:;?()'\"#*_[]<>&!\\`{}|~\t\xa0")), max_size=24)
_PLAIN = st.text(alphabet=st.sampled_from(list("abcXYZé019 -.,:;?()'\"")), min_size=1, max_size=24).filter(str.strip)


def _converter() -> markdown.Markdown:
    return markdown.Markdown(extensions=EXTENSIONS)


def _python_markdown(md: markdown.Markdown, source: str) -> BlockPage:
    """What ``Page.render`` takes from the converter, with mkdocs' processors registered."""
    md.reset()
    raw_html = _RawHTMLPreprocessor()
    raw_html._register(md)
    anchors = _ExtractAnchorsTreeprocessor(None, None, None)  # type: ignore[arg-type]
    anchors._register(md)
    title = _ExtractTitleTreeprocessor()
    title._register(md)
    content = md.convert(source)
    return BlockPage(content, md.toc_tokens, title.title, anchors.present_anchor_ids | raw_html.present_anchor_ids)  # type: ignore[attr-defined]


def _block(kind: str, text: str) -> str:
    content = html_content(text)
    inner = {"p": f"<p>{content}</p>", "ul": f"<ul>\n<li>{content}</li>\n</ul>", "h3": f'<h3 id="x">{content}</h3>\n',
             "a": f'<a href="x/">{content}</a>', "comment": f"<!-- {content} -->"}[kind]
    return f"{BLOCK_START}\n{inner}\n{BLOCK_END}"


_BLOCK = st.tuples(st.sampled_from(["p", "ul", "h3", "a", "comment"]), _WORDS).map(lambda kt: _block(*kt))
_HEADING = st.tuples(st.integers(1, 7), _WORDS).map(lambda lw: "#" * lw[0] + " " + lw[1])
_PLAIN_HEADING = st.tuples(st.integers(1, 6), _PLAIN).map(lambda lw: "#" * lw[0] + " " + lw[1].strip())
_OTHER = st.sampled_from(["", "", "   ", "Some *text*.", "- a\n- b", "    code", "Title\n===", "#Tight", "## A ##",
                          f"{BLOCK_START}\n<p>unclosed</p>", f"{BLOCK_START}\n{BLOCK_END}", "<p>raw</p>",
                          "!!! note\n    x", "| a | b |\n|---|---|\n| 1 | 2 |", "```\ncode\n```"])


def _page(pieces: list[str], tight: bool) -> str:
    return ("\n" if tight else "\n\n").join(pieces)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_BLOCK, _HEADING, _OTHER), max_size=8), st.booleans())
@example(["# Same", "## Same", "## same", _block("p", "x")], False)
@example([_block("a", "inline"), "# Title after a block"], False)
@example(["# Title", _block("h3", "x"), "###### Six", "####### Seven"], True)
def test_a_page_it_renders_is_what_python_markdown_renders(pieces, tight):
    source = _page(pieces, tight)
    md = _converter()
    fast = render_block_page(md, source)
    if fast is not None:
        assert fast == _python_markdown(md, source)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(_BLOCK, _PLAIN_HEADING), max_size=8), st.booleans())
def test_it_renders_every_page_of_plain_headings_and_blocks(pieces, tight):
    source = _page(pieces, tight)
    md = _converter()
    assert can_render(md)
    fast = render_block_page(md, source)
    assert fast is not None
    assert fast == _python_markdown(md, source)


def test_a_converter_with_another_extension_is_left_alone():
    assert not can_render(markdown.Markdown(extensions=[*EXTENSIONS, "smarty"]))
    assert not can_render(markdown.Markdown(extensions=["toc", "kgsync.publish.site.markdown"],
                                            extension_configs={"toc": {"permalink": True}}))


def test_the_sample_sites_pages_render_as_python_markdown_renders_them(tmp_path):
    graph, items = sample()
    site.render_project(graph, items, SiteOptions(title="KB"), tmp_path, ENV)
    md = _converter()
    rendered = []
    for path in sorted((tmp_path / "docs").rglob("*.md")):
        source, _ = meta.get_data(path.read_text(encoding="utf-8-sig"))
        fast = render_block_page(md, source)
        if fast is not None:
            assert fast == _python_markdown(md, source), path
            rendered.append(path.relative_to(tmp_path / "docs").as_posix())
    assert any(page.startswith("items/") for page in rendered), "item pages take the fast path"


def test_the_joined_blocks_keep_their_order_and_their_wrapping():
    source = "\n\n".join(["# T", _block("p", "a"), _block("a", "b"), "## S", _block("ul", "c")])
    page = render_block_page(_converter(), source)
    assert page is not None
    assert page.content == '<h1 id="t">T</h1>\n<p>a</p>\n<p><a href="x/">b</a></p>\n<h2 id="s">S</h2>\n<ul>\n<li>c</li>\n</ul>'
    assert (page.title, page.anchor_ids) == ("T", {"t", "s"})
