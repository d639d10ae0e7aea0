"""Candidate gates on a claim link's two ends, against readings (``bench/bench_link_margins.py``)."""

from __future__ import annotations

from bench.bench_link_margins import lead, properties, resolver
from kgsync.extract.evidence_model import ClaimText, Mention
from kgsync.extract.restated import FindingIndex

# The cited item's findings: KF1 and KF2 share most words (ledger audits), KF3 is on something else.
KF1 = ClaimText(1, "ledger-audits-record", "Ledger audits record every payment override, approver and reviewer")
KF2 = ClaimText(2, "ledger-audits-timing", "Ledger audits record payment override timing")
KF3 = ClaimText(3, "sandbox-trials", "Sandbox trials need synthetic customers")
CITED = (KF1, KF2, KF3)
#: A citing finding whose own text is on the sandbox trials (the cited item's KF3), not on audits.
SANDBOX = ClaimText(4, "sandbox-first", "Sandbox trials with synthetic customers come first")


def restating(said: str) -> Mention:
    return Mention("x", 0, "", None, "s", 1, 0, said=said)


def test_lead_weighs_each_word_by_the_findings_using_it() -> None:
    # ledger, audits, record, payment, override: two findings each (0.5); approver, reviewer: KF1 alone (1)
    assert lead(FindingIndex(CITED), "ledger audits record payment override approver reviewer") == (0, 4.5, 2.5)


def test_a_restatement_leading_by_less_than_two_fires_restate_lead() -> None:
    said = "ledger audits record payment override approver reviewer"
    assert FindingIndex(CITED).restated(said) == KF1  # the plan links it: lead 1.8 >= 1.5
    assert properties("restated clear-match list", restating(said), SANDBOX, KF1, CITED, set())["restate-lead<2"]


def test_a_citing_finding_whose_text_draws_on_another_cited_finding_fires_source_fit() -> None:
    said = properties("restated clear-match list", restating("ledger audits"), SANDBOX, KF1, CITED, set())
    assert said["source-fit<1/2"] and said["source-not-best"]


def test_a_finding_holding_the_sentence_fires_no_source_property() -> None:
    said = properties("restated held list", restating("ledger audits"), SANDBOX, KF1, CITED, {1})
    assert not said["source-fit<1/2"] and not said["source-not-best"] and not said["not-named-here"]


def test_a_match_that_does_not_name_the_item_while_another_finding_does_fires_not_named_here() -> None:
    assert properties("number clear-match prose", None, SANDBOX, KF1, CITED, {2})["not-named-here"]
    assert not properties("number clear-match prose", None, SANDBOX, KF1, CITED, {4})["not-named-here"]
    assert not properties("number clear-match prose", None, SANDBOX, KF1, CITED, set())["not-named-here"]


def test_an_undated_target_resolves_only_when_one_item_ends_with_it() -> None:
    resolve = resolver({"2026-01-01-local-database", "2026-02-01-remote-database", "2026-03-01-ledger"})
    assert resolve("ledger") == "2026-03-01-ledger"
    assert resolve("database") is None
    assert resolve("2026-01-01-local-database") == "2026-01-01-local-database"
