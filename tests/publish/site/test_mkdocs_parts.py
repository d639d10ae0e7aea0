"""Tests of kgsync.publish.site.mkdocs_parts: an mkdocs build split over processes, one site as mkdocs builds it."""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kgsync.read.config import SiteOptions
from kgsync.publish.site import project as site
from kgsync.publish.site.mkdocs_parts import share
from tests.site_fixture import sample

ENV = {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"}


def test_shares_are_contiguous_balanced_and_cover_every_page():
    costs = [5, 1, 1, 1, 1, 9, 1, 1]
    for parts in (1, 2, 3):
        runs = [share(costs, n, parts) for n in range(parts)]
        assert [i for run in runs for i in run] == list(range(len(costs)))
    first, second = share(costs, 0, 2), share(costs, 1, 2)
    assert abs(sum(costs[i] for i in first) - sum(costs[i] for i in second)) <= 9
    assert share([], 0, 2) == share([], 1, 2) == range(0)
    assert sorted(len(share([3], n, 2)) for n in (0, 1)) == [0, 1], "one page: one part renders it"


@pytest.mark.slow
def test_a_build_split_over_processes_is_mkdocs_own_build(tmp_path, monkeypatch):
    """Same bytes as ``mkdocs build`` in one process with the search plugin's own parser."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # the sitemap's dates and its gzip header
    graph, items = sample()
    project = tmp_path / "project"
    shutil.copytree(Path(__file__).resolve().parents[3] / "site" / "overrides", project / "overrides")
    site.render_project(graph, items, SiteOptions(title="KB"), project, ENV)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--clean", "--strict", "-q", "-f",
                    str(project / "mkdocs.yml"), "-d", str(tmp_path / "one")], check=True, cwd=project,
                   capture_output=True)
    for jobs in (1, 2, 3):
        site.build_html(project, tmp_path / f"parts{jobs}", jobs=jobs)
        assert _differences(tmp_path / "one", tmp_path / f"parts{jobs}") == [], jobs
    assert not list(tmp_path.glob(".parts*")), "the parts' folders are removed"


def _differences(left: Path, right: Path) -> list[str]:
    compared = filecmp.dircmp(left, right)
    found = [f"{left.name}: {n}" for n in compared.left_only] + [f"{right.name}: {n}" for n in compared.right_only]
    found += [n for n in compared.common_files if not filecmp.cmp(left / n, right / n, shallow=False)]
    for name in compared.common_dirs:
        found += [f"{name}/{d}" for d in _differences(left / name, right / name)]
    return found
