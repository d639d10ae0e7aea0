"""A piece of an acronym's expansion written only inside it is no term of the item (``kgsync.extract.expansion_pieces``)."""

from kgsync.extract.expansion_pieces import pieces_only_inside
from kgsync.extract.mining import candidates
from kgsync.extract.topics import topic_tokens
from kgsync.read.items import read_item_bytes

LLM = {"large language model"}


def _inside(text: str, expansions: set[str], keys: list[str]) -> set[str]:
    return pieces_only_inside(topic_tokens(text), expansions, keys)


def test_a_piece_written_only_inside_the_expansion_is_found() -> None:
    text = "Large Language Models (LLMs) hallucinate. A Large Language Model's output is checked."
    assert _inside(text, LLM, ["large language", "language model"]) == {"large language", "language model"}


def test_a_piece_written_once_on_its_own_stays() -> None:
    text = "Large Language Models (LLMs) hallucinate, and language models still do not reason."
    assert _inside(text, LLM, ["large language", "language model"]) == {"large language"}


def test_a_piece_the_item_never_writes_is_not_found() -> None:
    # what the text does not write is not "only inside" (nothing to read it from)
    assert _inside("LLMs hallucinate.", LLM, ["large language"]) == set()


def test_only_pieces_of_an_expansion_the_item_defines_and_not_the_expansion_itself() -> None:
    text = "A Policy Enforcement Point (PEP) enforces. The Policy Enforcement Point logs."
    assert _inside(text, {"policy enforcement point"}, ["policy enforcement", "enforcement point", "policy"]) == {
        "policy enforcement", "enforcement point"}
    # "language model" is an expansion of its own there ("Language Model (LM)"): never a piece
    assert _inside("Large Language Model (LLM), Language Model (LM)", LLM | {"language model"},
                   ["language model"]) == set()
    assert _inside("Large Language Model (LLM)", set(), ["large language"]) == set()


def test_a_closed_up_prefix_is_one_word() -> None:
    # "multi-agent" keys to "multiagent": two tokens of the text, one word of the key
    text = "Multi-Agent Reinforcement Learning (MARL) trains teams. Multi-Agent Reinforcement Learning scales."
    assert _inside(text, {"multiagent reinforcement learning"}, ["multiagent reinforcement", "reinforcement learning"]
                   ) == {"multiagent reinforcement", "reinforcement learning"}
    assert _inside(text + " Reinforcement learning alone.", {"multiagent reinforcement learning"},
                   ["reinforcement learning"]) == set()


def _item_keys(body: str) -> set[str]:
    item, _issues = read_item_bytes(body.encode(), "x.md", "x")
    assert item is not None
    return {c.key for c in candidates(item).terms}


_ITEM = ("---\ntitle: Layered interfaces between a Large Language Model (LLM) and a solver\n---\n\n"
         "## Research Question\n\nHow should a Large Language Model hand proposals to a solver?\n\n"
         "## Executive Summary\n\nThe Large Language Model emits a typed proposal envelope.\n\n"
         "## Key Findings\n\n1. **Large Language Model outputs need a canonical state.** Detail.\n")


def test_the_item_keeps_the_expansion_and_drops_its_pieces() -> None:
    keys = _item_keys(_ITEM)
    assert "large language model" in keys
    assert "large language" not in keys and "language model" not in keys


def test_a_piece_the_item_emphasises_or_writes_alone_stays_its_term() -> None:
    assert "language model" in _item_keys(_ITEM + "\n## Analysis\n\nSmaller language models differ.\n")
    assert "large language" in _item_keys(_ITEM + "\n## Analysis\n\nWe call it **large language** here.\n")


def test_without_the_definition_the_pieces_stay_candidates() -> None:
    # no acronym defines the long form: the item's words say nothing of which of them are one name
    keys = _item_keys(_ITEM.replace(" (LLM)", ""))
    assert {"large language", "language model"} <= keys
