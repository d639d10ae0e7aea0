"""Tests of kgsync.publish.site.text: values made inert in Markdown, safe URLs, file stems, counts."""

from __future__ import annotations

import re

import markdown
import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kgsync.publish.site.markdown import LeanMarkdown
from kgsync.publish.site.text import RESERVED_STEMS, counted, file_stems, md_text, safe_url, yaml_string
from tests.publish.site.breaking_text import TEXT
from tests.publish.site.rendered import _Shape
from tests.site_fixture import HOSTILE


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


def test_counts_agree_with_their_noun():
    assert [counted(n, "shared item") for n in (0, 1, 2)] == ["0 shared items", "1 shared item", "2 shared items"]


@given(TEXT)
@example("a\x85b [clickme](javascript:alert(1))")
@example("\ufffe")
@settings(max_examples=300, deadline=None)
def test_yaml_string_reads_back_as_exactly_the_text(text: str) -> None:
    assert yaml.safe_load(f"title: {yaml_string(text)}\n") == {"title": text}
