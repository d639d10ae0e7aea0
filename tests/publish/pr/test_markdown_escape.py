"""Tests of kgsync.publish.pr.markdown_escape: text made inert in a PR body (escaping, code spans, cuts)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.publish.pr.markdown_escape import ZWSP, clean, md_code, md_escape, md_link
from tests.publish.pr.body_checks import MENTION, gfm, visible_text


@pytest.mark.parametrize(
    ("raw", "escaped"),
    [
        ("plain words", "plain words"),
        ("<script>alert(1)</script>", "&#60;script&#62;alert(1)&#60;/script&#62;"),
        ("a | b", "a &#124; b"),
        ("`code`", "&#96;code&#96;"),
        ("[x](http://e.com)", "&#91;x&#93;(http:" + ZWSP + "//e.com)"),
        ("![i](y.png)", "&#33;&#91;i&#93;(y.png)"),
        ("*em* _em_ snake_case", "&#42;em&#42; &#95;em&#95; snake_case"),
        ("# heading", "&#35; heading"),
        ("- item", "&#45; item"),
        ("1. first", "1&#46; first"),
        ("1.5 stays", "1.5 stays"),
        ("> quote", "&#62; quote"),
        ("a & b &amp;", "a &#38; b &#38;amp;"),
        ("ping @octocat and @org/team", f"ping @{ZWSP}octocat and @{ZWSP}org/team"),
        ("see #123 or GH-7", f"see &#35;{ZWSP}123 or GH-{ZWSP}7"),
        ("www.evil.example", f"www{ZWSP}.evil.example"),
        ("line\nbreak\r\n\ttab", "line break tab"),
        ("bidi\u202egnp.exe\x00\x07\u200b", "bidi%u202Egnp.exe%00%07"),  # shown, not dropped unseen
        ("$x$ ~~s~~ \\", "&#36;x&#36; &#126;&#126;s&#126;&#126; &#92;"),
    ],
)
def test_md_escape(raw: str, escaped: str) -> None:
    assert md_escape(raw) == escaped


def test_md_escape_caps_length_before_escaping() -> None:
    assert md_escape("x" * 500, 10) == "x" * 9 + "…"
    assert len(clean("y" * 70_000)) == 240


@settings(max_examples=300)
@given(st.text(alphabet=st.characters(codec=None)))
def test_clean_drops_only_invisible_characters_and_collapses_whitespace(raw: str) -> None:
    # Written out, not in terms of site_text.one_line (which clean builds on): a change to the
    # site's one_line must not change what a PR body keeps.  A bidi control and a control character
    # that is no whitespace are shown as their escape (a reviewer must see the name holds one).
    shown = "\u061c\u200e\u200f" + "".join(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))
    seen = "".join(f"%u{ord(c):04X}" if c in shown else f"%{ord(c):02X}" if unicodedata.category(c) == "Cc"
                  and not c.isspace() else c for c in raw)
    dropped = {"Cc", "Cf", "Cs"}
    kept = [c for c in seen if c in "\u200c\u200d" or unicodedata.category(c) not in dropped or c.isspace()]
    words = "".join(c if not c.isspace() else " " for c in kept).split(" ")
    assert clean(raw, 0) == " ".join(w for w in words if w)


def test_md_escape_keeps_zero_width_joiner_for_emoji_and_scripts() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert md_escape(family) == family


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_md_escape_output_is_inert_anywhere(text: str) -> None:
    escaped = str(md_escape(text))
    assert "\n" not in escaped and "<" not in escaped and "|" not in escaped and "`" not in escaped
    # In a list item, a table cell and a heading, GitHub's parser builds nothing but text.
    body = f"- {escaped}\n\n| a | b |\n|---|---|\n| {escaped} | x |\n\n### {escaped}\n"
    rendered = gfm(body)
    for tag in ("<a ", "<img", "<em", "<strong", "<code", "<del", "<h1", "<blockquote", "<ol", "<hr"):
        assert tag not in rendered, (text, rendered)
    assert rendered.count("<td>") == 2
    assert not MENTION.search(visible_text(rendered))


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("concept:rag", "`concept:rag`"),
        ("a`b", "``a`b``"),
        ("`x``", "``` `x`` ```"),
        ("", "*(empty)*"),
        ("two\nlines", "`two lines`"),
    ],
)
def test_md_code(raw: str, code: str) -> None:
    assert md_code(raw) == code


def test_md_code_cannot_be_closed_from_inside() -> None:
    hostile = "x` [a](http://e) @octocat `` ``` *b* |"
    rendered = gfm(f"- {md_code(hostile)}\n")
    assert rendered.count("<code>") == 1 and "<a " not in rendered and "<em>" not in rendered


def test_md_code_writes_angle_brackets_escaped_not_as_code() -> None:
    assert md_code("concept:<script>") == "concept:&#60;script&#62;"


def test_a_long_text_is_cut_at_the_end_of_a_word() -> None:
    """The item index's titles and long notes: "…between keyword a…" read as a typo."""
    title = "Does hybrid retrieval (BM25 plus dense vectors) close the gap between keyword and vector search?"
    assert clean(title, 80) == "Does hybrid retrieval (BM25 plus dense vectors) close the gap between keyword…"
    assert clean("x" * 300, 160) == "x" * 159 + "…"  # no word end near: cut where it must be
    assert clean("word " * 40, 80).endswith("word…") and len(clean("word " * 40, 80)) <= 80


def test_links_are_only_http_urls_we_built() -> None:
    assert md_link("item file", "javascript:alert(1)") == "item file"
    assert md_link("item file", "https://x.org/a b") == "item file"
    assert md_link("item [file]", "https://x.org/a.md") == "[item &#91;file&#93;](https://x.org/a.md)"
