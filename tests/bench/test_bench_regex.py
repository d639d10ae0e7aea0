"""bench/bench_regex.py: a dynamic pattern's shape, and the timed pattern answering as the pattern."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import bench_regex  # noqa: E402  (bench/ is not a package)


def test_shape_makes_one_line_of_the_patterns_one_function_compiles_per_word() -> None:
    one = rf"{re.escape('RMF')}(?<![\w-]{re.escape('RMF')})(?![\w-])"
    other = rf"{re.escape('NIST-SP')}(?<![\w-]{re.escape('NIST-SP')})(?![\w-])"
    assert bench_regex.shape(one) == bench_regex.shape(other) == r"W(?<![\w-]W)(?![\w-])"
    # classes, escapes, counts and group openings stay as written
    assert bench_regex.shape(r"(?-i:[^\x00-\x40])(?<!\w.)(?<=s)uppose\s{1,3}x") == r"(?-i:[^\x00-\x40])(?<!\w.)(?<=W)W\s{1,3}W"


def test_a_timed_pattern_answers_as_the_pattern_and_counts_its_calls() -> None:
    plain = re.compile(r"(?<![\w-])ai(?![\w-])")
    timed = bench_regex.TimedPattern(plain)
    text = "ai and rai, ai-x, (ai)"
    assert [m.span() for m in timed.finditer(text)] == [m.span() for m in plain.finditer(text)]
    assert timed.findall(text) == plain.findall(text) and timed.sub("_", text) == plain.sub("_", text)
    assert timed.pattern == plain.pattern and timed == plain
    assert bench_regex.CALLS[plain.pattern] == 3
