"""The site's lean Markdown (``kgsync.publish.site.markdown``): HTML blocks stored unparsed, and
joined where they follow one another, with the HTML Python-Markdown writes unchanged."""

from __future__ import annotations

import markdown
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.publish.site.markdown import KgsyncBlocks, LeanMarkdown
from kgsync.publish.site.text import BLOCK_END, BLOCK_START, html_content, md_text

_TEXT = st.text(alphabet=st.sampled_from(list("<>&\"'`*_{}[]()#+-.!|~^=:;/\\ \n\tabcXYZ019é")), max_size=40)
_EXTENSIONS = ["admonition", "tables", "toc"]


class _Separate(LeanMarkdown):
    """The extension with every block its own placeholder (as before blocks were joined)."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802
        super().extendMarkdown(md)
        md.preprocessors["kgsync_blocks"].join = False  # type: ignore[attr-defined]


def _block(kind: str, text: str) -> str:
    content = html_content(text)
    inner = {"p": f"<p>{content}</p>", "ul": f"<ul>\n<li>{content}</li>\n</ul>", "h3": f'<h3 id="x">{content}</h3>\n',
             "a": f'<a href="x/">{content}</a>', "comment": f"<!-- {content} -->"}[kind]
    return f"{BLOCK_START}\n{inner}\n{BLOCK_END}"


_PIECE = st.one_of(
    st.tuples(st.sampled_from(["p", "ul", "h3", "a", "comment"]), _TEXT).map(lambda kt: _block(*kt)),
    st.sampled_from(["", "", "## Heading", "Some *text* here.", "- a\n- b", '!!! warning "W"\n    Inside.', "<h3 id=\"y\">Y</h3>"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECE, min_size=1, max_size=8))
def test_joined_blocks_give_the_same_html_and_contents(pieces):
    """Blocks joined into one placeholder: the same HTML and table of contents as one each."""
    page = "\n\n".join(pieces) if len(pieces) % 2 else "\n".join(pieces)
    joined = markdown.Markdown(extensions=[*_EXTENSIONS, LeanMarkdown()])
    separate = markdown.Markdown(extensions=[*_EXTENSIONS, _Separate()])
    assert joined.convert(page) == separate.convert(page)
    assert joined.toc_tokens == separate.toc_tokens  # type: ignore[attr-defined]


def test_blocks_that_follow_one_another_are_one_placeholder():
    md = markdown.Markdown(extensions=[*_EXTENSIONS, LeanMarkdown()])
    blocks = KgsyncBlocks(md)
    lines = "\n\n".join([_block("h3", "One"), _block("ul", "a"), "## Next", _block("p", "b"), _block("a", "c")]).split("\n")
    out = blocks.run(lines)
    assert md.htmlStash.rawHtmlBlocks == ['<h3 id="x">One</h3>\n\n<ul>\n<li>a</li>\n</ul>', "<p>b</p>", '<a href="x/">c</a>']
    assert "## Next" in out and BLOCK_START not in out


@settings(max_examples=300, deadline=None)
@given(_TEXT)
def test_html_content_is_the_html_markdown_makes_of_md_text(text):
    """A value written as HTML (``html_content``) is byte for byte what the Markdown page made of it."""
    content = str(html_content(text))
    if not content:
        return
    for before, expected in (("", f"<p>{content}</p>"), ("- ", f"<ul>\n<li>{content}</li>\n</ul>"),
                             ("Text\n", f"<p>Text\n{content}</p>")):
        assert markdown.markdown(before + str(md_text(text)), extensions=[*_EXTENSIONS, LeanMarkdown()]) == expected
