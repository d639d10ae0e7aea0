"""Per-item relation votes for a node's type (``bench/bench_type_relations.py``, issue 21, types19)."""

from __future__ import annotations

import pytest

from bench.bench_type_relations import Lexicon, Votes, flip, is_task_name, item_vote


class _Stub(Lexicon):
    """WordNet without its files: "training" an activity (noun.act), "problem" a state, "fails" a failure
    verb, "code" and "question" nouns, "generation" deverbal, "answering" a verb's "-ing", "driven" an adjective."""

    def __init__(self) -> None:
        self.nouns = {"code": ["1"], "question": ["2"], "generation": ["3"], "training": ["4"], "problem": ["5"]}
        self.adjectives = {"driven": ["6"]}
        self.adverbs: dict[str, list[str]] = {}

    def noun_lex(self, word: str) -> str:
        return {"code": "noun.communication", "question": "noun.communication", "generation": "noun.act",
                "training": "noun.act", "problem": "noun.state"}.get(word, "")

    def is_gerund(self, word: str) -> bool:
        return word in ("answering", "prompting", "training")

    def is_deverbal(self, word: str) -> bool:
        return word in ("generation", "answering", "training", "development")

    def is_state_verb(self, form: str) -> bool:
        return form == "fails"

    def is_activity_noun(self, word: str) -> bool:
        return word == "training"


@pytest.mark.parametrize(("key", "task"), [
    ("code-generation", True),  # generate code: an object and a deverbal head
    ("question-answering", True),
    ("driven-development", False),  # an adjective: a manner, not an object
    ("code-generation-tool", False),  # only "N H" is read
])
def test_a_task_name_is_an_object_and_a_deverbal_head(key: str, task: bool) -> None:
    assert is_task_name(key, _Stub()) is task


@pytest.mark.parametrize(("text", "signal", "vote"), [
    ("constitutional ai training works", "act", 1),
    ("chain-of-thought prompting helps", "act", 0),  # "prompting" is no act in WordNet's first sense
    ("chain-of-thought prompting helps", "act-gerund", 1),
    ("constitutional ai training works", "activity", 1),
    ("the constitutional ai problem", "state", -1),
    ("constitutional ai often fails", "state", -1),
    ("constitutional ai training and the constitutional ai problem", "act", 0),
    ("nothing here", "act", 0),
])
def test_an_item_votes_by_the_word_after_the_name(text: str, signal: str, vote: int) -> None:
    names = frozenset({"constitutional ai", "chain of thought"})
    assert item_vote(text, Votes(names), signal, _Stub()) == vote


def test_a_node_flips_only_when_no_item_votes_for_its_type() -> None:
    assert flip("concept", [0, 1]) == "method"
    assert flip("concept", [1, -1]) == "concept"
    assert flip("method", [-1]) == "concept"
