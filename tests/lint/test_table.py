"""The rule table, a Finding (one-line render, the library error it converts to) and a report's summary."""

from __future__ import annotations

from kgsync.contract.errors import LintFailed, Location
from kgsync.contract.model import Entity, Graph
from kgsync.lint.rules import RULES, Finding, LintReport, Severity, lint, rules_table


def test_render_format() -> None:
    finding = Finding(Severity.ERROR, "orphan-node", "concept:x", "no relation", "relate it", Location("a.md", 4))
    assert finding.render() == "a.md:4: error[orphan-node] concept:x: no relation (fix: relate it)"
    odd = Finding(Severity.WARNING, "empty-name", "a\nb", "m", "h")
    assert odd.render() == 'warning[empty-name] "a\\nb": m (fix: h)'
    assert "\n" not in odd.render()


def test_summary_pluralises() -> None:
    one = Finding(Severity.ERROR, "orphan-node", "x", "m", "h")
    assert LintReport((one,)).summary() == "1 error, 0 warnings"


def test_rules_table_lists_every_code() -> None:
    table = rules_table()
    assert table.count("\n") == len(RULES) + 2
    assert all(f"`{code}`" in table for code in RULES)


def test_a_finding_converts_to_the_library_error_with_its_location_and_hint() -> None:
    """The documented map (kgsync.contract.errors): a Finding is a LintFailed of that one finding."""
    report = lint(Graph((Entity("concept:x", "concept", ()),), ()))
    finding = next(f for f in report.findings if f.code == "orphan-node")
    finding = Finding(finding.severity, finding.code, finding.entity, finding.message, finding.hint,
                      Location("memory.jsonl", 3))
    error = finding.as_error()
    assert isinstance(error, LintFailed)
    assert (error.location, error.hint, error.findings) == (finding.location, finding.hint, (finding,))
    assert error.render() == finding.render() == str(error)
