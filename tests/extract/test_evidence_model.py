"""The evidence modules' shared text helpers (kgsync.extract.evidence_model): markup dropped,
sentences shortened at a word, content words, word keys."""

from __future__ import annotations

from kgsync.extract.evidence_model import (
    MAX_SENTENCE,
    Moved,
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


def test_linked_before_says_which_claim_a_renumbered_finding_number_linked() -> None:
    from kgsync.contract.model import RelationType
    from kgsync.extract.evidence_model import LinkedBefore, Mention

    def mention(finding: int) -> Mention:
        return Mention("s", finding, "", RelationType.SUPPORTS, "line", 7, 1, exact=True)

    a, b, c, d = (f"claim:s:{x}" for x in "abcd")
    before = LinkedBefore({"me": {("line", "s", "supports"): {b: 2, c: 3}}}, {"s": {1: a, 2: c, 3: d}})  # b deleted, c moved up
    assert before.moved("me", mention(2), "s", {2, 3}) is None  # c: a claim the line linked
    assert before.moved("me", mention(3), "s", {2, 3}) == Moved((b,), 0)  # d is new to it; b, named by none now, is gone
    assert before.moved("me", mention(3), "s", {3}) == Moved((c,), 2)  # alone: it linked c, now Key Finding 2
    assert before.moved("other", mention(3), "s", {3}) is None and before.moved("me", mention(3), "t", {3}) is None
    added = LinkedBefore({"me": {("line", "s", "supports"): {a: 1}}}, {"s": {1: a, 2: c}})
    assert added.moved("me", mention(2), "s", {1, 2}) is None  # a number added: every claim linked is still named
    several = LinkedBefore({"me": {("line", "s", "supports"): {a: 1, b: 2}}}, {"s": {1: c, 2: d}})
    assert several.moved("me", mention(2), "s", {1, 2}) == Moved((b,), 0)  # of a and b, the one it named then
    assert several.moved("me", mention(1), "s", {1}) == Moved((a,), 0)
    unsure = LinkedBefore({"me": {("line", "s", "supports"): {a: 4, b: 5}}}, {"s": {1: c, 2: d}})
    assert unsure.moved("me", mention(1), "s", {1, 2}) == Moved((a, b), None)


def test_plain_text_reads_a_link_address_with_parentheses_whole() -> None:
    """qa128 row 7: the evidence sentence (PR, site, serve) read "… and link) ends here."."""
    assert plain_text("A [link](javascript:alert(2)) ends here.") == "A link ends here."
    assert plain_text("See [BM25](https://en.wikipedia.org/wiki/Okapi_BM25_(ranking)).") == "See BM25."
    assert plain_text("A [link](<https://e.org/a(b>) ends.") == "A link ends."
