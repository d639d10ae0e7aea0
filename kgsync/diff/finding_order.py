"""Lint findings in a diff: their reading order, identity across two graphs, JSON record."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kgsync.lint.rules import Finding

_SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}


def _where(finding: Finding) -> str:
    return str(finding.location) if finding.location is not None else ""


def severity_of(finding: Finding) -> str:
    return finding.severity.value.lower()


def sort_findings(findings: Iterable[Finding]) -> tuple[Finding, ...]:
    """Errors first, then warnings, then the rest; then by code, entity, message."""
    return tuple(
        sorted(
            findings,
            key=lambda f: (
                _SEVERITY_RANK.get(severity_of(f), len(_SEVERITY_RANK)),
                severity_of(f),
                f.code,
                f.entity,
                f.message,
                _where(f),
            ),
        )
    )


def finding_key(finding: Finding) -> tuple[str, str, str]:
    """What makes two findings the same one in two graphs (their locations may differ)."""
    return (finding.code, finding.entity, finding.message)


def finding_record(finding: Finding, new: bool = True) -> dict[str, Any]:
    return {
        "severity": finding.severity.value, "code": finding.code, "entity": finding.entity,
        "message": finding.message, "hint": finding.hint, "location": _where(finding), "new": new,
    }
