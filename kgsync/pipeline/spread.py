"""Per-item work spread over processes: ``spread(task, inputs)`` is ``[task(x) for x in inputs]``,
in order, whatever the number of processes.

The workers are forked from the calling process, after it has everything the task reads, and
``task`` and ``inputs`` reach them through the fork: only results come back, each worker's
over a pipe of its own.  (An item's facts are not spread: at 10,000 items the calling process
spent more on the fork's copied pages and on unpickling the facts than it saved: speed9f.)
The calling process is one of the workers: it takes chunks from the front while the others
take them from the back (``_Claims``: two indices in shared memory), and keeps its warm caches.
No worker ever waits for the calling process: it claims its next chunk itself, and writes its
results without blocking (the calling process reads them between its own chunks).  (Through a
``ProcessPoolExecutor`` a worker waited for the pool's threads in the calling process, which
need its GIL: at 10,000 items the worker idled 4-7 s of a 24-45 s read stage and parsed 35-45 %
of the items, not half: ``bench/bench_build.py --count 10000 --skip-real``, speed11m.)
Where fork is not available the inputs are sent with each chunk (``task`` must then be picklable).
"""

from __future__ import annotations

import gc
import mmap
import os
import pickle
import signal
import struct
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from kgsync.pipeline.cpus import usable_cpus

In = TypeVar("In")
Out = TypeVar("Out")

CHUNK = 16  # inputs per task at most (``chunk_size``): large enough to amortise the round trip

_HEADER = 8  # bytes of a message's length, before each pickled (start, results) on a worker's pipe


def spread(task: Callable[[In], Out], inputs: Sequence[In], jobs: int | None = None,
           min_parallel: int = 2 * CHUNK) -> list[Out]:
    """``[task(x) for x in inputs]``, spread over ``jobs`` processes (default: one per usable CPU)
    when there are at least ``min_parallel`` inputs (below, starting workers costs more than it saves).
    ``task`` must depend on its input and on what the calling process holds when called, nothing else."""
    processes = min(jobs or usable_cpus(), -(-len(inputs) // CHUNK))
    if processes < 2 or len(inputs) < min_parallel:
        return [task(x) for x in inputs]
    # Here, not at the top: its import (with ``socket``, ``selectors``, ``pickle``'s reducers) cost every
    # build ~25 M instructions (speed213: callgrind over a one-item rebuild of
    # ``bench/gen_corpus.py --count 2000``'s items), and the everyday rebuild (a few items changed) never
    # spreads.
    import multiprocessing

    if "fork" in multiprocessing.get_all_start_methods():
        return _forked(task, inputs, processes)
    return _pooled(task, inputs, processes)


def chunk_size(left: int, processes: int) -> int:
    """The inputs a process claims when ``left`` are unclaimed: ``CHUNK``, fewer as the processes
    near each other (at most a third of each one's share of what is left), so the last chunks are
    an input or two and no process waits long for another's at the end.  (With chunks of ``CHUNK``
    throughout, the calling process waited a chunk and a half on average.)"""
    return max(1, min(CHUNK, left // (3 * processes)))


class _Claims:
    """The unclaimed inputs ``[front, back)``, shared by the forked processes: the calling process
    claims chunks from the front, the workers from the back, each under one lock."""

    def __init__(self, count: int, processes: int) -> None:
        import multiprocessing  # imported already by ``spread``, which alone makes a ``_Claims``

        context = multiprocessing.get_context("fork")
        # Two signed 64-bit integers in an anonymous shared mapping, which a fork shares: a ``RawArray``
        # imported ``multiprocessing.sharedctypes`` and ``ctypes`` for it, ~5 ms of CPU a build
        # (speed20, ``bench/bench_fixed_costs.py``).
        self.ends = mmap.mmap(-1, _ENDS.size)
        _ENDS.pack_into(self.ends, 0, 0, count)
        self.lock = context.Lock()
        self.processes = processes

    def claim(self, from_front: bool) -> tuple[int, int] | None:
        """[start, end) of the next chunk at that end; None once every input is claimed."""
        with self.lock:
            front, back = _ENDS.unpack_from(self.ends)
            if front >= back:
                return None
            size = chunk_size(back - front, self.processes)
            if from_front:
                _ENDS.pack_into(self.ends, 0, front + size, back)
                return front, front + size
            _ENDS.pack_into(self.ends, 0, front, back - size)
            return back - size, back


_ENDS = struct.Struct("=qq")  # ``_Claims``' front and back


def _forked(task: Callable[[In], Out], inputs: Sequence[In], processes: int) -> list[Out]:
    claims = _Claims(len(inputs), processes)
    done: dict[int, list[Out]] = {}  # start -> the results of the chunk from there
    workers: dict[int, tuple[int, bytearray]] = {}  # pid -> (its pipe's read end, what came unread)
    try:
        for _ in range(processes - 1):
            read, write = os.pipe()
            _widen(write)
            pid = os.fork()
            if pid == 0:  # the worker: never returns
                os.close(read)
                _work(task, inputs, claims, write)
            os.close(write)
            os.set_blocking(read, False)
            workers[pid] = (read, bytearray())
        while (chunk := claims.claim(True)) is not None:
            done[chunk[0]] = [task(x) for x in inputs[chunk[0]:chunk[1]]]
            for read, received in workers.values():  # between chunks: no worker blocks on a full pipe
                _receive(read, received, done, wait=False)
        for pid, (read, received) in list(workers.items()):
            _receive(read, received, done, wait=True)
            os.close(read)
            del workers[pid]
            os.waitpid(pid, 0)
    finally:
        for pid, (read, _) in workers.items():  # an error: the workers' results are not wanted
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            os.close(read)
    results: list[Out] = []
    for start in sorted(done):
        if start != len(results):
            raise RuntimeError(f"a worker ended without the results of inputs {len(results)} to {start - 1}")
        results += done[start]
    if len(results) != len(inputs):
        raise RuntimeError(f"a worker ended without the results of inputs {len(results)} to {len(inputs) - 1}")
    return results


def _work(task: Callable[[Any], Any], inputs: Sequence[Any], claims: _Claims, pipe: int) -> None:
    """A forked worker: claims chunks from the back until none is left and writes each one's
    (start, results) to ``pipe`` (an error: ``(-1, the exception)``), then exits."""
    gc.disable()  # a worker allocates many small objects and no cycles worth collecting
    unsent = bytearray()
    try:
        os.set_blocking(pipe, False)  # never wait for the reader while there is work left
        try:
            while (chunk := claims.claim(False)) is not None:
                _frame(unsent, (chunk[0], [task(x) for x in inputs[chunk[0]:chunk[1]]]))
                _send(pipe, unsent)
        except BaseException as exc:  # noqa: BLE001  (said to the calling process, which raises it)
            try:
                _frame(unsent, (-1, exc))
            except Exception:  # noqa: BLE001  (an exception that does not pickle)
                _frame(unsent, (-1, RuntimeError(f"{type(exc).__name__}: {exc}")))
        os.set_blocking(pipe, True)
        _send(pipe, unsent)
    finally:
        os._exit(0)  # never the caller's code (its finally blocks, atexit handlers, buffers)


def _widen(pipe: int) -> None:
    """A pipe that holds a few chunks' results (Linux; its default 64 KiB is half of one chunk's
    records), so that a worker's results reach the calling process as they come, not at the end."""
    try:
        import fcntl

        fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)
    except (ImportError, AttributeError, OSError):  # elsewhere, or past the system's limit: a narrower pipe
        pass


_PIPE_SIZE = 1 << 20


def _frame(unsent: bytearray, message: object) -> None:
    data = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    unsent += len(data).to_bytes(_HEADER, "little")
    unsent += data


def _send(pipe: int, unsent: bytearray) -> None:
    """Write what the pipe takes now (all of it, when ``pipe`` blocks)."""
    while unsent:
        try:
            written = os.write(pipe, unsent)
        except BlockingIOError:
            return
        del unsent[:written]


def _receive(read: int, received: bytearray, done: dict[int, list[Any]], wait: bool) -> None:
    """Read a worker's pipe (till its end when ``wait``, else what is there now) and unpickle
    every whole message into ``done``; a worker's error is raised here."""
    if wait:
        os.set_blocking(read, True)
    while True:
        try:
            data = os.read(read, 1 << 20)
        except BlockingIOError:
            break
        if not data:
            break
        received += data
        while len(received) >= _HEADER:
            size = int.from_bytes(received[:_HEADER], "little")
            if len(received) < _HEADER + size:
                break
            start, results = pickle.loads(received[_HEADER:_HEADER + size])
            del received[:_HEADER + size]
            if start < 0:
                raise results
            done[start] = results


def _pooled(task: Callable[[In], Out], inputs: Sequence[In], processes: int) -> list[Out]:
    """Without fork: chunks sent to a pool, taken from the back; this process does the front ones."""
    # Imported here: only a platform without fork reads it, and ``concurrent.futures`` (its process pool,
    # ``logging``) cost every build ~3 ms of CPU at import
    # (speed20, ``bench/bench_fixed_costs.py``).
    from concurrent.futures import ProcessPoolExecutor

    bounds = chunk_bounds(len(inputs), processes)
    with ProcessPoolExecutor(processes - 1) as pool:
        # Submitted last chunk first, so the workers start at the back; a chunk still
        # queued when this process reaches it is cancelled and done here.
        futures = [pool.submit(_sent_chunk, task, inputs[start:end]) for start, end in reversed(bounds)][::-1]
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
    return [out for chunk in done for out in chunk]


def chunk_bounds(count: int, processes: int) -> list[tuple[int, int]]:
    """[start, end) of each chunk of ``count`` inputs, in order, for ``processes`` processes (the
    pool's, without fork): the calling process takes them from the front, the others from the back,
    and they meet about ``count / processes`` from the front; sized as ``chunk_size`` sizes them."""
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


def _sent_chunk(task: Callable[[Any], Any], inputs: Sequence[Any]) -> list[Any]:
    gc.disable()
    return [task(x) for x in inputs]
