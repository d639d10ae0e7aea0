"""Where a process's CPU goes, by sampling its stack (issue 24, speed205): a profile that does not
inflate small functions.

    .venv/bin/python bench/sampled_profile.py [--interval 0.002] [--top 40] -m kgsync build --no-cache ...
    .venv/bin/python bench/sampled_profile.py [--interval 0.002] [--top 40] SCRIPT [ARGS ...]

Every ``--interval`` seconds of the process's CPU (``ITIMER_PROF``: user and system time, so a
loaded machine's waiting is not sampled) the stack of the running Python frame is read; the table
gives each function's share of the samples, inclusive (on the stack) and self (the innermost
frame).  Only the calling process is sampled: a forked child has no timer (the read's worker,
``Beside``'s and ``Behind``'s children run unsampled); their CPU is ``build_schedule.py``'s.

Why not cProfile: it times every call, C calls included, and its hook costs about as much as a
short function's body, so a function that makes many small calls reads far heavier than it is.
At 10,000 synthetic items cProfile gave ``acronym_index.item_acronyms`` 1.28 s of the vocabulary
selection; timed alone its 10,000 calls take 0.04 s.  A sample costs the same wherever it lands.
Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import atexit
import collections
import runpy
import signal
import sys
from types import FrameType


class Sampler:
    """Counts of the functions on the stack at each sample (inclusive) and innermost (self)."""

    def __init__(self) -> None:
        self.inclusive: collections.Counter[str] = collections.Counter()
        self.own: collections.Counter[str] = collections.Counter()
        self.samples = 0

    def sample(self, _signal: int, frame: FrameType | None) -> None:
        self.samples += 1
        seen: set[str] = set()  # a recursive function counts once a sample
        innermost = True
        while frame is not None:
            code = frame.f_code
            where = f"{_short(code.co_filename)}:{code.co_firstlineno}({code.co_name})"
            if innermost:
                self.own[where] += 1
                innermost = False
            if where not in seen:
                self.inclusive[where] += 1
                seen.add(where)
            frame = frame.f_back

    def table(self, top: int) -> str:
        total = self.samples or 1
        lines = [f"{self.samples} samples", "", "| inclusive % | self % | function |", "|---:|---:|---|"]
        for where, count in self.inclusive.most_common(top):
            lines.append(f"| {count / total * 100:.1f} | {self.own[where] / total * 100:.1f} | `{where}` |")
        lines += ["", "| self % | function |", "|---:|---|"]
        lines += [f"| {count / total * 100:.1f} | `{where}` |" for where, count in self.own.most_common(top)]
        return "\n".join(lines)


def _short(path: str) -> str:
    """kgsync's modules by their path inside the package; others by their file name."""
    return path.split("/kgsync/", 1)[1] if "/kgsync/" in path else path.rsplit("/", 1)[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interval", type=float, default=0.002, help="CPU seconds between samples")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("-m", dest="module", help="run this module as ``python -m`` would")
    parser.add_argument("target", nargs=argparse.REMAINDER, help="SCRIPT [ARGS ...], or the module's ARGS")
    args = parser.parse_args(argv)
    if not args.module and not args.target:
        parser.error("give SCRIPT or -m MODULE")
    sampler = Sampler()
    signal.signal(signal.SIGPROF, sampler.sample)
    sys.argv = [args.module or args.target[0], *(args.target if args.module else args.target[1:])]
    reported: list[bool] = []

    def report() -> None:  # once: kgsync's CLI ends with ``os._exit`` after the ``atexit`` handlers
        if not reported:
            reported.append(True)
            signal.setitimer(signal.ITIMER_PROF, 0, 0)
            print(sampler.table(args.top), file=sys.stderr)

    atexit.register(report)
    signal.setitimer(signal.ITIMER_PROF, args.interval, args.interval)
    try:
        if args.module:
            runpy.run_module(args.module, run_name="__main__", alter_sys=True)
        else:
            runpy.run_path(args.target[0], run_name="__main__")
    except SystemExit:
        pass  # the command's exit code: the figures are what is wanted
    finally:
        report()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
