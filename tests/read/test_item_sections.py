"""Section helpers of the reader: comparable heading keys and fence lines."""

from __future__ import annotations

import pytest

from kgsync.read.item_sections import fence_lines, heading_key
from kgsync.read.items import read_item_bytes
from tests.fence_cases import MIXED_AND_LONG_FENCES


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


@pytest.mark.parametrize("block", MIXED_AND_LONG_FENCES.values(), ids=list(MIXED_AND_LONG_FENCES))
def test_a_heading_is_read_where_github_shows_one_around_a_mixed_or_longer_fence(block) -> None:
    text = ("---\ntitle: Fenced\n---\n\n# Fenced\n\n## Analysis\n\n"
            + block("# not a heading\n- 1. not a finding") + "\n## After the block\n\n"
            "## Key Findings\n\n1. A finding after the block.\n" + block("2. not a finding"))
    parsed = read_item_bytes(text.encode(), "Research/completed/2026-01-01-fenced.md", "2026-01-01-fenced")
    assert not isinstance(parsed, list), parsed
    item = parsed[0]
    assert [s.heading for s in item.sections] == ["Fenced", "Analysis", "After the block", "Key Findings"]
    assert [f.text for f in item.key_findings] == ["A finding after the block."]
