"""Shared fixtures: the repo's paths, the bundled example repo, external programs.

External programs (node + the MCP memory server, chromium, ...) are installed by
``bash .ci/run``.  When one is missing a test FAILS under CI (``CI`` set): a
green run must never hide a missing install step.  On a developer machine the
memory server is installed on demand with npm, exactly as .ci/run does.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_REPO = REPO_ROOT / "examples" / "research-repo"
#: The real corpus (read-only, beside the repo; never copied into it).
SHARED_CORPUS = REPO_ROOT.parent / "shared" / "corpus" / "research"

# Keep in step with .ci/run.
MEMORY_SERVER_PACKAGE = "@modelcontextprotocol/server-memory"
MEMORY_SERVER_VERSION = "2026.8.31"
NODE_PREFIX = REPO_ROOT / ".ci" / "node"
DEFAULT_MEMORY_SERVER_JS = NODE_PREFIX / "node_modules" / MEMORY_SERVER_PACKAGE / "dist" / "index.js"
#: Set (to true) where ``../shared`` cannot exist, e.g. this repo's own GitHub workflow.
WITHOUT_SHARED = "KGSYNC_WITHOUT_SHARED"


@pytest.fixture(scope="session", autouse=True)
def _git_without_the_developers_config() -> Iterator[None]:
    """Every git the tests run (theirs and kgsync's) ignores ~/.gitconfig and /etc/gitconfig:
    a developer's commit.gpgsign, hooksPath or default branch must not change a result."""
    saved = {name: os.environ.get(name) for name in ("GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM")}
    os.environ["GIT_CONFIG_GLOBAL"] = os.devnull
    os.environ["GIT_CONFIG_NOSYSTEM"] = "1"
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def missing(what: str) -> None:
    """A required program is missing: fail under CI, skip elsewhere.  Never returns."""
    message = f"{what} (fix: run `bash .ci/run`, which installs everything the suite needs)"
    if in_ci():
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session", autouse=True)
def user_cache_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The user's cache directory (where builds keep their cache by default) in a temp folder,
    never the real ``~/.cache``."""
    folder = tmp_path_factory.mktemp("xdg-cache")
    before = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(folder)
    yield folder
    if before is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = before


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    """A private copy of examples/research-repo without its graph (a build starts from nothing); a
    test module may define its own ``repo``, which wins there."""
    target = tmp_path / "repo"
    shutil.copytree(EXAMPLE_REPO, target, ignore=shutil.ignore_patterns("memory.*", ".kgsync-cache", "site"))
    return target


@pytest.fixture()
def example_repo(tmp_path: Path) -> Path:
    """A private copy of examples/research-repo, committed graph included (builds write into it)."""
    target = tmp_path / "research-repo"
    shutil.copytree(EXAMPLE_REPO, target, ignore=shutil.ignore_patterns(".kgsync-cache", "site"))
    return target


@pytest.fixture()
def require_shared() -> Callable[[Path], Path]:
    """``require_shared(path)`` -> path, for the read-only ``../shared`` data beside the repo.

    CI clones the repo with ``../shared`` beside it, so there a missing path fails;
    elsewhere (a clone on its own, or a CI that says $KGSYNC_WITHOUT_SHARED) the test skips.
    """

    def require(path: Path) -> Path:
        if not path.exists():
            if in_ci() and os.environ.get(WITHOUT_SHARED, "").lower() not in ("1", "true", "yes"):
                pytest.fail(f"{path} is missing: CI needs ../shared beside the repo", pytrace=False)
            pytest.skip(f"{path} is not beside the repo (../shared)")
        return path

    return require


@pytest.fixture()
def require_program() -> Callable[[str], str]:
    """``require_program("chromium")`` -> its path; fails under CI when absent, else skips."""

    def require(name: str) -> str:
        path = shutil.which(name)
        if path is None:
            missing(f"{name} is not installed")
        return path  # type: ignore[return-value]

    return require


@pytest.fixture(scope="session")
def node_bin() -> str:
    node = shutil.which("node")
    if node is None:
        missing("node is not on PATH")
    return node  # type: ignore[return-value]


@pytest.fixture(scope="session")
def memory_server_js(node_bin: str) -> Path:
    """dist/index.js of the pinned reference MCP memory server.

    $MEMORY_SERVER_JS (set by .ci/run) wins; else the project-local install in
    .ci/node when it is the pinned version; else, outside CI, install it there with
    ``npm ci`` from the committed lock file, exactly as .ci/run does.
    """
    explicit = os.environ.get("MEMORY_SERVER_JS")
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            pytest.fail(f"MEMORY_SERVER_JS={explicit} does not exist (fix: run `bash .ci/run`)", pytrace=False)
        return path
    installed = installed_memory_server_version()
    if installed == MEMORY_SERVER_VERSION and DEFAULT_MEMORY_SERVER_JS.is_file():
        return DEFAULT_MEMORY_SERVER_JS
    if in_ci():
        pytest.fail(
            f"{MEMORY_SERVER_PACKAGE}@{MEMORY_SERVER_VERSION} is not installed in .ci/node (found: {installed}) "
            "(fix: run `bash .ci/run`, which installs it)",
            pytrace=False,
        )
    npm = shutil.which("npm")
    if npm is None:
        missing("npm is not on PATH (needed to install the MCP memory server)")
    # The committed lock file, never rewritten: the same server and dependencies as .ci/run.
    subprocess.run([npm, "ci", "--prefix", str(NODE_PREFIX), "--no-audit", "--no-fund", "--loglevel=error"],
                   check=True)
    if installed_memory_server_version() != MEMORY_SERVER_VERSION:
        pytest.fail(f".ci/node/package-lock.json does not pin {MEMORY_SERVER_PACKAGE}@{MEMORY_SERVER_VERSION}",
                    pytrace=False)
    return DEFAULT_MEMORY_SERVER_JS


def installed_memory_server_version() -> str | None:
    manifest = NODE_PREFIX / "node_modules" / MEMORY_SERVER_PACKAGE / "package.json"
    try:
        return json.loads(manifest.read_text(encoding="utf-8")).get("version")
    except (OSError, ValueError):
        return None
