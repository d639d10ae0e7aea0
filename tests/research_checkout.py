"""A real git checkout of the example research repo with a local bare remote (no graph committed).

Shared by the PR-flow and action tests: both push to a real remote, as the Action does.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "research-repo"

IDENTITY = {
    "GIT_AUTHOR_NAME": "Researcher",
    "GIT_AUTHOR_EMAIL": "r@example.org",
    "GIT_COMMITTER_NAME": "Researcher",
    "GIT_COMMITTER_EMAIL": "r@example.org",
}


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, **IDENTITY}
    return subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True).stdout


def research_checkout(tmp_path: Path, subdir: str = "", work_name: str = "work") -> tuple[Path, Path]:
    """(work tree on main, bare remote); the items live in ``subdir`` of the checkout when given."""
    if not (EXAMPLE / "Research").is_dir():
        pytest.fail("examples/research-repo is missing", pytrace=False)
    remote, work = tmp_path / "remote.git", tmp_path / work_name
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    ignore = shutil.ignore_patterns("memory.jsonl", "*.kgsync.json", ".kgsync-cache", "site")
    shutil.copytree(EXAMPLE, work / subdir if subdir else work, ignore=ignore)
    git(work, "init", "-q", "-b", "main")
    git(work, "remote", "add", "origin", str(remote))
    (work / ".gitignore").write_text(".kgsync-cache/\n")
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "research items")
    git(work, "push", "-q", "origin", "main")
    return work, remote
