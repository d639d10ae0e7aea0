"""Locations print their path escaped: a file name is repository content."""

from __future__ import annotations

from kgsync.contract.errors import Location, printable_path


def test_an_ordinary_path_prints_as_it_is() -> None:
    assert str(Location("Research/completed/2026-01-01-é x.md", 3)) == "Research/completed/2026-01-01-é x.md:3"


def test_controls_bidi_and_a_leading_workflow_command_are_escaped() -> None:
    assert printable_path("a\n::error::b.md") == "a%0A::error::b.md"
    assert printable_path("::warning::x.md") == "%3A:warning::x.md"
    assert printable_path("100%\r\x1b[31m\u202ex") == "100%25%0D%1B[31m%u202Ex"
    assert "\n" not in str(Location("x\ny.md", 1)) and str(Location("x\ny.md")) == "x%0Ay.md"
