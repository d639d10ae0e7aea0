"""bench/feature_costs.py: its features name what the read stage calls, its clock's arithmetic, and
every neutral result is one the read stage takes."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "bench"))

import feature_costs  # noqa: E402  (bench/ is not a package)

from kgsync.extract.record import parse_record  # noqa: E402

_EXAMPLE_ITEMS = sorted((REPO_ROOT / "examples" / "research-repo" / "Research" / "completed").glob("20*.md"))


def test_every_feature_names_a_function_of_its_module() -> None:
    names = [feature.name.strip() for feature in feature_costs.FEATURES]
    assert len(set(names)) == len(names)
    for feature in feature_costs.FEATURES:
        assert callable(getattr(importlib.import_module(feature.module), feature.attribute)), feature.name


def test_a_wrapped_call_inside_another_counts_in_its_inclusive_time_and_not_its_exclusive_time() -> None:
    clock = feature_costs.Clock()
    inner = clock.wrap("inner", lambda n: sum(range(n)))
    outer = clock.wrap("outer", lambda: inner(200_000) + inner(200_000))
    outer()
    assert clock.calls == {"inner": 2, "outer": 1}
    assert clock.nested["outer"] == 2 and clock.nested["inner"] == 0
    assert clock.inclusive["outer"] - clock.exclusive["outer"] == clock.inclusive["inner"]
    assert clock.exclusive["inner"] == clock.inclusive["inner"]


def test_a_generator_is_timed_as_it_is_iterated_and_gives_the_same_items() -> None:
    def counted(n: int) -> Iterator[int]:
        yield from range(n)

    clock = feature_costs.Clock()
    assert list(clock.wrap("gen", counted)(5)) == [0, 1, 2, 3, 4]
    assert clock.calls["gen"] == 1


@pytest.mark.parametrize("feature", [f for f in feature_costs.FEATURES if f.neutral is not None],
                         ids=lambda f: f.name.strip())
def test_the_read_stage_takes_each_neutral_result(feature: feature_costs.Feature,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.import_module(feature.module), feature.attribute, feature.neutral)
    for path in _EXAMPLE_ITEMS:
        record = parse_record(path.read_bytes(), str(path), path.stem)
        assert record.item is not None and record.extraction is not None and record.candidates is not None
