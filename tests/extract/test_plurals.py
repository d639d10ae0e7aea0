"""Which topic plurals an item writes (``kgsync.extract.plurals``, issue 21): a plural alias is a form the items write."""

from __future__ import annotations

import zlib

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract.names import letter_runs
from kgsync.extract.plurals import _holds, _sorted_marks, plural, written
from kgsync.extract.topics import pair_marks, read_marks


def test_a_topic_keys_regular_plural() -> None:
    assert plural("guardrail") == "guardrails"
    assert plural("registry") == "registries"
    assert plural("technical debt") == "technical debts"  # a phrase's is its last word's
    assert plural("fine tuning") is None  # a gerund head has none
    assert plural("human in the loop") is None  # a compound is written as one unit
    assert plural("agents.md") is None  # nor a convention file


def _written(text: str, keys: tuple[str, ...]) -> tuple[str, ...]:
    return written(keys, letter_runs(text), pair_marks(text))


def test_a_word_is_written_in_the_plural_in_lower_case_or_capitalised() -> None:
    keys = ("guardrail", "provenance", "throughput")
    assert _written("Guardrails help. Provenance matters; throughput too.", keys) == ("guardrail",)
    assert _written("guardrails and throughputs", keys) == ("guardrail", "throughput")
    assert _written("the PROVENANCES table", keys) == ()  # capitals throughout: not counted as the word either


def test_a_phrase_is_written_in_the_plural_with_a_space_or_a_hyphen_in_one_clause() -> None:
    keys = ("technical debt", "evidence base")
    assert _written("Technical debt grows; evidence bases help.", keys) == ("evidence base",)
    assert _written("Technical-debts pile up.", keys) == ("technical debt",)
    assert _written("technical. debts", keys) == ()  # no pair spans a clause


@given(st.lists(st.sampled_from(["technical", "debt", "debts", "evidence", "base", "bases", "the", "model", "risks",
                                 ".", "-", "Risk", "a"]), max_size=40),
       st.lists(st.text(alphabet="abdeiklmnorst -", max_size=14), max_size=6))
@settings(max_examples=500, deadline=None)
def test_a_phrase_mark_is_found_by_bisection_as_in_the_set_of_marks(words: list[str], phrases: list[str]) -> None:
    # ``written`` looks a phrase's mark up in the sorted marks by bisection: what ``read_marks``'s set holds
    marks = pair_marks(" ".join(words))
    for phrase in [*phrases, *(" ".join(pair) for pair in zip(words, words[1:]))]:
        mark = zlib.crc32(phrase.encode())
        assert _holds(_sorted_marks(marks), mark) == (mark in read_marks(marks))
