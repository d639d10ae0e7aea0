"""bench/recall_stats.py: per-question scores agree with recall.py, intervals are seeded and paired."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from recall_stats import Bootstrap, question_scores, tally  # noqa: E402


def test_question_scores_count_cited_items_in_the_top_ranks() -> None:
    ranking = [f"s{i}" for i in range(1, 13)]  # s1 first
    scores = question_scores(ranking, ["s2", "s7", "s12", "missing"])
    assert scores.r5 == pytest.approx(1 / 4)
    assert scores.r10 == pytest.approx(2 / 4)
    assert scores.rr == pytest.approx(1 / 2)
    assert question_scores(ranking, ["missing"]).rr == 0.0


@given(st.lists(st.floats(0, 1), min_size=1, max_size=40), st.integers(0, 1000))
def test_same_seed_same_interval_and_the_mean_lies_inside(values: list[float], seed: int) -> None:
    first = Bootstrap(len(values), draws=200, seed=seed).interval(values)
    again = Bootstrap(len(values), draws=200, seed=seed).interval(values)
    assert first == again
    assert first.low - 1e-9 <= first.mean <= first.high + 1e-9 or first.low == first.high


def test_a_constant_difference_has_a_point_interval_and_noise_one_that_holds_zero() -> None:
    boot = Bootstrap(6, draws=500, seed=1)
    shifted = boot.paired([0.5, 0.6, 0.7, 0.8, 0.9, 1.0], [0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
    assert (shifted.low, shifted.high) == pytest.approx((0.1, 0.1))
    noise = boot.paired([1, 0, 1, 0, 1, 0], [0, 1, 0, 1, 0, 1])
    assert noise.contains(0.0) and noise.low < 0 < noise.high


def test_tally_counts_wins_losses_and_ties() -> None:
    found = tally([1.0, 0.5, 0.0, 0.25], [0.5, 0.5, 0.5, 0.0])
    assert (found.wins, found.losses, found.ties) == (2, 1, 1)


def test_values_must_match_the_resampled_questions() -> None:
    with pytest.raises(ValueError, match="3 values for a bootstrap over 4 questions"):
        Bootstrap(4, draws=10).interval([0.0, 1.0, 0.5])
