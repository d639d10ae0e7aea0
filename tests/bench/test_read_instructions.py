"""bench/read_instructions.py: callgrind's total read from its output, and the items chosen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import read_instructions  # noqa: E402  (bench/ is not a package)


def test_the_total_is_the_summary_line_of_the_callgrind_output() -> None:
    out = "# callgrind format\nevents: Ir\nfl=x\nfn=y\n1 5\nsummary: 14539526152\ntotals: 1\n"
    assert read_instructions.total_instructions(out) == 14539526152
    assert read_instructions.total_instructions("events: Ir\ntotals: 42\n") == 42
    with pytest.raises(ValueError, match="complete"):
        read_instructions.total_instructions("events: Ir\n")


def test_every_step_th_item_is_read_from_the_first() -> None:
    items = [(b"", f"{n}.md", str(n)) for n in range(10)]
    assert [slug for _r, _d, slug in read_instructions.chosen(items, 4)] == ["0", "4", "8"]
    assert read_instructions.chosen(items, 1) == items
