"""kgsync.read.item_themes: a theme that is no text, or no theme word, is warned at its entry's line and ignored."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.read.items import IssueSeverity
from tests.read.item_files import GOOD, only, read, write

_BLOCK = """themes:
  - knowledge-graphs
  - 1
  - "<b>bold</b>"
  - "x](javascript:alert(1))"
  - Agentic AI
  - rag_retrieval
  - 2.5
  - true
"""


def test_each_theme_that_is_no_theme_word_is_warned_at_its_line_and_ignored(tmp_path: Path) -> None:
    text = GOOD.replace("themes: [knowledge-graphs, rag-retrieval]\n", _BLOCK)
    write(tmp_path, "2026-03-01-good.md", text.replace("cites: [2026-01-01-older]", "cites: []"))
    result = read(tmp_path)
    item = result.items[0]
    assert item.themes == ("knowledge-graphs", "Agentic AI", "rag_retrieval")  # not a node, not a tag
    warned = only(result.issues, IssueSeverity.WARNING)
    lines = text.split("\n")
    expected = [lines.index(f"  - {entry}") + 1 for entry in ("1", '"<b>bold</b>"', '"x](javascript:alert(1))"', "2.5", "true")]
    assert sorted(issue.location.line for issue in warned) == expected
    assert all("themes:" in issue.message and "ignored" in issue.message and issue.hint for issue in warned)
    assert "'<'" in next(issue.message for issue in warned if "bold" in issue.message)  # names the character


def test_each_theme_that_is_no_theme_word_is_an_error_at_its_line_and_the_item_fails(tmp_path: Path) -> None:
    # Rejected as the other malformed fields are (title, completed, a cites: mapping entry): warned and ignored, a
    # theme the author meant (`- 2024` unquoted, a pasted link) left the item without its node and tag (qa85, qa91).
    text = GOOD.replace("themes: [knowledge-graphs, rag-retrieval]\n", _BLOCK)
    write(tmp_path, "2026-03-01-good.md", text.replace("cites: [2026-01-01-older]", "cites: []"))
    result = read(tmp_path)
    assert result.items == []  # it keeps the nodes of its last good build
    errors = only(result.issues, IssueSeverity.ERROR)
    lines = text.split("\n")
    expected = [lines.index(f"  - {entry}") + 1 for entry in ("1", '"<b>bold</b>"', '"x](javascript:alert(1))"', "2.5", "true")]
    assert sorted(issue.location.line for issue in errors) == expected
    assert all(issue.message.startswith("themes: ") and "slug" in issue.hint for issue in errors)
    assert "'<'" in next(issue.message for issue in errors if "bold" in issue.message)  # names the character


@pytest.mark.parametrize(("themes", "kept"), [("themes: 7", ()), ("themes: [a-b, '[c](d)']", ("a-b",)),
                                              ("themes: 'a-b, c`d`'", ("a-b",))])
def test_a_flow_list_or_one_text_is_warned_at_the_field(tmp_path: Path, themes: str, kept: tuple[str, ...]) -> None:
    text = GOOD.replace("themes: [knowledge-graphs, rag-retrieval]", themes).replace("cites: [2026-01-01-older]", "cites: []")
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    assert result.items[0].themes == kept
    assert [issue.location.line for issue in only(result.issues, IssueSeverity.WARNING) if "no theme" in issue.message] == [
        text.split("\n").index(themes) + 1]
