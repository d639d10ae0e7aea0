"""The git side of `kgsync pr` (kgsync.publish.github.git_branch): what a shallow clone answers."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from kgsync.contract.errors import PublishError
from kgsync.publish.github.git_branch import GitCheckout
from tests.research_checkout import git


def _history(tmp_path: Path, commits: int) -> tuple[Path, Path, list[str]]:
    """A work tree with ``commits`` commits (commit n adds f<n>), its bare remote, the shas oldest first."""
    work, remote = tmp_path / "work", tmp_path / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    work.mkdir()
    git(work, "init", "-q", "-b", "main")
    git(work, "remote", "add", "origin", str(remote))
    shas = []
    for n in range(commits):
        (work / f"f{n}").write_text(f"{n}\n", encoding="utf-8")
        git(work, "add", "-A")
        git(work, "commit", "-q", "-m", f"c{n}")
        shas.append(git(work, "rev-parse", "HEAD").strip())
    git(work, "push", "-q", "origin", "main")
    return work, remote, shas


def _shallow(tmp_path: Path, remote: Path) -> GitCheckout:
    clone = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", remote.as_uri(), str(clone)], check=True)
    return GitCheckout(clone)


def test_a_shallow_clone_fetches_history_until_it_finds_the_real_last_change(tmp_path: Path) -> None:
    _work, remote, shas = _history(tmp_path, 40)
    checkout = _shallow(tmp_path, remote)
    head = checkout.head()
    # Plain `git log` stops at the boundary, which seems to add every file: wrong.
    assert checkout.last_change(head, "f20") == head
    assert checkout.last_change_fetching(head, "f20") == shas[20]
    assert checkout.last_change_fetching(head, "f39") == shas[39]
    assert checkout.last_change_fetching(head, "not-there") is None
    assert checkout.is_shallow()  # it fetched what it needed (8 + 16 commits), not all 40


def test_a_change_deeper_than_the_bound_is_an_error_not_a_guess(tmp_path: Path) -> None:
    _work, remote, _shas = _history(tmp_path, 30)
    checkout = _shallow(tmp_path, remote)
    with pytest.raises(PublishError, match="more than 8 commits"):
        checkout.last_change_fetching(checkout.head(), "f0", max_depth=8)


def test_a_full_clone_fetches_nothing(tmp_path: Path) -> None:
    work, _remote, shas = _history(tmp_path, 3)
    checkout = GitCheckout(work, remote="no-such-remote")  # a fetch would fail
    assert checkout.last_change_fetching(shas[-1], "f0") == shas[0]


def test_a_remote_starting_with_a_dash_is_refused_never_read_by_git_as_an_option(tmp_path: Path) -> None:
    # `kgsync pr --remote=--upload-pack=CMD` ran CMD: git ls-remote read the remote as its option.
    work, _remote, _shas = _history(tmp_path, 1)
    marker = tmp_path / "ran"
    with pytest.raises(PublishError) as caught:
        GitCheckout(work, remote=f"--upload-pack=touch {marker};false").remote_branch("main")
    assert not marker.exists()
    assert "--upload-pack" in str(caught.value) and "credentials" not in str(caught.value), caught.value


def test_a_remote_the_checkout_does_not_have_is_named_with_the_remotes_it_has(tmp_path: Path) -> None:
    # A clone whose remote is "upstream": the fix said "git has no credentials for the remote: pass the
    # action's `token:` input", for a remote that does not exist.
    work, _remote, _shas = _history(tmp_path, 1)
    with pytest.raises(PublishError) as caught:
        GitCheckout(work, remote="upstream").remote_branch("main")
    text = str(caught.value)
    assert "credentials" not in text and "'upstream'" in text and "origin" in text and "--remote" in text, text
