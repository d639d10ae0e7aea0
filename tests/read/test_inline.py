"""kgsync.read.inline: a link's address and the code spans, read once as CommonMark reads them."""

from __future__ import annotations

import re
import time

import pytest

from kgsync.read.inline import LINK, LINK_ADDRESS, InlineLink, address_of, code_spans, inline_links


@pytest.mark.parametrize(("written", "address"), [
    ("(https://en.wikipedia.org/wiki/The_Goal_(novel))", "https://en.wikipedia.org/wiki/The_Goal_(novel)"),
    ("(https://doi.org/10.1016/0004-3702(79)90008-0)", "https://doi.org/10.1016/0004-3702(79)90008-0"),
    ('(https://e.org/a "A title (1)")', "https://e.org/a"),
    ("(  https://e.org/a\t't')", "https://e.org/a"),
    ("(<https://e.org/a b>)", "https://e.org/a b"),
    ("(<https://e.org/a(b>)", "https://e.org/a(b"),
    ("()", ""),
])
def test_a_link_address_is_read_whole_its_title_left_out(written: str, address: str) -> None:
    assert re.fullmatch(LINK_ADDRESS, written), written
    assert address_of(written) == address


def test_each_link_and_image_is_read_with_its_label_and_where_its_address_is() -> None:
    text = "See ![chart](https://x.org/c.png) and [The Goal](https://e.org/The_Goal_(novel) \"T\")."
    chart, goal = inline_links(text)
    assert chart == InlineLink(4, 33, "chart", "https://x.org/c.png", True, (13, 32))
    assert (goal.label, goal.address, goal.image) == ("The Goal", "https://e.org/The_Goal_(novel)", False)
    assert text[slice(*goal.address_span)] == goal.address and text[goal.end - 1] == ")"
    assert goal.has_scheme and not inline_links("[n](Research/completed/a.md)")[0].has_scheme
    assert not inline_links("[n](C:\\notes\\a.md)")[0].has_scheme  # a drive letter is no scheme


def test_a_code_span_read_before_a_link_breaks_it() -> None:
    """CommonMark reads a code span first: one holding a link's "]" (or its "[") leaves no link; a span
    inside the label is the label's, and the link stands."""
    assert inline_links("[Prior research: `](https://e.org/a.md`)") == ()
    assert inline_links("`[a`](https://e.org/b)") == ()
    [link] = inline_links("[the `kgsync` docs](https://e.org/c)")
    assert (link.label, link.address) == ("the `kgsync` docs", "https://e.org/c")


def test_code_spans_pair_runs_of_equal_length() -> None:
    assert code_spans("a `b` and ``c ` d`` e") == [(2, 5), (10, 19)]
    assert code_spans("no code") == [] and code_spans("an ` alone") == []


def test_no_link_spans_a_line_break() -> None:
    assert LINK.search("[t](https://e.org/a\nb)") is None
    assert inline_links("[t\nu](https://e.org/a)") == ()


@pytest.mark.parametrize("hostile", ["[a](" * 20_000, "[a](x(" * 20_000, "](" * 20_000 + "`" * 3, "[a](<" * 20_000,
                                     "[x](y) `" * 20_000])
def test_reading_links_takes_linear_time(hostile: str) -> None:
    """Every stage's markup pattern is built on ``LINK_ADDRESS``: an unbounded run in it never spans the start of
    another attempt, so 80,000 characters of unclosed links read in well under a second (quadratic: minutes); a
    link is checked against the code spans by bisection (20,000 links among 10,000 spans took 45 s one by one)."""
    # CPU time, not wall time: on a loaded machine a linear read (0.002-0.08 s of CPU here) took 2.02 s of wall
    # clock once; the bound still sits far below a quadratic read's minutes.
    started = time.process_time()
    inline_links(hostile)
    assert time.process_time() - started < 2.0


def test_the_address_pattern_is_one_atom_wherever_a_pattern_writes_it() -> None:
    """Written after a label with no group around it, an alternation at its top would end the label's branch
    there: every parenthesis of the text ("Vector stores (ChromaDB, sqlite-vec) solve …") would read as markup."""
    pattern = re.compile(rf"\[([^\[\]]*)\]{LINK_ADDRESS}")
    assert pattern.search("Vector stores (ChromaDB, sqlite-vec) solve (a, b") is None
    assert pattern.fullmatch("[a](https://e.org/a_(b))")
