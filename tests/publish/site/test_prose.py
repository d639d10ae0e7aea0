"""kgsync.publish.site.prose: quoted sentences as text, URLs as links, files named by the repository."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgsync.publish.site.prose import linked_html, plain_text, quote_text, site_path, summary_html, whole_finding_text
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


_A = '<a href="https://doi.org/10.6028/NIST.AI.100-1" rel="nofollow noopener" title="https://doi.org/10.6028/NIST.AI.100-1">doi.org</a>'
_B = '<a href="https://www.iso.org/standard/81230.html" rel="nofollow noopener" title="https://www.iso.org/standard/81230.html">iso.org</a>'


@pytest.mark.parametrize(("written", "shown"), [
    # The items' evidence labels: a small note, each source a link named by its site.
    ("Risk is managed. [inference; source: https://doi.org/10.6028/NIST.AI.100-1; https://www.iso.org/standard/81230.html]",
     f'Risk is managed. <small class="kg-evidence">(inference · sources: {_A}, {_B})</small>'),
    ("It holds [fact; source: https://doi.org/10.6028/NIST.AI.100-1].",
     f'It holds <small class="kg-evidence">(fact · source: {_A})</small>.'),
    ("It holds. [inference]", 'It holds. <small class="kg-evidence">(inference)</small>'),
    ("Read: - [fact] A list made one line.", 'Read: - <small class="kg-evidence">(fact)</small> A list made one line.'),
    # Inside a sentence, a label the same text uses as one elsewhere.
    ("Slack is right [inference] when it is used. It holds [inference].",
     'Slack is right <small class="kg-evidence">(inference)</small> when it is used. '
     'It holds <small class="kg-evidence">(inference)</small>.'),
    ("It holds. [fact, high confidence]", 'It holds. <small class="kg-evidence">(fact, high confidence)</small>'),
    ("It holds. [Sources: https://doi.org/10.6028/NIST.AI.100-1 ; https://www.iso.org/standard/81230.html]",
     f'It holds. <small class="kg-evidence">(sources: {_A}, {_B})</small>'),
    # A Markdown link as a source (plain_text made it "text (URL)"): named by its text.
    (plain_text("Set. [inference; source: [NIST AI RMF](https://doi.org/10.6028/NIST.AI.100-1)]"),
     'Set. <small class="kg-evidence">(inference · source: <a href="https://doi.org/10.6028/NIST.AI.100-1" '
     'rel="nofollow noopener" title="https://doi.org/10.6028/NIST.AI.100-1">NIST AI RMF</a>)</small>'),
])
def test_an_evidence_label_in_a_summary_reads_as_a_small_note_with_its_sources_linked(written, shown):
    assert summary_html(written) == shown


@pytest.mark.parametrize("written", [
    "A list [a, b] stays.", "The agent [sic] stays.", "[Claude Code] stays.",
    "[inference — derived from evidence convergence; the framing is interpretive]",
    "[inference; see the appendix]",  # not a source: the bracket is the item's own prose
])
def test_a_bracket_that_is_no_evidence_label_is_left_as_written(written):
    assert summary_html(written) == linked_html(written)


@given(st.text(max_size=200) | st.sampled_from(HOSTILE))
def test_summary_html_never_lets_markup_through(text):
    html = str(summary_html(text))
    for tag in ('<small class="kg-evidence">', "</small>", "</a>"):
        html = html.replace(tag, "")
    html = re.sub(r'<a href="[^"<>]*" rel="nofollow noopener"( title="[^"<>]*")?>', "", html)
    assert "<" not in html and ">" not in html.replace("&gt;", "")


def test_a_file_outside_the_repository_is_named_by_its_file_name():
    assert site_path("Research/completed/a.md") == "Research/completed/a.md"
    assert site_path("/home/ci/build/research/a.md") == "a.md"
    assert site_path("../research/a.md") == "a.md"
    assert site_path("C:\\research\\a.md") == "a.md"


def test_a_question_or_summary_reads_as_text_and_keeps_its_link_targets():
    assert plain_text("Which `Research/completed/` items, per **Key Finding 2** of [the survey](https://x.org/s)?") \
        == "Which Research/completed/ items, per Key Finding 2 of the survey (https://x.org/s)?"
    assert plain_text("See [https://x.org/a](https://x.org/a).") == "See https://x.org/a."


def test_an_image_or_a_link_whose_address_is_refused_reads_as_its_label() -> None:
    """QA 121, row 6: a research question's ``[evil](javascript:…)`` read "evil (javascript:…)", and an image
    ``![img](x" onerror="…")`` stayed as written; the reader gets the label, and a safe address as before."""
    assert plain_text('Q ![qimg](x" onerror="alert(3)") and [qevil](javascript:alert(4)) end.') == "Q qimg and qevil end."
    assert plain_text("See ![chart](https://x.org/c.png) and [doc](https://x.org/a).") == \
        "See chart (https://x.org/c.png) and doc (https://x.org/a)."
    # A path in the repository is no URL a reader follows, but it names the item: kept as written.
    assert plain_text("(Sources: [Taxonomy](Research/completed/2026-03-12-x.md))") == \
        "(Sources: Taxonomy (Research/completed/2026-03-12-x.md))"


@pytest.mark.parametrize("written", [
    'See [the paper](https://e.org/p "A title (2019)") for more',
    "See [the paper](<https://e.org/a paper>) for more",
    "See ![the paper](https://e.org/p.png) for more",
    "See [the paper](https://doi.org/10.1016/0004-3702(79)90008-0) for more",
])
def test_a_quoted_link_reads_as_its_label_however_its_address_is_written(written: str) -> None:
    """A quoted sentence's link was read by a pattern of its own, which took no title, no "<…>" and an image's
    "!" as text: the page quoted ``[the paper](https://e.org/p "A title (2019)")`` as written.  It reads each link
    as every stage does (``read.inline``)."""
    assert quote_text(written) == "See the paper for more"


def test_whole_finding_text_drops_the_grade_bracket_and_the_sources_word_only():
    assert whole_finding_text("**[fact][high confidence]** A holds. Sources: https://x.org/a; https://y.org/b") == "A holds."
    assert whole_finding_text("**[High]** B holds. Source: https://x.org/a") == "B holds."
    assert whole_finding_text("B holds. **Sources:** https://x.org/a ; https://x.org/b") == "B holds."
    # The statement's own word stays: it introduces no address.
    assert whole_finding_text("C combines two sources (Sources: https://x.org/a)") == "C combines two sources"
    assert whole_finding_text("D reads the sources. E follows.") == "D reads the sources. E follows."


def test_summary_blocks_keeps_paragraphs_and_lists_apart():
    from kgsync.publish.site.prose import summary_blocks

    assert summary_blocks("One line.") == "<p>One line.</p>"
    assert summary_blocks("A first\nline.\n\nA second.") == "<p>A first line.</p>\n<p>A second.</p>"
    assert summary_blocks("Lead:\n1. one\n2. two") == "<p>Lead:</p>\n<ol>\n<li>one</li>\n<li>two</li>\n</ol>"
    assert summary_blocks("- <b>x</b>\n  y") == "<ul>\n<li>&lt;b&gt;x&lt;/b&gt; y</li>\n</ul>"  # item text stays data
