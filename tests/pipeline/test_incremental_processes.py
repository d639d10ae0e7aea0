"""Back-to-back edits, each built by its own ``kgsync build`` process, stay on the incremental path.

An edit, its revert and the same edit again, each built straight after the other with no no-op
build between them (as a user undoing and redoing an edit does), each in a new process (its own
hash seed, its own module caches, the behind-the-build saves of the one before it ended): every
rebuild splices the last graph (``BuildResult.incremental``) and writes the bytes a fresh build
writes.  Issue 24: such a sequence was reported to take the full merge and lint.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.pipeline.example_edits import EXAMPLE, OUTPUTS, items_of, reword_first_finding

ROOT = Path(__file__).resolve().parents[2]

# One CLI build (``kgsync.cli.main``, as a user runs it) that also says whether it was incremental.
_CHILD = """
import sys
import kgsync.cli.build as command
built = command.build
def build(*args, **kwargs):
    result = built(*args, **kwargs)
    print(f"incremental={result.incremental}", file=sys.stderr)
    return result
command.build = build
from kgsync.cli.main import main
sys.argv = ["kgsync", *sys.argv[1:]]
main()
"""


def _build(repo: Path, cache: Path, seed: int) -> bool:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": str(seed)}
    done = subprocess.run([sys.executable, "-c", _CHILD, "build", "--root", str(repo), "--cache-dir", str(cache), "-q"],
                          capture_output=True, text=True, env=env, cwd=repo)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stderr.splitlines() if line.startswith("incremental=")]
    assert len(said) == 1, done.stderr
    return said[0] == "incremental=True"


def _outputs(repo: Path) -> tuple[bytes, ...]:
    return tuple((repo / name).read_bytes() for name in OUTPUTS)


def test_edit_revert_and_edit_again_each_in_a_new_process_stay_incremental(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(EXAMPLE, repo, ignore=shutil.ignore_patterns("memory.*", ".kgsync-cache", "site"))
    cache = tmp_path / "cache"
    target = items_of(repo)[3]
    original = target.read_bytes()
    assert not _build(repo, cache, 1)  # fresh: the full path
    assert _build(repo, cache, 2)
    before = _outputs(repo)
    reword_first_finding(target, "Measured")
    edited = target.read_bytes()
    seen: dict[str, tuple[bytes, ...]] = {}
    for step, (name, text) in enumerate([("edit", edited), ("revert", original)] * 3):
        target.write_bytes(text)  # straight after the last build: no no-op build between
        assert _build(repo, cache, 3 + step), f"{name} #{step // 2 + 1} took the full merge and lint"
        assert seen.setdefault(name, _outputs(repo)) == _outputs(repo), name
    assert _outputs(repo) == before
    # Each edit wrote what an uncached build of it over the same committed files writes.
    twin = tmp_path / "twin"
    shutil.copytree(repo, twin)
    (twin / target.relative_to(repo)).write_bytes(edited)
    _build(twin, tmp_path / "twin-cache", 99)
    assert _outputs(twin) == seen["edit"]


def test_a_revert_that_restores_the_old_mtime_stays_incremental(tmp_path: Path) -> None:
    """``cp -p``, ``rsync -t``, an editor's backup: the old bytes and the old mtime, a new ctime."""
    repo = tmp_path / "repo"
    shutil.copytree(EXAMPLE, repo, ignore=shutil.ignore_patterns("memory.*", ".kgsync-cache", "site"))
    cache = tmp_path / "cache"
    target = items_of(repo)[5]
    original, stat = target.read_bytes(), target.stat()
    _build(repo, cache, 1)
    assert _build(repo, cache, 2)
    before = _outputs(repo)
    for step in range(2):
        reword_first_finding(target, "Again")
        assert _build(repo, cache, 3 + 2 * step)
        target.write_bytes(original)
        os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        assert _build(repo, cache, 4 + 2 * step)
        assert _outputs(repo) == before
