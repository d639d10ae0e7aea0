"""kgsync pr, the command, run as a process against the GitHub stand-in and a real bare remote:
the PR created then updated, outputs written, the token never printed, titles by cause, errors and
exit codes, a dry run that touches nothing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.github_standin import ACTIONS_NOT_PERMITTED, GitHubStandIn
from tests.item_corpus import item_markdown
from tests.pr_command import BRANCH, REPO, TOKEN, in_full_report, kgsync_pr
from tests.research_checkout import git, research_checkout


@pytest.fixture()
def research(tmp_path: Path) -> tuple[Path, Path]:
    """The example research repo as a checkout of main (no graph committed) with a bare remote."""
    return research_checkout(tmp_path)


@pytest.mark.slow
def test_command_creates_pr_writes_outputs_and_never_prints_the_token(research: tuple[Path, Path]) -> None:
    work, remote = research
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        gh.fail("GET", rf"/repos/{REPO}", 502, times=1)
        proc = kgsync_pr(work, gh.api_url)
        assert proc.returncode == 0, proc.stderr
        [pr] = gh.open_pulls()
        again = kgsync_pr(work, gh.api_url)
        assert again.returncode == 0, again.stderr
        assert len(gh.pulls) == 1
    outputs = (work.parent / "output").read_text()
    assert "operation=created\n" in outputs and "operation=updated\n" in outputs
    assert f"pr-number={pr.number}\n" in outputs
    summary = (work.parent / "summary").read_text()
    assert in_full_report(pr.body, summary)
    for text in (proc.stdout, proc.stderr, again.stdout, again.stderr, outputs, summary, pr.body):
        assert TOKEN not in text


def test_command_titles_the_pr_by_its_cause(research: tuple[Path, Path]) -> None:
    """Through real git and PyGithub: the first graph adds every item; the default pr.title gives
    way to one that says so, and --title still wins."""
    work, remote = research
    items = [p for p in (work / "Research" / "completed").glob("*.md") if p.name != "README.md"]
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        proc = kgsync_pr(work, gh.api_url)
        assert proc.returncode == 0, proc.stderr
        [pr] = gh.open_pulls()
        assert re.fullmatch(rf"Add {len(items)} items \(\+\d+ claims\)", pr.title), pr.title
        again = kgsync_pr(work, gh.api_url, "--title", "Graph refresh")
        assert again.returncode == 0, again.stderr
        assert gh.open_pulls()[0].title == "Graph refresh"


def test_command_403_is_a_clear_error_and_nonzero_exit(research: tuple[Path, Path]) -> None:
    work, remote = research
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        gh.fail("POST", rf"/repos/{REPO}/pulls", 403, ACTIONS_NOT_PERMITTED, times=99)
        proc = kgsync_pr(work, gh.api_url)
    assert proc.returncode == 1
    assert "GitHub Actions is not permitted to create or approve pull requests" in proc.stderr
    assert "Settings > Actions > General > Workflow permissions" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert TOKEN not in proc.stdout + proc.stderr


def test_a_run_behind_the_base_branch_proposes_nothing(research: tuple[Path, Path], tmp_path: Path) -> None:
    # A re-run of an old run (or a run on another branch): main moved on since this checkout,
    # and a PR built from it would undo the newer items.
    work, remote = research
    newer = tmp_path / "newer"
    git(tmp_path, "clone", "-q", str(remote), str(newer))
    (newer / "Research" / "completed" / "2026-03-02-newer.md").write_text(
        "---\ntitle: Newer work\ncompleted: 2026-03-02\n---\n\n## Research Question\n\nWhat changed?\n", encoding="utf-8")
    git(newer, "add", ".")
    git(newer, "commit", "-q", "-m", "a newer item")
    git(newer, "push", "-q", "origin", "main")
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        proc = kgsync_pr(work, gh.api_url)
        assert gh.pulls == {} and [r for r in gh.requests if r.method != "GET"] == []
    assert proc.returncode == 0, proc.stderr
    assert "is not the tip of 'main'" in proc.stderr
    assert "operation=none" in (work.parent / "output").read_text()
    assert git(remote, "for-each-ref", "--format=%(refname)", "refs/heads/") == "refs/heads/main\n"  # nothing pushed


def test_command_without_token_is_a_usage_error(research: tuple[Path, Path]) -> None:
    work, _ = research
    proc = kgsync_pr(work, "http://127.0.0.1:9", token="")
    assert proc.returncode == 2 and "no token in $KGSYNC_TEST_TOKEN" in proc.stderr


def test_command_with_an_unreadable_graph_is_a_usage_error(research: tuple[Path, Path]) -> None:
    # Exit 2, as for every command: a graph file that cannot be read is not a failed build.
    work, _ = research
    (work / "memory.jsonl").write_text('{"type":"entity","name":"x"\n', encoding="utf-8")
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", token="")
    assert proc.returncode == 2, proc.stderr
    assert "memory.jsonl:1" in proc.stderr and "Traceback" not in proc.stderr


def test_dry_run_touches_nothing(research: tuple[Path, Path]) -> None:
    work, _ = research
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", token="")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip()  # the body
    assert re.search(r"^kgsync pr: dry run: the PR title would be: (Add|Update|Remove) .{1,60}$", proc.stderr, re.M)
    assert git(work, "status", "--porcelain", "--ignored") == ""  # no graph, no manifest, no cache


def test_command_keeps_invisible_and_bidi_characters_out_of_the_pr_title_and_commit_subject(
        research: tuple[Path, Path]) -> None:
    """Through real git and PyGithub: an item title holding a right-to-left override and zero-width
    characters reaches neither the PR title nor the branch's commit subject."""
    work, remote = research
    items = sorted(p for p in (work / "Research" / "completed").glob("*.md") if p.name != "README.md")
    for path in items[1:]:
        path.unlink()
    text = items[0].read_text(encoding="utf-8")
    items[0].write_text(re.sub(r"(?m)^title:.*$", 'title: "Safe \u202egnp.exe\u200b title\u2069"', text, count=1),
                        encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "one item")
    git(work, "push", "-q", "origin", "main")
    invisible = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        proc = kgsync_pr(work, gh.api_url)
        assert proc.returncode == 0, proc.stderr
        [pr] = gh.open_pulls()
    subject = subprocess.run(["git", "--git-dir", str(remote), "log", "-1", "--format=%s", BRANCH],
                             capture_output=True, text=True, check=True).stdout.strip()
    assert "Safe gnp.exe title" in pr.title, pr.title
    assert not invisible.search(pr.title) and not invisible.search(subject), (pr.title, subject)
    assert subject


@pytest.mark.parametrize("title", ["Graph\nrefresh", "Graph\rrefresh", "Graph\x1b[31m refresh", "Graph \u202erefresh"])
def test_a_title_with_a_control_or_format_character_is_refused(research: tuple[Path, Path], title: str) -> None:
    # A newline reached the PR title and split the branch's commit subject; a bidi override
    # reordered what a reviewer reads. An item's title is cleaned (its author is not here);
    # a title the user typed is refused, naming the character, so what is published is what was typed.
    work, _ = research
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", "--title", title, token="")
    assert proc.returncode == 2, proc.stderr
    assert "--title" in proc.stderr and "U+" in proc.stderr and "one line" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("title", ["   ", "", "\u00a0\u3000"])
def test_a_blank_title_is_refused(research: tuple[Path, Path], title: str) -> None:
    # The Action's `title: ' '` (or --title "") became a PR titled "   " and a commit with no subject
    # line (git dropped it: the subject read "Rebuilt by `kgsync pr` ..."); a PR title is visible text.
    work, _ = research
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", f"--title={title}", token="")
    assert proc.returncode == 2, proc.stderr
    assert "--title is blank" in proc.stderr and "fix: " in proc.stderr and "Traceback" not in proc.stderr


def test_a_label_over_githubs_50_characters_is_refused_before_the_build(research: tuple[Path, Path]) -> None:
    # The Action's labels input (or --label) over GitHub's 50 characters passed the dry run, and the real
    # run pushed the branch before GitHub refused the label (422).
    work, _ = research
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", "--label=ok", f"--label={'z' * 51}", token="")
    assert proc.returncode == 2, proc.stderr
    assert "--label: " in proc.stderr and "is 51 characters" in proc.stderr and "fix:" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and "would be" not in proc.stderr, proc.stderr


def test_a_blank_label_is_refused_before_the_build(research: tuple[Path, Path]) -> None:
    # `--label ""` (a workflow's empty variable) passed the dry run; the real run pushed the branch
    # before GitHub refused the blank name (422).
    work, _ = research
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", "--label=", token="")
    assert proc.returncode == 2, proc.stderr
    assert "--label: " in proc.stderr and "blank" in proc.stderr and "fix:" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and "would be" not in proc.stderr, proc.stderr


@pytest.mark.parametrize(("option", "value"), [
    ("--branch", "a..b"), ("--branch", "graph update"), ("--branch", "-f"), ("--branch", "refs/heads/main"),
    ("--branch", "x.lock"), ("--base", "ma:in"), ("--branch", "main"),
])
def test_a_branch_git_cannot_push_or_the_base_itself_is_refused_before_the_build(
        research: tuple[Path, Path], option: str, value: str) -> None:
    # "a..b" or "graph update" failed only at the push, after the whole build, in git's words
    # ("invalid refspec"); "-f" and "refs/heads/main" made branches named so (refs/heads/refs/heads/main);
    # the branch equal to the base was refused by the real run only: the dry run passed all of them.
    work, _ = research
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", f"{option}={value}", token="")
    assert proc.returncode == 2, proc.stderr
    assert option in proc.stderr and "fix:" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and "would be" not in proc.stderr, proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("where", ["option", "kgsync.yml"])
def test_a_base_that_is_no_branch_on_the_remote_is_refused_before_the_build(
        research: tuple[Path, Path], where: str) -> None:
    # qa31: the Action's `base: develop` (or pr.base: develop, a typo such as `mian`) on a repository with
    # no such branch: the check that the checkout is the base's tip passed (no tip to compare), the
    # graph built from main's checkout was pushed and a PR opened into develop (GitHub answers a 422
    # "base" "invalid" there, after the push).  Refused first, at the option or the kgsync.yml line.
    work, remote = research
    args: tuple[str, ...] = ("--base=develop",)
    if where == "kgsync.yml":
        config = work / "kgsync.yml"
        text = config.read_text(encoding="utf-8")
        config.write_text(text + "pr:\n  base: develop\n", encoding="utf-8")
        git(work, "commit", "-qam", "pr.base")
        git(work, "push", "-q", "origin", "main")
        args = ()
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        proc = kgsync_pr(work, gh.api_url, *args)
        assert proc.returncode == 2, proc.stderr
        assert "'develop' is no branch on origin" in proc.stderr and "fix: " in proc.stderr, proc.stderr
        if where == "kgsync.yml":
            assert f"kgsync.yml:{len(text.splitlines()) + 2}: " in proc.stderr, proc.stderr
        assert not gh.writes() and not gh.pulls
    assert BRANCH not in git(remote, "branch", "--list")

def test_a_diff_json_path_with_a_trailing_slash_is_refused(research: tuple[Path, Path]) -> None:
    # `--diff-json x/` wrote a file named x (pathlib drops the slash): the user named a folder.
    work, _ = research
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", "--diff-json", f"{work.parent / 'x'}/", token="")
    assert proc.returncode == 2, proc.stderr
    assert "--diff-json" in proc.stderr and "names no file" in proc.stderr, proc.stderr
    assert not (work.parent / "x").exists()


def test_a_dry_run_prints_the_warnings_of_the_items_it_touches_and_counts_the_rest(research: tuple[Path, Path]) -> None:
    """An old item's warnings on every run hid the new ones (and GitHub shows 10 warning
    annotations a step): only the touched items' are printed or annotated, the rest counted.
    The count's note names pr's own --all-warnings (it named ``kgsync build``'s)."""
    work, _ = research
    folder = work / "Research" / "completed"
    old = folder / "2026-01-05-agent-memory-architectures.md"
    old.write_text(old.read_text(encoding="utf-8").replace("\ncites: []", "\ncites: [2025-01-01-gone]", 1), encoding="utf-8")
    built = subprocess.run([sys.executable, "-m", "kgsync", "build", "--root", "."], cwd=work, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "graph, and an old item citing a missing one")
    new = folder / "2026-05-01-new-item.md"
    new.write_text(item_markdown("New item", extra="cites: [2025-01-01-lost]\n", findings=["New holds."]), encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "a new item")
    for annotate in ("--no-annotate", "--annotate"):
        proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", annotate, token="")
        assert proc.returncode == 0, proc.stderr
        said = proc.stdout.split("\n\n", 1)[0] + proc.stderr  # annotations lead stdout, the body follows
        assert "'2025-01-01-lost'" in said and "2025-01-01-gone" not in said, said
        # The notice is README.md's, which is no item: counted apart (it was counted as an item file).
        assert re.search(r"^note: 1 warning in 1 item file this change did not touch, and 1 notice on 1 file that is "
                         r"no research item \(no frontmatter\), not shown "
                         r"\(list every one: kgsync pr --dry-run --all-warnings\)$", proc.stderr, re.M), proc.stderr
    every = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", "--all-warnings", token="")
    assert "2025-01-01-gone" in every.stderr and "note:" not in every.stderr
    # An edit that moves no node (here: a blank line) still touches the item: git says so.
    old.write_text(old.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    git(work, "commit", "-q", "-am", "an edit that moves no node")
    edited = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", "--no-annotate", token="")
    assert "'2025-01-01-gone'" in edited.stderr, edited.stderr
    assert "note: 1 notice on 1 file that is no research item (no frontmatter), not shown" in edited.stderr, edited.stderr


def test_dry_run_shows_a_hand_added_names_bidi_and_escape_characters_visibly_escaped(
        research: tuple[Path, Path]) -> None:
    # An agent's hand-added node named "concept:exe<U+202E>txt<ESC>[2J": the body printed by --dry-run
    # (the PR body, Markdown) must neither pass them raw to the terminal nor drop them unseen (the
    # reviewer would read "concept:exetxt[2J", not what the graph holds).
    work, _ = research
    hand_added = {"type": "entity", "name": "concept:exe\u202etxt\x1b[2J", "entityType": "concept",
                  "observations": ["added by an agent \u202eevil\x1b[31m"]}
    with (work / "memory.jsonl").open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(hand_added) + "\n")
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", token="")
    assert proc.returncode == 0, proc.stderr
    for stream in (proc.stdout, proc.stderr):
        assert "\u202e" not in stream and "\x1b" not in stream
    assert "exe%u202Etxt%1B[2J" in proc.stdout.replace("&#91;", "[").replace("&#37;", "%"), proc.stdout


def test_a_diff_json_path_that_cannot_be_written_is_an_error_naming_it(research: tuple[Path, Path]) -> None:
    # A read-only folder (or a path under a file): `pr --diff-json` ended in a traceback.
    work, _ = research
    blocker = work.parent / "notes.txt"
    blocker.write_text("x", encoding="utf-8")
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", "--diff-json", str(blocker / "d.json"), token="")
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    assert f"{blocker / 'd.json'}: cannot write" in proc.stderr and "(fix: " in proc.stderr, proc.stderr


def test_a_missing_graph_beside_a_manifest_that_records_nodes_is_warned_of(research: tuple[Path, Path]) -> None:
    """memory.jsonl removed (by mistake) beside a committed manifest that records nodes: kgsync build
    warns that the graph is built again from the items alone and what was added by hand is lost; pr
    said nothing (its body lists the lost facts as removed).  It warns the same, and annotates it."""
    work, _ = research
    built = subprocess.run([sys.executable, "-m", "kgsync", "build", "--root", "."], cwd=work, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "the graph")
    git(work, "rm", "-q", "memory.jsonl")
    git(work, "commit", "-q", "-m", "the graph removed by mistake")
    for annotate in ("--no-annotate", "--annotate"):
        proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", annotate, token="")
        assert proc.returncode == 0, proc.stderr
        said = proc.stdout.split("\n\n", 1)[0] if annotate == "--annotate" else proc.stderr
        assert "memory.jsonl is missing, but memory.kgsync.json records the nodes of" in said, said
        assert "git checkout -- memory.jsonl memory.kgsync.json" in said
    assert "::warning file=memory.jsonl" in proc.stdout, proc.stdout[:500]


@pytest.mark.slow
def test_an_item_kept_while_a_file_fails_is_warned_of_in_the_log_as_kgsync_build_does(research: tuple[Path, Path]) -> None:
    """A deleted item kept while another item file fails: the PR body said so, but the run's log
    (what a maintainer reads in the Actions step) did not print the build's warning."""
    work, _ = research
    built = subprocess.run([sys.executable, "-m", "kgsync", "build", "--root", "."], cwd=work, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "the graph")
    folder = work / "Research" / "completed"
    (folder / "2026-01-05-agent-memory-architectures.md").unlink()
    broken = folder / "2026-01-08-mcp-memory-server-evaluation.md"
    broken.write_text(broken.read_text(encoding="utf-8").replace("title:", "title: [", 1), encoding="utf-8")
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "an item deleted while another fails")
    proc = kgsync_pr(work, "http://127.0.0.1:9", "--dry-run", "--no-annotate", token="")
    assert proc.returncode == 1, proc.stderr
    [line] = [line for line in proc.stderr.splitlines() if "no longer found" in line]
    assert "1 item(s) no longer found; kept their nodes" in line and "2026-01-05-agent-memory-architectures" in line, line
    assert "(fix: fix the failing file and build again" in line, line


def test_a_remote_starting_with_a_dash_stops_the_command_before_git_runs(research: tuple[Path, Path]) -> None:
    # GitCheckout refuses it too (tests/publish/github); here the command says which option, exit 2, and
    # a dry run (which needs no remote) refuses it as the real run does.
    work, _remote = research
    marker = work.parent / "ran"
    for extra in ((), ("--dry-run",)):
        proc = kgsync_pr(work, "http://127.0.0.1:9", f"--remote=--upload-pack=touch {marker};false", *extra)
        assert proc.returncode == 2 and "--remote: '--upload-pack" in proc.stderr, proc.stderr
    assert not marker.exists()


def test_a_real_run_on_uncommitted_item_changes_is_refused_naming_them(research: tuple[Path, Path]) -> None:
    # qa143 (qa142's leftover): a real run builds the working tree's item files, committed or not, and
    # pushed a graph that main's files do not make.  Refused before the build: what is dirty, and the way on.
    work, remote = research
    folder = work / "Research" / "completed"
    edited = sorted(p for p in folder.glob("*.md") if p.name != "README.md")[0]
    edited.write_text(edited.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    (folder / "2026-03-09-not-committed.md").write_text(item_markdown("Not committed"), encoding="utf-8")
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        proc = kgsync_pr(work, gh.api_url)
        assert not gh.writes() and not gh.pulls
    assert proc.returncode == 2, proc.stderr
    assert f"Research/completed/{edited.name}" in proc.stderr and "2026-03-09-not-committed.md" in proc.stderr
    assert "not committed" in proc.stderr and "--dry-run" in proc.stderr and "commit" in proc.stderr
    assert not (work / "memory.jsonl").exists()  # nothing built
    dry = kgsync_pr(work, gh.api_url, "--dry-run")
    assert dry.returncode == 0, dry.stderr  # the dry run reads them, as the README says
