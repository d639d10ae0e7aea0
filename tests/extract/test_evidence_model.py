"""The evidence modules' shared text helpers (kgsync.extract.evidence_model): markup dropped,
sentences shortened at a word, content words, word keys."""

from __future__ import annotations

from kgsync.extract.evidence_model import (
    MAX_SENTENCE,
    content_words,
    plain_text,
    shorten_sentence,
    words_key,
)


def test_plain_text_keeps_link_text_and_drops_emphasis() -> None:
    assert plain_text("See **the  cache** and [the paper](https://x.org/p)\n now.") == "See the cache and the paper now."
    assert plain_text("  no\tmarkup  ") == "no markup"


def test_words_key_is_the_lowercase_words_of_the_plain_text() -> None:
    assert words_key("**Caching** cuts [read latency](u)!") == words_key("caching cuts read latency") != ""


def test_a_long_sentence_is_cut_at_a_word_with_an_ellipsis() -> None:
    assert shorten_sentence(" | short | ") == "short"
    long = "word " * MAX_SENTENCE
    cut = shorten_sentence(long)
    assert len(cut) <= MAX_SENTENCE and cut.endswith("word…")


def test_content_words_leave_out_short_words_numbers_and_stopwords() -> None:
    words = content_words("The 2026 cache-layer cuts p95 latency by 40% in an LRU cache.")
    assert {"cache", "layer", "cuts", "latency", "lru", "p95"} <= words
    assert not words & {"the", "by", "in", "an", "2026", "40"}
