"""The git side of `kgsync pr`: one commit on top of base, pushed with a lease.

Why real git and not the Git Data API (see README.md, "`kgsync pr`"): the REST ref update
(``PATCH /git/refs``) is either fast-forward-only or a blind ``force``; it
cannot say "only if the branch is still at the sha I read".  ``git push
--force-with-lease=<ref>:<expected>`` is a compare-and-swap the server does
atomically, so a commit someone pushed to the bot branch between our read and
our write is never silently lost.  The commit itself is built with plumbing
(temporary index, ``write-tree``, ``commit-tree``) so the working tree and the
checked-out branch are never touched, and its identity and dates are fixed
(dates = the base commit's) so the same base and the same files give the same
sha: a re-run finds the branch already there and pushes nothing.
"""

from __future__ import annotations

import base64
import os
import re
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from kgsync.contract.errors import PublishError
from kgsync.read.pr_names import remote_problem

#: The identity GitHub shows for commits made by a workflow's GITHUB_TOKEN.
BOT_NAME = "github-actions[bot]"
BOT_EMAIL = "41898282+github-actions[bot]@users.noreply.github.com"
#: How many commits of history a shallow clone fetches at most to find what it needs.
MAX_DEEPEN = 4096


def redact(text: str, secret: str | None) -> str:
    """``text`` with every occurrence of ``secret`` (and its basic-auth form) masked."""
    if not secret:
        return text
    for needle in (secret, _basic(secret)):
        # Whole tokens only: a short secret ("x") must not turn every "fix:" into "fi***:".
        text = re.sub(rf"(?<![\w+/=-]){re.escape(needle)}(?![\w+/=-])", "***", text)
    return text


def _basic(token: str) -> str:
    return base64.b64encode(f"x-access-token:{token}".encode()).decode()


@dataclass(frozen=True)
class PushResult:
    pushed: bool  # False: the branch already held exactly this commit
    previous: str | None  # the branch's sha before (None: it did not exist)


class GitCheckout:
    """A local clone (the Action's checkout) and the remote kgsync pushes to."""

    def __init__(self, root: str | Path, *, remote: str = "origin", token: str | None = None):
        if problem := remote_problem(remote):  # never handed to git as an option (--upload-pack=CMD runs CMD)
            raise PublishError(f"the remote {problem}")
        self.root = Path(root)
        self.remote = remote
        self._token = token
        self._auth_env: dict[str, str] | None = None

    # -- reading -----------------------------------------------------------------

    @classmethod
    def discover(cls, start: str | Path, *, remote: str = "origin", token: str | None = None) -> GitCheckout:
        """The checkout that contains ``start`` (kgsync.yml may sit in a subfolder)."""
        probe = cls(start, remote=remote, token=token)
        top = probe._git("rev-parse", "--show-toplevel").strip()
        return cls(top, remote=remote, token=token)

    def relative(self, path: str | Path) -> str:
        """``path`` as git names it: POSIX, relative to the top of the checkout."""
        try:
            return Path(path).resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            raise PublishError(
                f"{path} is outside the git checkout {self.root}",
                hint="run kgsync pr inside the research repo's checkout",
            ) from None

    def head(self) -> str:
        return self._git("rev-parse", "--verify", "HEAD^{commit}").strip()

    def blob(self, commit: str, path: str) -> bytes | None:
        """The bytes of ``path`` in ``commit``, or None when the file is not there."""
        spec = f"{commit}:{path}"
        probe = self._run(["cat-file", "-e", spec], check=False)
        if probe.returncode != 0:
            return None
        return self._run(["cat-file", "blob", spec]).stdout

    def last_change(self, commit: str, path: str) -> str | None:
        """The newest commit at or before ``commit`` that changed ``path`` (None: none did)."""
        found = self._run(["log", "-1", "--format=%H", commit, "--", path], check=False)
        sha = found.stdout.decode("ascii", "replace").strip()
        return sha if found.returncode == 0 and sha else None

    def is_shallow(self) -> bool:
        """A shallow clone (actions/checkout's default depth 1): ``last_change`` then stops at the
        shallow boundary, which seems to add every file, so what changed since a commit is unknown."""
        found = self._run(["rev-parse", "--is-shallow-repository"], check=False)
        return found.returncode != 0 or found.stdout.decode("ascii", "replace").strip() != "false"

    def last_change_fetching(self, commit: str, path: str, *, max_depth: int = MAX_DEEPEN) -> str | None:
        """``last_change``, in a shallow clone first fetching more of ``commit``'s history from the
        remote (8 commits, then twice as many each time) until the commit found is not the shallow
        boundary (which seems to add every file).  Only the history needed is fetched: a clone of
        depth 1 whose graph was written a few commits ago fetches a few commits.  PublishError
        when the remote cannot serve it or the change is more than ``max_depth`` commits back."""
        depth, fetched = 8, 0
        while True:
            found = self.last_change(commit, path)
            if found is None or found not in self._shallow_boundary():
                return found
            if fetched >= max_depth:
                raise PublishError(f"{path} last changed more than {max_depth} commits before {commit[:12]}",
                                   hint="check out more history (actions/checkout `fetch-depth: 0`)")
            self._run(["fetch", "-q", "--no-tags", f"--deepen={depth}", self.remote, commit], remote=True)
            fetched += depth
            depth *= 2

    def _shallow_boundary(self) -> frozenset[str]:
        """The commits whose parents a shallow clone lacks (none in a full clone)."""
        where = Path(self._git("rev-parse", "--git-path", "shallow").strip())
        shallow = where if where.is_absolute() else self.root / where
        try:
            return frozenset(shallow.read_text(encoding="ascii").split())
        except FileNotFoundError:
            return frozenset()

    def changed_paths(self, old: str, new: str) -> frozenset[str]:
        """The paths (as git names them) that differ between two commits."""
        found = self._run(["diff", "--name-only", "-z", "--no-renames", old, new])
        return frozenset(p for p in found.stdout.decode("utf-8", "surrogateescape").split("\0") if p)

    def changed_in_work_tree(self, old: str) -> frozenset[str]:
        """The paths (as git names them) whose files in the working tree differ from commit ``old``: the files a
        build reads, committed or not, and the untracked ones (``git add`` not run yet; ignored files left out).
        A dry run on a checkout with an uncommitted edit builds that edit: it is part of the change."""
        tracked = self._run(["diff", "--name-only", "-z", "--no-renames", old, "--"])
        untracked = self._run(["ls-files", "-z", "--others", "--exclude-standard", "--full-name"])
        names = (tracked.stdout + b"\0" + untracked.stdout).decode("utf-8", "surrogateescape").split("\0")
        return frozenset(p for p in names if p)

    def remote_branch(self, branch: str) -> str | None:
        """The sha of ``refs/heads/<branch>`` on the remote, None when absent."""
        ref = f"refs/heads/{branch}"
        out = self._git("ls-remote", "--refs", self.remote, ref, remote=True)
        for line in out.splitlines():
            sha, _, name = line.partition("\t")
            if name == ref:
                return sha
        return None

    # -- writing -----------------------------------------------------------------

    def commit_files(self, base: str, files: Mapping[str, bytes], message: str) -> str:
        """A commit whose parent is ``base`` and whose tree is base's with ``files`` replaced.

        Deterministic: fixed identity, dates copied from ``base``, no signing.
        """
        date = self._git("show", "-s", "--format=%ct %z", base).strip()
        with tempfile.TemporaryDirectory(prefix="kgsync-index-") as tmp:
            env = {"GIT_INDEX_FILE": str(Path(tmp) / "index")}
            self._run(["read-tree", base], env=env)
            for path in sorted(files):
                blob = self._run(["hash-object", "-w", "--stdin"], stdin=files[path]).stdout.decode().strip()
                mode = self._mode(base, path)
                self._run(["update-index", "--add", "--cacheinfo", f"{mode},{blob},{path}"], env=env)
            tree = self._run(["write-tree"], env=env).stdout.decode().strip()
        identity = {
            "GIT_AUTHOR_NAME": BOT_NAME,
            "GIT_AUTHOR_EMAIL": BOT_EMAIL,
            "GIT_AUTHOR_DATE": date,
            "GIT_COMMITTER_NAME": BOT_NAME,
            "GIT_COMMITTER_EMAIL": BOT_EMAIL,
            "GIT_COMMITTER_DATE": date,
        }
        out = self._run(
            ["commit-tree", "--no-gpg-sign", tree, "-p", base], env=identity, stdin=message.encode("utf-8")
        )
        return out.stdout.decode().strip()

    def _mode(self, commit: str, path: str) -> str:
        # Keep the file's mode (an executable bit, unlikely for JSONL, survives).
        out = self._run(["ls-tree", commit, "--", path], check=False).stdout.decode()
        return out.split(" ", 1)[0] if out.strip() else "100644"

    def push(self, sha: str, branch: str, *, expected: str | None) -> PushResult:
        """Point ``branch`` at ``sha`` if (and only if) it is still at ``expected``."""
        if expected == sha:
            return PushResult(pushed=False, previous=expected)
        self._push(f"{sha}:refs/heads/{branch}", branch, expected)
        return PushResult(pushed=True, previous=expected)

    def delete(self, branch: str, *, expected: str) -> None:
        self._push(f":refs/heads/{branch}", branch, expected)

    def _push(self, refspec: str, branch: str, expected: str | None) -> None:
        ref = f"refs/heads/{branch}"
        lease = f"--force-with-lease={ref}:{expected or ''}"
        proc = self._run(["push", "--porcelain", lease, self.remote, refspec], check=False, remote=True)
        if proc.returncode == 0:
            return
        text = self._text(proc)
        if "stale info" in text or "fetch first" in text or "already exists" in text:
            raise PublishError(
                f"branch {branch!r} changed on {self.remote} while kgsync was updating it "
                f"(expected {expected or 'no branch'}); nothing was overwritten",
                hint="re-run the job; give the workflow a `concurrency` group so two runs never race",
            )
        raise PublishError(f"git push to {self.remote} failed: {text}", hint=self._remote_hint(text))

    # -- plumbing ----------------------------------------------------------------

    def _git(self, *args: str, remote: bool = False) -> str:
        return self._run(list(args), remote=remote).stdout.decode("utf-8", "replace")

    def _run(
        self,
        args: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        stdin: bytes | None = None,
        check: bool = True,
        remote: bool = False,
    ) -> subprocess.CompletedProcess[bytes]:
        full_env = {**os.environ, "LC_ALL": "C", "GIT_TERMINAL_PROMPT": "0", **(env or {})}
        if remote:
            full_env.update(self._auth())
        try:
            proc = subprocess.run(
                ["git", *args], cwd=self.root, env=full_env, input=stdin, capture_output=True, check=False
            )
        except FileNotFoundError:
            raise PublishError("git is not installed", hint="install git; kgsync pr commits with it") from None
        if check and proc.returncode != 0:
            text = self._text(proc)
            raise PublishError(f"git {args[0]} failed in {self.root}: {text}",
                               hint=self._remote_hint(text) if remote else None)
        return proc

    def _remote_hint(self, text: str) -> str:
        """The fix for a failed remote call: a remote the checkout does not have is named with those it
        has (git's own text says "access rights", which read as missing credentials); else ``_push_hint``."""
        if "does not appear to be a git repository" not in text:
            return _push_hint(text)
        names = self._run(["remote"], check=False).stdout.decode("utf-8", "replace").split()
        has = f"its remotes: {', '.join(names)}" if names else "it has no remote"
        return (f"the checkout has no remote {self.remote!r} ({has}; git remote -v shows where each points): "
                "pass --remote the one to push the PR branch to")

    def _text(self, proc: subprocess.CompletedProcess[bytes]) -> str:
        raw = (proc.stderr or b"") + (proc.stdout or b"")
        return redact(raw.decode("utf-8", "replace").strip(), self._token)

    def _auth(self) -> dict[str, str]:
        """Credentials for an https remote, passed in the environment (never argv).

        actions/checkout already stores the token as an ``http.extraheader``;
        adding a second Authorization header makes GitHub answer 400, so we add
        ours only when none is configured for the remote's URL.
        """
        if self._auth_env is not None:
            return self._auth_env
        self._auth_env = {}
        if not self._token:
            return self._auth_env
        url = self._run(["remote", "get-url", self.remote], check=False).stdout.decode().strip()
        if not url.startswith(("https://", "http://")):
            return self._auth_env
        configured = self._run(["config", "--get-urlmatch", "http.extraheader", url], check=False)
        if configured.stdout.strip():
            return self._auth_env
        self._auth_env = {
            "GIT_CONFIG_COUNT": "1",
            "GIT_CONFIG_KEY_0": f"http.{url}.extraheader",
            "GIT_CONFIG_VALUE_0": f"AUTHORIZATION: basic {_basic(self._token)}",
        }
        return self._auth_env


def _push_hint(text: str) -> str:
    lowered = text.lower()
    if "403" in lowered or "permission" in lowered or "denied" in lowered:
        return (
            "the token cannot push: give the workflow `permissions: contents: write`; a token passed as "
            "`token:` is used only when actions/checkout stored none (`persist-credentials: false`)"
        )
    if "could not read" in lowered or "authentication" in lowered or "401" in lowered:
        return "git has no credentials for the remote: pass the action's `token:` input"
    return "git's own message is above"
