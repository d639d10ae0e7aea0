"""The keys of what one item addresses (``kgsync.extract.addressed``), from counts mining made."""

from __future__ import annotations

from kgsync.extract.addressed import addressed_keys
from kgsync.extract.names import letter_runs


def test_a_two_word_topic_phrase_written_three_times_once_where_the_item_concludes_is_kept() -> None:
    words = (("memory management", 3, 1, 0), ("context window", 2, 1, 1), ("budget", 9, 4, 2),
             ("cost optimisation", 5, 0, 0))
    # Too few mentions, none where it concludes, a plain single word: not kept.
    assert addressed_keys(words, letter_runs(""), letter_runs("")) == ("memory management",)


def test_an_acronym_counts_in_every_spelling_of_its_key_but_only_one_written_where_the_item_concludes() -> None:
    text = "MLOps teams. MLOps budgets. More MLOPs. MCP, MCP and MCP. Plain words Twice."
    found = addressed_keys((), letter_runs(text), letter_runs("MLOps matters."))
    assert found == ("mlops",)  # MCP is written three times, never where the item concludes
    assert addressed_keys((), letter_runs(text), letter_runs("MLOps and MCP.")) == ("mcp", "mlops")
    assert addressed_keys((), letter_runs("MCP and MCP."), letter_runs("MCP.")) == ()  # two mentions


def test_nothing_where_the_item_concludes_reads_no_acronym() -> None:
    assert addressed_keys((), letter_runs("MCP MCP MCP"), letter_runs("Plain words.")) == ()
