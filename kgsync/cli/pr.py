"""``kgsync pr``: rebuild the graph and propose the change as one pull request.

Exit codes: 0 done (created, updated, closed or nothing to do); 1 publishing
failed, the new graph breaks the contract, or some items failed (the PR is
still proposed without them); 2 usage or configuration.  The token is read
from an environment variable (never argv) and never printed.
"""

from __future__ import annotations

import fnmatch
import os
import re
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from kgsync.read import config as config_module
from kgsync.cli._errors import held_back_note, held_items_warning, reported
from kgsync.cli._options import FilePath, cache_dir_option, write_output
from kgsync.contract.errors import ConfigError
from kgsync.publish.limits import JOB_SUMMARY_LIMIT
from kgsync.read.item_model import failed_files, of_touched_items
from kgsync.read.pr_names import branch_problem, label_problem, remote_problem, title_problem

if TYPE_CHECKING:  # imported when the command runs (the CLI stays light)
    from kgsync.diff.model import GraphDiff
    from kgsync.publish.github.git_branch import GitCheckout
    from kgsync.publish.github.pull_request import Outcome

#: GitHub's step-summary limit is 1 MiB per step; the report fits in ``REPORT_LIMIT`` whole sections
#: (``prepare``), so this cut, at a byte, is only for a line above it that is absurdly long.
SUMMARY_LIMIT = JOB_SUMMARY_LIMIT - 64


@click.command("pr")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
              help="kgsync.yml to use (default: ./kgsync.yml if present).")
@click.option("--items", help="Item files: a folder or a glob, relative to the repo root (overrides `items`).")
@click.option("--graph", help="Graph path, relative to the repo root (overrides `graph`).")
@click.option("--repo", envvar="GITHUB_REPOSITORY", help="owner/name  [default: $GITHUB_REPOSITORY]")
@click.option("--token-env", default="GITHUB_TOKEN", show_default=True,
              help="Name of the environment variable that holds the token.")
@click.option("--api-url", envvar="GITHUB_API_URL", default="https://api.github.com",
              help="REST API root  [default: $GITHUB_API_URL, else https://api.github.com]")
@click.option("--remote", default="origin", show_default=True, help="git remote to push the PR branch to.")
@click.option("--base", help="Branch the PR merges into (default: `pr.base`).")
@click.option("--branch", help="The PR branch, rebuilt on every run (default: `pr.branch`).")
@click.option("--title", help="PR title (default: `pr.title`).")
@click.option("--label", "labels", multiple=True, help="PR label, repeatable (default: `pr.labels`).")
@click.option("--diff-json", type=FilePath(),
              help="Also write the diff as JSON to this file.")
@click.option("--annotate/--no-annotate", default=None,
              help="Print item problems and failing lint findings as GitHub annotations "
                   "[default: on under GitHub Actions]")
@click.option("--all-warnings", is_flag=True, help="Print (or annotate) the warnings and notices of every item, not "
              "only of the items this change touches (the others are counted).")
@click.option("--dry-run", is_flag=True, help="Build in memory and print the PR body; touch nothing.")
@cache_dir_option
def command(
    config_path: Path | None,
    items: str | None,
    graph: str | None,
    repo: str | None,
    token_env: str,
    api_url: str,
    remote: str,
    base: str | None,
    branch: str | None,
    title: str | None,
    labels: tuple[str, ...],
    diff_json: Path | None,
    annotate: bool | None,
    all_warnings: bool,
    dry_run: bool,
    cache_dir: Path | None = None,
) -> None:
    """Build the graph from the checked-out base branch and open, update or close the PR.

    The PR branch is rebuilt from base on every run (pushed with a lease), so a
    re-run gives the same result.  Writes pr-number, pr-url, operation and the
    diff counts to $GITHUB_OUTPUT and the diff to $GITHUB_STEP_SUMMARY when set.
    """
    token = os.environ.get(token_env, "")
    if annotate is None:
        annotate = os.environ.get("GITHUB_ACTIONS") == "true"
    from kgsync.cli._annotations import github_annotation

    options = PrOptions(config_path, items, graph, repo, token, token_env, api_url, remote,
                        base, branch, title, labels, diff_json, annotate, dry_run, cache_dir, all_warnings)
    with reported(secret=token, annotate=github_annotation if annotate else None):
        code = _run(options)
    raise SystemExit(code)


@dataclass(frozen=True)
class PrOptions:
    """The command's options, resolved (the token itself, never its value on argv)."""

    config_path: Path | None
    items: str | None
    graph: str | None
    repo: str | None
    token: str
    token_env: str
    api_url: str
    remote: str
    base: str | None
    branch: str | None
    title: str | None
    labels: tuple[str, ...]
    diff_json: Path | None
    annotate: bool
    dry_run: bool
    cache_dir: Path | None = None  # outside the checkout in CI: no committed file is read as cache
    all_warnings: bool = False  # every item's warnings, not only the touched items'


def _run(o: PrOptions) -> int:
    # Heavy imports only when the command runs (the CLI stays light).
    from kgsync.cli._annotations import issue_annotation
    from kgsync.diff.json_report import to_json
    from kgsync.diff.model import GraphDiff
    from kgsync.publish.github import pull_request as github_pr
    from kgsync.publish.proposal import prepare

    if o.title is not None and (problem := title_problem(o.title)):
        raise ConfigError(f"--title {problem}")
    for option, value in (("--branch", o.branch), ("--base", o.base)):
        if value and (problem := branch_problem(value)):
            raise ConfigError(f"{option}: {problem}")
    for label in o.labels:
        if problem := label_problem(label):
            raise ConfigError(f"--label: {problem}")
    if problem := remote_problem(o.remote):
        raise ConfigError(f"--remote: {problem}")
    root = o.config_path.parent if o.config_path else Path(".")
    cfg = config_module.load(root, o.config_path).with_overrides(
        items=o.items, graph=o.graph, cache_dir=str(o.cache_dir.absolute()) if o.cache_dir else None)
    if o.dry_run:
        cfg = cfg.with_overrides(cache_dir="")  # "touch nothing" includes the parse cache
    target = github_pr.Target(o.repo or "", o.base or cfg.pr.base, o.branch or cfg.pr.branch)
    # pr.title as configured wins; the default gives way to a title that names the cause.
    title = o.title or (cfg.pr.title if cfg.pr.title != config_module.PullRequest().title else None)
    labels = o.labels or cfg.pr.labels
    if target.branch == target.base:  # a dry run says what the real run refuses
        raise ConfigError(f"the PR branch (--branch, pr.branch) and the base (--base, pr.base) are both {target.base!r}",
                          hint="set pr.branch to a branch of its own")
    if not o.dry_run:
        if not re.fullmatch(r"[\w.-]+/[\w.-]+", target.repo):
            raise ConfigError(f"--repo must be owner/name, got {target.repo!r}", hint="pass --repo or set $GITHUB_REPOSITORY")
        if not o.token:
            raise ConfigError(f"no token in ${o.token_env}", hint=f"export {o.token_env}, or name another variable with --token-env")
    checkout = _checkout(root, o.remote, o.token, required=not o.dry_run)
    base_sha = checkout.head() if checkout else None
    if not o.dry_run:
        assert checkout is not None and base_sha is not None
        tip = checkout.remote_branch(target.base)
        if tip is None:  # no tip to compare: the PR would carry the checkout's graph into a branch that is not there
            raise ConfigError(
                f"{'--base' if o.base else 'pr.base'}: {target.base!r} is no branch on {o.remote}",
                None if o.base else cfg.where("pr.base"),
                "name the branch this workflow runs on and the PR merges into (the Action's base input, "
                "--base, or pr.base in kgsync.yml; main by default)")
        if tip != base_sha:
            # A re-run of an old run, or a run started on another branch: its graph is not the
            # graph of the base, and replacing the PR branch with it would undo newer work.
            click.echo(f"kgsync pr: none: the checkout ({base_sha[:12]}) is not the tip of {target.base!r} on "
                       f"{o.remote} ({tip[:12]}); the run for that commit proposes its graph", err=True)
            _write_outputs(github_pr.Outcome(github_pr.Operation.NONE), GraphDiff())  # counts: all 0
            return 0
        # Checked after the tip: a re-run of an old run proposes nothing, dirty or not.
        if dirty := _uncommitted_inputs(cfg, checkout, base_sha):
            listed = ", ".join(dirty[:_DIRTY_NAMES]) + (f" and {len(dirty) - _DIRTY_NAMES} more"
                                                        if len(dirty) > _DIRTY_NAMES else "")
            raise ConfigError(
                f"files the build reads are changed and not committed (against {base_sha[:12]}): {listed}; the PR "
                "would carry a graph that the base branch's files do not make",
                hint="commit them and push them to the base branch, or set them aside with git stash; kgsync pr "
                     "--dry-run reads them and prints the PR they would make")
    prepared = prepare(
        cfg, checkout=checkout, base_sha=base_sha, title=title, labels=tuple(labels),
        write=not o.dry_run, full_report_hint=_run_link(), branches=(o.remote, target.base, target.branch),
    )
    # The touched items' problems: an old item's on every run hid the new ones, and GitHub shows
    # only the first 10 warning annotations of a step.  The rest are counted.
    shown, held = of_touched_items(prepared.issues, None if o.all_warnings else prepared.touched)
    for issue in shown:
        if o.annotate:
            click.echo(issue_annotation(issue, cfg.root, checkout))
        else:
            click.echo(_safe(issue.render(), o.token), err=True)
    if held:
        click.echo(_safe(held_back_note(held, "this change did not touch", "pr"), o.token), err=True)
    if prepared.held_items:  # as kgsync build prints it (the body's Needs attention says it too)
        click.echo(_safe(held_items_warning(prepared.held_items), o.token), err=True)
    if o.diff_json:
        write_output(o.diff_json, to_json(prepared.diff, prepared.hand_made.new, prepared.hand_made.old), inputs=cfg, option="--diff-json")
    if o.dry_run:
        # The body on stdout; inside Actions also the outputs and the job summary, as a real
        # run writes them (stdout stays free for the annotations above).
        click.echo(prepared.rendered.text)
        # The title a reviewer sees above the body (the body goes without it), where stdout is not.
        click.echo(_safe(f"kgsync pr: dry run: the PR title would be: {prepared.proposal.title}", o.token), err=True)
        dry = github_pr.Outcome(github_pr.Operation.NONE, branch=target.branch)
        _write_outputs(dry, prepared.diff)
        _write_summary(dry, prepared.rendered.full_text, dry_run=True)
        return 1 if prepared.errors else 0
    assert checkout is not None and base_sha is not None
    client = github_pr.connect(o.api_url, o.token)
    outcome = github_pr.publish(prepared.proposal, git=checkout, github=client, target=target,
                                base_sha=base_sha, token=o.token)
    where = f" #{outcome.number} {outcome.url}" if outcome.number else ""
    click.echo(f"kgsync pr: {outcome.operation}{where}", err=True)
    _write_outputs(outcome, prepared.diff)
    _write_summary(outcome, prepared.rendered.full_text)
    if prepared.errors:
        click.echo(f"error: {failed_files(prepared.issues)} item(s) failed; their old nodes were kept", err=True)
        return 1
    return 0


#: Uncommitted files a refused run names (the rest are counted).
_DIRTY_NAMES = 5


def _uncommitted_inputs(cfg: config_module.Config, checkout: GitCheckout, base_sha: str) -> list[str]:
    """The files the build reads (item files, kgsync.yml, the vocabulary, themes and veto files) whose working-tree
    state differs from ``base_sha``, as git names them.  A real run pushes the graph the working tree makes, and
    it is the base branch's graph only when the base's files made it; a dry run reads them on purpose (README,
    "Reading the review PR").  A deleted item file is in no listing of the folder: it counts when the items
    option names its path."""
    from kgsync.read.item_files import find_item_files

    changed = checkout.changed_in_work_tree(base_sha)
    if not changed:
        return []
    top = checkout.root.resolve()
    reads = {path.resolve() for path in find_item_files(cfg.items, cfg.root)}
    reads |= {path.resolve() for path in (cfg.config_file or cfg.root / config_module.CONFIG_FILE, cfg.veto_path(),
                                          *(cfg.optional_path(name) for name in (cfg.vocabulary, cfg.themes_vocabulary)
                                            if name)) if path is not None}
    items = cfg.path(cfg.items).resolve()  # the folder, or the glob as an absolute pattern
    return sorted(name for name in changed if (path := top / name) in reads or (
        name.endswith(".md") and not path.exists() and (path.parent == items or fnmatch.fnmatch(str(path), str(items)))))


def _checkout(root: Path, remote: str, token: str, *, required: bool) -> GitCheckout | None:
    from kgsync.contract.errors import PublishError
    from kgsync.publish.github.git_branch import GitCheckout

    try:
        return GitCheckout.discover(root, remote=remote, token=token)
    except PublishError:
        if required:
            raise ConfigError(f"{root.resolve()} is not inside a git checkout",
                              hint="run kgsync pr in the research repo's checkout (actions/checkout)") from None
        return None


def counts(d: GraphDiff) -> dict[str, int]:
    return {
        "entities-added": len(d.added),
        "entities-removed": len(d.removed),
        "entities-changed": len(d.changed),
        "relations-added": len(d.relations_added),
        "relations-removed": len(d.relations_removed),
        "items-touched": sum(1 for i in d.items if i.slug),
        "findings": len(d.findings),
    }


def _write_outputs(outcome: Outcome, d: GraphDiff) -> None:
    path = os.environ.get("GITHUB_OUTPUT")
    if not path:
        return
    values = {
        "pr-number": str(outcome.number or ""),
        "pr-url": outcome.url,
        "operation": str(outcome.operation),
        "branch": outcome.branch,
        "commit": outcome.commit,
        **{k: str(v) for k, v in counts(d).items()},
    }
    with open(path, "a", encoding="utf-8", errors="backslashreplace") as handle:
        for key, value in values.items():
            if "\n" in value or "\r" in value:
                delimiter = f"ghadelimiter_{secrets.token_hex(8)}"
                handle.write(f"{key}<<{delimiter}\n{value}\n{delimiter}\n")
            else:
                handle.write(f"{key}={value}\n")


def _write_summary(outcome: Outcome, full_text: str, *, dry_run: bool = False) -> None:
    path = os.environ.get("GITHUB_STEP_SUMMARY")
    if not path:
        return
    head = "**kgsync pr: dry run**" if dry_run else f"**kgsync pr: {outcome.operation}**"
    if outcome.number:
        head += f" — [#{outcome.number}]({outcome.url})"
    text = f"{head}\n\n{full_text}"
    if len(text.encode("utf-8")) > SUMMARY_LIMIT:
        text = text.encode("utf-8")[:SUMMARY_LIMIT].decode("utf-8", "ignore") + "\n\n…(cut at GitHub's 1 MiB summary limit)\n"
    with open(path, "a", encoding="utf-8", errors="backslashreplace") as handle:
        handle.write(text if text.endswith("\n") else text + "\n")


def _run_link() -> str | None:
    """Trusted text for a truncated body: the workflow run holds the whole report."""
    server, repo, run = (os.environ.get(k, "") for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_RUN_ID"))
    if re.fullmatch(r"https://[\w.-]+(:\d+)?", server) and re.fullmatch(r"[\w.-]+/[\w.-]+", repo) and run.isdigit():
        return f"The whole report is in the [workflow run's summary]({server}/{repo}/actions/runs/{run})."
    return None


def _safe(text: str, token: str) -> str:
    from kgsync.publish.github.git_branch import redact

    return redact(text, token)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(command())
