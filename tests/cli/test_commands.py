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

from kgsync.cli.main import COMMANDS, cli
from kgsync.cli._errors import FAILED, USAGE, reported
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


#: the arguments that make each command read ``--config bad.yml`` (a configuration error: exit 2).
ARGS = {
    "build": [], "lint": [], "vocab": [], "duplicates": [], "site": ["--no-build"],
    "diff": ["old.jsonl", "new.jsonl"], "pr": ["--dry-run"], "serve": [],
}
PREFIX = {"diff": "kgsync diff: "}


def test_every_command_is_covered() -> None:
    assert set(ARGS) == set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_reports_a_config_error_the_same_way(name: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yml").write_text("items: [unclosed\n", encoding="utf-8")
    result = CliRunner().invoke(cli, [name, *ARGS[name], "--config", "bad.yml"])
    assert result.exit_code == USAGE, result.output
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"{PREFIX.get(name, 'error: ')}bad.yml:"), last
    assert "not valid YAML" in last


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


def test_the_entry_point_exits_with_the_command_status_and_flushed_output(tmp_path: Path) -> None:
    """``main`` ends the process without freeing the command's objects (``os._exit``): the exit
    status, everything printed and the atexit handlers are those of a normal exit."""
    import os
    import subprocess
    import sys

    from kgsync import __version__

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    run = [sys.executable, "-c", "import atexit, sys; atexit.register(print, 'atexit ran'); "
           "from kgsync.cli.main import main; main()"]
    done = subprocess.run([*run, "build", "--items", str(tmp_path / "none" / "*.md")], capture_output=True, text=True,
                          env=env, cwd=tmp_path)
    assert done.returncode == USAGE and "no item files match" in done.stderr and done.stdout == "atexit ran\n"
    done = subprocess.run([*run, "--version"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0 and done.stdout == f"kgsync, version {__version__}\natexit ran\n"
