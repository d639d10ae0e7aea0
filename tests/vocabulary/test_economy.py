"""Index economy rules: hubs fold, tags are search-safe, only discriminating themes become concepts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kgsync.vocabulary.economy import Folding, tag_observation

FOLD = Folding.of([("artificial intelligence", "AI"), ("large language model", "LLM"),
                   ("national institute of standard and technology", "NIST")])


def test_hub_long_forms_fold_to_the_corpus_short_form() -> None:
    assert FOLD("Prompt injection in agentic artificial intelligence (AI) systems") == \
        "Prompt injection in agentic AI systems"
    assert FOLD("Large Language Models (LLMs) and Artificial-Intelligence") == "LLMs and AI"
    assert FOLD("National Institute of Standards and Technology (NIST) AI 100-2") == "NIST AI 100-2"


def test_other_text_is_untouched() -> None:
    text = "Model Context Protocol (MCP) servers, intelligence analysis, language models"
    assert FOLD(text) == text
    assert Folding()(text) == text


@given(st.text())
def test_folding_is_idempotent(text: str) -> None:
    assert FOLD(FOLD(text)) == FOLD(text)


def test_tags_are_search_safe_by_default() -> None:
    assert tag_observation("agentic-ai") == "tag:agentic_ai"
    assert "agentic-ai" not in tag_observation("agentic-ai")  # a slug search does not hit every item
    assert tag_observation("agentic-ai", "slug") == "tag:agentic-ai"
