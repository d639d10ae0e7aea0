"""Tests of kgsync.publish.site.engine: how many mkdocs processes a site is built in, and what it writes."""

from __future__ import annotations

import pytest


def test_small_sites_build_in_one_process_large_ones_in_one_per_cpu(tmp_path, monkeypatch):
    from kgsync.publish.site import engine as site_engine

    monkeypatch.setattr(site_engine, "usable_cpus", lambda: 2)
    docs = tmp_path / "docs"
    (docs / "items").mkdir(parents=True)
    for n in range(site_engine.PAGES_PER_JOB - 1):
        (docs / "items" / f"{n}.md").touch()
    assert site_engine.default_jobs(docs) == 1
    for n in range(site_engine.PAGES_PER_JOB + 1, 3 * site_engine.PAGES_PER_JOB):
        (docs / "items" / f"{n}.md").touch()
    assert site_engine.default_jobs(docs) == 2, "no more processes than CPUs"


def test_the_engine_builds_as_of_a_fixed_date_unless_the_caller_sets_one(tmp_path, monkeypatch):
    # mkdocs stamps the gzip header of sitemap.xml.gz (and every page's update date) with the day of the
    # build: the same project built on two days gave two different sites.  SOURCE_DATE_EPOCH (the
    # reproducible-builds convention, which mkdocs reads) fixes it; a caller's own value is kept.
    import subprocess

    from kgsync.publish.site import engine as site_engine

    seen = []

    def run(command, **kwargs):
        seen.append((kwargs.get("env") or {}).get("SOURCE_DATE_EPOCH"))
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(site_engine.subprocess, "run", run)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    site_engine._run(["mkdocs", "build"], tmp_path, "mkdocs", None)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    site_engine._run(["mkdocs", "build"], tmp_path, "mkdocs", None)
    assert seen == ["0", "1767225600"]


def _project_and_elsewhere(tmp_path):
    """A site project with its mkdocs.yml, and a folder outside it holding a file a link must not reach."""
    project = tmp_path / "site"
    project.mkdir()
    (project / "mkdocs.yml").write_text("site_name: x\ndocs_dir: docs\n", encoding="utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    return project, elsewhere


@pytest.mark.parametrize("name", [".kgsync-zensical.yml", ".kgsync-zensical-site"])
def test_zensical_s_scratch_names_committed_as_links_are_refused(tmp_path, monkeypatch, name):
    # Zensical is built from a sibling config, .kgsync-zensical.yml, written into the project and removed
    # after (and into .kgsync-zensical-site when --out lies outside the project).  Committed as a link, the
    # config's bytes were written through it (a file elsewhere overwritten: its text gone), and the folder
    # link ended in rmtree's OSError.  kgsync writes neither as a link: refused, before anything is written.
    from kgsync.contract.errors import PublishError
    from kgsync.publish.site import engine as site_engine

    monkeypatch.setattr(site_engine, "_run", lambda *args: None)  # no zensical run: the writes before it
    project, elsewhere = _project_and_elsewhere(tmp_path)
    (elsewhere / "bashrc").write_text("export KEEP=1\n", encoding="utf-8")
    (project / name).symlink_to(elsewhere / "bashrc" if name.endswith(".yml") else elsewhere)
    out = project / "out" if name.endswith(".yml") else tmp_path / "html"  # the scratch folder: --out elsewhere
    with pytest.raises(PublishError, match=f"{name}: .*link"):
        site_engine.build_html(project, out, engine="zensical")
    assert (elsewhere / "bashrc").read_text(encoding="utf-8") == "export KEEP=1\n"
    assert (project / name).is_symlink()


def test_mkdocs_part_folders_committed_as_links_are_refused(tmp_path, monkeypatch):
    # A site of 2,000+ pages is rendered by several mkdocs processes, each part into a folder beside the
    # output (.site.part1, ...), emptied before the build and removed after.  Committed as a link, the part
    # folder ended in rmtree's bare OSError.  kgsync never writes one as a link: refused, before anything is
    # written or emptied, like Zensical's scratch names.
    from kgsync.contract.errors import PublishError
    from kgsync.publish.site import engine as site_engine

    monkeypatch.setattr(site_engine, "_run_all", lambda *args: None)  # no mkdocs run: the writes before it
    project, elsewhere = _project_and_elsewhere(tmp_path)
    out = project / "site"
    out.mkdir()
    (out / "index.html").write_text("old site\n", encoding="utf-8")
    (elsewhere / "keep.txt").write_text("keep\n", encoding="utf-8")
    (project / ".site.part1").symlink_to(elsewhere)
    with pytest.raises(PublishError, match=r"\.site\.part1: .*link"):
        site_engine.build_html(project, out, engine="mkdocs", jobs=2)
    assert (elsewhere / "keep.txt").read_text(encoding="utf-8") == "keep\n"
    assert (project / ".site.part1").is_symlink()
    assert (out / "index.html").read_text(encoding="utf-8") == "old site\n", "the output folder is not emptied"
