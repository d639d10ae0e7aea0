"""The composite action, step by step, the way the runner runs it.

``action.yml`` is parsed; every ``run:`` step is executed with bash exactly as
the runner does (``bash --noprofile --norc -eo pipefail``), with the runner's
variables set (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_PATH, GITHUB_WORKSPACE,
GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_ACTION_PATH, RUNNER_TEMP...) and the
step's ``env:`` evaluated from the inputs.  Nothing is substituted into the
``run:`` text (a test checks there is nothing to substitute).  The install step
is real: it pip-installs the action's own path (a copy of this project) into a
fresh venv, so it needs the package index `.ci/run` uses.  The API is the local
stand-in, the remote a bare git repository.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml
from tests.github_standin import ACTIONS_NOT_PERMITTED, GitHubStandIn
from tests.research_checkout import IDENTITY, git, research_checkout

from tests.pr_command import in_full_report

REPO_ROOT = Path(__file__).resolve().parent.parent
ACTION = REPO_ROOT / "action.yml"
TOKEN = "ghs_actionSECRETtoken9876543210fedcba"
REPO = "lab/research"
BRANCH = "kgsync/graph-update"

pytestmark = pytest.mark.slow


def load_action() -> dict[str, Any]:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- the runner


_EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def evaluate(expression: str, ctx: dict[str, Any]) -> Any:
    """The handful of expressions action.yml uses: contexts, ==, &&, ||, !, always(), cancelled()."""
    python = expression.replace("&&", " and ").replace("||", " or ")
    python = re.sub(r"!(?!=)", " not ", python)
    python = python.replace("always()", "True").replace("success()", "(not _failed)").replace("failure()", "_failed")
    python = python.replace("cancelled()", "False")  # a test run is never cancelled
    python = re.sub(r"\b(inputs|steps|github|runner)\.([\w.-]+)", lambda m: f"_get({m.group(1)!r}, {m.group(2)!r})", python)

    def get(root: str, dotted: str) -> Any:
        value: Any = ctx[root]
        for part in dotted.split("."):
            value = value.get(part, "") if isinstance(value, dict) else ""
        return value

    return eval(python, {"__builtins__": {}}, {"_get": get, "True": True, "_failed": ctx["_failed"]})  # noqa: S307


def substitute(text: str, ctx: dict[str, Any]) -> str:
    return _EXPR.sub(lambda m: str(evaluate(m.group(1), ctx)), text)


@dataclass
class StepRun:
    name: str
    returncode: int
    stdout: str
    stderr: str
    outputs: dict[str, str]


@dataclass
class ActionRun:
    steps: list[StepRun] = field(default_factory=list)
    outputs: dict[str, str] = field(default_factory=dict)
    summary: str = ""
    masks: list[str] = field(default_factory=list)
    path_additions: list[str] = field(default_factory=list)  # what the steps put on the caller's PATH

    @property
    def failed(self) -> bool:
        return any(s.returncode != 0 for s in self.steps)

    def log(self) -> str:
        return "\n".join(f"{s.stdout}\n{s.stderr}" for s in self.steps)


def parse_outputs(text: str) -> dict[str, str]:
    """GITHUB_OUTPUT: ``name=value`` lines and ``name<<DELIM`` blocks."""
    out: dict[str, str] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            end = lines.index(delimiter, i + 1)
            out[name] = "\n".join(lines[i + 1 : end])
            i = end + 1
        else:
            name, _, value = line.partition("=")
            out[name] = value
            i += 1
    return out


def run_action(workspace: Path, action_path: Path, runner_temp: Path, env: dict[str, str],
               inputs: dict[str, str]) -> ActionRun:
    action = yaml.safe_load((action_path / "action.yml").read_text(encoding="utf-8"))
    ctx: dict[str, Any] = {
        "github": {"token": TOKEN, "repository": REPO, "workspace": str(workspace)},
        "runner": {"temp": str(runner_temp)},
        "steps": {},
        "_failed": False,
    }
    ctx["inputs"] = {name: substitute(str(spec.get("default", "")), ctx) for name, spec in action["inputs"].items()}
    ctx["inputs"].update(inputs)
    files = runner_temp / "_runner_file_commands"
    files.mkdir(parents=True, exist_ok=True)
    path_file = files / "path"
    path_file.touch()
    summary_parts: list[str] = []
    result = ActionRun()
    for index, step in enumerate(action["runs"]["steps"]):
        if "uses" in step:
            # The runner provides Python through actions/setup-python (here the test's python is on
            # PATH) and restores the build cache with actions/cache (here there is none yet).
            assert step["uses"].startswith(("actions/setup-python@", "actions/cache@")), step["uses"]
            continue
        condition = step.get("if", "success()")
        if not evaluate(_EXPR.sub(lambda m: m.group(1), str(condition)), ctx):
            continue
        output_file, summary_file = files / f"output_{index}", files / f"summary_{index}"
        output_file.write_text(""), summary_file.write_text("")
        extra_path = [p for p in path_file.read_text().splitlines() if p]
        step_env = {
            **env,
            "PATH": os.pathsep.join([*reversed(extra_path), env["PATH"]]),
            "GITHUB_OUTPUT": str(output_file),
            "GITHUB_STEP_SUMMARY": str(summary_file),
            "GITHUB_PATH": str(path_file),
            "GITHUB_ACTION_PATH": str(action_path),
            "RUNNER_TEMP": str(runner_temp),
            **{k: substitute(str(v), ctx) for k, v in (step.get("env") or {}).items()},
        }
        script = runner_temp / f"step_{index}.sh"
        script.write_text(step["run"], encoding="utf-8")
        assert step.get("shell") == "bash"
        proc = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
            cwd=workspace, env=step_env, capture_output=True, text=True, timeout=600,
        )
        stdout_lines = []
        for line in proc.stdout.splitlines():
            if line.startswith("::add-mask::"):  # a command the runner consumes; never logged
                result.masks.append(line[len("::add-mask::") :])
            else:
                stdout_lines.append(line)
        outputs = parse_outputs(output_file.read_text(encoding="utf-8"))
        if "id" in step:
            ctx["steps"][step["id"]] = {"outputs": outputs}
        summary_parts.append(summary_file.read_text(encoding="utf-8"))
        result.steps.append(StepRun(step.get("name", str(index)), proc.returncode, "\n".join(stdout_lines), proc.stderr, outputs))
        if proc.returncode != 0:
            ctx["_failed"] = True
    result.outputs = {name: substitute(str(spec["value"]), ctx) for name, spec in action["outputs"].items()}
    result.summary = "".join(summary_parts)
    result.path_additions = [p for p in path_file.read_text().splitlines() if p]
    return result


# --------------------------------------------------------------------------- fixtures




@pytest.fixture(scope="module")
def action_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The action as a workflow checks it out: action.yml beside the package source."""
    target = tmp_path_factory.mktemp("action")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in ("action.yml", "pyproject.toml", "README.md", "LICENSE"):
        if (REPO_ROOT / name).exists():
            shutil.copy2(REPO_ROOT / name, target / name)
    if not (target / "README.md").exists():
        (target / "README.md").write_text("kgsync\n")  # pyproject's readme must exist to build
    for name in ("kgsync", "templates", "requirements"):
        shutil.copytree(REPO_ROOT / name, target / name, ignore=ignore)
    return target


@pytest.fixture(scope="module")
def runner_temp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # Shared by the runs of this module, as one job's RUNNER_TEMP: the venv is built once.
    return tmp_path_factory.mktemp("runner_temp")


@pytest.fixture()
def research(tmp_path: Path) -> tuple[Path, Path]:
    """A research repo checkout (main, no graph yet) and its bare remote."""
    return research_checkout(tmp_path, work_name="workspace")


def runner_env(workspace: Path, api_url: str) -> dict[str, str]:
    # No PYTHONPATH either (a runner has none): the checkout's source on it would shadow the kgsync the
    # Action installs, and kgsync._templates exists only in an install.
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("GITHUB_", "RUNNER_", "INPUT_", "KGSYNC_")) and k != "PYTHONPATH"}
    python_dir = Path(sys.executable).parent  # stands in for actions/setup-python
    return {
        **base,
        **IDENTITY,
        "PATH": f"{python_dir}{os.pathsep}{base.get('PATH', '')}",
        "CI": "true",
        "GITHUB_ACTIONS": "true",
        "GITHUB_WORKSPACE": str(workspace),
        "GITHUB_REPOSITORY": REPO,
        "GITHUB_API_URL": api_url,
        "GITHUB_SERVER_URL": "https://github.com",
        "GITHUB_RUN_ID": "4242",
        "GITHUB_REF_NAME": "main",
        "GITHUB_EVENT_NAME": "push",
    }


# --------------------------------------------------------------------------- static checks


def test_inputs_reach_scripts_only_through_env() -> None:
    action = load_action()
    assert action["runs"]["using"] == "composite"
    for step in action["runs"]["steps"]:
        if "run" in step:
            assert "${{" not in step["run"], f"step {step.get('name')!r} interpolates into its script"
            assert step["shell"] == "bash"
    env_refs = {m for s in action["runs"]["steps"] for v in (s.get("env") or {}).values()
                for m in re.findall(r"inputs\.([\w-]+)", str(v))}
    with_refs = {m for s in action["runs"]["steps"] for v in (s.get("with") or {}).values()
                 for m in re.findall(r"inputs\.([\w-]+)", str(v))}
    if_refs = {m for s in action["runs"]["steps"] for m in re.findall(r"inputs\.([\w-]+)", str(s.get("if", "")))}
    assert set(action["inputs"]) == env_refs | with_refs | if_refs, "an input is declared but never used"


def test_outputs_are_declared_from_the_pr_step() -> None:
    action = load_action()
    for name in ("pr-number", "pr-url", "operation", "entities-added", "relations-added"):
        assert action["outputs"][name]["value"] == f"${{{{ steps.pr.outputs.{name} }}}}"


def test_workflows_are_valid_and_least_privilege() -> None:
    workflows = {p.name: yaml.safe_load(p.read_text()) for p in (REPO_ROOT / ".github" / "workflows").glob("*.yml")}
    assert {"ci.yml", "self-test.yml", "graph-update.yml", "kgsync-check.yml"} <= set(workflows)
    assert "bash .ci/run" in str(workflows["ci.yml"])
    assert any(s.get("uses") == "./" for s in workflows["self-test.yml"]["jobs"]["self-test"]["steps"])
    update = workflows["graph-update.yml"]
    on = update[True]  # YAML 1.1 reads the key `on` as True
    assert on["push"]["branches"] == ["main"] and on["push"]["paths"]
    assert update["concurrency"]["cancel-in-progress"] is False
    assert update["permissions"] == {"contents": "write", "pull-requests": "write"}
    for name, workflow in workflows.items():
        assert "permissions" in workflow, f"{name} must declare its permissions"
        for job in workflow["jobs"].values():
            for step in job["steps"]:
                assert "${{" not in step.get("run", ""), f"{name}: interpolation in a run script"
    assert "kgsync lint --format github" in str(workflows["kgsync-check.yml"])


_USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$", re.M)


def test_third_party_actions_are_pinned_by_full_commit_sha_with_the_tag_in_a_comment() -> None:
    files = [ACTION, *sorted((REPO_ROOT / ".github" / "workflows").glob("*.yml"))]
    seen = 0
    for path in files:
        for ref, rest in _USES.findall(path.read_text(encoding="utf-8")):
            if ref.startswith("./"):
                continue  # this repository's own action, at the checked-out commit
            seen += 1
            assert re.fullmatch(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}", ref), f"{path.name}: {ref} is not pinned by commit"
            assert re.match(r"\s+# v\d+(\.\d+)*\s*$", rest), f"{path.name}: {ref} has no '# vX.Y.Z' tag comment"
    assert seen >= 8
    dependabot = yaml.safe_load((REPO_ROOT / ".github" / "dependabot.yml").read_text(encoding="utf-8"))
    assert {u["package-ecosystem"] for u in dependabot["updates"]} == {"github-actions", "pip"}


def test_the_action_installs_dependencies_only_from_the_hash_pinned_lock() -> None:
    install = next(s for s in load_action()["runs"]["steps"] if s.get("id") == "install")["run"]
    assert '--require-hashes' in install and 'requirements/action.txt' in install
    assert "--no-deps" in install and "--no-build-isolation" in install  # kgsync itself brings nothing unpinned
    lock = (REPO_ROOT / "requirements" / "action.txt").read_text(encoding="utf-8")
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", lock, re.M)
    blocks = re.split(r"^(?=[A-Za-z0-9_.-]+==)", lock, flags=re.M)[1:]
    assert len(pins) == len(blocks) and all("--hash=sha256:" in block for block in blocks)
    pinned = {name.lower().replace("_", "-") for name, _ in pins}
    import tomllib
    wanted = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    for requirement in wanted:
        name = re.match(r"[A-Za-z0-9_.-]+", requirement).group().lower().replace("_", "-")
        assert name in pinned, f"{name} (pyproject.toml) is missing from requirements/action.txt"
    assert "setuptools" in pinned
    for workflow in ("kgsync-check.yml", "pages.yml"):
        text = (REPO_ROOT / ".github" / "workflows" / workflow).read_text(encoding="utf-8")
        assert "--require-hashes -r requirements/action.txt" in text, workflow


def test_the_check_workflow_shows_its_annotations() -> None:
    check = yaml.safe_load((REPO_ROOT / ".github" / "workflows" / "kgsync-check.yml").read_text(encoding="utf-8"))
    runs = [step.get("run", "") for step in check["jobs"]["lint"]["steps"]]
    annotate = next(run for run in runs if "--annotate" in run)
    assert "/dev/null" not in annotate and ">" not in annotate


def test_inputs_reach_kgsync_as_option_values_or_after_double_dash() -> None:
    steps = {s.get("name"): s.get("run", "") for s in load_action()["runs"]["steps"]}
    for name, script in steps.items():
        for added in re.findall(r"args\+=\(([^)]*)\)", script):
            if "$" in added:  # a value from an input: glued to its option, or after --
                assert re.fullmatch(r'"--[\w-]+=\$\w+"|-- "\$\w+"', added), f"{name}: args+=({added})"
    pr_env = next(s for s in load_action()["runs"]["steps"] if s.get("id") == "pr")["env"]
    assert pr_env["KGSYNC_CACHE_DIR"] == "${{ runner.temp }}/kgsync-cache"


# --------------------------------------------------------------------------- running it


def test_action_creates_then_closes_the_pr(research: tuple[Path, Path], action_path: Path, runner_temp: Path) -> None:
    work, remote = research
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        env = runner_env(work, gh.api_url)
        first = run_action(work, action_path, runner_temp, env, {"labels": "knowledge-graph, needs-review"})
        assert not first.failed, first.log()
        assert first.outputs["operation"] == "created", first.log()
        assert first.outputs["pr-number"] == "1"
        assert first.outputs["pr-url"] == f"https://github.com/{REPO}/pull/1"
        # Every output `kgsync pr` writes is an output of the action, and none is left unset.
        written = next(step.outputs for step in first.steps if "operation" in step.outputs)
        assert set(written) == set(first.outputs), first.log()
        assert first.outputs["branch"] == "kgsync/graph-update"
        assert int(first.outputs["entities-added"]) > 0
        [pr] = gh.open_pulls()
        assert pr.labels == ["knowledge-graph", "needs-review"]
        assert pr.body and in_full_report(pr.body, first.summary)  # the whole diff is in the job summary
        assert first.masks == [TOKEN, base64.b64encode(f"x-access-token:{TOKEN}".encode()).decode()]
        assert first.path_additions == []  # the caller's later steps keep their own python and tools

        # The PR is merged: main now holds the graph the action built.  Next run (a fresh
        # checkout, as on the runner): nothing to propose.
        git(work, "reset", "-q", "--hard")
        git(work, "clean", "-q", "-f", "-d", "-x")
        git(work, "fetch", "-q", "origin", BRANCH)
        git(work, "merge", "-q", "--ff-only", "FETCH_HEAD")
        git(work, "push", "-q", "origin", "main")
        second = run_action(work, action_path, runner_temp, env, {})
        assert not second.failed, second.log()
        assert second.outputs["operation"] == "closed"
        assert gh.pulls[1].state == "closed"

        everything = first.log() + second.log() + first.summary + second.summary + str(first.outputs)
        assert TOKEN not in everything
        assert TOKEN not in git(remote.parent / "workspace", "log", "--all", "-p")
        assert gh.unhandled == []


def test_dry_run_writes_outputs_and_summary_and_touches_nothing(
    research: tuple[Path, Path], action_path: Path, runner_temp: Path
) -> None:
    work, remote = research
    before = git(work, "rev-parse", "HEAD")
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        run = run_action(work, action_path, runner_temp, runner_env(work, gh.api_url), {"dry-run": "true"})
        assert gh.pulls == {} and [r for r in gh.requests if r.method != "GET"] == []
    assert not run.failed, run.log()
    assert run.outputs["operation"] == "none" and int(run.outputs["entities-added"]) > 0
    assert run.summary.startswith("**kgsync pr: dry run**") and "## " in run.summary
    assert "::" not in run.summary  # workflow commands go to the log, where the runner reads them
    assert git(work, "rev-parse", "HEAD") == before and git(work, "status", "--porcelain") == ""


@pytest.mark.parametrize("inputs", [{"dry-run": "yes"}, {"lint": "1"}, {"python-version": "3.10"},
                                    {"working-directory": "reserch"}, {"working-directory": "kgsync.yml"}])
def test_bad_inputs_stop_the_action_before_anything_runs(
    research: tuple[Path, Path], action_path: Path, runner_temp: Path, inputs: dict[str, str]
) -> None:
    work, remote = research
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        run = run_action(work, action_path, runner_temp, runner_env(work, gh.api_url), inputs)
        assert gh.requests == []
    checked, *later = run.steps
    name = next(iter(inputs))
    assert checked.returncode == 1 and f"input {name} must be" in checked.stdout, run.log()
    # Nothing is installed, built or pushed (the lint step's !cancelled() lets it look, and it skips).
    assert [step.name for step in later] in ([], ["Annotate lint findings"]), run.log()
    assert all("skipping lint" in step.stdout for step in later)
    if name == "working-directory":  # bash's "cd: reserch: No such file or directory" was all a user saw
        assert f"'{inputs[name]}'" in checked.stdout and "fix:" in checked.stdout, checked.stdout
        assert "No such file or directory" not in run.log() and "Not a directory" not in run.log(), run.log()



@pytest.mark.parametrize("inputs", [{"dry-run": "yes\n::stop-commands::endtoken"}, {"lint": "1%0A::warning::x\r"},
                                    {"python-version": "3.10\n::warning::x"}, {"python-version": "3.12\n::warning::x"},
                                    {"working-directory": "notes\n::warning::x"}])
def test_a_bad_input_cannot_write_a_workflow_command_into_the_log(
    research: tuple[Path, Path], action_path: Path, runner_temp: Path, inputs: dict[str, str]
) -> None:
    # The check echoed the input inside its ::error line: a newline in the value began a line of its
    # own, which the runner reads as a workflow command (::stop-commands:: turns off the masking of the
    # token the next step adds), and a "%0A" in it the runner decodes to a newline.
    work, remote = research
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        run = run_action(work, action_path, runner_temp, runner_env(work, gh.api_url), inputs)
    checked = run.steps[0]
    assert checked.returncode == 1, run.log()
    lines = checked.stdout.splitlines()
    assert lines and all(line.startswith("::error title=kgsync action::input ") for line in lines), checked.stdout
    # The value as workflow-command data: "%" as %25 (the runner decodes it back), CR and LF as %0D, %0A.
    assert "\r" not in checked.stdout and ("%0A::" in checked.stdout or "%250A::" in checked.stdout), checked.stdout


def test_action_fails_clearly_when_actions_may_not_open_prs(
    research: tuple[Path, Path], action_path: Path, runner_temp: Path
) -> None:
    work, remote = research
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        gh.fail("POST", rf"/repos/{REPO}/pulls", 403, ACTIONS_NOT_PERMITTED, times=99)
        run = run_action(work, action_path, runner_temp, runner_env(work, gh.api_url), {"lint": "false"})
    pr_step = next(s for s in run.steps if s.name.startswith("Build the graph"))
    assert pr_step.returncode == 1
    assert "Allow GitHub Actions to create and approve pull requests" in pr_step.stderr
    assert TOKEN not in run.log()


def test_item_problems_are_annotations_on_the_item_files(
    tmp_path: Path, action_path: Path, runner_temp: Path
) -> None:
    # The research repo sits in a subfolder (working-directory): annotations must
    # still name the file from the top of the checkout, or GitHub cannot place them.
    work, remote = research_checkout(tmp_path, "notes", work_name="workspace")
    broken = work / "notes" / "Research" / "completed" / "2026-03-01-broken.md"
    broken.write_text("---\ntitle: [unclosed\n---\n# Research Question\n\nWhy?\n", encoding="utf-8")
    git(work, "add", ".")
    git(work, "commit", "-q", "-m", "a broken item")
    git(work, "push", "-q", "origin", "main")  # merged to main: the run checks out its tip
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        run = run_action(work, action_path, runner_temp, runner_env(work, gh.api_url), {"working-directory": "notes"})
        assert gh.pulls[1].head == BRANCH
    pr_step = next(s for s in run.steps if s.name.startswith("Build the graph"))
    assert re.search(r"^::error file=notes/Research/completed/2026-03-01-broken\.md,line=\d+", pr_step.stdout, re.M), run.log()
    assert pr_step.returncode == 1  # the PR is proposed without the broken item, and the job says so
    assert run.outputs["operation"] == "created"


def test_a_graph_input_starting_with_a_dash_stays_a_path_and_the_cache_stays_outside_the_checkout(
    research: tuple[Path, Path], action_path: Path, runner_temp: Path
) -> None:
    work, remote = research
    planted = work / ".kgsync-cache" / "state.pickle"  # as a hostile commit would leave it
    planted.parent.mkdir()
    planted.write_bytes(b"not a cache kgsync reads")
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        run = run_action(work, action_path, runner_temp, runner_env(work, gh.api_url), {"graph": "-memory.jsonl"})
    assert not run.failed, run.log()
    assert (work / "-memory.jsonl").is_file()
    lint_step = next(s for s in run.steps if s.name == "Annotate lint findings")
    assert lint_step.returncode == 0 and "Usage:" not in lint_step.stderr + lint_step.stdout, run.log()
    assert (runner_temp / "kgsync-cache" / "state.json").is_file()
    assert sorted(p.name for p in planted.parent.iterdir()) == ["state.pickle"]  # never read, never written


def test_the_lint_step_reads_the_graph_input_where_pr_wrote_it_beside_a_config_in_a_subfolder(
    tmp_path: Path, action_path: Path, runner_temp: Path
) -> None:
    # `kgsync pr --graph` names a path in the research repo (the config's folder, as in kgsync.yml);
    # `kgsync lint FILE` one relative to the current folder.  The lint step passed the input as is:
    # with config: notes/kgsync.yml it looked for ./graph.jsonl, not notes/graph.jsonl, which pr
    # wrote ("graph file not found", exit 2), or linted another file of that name.
    work, remote = research_checkout(tmp_path, "notes", work_name="workspace")
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        run = run_action(work, action_path, runner_temp, runner_env(work, gh.api_url),
                         {"config": "notes/kgsync.yml", "graph": "graph.jsonl"})
    assert (work / "notes" / "graph.jsonl").is_file() and not (work / "graph.jsonl").exists(), run.log()
    lint_step = next(s for s in run.steps if s.name == "Annotate lint findings")
    assert lint_step.returncode == 0 and "not found" not in lint_step.stderr, run.log()
    assert "kgsync lint: 0 errors" in lint_step.stderr, run.log()


def test_a_working_directory_starting_with_a_dash_is_a_folder_not_an_option_of_cd(
    tmp_path: Path, action_path: Path, runner_temp: Path
) -> None:
    # `cd "$INPUT_WORKING_DIRECTORY"` read "-notes" as options of cd ("cd: -n: invalid option"): the
    # graph input after -- is kept a path; the folder the research repo lives in was not.
    work, remote = research_checkout(tmp_path, "-notes", work_name="workspace")
    with GitHubStandIn(TOKEN, repo=REPO, remote=remote) as gh:
        run = run_action(work, action_path, runner_temp, runner_env(work, gh.api_url), {"working-directory": "-notes"})
    assert not run.failed and run.outputs["operation"] == "created", run.log()
    assert (work / "-notes" / "memory.jsonl").is_file(), run.log()


def test_the_readme_adopter_workflow_pins_every_action_by_commit() -> None:
    """SECURITY.md says adopters pin the action by commit: the workflow they copy must do so."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Adopting the GitHub Action", 1)[1].split("\n## ", 1)[0]
    block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    refs = _USES.findall(block)
    assert len(refs) >= 2
    for ref, rest in refs:
        sha = ref.rsplit("@", 1)[1]
        assert re.fullmatch(r"[0-9a-f]{40}", sha) or (ref == "OWNER/kgsync@<40-hex" and rest.startswith(" sha>")), ref
        assert re.search(r"# v\d+(\.\d+)*\s*$", rest), f"{ref} has no '# vX' tag comment"


def test_the_pages_workflow_builds_and_checks_the_site_at_its_published_address() -> None:
    """qa164: the workflow published the example as a project site without site.url, so its 404 page
    linked its styles from the host's root (unstyled under /<repo>/). It now asks actions/configure-pages
    for the address and passes it to both the build and the link check (which reads the 404 page under it)."""
    pages = yaml.safe_load((REPO_ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    build = pages["jobs"]["build"]
    steps = build["steps"]
    configure = next(i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/configure-pages@"))
    assert build["permissions"] == {"contents": "read", "pages": "read"}  # configure-pages reads the Pages site
    for needle in ("kgsync site ", "kgsync.publish.site.check"):
        at, step = next((i, s) for i, s in enumerate(steps) if needle in s.get("run", ""))
        assert at > configure and '--url "$SITE_URL"' in step["run"], step
        assert step["env"]["SITE_URL"] == f"${{{{ steps.{steps[configure]['id']}.outputs.base_url }}}}/"
