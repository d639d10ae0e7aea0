"""kgsync.publish.site.prose: quoted sentences as text, URLs as links, files named by the repository."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgsync.publish.site.prose import linked_html, plain_text, quote_text, site_path
from tests.site_fixture import HOSTILE


def test_a_table_row_reads_as_its_cells():
    row = "| FTS5 BM25, zero new dependencies | `Research/completed/x.md` Key Finding 1 | high |"
    assert quote_text(row) == "FTS5 BM25, zero new dependencies · Research/completed/x.md Key Finding 1 · high"
    assert quote_text("FTS5 is in the stdlib | `a.md` KF 2 | high") == "FTS5 is in the stdlib · a.md KF 2 · high"
    assert quote_text("|---|:--:|") == ""


@pytest.mark.parametrize(("written", "read"), [
    ("- [x] `Research/completed/a.md` — prior decision", "Research/completed/a.md — prior decision"),
    ("1. **Bold** claim with *emphasis* and __strong__", "Bold claim with emphasis and strong"),
    ("See [the paper](https://example.org/p) for more", "See the paper for more"),
    ("snake_case_name and 2 * 3 * 4 stay", "snake_case_name and 2 * 3 * 4 stay"),
])
def test_markdown_markers_are_read_not_shown(written, read):
    assert quote_text(written) == read


def test_urls_in_prose_become_links_and_the_rest_stays_text():
    html = linked_html("See https://example.org/a_(b), and <b>bold</b> (https://x.org/y).")
    assert html == ('See <a href="https://example.org/a_%28b%29" rel="nofollow noopener">https://example.org/a_(b)</a>'
                    ', and &lt;b&gt;bold&lt;/b&gt; (<a href="https://x.org/y" rel="nofollow noopener">'
                    "https://x.org/y</a>).")
    assert linked_html("no link: javascript:alert(1) ftp://x") == "no link: javascript:alert(1) ftp://x"


@given(st.text(max_size=200) | st.sampled_from(HOSTILE))
def test_linked_html_never_lets_markup_through(text):
    html = linked_html(text)
    stripped = html.replace('<a href="', "").replace('" rel="nofollow noopener">', "").replace("</a>", "")
    assert "<" not in stripped and ">" not in stripped.replace("&gt;", "")


def test_a_file_outside_the_repository_is_named_by_its_file_name():
    assert site_path("Research/completed/a.md") == "Research/completed/a.md"
    assert site_path("/home/ci/build/research/a.md") == "a.md"
    assert site_path("../research/a.md") == "a.md"
    assert site_path("C:\\research\\a.md") == "a.md"


def test_a_question_or_summary_reads_as_text_and_keeps_its_link_targets():
    assert plain_text("Which `Research/completed/` items, per **Key Finding 2** of [the survey](https://x.org/s)?") \
        == "Which Research/completed/ items, per Key Finding 2 of the survey (https://x.org/s)?"
    assert plain_text("See [https://x.org/a](https://x.org/a).") == "See https://x.org/a."
