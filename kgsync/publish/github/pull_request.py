"""The GitHub edge of `kgsync pr`: one pull request per graph change.

``publish`` is the whole decision, given the files the build produced and the
rendered body; it never builds anything itself:

* files equal to base   -> close the open PR (and delete its branch), or do nothing;
* files differ          -> commit them on top of base, push the fixed branch with a
                           lease, then update the PR open on that branch or open one.

The git side is real git (``git_branch.GitCheckout``, see there for why); the
REST side is PyGithub with its ``GithubRetry`` (5xx and rate limits).  Every
GitHub error becomes a ``PublishError`` that says which setting fixes it, and
no message ever carries the token.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import requests
from github import Auth, Github, GithubException, GithubRetry
from github.PullRequest import PullRequest
from github.Repository import Repository

from kgsync.contract.errors import ConfigError, PublishError
from kgsync.publish.github.git_branch import GitCheckout, redact
from kgsync.publish.limits import GITHUB_BODY_LIMIT

DEFAULT_API_URL = "https://api.github.com"

_ACTIONS_SETTING = (
    "allow it in the repository's Settings > Actions > General > Workflow permissions > "
    "'Allow GitHub Actions to create and approve pull requests' (an organisation can lock it: "
    "then its Settings > Actions > General first), or pass a GitHub App or fine-grained token as `token:`"
)
_PERMISSIONS = (
    "give the workflow `permissions: {contents: write, pull-requests: write}` "
    "(or a token with Contents and Pull requests read/write on this repository)"
)


class Operation(StrEnum):
    CREATED = "created"
    UPDATED = "updated"
    CLOSED = "closed"
    NONE = "none"


@dataclass(frozen=True)
class Proposal:
    """What to propose: the new bytes of every file the build changed, and the PR text."""

    files: Mapping[str, bytes]  # repo-relative POSIX path -> new content
    title: str
    body: str
    labels: tuple[str, ...] = ()
    commit_message: str = "kgsync: update the knowledge graph"


@dataclass(frozen=True)
class Outcome:
    operation: Operation
    number: int | None = None
    url: str = ""
    branch: str = ""
    commit: str = ""  # the sha the PR branch points at ("" when none)
    pushed: bool = False  # False on a re-run that found the branch already right


@dataclass(frozen=True)
class Target:
    repo: str  # owner/name
    base: str  # the branch the PR merges into
    branch: str  # the fixed PR branch


def connect(
    api_url: str,
    token: str,
    *,
    retries: int = 5,
    backoff: float = 1.0,
    throttle: bool = True,
) -> Github:
    """A PyGithub client that retries 5xx, 429 and rate-limit 403s (``GithubRetry``).

    ``throttle`` keeps PyGithub's pause between writes, GitHub's advice against
    secondary rate limits; tests against the local stand-in turn it off.
    """
    if not token:
        raise ConfigError("no GitHub token", hint="set the token's environment variable (--token-env)")
    retry = GithubRetry(
        total=retries,
        backoff_factor=backoff,
        status_forcelist=[429, 500, 502, 503, 504],
        # Wait for a rate-limit reset at most 10 minutes, then fail with a message.
        max_rate_limit_wait=600,
        secondary_rate_wait=60 if throttle else 0,
    )
    pacing: dict[str, Any] = {} if throttle else {"seconds_between_requests": None, "seconds_between_writes": None}
    return Github(base_url=api_url.rstrip("/"), auth=Auth.Token(token), retry=retry, timeout=30, **pacing)


def publish(
    proposal: Proposal,
    *,
    git: GitCheckout,
    github: Github,
    target: Target,
    base_sha: str,
    token: str | None = None,
) -> Outcome:
    """Bring the PR branch and the PR in line with ``proposal``; idempotent."""
    try:
        return _publish(proposal, git, github, target, base_sha)
    except GithubException as exc:
        raise explain(exc, target, token) from None
    except requests.RequestException as exc:  # connection refused, retries exhausted
        raise PublishError(
            f"cannot reach the GitHub API: {redact(_first_line(str(exc)), token)}",
            hint="check --api-url / $GITHUB_API_URL and that the runner has network access",
        ) from None


def _publish(proposal: Proposal, git: GitCheckout, github: Github, target: Target, base_sha: str) -> Outcome:
    changed = {path: data for path, data in proposal.files.items() if git.blob(base_sha, path) != data}
    repo = github.get_repo(target.repo)
    open_pr = _find_open(repo, target)
    if not changed:
        if open_pr is None:
            return Outcome(Operation.NONE, branch=target.branch)
        return _close(open_pr, git, target, base_sha)
    # Rebuilt from base on every run: the branch is base + exactly these files.
    files = {path: proposal.files[path] for path in sorted(proposal.files)}
    sha = git.commit_files(base_sha, files, proposal.commit_message)
    result = git.push(sha, target.branch, expected=git.remote_branch(target.branch))
    body = proposal.body[:GITHUB_BODY_LIMIT]  # the renderer truncates; this is only a guard
    if open_pr is None:
        open_pr, operation = _create(repo, target, proposal.title, body), Operation.CREATED
    else:
        operation = Operation.UPDATED
        if open_pr.title != proposal.title or (open_pr.body or "") != body:
            open_pr.edit(title=proposal.title, body=body)
    missing = [label for label in proposal.labels if label not in {lb.name for lb in open_pr.labels}]
    if missing:
        # add (not set): labels a reviewer put on the PR stay.
        open_pr.add_to_labels(*missing)
    return Outcome(operation, open_pr.number, open_pr.html_url, target.branch, sha, result.pushed)


def _find_open(repo: Repository, target: Target) -> PullRequest | None:
    owner = target.repo.split("/", 1)[0]
    pulls = repo.get_pulls(state="open", head=f"{owner}:{target.branch}", base=target.base)
    # Lowest number first: if two ever exist, keep updating the older one.
    found = sorted(pulls, key=lambda pr: pr.number)
    return found[0] if found else None


def _create(repo: Repository, target: Target, title: str, body: str) -> PullRequest:
    try:
        return repo.create_pull(base=target.base, head=target.branch, title=title, body=body)
    except GithubException as exc:
        # A retried POST whose first attempt did land (a 502 after the write):
        # GitHub answers 422 "already exists"; adopt that PR instead of failing.
        if exc.status == 422 and "already exists" in str(exc.data):
            found = _find_open(repo, target)
            if found is not None:
                found.edit(title=title, body=body)
                return found
        raise


def _close(pr: PullRequest, git: GitCheckout, target: Target, base_sha: str) -> Outcome:
    pr.create_issue_comment(
        f"{target.base} now holds the graph kgsync builds (at {base_sha[:12]}); "
        "nothing is left to propose, so kgsync closes this pull request."
    )
    pr.edit(state="closed")
    head = git.remote_branch(target.branch)
    if head is not None:
        git.delete(target.branch, expected=head)
    return Outcome(Operation.CLOSED, pr.number, pr.html_url, target.branch)


def explain(exc: GithubException, target: Target, token: str | None = None) -> PublishError:
    """A GitHub error as a message that names the fix."""
    message = redact(_api_message(exc), token)
    lowered = message.lower()
    status = exc.status
    if status == 401:
        return PublishError(
            f"GitHub rejected the token (401 {message})",
            hint="the token is missing, expired or revoked; pass `token: ${{ github.token }}` or a valid App token",
        )
    if status == 403 and "not permitted to create or approve pull requests" in lowered:
        return PublishError(f"GitHub refused to open the pull request (403 {message})", hint=_ACTIONS_SETTING)
    if status == 403 and "resource not accessible" in lowered:
        return PublishError(f"the token lacks a permission on {target.repo} (403 {message})", hint=_PERMISSIONS)
    if status in (403, 429) and "rate limit" in lowered:
        return PublishError(
            f"GitHub's rate limit is exhausted ({status} {message})",
            hint="re-run after the reset, or use a GitHub App token (higher limits)",
        )
    if status == 404:
        return PublishError(
            f"{target.repo} not found, or the token cannot see it (404 {message})",
            hint="check --repo / $GITHUB_REPOSITORY and the token's repository access",
        )
    if status == 422:
        details = redact(_errors(exc), token)
        return PublishError(
            f"GitHub refused the request (422 {message}{': ' + details if details else ''})",
            hint=f"check that branch {target.branch!r} and base {target.base!r} exist and differ",
        )
    return PublishError(
        f"GitHub API error {status}: {message}",
        hint="GitHub may be having trouble (https://www.githubstatus.com); re-run the job",
    )


def _api_message(exc: GithubException) -> str:
    data = exc.data
    if isinstance(data, dict) and isinstance(message := data.get("message"), str):
        return message
    return _first_line(str(data)) if data else "no message"


def _errors(exc: GithubException) -> str:
    data = exc.data if isinstance(exc.data, dict) else {}
    parts: Sequence[Any] = data.get("errors") or ()
    texts = [p.get("message") or f"{p.get('field')} {p.get('code')}" if isinstance(p, dict) else str(p) for p in parts]
    return "; ".join(str(t) for t in texts)


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else text
