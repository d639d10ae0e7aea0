"""GitHub Actions annotations (workflow commands) for lint findings and item issues.

``kgsync lint --format github`` and ``kgsync pr --annotate`` print these on
stdout; GitHub pins each one on its file and line in the run and the PR.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from kgsync.contract.errors import KgsyncError, escape_data, message_line
from kgsync.lint.rules import Finding, show

if TYPE_CHECKING:  # the item issue and the checkout only pass through here
    from kgsync.read.items import Issue
    from kgsync.publish.github.git_branch import GitCheckout


def escape_property(text: str) -> str:
    """GitHub workflow-command property escaping (toolkit's escapeProperty)."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def _from_workspace(path: str, workspace: str | None) -> str:
    if not workspace:
        return path
    absolute = Path(path).absolute()
    try:
        return absolute.relative_to(Path(workspace).absolute()).as_posix()
    except ValueError:  # outside the checkout: GitHub cannot place it anyway
        return path


def github_annotation(finding: Finding, workspace: str | None = None) -> str:
    """``::error file=<path>,line=<n>,title=...::<message>`` for one finding.

    GitHub pins an annotation on ``file`` only when it is relative to the checkout
    (``$GITHUB_WORKSPACE``, the default for ``workspace``), not to the folder the
    command ran in (a research repo in a subfolder, the action's ``working-directory``).
    """
    properties: list[str] = []
    if finding.location is not None:
        path = _from_workspace(finding.location.path, os.environ.get("GITHUB_WORKSPACE") if workspace is None else workspace)
        properties.append(f"file={escape_property(path)}")
        if finding.location.line is not None:
            properties.append(f"line={finding.location.line}")
    properties.append(f"title={escape_property(f'kgsync lint {finding.code}')}")
    message = message_line(None, f"{show(finding.entity)}: {finding.message}", finding.hint)
    return f"::{finding.severity} {','.join(properties)}::{escape_data(message)}"


def issue_annotation(issue: Issue, root: Path, checkout: GitCheckout | None) -> str:
    """``::error file=<path from the repo top>,line=<n>::...``: GitHub pins it on the item file."""
    path = issue.location.path
    if checkout is not None and not Path(path).is_absolute():
        try:
            path = checkout.relative(root / path)
        except KgsyncError:
            pass
    props = [f"file={escape_property(path)}"]
    if issue.location.line is not None:
        props.append(f"line={issue.location.line}")
    level = "error" if str(issue.severity) == "error" else "warning" if str(issue.severity) == "warning" else "notice"
    return f"::{level} {','.join(props)},title=kgsync::{escape_data(message_line(None, issue.message, issue.hint))}"
