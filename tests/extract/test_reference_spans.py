"""kgsync.extract.reference_spans: where a sentence names an item, and the quick tests a line is put to
first, each the answer of the plain pattern it stands for."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from kgsync.extract.descriptions import FINDING
from kgsync.extract.reference_spans import _DATED_SLUG, _PATH_LINK, HAS_REFERENCE, _path_links, may_cite_a_finding, \
    reference_spans


_PLAIN_HAS_REFERENCE = re.compile(r"\.md\b|\d{4}-\d\d-\d\d-|`[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){2,20}(?:\.md)?`|"
                                  r"\b(?:key[ \t]{1,3}findings?|KFs?)[ \t]{0,3}#?[ \t]{0,2}\d", re.I)


@given(st.lists(st.sampled_from(["a.md", ".MD", ".mdx", "2024-01-02-", "\u0661\u0662\u0663\u0664-12-12-", "202-01-02-",
                                 "`a", "`A", "`-", "key finding", "Key  Finding", "okey finding", "KF", "kf2", "\u212aF",
                                 "_KF", "x", " ", "\t", ".", "`", "k", "-", "1", "é", "`a-b-c`", "a-b-c", "-d", "`x-y`", "A-B",
                                 "s", "#", " 3", "\u0663"]),
                max_size=12))
def test_the_fast_reference_check_answers_as_the_plain_regex(parts: list[str]) -> None:
    line = "".join(parts)
    assert bool(HAS_REFERENCE.search(line)) == bool(_PLAIN_HAS_REFERENCE.search(line))
    # it passes by no text that names an item or cites a finding
    assert HAS_REFERENCE.search(line) or not (reference_spans(line) or FINDING.search(line))


_PLAIN_DATED_SLUG = re.compile(r"(?<![A-Za-z0-9-])(\d{4}-\d{2}-\d{2}-[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){0,20})(?![a-z0-9])")


@given(st.lists(st.sampled_from(["2024-01-02-a", "2024", "-01", "-02-", "1", "a", "A", "-", "x", "\u0661\u0662", " ", ".",
                                 "_", "é", "`", "b-c"]), max_size=14))
def test_the_digit_led_dated_slug_finds_what_the_plain_regex_would(parts: list[str]) -> None:
    text = "".join(parts)
    assert [(m.span(), m.group(1)) for m in _DATED_SLUG.finditer(text)] == \
        [(m.span(), m.group(1)) for m in _PLAIN_DATED_SLUG.finditer(text)]



@given(st.lists(st.sampled_from(["a.md", ".md", ".md.md", "b-c.md", "x" * 199, "y" * 60, ".mdx", "a", "-", "_", ".", "/",
                                 " ", "`", "(", "é", "m", "d", "1"]), max_size=14))
def test_the_path_links_found_from_their_md_are_the_patterns_matches(parts: list[str]) -> None:
    text = "".join(parts)
    assert [(m.span(), m.group(1)) for m in _path_links(text)] == \
        [(m.span(), m.group(1)) for m in _PATH_LINK.finditer(text)]

@given(st.lists(st.sampled_from(["key", "KEY", "Key  finding 2", "KF", "kf 3", "\u212aF 1", "\u212aey finding 1", "k", "e",
                                 "y", "f", " ", "\t", "1", "s", "\u0130", "findings 4"]), max_size=10))
def test_the_finding_prefilter_lets_every_citation_through(parts: list[str]) -> None:
    text = "".join(parts)
    assert may_cite_a_finding(text) or not FINDING.search(text)
