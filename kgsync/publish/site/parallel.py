"""Rendering the site's pages on every core: the same pages, in the same order, sooner.

``render`` runs a list of independent page tasks (each returns the pages it wrote) and
joins their pages in task order, so the result -- contents and dict order -- is the one a
single process gets.  With more than one worker it forks: the children inherit the
indexed graph as it is in memory (nothing is pickled on the way in; only the pages come
back), each runs every ``workers``-th task, and the parent joins.  ``render_kept`` hands each
page to a function in the process that rendered it (``project`` writes it there), so only that
function's small result comes back: 170 MB of Markdown at 10,000 items
(``bench/bench_site.py --large-dir DIR``) no longer travel through a pipe to be unpickled, encoded and
written by the parent alone.  Forking is used on Linux only (macOS' fork is unsafe with system frameworks
loaded), and only for sites large enough to repay starting the processes.
"""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, TypeVar

from kgsync.pipeline.cpus import usable_cpus
from kgsync.contract.errors import PublishError

#: A task renders some pages and returns them, {docs-relative path: Markdown}.
Task = Callable[[], dict[str, str]]

#: Below this many tasks (about one per node page) one process is faster than starting others.
MIN_PARALLEL_TASKS = 2_000

_shared: tuple[Sequence[Callable[[], dict[str, Any]]], int] | None = None  # what the forked workers read (set only around a pool)

Kept = TypeVar("Kept")


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


def render_kept(tasks: Sequence[Task], keep: Callable[[str, str], Kept], workers: int = 1) -> dict[str, Kept]:
    """Every task's pages, each passed to ``keep(path, text)`` in the process that rendered it:
    {path: what ``keep`` returned}, in task order.  No two tasks may render the same path
    (``keep`` runs in several processes at once, so a later page could not replace an earlier one)."""
    def kept(task: Task) -> Callable[[], dict[str, Kept]]:
        return lambda: {path: keep(path, text) for path, text in task().items()}

    runs = [kept(task) for task in tasks]
    parts = [run() for run in runs] if workers <= 1 or len(runs) < 2 else _forked(runs, min(workers, len(runs)))
    joined: dict[str, Kept] = {}
    for part in parts:
        for path, result in part.items():
            if path in joined:
                raise PublishError(f"two pages of the site are both {path}",
                                   hint="a kgsync defect: page files are meant to be distinct; please report it")
            joined[path] = result
    return joined


def _forked(tasks: Sequence[Callable[[], dict[str, Kept]]], workers: int) -> list[dict[str, Kept]]:
    global _shared
    _shared = (tasks, workers)
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            shares = pool.map(_share, range(workers), chunksize=1)
    finally:
        _shared = None
    return [pages for _, pages in sorted((entry for share in shares for entry in share), key=itemgetter(0))]


def _share(worker: int) -> list[tuple[int, dict[str, Any]]]:
    """In a forked worker: every ``workers``-th task from ``worker`` on (interleaved, so the large
    and small pages of each kind are spread over the workers)."""
    assert _shared is not None, "forked workers read the tasks their parent set"
    tasks, workers = _shared
    return [(index, tasks[index]()) for index in range(worker, len(tasks), workers)]
