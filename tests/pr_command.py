"""`kgsync pr` against the GitHub stand-in: the token, repository and branch the tests use,
the command run as a process, and what its job summary must hold.

A support module, not a test module: tests/cli/test_pr.py, tests/publish/ and
tests/test_action.py import from here, never from each other (tests/test_layout.py).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path


TOKEN = "ghs_standinSECRETtoken0123456789abcdef"
REPO = "lab/research"
BRANCH = "kgsync/graph-update"


def in_full_report(body: str, summary: str) -> bool:
    """The job summary holds the full report: every line of the PR body but the body's own
    "and N more" and "Each list above shows" lines (the full report lists every entry)."""
    lines = [line for line in body.splitlines()
             if not re.fullmatch(r"\s*- and \d+ more", line) and not line.startswith("Each list above shows")]
    return all(line in summary for line in lines)


def kgsync_pr(work: Path, api_url: str, *args: str, token: str = TOKEN) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "KGSYNC_"))}
    env.update(GITHUB_REPOSITORY=REPO, GITHUB_API_URL=api_url, KGSYNC_TEST_TOKEN=token,
               GITHUB_OUTPUT=str(work.parent / "output"), GITHUB_STEP_SUMMARY=str(work.parent / "summary"))
    return subprocess.run(
        [sys.executable, "-m", "kgsync", "pr", "--token-env", "KGSYNC_TEST_TOKEN", *args],
        cwd=work, env=env, capture_output=True, text=True, timeout=300,
    )
