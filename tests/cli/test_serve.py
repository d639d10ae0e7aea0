"""kgsync serve, the command: no graph file is a usage error naming the file, before any server starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsync.cli._errors import USAGE
from kgsync.cli.serve import command


def test_a_missing_graph_is_refused_naming_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(command, ["--graph", "nope.jsonl"])
    assert result.exit_code == USAGE
    assert result.stderr == "error: nope.jsonl: graph file not found (fix: run `kgsync build` first, or pass --graph FILE)\n"
    (tmp_path / "kgsync.yml").write_text("graph: graphs/kg.jsonl\n", encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(tmp_path)])  # the default: `graph` in kgsync.yml
    assert result.exit_code == USAGE and f"{tmp_path / 'graphs' / 'kg.jsonl'}: graph file not found" in result.stderr


def test_writable_refuses_a_default_graph_linked_outside_the_repository(tmp_path: Path) -> None:
    # serve --writable writes the agents' additions to the graph file: a committed memory.jsonl that is
    # a link to a file outside the checkout was written through, as the build's was.
    root = tmp_path / "repo"
    root.mkdir()
    (tmp_path / "stolen.jsonl").write_text("", encoding="utf-8")
    (root / "memory.jsonl").symlink_to(tmp_path / "stolen.jsonl")
    result = CliRunner().invoke(command, ["--root", str(root), "--writable"], input="")
    assert result.exit_code == USAGE, result.output
    assert "outside the repository" in result.stderr and "--out" not in result.stderr and "--graph" in result.stderr


@pytest.mark.parametrize("writable", [False, True])
def test_a_graph_that_is_a_fifo_is_refused_as_no_regular_file(tmp_path: Path, writable: bool) -> None:
    # Read-only it said "graph file not found" of a file that is there; --writable went on to serve it (each
    # call then blocked on the open).  Run apart, so a server that starts fails the test by its timeout.
    fifo = tmp_path / "memory.jsonl"
    os.mkfifo(fifo)
    args = ["-m", "kgsync", "serve", "--graph", str(fifo), *(["--writable"] if writable else [])]
    try:
        done = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL,
                              env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    except subprocess.TimeoutExpired:
        pytest.fail("kgsync serve started on a FIFO")
    assert done.returncode == USAGE and "not a regular file" in done.stderr and "not found" not in done.stderr, done.stderr
