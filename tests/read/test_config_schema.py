"""kgsync.read.config_schema: a mapping read against declared options, every problem collected at its line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from kgsync.read.config_schema import Deprecated, Problem, option, read_section, section


@dataclass(frozen=True)
class Inner:
    depth: int = option(2, "how deep")


@dataclass(frozen=True)
class Outer:
    style: str = option("a", "a or b", choices=("a", "b"))
    share: float = option(0.5, "a share")
    inner: Inner = section(Inner, "the inner section")
    DEPRECATED: ClassVar[Mapping[str, Deprecated]] = {"old": Deprecated(1, "no longer used")}


def _read(data: Mapping[str, Any]) -> tuple[Any, list[Problem]]:
    errors: list[Problem] = []
    lines = {key: number for number, key in enumerate(("style", "share", "inner", "inner.depth", "old", "stlye"), 1)}
    return read_section(Outer, data, "", lines, errors), errors


def test_values_are_read_into_their_sections() -> None:
    built, errors = _read({"style": "b", "share": 1, "inner": {"depth": 5}, "old": 3})
    assert built == Outer("b", 1.0, Inner(5)) and errors == []  # a deprecated option is checked, then dropped


def test_every_problem_is_collected_at_its_line_and_its_option_keeps_its_default() -> None:
    built, errors = _read({"style": "c", "share": 2, "inner": {"depth": -1}, "old": "x", "stlye": "a"})
    assert built == Outer()
    assert sorted(errors, key=lambda e: e[0] or 0) == [
        (1, "style: must be one of a, b"),
        (2, "share: expected a number from 0 to 1, got 2"),
        (4, "inner.depth: expected a whole number, 0 or more, got -1"),
        (5, "old: expected a whole number, 0 or more, got 'x'"),
        (6, "stlye: unknown option (did you mean style? known: inner, old, share, style)"),
    ]


def test_a_section_given_no_mapping_is_a_problem() -> None:
    built, errors = _read({"inner": 3})
    assert built.inner == Inner() and errors == [(3, "inner: must be a mapping")]
