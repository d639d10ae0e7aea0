"""The near-duplicate signals measured over every pair for issue 21 (``bench/pair_signals.py``)."""

from __future__ import annotations

from bench.pair_signals import equated_pairs


def test_an_item_writing_two_names_as_one_equates_them() -> None:
    forms = {"language-model": ("language models",), "large-language-model": ("LLM", "large language models"),
             "information-technology": ("IT",)}
    found = equated_pairs(forms, [("a", "Most language models (LLMs) are large.")])
    assert list(found) == [("language-model", "large-language-model")] and found[next(iter(found))].startswith("a: ...")
    also = equated_pairs(forms, [("b", "A language model, also called an LLM, predicts words.")])
    assert list(also) == [("language-model", "large-language-model")]


def test_a_choice_a_lowercase_acronym_or_a_longer_name_equates_nothing() -> None:
    forms = {"language-model": ("language models",), "large-language-model": ("LLM",),
             "information-technology": ("IT",)}
    assert equated_pairs(forms, [("a", "Use a language model or an LLM to write it (it is cheap).")]) == {}
    # "large language model (LLM)": the longer name wins at its place, one node written twice
    assert equated_pairs(forms, [("a", "A large language model (LLM) writes.")]) == {}
