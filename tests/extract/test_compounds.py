"""Hyphenated compounds an item writes anywhere, as topics: ``kgsync.extract.compounds`` (issue 21)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract.compounds import (compound_mentions, hyphen_runs, hyphenated, is_compound_key, is_prefixed_key,
                                      modifiers_only, prefixed_key, prefixed_mentions)


def _found(text: str, dense: str = "", mined: frozenset[str] = frozenset()) -> dict[str, tuple[int, int]]:
    return {key: (n, d) for key, n, d in compound_mentions(text, dense, mined)}


def test_a_compound_is_counted_over_the_whole_text_in_any_case() -> None:
    text = "Human-in-the-loop gates. A human-in-the-loop review; HUMAN-IN-THE-LOOP again."
    found = _found(text, dense="Human-in-the-loop gates.", mined=frozenset({"human in the loop"}))
    assert found["human in the loop"] == (3, 1)


def test_an_item_addresses_a_compound_only_where_mining_found_it_an_idea() -> None:
    text = "Human-in-the-loop gates. A human-in-the-loop review; human-in-the-loop again."
    assert _found(text, dense="Human-in-the-loop gates.")["human in the loop"] == (3, 0)  # named, not addressed


def test_a_reduplication_is_a_manner_not_a_compound() -> None:
    """"end-to-end", "step-by-step": the same word both sides of a preposition."""
    assert _found("End-to-end tests, step-by-step, day-to-day", mined=frozenset({"end to end"})) == {}


def test_a_compound_key_has_three_words_or_more() -> None:
    assert is_compound_key("human in the loop") and not is_compound_key("technical debt")
    assert not is_compound_key("guardrail") and hyphenated("policy as code") == "policy-as-code"
    assert _found("a multi-agent system and a well-known tool") == {}  # two words: a phrase's or a word's


def test_a_prefixed_compound_naming_what_there_are_several_of_is_counted_as_one_word() -> None:
    """"multi-agent" before varying heads: one key, its last part singular, counted in any case."""
    text = "Multi-agent systems fail. Multi-Agent orchestration; multi-agents and the multi-agent coordination."
    found = {key: (n, d) for key, n, d in prefixed_mentions(text, "Multi-agent systems fail.")}
    assert found == {"multi-agent": (4, 1)}
    assert is_prefixed_key("multi-agent") and not is_prefixed_key("multiagent") and not is_prefixed_key("human in the loop")


def test_a_prefixed_compound_of_a_vague_noun_an_adjective_or_a_negation_is_no_topic() -> None:
    """A count of steps is a manner; "cross-functional", "self-hosted" are no nouns; "non-" only
    qualifies; "cross-reference" is a dictionary word; a gerund last ("pre-training") is the gerund's."""
    for surface in ("multi-step", "cross-item", "multi-year", "cross-functional", "self-hosted", "post-hoc",
                    "non-compliance", "cross-reference", "pre-training", "well-known"):
        assert prefixed_key(surface) is None, surface
    assert prefixed_key("single-agents") == "single-agent" and prefixed_key("multi-hop") == "multi-hop"
    assert prefixed_mentions("multi-step reasoning, multi-step plans, multi-step tools", "multi-step reasoning") == ()


@given(st.lists(st.sampled_from([b"-", b" ", b"a", b"Z9", b"_", b"--", b"  ", b"in-the"]), max_size=40).map(b"".join))
@settings(max_examples=400, deadline=None)
def test_the_hyphenated_runs_are_the_regex_over_the_bytes(data: bytes) -> None:
    """``_hyphenated`` goes from hyphen to hyphen: the oracle is the regex over the translated bytes, as first written."""
    from kgsync.extract.compounds import _hyphenated

    assert _hyphenated(data) == re.findall(rb"[^ ]*-[^ ]*", data)


@given(st.lists(st.sampled_from(["human-in-the-loop", "Policy-as-Code", "end-to-end", "-in-", "the", "-", " ", "x1",
                                 "é", "\n"]), max_size=30).map("".join),
       st.sets(st.sampled_from(["human in the loop", "policy as code", "the loop human"]), max_size=2))
@settings(max_examples=300, deadline=None)
def test_the_same_text_twice_is_counted_once_with_the_same_counts(text: str, mined: set[str]) -> None:
    """``compound_mentions`` given one text as both (mining's stated zones) counts it once: the
    same answer as for an equal text that is another object."""
    other = (text + "\x00")[:-1]
    assert other is not text or len(text) < 2
    assert compound_mentions(text, text, frozenset(mined)) == compound_mentions(text, other, frozenset(mined))


def test_a_prefixed_compound_written_only_before_a_noun_is_a_modifier_of_the_item() -> None:
    text = "Multi-hop reasoning fails; multi-hop retrieval helps. Single-agent systems and multi-agent setups."
    found = prefixed_mentions(text, text)
    assert {key for key, _n, _d in found} == {"multi-hop", "single-agent", "multi-agent"}
    assert modifiers_only(found, text) == {"multi-hop", "single-agent", "multi-agent"}
    alone = text + " We compare single-agent and multi-agent. The reasoning is multi-hop."
    assert modifiers_only(prefixed_mentions(alone, alone), alone) == set()  # each written as a head once
    assert modifiers_only((), text) == set()


@given(st.text(alphabet="abcmultiagenthop-_ .,\n\u00e9AB1", max_size=80), st.sampled_from(["", "multi-agent", "a-b-c"]))
def test_runs_given_count_as_the_text_cut_alone(text: str, dense: str) -> None:
    """Mining cuts the whole text's hyphenated runs once for both scans (speed197): the same answers."""
    data = text.encode("utf-8", "replace")
    runs = hyphen_runs(data)
    mined = frozenset({"a b c", "multi agent hop"})
    assert compound_mentions(text, dense, mined, data, runs) == compound_mentions(text, dense, mined)
    assert prefixed_mentions(text, dense, data, runs) == prefixed_mentions(text, dense)
