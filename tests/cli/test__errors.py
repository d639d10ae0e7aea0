"""Every command turns library errors into messages and exit codes through one helper.

``kgsync.cli._errors.reported`` is that helper; these tests hold each
command to it (no command catches ``KgsyncError`` or exits with a number of its
own) and check the options it offers (prefix, redaction, annotations).
"""

from __future__ import annotations

import ast
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from kgsync.cli._errors import FAILED, USAGE, held_back_note, reported
from kgsync.contract.errors import ConfigError, LintFailed, Location
from kgsync.lint.rules import Finding, Severity

COMMANDS_DIR = Path(__file__).resolve().parents[2] / "kgsync" / "cli"
ERROR_CLASSES = {"KgsyncError", "ConfigError", "GraphFormatError", "LintFailed", "ItemError", "BuildFailed", "PublishError"}


def _handled_names(handler: ast.ExceptHandler) -> set[str]:
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return {t.id if isinstance(t, ast.Name) else t.attr if isinstance(t, ast.Attribute) else "" for t in types if t}


@pytest.mark.parametrize("module", sorted(p.name for p in COMMANDS_DIR.glob("*.py") if p.name not in ("_errors.py", "__init__.py")))
def test_no_command_turns_errors_into_exit_codes_itself(module: str) -> None:
    tree = ast.parse((COMMANDS_DIR / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and _handled_names(node) & ERROR_CLASSES:
            exits = any(isinstance(n, ast.Name) and n.id == "SystemExit" for n in ast.walk(node))
            assert not exits, f"{module}:{node.lineno}: exits on a KgsyncError itself (fix: let _errors.reported() do it)"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "SystemExit":
            literal = [a for a in node.args if isinstance(a, ast.Constant)]
            assert not literal, f"{module}:{node.lineno}: SystemExit with a hard-coded code (fix: OK/FAILED/USAGE)"


def _run(body: BaseException, **options: object) -> tuple[int, str, str]:
    @click.command()
    def command() -> None:
        with reported(**options):  # type: ignore[arg-type]
            raise body

    result = CliRunner().invoke(command, [])
    return result.exit_code, result.stdout, result.stderr


def test_reported_prefix_and_redaction() -> None:
    code, out, err = _run(ConfigError("token s3cr3t-t0ken refused", Location("kgsync.yml", 2)),
                          prefix="kgsync x: ", secret="s3cr3t-t0ken")
    assert (code, out, err) == (USAGE, "", "kgsync x: kgsync.yml:2: token *** refused\n")


def test_reported_lint_failed_prints_every_finding_then_fails_once() -> None:
    finding = Finding(Severity.ERROR, "orphan-node", "concept:x", "no relation", "link it", Location("g.jsonl", 3))
    code, out, err = _run(LintFailed("the graph breaks the contract", (finding,)))
    assert code == FAILED and out == ""
    assert err == f"{finding.render()}\nerror: the graph breaks the contract\n"
    code, out, err = _run(LintFailed("broken", (finding,)), annotate=lambda f: f"::{f.code}")
    assert (code, out, err) == (FAILED, "::orphan-node\n", "error: broken\n")


def test_the_held_back_note_counts_a_file_that_is_no_item_apart() -> None:
    """The items folder's README.md (no frontmatter, not named like an item) has a notice, "not a research
    item, skipped"; held back, it was counted as "1 notice in 1 item file this change did not touch" on a
    first run.  It is counted apart, as what it is; the item files' count is as before."""
    from kgsync.read.item_model import NOT_AN_ITEM, Issue, IssueSeverity

    warning = Issue(IssueSeverity.WARNING, Location("Research/completed/2026-01-05-a.md", 12), "w", slug="2026-01-05-a")
    readme = Issue(IssueSeverity.NOTICE, Location("Research/completed/README.md", 1), NOT_AN_ITEM, slug="README")
    tail = ", not shown (list every one: kgsync pr --dry-run --all-warnings)"
    assert held_back_note([warning], "this change did not touch", "pr") == (
        "note: 1 warning in 1 item file this change did not touch" + tail)
    assert held_back_note([readme], "this change did not touch", "pr") == (
        "note: 1 notice on 1 file that is no research item (no frontmatter)" + tail)
    assert held_back_note([warning, readme, warning], "this change did not touch", "pr") == (
        "note: 2 warnings in 1 item file this change did not touch, and 1 notice on 1 file that is no "
        "research item (no frontmatter)" + tail)
