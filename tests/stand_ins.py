"""A finding with only the attributes diff and the PR body read.

``kgsync.diff`` and ``kgsync.publish.pr_body`` treat findings opaquely (duck
typing), so their tests use this minimal shape, including severities and
locations lint itself never produces, to prove nothing else is relied on.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StandInFinding:
    severity: str
    code: str
    entity: str
    message: str
    hint: str = ""
    location: str | None = None

    def render(self) -> str:
        return f"{self.severity}: {self.message}"
