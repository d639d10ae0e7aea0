"""kgsync.read.item_dates: a completed: date the item's own dates contradict is warned at its line (no clock read)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.read.items import IssueSeverity
from tests.read.item_files import GOOD, only, read, write

_DATES = "added: 2026-02-27\nstarted: 2026-02-28T09:00:00+00:00\ncompleted: {completed}\n"


def _warned(tmp_path: Path, completed: str, dates: str = _DATES) -> tuple[list[str], list[int], str]:
    text = GOOD.replace("completed: 2026-03-01T10:00:00+00:00\n", dates.format(completed=completed)).replace(
        "cites: [2026-01-01-older]", "cites: []")
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    warned = [i for i in only(result.issues, IssueSeverity.WARNING) if "completed" in i.message]
    return [i.message for i in warned], [i.location.line for i in warned], text


@pytest.mark.parametrize(("completed", "words"), [("2999-01-01", "after"), ("2062-03-01", "after"),
                                                  ("2026-02-26", "before started"), ("2025-03-01", "before added")])
def test_a_completed_date_its_own_dates_contradict_is_warned_at_its_line(tmp_path: Path, completed: str, words: str) -> None:
    messages, lines, text = _warned(tmp_path, completed)
    assert len(messages) == 1 and words in messages[0]
    assert lines == [text.split("\n").index(f"completed: {completed}") + 1]


@pytest.mark.parametrize("completed", ["2026-03-01", "2026-02-28", "2026-02-27T23:30:00-02:00", "2026-12-31"])
def test_a_completed_date_in_order_is_not_warned(tmp_path: Path, completed: str) -> None:
    assert _warned(tmp_path, completed)[0] == []


def test_the_file_names_date_alone_bounds_it(tmp_path: Path) -> None:
    # No added: nor started: the date the file name starts with is the item's own other date.
    assert len(_warned(tmp_path, "2999-01-01", "completed: {completed}\n")[0]) == 1
    assert _warned(tmp_path, "2026-03-02", "completed: {completed}\n")[0] == []


def test_an_item_whose_file_name_breaks_the_dated_convention_is_read_with_a_warning(tmp_path: Path) -> None:
    """QA 121, row 5: ``notes.md`` with frontmatter was read as the item ``notes`` without a word, though the
    README names items ``YYYY-MM-DD-slug.md``.  It is still read (``--items notes/`` builds any folder, and the
    slug is the item's identity), with a warning at line 1 whose fix gives the dated name."""
    text = GOOD.replace("cites: [2026-01-01-older]", "cites: []")
    write(tmp_path, "notes.md", text)
    result = read(tmp_path)
    assert [i.slug for i in result.items] == ["notes"] and not only(result.issues, IssueSeverity.ERROR)
    [named] = [i for i in only(result.issues, IssueSeverity.WARNING) if "YYYY-MM-DD" in i.message]
    assert named.location.line == 1 and named.location.path.endswith("notes.md")
    assert "'notes'" in named.message and "git mv notes.md 2026-03-01-notes.md" in named.hint, named.render()
    (tmp_path / "notes.md").unlink()
    write(tmp_path, "2026-03-01-notes.md", text)
    assert not [i for i in read(tmp_path).issues if "YYYY-MM-DD" in i.message]


@pytest.mark.parametrize(("name", "frontmatter", "fix"), [
    ("2026-03-01-good.md", "---\n---\n", "add completed: 2026-03-01, the date its file name "
                                         "starts with, if the research was finished that day"),
    ("2026-03-01-good.md", "---\ntitle: Good\ncompleted:\n---\n", "add completed: 2026-03-01, the date its file name "
                                                                  "starts with, if the research was finished that day"),
    ("notes.md", "---\ntitle: Good\n---\n", "add completed: YYYY-MM-DD, the day the research was finished"),
])
def test_an_item_with_no_completed_date_is_warned(tmp_path: Path, name: str, frontmatter: str, fix: str) -> None:
    # An emptied frontmatter built with no word of its own: with no completed: the item sorts after every dated
    # one, and the items citing it lose their extends edges to it.
    write(tmp_path, name, frontmatter + "\n# Good\n\nText.\n")
    result = read(tmp_path)
    [item] = result.items
    assert item.completed == ""  # read, as before: a warning, not an error
    [warning] = [i for i in only(result.issues, IssueSeverity.WARNING) if "completed" in i.message]
    assert (warning.location.line, warning.message) == (
        2, "no completed: date: the item is ordered after every dated item, so no extends edge runs to it "
           "from the items citing it")
    assert warning.hint == fix
