"""Section helpers of the reader: comparable heading keys, fenced code as GitHub reads it (``fenced_blocks``
against cmarkgfm, the binding of GitHub's cmark-gfm) and the sections around it."""

from __future__ import annotations

import html
import re

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.read.item_sections import fenced_blocks, heading_key, list_entries, split_sections, unfenced_lines
from kgsync.read.items import read_item_bytes
from tests.fence_cases import MIXED_AND_LONG_FENCES


def test_heading_keys_drop_numbering_emphasis_and_colons() -> None:
    for heading in ("Key Findings", "**Key findings**", "2. Key Findings:", "§6 Key Findings", "1.2 `Key` _Findings_"):
        assert heading_key(heading) == "key findings", heading
    assert heading_key("2 Key Findings") == "key findings"  # the number's dot is optional
    assert heading_key("Key Findings and Limits") == "key findings and limits"


_PRE = re.compile(r'<pre data-sourcepos="(\d+):')
_PRE_CODE = re.compile(r'<pre data-sourcepos="(\d+):[^>]*><code>([^<]*)')
_H = re.compile(r'<h[1-6] data-sourcepos="(\d+):1-')
_ATX = re.compile(r"#{1,6}(?:[ \t]|$)")


def _rendered(text: str) -> str:
    return cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_SOURCEPOS)


def _github(text: str) -> tuple[list[int], list[int]]:
    """(first line of each fenced block, line of each heading at column 1) as cmark-gfm renders ``text``."""
    rendered = _rendered(text)
    fenced = []
    for first in _PRE.findall(rendered):
        # A block's first line with a word added: an indented code block shows it, a fence takes it as info.
        lines = text.split("\n")
        lines[int(first) - 1] += " zzz"
        again = dict(_PRE_CODE.findall(_rendered("\n".join(lines))))
        if not html.unescape(again[first]).split("\n")[0].endswith("zzz"):
            fenced.append(int(first))
    return fenced, [int(line) for line in _H.findall(rendered)]


def _ours(text: str) -> tuple[list[int], list[int]]:
    fenced = [text.count("\n", 0, block.start) + 1 for block in fenced_blocks(text)]
    heads = [first + n for first, run in unfenced_lines(text) for n, line in enumerate(run, 1) if _ATX.match(line)]
    return fenced, heads


_LINES = ("```", "````", "~~~", "~~~~", "```python", "``` a`b", "~~~ a`b", "```  ", "``` x", "   ```", "    ```",
          "\t```", "  ~~~", "# heading", "## heading", "text", "", "- item", "1. item", "  text", "  ```",
          "     ```", "      ```", "   - nested", "  # in item")


@pytest.mark.parametrize("text", [
    "```\n~~~\n# a\n```\n# b\n",  # a ~~~ line inside a ``` block
    "````\n```\n# a\n````\n# b\n",  # closed only by 4+ backticks
    "```\n```python\n# a\n```\n# b\n",  # a line with an info string does not close
    "``` a`b\n# a\n```\n# b\n",  # a backtick fence's info string holds no backtick: no fence
    "    ```\n# a\n```\n# b\n",  # 4 columns: indented code, not a fence
    "- item\n\n  ```yaml\n  # a\n  ```\n# b\n",  # in a list item
    "1. item\n   - nested\n\n     ```\n# a\n",  # the item's end ends the block
    "- item\n\n      ```\n  x\n  ```\n# b\n",  # 4 columns into the item: indented code there
    "```\n# a\n",  # never closed: to the end
])
def test_fenced_blocks_are_where_github_renders_them(text: str) -> None:
    assert _ours(text) == _github(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_LINES), max_size=14))
def test_fenced_blocks_and_the_headings_outside_them_are_github_s(lines: list[str]) -> None:
    text = "\n".join(lines) + "\n"
    assert _ours(text) == _github(text)


def test_unfenced_lines_are_the_lines_less_the_blocks() -> None:
    text = "a\n```\ncode\n```\nb\n~~~\nc\n~~~"
    assert unfenced_lines(text) == [(0, ["a"]), (4, ["b"])]
    assert unfenced_lines("no fences\n") == [(0, ["no fences", ""])]
    assert fenced_blocks("no fences\n") == ()


@pytest.mark.parametrize("block", MIXED_AND_LONG_FENCES.values(), ids=list(MIXED_AND_LONG_FENCES))
def test_a_heading_is_read_where_github_shows_one_around_a_mixed_or_longer_fence(block) -> None:
    text = ("---\ntitle: Fenced\n---\n\n# Fenced\n\n## Analysis\n\n"
            + block("# not a heading\n- 1. not a finding") + "\n## After the block\n\n"
            "## Key Findings\n\n1. A finding after the block.\n" + block("2. not a finding"))
    parsed = read_item_bytes(text.encode(), "Research/completed/2026-01-01-fenced.md", "2026-01-01-fenced")
    assert not isinstance(parsed, list), parsed
    item = parsed[0]
    assert [s.heading for s in item.sections] == ["Fenced", "Analysis", "After the block", "Key Findings"]
    assert [f.text for f in item.key_findings] == ["A finding after the block."]


def test_a_finding_s_text_is_its_words_without_the_author_s_markers() -> None:
    # a marker is markup for the evidence reader (kgsync.extract.markers reads it from the line):
    # its slug and "KF2" are none of the finding's words, which claims and matches read
    text = ("---\ntitle: Marked\n---\n\n# Marked\n\n## Key Findings\n\n"
            "1. **Vector search waits until the corpus grows.** [supports: 2026-01-01-old-study KF2]\n"
            "   The vendor benchmark agrees [extends: `2026-01-01-old-study.md` KF3] with it.\n"
            "2. [fact] Binary files stay out of git.\n")
    parsed = read_item_bytes(text.encode(), "Research/completed/2026-02-01-marked.md", "2026-02-01-marked")
    assert not isinstance(parsed, list), parsed
    assert [f.text for f in parsed[0].key_findings] == [
        "**Vector search waits until the corpus grows.** The vendor benchmark agrees with it.",
        "[fact] Binary files stay out of git."]


def _ours_around_comments(text: str) -> tuple[list[int], list[int]]:
    """(first line of each fenced block, line of each heading) as kgsync reads ``text``'s structure."""
    fenced = [text.count("\n", 0, block.start) + 1 for block in fenced_blocks(text)]
    return fenced, [section.line for section in split_sections(text, 1)]


@pytest.mark.parametrize("text", [
    "Intro.\n\n<!--\n## Key Findings\n\n1. Old.\n-->\n\n## Sources\n",  # a commented-out draft section
    "<!--\n```\n-->\n# a\n```\n# b\n",  # a fence line inside a comment opens no fence
    "<!-- ## a -->\n# b\n",  # a comment on one line
    "   <!--\n# a\n-->\n# b\n",  # three blanks before it: still an HTML block
    "<!--\n# a\n\n# b\n",  # never closed: it hides the rest
    "<!-- a\n\n```\n\n# b\n-->\n# c\n",  # over blank lines
    "```\n<!--\n```\n# a\n-->\n",  # a comment's opening inside fenced code is code
    "    <!--\n# a\n-->\n",  # four blanks: indented code, no comment
    "text <!--\n# a\n-->\n",  # an inline comment: the heading interrupts its paragraph
    "<!-->\n# a\n",  # an empty comment ends on its line
    "<!--->\n# a\n",
    "<!-- a --> b\n# c\n<!--\n# d\n--> e\n# f\n",  # text after its end on the same line
    "- item\n<!--\n# a\n-->\n# b\n",  # after a list item
])
def test_a_heading_or_fence_inside_an_html_comment_is_none_as_github_renders_it(text: str) -> None:
    assert _ours_around_comments(text) == _github(text)


_COMMENT_LINES = ("<!--", "-->", "<!-- x -->", "<!-- ## x -->", "text <!--", "  <!--", "    <!--", "<!-->", "x --> y",
                  "```", "~~~", "# heading", "## heading", "text", "", "- item", "1. item", "  text", "`<!--`")


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_COMMENT_LINES), max_size=14))
def test_headings_and_fences_around_html_comments_are_github_s(lines: list[str]) -> None:
    text = "\n".join(lines) + "\n"
    assert _ours_around_comments(text) == _github(text)


def test_a_commented_out_section_keeps_the_lines_of_every_other_and_hides_its_words() -> None:
    body = ("## Executive Summary\n\nThe summary.\n\n<!--\n## Key Findings\n\n1. A withdrawn draft.\n-->\n\n"
            "## Key Findings\n\n1. Real.\n<!-- 2. Dropped. -->\n2. Also real.\n\n## Sources\n")
    sections = split_sections(body, 10)
    assert [(s.heading, s.line) for s in sections] == [("Executive Summary", 10), ("Key Findings", 20), ("Sources", 26)]
    summary = sections[0].text
    assert "withdrawn" not in summary and "<!--" not in summary and "The summary." in summary
    assert summary.count("\n") == body[:body.index("\n## Key Findings\n\n1. Real")].count("\n") - 1
    assert [(f.number, f.text, f.line) for f in list_entries(sections[1])] == [(1, "Real.", 22), (2, "Also real.", 24)]
