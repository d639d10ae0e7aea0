"""Candidates written only as modifiers (``kgsync.extract.attributive``, issue 21)."""

from __future__ import annotations

from kgsync.extract.attributive import attributive_only, described_party, prefixed
from kgsync.extract.mining import candidates, names_an_idea
from kgsync.read.items import ResearchItem


def test_a_prefixed_compound_written_only_before_a_noun_is_a_modifier() -> None:
    text = "We compare multi-step reasoning with single-agent systems.\nMulti-step agentic workflows fail."
    surfaces = {"multistep": {"multi-step": 1, "Multi-step": 1}, "single agent": {"single-agent": 1}}
    assert attributive_only(text, surfaces) == {"multistep", "single agent"}


def test_a_prefixed_compound_written_once_as_a_head_names_its_idea() -> None:
    surfaces = {"multiagent": {"multi-agent": 2}}
    for text in ("Multi-agent systems are common; we study multi-agent.",  # the end of a clause
                 "Multi-agent systems differ from multi-agent in the large",  # before a stopword
                 "multi-agent systems and\nmulti-agent\nas a heading"):  # the end of a line
        assert attributive_only(text, surfaces) == set(), text


def test_nouns_after_a_prefix_are_left_alone() -> None:
    assert not prefixed("pre-training")  # a gerund: the activity's noun ("pre-training data" is still its data)
    assert prefixed("cross-region") and prefixed("single-agent") and not prefixed("human-in-the-loop")
    text = "the cross-reference table and pre-training data"
    assert attributive_only(text, {"cross reference": {"cross-reference": 1}, "pretraining": {"pre-training": 1}}) == set()


def test_a_compound_the_text_never_writes_is_no_modifier() -> None:
    assert attributive_only("nothing here", {"multistep": {"multi-step": 1}}) == set()


def test_a_participle_before_an_organisation_describes_which() -> None:
    assert described_party(["regulated", "enterprise"], ["regulated enterprises"])
    assert described_party(["regulated", "financial", "institution"], ["regulated financial institutions"])
    assert not names_an_idea("regulated enterprise", (("regulated enterprises", 2),), 0)
    # not a name, not a thing, not an organisation's compound's part, not a person
    assert not described_party(["united", "nation"], ["United Nations"])
    assert not described_party(["governed", "golden", "rail"], ["governed golden rail"])
    assert not described_party(["hosted", "artificial", "intelligence"], ["hosted artificial intelligence"])
    assert not described_party(["learned", "critic"], ["learned critic"])
    assert not described_party(["enterprise", "architecture"], ["enterprise architecture"])


def test_candidates_drop_modifiers_and_keep_their_noun_phrases() -> None:
    summary = "Multi-step reasoning helps regulated enterprises; multi-agent is better."
    item = ResearchItem(
        slug="2026-01-01-x", path="x.md", title="Multi-step reasoning", completed="2026-01-01", themes=(), cites=(),
        related=(), supersedes=(), superseded_by=(), confidence="high", item_type="primary", status="completed",
        research_question="Does multi-step reasoning need multi-agent systems?", executive_summary=summary,
        key_findings=(), sources=(), sections=(), body=f"## Executive Summary\n\n{summary}\n", body_line=1)
    keys = {c.key for c in candidates(item).terms}
    assert "multistep reasoning" in keys
    assert not keys & {"multistep", "regulated enterprise"}


def test_an_acronym_in_the_phrase_is_no_name() -> None:
    assert described_party(["regulated", "ai", "enterprise"], ["regulated AI enterprises"])  # "AI": no name's capitals
    assert not described_party(["regulated", "enterprise"], ["Regulated Enterprise"])  # a name, capitalised
