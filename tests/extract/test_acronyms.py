"""Acronym definitions: an expansion only from words the acronym's letters stand for."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from kgsync.extract.acronyms import WEB_ADDRESS, _LINKING, _OTHER_CASES, folded_for_acronyms, _spelled_phrases, _spelling, letters_match, spelled_out
from kgsync.extract.acronyms import without_web_addresses
from kgsync.extract.canonical import term_key
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


def test_a_chain_of_acronyms_is_defined_as_one_short_form() -> None:
    from kgsync.extract.acronyms import acronym_pairs

    assert acronym_pairs("the NIST Artificial Intelligence Risk Management Framework (AI RMF) applies") == [
        ("AI RMF", "Artificial Intelligence Risk Management Framework")]
    assert acronym_pairs("Payment Card Industry Data Security Standard (PCI DSS)") == [
        ("PCI DSS", "Payment Card Industry Data Security Standard")]
    # A long form writing a piece of the chain spells only part of it; four acronyms are a list, no chain.
    assert acronym_pairs("AI Risk Management Framework (AI RMF)") == []
    assert acronym_pairs("Alpha Beta Gamma Delta (AB GD XY ZW)") == []
    item = make_item("2026-01-01-ai-rmf", "AI risk frameworks", "What does NIST require?",
                     "The NIST Artificial Intelligence Risk Management Framework (AI RMF) maps risks; the AI RMF core.")
    assert dict(candidates(item).acronyms) == {"ai rmf": "artificial intelligence risk management framework"}


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
    expected = [m.group() for m in _spelling_regex(key).finditer(text)]
    assert [m.group() for m in _spelling(key).finditer(text)] == expected
    if key.isascii():
        assert list(_spelled_phrases(text, key)) == expected


_PIECES = st.sampled_from(["a", "an", "AND", "of", "the", "to", "&", "as", "a\u017f", "\u0130n", "\u0131n", "b", "bank",
                           "Bank", "new", "n", "Zealand", "z", "don't", "n\u2019b", "x_y", "\u212a", "k", "s", "ab", "ba",
                           "\u00e9a", "4a", "-", " ", "  ", "\t", "\n", "\u00a0", "(", ")", ".", ",", "'", "*", "_"])


@given(st.lists(_PIECES, max_size=40), st.text(alphabet="abknsz", min_size=2, max_size=5))
@example(["Bank", " ", "of", " ", "the", " ", "a", " ", "New", " ", "Zealand"], "bnz")
@example(["(", "bank", "-", "&", "-", "a\u017f", " ", "n", ")"], "bn")
def test_the_word_scan_finds_what_the_plain_regex_would(pieces: list[str], key: str) -> None:
    """``spelled_out``'s scan, word by word without a regex per acronym, against the plain regex on
    texts of linking words, case variants, apostrophes, gaps and punctuation."""
    text = "".join(pieces)
    assert list(_spelled_phrases(text, key)) == [m.group() for m in _spelling_regex(key).finditer(text)]


def test_the_folded_text_is_what_the_case_insensitive_regex_sees() -> None:
    """The characters a case-insensitive regex takes for an ASCII letter beyond its two cases are
    ``_OTHER_CASES``; ``folded_for_acronyms`` turns each character into one character of the same kind (word
    character, space, hyphen, apostrophe or other), an ASCII letter only when the regex takes it for one."""
    letter = re.compile("[a-z]", re.IGNORECASE)
    everything = "".join(map(chr, range(0x110000)))
    assert {c for c in everything[0x80:] if letter.fullmatch(c)} == set(_OTHER_CASES)
    assert all(re.fullmatch(low, char, re.IGNORECASE) for char, low in _OTHER_CASES.items())
    folded = folded_for_acronyms(everything)
    assert len(folded) == len(everything)
    kind = re.compile(r"(\w)|(\s)|(-)|(['\u2019])|(&)|.", re.DOTALL)
    for char, low in zip(everything, folded):
        if char != low:
            assert kind.fullmatch(char).lastindex == kind.fullmatch(low).lastindex, hex(ord(char))
            assert not low.isascii() or re.fullmatch(low, char, re.IGNORECASE), hex(ord(char))


def test_spelled_phrases_scan_each_run_of_word_characters_once() -> None:
    # "b'b'b'…": a word start at every "b" (an apostrophe is no word character), all in one run
    # of the word characters the phrase regex reads: each start is judged by the run's end, found
    # once (the scan grew with the square of the run's length), with the plain regex's matches.
    for text in ("b'" * 300, "b'" * 300 + " and a thing", "b'b a " * 50 + "b'" * 40 + " of another", "b'x b'y an b"):
        for key in ("ba", "bat", "bb"):
            expected = [m.group() for m in _spelling_regex(key).finditer(text)]
            assert list(_spelled_phrases(text, key)) == expected, (text[:40], key)


def _spelled_out_key_by_key(text: str, keys: list[str]) -> tuple[tuple[str, str], ...]:
    """``spelled_out`` as first written: each acronym's starts found on their own (the oracle for
    the shared starts and the one scan for letters after an apostrophe)."""
    from kgsync.extract.acronyms import _MAX_PHRASES

    out: set[tuple[str, str]] = set()
    for key in keys:
        if not 2 <= len(key) <= 8 or not key.isalpha():
            continue
        seen: set[str] = set()
        found = (_spelled_phrases(text, key.lower()) if key.isascii()
                 else (m.group() for m in _spelling(key).finditer(text)))
        for written in found:
            phrase = " ".join(written.split())
            if phrase in seen:
                continue
            seen.add(phrase)
            if len(seen) > _MAX_PHRASES:
                break
            if letters_match(key.upper(), phrase):
                out.add((key, term_key(phrase)))
    return tuple(sorted(out))


@given(st.lists(_PIECES, max_size=40),
       st.lists(st.sampled_from(["bn", "bnz", "BNZ", "ba", "bat", "ab", "as", "ks", "kb", "nz", "zb", "\u00e9a", "b1", "a"]),
                max_size=6))
@example(["don't", " ", "bank", " ", "new"], ["bn", "bnz"])
@example(["n\u2019b", " ", "a"], ["ba", "bat"])
def test_spelled_out_over_many_acronyms_agrees_with_one_acronym_at_a_time(pieces: list[str], keys: list[str]) -> None:
    text = "".join(pieces)
    assert spelled_out(text, keys) == _spelled_out_key_by_key(text, keys)


@given(st.text(st.sampled_from(list("'\u2019ab \n.") + ["\u0130"]), max_size=20))
def test_the_characters_after_an_apostrophe_are_those_one_pattern_of_both_finds(low: str) -> None:
    """``_after_apostrophes`` reads straight and curly apostrophes by a pattern each: the characters
    after them (a line break, another apostrophe too) are those one pattern for both finds."""
    from kgsync.extract.acronyms import _after_apostrophes

    assert _after_apostrophes(low) == frozenset(re.findall(r"['\u2019](?=(.))", low, re.DOTALL))


@given(st.lists(st.sampled_from(["http", "https://", "http://", "://", "s://", "www.", "wwww.", "ww", "w", "h", "ttp",
                                 "x", ".", "/", " ", "\n", "\t", "(", ")", "\u00a0", "é"]), max_size=24).map("".join))
@settings(max_examples=1000, deadline=None)
@example("hhttp://a www.b https://c")
@example("wwww.x http:/ http://")
@example("www.a/http://b x https://www.c www. http:// y")
def test_web_addresses_are_blanked_as_the_pattern_blanks_them(text: str) -> None:
    """``without_web_addresses`` tries the pattern only where "http" or "www." is written: the same text
    as ``WEB_ADDRESS.sub``, which tries it everywhere."""
    assert without_web_addresses(text) == WEB_ADDRESS.sub(" ", text)


def test_an_acronym_spells_a_plural_when_its_last_piece_keeps_the_s() -> None:
    from kgsync.extract.acronyms import acronym_spells_plural
    assert acronym_spells_plural("operations", ["MLOps", "machine learning operations"])
    assert not acronym_spells_plural("models", ["LLMs"])  # a plural of the acronym
    assert not acronym_spells_plural("specifications", ["NLSpecs", "NLSpec"])
    assert not acronym_spells_plural("operation", ["MLOps"])


@pytest.mark.parametrize(("short", "long", "blend"), [
    ("MemGPT", "Memory-GPT", True),  # "Mem" clipped, GPT kept as written
    ("GenAI", "Generative AI", True),
    ("GraphRAG", "Graph RAG", True),
    ("GenAI", "Generative Artificial Intelligence", False),  # every letter spelled out
    ("GraphRAG", "Graph Retrieval-Augmented Generation", False),
    ("LoRA", "Low-Rank Adaptation", False),  # lower-case letters, but no kept acronym: an expansion
    ("SCoT", "Structured CoT", False),  # an initial before the kept acronym clips nothing
    ("mTLS", "mutual TLS", False),
    ("KG-RAG", "Knowledge Graph RAG", False),
    ("JSONL", "JSON Lines", False),
])
def test_a_blend_keeps_a_capitals_word_and_clips_another(short: str, long: str, blend: bool) -> None:
    from kgsync.extract.acronyms import is_blend

    assert is_blend(short, long) is blend
