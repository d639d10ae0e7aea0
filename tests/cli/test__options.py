"""The options every command that reads kgsync.yml shares: --root and --config (paths in the file
resolve against --root, else the config file's folder, else the current directory) and --cache-dir
(or $KGSYNC_CACHE_DIR)."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from kgsync.cli._options import cache_dir_option, load_config, repo_options


@click.command()
@repo_options
@cache_dir_option
def show(root: Path | None, config_path: Path | None, cache_dir: Path | None) -> None:
    cfg = load_config(root, config_path)
    click.echo(f"{cfg.path(cfg.graph)} {cache_dir}")


def test_paths_resolve_against_root_else_the_config_folder_else_cwd(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "kgsync.yml").write_text("graph: graphs/kg.jsonl\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.delenv("KGSYNC_CACHE_DIR", raising=False)
    runner = CliRunner()
    assert runner.invoke(show, ["--config", str(repo / "kgsync.yml")]).output == f"{repo / 'graphs/kg.jsonl'} None\n"
    assert runner.invoke(show, ["--root", str(repo)]).output == f"{repo / 'graphs/kg.jsonl'} None\n"
    assert runner.invoke(show, []).output == "memory.jsonl None\n"  # no kgsync.yml here: the defaults, from .
    assert runner.invoke(show, ["--root", str(tmp_path / "absent")]).exit_code == 2  # --root must exist


def test_cache_dir_from_the_option_or_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KGSYNC_CACHE_DIR", "/tmp/from-env")
    runner = CliRunner()
    assert runner.invoke(show, []).output == "memory.jsonl /tmp/from-env\n"
    assert runner.invoke(show, ["--cache-dir", "given"]).output == "memory.jsonl given\n"
