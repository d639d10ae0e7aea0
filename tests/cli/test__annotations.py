"""GitHub workflow-command annotations for lint findings: escaping, and paths from the checkout."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.cli._annotations import escape_data, escape_property, github_annotation
from kgsync.contract.errors import Location
from kgsync.lint.rules import Finding, Severity


def test_github_escaping() -> None:
    assert escape_data("100% done\r\nnext") == "100%25 done%0D%0Anext"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_github_annotation_line() -> None:
    finding = Finding(Severity.WARNING, "non-atomic-observation", "concept:x", "spans\nlines, 50%", "split: it",
                      Location("dir,1/g:x.jsonl", 7))
    assert github_annotation(finding, workspace="") == (
        "::warning file=dir%2C1/g%3Ax.jsonl,line=7,title=kgsync lint non-atomic-observation::"
        "concept:x: spans%0Alines, 50%25 (fix: split: it)"
    )
    bare = Finding(Severity.ERROR, "orphan-node", "concept:x", "m", "h")
    assert github_annotation(bare, workspace="") == "::error title=kgsync lint orphan-node::concept:x: m (fix: h)"


def test_github_annotation_path_is_relative_to_the_checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The action runs lint inside working-directory; GitHub places annotations by the path from the checkout.
    research = tmp_path / "checkout" / "research repo"
    research.mkdir(parents=True)
    monkeypatch.chdir(research)
    finding = Finding(Severity.ERROR, "orphan-node", "concept:x", "m", "h", Location("memory.jsonl", 3))
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path / "checkout"))
    assert github_annotation(finding).startswith("::error file=research repo/memory.jsonl,line=3,")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path / "elsewhere"))  # outside it: left as it was
    assert github_annotation(finding).startswith("::error file=memory.jsonl,line=3,")
