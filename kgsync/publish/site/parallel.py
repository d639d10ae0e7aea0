"""Rendering the site's pages on every core: the same pages, in the same order, sooner.

``render`` runs a list of independent page tasks (each returns the pages it wrote) and
joins their pages in task order, so the result -- contents and dict order -- is the one a
single process gets.  With more than one worker it forks: the children inherit the
indexed graph as it is in memory (nothing is pickled on the way in; only the pages come
back), each runs every ``workers``-th task, and the parent joins.  Forking is used on
Linux only (macOS' fork is unsafe with system frameworks loaded), and only for sites
large enough to repay starting the processes.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Sequence
from operator import itemgetter

from kgsync.build.cpus import usable_cpus

#: A task renders some pages and returns them, {docs-relative path: Markdown}.
Task = Callable[[], dict[str, str]]

#: Below this many tasks (about one per node page) one process is faster than starting others.
MIN_PARALLEL_TASKS = 2_000

_shared: tuple[Sequence[Task], int] | None = None  # what the forked workers read (set only around a pool)


def workers_for(tasks: int) -> int:
    """How many processes render ``tasks`` tasks: the cores this process may use, on Linux, for a large site."""
    if tasks < MIN_PARALLEL_TASKS or not sys.platform.startswith("linux"):
        return 1
    return usable_cpus()


def render(tasks: Sequence[Task], workers: int = 1) -> dict[str, str]:
    """Every task's pages, joined in task order (a later task's page replaces an earlier one's)."""
    if workers <= 1 or len(tasks) < 2:
        parts = [task() for task in tasks]
    else:
        parts = _forked(tasks, min(workers, len(tasks)))
    pages: dict[str, str] = {}
    for part in parts:
        pages.update(part)
    return pages


def _forked(tasks: Sequence[Task], workers: int) -> list[dict[str, str]]:
    global _shared
    _shared = (tasks, workers)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            shares = pool.map(_share, range(workers), chunksize=1)
    finally:
        _shared = None
    return [pages for _, pages in sorted((entry for share in shares for entry in share), key=itemgetter(0))]


def _share(worker: int) -> list[tuple[int, dict[str, str]]]:
    """In a forked worker: every ``workers``-th task from ``worker`` on (interleaved, so the large
    and small pages of each kind are spread over the workers)."""
    assert _shared is not None, "forked workers read the tasks their parent set"
    tasks, workers = _shared
    return [(index, tasks[index]()) for index in range(worker, len(tasks), workers)]
