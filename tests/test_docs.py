"""The reference pages generated from the code (kgsync/cli/docs.py) are never stale."""

from __future__ import annotations

from pathlib import Path

import click

from kgsync.cli import docs
from kgsync.cli.main import COMMANDS, cli
from kgsync.lint.rules import RULES
from kgsync.read import config


def test_the_generated_pages_are_current() -> None:
    assert docs.stale() == [], "regenerate: python -m kgsync.cli.docs (CONTRIBUTING.md)"


def test_a_stale_or_missing_page_is_named(tmp_path: Path) -> None:
    assert docs.stale(tmp_path) == ["docs/configuration.md", "docs/cli.md"]
    (tmp_path / "docs").mkdir()
    for path, text in docs.generated().items():
        (tmp_path / path).write_text(text, encoding="utf-8")
    assert docs.stale(tmp_path) == []
    page = tmp_path / "docs/cli.md"
    page.write_text(page.read_text(encoding="utf-8").replace("--strict", "--strikt", 1), encoding="utf-8")
    assert docs.stale(tmp_path) == ["docs/cli.md"]


def test_the_configuration_page_documents_every_option() -> None:
    page = docs.configuration_md()
    for key, default, kind, text in config.describe():
        assert f"| `{key}` | `{default}` | {kind} | {text} |" in page
    for key, _ in config.deprecated():
        assert f"`{key}`" in page


def test_the_cli_page_documents_every_command_option_and_lint_rule() -> None:
    page = docs.cli_md()
    context = click.Context(cli)
    for name in COMMANDS:
        assert f"\n## `kgsync {name}`\n" in page
        command = cli.get_command(context, name)
        assert command is not None
        for param in command.params:
            if isinstance(param, click.Option):
                assert all(f"{opt}" in page for opt in param.opts), (name, param.opts)
    for code in RULES:
        assert f"| `{code}` |" in page
    assert "confidence:high\\|medium\\|low" in page  # a "|" inside a cell is escaped
