"""Phrases written only as one head's modifier (``kgsync.extract.enclosed``, issue 21)."""

from __future__ import annotations

from kgsync.extract.enclosed import enclosed_only, head_mentions, named, noun_runs
from kgsync.extract.phrases import word_runs, tokens_of


def _enclosed(dense: str, whole: str, surfaces: dict[str, dict[str, int]]) -> set[str]:
    return enclosed_only(word_runs(dense), surfaces, set(surfaces), whole, whole.lower())


def test_a_phrase_written_only_before_one_head_is_that_heads_modifier() -> None:
    dense = "RLHF creates a structural conflict: it trains models on human approval signals."
    assert _enclosed(dense, dense, {"human approval": {"human approval": 1}}) == {"human approval"}


def test_a_phrase_written_alone_or_before_two_heads_is_the_items_unit() -> None:
    surfaces = {"supply chain": {"supply chain": 2}}
    alone = "Agents should require controls across the supply chain. Supply chain risk grows."
    assert _enclosed(alone, alone, surfaces) == set()
    two_heads = "AI supply chain risk and model supply chain compromise are the item's subject."
    assert _enclosed(two_heads, two_heads, surfaces) == set()


def test_a_phrase_the_whole_text_writes_as_a_head_three_times_is_used() -> None:
    dense = "It trains models on human approval signals."
    body = dense + " Optimising for human approval. Trained on human approval. Human approval, again."
    assert head_mentions(body, body.lower(), ["human approval"]) == 3
    assert _enclosed(dense, body, {"human approval": {"human approval": 1}}) == set()


def test_a_mention_inside_a_parenthesised_list_is_an_aside() -> None:
    body = ("Growth tracks organisational complexity (multinational corporations, global supply chains).\n"
            "It is explained by complexity (multinational corporations, global supply chains), and by\n"
            "global supply chain complexity. It is driven by expansion and global supply chains.")
    # the two listed mentions are asides; one head is left, and "supply chain complexity" is the findings' unit
    assert head_mentions(body, body.lower(), ["supply chain"]) == 1
    dense = "Procurement growth tracks global supply chain complexity more directly than demography."
    assert _enclosed(dense, body, {"supply chain": {"supply chain": 1}}) == {"supply chain"}
    # a parenthesis that lists nothing is no aside
    single = "the pipeline (supply chain) matters"
    assert head_mentions(single, single.lower(), ["supply chain"]) == 1


def test_a_hyphenated_or_capitalised_phrase_is_named_whatever_head_follows() -> None:
    assert named("human-in-the-loop") and named("supply-chain") and named("GitHub Copilot") and named("AI governance")
    assert not named("human approval") and not named("supply chains")


def test_a_verb_after_the_phrase_is_no_head() -> None:
    for dense in ("The same frequency means another risk when the action surface and blast radius differ.",
                  "Measured productivity gains compound over time.", "How do research agents use MCP tools?"):
        surfaces = {key: {key: 1} for key in ("blast radius", "productivity gain", "research agent")}
        assert _enclosed(dense, dense, surfaces) == set(), dense


def test_a_plural_after_a_singular_determiners_phrase_is_its_verb() -> None:
    # "each agent session starts": "starts" agrees with "each ... session", it is no head of the phrase
    dense = "Each agent session starts from zero, so a memory file helps."
    assert _enclosed_noun(dense, {"agent session": {"agent session": 1}}) == set()
    signals = "RLHF trains models on human approval signals."  # no determiner: "signals" heads the phrase
    assert _enclosed_noun(signals, {"human approval": {"human approval": 1}}) == {"human approval"}


def _enclosed_noun(dense: str, surfaces: dict[str, dict[str, int]]) -> set[str]:
    return enclosed_only(noun_runs(tokens_of(dense)[1]), surfaces, set(surfaces), dense, dense.lower())
