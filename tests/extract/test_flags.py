"""The candidates' bit flags: distinct single bits, so that any set of them is one int and back."""

from __future__ import annotations

from kgsync.extract import flags

NAMES = ("TITLE", "DEFINED", "EMPHASISED", "ACRONYM", "PLAIN", "DENSE", "SUBJECT", "UNIT", "STATED", "FREE")


def test_every_flag_is_its_own_bit() -> None:
    values = [getattr(flags, name) for name in NAMES]
    assert all(v > 0 and v & (v - 1) == 0 for v in values)  # one bit each
    assert len(set(values)) == len(values)
    combined = 0
    for value in values:
        combined |= value
    assert [name for name in NAMES if combined & getattr(flags, name)] == list(NAMES)


def test_focus_is_title_dense_and_emphasised() -> None:
    assert flags.FOCUS == flags.TITLE | flags.DENSE | flags.EMPHASISED
    assert not flags.FOCUS & (flags.PLAIN | flags.STATED | flags.FREE)
