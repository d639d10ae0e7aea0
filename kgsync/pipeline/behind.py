"""Cache saves done behind the build: in a forked child while the build goes on (``Behind``).

A fresh build's caches are ~200 MB of JSON at 10,000 items (the records' shards, the facts'),
encoded and written while the stages after them wait, on one core while the other idles: the
record cache's save alone was 0.6-0.9 s CPU of the serial part of the build
(``bench/bench_build.py --count 10000``, speed12f).  Nothing later in the build reads what a save writes,
and a save only reads what its cache object holds, so a child forked at that point writes the very same
files from its copy of the object while the build goes on.  The build waits for its children before it
ends (``wait``): a build's caches are on disk when it returns, as before.  A child that failed (or died)
is said by its exit status, and the save is done again in the build's own process, which raises its error
as before; so is one that said something (a notice about a cache file it read: the child's notices would
be lost with it).

A fork is worth it only when the save is large (a warm rebuild's save writes a shard or two, and
a fork costs its page tables and the parent's first write to each page after it, ~0.05 s at
10,000 items: ``bench/bench_build.py --count 10000``, speed12f): smaller saves, a machine with one usable
CPU, no ``fork`` (Windows) or other threads in the process (a fork copies only the calling thread, and a
lock another one holds) save in place.

``Beside`` is the same for a value the build needs back: one made in a forked child while the build
goes on with work that does not read it (the lint of the merged graph, while the manifest's shares and
statements and the graph's bytes are made), sent back pickled over a pipe (the child's own, never
anything read from a file) and waited for where the build needs it.  A small value of a large input:
the child reads what the fork handed it and its result, a few kilobytes, is all that comes back.
"""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable, Sized
from typing import Generic, TypeVar

from kgsync.pipeline.cpus import usable_cpus

T = TypeVar("T")

#: Entries a save must write to be worth a child (below: in place): the records' save, ~0.35 ms of
#: CPU an entry in place (0.075 s of 220 records, 0.004 s forked; ``bench/build_schedule.py``, speed119).
MIN_BEHIND = 128

#: The same for the saves of light entries: the vocabulary shares (~0.04 ms an entry in place) and the
#: items' facts, whose JSON the memo made already (~0.01 ms).  At 220 items each cost 0.001-0.009 s in
#: place, and their two forks cost the build more than that: the calling process's copy-on-write faults
#: after them (+20k minor faults, ~0.06 s system CPU, 0.15-0.5 s CPU in all over the processes;
#: ``bench/build_schedule.py``, speed119).
MIN_BEHIND_LIGHT = 2_000


class Behind:
    """The saves handed to forked children; ``wait`` before the build ends."""

    def __init__(self) -> None:
        self.pending: list[tuple[int, Callable[[], None]]] = []  # (child's pid, its save)
        # What the saves say (the build's cache notices): a child that adds to it saves again in place.
        self.said: Sized = ()

    def save(self, save: Callable[[], None], entries: int, min_entries: int = MIN_BEHIND) -> None:
        """``save()``, in a forked child when ``entries`` (what it writes) is worth one (``min_entries``
        or more: ``MIN_BEHIND``, ``MIN_BEHIND_LIGHT``), else now."""
        if entries < min_entries or not _can_fork():
            save()
            return
        pid = os.fork()
        if pid == 0:  # the child: never returns
            status, said = 1, len(self.said)
            try:
                save()
                status = 0 if len(self.said) == said else _SAID
            finally:
                os._exit(status)  # never the build's code (its finally blocks, atexit handlers, buffers)
        self.pending.append((pid, save))

    def wait(self) -> None:
        """Every child ended; the save of one that failed done again here (its error raised here)."""
        while self.pending:
            pid, save = self.pending.pop(0)
            _, status = os.waitpid(pid, 0)
            if os.waitstatus_to_exitcode(status) != 0:
                save()

    def abandon(self) -> None:
        """Every child ended, failed or not (the build is failing for another reason)."""
        while self.pending:
            os.waitpid(self.pending.pop()[0], 0)


class Beside(Generic[T]):
    """``make()``, made in a forked child from now on when ``size`` (what it reads: graph lines, items)
    is worth one, else when asked for; ``result()`` is its value either way.  A child that failed (or
    died, or sent back what does not unpickle) has ``make()`` done again in place (its error raised there)."""

    def __init__(self, make: Callable[[], T], size: int) -> None:
        self.make = make
        self.child: tuple[int, int] | None = None  # (its pid, its pipe's read end)
        if size < MIN_BESIDE or not _can_fork():
            return
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(read)
            status = 1
            try:
                data = pickle.dumps(make(), pickle.HIGHEST_PROTOCOL)
                with os.fdopen(write, "wb") as out:
                    out.write(data)
                status = 0
            finally:
                os._exit(status)  # never the build's code (its finally blocks, atexit handlers, buffers)
        os.close(write)
        self.child = (pid, read)

    def result(self) -> T:
        """The value: the child's (waited for), else made here."""
        if self.child is None:
            return self.make()
        pid, read = self.child
        self.child = None
        with os.fdopen(read, "rb") as pipe:
            data = pipe.read()  # to its end: the child exits once all of it is read
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) == 0:
            try:
                made: T = pickle.loads(data)  # the child's own bytes, made by this code from this build's values
                return made
            except Exception:  # noqa: BLE001  (cut short: made again here)
                pass
        return self.make()

    def abandon(self) -> None:
        """The child ended, its value unread (the build is failing for another reason; after ``result``: none)."""
        if self.child is not None:
            pid, read = self.child
            self.child = None
            os.close(read)  # a child still writing stops there (a broken pipe)
            os.waitpid(pid, 0)


#: Graph lines (entities and relations) a value must read to be worth a child (``Beside``): below, in place.
#: A fork costs its page tables and the first write to each page after it (~0.05 s at 10,000 items):
#: a 220-item graph's lint (~4,000 lines, ~30 ms) is not worth one
#: (``bench/bench_build.py --count 10000 --skip-real`` and ``--child``, fast56).
MIN_BESIDE = 50_000


def started_beside(make: Callable[[], T], items: int) -> Beside[T] | None:
    """``Beside(make)`` forked now when ``items`` items' facts (what ``make`` assembles) are worth a
    child and one can be forked; else None: the caller makes them itself, as it always did."""
    if items < MIN_ITEMS_BESIDE or not _can_fork():
        return None
    return Beside(make, MIN_BESIDE)


#: Items whose facts another process assembles (``started_beside``): below, all are assembled in place.
#: An item's facts cost ~0.3 ms, and their JSON ~0.07 ms to decode where the build reads them; the
#: fork and its copy-on-write faults ~0.05-0.2 s: 1,000 items (~0.3 s) is about where a child pays
#: (``bench/bench_build.py --ci-only DIR --count 10000``, fast62).
MIN_ITEMS_BESIDE = 1_000


_SAID = 2  # a child's exit status: saved, but said something (the save is done again in place)


def _can_fork() -> bool:
    return hasattr(os, "fork") and threading.active_count() == 1 and usable_cpus() > 1
