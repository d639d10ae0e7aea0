"""Cross-file rules (kgsync.read.corpus_checks): slugs, case twins, links, supersession rings."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.read.item_model import DanglingLink
from kgsync.read.items import IssueSeverity, read_corpus
from tests.read.item_files import GOOD, OLDER, only, read, write


def test_duplicate_slugs_are_errors(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    write(tmp_path / "a", "2026-01-01-older.md", OLDER)
    write(tmp_path / "b", "2026-01-01-older.md", OLDER)
    result = read_corpus(str(tmp_path / "*" / "*.md"), tmp_path)
    errors = only(result.issues, IssueSeverity.ERROR)
    assert len(errors) == 1 and "duplicate slug" in errors[0].message
    assert "a/2026-01-01-older.md" in errors[0].message and errors[0].location.path == "b/2026-01-01-older.md"
    assert len(result.items) == 1


def test_cite_to_missing_item_warns(tmp_path: Path) -> None:
    write(tmp_path, "2026-03-01-good.md", GOOD)
    warnings = only(read(tmp_path).issues, IssueSeverity.WARNING)
    assert any("cites names '2026-01-01-older'" in w.message for w in warnings)


def test_two_files_whose_names_differ_only_in_case_are_both_errors(tmp_path: Path) -> None:
    # On a case-insensitive disk they are one file, and their node names read the same: neither
    # can be trusted to be the item, so both keep their previous nodes until one is renamed.
    write(tmp_path, "2026-01-01-older.md", OLDER)
    write(tmp_path, "2026-03-01-good.md", GOOD)
    write(tmp_path, "2026-03-01-Good.md", GOOD)
    result = read(tmp_path)
    errors = sorted((i.location.path, i.location.line, i.message, i.slug) for i in only(result.issues, IssueSeverity.ERROR))
    assert errors == [
        ("2026-03-01-Good.md", 1, "file name differs only in case from 2026-03-01-good.md: on a case-insensitive disk they "
         "are one file, and their nodes would read the same", "2026-03-01-Good"),
        ("2026-03-01-good.md", 1, "file name differs only in case from 2026-03-01-Good.md: on a case-insensitive disk they "
         "are one file, and their nodes would read the same", "2026-03-01-good"),
    ]
    assert [i.slug for i in result.items] == ["2026-01-01-older"]


def test_items_that_name_each_other_in_superseded_by_are_warned_at_that_line(tmp_path: Path) -> None:
    # Two items each naming the other in superseded_by: both were taken as superseded and every
    # claim of both left the graph, and the build said nothing (the PR body only listed two trust changes).
    names = ("2026-03-01-a", "2026-03-02-b", "2026-03-03-c")
    for slug, by in zip(names, ("2026-03-02-b", "2026-03-03-c", "2026-03-01-a"), strict=True):
        write(tmp_path, f"{slug}.md", GOOD.replace("cites: [2026-01-01-older]\n", "")
              .replace("superseded_by: ~", f"superseded_by: {by}"))
    write(tmp_path, "2026-03-04-d.md", GOOD.replace("superseded_by: ~", "superseded_by: 2026-03-01-a"))  # not in it
    warnings = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if "superseded" in i.message]
    line = GOOD.replace("cites: [2026-01-01-older]\n", "").split("\n").index("superseded_by: ~") + 1
    assert [(w.location.path.rsplit("/", 1)[-1], w.location.line) for w in warnings] == [
        (f"{slug}.md", line) for slug in names]
    assert warnings[0].message == ("superseded_by: 2026-03-01-a, 2026-03-02-b, 2026-03-03-c each name the next as "
                                   "superseding it, round to the first: all are superseded and none of their claims "
                                   "stays in the graph")
    assert warnings[0].hint == "keep superseded_by only on the items a newer one replaces"


@pytest.mark.parametrize("field", ["cites", "supersedes", "superseded_by"])
def test_a_link_to_no_item_is_warned_at_its_fields_line(tmp_path: Path, field: str) -> None:
    # The warning said line 2 (the frontmatter's first line) whatever line held the link.
    text = GOOD.replace("superseded_by: ~\n", "").replace("cites: [2026-01-01-older]", f"{field}: [2026-01-01-gone]")
    write(tmp_path, "2026-03-01-good.md", text)
    [warning] = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if "not an item here" in i.message]
    line = text.split("\n").index(f"{field}: [2026-01-01-gone]") + 1
    assert line != 2 and warning.location.line == line
    assert warning.message == f"{field} names '2026-01-01-gone', which is not an item here"
    assert warning.dangling == DanglingLink(field, "2026-01-01-gone")  # the fact the PR reads, not the words


@pytest.mark.parametrize("field", ["cites", "supersedes", "superseded_by"])
def test_a_block_list_entry_naming_no_item_is_warned_at_its_own_line(tmp_path: Path, field: str) -> None:
    # A plain slug was warned at the key's line, with the entry lines below (qa32 placed the
    # {item: ...} entries of cites: at their own lines; plain slugs had no line of their own).
    block = f"{field}:\n  - 2026-01-01-gone\n  # a comment\n\n  - 2026-01-02-lost\n"
    text = GOOD.replace("superseded_by: ~\n", "").replace("cites: [2026-01-01-older]\n", block)
    write(tmp_path, "2026-03-01-good.md", text)
    warnings = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if "not an item here" in i.message]
    lines = text.split("\n")
    assert sorted((w.location.line, w.message.split("'")[1]) for w in warnings) == [
        (lines.index("  - 2026-01-01-gone") + 1, "2026-01-01-gone"), (lines.index("  - 2026-01-02-lost") + 1, "2026-01-02-lost")]


def test_a_cite_of_later_work_in_a_block_list_is_warned_at_its_entry(tmp_path: Path) -> None:
    write(tmp_path, "2026-01-01-older.md", OLDER.replace("completed: 2026-03-01T10:00:00+00:00", "completed: 2026-04-01"))
    text = GOOD.replace("cites: [2026-01-01-older]", "cites:\n  - 2026-01-01-older")
    write(tmp_path, "2026-03-01-good.md", text)
    [warning] = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if "after" in i.message]
    assert warning.location.line == text.split("\n").index("  - 2026-01-01-older") + 1


@pytest.mark.parametrize("written", ["../../etc/passwd", "Research/completed/2026-01-01-gone.md"])
def test_a_link_to_no_item_quotes_what_was_written_and_says_an_entry_is_a_slug(tmp_path: Path, written: str) -> None:
    # `cites: ../../etc/passwd` was warned as "cites names 'passwd'": a slug the author never wrote,
    # and no word of what a cites entry is.
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("cites: [2026-01-01-older]", f"cites: [{written}]"))
    [warning] = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if "not an item here" in i.message]
    slug = written.rsplit("/", 1)[-1].removesuffix(".md")
    assert warning.message == f"cites names {slug!r} (written {written!r}), which is not an item here"
    assert "slug" in warning.hint and "file name" in warning.hint, warning.hint
    assert warning.dangling == DanglingLink("cites", slug)


def test_only_a_link_to_no_item_carries_the_missing_slug(tmp_path: Path) -> None:
    """A cite of later work is no dangling link, though its words begin "cites" too."""
    write(tmp_path, "2026-01-01-older.md", OLDER.replace("completed: 2026-03-01T10:00:00+00:00", "completed: 2026-04-01"))
    write(tmp_path, "2026-03-01-good.md", GOOD)
    [later] = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if "after" in i.message]
    assert later.message.startswith("cites '2026-01-01-older'") and later.dangling is None


@pytest.mark.parametrize(("older", "shown"), [
    ("2026-03-02T10:00:00+00:00", "2026-03-02"),  # a cite of later work
    ("9999-12-31", "9999-12-31"),  # a far-future date: every item citing it lost its edge to it
])
def test_a_cite_of_an_item_completed_later_is_warned_at_the_cites_line(tmp_path: Path, older: str, shown: str) -> None:
    # Later work extends earlier work, so the cite made no extends edge, and nothing said so: an
    # author's explicit cites entry, or every citing item's edge after one mistyped completed: date.
    write(tmp_path, "2026-01-01-older.md", OLDER.replace("completed: 2026-03-01T10:00:00+00:00", f"completed: {older}"))
    write(tmp_path, "2026-03-01-good.md", GOOD)
    # The citing item's warning (the far-future item is warned at its own completed: line too, item_dates).
    [warning] = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if i.message.startswith("cites ")]
    assert (warning.location.path, warning.location.line) == ("2026-03-01-good.md",
                                                              GOOD.split("\n").index("cites: [2026-01-01-older]") + 1)
    assert warning.message == (f"cites '2026-01-01-older', completed {shown}, after this item (2026-03-01): "
                               "no extends edge is made (later work extends earlier work)")
    assert warning.slug == "2026-03-01-good"


def test_a_cite_of_an_item_completed_the_same_day_is_no_later_work(tmp_path: Path) -> None:
    # Completion dates are days: a cite of a same-day item says which came first, and makes an
    # extends edge (kgsync.graph.extends), so nothing is warned.
    write(tmp_path, "2026-03-01-zeta.md", OLDER)
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("2026-01-01-older", "2026-03-01-zeta"))
    assert not [i for i in read(tmp_path).issues if "no extends edge" in i.message]


def test_two_same_day_items_citing_each_other_are_ordered_by_slug(tmp_path: Path) -> None:
    write(tmp_path, "2026-03-01-zeta.md", OLDER.replace("cites: []", "cites: [2026-03-01-good]"))
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("2026-01-01-older", "2026-03-01-zeta"))
    [warning] = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if "no extends edge" in i.message]
    assert warning.slug == "2026-03-01-good"
    assert warning.message == ("cites '2026-03-01-zeta', completed the same day (2026-03-01), which cites this item "
                               "too, its slug sorting after this item's: no extends edge is made (later work extends "
                               "earlier work)")


def test_a_cites_entry_naming_no_item_is_warned_at_the_entry_s_line(tmp_path: Path) -> None:
    # A {item: …} entry of a block cites: list naming no item: at its own line, where the stance it
    # gives is warned too (the cites: key's line left the author to find it in the list).
    write(tmp_path, "2026-01-01-older.md", OLDER)
    entry = "  - {item: 2026-01-01-oldr, findings: [1], stance: supports, from: 1}"
    text = GOOD.replace("cites: [2026-01-01-older]\n", f"cites:\n  - 2026-01-01-older\n{entry}\n")
    write(tmp_path, "2026-03-01-good.md", text)
    [warning] = [i for i in read(tmp_path).issues if "2026-01-01-oldr" in i.message]
    assert warning.location.line == text.split("\n").index(entry) + 1


def test_an_undated_item_cited_by_others_is_warned_once_at_its_own_line_naming_them(tmp_path: Path) -> None:
    # qa207 made each citing item say "cites 'x', which has no completed: date"; inputs212 warned the undated item
    # itself: one fact said 1 + n times, n of them away from the line to fix. Said once, where the date goes,
    # with the items whose extends edges it costs (a slug and its cites: line each). No other warning of it.
    write(tmp_path, "2026-01-01-older.md", OLDER.replace("completed: 2026-03-01T10:00:00+00:00\n", ""))
    write(tmp_path, "2026-03-01-good.md", GOOD)
    write(tmp_path, "2026-03-02-also.md", GOOD.replace("cites: [2026-01-01-older]",
                                                       "cites:\n  - 2026-03-01-good\n  - 2026-01-01-older"))
    warnings = [i for i in only(read(tmp_path).issues, IssueSeverity.WARNING) if "completed" in i.message]
    assert [(w.location.path.rsplit("/", 1)[-1], w.location.line, w.message) for w in warnings] == [
        ("2026-01-01-older.md", 2, "no completed: date: the item is ordered after every dated item, so no extends edge "
         "runs to it from the 2 items citing it (2026-03-01-good at line 5, 2026-03-02-also at line 7)")]
    assert warnings[0].hint == ("add completed: 2026-01-01, the date its file name starts with, if the research was "
                                "finished that day")
