"""Tests of kgsync.publish.site.engine: how many mkdocs processes a site is built in."""

from __future__ import annotations


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
