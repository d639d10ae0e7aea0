"""Tests of kgsync.publish.pr.item_views: a reworded finding's word diff."""

from __future__ import annotations

from kgsync.publish.pr.item_views import word_diff
from tests.publish.pr.body_checks import assert_harmless, gfm


def test_a_word_diff_escapes_each_part() -> None:
    out = word_diff("see *this* [link]", "see @octocat #12 ~~x~~")
    assert_harmless(f"- {out}")
    assert out.startswith("see ~~") and "**@" in out
    assert word_diff("a " * 1000, "b " * 1000) is None  # too long to read: the lines say it


def test_a_word_diff_marks_only_the_words_that_changed_not_the_stop_after_them() -> None:
    assert word_diff("Caching halves reads.", "Caching halves reads by half.") == "Caching halves reads **by half**."
    assert word_diff("It holds.", "It holds!") == "It holds ~~.~~ **&#33;**"  # a run opens after a space
    assert word_diff("see e.g. this, and that", "see e.g. these, and that") == "see e.g. ~~this~~ **these**, and that"
    rendered = gfm(f"- {word_diff('It holds.', 'It holds!')}")
    assert "<del>.</del>" in rendered and "<strong>!</strong>" in rendered  # GitHub opens each mark
