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


def test_a_message_keeps_its_lines_and_escapes_bidi_and_other_controls() -> None:
    from kgsync.contract.errors import KgsyncError, printable_message

    assert printable_message("plain é text, 100%") == "plain é text, 100%"
    assert printable_message("a\n  b\tc") == "a\n  b\tc"  # a message may hold lines (a list of problems)
    assert printable_message("exe\u202etxt \u2066x\u2069 \x1b[31m\r") == "exe%u202Etxt %u2066x%u2069 %1B[31m%0D"
    assert KgsyncError("name exe\u202etxt", Location("g.jsonl", 2), "rename \u202e").render() == (
        "g.jsonl:2: name exe%u202Etxt (fix: rename %u202E)")


def test_printable_json_writes_bidi_and_c1_controls_as_json_escapes() -> None:
    import json

    from kgsync.contract.errors import printable_json

    text = json.dumps({"name": "exe\u202etxt \u009b2J \x1b[31m é"}, ensure_ascii=False, indent=2)
    assert printable_json(text) == '{\n  "name": "exe\\u202etxt \\u009b2J \\u001b[31m é"\n}'
    assert json.loads(printable_json(text)) == json.loads(text)  # lossless
