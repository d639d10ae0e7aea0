"""One item's topic words, phrases and links, from that item alone (``kgsync.extract.topic_links``)."""

from __future__ import annotations

import dataclasses

from kgsync.extract.mining import DEFINED, Candidate
from kgsync.extract.topic_links import item_ellipses, item_topics
from tests.item_corpus import llm_item


def test_an_item_reads_a_tail_it_writes_after_the_term_it_defines_as_that_term() -> None:
    """"language models" after "large language model (LLM)" (or only inside it) is the LLM in
    that item; a tail the item writes alone before the term is a phrase of its own there."""
    after = llm_item("Large language model (LLM) errors\nWhy do language models guess?")
    assert item_ellipses(after) == {"language model": "large language model"}
    inside = llm_item("Large language model (LLM) errors\nWhy do large language models guess?")
    assert item_ellipses(inside) == {"language model": "large language model"}
    assert item_ellipses(llm_item("Language model errors\nWhy does a large language model (LLM) guess?")) == {}
    assert item_ellipses(llm_item("Language models", defined="language model")) == {}  # no tail


def test_a_tail_of_two_defined_terms_one_inside_the_other_is_the_inner_one() -> None:
    """An item that defines "large language model (LLM)" and "knowledge graph large language model
    (KGLLM)" reads "language model", written only inside them, as its LLM: the longer term holds the
    shorter one, so the tail leaves no two ideas open.  Two defined terms that do not nest ("large"
    and "small language model") still leave it open: the item keeps the phrase."""
    dense = "Large Language Model (LLM) weights\nKnowledge Graph Large Language Model (KGLLM) systems"
    item = llm_item(dense)
    nested = dataclasses.replace(item, terms=item.terms + (
        Candidate("knowledge graph large language model", 1.0, (("Knowledge Graph Large Language Model", 1),), DEFINED),))
    assert item_ellipses(nested) == {"language model": "large language model"}
    assert item_topics(nested)[1:] == (frozenset(), frozenset())
    apart = dataclasses.replace(item, terms=item.terms + (
        Candidate("small language model", 1.0, (("Small Language Model", 1),), DEFINED),))
    assert item_ellipses(apart) == {}
    assert item_topics(apart)[1:] == (frozenset({"language model"}), frozenset({"language model"}))


def test_a_phrase_an_item_writes_as_a_defined_terms_tail_is_not_a_topic_it_addresses() -> None:
    """The phrase "language model" is no topic of an item that reads it as its LLM; an item that
    defines no longer term addresses it."""
    item = llm_item("Large language model (LLM) errors\nWhy do language models guess?")
    assert item_topics(item)[1:] == (frozenset(), frozenset())
    plain = dataclasses.replace(item, terms=item.terms[:1], acronyms=())
    assert item_topics(plain)[1:] == (frozenset({"language model"}), frozenset({"language model"}))


def test_an_items_ellipses_leave_its_text_out_of_the_words_cache() -> None:
    """``item_ellipses`` reads the item's dense zones once: kept in ``words``' cache, 10,000
    items' texts and their words were 95 MiB of a fresh build's peak memory."""
    from kgsync.extract.canonical import fresh_words, words

    dense = "Large language model (LLM) errors, a text of its own\nWhy do language models guess?"
    assert item_ellipses(llm_item(dense)) == {"language model": "large language model"}
    cached = words.cache_info().currsize
    item_ellipses(llm_item(dense + " Again."))
    assert words.cache_info().currsize == cached
    assert fresh_words(dense) == words.__wrapped__(dense)
