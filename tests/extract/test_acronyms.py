"""Acronym definitions: an expansion only from words the acronym's letters stand for."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from kgsync.extract.acronyms import _LINKING, _spelling, letters_match, spelled_out
from kgsync.extract.mining import candidates
from tests.item_corpus import make_item


@pytest.mark.parametrize(("short", "long"), [
    ("SaaS", "Software as a Service"), ("DORA", "DevOps Research and Assessment"), ("OAuth", "Open Authorisation"),
    ("GPT", "Generative Pre-trained Transformer"), ("RLHF", "Reinforcement Learning from Human Feedback"),
    ("RAPTOR", "Recursive Abstractive Processing for Tree-Organized Retrieval"), ("MLOps", "Machine Learning Operations"),
    ("CIA", "Confidentiality, Integrity and Availability"), ("MCP", "Model Context Protocol"),
])
def test_a_definition_whose_words_the_letters_stand_for(short: str, long: str) -> None:
    assert letters_match(short, long)


@pytest.mark.parametrize(("short", "long"), [
    ("RUN", "operational compliance and security sustainment"),  # the letters are inside the words
    ("RUN", "nondiscretionary operational sustainment"),
    ("iOS", "iPhone Operating System"),  # a brand's spelling, not an abbreviation
    ("xAI", "explainable AI"),
    ("IP", "intellectual property rights"),  # a word the letters do not stand for
])
def test_not_a_definition(short: str, long: str) -> None:
    assert not letters_match(short, long)


def test_an_item_defines_only_what_the_letters_spell() -> None:
    item = make_item("2026-01-01-run-build", "RUN vs BUILD spending", "How is IT spending split?",
                     "Risks map to RUN (operational compliance and security sustainment); the Model Context "
                     "Protocol (MCP) is new; Apple iPhone Operating System (iOS) shortcuts.")
    assert dict(candidates(item).acronyms) == {"mcp": "model context protocol"}


def test_spelled_out_finds_the_words_an_undefined_acronym_stands_for() -> None:
    text = "The Reserve Bank of New Zealand published it; RBNZ guidance follows. In practice IP addresses ..."
    found = dict(spelled_out(text, ["rbnz"]))
    assert found == {"rbnz": "reserve bank of new zealand"}
    assert ("ip", "intellectual property") not in spelled_out(text, ["ip"])


def test_a_lower_case_letter_may_stand_for_an_ordinary_word() -> None:
    assert letters_match("nDCG", "normalised discounted cumulative gain")
    assert not letters_match("iOS", "iPhone operating system")



def test_spelled_out_judges_each_phrase_once_and_stops_at_a_cap() -> None:
    """Every window of "a a a ..." spells "AA": hundreds of candidate phrases for one acronym are no
    definition of it, so the text stops being read for it (bench_hostile times it)."""
    assert ("aa", "agent architecture") in spelled_out("Agent Architecture and agent architectures. " * 3, ["aa"])
    assert spelled_out(" ".join(f"a{i} b{i}" for i in range(1000)), ["ab"])  # found before the cap


def _spelling_regex(key: str) -> re.Pattern[str]:
    """The pattern ``spelled_out`` looks for, as plainly written: the reference its faster form must agree with."""
    gap = rf"(?:[\s-]+(?:{_LINKING})){{0,2}}[\s-]+"
    return re.compile(r"\b" + gap.join(rf"{re.escape(c)}[\w'\u2019]*" for c in key), re.IGNORECASE)


_WORDS = st.sampled_from(["a", "an", "and", "of", "the", "The", "OF", "&", "as", "bank", "Bank", "new", "Zealand",
                          "zeal", "don't", "x_y", "\u212a", "s\u017f", "\u0130a", "\u0131", "\u00e9a", "ab", "Ba", "n", "-", "--"])


@given(st.lists(st.tuples(_WORDS, st.sampled_from([" ", "  ", "-", " - ", ", ", "\n", "(", "'"])), max_size=30),
       st.sampled_from(["bn", "bnz", "ab", "ks", "ao", "nbz", "aa", "bba", "ia", "\u00e9a"]))
@example([("Bank", " "), ("of", " "), ("the", " "), ("New", " "), ("Zealand", "")], "bnz")  # two linking words
@example([("bank", " "), ("of", " "), ("a", " "), ("an", " "), ("new", "")], "bn")  # three: none
def test_spelled_out_finds_what_the_plain_regex_would(words: list[tuple[str, str]], key: str) -> None:
    text = "".join(word + gap for word, gap in words)
    assert [m.group() for m in _spelling(key).finditer(text)] == [m.group() for m in _spelling_regex(key).finditer(text)]
