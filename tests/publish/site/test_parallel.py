"""site_parallel: pages rendered on several processes are the pages one process renders, in its order."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from kgsync.contract import jsonl
from kgsync.contract.errors import PublishError
from kgsync.read.config import SiteOptions
from kgsync.read.items import read_corpus
from kgsync.publish.site import pages as site_pages
from kgsync.publish.site import parallel as site_parallel
from kgsync.publish.site.model import collect
from tests.site_fixture import sample

ENV = {"GITHUB_REPOSITORY": "owner/research", "GITHUB_REF_NAME": "main"}
EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "research-repo"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks on Linux only")


@linux_only
@pytest.mark.parametrize("workers", [2, 3, 7])
def test_tasks_join_in_task_order_whichever_worker_ran_them(workers):
    tasks = [lambda n=n: {f"page{n % 4}.md": f"from task {n}", f"own{n}.md": str(n)} for n in range(10)]
    assert list(site_parallel.render(tasks, workers).items()) == list(site_parallel.render(tasks, 1).items())



@linux_only
@pytest.mark.parametrize("workers", [1, 2, 3])
def test_each_page_is_kept_by_the_process_that_rendered_it(workers):
    """``render_kept``: what ``keep`` returns comes back in task order, and ``keep`` runs in the
    workers (with several), so the pages' text never travels back to the parent."""
    tasks = [lambda n=n: {f"page{n}.md": str(n), f"more{n}.md": "x" * n} for n in range(10)]
    kept = site_parallel.render_kept(tasks, lambda path, text: (path, text, os.getpid()), workers)
    assert [(path, text) for path, text, _ in kept.values()] == list(site_parallel.render(tasks, 1).items())
    assert list(kept) == list(site_parallel.render(tasks, 1))
    pids = {pid for _, _, pid in kept.values()}
    # (a pool worker done with its share may take another's: at most ``workers`` processes)
    assert pids == {os.getpid()} if workers == 1 else (0 < len(pids) <= workers and os.getpid() not in pids)


@linux_only
@pytest.mark.parametrize("workers", [1, 2])
def test_two_tasks_keeping_one_path_is_an_error(workers):
    tasks = [lambda: {"a.md": "one"}, lambda: {"b.md": "two"}, lambda: {"a.md": "three"}]
    with pytest.raises(PublishError, match="a.md"):
        site_parallel.render_kept(tasks, lambda path, text: text, workers)

@linux_only
@pytest.mark.parametrize("corpus", ["sample", "example"])
def test_several_processes_render_the_same_pages_in_the_same_order(corpus):
    if corpus == "sample":
        graph, items = sample()  # hostile text, a superseded item
    else:
        graph = jsonl.read(EXAMPLE / "memory.jsonl")
        items = read_corpus("Research/completed/*.md", EXAMPLE).items
    data = collect(graph, items)
    one = site_pages.pages_of(data, items, SiteOptions(), ENV, workers=1)
    for workers in (2, 3):
        assert list(site_pages.pages_of(data, items, SiteOptions(), ENV, workers=workers).items()) == list(one.items())


@linux_only
def test_a_small_site_is_rendered_in_one_process_a_large_one_on_every_core():
    assert site_parallel.workers_for(site_parallel.MIN_PARALLEL_TASKS - 1) == 1
    assert site_parallel.workers_for(site_parallel.MIN_PARALLEL_TASKS) == len(os.sched_getaffinity(0))
