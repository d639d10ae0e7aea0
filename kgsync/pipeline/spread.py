"""Per-item work spread over processes: ``spread(task, inputs)`` is ``[task(x) for x in inputs]``,
in order, whatever the number of processes.

The workers are forked from the calling process, after it has everything the task reads, and
``task`` and ``inputs`` reach them through the fork: a chunk is sent as two indices, not as its
inputs (the read stage's file bytes), and only results come back.  (An item's facts are not
spread: at 10,000 items the calling process spent more on the fork's copied pages and on
unpickling the facts than it saved, 3.65 s CPU against 2.96 s alone.)
The calling process is one of the workers: it takes chunks from the front while the others
take them from the back, and keeps its warm caches.  Where fork is not available the inputs
are sent with each chunk (``task`` must then be picklable).
"""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from kgsync.pipeline.cpus import usable_cpus

In = TypeVar("In")
Out = TypeVar("Out")

CHUNK = 16  # inputs per task at most (``chunk_bounds``): large enough to amortise the round trip

# What the forked workers run: set in the calling process just before it forks them (a closure
# cannot be pickled, and the inputs need not be).  None outside ``spread``.
_WORK: tuple[Callable[[Any], Any], Sequence[Any]] | None = None


def spread(task: Callable[[In], Out], inputs: Sequence[In], jobs: int | None = None,
           min_parallel: int = 2 * CHUNK) -> list[Out]:
    """``[task(x) for x in inputs]``, spread over ``jobs`` processes (default: one per usable CPU)
    when there are at least ``min_parallel`` inputs (below, starting workers costs more than it saves).
    ``task`` must depend on its input and on what the calling process holds when called, nothing else."""
    processes = min(jobs or usable_cpus(), -(-len(inputs) // CHUNK))
    if processes < 2 or len(inputs) < min_parallel:
        return [task(x) for x in inputs]
    bounds = chunk_bounds(len(inputs), processes)
    fork = "fork" in multiprocessing.get_all_start_methods()
    global _WORK
    _WORK = (task, inputs)
    try:
        with ProcessPoolExecutor(processes - 1, mp_context=multiprocessing.get_context("fork" if fork else None)) as pool:
            # Submitted last chunk first, so the workers start at the back; a chunk still
            # queued when this process reaches it is cancelled and done here.
            futures = [pool.submit(_forked_chunk, start, end) if fork else
                       pool.submit(_sent_chunk, task, inputs[start:end]) for start, end in reversed(bounds)][::-1]
            done: list[list[Out]] = []
            try:
                for (start, end), future in zip(bounds, futures):
                    if not future.cancel():
                        break  # a worker has it, and every chunk after it
                    done.append([task(x) for x in inputs[start:end]])
                done += [future.result() for future in futures[len(done):]]
            except BaseException:
                pool.shutdown(cancel_futures=True)  # do not wait for chunks nobody will read
                raise
    finally:
        _WORK = None
    return [out for chunk in done for out in chunk]


def chunk_bounds(count: int, processes: int) -> list[tuple[int, int]]:
    """[start, end) of each chunk of ``count`` inputs, in order, for ``processes`` processes: the
    calling process takes them from the front, the others from the back, and they meet about
    ``count / processes`` from the front.  ``CHUNK`` inputs at either end, fewer as the meeting
    point nears (at most a third of what is left to that side): the last chunks are an input or
    two, so no process waits for another's chunk of ``CHUNK`` inputs at the end.  (With chunks of
    ``CHUNK`` throughout, the calling process waited a chunk and a half on average: the worker's
    chunk and the one the pool had queued for it.)"""
    meet = -(-count // processes)  # the calling process's share, rounded up
    front, start = [], 0
    while start < meet:
        end = start + max(1, min(CHUNK, (meet - start) // 3))
        front.append((start, end))
        start = end
    back, end = [], count
    while end > meet:
        share = (end - meet) // max(1, processes - 1)  # what is left to each of the others
        start = max(meet, end - max(1, min(CHUNK, share // 3)))
        back.append((start, end))
        end = start
    return front + back[::-1]


def _forked_chunk(start: int, end: int) -> list[Any]:
    assert _WORK is not None, "spread's workers are forked inside spread"
    gc.disable()  # a worker allocates many small objects and no cycles worth collecting
    task, inputs = _WORK
    return [task(x) for x in inputs[start:end]]


def _sent_chunk(task: Callable[[Any], Any], inputs: Sequence[Any]) -> list[Any]:
    gc.disable()
    return [task(x) for x in inputs]
