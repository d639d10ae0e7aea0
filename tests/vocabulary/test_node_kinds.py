"""A node's type beyond its head word, apart from the slot an item's caps count it under."""

from __future__ import annotations

from kgsync.extract.mining import candidates
from kgsync.read.config import Config, Mining
from kgsync.vocabulary.node_kinds import is_brand_led, is_cast_as_written, node_kind
from kgsync.vocabulary.terms import TermKind, classify
from kgsync.vocabulary.vocab import select
from tests.item_corpus import make_item

CONCEPT, METHOD = TermKind.CONCEPT, TermKind.METHOD


def test_x_as_something_written_is_a_way_of_handling_x() -> None:
    """"Policy as code" casts policy in a written form (WordNet: code's first sense is
    noun.communication), as "LLM as judge" casts a model in a role; "software as a service" is
    no casting (a service is an act) and keeps its head's kind."""
    assert classify("policy as code") is CONCEPT  # the head word alone: "policy"
    assert is_cast_as_written("policy as code") and is_cast_as_written("infrastructure as code")
    assert node_kind("policy as code", "policy as code", CONCEPT) is METHOD
    assert not is_cast_as_written("software as service")
    assert node_kind("software as service", "software as a service", CONCEPT) is CONCEPT
    assert not is_cast_as_written("governance as accelerator thesis")  # a thesis: "as" is not before the last word
    assert not is_cast_as_written("treated as separate")  # "separate": an adjective as often as a noun


def test_a_method_phrase_opened_by_a_brand_names_a_product() -> None:
    """"GitHub code search": the first word is spelled as a trade name (a capital after a small
    letter inside one word), so the phrase names that organisation's product, a concept."""
    assert classify("github code search") is METHOD  # the head word alone: "search"
    assert is_brand_led("GitHub code search") and is_brand_led("LanceDB vector search")
    assert not is_brand_led("ServiceNow analysis")  # a brand and one activity noun: an activity on it
    assert node_kind("github code search", "GitHub code search", METHOD) is CONCEPT
    assert node_kind("semantic search", "semantic search", METHOD) is METHOD
    assert not is_brand_led("Semantic Search")  # capitals at word starts are a title's, no brand
    assert not is_brand_led("GitHub")  # a brand alone is a concept by its head already
    assert node_kind("github", "GitHub", CONCEPT) is CONCEPT


def test_a_retyped_term_keeps_the_slot_its_head_gave_it() -> None:
    """The item's caps count "GitHub code search" as a method (its head's kind): ``ItemTerms``
    lists it there, the term records that slot, and its node is a concept."""
    items = [make_item(f"2026-01-0{n}-search-{n}", "GitHub code search for agent memory",
                       "How well does GitHub code search find earlier research?",
                       "GitHub code search finds earlier research items by keyword.",
                       ("GitHub code search misses synonyms.",)) for n in range(1, 4)]
    vocabulary = select([candidates(item) for item in items], Config(mining=Mining(min_items=1, max_item_share=1.0)))
    term = vocabulary.terms["github-code-search"]
    assert term.kind is CONCEPT and term.slot is METHOD
    for uses in vocabulary.per_item.values():
        assert "github-code-search" in {use.name for use in uses.methods}
        assert "github-code-search" not in {use.name for use in uses.concepts}
