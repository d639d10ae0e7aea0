"""How many CPUs this process may use: the one figure every parallel stage sizes itself by."""

from __future__ import annotations

import os


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask on Linux: a container or ``taskset``
    may allow fewer than the machine has), else the machine's count."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
