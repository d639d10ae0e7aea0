"""bench/build_schedule.py: the table of the runs' phases."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import build_schedule  # noqa: E402  (bench/ is not a package)


def test_each_phase_is_the_median_of_the_runs_that_had_it_in_the_first_runs_order() -> None:
    runs = [{"read": [3.0, 1.0], "lint": [0.5, 0.25]},
            {"read": [1.0, 3.0], "lint": [0.125, 0.5]},
            {"read": [2.0, 2.0]}]  # a run without the phase: the others' median
    lines = build_schedule.laps_table(runs).splitlines()
    assert lines[2:] == ["| read | 2.000 | 2.000 |", "| lint | 0.312 | 0.375 |"]


def test_every_phase_names_a_function_the_build_calls() -> None:
    import importlib

    for _phase, module_name, attribute in build_schedule.PHASES:
        owner = importlib.import_module(module_name)
        for part in attribute.split("."):
            owner = getattr(owner, part)
        assert callable(owner), attribute
