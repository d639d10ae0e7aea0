"""The click group and the entry point: every command reports a configuration error the same
way (through ``kgsync.cli._errors.reported``), and ``main`` exits with the command's status."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsync.cli._errors import USAGE
from kgsync.cli.main import COMMANDS, cli

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


#: Each command that reads the graph kgsync.yml names (or the default memory.jsonl) when given none, with
#: its way of naming another file (for the hint).
READERS = {"lint": "FILE", "duplicates": "GRAPH", "site": "--graph", "serve": "--graph FILE"}


@pytest.mark.parametrize("linked", ["memory.jsonl", "memory.kgsync.json"])
@pytest.mark.parametrize("name", sorted(READERS))
def test_every_command_refuses_to_read_a_default_graph_linked_outside_the_repository(name: str, linked: str,
                                                                                     tmp_path: Path) -> None:
    # A committed memory.jsonl that links to a file outside the checkout was refused for writing (qa22) but
    # read by every other command: the checkout steered what lint passes, the site publishes and serve
    # answers with, from any file the job can read.  Reading through the link is the same hole; so is its
    # manifest (memory.kgsync.json: lint and site read it beside the graph, build reads and writes it).
    root = tmp_path / "repo"
    root.mkdir()
    outside = tmp_path / "outside.jsonl"
    outside.write_text('{"type":"entity","name":"concept:secret","entityType":"concept","observations":[]}',
                       encoding="utf-8")
    if linked != "memory.jsonl":
        (root / "memory.jsonl").write_text('{"type":"entity","name":"concept:inside","entityType":"concept",'
                                           '"observations":[]}', encoding="utf-8")
    (root / linked).symlink_to(outside)
    result = CliRunner().invoke(cli, [name, *(["--no-build"] if name == "site" else []), "--root", str(root)], input="")
    assert result.exit_code == USAGE, result.output
    last = result.stderr.splitlines()[-1]
    what = "the graph file" if linked == "memory.jsonl" else "the graph's manifest"
    assert last.startswith(f"error: {root / linked}: {what} is a link to {outside}, outside the repository"), last
    assert f"pass {READERS[name]}" in last and "concept:secret" not in result.output
