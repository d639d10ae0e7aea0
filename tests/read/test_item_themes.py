"""kgsync.read.item_themes: a theme that is no text, or no theme word, is an error at its entry's line."""

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


def test_a_theme_written_as_words_is_read(tmp_path: Path) -> None:
    text = GOOD.replace("themes: [knowledge-graphs, rag-retrieval]\n", "themes:\n  - knowledge-graphs\n  - Agentic AI\n"
                        "  - rag_retrieval\n  - web3.0\n  - ci/cd\n  - c++\n")
    write(tmp_path, "2026-03-01-good.md", text.replace("cites: [2026-01-01-older]", "cites: []"))
    result = read(tmp_path)
    assert result.items[0].themes == ("knowledge-graphs", "Agentic AI", "rag_retrieval", "web3.0", "ci/cd", "c++")
    assert not only(result.issues, IssueSeverity.ERROR)


def test_each_theme_that_is_no_theme_word_is_an_error_at_its_line_and_the_item_fails(tmp_path: Path) -> None:
    # Rejected as the other malformed fields are (title, completed, a cites: mapping entry): warned and ignored, a
    # theme the author meant (`- 2024` unquoted, a pasted link) left the item without its node and tag (qa85, qa91).
    text = GOOD.replace("themes: [knowledge-graphs, rag-retrieval]\n", _BLOCK)
    write(tmp_path, "2026-03-01-good.md", text.replace("cites: [2026-01-01-older]", "cites: []"))
    result = read(tmp_path)
    assert not result.items  # it keeps the nodes of its last good build
    errors = only(result.issues, IssueSeverity.ERROR)
    lines = text.split("\n")
    expected = [lines.index(f"  - {entry}") + 1 for entry in ("1", '"<b>bold</b>"', '"x](javascript:alert(1))"', "2.5", "true")]
    assert sorted(issue.location.line for issue in errors) == expected
    assert all(issue.message.startswith("themes: ") and "slug" in issue.hint for issue in errors)
    assert "'<'" in next(issue.message for issue in errors if "bold" in issue.message)  # names the character


@pytest.mark.parametrize("themes", ["themes: 7", "themes: [a-b, '[c](d)']", "themes: 'a-b, c`d`'"])
def test_a_flow_list_or_one_text_is_an_error_at_the_field(tmp_path: Path, themes: str) -> None:
    text = GOOD.replace("themes: [knowledge-graphs, rag-retrieval]", themes).replace("cites: [2026-01-01-older]", "cites: []")
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    assert not result.items
    assert [issue.location.line for issue in only(result.issues, IssueSeverity.ERROR) if "no theme" in issue.message] == [
        text.split("\n").index(themes) + 1]
