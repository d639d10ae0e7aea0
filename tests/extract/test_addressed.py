"""The phrases one item addresses (``kgsync.extract.addressed``)."""

from __future__ import annotations

from kgsync.extract.addressed import addressed_phrases
from kgsync.extract.names import letter_runs


def addressed(text: str, dense: str) -> tuple[str, ...]:
    return addressed_phrases(text.lower(), dense, letter_runs(text), letter_runs(dense))


def test_a_phrase_written_three_times_once_where_the_item_concludes_is_addressed() -> None:
    text = "Memory management matters. Memory-management budgets. Good memory managements."
    assert "memory management" in addressed(text, "Memory management matters.")  # every spelling of the key
    assert "memory management" not in addressed(text, "Budgets matter.")  # never where it concludes
    assert "memory management" not in addressed("Memory management. Memory management.", "Memory management.")


def test_three_word_phrases_and_acronyms_count_but_no_stopword_and_no_clause_mark() -> None:
    text = "Supply-chain risk grows. Supply chain risk; supply chain risks. MLOps, MLOps and MLOps. Risk of memory."
    found = addressed(text, "Supply chain risk and MLOps.")
    assert "supply chain risk" in found
    assert "mlop" in found or "mlops" in found
    assert not any(k.startswith("risk of") for k in found)
    assert "risk supply" not in found  # a full stop between the two words


def test_a_slug_is_no_mention() -> None:
    slug = "2026-03-02-agent-memory-management-context-injection"
    text = f"See {slug}, {slug} and {slug}. Memory management once."
    assert "memory management" not in addressed(text, "Memory management once.")


def test_a_plain_single_word_is_never_kept() -> None:
    text = "Evaluation matters. Evaluation again. Evaluation thrice."
    assert "evaluation" not in addressed(text, "Evaluation matters.")
