"""A compound written as one unit: hyphenated before a word, or capitalised as a name mid-sentence."""

from __future__ import annotations

from kgsync.extract.units import unit_keys


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
