"""word_diff: a reworded claim shown word by word (kept, removed, added runs), as the PR body shows it."""

from __future__ import annotations

from kgsync.diff.claim_changes import word_diff


def test_word_diff_runs() -> None:
    assert word_diff("Caching cuts latency", "Caching cuts read latency") == (
        ("=", "Caching cuts"), ("+", "read"), ("=", "latency"))
    assert word_diff("A B C", "A X C") == (("=", "A"), ("-", "B"), ("+", "X"), ("=", "C"))
    assert word_diff("same  words", "same words") == (("=", "same words"),)  # spacing is no change
    assert word_diff("", "new") == (("+", "new"),) and word_diff("old", "") == (("-", "old"),)


def test_word_diff_rebuilds_both_statements() -> None:
    old, new = "SQLite fits the scale of one research repo", "SQLite fits a research repo of any scale"
    runs = word_diff(old, new)
    assert " ".join(text for tag, text in runs if tag != "+") == old
    assert " ".join(text for tag, text in runs if tag != "-") == new
