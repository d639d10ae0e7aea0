"""An acronym written mostly after one word is that compound's genre (``kgsync.extract.genres``)."""

from kgsync.extract.genres import MIN_USES, genre_only
from kgsync.extract.mining import candidates
from kgsync.read.items import read_item_bytes


def test_an_acronym_mostly_after_one_word_is_a_genre() -> None:
    text = "We built custom GPTs. " + "A custom GPT calls Actions. " * 3 + "GPT models differ."
    assert genre_only(text, ["gpt"]) == ("gpt",)


def test_an_acronym_after_many_words_is_no_genre() -> None:
    text = "The MCP server, remote MCP, local MCP, an MCP host, stdio MCP and MCP clients."
    assert genre_only(text, ["mcp"]) == ()


def test_few_uses_say_nothing() -> None:
    text = "the Agents SDK " * (MIN_USES - 1)
    assert genre_only(text, ["sdk"]) == ()
    assert genre_only(text + "the Agents SDK", ["sdk"]) == ("sdk",)


def test_stopwords_acronyms_and_designations_are_no_opener() -> None:
    assert genre_only("the API " * 6, ["api"]) == ()  # a determiner opens no compound
    assert genre_only("NIST AI RMF " * 6, ["rmf"]) == ()  # a chain of acronyms is read as a whole elsewhere
    assert genre_only("custom GPT-4 " * 6 + "custom GPT", ["gpt"]) == ()  # designations are not counted


def test_the_item_addresses_neither_the_acronym_nor_its_expansion() -> None:
    body = ("---\ntitle: ChatGPT Actions and custom GPTs\n---\n\n## Research Question\n\n"
            "Can a custom Generative Pre-trained Transformer (GPT) call Actions to store memories?\n\n"
            "## Executive Summary\n\nA custom GPT can call Actions; custom GPTs store memories in a repository.\n\n"
            "## Key Findings\n\n1. A custom GPT needs an OpenAPI schema.\n2. Custom GPT Actions use OAuth.\n")
    item, _issues = read_item_bytes(body.encode(), "x.md", "x")
    assert item is not None
    keys = {c.key for c in candidates(item).terms}
    assert "gpt" not in keys
    assert not any(k.startswith(("generative", "pretrained")) for k in keys)
