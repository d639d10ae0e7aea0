"""Per-question recall figures and seeded bootstrap intervals for bench/bench_recall.py.

Pure functions (no kgsync, no corpus): what a question scored, the pooled mean with a
percentile bootstrap 95 % interval, and the paired comparison of two systems on the
same questions (wins, losses and the interval of the mean difference).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

METRICS = ("r5", "r10", "rr")  # recall@5, recall@10, reciprocal rank of the first cited item


@dataclass(frozen=True)
class Scores:
    """One question's figures, by recall.py's definitions (macro: each question weighs 1)."""

    r5: float
    r10: float
    rr: float


def question_scores(ranking: Sequence[str], truth: Sequence[str]) -> Scores:
    """recall.py's ``metrics`` for one question: the share of its cited items in the top 5 / 10,
    and 1 / the rank of the first cited item found (0 when none is)."""
    position = {slug: rank for rank, slug in enumerate(ranking, 1)}
    ranks = sorted(position[s] for s in truth if s in position)
    return Scores(sum(r <= 5 for r in ranks) / len(truth), sum(r <= 10 for r in ranks) / len(truth),
                  1.0 / ranks[0] if ranks else 0.0)


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


class Bootstrap:
    """``draws`` resamples (with replacement) of ``n`` questions from a seeded generator: the
    same seed gives the same intervals, and every system is resampled with the same draws, so
    a difference between two systems is a paired comparison."""

    def __init__(self, n: int, draws: int = 2000, seed: int = 15, level: float = 0.95):
        rng = random.Random(seed)
        self.n, self.level, self.seed = n, level, seed
        self.samples = [[rng.randrange(n) for _ in range(n)] for _ in range(draws)] if n else []

    def interval(self, values: Sequence[float]) -> Interval:
        if len(values) != self.n:
            raise ValueError(f"{len(values)} values for a bootstrap over {self.n} questions")
        if not values:
            return Interval(0.0, 0.0, 0.0)
        means = sorted(sum(values[i] for i in sample) / self.n for sample in self.samples)
        tail = (1.0 - self.level) / 2
        last = len(means) - 1
        return Interval(sum(values) / self.n, means[round(tail * last)], means[round((1 - tail) * last)])

    def paired(self, ours: Sequence[float], theirs: Sequence[float]) -> Interval:
        """The interval of the mean per-question difference ours - theirs."""
        return self.interval([a - b for a, b in zip(ours, theirs, strict=True)])


@dataclass(frozen=True)
class Tally:
    wins: int
    losses: int
    ties: int


def tally(ours: Sequence[float], theirs: Sequence[float]) -> Tally:
    """Questions where ours scored higher, lower, the same (exact: the figures are ratios of small counts)."""
    pairs = list(zip(ours, theirs, strict=True))
    wins = sum(a > b + 1e-12 for a, b in pairs)
    losses = sum(b > a + 1e-12 for a, b in pairs)
    return Tally(wins, losses, len(pairs) - wins - losses)


def column(rows: Sequence[Mapping[str, float]], key: str) -> list[float]:
    return [row[key] for row in rows]
