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


def test_a_use_no_word_of_which_the_citing_finding_states_fires_use_unsaid() -> None:
    # the sentence takes "approver" and "reviewer" from KF1 (no other cited finding uses them); the sandbox finding
    # states neither, a finding on approvers does
    mention = Mention("x", 1, "", None, "Each approver and reviewer is logged", 1, 0)
    assert properties("number clear-match prose", mention, SANDBOX, KF1, CITED, set())["use-unsaid"]
    approvers = ClaimText(5, "approver-logging", "Every approver is logged before release")
    assert not properties("number clear-match prose", mention, approvers, KF1, CITED, set())["use-unsaid"]


def test_rows_linking_other_findings_of_the_cited_item_fire_row_omits() -> None:
    rows = frozenset({KF2.key})
    assert properties("number clear-match prose", None, SANDBOX, KF1, CITED, set(), rows)["row-omits"]
    assert not properties("number clear-match prose", None, SANDBOX, KF2, CITED, set(), rows)["row-omits"]
    assert not properties("number clear-match row", None, SANDBOX, KF1, CITED, set(), rows)["row-omits"]
    assert not properties("number clear-match prose", None, SANDBOX, KF1, CITED, set())["row-omits"]
