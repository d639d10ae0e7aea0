"""kgsync.read.html_blocks: which line opens an HTML block and which ends it, against cmarkgfm (GitHub's cmark-gfm)."""

from __future__ import annotations

import cmarkgfm
from cmarkgfm.cmark import Options

from kgsync.read.html_blocks import html_block_opened

_LINES = ("<!-- a note -->", "<!--", "<!-->", "<!--->", "<pre>", "<PRE class='x'>", "<pre", "<pres>", "<script>",
          "<style>", "<textarea>", "<?php", "<?>", "<!DOCTYPE html>", "<!doctype html>", "<![CDATA[ x ]]>",
          "<div>", "</div>", "<DIV class='x'>", "<divs>", "<td/>", "<h6>", "<meta>", "<search>", "<source>",
          "<span>", "<span class=\"a\" hidden>", "</a >", "<x-note/>", "<a href='x'> text", "<a", "<1a>", "< div>",
          "   <!-- c -->", "    <!-- c -->", "- <!-- c -->", "1. <div>", "> <pre>", "text <!-- c -->", "<!a>")


def _github_opens(line: str, in_paragraph: bool) -> bool:
    """Whether cmark-gfm reads ``line`` (after a paragraph's line when ``in_paragraph``) as an HTML block's first
    line: its text is passed on raw, outside any paragraph (GitHub's tag filter escapes a script's "<")."""
    text = f"Some text.\n{line}\n" if in_paragraph else f"{line}\n"
    shown = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE).replace("&lt;", "<")
    body = line.lstrip(" ").removeprefix("- ").removeprefix("1. ").removeprefix("> ")
    return body in shown and f"<p>{body}" not in shown and "<code>" not in shown and (
        not in_paragraph or "<p>Some text.</p>" in shown)


def test_the_lines_that_open_an_html_block_are_those_github_reads_so() -> None:
    for line in _LINES:
        for in_paragraph in (False, True):
            assert (html_block_opened(line, in_paragraph) is not None) == _github_opens(line, in_paragraph), (
                line, in_paragraph)


def test_a_block_of_types_1_to_5_ends_at_the_line_holding_its_end_and_6_and_7_at_a_blank_line() -> None:
    for line, kind, ends in (("<!-- a note -->", 2, True), ("<!--", 2, False), ("<!-->", 2, True), ("<?>", 3, True),
                             ("<pre>x</pre>", 1, True), ("<script>", 1, False), ("<!DOCTYPE html>", 4, True),
                             ("<![CDATA[", 5, False), ("<div>", 6, False), ("<span>", 7, False)):
        opened = html_block_opened(line, False)
        assert opened is not None and (opened.kind, opened.ends(line)) == (kind, ends), line
    comment = html_block_opened("<!--", False)
    assert comment is not None and comment.ends("still --> here") and not comment.ends("-- >")
    assert html_block_opened("<span>", True) is None  # type 7 cannot interrupt a paragraph
    assert html_block_opened("No tag here.", False) is None
