"""A compound written as one unit: hyphenated before a word, or capitalised as a name mid-sentence."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from kgsync.extract.units import _CAPITALISED, _HYPHEN_THEN_WORDS, _HYPHENATED, _SPACE_THEN_CAPITALS, _matches, unit_keys


def test_a_hyphenated_compound_before_a_word_is_one_unit() -> None:
    assert unit_keys("Teams write access-control policies.") == {"access control"}
    assert unit_keys("Most transaction-cost economics holds.") == {"transaction cost"}


def test_a_hyphenated_compound_before_a_function_word_or_alone_is_not() -> None:
    assert unit_keys("The cost-reduction is small; we chose cost-reduction.") == frozenset()


def test_a_capitalised_run_mid_sentence_is_a_name_and_each_pair_of_it_a_unit() -> None:
    assert unit_keys("we keep the Memory-System design") == {"memory system"}
    assert unit_keys("inside the ServiceNow Enterprise Architecture workspace") == {
        "servicenow enterprise", "enterprise architecture"}


def test_capitals_at_a_sentence_start_or_after_a_capitalised_word_are_style_not_a_name() -> None:
    assert unit_keys("Governance Models matter. Managing Model Risk Today") == frozenset()
    assert unit_keys("Governance models are compared.") == frozenset()


_PIECES = st.sampled_from(["a", "ab", "cost", "Cost", "X", "Memory", "System", "ServiceNow", "GitHub", "AI", "the", "é",
                           "naïve", "4", "_", "-", "--", " ", "  ", "\n", ".", "'", "Ab-cd", "ab-cd", "ab-Cd", "x-y",
                           "interdisciplinarity", "a" * 30])  # words longer than the piece ``_matches`` reads back at once


@given(st.lists(_PIECES, max_size=40))
@example(["the", " ", "Memory", "-", "System", " ", "Design", " ", "ab", "-", "cd", " ", "ef", "-", "gh", " ", "ij"])
@example(["Xab", " ", "Cost", " ", "System"])
@example(["The", " ", "a" * 30, "-", "cd", " ", "ef", " ", "Ab" + "c" * 40, "-", "cost", " ", "ab"])
def test_the_anchored_scan_finds_what_finditer_finds(pieces: list[str]) -> None:
    """Each pattern is tried only where its first word ends in a hyphen or a space that the rest
    may follow: the same matches as the pattern's plain ``finditer``, overlaps skipped alike."""
    text = "".join(pieces)
    for pattern, anchor in ((_HYPHENATED, _HYPHEN_THEN_WORDS), (_CAPITALISED, _SPACE_THEN_CAPITALS)):
        assert [m.span() for m in _matches(text, pattern, anchor)] == [m.span() for m in pattern.finditer(text)]
