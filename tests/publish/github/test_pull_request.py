"""`kgsync pr`'s publishing step against real parts.

PyGithub talks HTTP to ``tests/github_standin.py`` (a local stand-in for the
REST endpoints it calls); git pushes to a real bare repository, which the
stand-in also reads to validate a PR's head branch.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from tests.github_standin import (
    ACTIONS_NOT_PERMITTED,
    NOT_ACCESSIBLE,
    RATE_LIMITED,
    GitHubStandIn,
)
from tests.pr_command import BRANCH, REPO, TOKEN
from tests.research_checkout import git

from kgsync.contract import jsonl
from kgsync.contract.errors import PublishError
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.github import pull_request as github_pr
from kgsync.publish.github.git_branch import GitCheckout
from kgsync.publish.github.pull_request import Operation, Proposal, Target

GRAPH = "memory.jsonl"


def graph(*concepts: str) -> Graph:
    entities = [Entity("item:alpha", "research_item", ("title: Alpha", "provenance:item=alpha"))]
    entities += [Entity(f"concept:{c}", "concept", ("provenance:item=alpha",)) for c in concepts]
    relations = [Relation("item:alpha", f"concept:{c}", "addresses") for c in concepts]
    return Graph(tuple(entities), tuple(relations)).canonical()


def data(g: Graph) -> bytes:
    return jsonl.dumps(g).encode("utf-8")


@dataclass
class World:
    work: Path  # the Action's checkout of main
    remote: Path  # the bare "GitHub" repository
    gh: GitHubStandIn

    def base(self) -> str:
        return git(self.work, "rev-parse", "HEAD").strip()

    def merge_to_main(self, g: Graph, message: str = "merge") -> None:
        """A PR merged on main: commit the graph there and push, as GitHub would."""
        (self.work / GRAPH).write_bytes(data(g))
        git(self.work, "add", GRAPH)
        git(self.work, "commit", "-q", "-m", message)
        git(self.work, "push", "-q", "origin", "main")

    def branch_sha(self) -> str | None:
        out = subprocess.run(
            ["git", "--git-dir", str(self.remote), "rev-parse", "-q", "--verify", f"refs/heads/{BRANCH}"],
            capture_output=True, text=True,
        )
        return out.stdout.strip() or None

    def branch_file(self) -> bytes:
        return subprocess.run(
            ["git", "--git-dir", str(self.remote), "show", f"refs/heads/{BRANCH}:{GRAPH}"],
            capture_output=True, check=True,
        ).stdout

    def publish(self, g: Graph, body: str = "body", *, labels: tuple[str, ...] = ("knowledge-graph",)) -> github_pr.Outcome:
        proposal = Proposal({GRAPH: data(g)}, "kgsync: knowledge graph update", body, labels)
        client = github_pr.connect(self.gh.api_url, TOKEN, retries=3, backoff=0.01, throttle=False)
        checkout = GitCheckout(self.work, token=TOKEN)
        target = Target(REPO, "main", BRANCH)
        return github_pr.publish(proposal, git=checkout, github=client, target=target, base_sha=self.base(), token=TOKEN)


@pytest.fixture()
def world(tmp_path: Path) -> Iterator[World]:
    remote = tmp_path / "remote.git"
    work = tmp_path / "work"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(work)], check=True)
    git(work, "remote", "add", "origin", str(remote))
    (work / "README.md").write_text("research\n")
    (work / GRAPH).write_bytes(data(graph("memory")))
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "initial")
    git(work, "push", "-q", "origin", "main")
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        yield World(work, remote, gh)
        assert gh.unhandled == [], f"kgsync called endpoints the stand-in does not know: {gh.unhandled}"


def test_first_run_creates_the_pr_on_a_branch_rebuilt_from_base(world: World) -> None:
    new = graph("memory", "retrieval")
    outcome = world.publish(new, "## Graph diff\n+ concept:retrieval\n")

    assert outcome.operation is Operation.CREATED
    assert (outcome.number, outcome.url) == (1, f"https://github.com/{REPO}/pull/1")
    [pr] = world.gh.open_pulls()
    assert (pr.head, pr.base, pr.title) == (BRANCH, "main", "kgsync: knowledge graph update")
    assert pr.body == "## Graph diff\n+ concept:retrieval\n"
    assert pr.labels == ["knowledge-graph"]
    # The branch is base + the graph file, one commit, parent = base.
    assert world.branch_sha() == outcome.commit
    assert world.branch_file() == data(new)
    parent = subprocess.run(["git", "--git-dir", str(world.remote), "rev-parse", f"{outcome.commit}^"],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert parent == world.base()
    # The checkout itself is untouched: no new commit, no branch switch, no staged file.
    assert git(world.work, "status", "--porcelain") == ""
    assert git(world.work, "rev-parse", "--abbrev-ref", "HEAD").strip() == "main"


def test_second_change_updates_the_same_pr(world: World) -> None:
    first = world.publish(graph("memory", "retrieval"), "first body")
    world.gh.labels.clear()
    world.gh.pulls[first.number].labels.append("needs-review")  # a reviewer's label stays
    second = world.publish(graph("memory", "retrieval", "ranking"), "second body")

    assert second.operation is Operation.UPDATED
    assert second.number == first.number
    assert len(world.gh.pulls) == 1, "a second PR was opened"
    pr = world.gh.pulls[first.number]
    assert pr.body == "second body"
    assert pr.labels == ["knowledge-graph", "needs-review"]
    assert world.branch_file() == data(graph("memory", "retrieval", "ranking"))
    assert second.commit != first.commit


def test_rerun_is_idempotent_same_commit_no_push_no_write(world: World) -> None:
    first = world.publish(graph("memory", "retrieval"))
    writes_before = len(world.gh.writes())
    again = world.publish(graph("memory", "retrieval"))

    assert (again.operation, again.number, again.commit) == (Operation.UPDATED, first.number, first.commit)
    assert again.pushed is False
    assert len(world.gh.writes()) == writes_before, "a re-run with nothing new wrote to GitHub"


def test_branch_is_rebuilt_from_new_base_after_main_moves(world: World) -> None:
    world.publish(graph("memory", "retrieval"))
    world.merge_to_main(graph("memory", "agents"))  # someone merged another graph change
    outcome = world.publish(graph("memory", "agents", "retrieval"))

    assert outcome.operation is Operation.UPDATED
    log = subprocess.run(["git", "--git-dir", str(world.remote), "rev-list", f"main..{BRANCH}"],
                         capture_output=True, text=True, check=True).stdout.split()
    assert log == [outcome.commit], "the branch must be exactly one commit on top of main"


def test_no_diff_no_pr(world: World) -> None:
    outcome = world.publish(graph("memory"))

    assert outcome.operation is Operation.NONE
    assert outcome.number is None
    assert world.gh.pulls == {}
    assert world.gh.writes() == []
    assert world.branch_sha() is None


def test_graph_back_to_base_closes_the_pr_and_deletes_the_branch(world: World) -> None:
    opened = world.publish(graph("memory", "retrieval"))
    world.merge_to_main(graph("memory", "retrieval"))  # the change landed another way
    outcome = world.publish(graph("memory", "retrieval"))

    assert (outcome.operation, outcome.number) == (Operation.CLOSED, opened.number)
    pr = world.gh.pulls[opened.number]
    assert pr.state == "closed"
    assert "nothing is left to propose" in pr.comments[0]
    assert world.branch_sha() is None


def test_a_502_then_success_is_retried(world: World) -> None:
    world.gh.fail("POST", rf"/repos/{REPO}/pulls", 502, times=1)
    world.gh.fail("GET", rf"/repos/{REPO}", 502, times=2)
    outcome = world.publish(graph("memory", "retrieval"))

    assert outcome.operation is Operation.CREATED
    assert [r.status for r in world.gh.requests if r.path == f"/repos/{REPO}"] == [502, 502, 200]
    assert len(world.gh.pulls) == 1


def test_retried_post_that_had_landed_adopts_the_existing_pr(world: World) -> None:
    # The first POST creates the PR but the answer is lost (GitHub then 422s the retry).
    world.publish(graph("memory", "retrieval"))
    world.gh.pulls[1].title = "stale"

    client = github_pr.connect(world.gh.api_url, TOKEN, retries=0, throttle=False)
    repo = client.get_repo(REPO)
    pr = github_pr._create(repo, Target(REPO, "main", BRANCH), "fresh", "body")
    assert pr.number == 1 and world.gh.pulls[1].title == "fresh" and len(world.gh.pulls) == 1


def test_rate_limit_is_waited_out(world: World) -> None:
    world.gh.fail("GET", rf"/repos/{REPO}/pulls", 403, RATE_LIMITED, times=1,
                  **{"X-RateLimit-Remaining": "0", "Retry-After": "0"})
    assert world.publish(graph("memory", "retrieval")).operation is Operation.CREATED
    # The fault was hit (not bypassed) and the same request was asked again and answered.
    assert world.gh.faults[0].times == 0
    listings = [r.status for r in world.gh.requests if r.method == "GET" and r.path == f"/repos/{REPO}/pulls"]
    assert listings[:2] == [403, 200], listings


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (ACTIONS_NOT_PERMITTED, "Allow GitHub Actions to create and approve pull requests"),
        (NOT_ACCESSIBLE, "pull-requests: write"),
    ],
)
def test_403_permission_errors_name_the_setting(world: World, body: dict, expected: str) -> None:
    world.gh.fail("POST", rf"/repos/{REPO}/pulls", 403, body, times=99)
    with pytest.raises(PublishError) as caught:
        world.publish(graph("memory", "retrieval"))
    text = caught.value.render()
    assert body["message"] in text and expected in text
    assert TOKEN not in text
    assert sum(r.method == "POST" for r in world.gh.requests) == 1, "a permission 403 must not be retried"


def test_bad_token_is_a_clear_401(world: World) -> None:
    proposal = Proposal({GRAPH: data(graph("memory", "x"))}, "t", "b")
    client = github_pr.connect(world.gh.api_url, "ghs_wrong", retries=0, throttle=False)
    with pytest.raises(PublishError, match="rejected the token"):
        github_pr.publish(proposal, git=GitCheckout(world.work), github=client,
                          target=Target(REPO, "main", BRANCH), base_sha=world.base())


def test_lease_refuses_to_overwrite_a_branch_that_moved(world: World) -> None:
    checkout = GitCheckout(world.work)
    sha = checkout.commit_files(world.base(), {GRAPH: data(graph("memory", "a"))}, "one")
    checkout.push(sha, BRANCH, expected=None)
    other = checkout.commit_files(world.base(), {GRAPH: data(graph("memory", "b"))}, "two")
    with pytest.raises(PublishError, match="nothing was overwritten"):
        checkout.push(other, BRANCH, expected=None)  # we believed it absent; it is not
    with pytest.raises(PublishError, match="nothing was overwritten"):
        checkout.push(other, BRANCH, expected=world.base())  # a stale sha
    assert world.branch_sha() == sha


def test_commit_is_deterministic(world: World) -> None:
    checkout = GitCheckout(world.work)
    files = {GRAPH: data(graph("memory", "a")), "kgsync-state.json": b"{}"}
    first = checkout.commit_files(world.base(), files, "m")
    assert checkout.commit_files(world.base(), dict(reversed(list(files.items()))), "m") == first
    assert checkout.blob(first, "kgsync-state.json") == b"{}"
    assert checkout.blob(first, "README.md") == b"research\n"


def test_hostile_item_text_is_sent_as_the_renderer_made_it(world: World) -> None:
    from kgsync.diff.graph_diff import diff
    from kgsync.publish.pr.body import render_markdown as render

    hostile = (
        "title: </details><script>alert(1)</script> @octocat ![x](https://evil.example/p.png) "
        "```\n<!-- -->[click](javascript:alert(1)) | pipe |"
    )
    old = graph("memory")
    new = Graph(old.entities + (Entity("concept:zz", "concept", (hostile,)),), old.relations).canonical()
    rendered = render(diff(old, new))
    world.publish(new, rendered.text)

    [pr] = world.gh.open_pulls()
    assert pr.body == rendered.text
    assert "<script>" not in pr.body
    assert "@octocat" not in pr.body.replace("@\u200boctocat", "")  # no live mention


def test_redaction_masks_whole_tokens_only() -> None:
    from kgsync.publish.github.git_branch import redact

    assert redact("push with ghs_abc123 failed (fix: ghs_abc123)", "ghs_abc123") == "push with *** failed (fix: ***)"
    assert redact("fix: x is set", "x") == "fix: *** is set"  # a short secret: the word, not every letter
    assert "fi***" not in redact("fix: prefix", "x")




@pytest.mark.parametrize("label", ["y" * 50, "y" * 51, "", "  "])
def test_a_label_is_published_exactly_when_kgsync_takes_it(world: World, label: str) -> None:
    # The 50-character limit (and the blank name) kgsync pr checks before the build, against
    # the REST stand-in's answers as GitHub's: a label it takes is added, one it refuses gets the 422.
    from kgsync.read.pr_names import label_problem

    if label_problem(label) is None:
        world.publish(graph("memory", "retrieval"), labels=(label,))
        assert world.gh.open_pulls()[0].labels == [label]
    else:
        with pytest.raises(PublishError):
            world.publish(graph("memory", "retrieval"), labels=(label,))
        assert world.gh.open_pulls()[0].labels == []
