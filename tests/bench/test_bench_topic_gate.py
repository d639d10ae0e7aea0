"""A topic's counts read from the text directly (``bench/bench_topic_gate.py``, issue 21)."""

from __future__ import annotations

from bench.bench_topic_gate import lemma, text_pattern


def test_a_term_matches_its_plural_and_hyphenated_form_as_whole_words() -> None:
    pattern = text_pattern("rate limiting")
    assert pattern.findall("rate limiting, rate-limitings and Rate Limiting".lower()) == [
        "rate limiting", "rate-limitings", "rate limiting"]
    assert not text_pattern("audit").search("auditability")
    assert text_pattern("policy").search("two policies")


def test_lemma_takes_regular_plurals_off_each_word() -> None:
    assert lemma("Governance-Frameworks") == "governance framework"
    assert lemma("policies") == "policy"
    assert lemma("access") == "access"
