"""Phrases written only as a part of a name (``kgsync.extract.nesting``, issue 21)."""

from __future__ import annotations

from collections import Counter

from kgsync.extract.nesting import name_tails


def test_a_word_after_a_name_in_one_phrase_is_that_names_part() -> None:
    tails = name_tails("We call the Gemini API and the Whisper API, and the GitHub Contents API.")
    assert tails["api"] == 3
    assert tails["content api"] == 1  # "Contents API" follows "GitHub"
    assert "gemini api" not in tails  # the whole phrase is the product's name, no part of one


def test_a_capital_that_opens_a_sentence_a_line_or_a_parenthesis_is_no_name() -> None:
    assert name_tails("Gemini API calls fail.\n- Whisper API quotas differ. (Anthropic API)") == Counter()


def test_an_acronym_qualifies_a_field_and_is_no_name() -> None:
    assert name_tails("We list the AI failure modes and the MCP server registry.") == Counter()


def test_a_phrase_written_alone_is_no_names_part() -> None:
    assert name_tails("The API is slow; prompt injection attacks the API.") == Counter()
