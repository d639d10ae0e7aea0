"""A general head an item writes mostly after a product's name (``kgsync.extract.name_heads``, issue 21)."""

from __future__ import annotations

from kgsync.extract.name_heads import mention_counts, name_headed


def test_a_head_written_mostly_after_a_name_is_that_products_thing() -> None:
    text = ("We write through the GitHub Contents API. The Slack API sends events; the Telegram Bot API\n"
            "polls. An API is an interface.")
    assert mention_counts(text, {"api"}) == {"api": (4, 3)}
    assert name_headed(text, {"api"}) == {"api"}


def test_a_head_written_bare_as_often_stays_the_items_term() -> None:
    text = "The Render free tier sleeps. A free tier is a trap. Free tiers end."
    assert mention_counts(text, {"free tier"}) == {"free tier": (3, 1)}
    assert name_headed(text, {"free tier"}) == set()


def test_one_word_of_the_same_run_may_stand_between_the_name_and_the_head() -> None:
    assert name_headed("Use a GitHub fine-grained PAT, then the GitHub PAT again.", {"pat"}) == {"pat"}


def test_a_capital_that_opens_a_sentence_a_line_or_a_heading_is_no_name() -> None:
    text = "## Contents API limits\nGitHub API calls. (Slack API)\n- Whisper API\nThe API."
    assert name_headed(text, {"api"}) == set()


def test_an_acronym_before_the_head_is_no_name() -> None:
    assert name_headed("the MCP registry and the npm registry", {"registry"}) == set()


def test_a_head_in_capitals_is_a_title_or_a_name_of_its_own() -> None:
    # "Digital Operational Resilience Act", "Hypothetical Document Embeddings": the head is a piece of a title
    text = "The Digital Operational Resilience Act. Hypothetical Document Embeddings help."
    assert name_headed(text, {"operational resilience", "embedding"}) == set()
    # a designation of letters and digits names a thing of its own ("SQLite FTS5")
    assert name_headed("It uses SQLite FTS5 and SQLite FTS5 again.", {"fts5"}) == set()


def test_only_keys_of_one_or_two_words_are_read() -> None:
    assert name_headed("the Copilot coding agent container", {"coding agent container"}) == set()
