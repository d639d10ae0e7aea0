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
