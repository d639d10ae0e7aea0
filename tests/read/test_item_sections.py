"""Section helpers of the reader: comparable heading keys and fence lines."""

from __future__ import annotations

from kgsync.read.item_sections import fence_lines, heading_key


def test_heading_keys_drop_numbering_emphasis_and_colons() -> None:
    for heading in ("Key Findings", "**Key findings**", "2. Key Findings:", "§6 Key Findings", "1.2 `Key` _Findings_"):
        assert heading_key(heading) == "key findings", heading
    assert heading_key("2 Key Findings") == "key findings"  # the number's dot is optional
    assert heading_key("Key Findings and Limits") == "key findings and limits"


def test_fence_lines_are_the_offsets_of_indented_or_bare_fences_in_order() -> None:
    text = "intro ```not a fence\n```python\ncode\n  ```\n~~~\nx\n\t~~~\n"
    starts = [text.index("```python"), text.index("  ```"), text.index("~~~\nx"), text.index("\t~~~")]
    assert fence_lines(text) == ((starts[0], "```"), (starts[1], "```"), (starts[2], "~~~"), (starts[3], "~~~"))
    assert fence_lines("no fences\n") == ()
