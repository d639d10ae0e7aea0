"""The reference pages generated from the code (kgsync/cli/docs.py) are never stale."""

from __future__ import annotations

import re
from pathlib import Path

import click

from kgsync.cli import docs
from kgsync.cli.main import COMMANDS, cli
from kgsync.lint.rules import RULES
from kgsync.read import config_reference


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
    for key, default, kind, text in config_reference.describe():
        assert f"| `{key}` | `{default}` | {kind} | {text} |" in page
    for key, _ in config_reference.deprecated():
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


ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def _prose(path: Path) -> str:
    """``path``'s Markdown without code (fenced blocks, indented blocks, code spans)."""
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.M | re.S)
    text = re.sub(r"^(    |\t).*$", "", text, flags=re.M)
    return re.sub(r"`[^`\n]*`", "", text)


def _anchors(path: Path) -> set[str]:
    """GitHub's heading anchors: lowercase, punctuation dropped, spaces to hyphens."""
    headings = re.findall(r"^#+ (.+)$", re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"),
                                                flags=re.M | re.S), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def _pages() -> list[Path]:
    return sorted([*ROOT.glob("*.md"), *(ROOT / "docs").glob("*.md")])


def test_links_between_the_docs_resolve() -> None:
    broken = []
    for page in _pages():
        for target in LINK.findall(_prose(page)):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:: not ours to check here
            file_part, _, anchor = target.partition("#")
            linked = (page.parent / file_part).resolve() if file_part else page
            if not linked.exists():
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target} (no such heading)")
    assert broken == []


def test_the_link_check_sees_a_broken_link_and_anchor(tmp_path: Path) -> None:
    page = tmp_path / "a.md"
    page.write_text("# The vocabulary file (`kgsync-vocab.yml`)\n\n[x](#the-vocabulary-file-kgsync-vocabyml)\n"
                    "[y](missing.md) `[z](in-code.md)`\n\n    [w](indented.md)\n", encoding="utf-8")
    assert LINK.findall(_prose(page)) == ["#the-vocabulary-file-kgsync-vocabyml", "missing.md"]
    assert "the-vocabulary-file-kgsync-vocabyml" in _anchors(page)
