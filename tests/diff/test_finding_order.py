"""sort_findings: the review lists lint findings errors first, then by code and entity."""

from __future__ import annotations

from kgsync.diff.finding_order import sort_findings
from kgsync.diff.graph_diff import diff
from kgsync.lint.rules import Finding, Severity
from tests.diff.small_graphs import BASE


def test_findings_sorted_errors_first_and_pairs_normalised() -> None:
    findings = (
        Finding(Severity.WARNING, "W1", "concept:a", "w", ""),
        Finding(Severity.WARNING, "W0", "concept:b", "w", ""),
        Finding(Severity.ERROR, "E2", "concept:b", "e2", ""),
        Finding(Severity.ERROR, "E1", "concept:z", "e1", ""),
    )
    d = diff(BASE, BASE, findings=findings, near_duplicates=(("concept:b", "concept:a"), ("concept:a", "concept:b")))
    assert [f.code for f in d.findings] == ["E1", "E2", "W0", "W1"]
    assert d.near_duplicates == (("concept:a", "concept:b"),)
    assert d.is_empty  # findings describe NEW; they are not a change
    assert sort_findings(reversed(findings)) == d.findings
