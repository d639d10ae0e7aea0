"""merge_hint: the fix a near-duplicate-name finding gives (its rule's finding is tested in test_rules)."""

from __future__ import annotations

from kgsync.lint.names import merge_hint


def test_a_pair_of_mined_terms_gets_the_merges_line_that_joins_them() -> None:
    hint = merge_hint("agent-memory", "agentic-memory")
    assert hint is not None and "under `merges:` in kgsync-vocab.yml" in hint
    assert "agent-memory" in hint and "agentic memory" in hint


def test_two_themes_nodes_get_no_line() -> None:
    hint = merge_hint("rag", "retrieval-augmented-generation", {"rag", "retrieval-augmented-generation"})
    assert hint is not None and "both are themes' nodes" in hint


def test_two_nodes_of_one_term_are_a_defect() -> None:
    hint = merge_hint("vector-store", "vector-stores")
    assert hint is not None and "both are the term `vector store`" in hint


def test_a_name_no_line_can_hold_gets_the_rules_hint() -> None:
    assert merge_hint("Agent Memory", "agentic memory") is None
