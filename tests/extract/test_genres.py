"""An acronym written mostly after one word is that compound's genre (``kgsync.extract.genres``)."""

from kgsync.extract.genres import MIN_USES, chained_only, genre_only
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


def test_an_acronym_written_only_after_another_is_a_piece_of_a_longer_name() -> None:
    text = "The NIST AI RMF says so; the AI RMF GOVERN function maps risks. ISO/IEC 42001 too."
    assert chained_only(text, ["rmf", "nist", "iec"]) == ("rmf",)  # "NIST" opens the name; "IEC": a designation's
    assert chained_only(text + " The RMF is voluntary.", ["rmf"]) == ()  # written alone once: its own word too
    assert chained_only("AI RMF-aligned controls", ["rmf"]) == ()  # a hyphenated word's piece is no use
    assert chained_only("MCP MCP servers", ["mcp"]) == ()  # a repeated word is no chain


def test_the_item_addresses_no_acronym_it_writes_only_inside_a_longer_name() -> None:
    body = ("---\ntitle: AI governance standards\n---\n\n## Research Question\n\n"
            "Which duties does the NIST AI RMF place on deployers?\n\n"
            "## Executive Summary\n\nThe AI RMF maps governance; the AI RMF Playbook lists actions.\n\n"
            "## Key Findings\n\n1. The NIST AI RMF asks for inventories of AI systems.\n")
    item, _issues = read_item_bytes(body.encode(), "x.md", "x")
    assert item is not None
    keys = {c.key for c in candidates(item).terms}
    assert "rmf" not in keys and "ai rmf" in keys
