"""Cache saves done behind the build: in a forked child while the build goes on (``Behind``).

A fresh build's caches are ~200 MB of JSON at 10,000 items (the records' shards, the facts'),
encoded and written while the stages after them wait, on one core while the other idles: the
record cache's save alone was 0.6-0.9 s CPU of the serial part of the build.  Nothing later in the
build reads what a save writes, and a save only reads what its cache object holds, so a child
forked at that point writes the very same files from its copy of the object while the build goes
on.  The build waits for its children before it ends (``wait``): a build's caches are on disk
when it returns, as before.  A child that failed (or died) is said by its exit status, and the save
is done again in the build's own process, which raises its error as before; so is one that said
something (a notice about a cache file it read: the child's notices would be lost with it).

A fork is worth it only when the save is large (a warm rebuild's save writes a shard or two, and
a fork costs its page tables and the parent's first write to each page after it, ~0.05 s at
10,000 items): smaller saves, a machine with one usable CPU, no ``fork`` (Windows) or other threads
in the process (a fork copies only the calling thread, and a lock another one holds) save in place.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sized

from kgsync.pipeline.cpus import usable_cpus

#: Entries (records, items' facts) a save must write to be worth a child: below, in place.
MIN_BEHIND = 128


class Behind:
    """The saves handed to forked children; ``wait`` before the build ends."""

    def __init__(self) -> None:
        self.pending: list[tuple[int, Callable[[], None]]] = []  # (child's pid, its save)
        # What the saves say (the build's cache notices): a child that adds to it saves again in place.
        self.said: Sized = ()

    def save(self, save: Callable[[], None], entries: int) -> None:
        """``save()``, in a forked child when ``entries`` (what it writes) is worth one, else now."""
        if entries < MIN_BEHIND or not _can_fork():
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


_SAID = 2  # a child's exit status: saved, but said something (the save is done again in place)


def _can_fork() -> bool:
    return hasattr(os, "fork") and threading.active_count() == 1 and usable_cpus() > 1
