"""The reader's field checks (kgsync.read.item_checks): slugs normalised from paths and links, dates."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.read.item_model import Issue
from kgsync.read.items import IssueSeverity, normalise_slug
from tests.read.item_files import GOOD, OLDER, only, read, write


def test_normalise_slug() -> None:
    assert normalise_slug("Research/completed/2026-01-01-x.md") == "2026-01-01-x"
    assert normalise_slug("https://github.com/o/r/blob/main/Research/completed/2026-01-01-x.md#L3") == "2026-01-01-x"
    assert normalise_slug("2026-01-01-x") == "2026-01-01-x"


@pytest.mark.parametrize(
    "stamp",
    ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+01:00"],  # a year past 9999 or before 1 once in UTC
)
def test_a_date_whose_utc_day_is_out_of_range_is_an_error_at_its_line(tmp_path: Path, stamp: str) -> None:
    """``completed: 9999-12-31T23:59:59-23:59`` is a valid YAML timestamp whose UTC day falls in the
    year 10000: converting it raised OverflowError out of the reader, a traceback that stopped the
    whole build. It is one item's date that is no date, as "2026-13-45" is."""
    write(tmp_path, "2026-01-01-older.md", OLDER)
    write(tmp_path, "2026-02-02-far.md", GOOD.replace("completed: 2026-03-01T10:00:00+00:00", f"completed: {stamp}"))
    result = read(tmp_path)
    [error] = only(result.issues, IssueSeverity.ERROR)
    assert "is not a date" in error.message and error.location.path.endswith("2026-02-02-far.md")
    assert error.location.line == GOOD.split("\n").index("completed: 2026-03-01T10:00:00+00:00") + 1
    assert [i.slug for i in result.items] == ["2026-01-01-older"]


def test_a_byte_order_mark_inside_the_file_is_removed_with_a_warning_at_its_line(tmp_path: Path) -> None:
    """Two files saved with a BOM and joined (``cat a.md b.md``), or a paste from such a file, leave
    U+FEFF inside the text, where no editor shows it: before ``### Key Findings`` it hid the heading
    (the item lost its four claims, with "no 'Key Findings' section" at the title's line), before a
    finding's number it hid that finding, without a word.  It is removed, as the one at the start is,
    and the first one is named at its line."""
    write(tmp_path, "2026-01-01-older.md", OLDER)
    joined = GOOD.replace("### Key Findings", "\ufeff### Key Findings").replace("2. [fact]", "\ufeff2. [fact]")
    write(tmp_path, "2026-03-01-good.md", joined)
    result = read(tmp_path)
    assert not only(result.issues, IssueSeverity.ERROR)
    good = {i.slug: i for i in result.items}["2026-03-01-good"]
    (tmp_path / "plain").mkdir()
    write(tmp_path / "plain", "2026-03-01-good.md", GOOD)
    write(tmp_path / "plain", "2026-01-01-older.md", OLDER)
    plain = {i.slug: i for i in read(tmp_path / "plain").items}["2026-03-01-good"]
    assert [(f.number, f.text, f.line) for f in good.key_findings] == [(f.number, f.text, f.line) for f in plain.key_findings]
    [warning] = [i for i in only(result.issues, IssueSeverity.WARNING) if "U+FEFF" in i.message]
    assert warning.location.line == GOOD.split("\n").index("### Key Findings") + 1
    assert warning.message.startswith("2 byte order marks (U+FEFF) inside the file") and warning.hint


@pytest.mark.parametrize("stamp", ["2026-01-05T10:00:00+25:00", "2026-01-05T25:00:00", "2026-01-05 10:61:00"])
def test_a_timestamp_whose_time_is_no_time_is_named_at_its_line(tmp_path: Path, stamp: str) -> None:
    """YAML reads these as timestamps and Python refuses them (an offset of 24 hours or more, hour 25,
    minute 61): the error said "frontmatter date is no date: offset must be a timedelta strictly between
    -timedelta(hours=24) ..." at line 2, the frontmatter's first, because only the date part was
    checked to find the line.  Now the line of the value, and the value."""
    write(tmp_path, "2026-01-01-older.md", OLDER)
    write(tmp_path, "2026-02-02-odd.md", GOOD.replace("completed: 2026-03-01T10:00:00+00:00", f"completed: {stamp}"))
    [error] = only(read(tmp_path).issues, IssueSeverity.ERROR)
    assert "date is no date" in error.message and repr(stamp) in error.message, error.message
    assert error.location.line == GOOD.split("\n").index("completed: 2026-03-01T10:00:00+00:00") + 1


def test_a_cites_entry_is_placed_at_its_own_line(tmp_path: Path) -> None:
    """A block ``cites:`` list of the documented ``{item, findings, stance, from}`` entries: a wrong
    entry was placed at the ``cites:`` key, not at its own line, and so was each entry's link (its
    finding-number warning, its evidence record): in a list of ten, the author had to find it."""
    write(tmp_path, "2026-01-01-older.md", OLDER)
    cites = ("cites:\n  - 2026-01-01-older\n  - {item: 2026-01-01-older, findings: [1], stance: supports, from: 1}\n"
             "  - item: 2026-01-01-older\n    findings: [2]\n    stance: extends\n"
             "  - {item: 2026-01-01-older, findings: [2], stance: suports}\n")
    text = GOOD.replace("cites: [2026-01-01-older]\n", cites)
    write(tmp_path, "2026-03-01-good.md", text)
    lines = text.split("\n")
    result = read(tmp_path)
    [error] = only(result.issues, IssueSeverity.ERROR)
    assert "stance 'suports'" in error.message
    assert error.location.line == lines.index("  - {item: 2026-01-01-older, findings: [2], stance: suports}") + 1
    write(tmp_path, "2026-03-01-good.md", text.replace("suports", "supports"))
    [good] = [i for i in read(tmp_path).items if i.slug == "2026-03-01-good"]
    assert [c.line for c in good.cited_findings] == [
        lines.index(f"  - {entry}") + 1 for entry in (
            "{item: 2026-01-01-older, findings: [1], stance: supports, from: 1}", "item: 2026-01-01-older",
            "{item: 2026-01-01-older, findings: [2], stance: suports}")]
    flow = GOOD.replace("cites: [2026-01-01-older]",
                        "cites: [{item: 2026-01-01-older, findings: [1], stance: supports}]")  # one line: that line
    write(tmp_path, "2026-03-01-good.md", flow)
    [good] = [i for i in read(tmp_path).items if i.slug == "2026-03-01-good"]
    assert [c.line for c in good.cited_findings] == [flow.split("\n").index(
        "cites: [{item: 2026-01-01-older, findings: [1], stance: supports}]") + 1]


def test_a_list_field_written_as_one_text_with_commas_is_read_as_its_entries_with_a_warning(tmp_path: Path) -> None:
    """``themes: knowledge-graphs, benchmarks-eval`` (no brackets) is one YAML string: it became one
    theme, the tag ``knowledge_graphs,_benchmarks_eval``, and ``cites: a, b`` one slug naming no item,
    without a word on the form.  No slug or theme holds a comma: the entries are read, and the form
    warned at its line with the list to write."""
    write(tmp_path, "2026-01-01-older.md", OLDER)
    text = GOOD.replace("themes: [knowledge-graphs, rag-retrieval]", "themes: knowledge-graphs, rag-retrieval").replace(
        "cites: [2026-01-01-older]", "cites: 2026-01-01-older, 2026-01-01-older")
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    [good] = [i for i in result.items if i.slug == "2026-03-01-good"]
    assert good.themes == ("knowledge-graphs", "rag-retrieval") and good.cites == ("2026-01-01-older",)
    warnings = [i for i in only(result.issues, IssueSeverity.WARNING) if "not a list" in i.message]
    assert [(w.location.line, w.hint) for w in warnings] == [
        (text.split("\n").index("themes: knowledge-graphs, rag-retrieval") + 1,
         "write themes: [knowledge-graphs, rag-retrieval]"),
        (text.split("\n").index("cites: 2026-01-01-older, 2026-01-01-older") + 1,
         "write cites: [2026-01-01-older, 2026-01-01-older]")]


@pytest.mark.parametrize("empty", ["-", "- ~", "- ''"])
def test_an_empty_cites_entry_is_an_error_at_its_line(tmp_path: Path, empty: str) -> None:
    # Rejected as a malformed cites: mapping entry is: an entry left empty is a citation the author meant (qa85).
    write(tmp_path, "2026-01-01-older.md", OLDER)
    text = GOOD.replace("cites: [2026-01-01-older]", f"cites:\n  - 2026-01-01-older\n  {empty}")
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    [error] = only(result.issues, IssueSeverity.ERROR)
    assert (error.message, error.location.line) == ("cites: entry 2 is empty", text.split("\n").index(f"  {empty}") + 1)
    assert "write the cited item's slug" in error.hint
    assert [i.slug for i in result.items] == ["2026-01-01-older"]


@pytest.mark.parametrize("empty", ["-", "- ~", "- ''", "- null"])
def test_an_empty_list_entry_is_warned_at_its_line(tmp_path: Path, empty: str) -> None:
    # `cites:` with an entry left empty (`-`) was dropped without a word: the author meant an item there.
    # An empty cites:, supersedes: or superseded_by: entry is an error (a link lost: the tests below); related: links nothing.
    write(tmp_path, "2026-01-01-older.md", OLDER)
    text = GOOD.replace("cites: [2026-01-01-older]", f"cites: [2026-01-01-older]\nrelated:\n  {empty}")
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    warned = [i for i in only(result.issues, IssueSeverity.WARNING) if "empty" in i.message]
    lines = text.split("\n")
    assert [(i.message, i.location.line) for i in warned] == [("related: entry 1 is empty; ignored", lines.index(f"  {empty}") + 1)]
    assert all("delete the line" in i.hint for i in warned)
    assert {i.slug: i.cites for i in result.items}["2026-03-01-good"] == ("2026-01-01-older",)


def test_a_misspelt_stance_is_answered_with_the_near_word(tmp_path: Path) -> None:
    """QA 121, row 8: ``stance: supportz`` gave the general form of a cites entry, not the word meant."""
    write(tmp_path, "2026-01-01-older.md", OLDER)
    for written, meant in (("supportz", "supports"), ("contradict", "contradicts"), ("Extends", "extends")):
        entry = f"{{item: 2026-01-01-older, findings: [1], stance: {written}}}"
        write(tmp_path, "2026-03-01-good.md", GOOD.replace("cites: [2026-01-01-older]", f"cites: [{entry}]"))
        [error] = only(read(tmp_path).issues, IssueSeverity.ERROR)
        assert f"stance {written!r} is not supports, contradicts or extends" in error.message, error.message
        assert error.hint == f"write stance: {meant}, the stance nearest {written!r}", error.hint
    far = "{item: 2026-01-01-older, findings: [1], stance: agrees}"
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("cites: [2026-01-01-older]", f"cites: [{far}]"))
    [error] = only(read(tmp_path).issues, IssueSeverity.ERROR)
    assert "nearest" not in error.hint and "stance: supports" in error.hint, error.hint  # no near word: the form


@pytest.mark.parametrize(("themes", "message"), [
    ("themes: {a: b}", "themes is a mapping, not a list of theme words"),
    ("themes:\n  agents: rag", "themes is a mapping, not a list of theme words"),
    ("themes: [[x]]", "themes: entry 1 is a list or a mapping, not text"),
    ("themes: [agents, {a: b}]", "themes: entry 2 is a list or a mapping, not text"),
])
def test_themes_that_are_a_mapping_or_hold_one_are_an_error_at_their_line(tmp_path: Path, themes: str,
                                                                          message: str) -> None:
    # Warned and ignored, the item was built without its theme nodes (example item 2026-01-05: 5 graph
    # lines lost with `themes: {a: b}`); the README: a theme that is no text is an error, the item keeps its nodes.
    error = _the_error(tmp_path, "themes: [knowledge-graphs, rag-retrieval]", themes)
    assert (error.location.line, error.message) == (4, message)
    assert error.hint.startswith("write ")


def _the_error(tmp_path: Path, field: str, written: str) -> Issue:
    """The one error of GOOD with ``field`` written as ``written``: the item fails (it keeps its last good
    build's nodes) and the item it cites is read."""
    write(tmp_path, "2026-01-01-older.md", OLDER)
    write(tmp_path, "2026-03-01-good.md", GOOD.replace(field, written))
    result = read(tmp_path)
    assert [i.slug for i in result.items] == ["2026-01-01-older"]
    [error] = only(result.issues, IssueSeverity.ERROR)
    return error


@pytest.mark.parametrize("cites", [
    "cites: {item: 2026-01-01-older, findings: [2], stance: extends}",
    "cites:\n  item: 2026-01-01-older\n  findings: [2]\n  stance: extends",
])
def test_one_cites_entry_written_without_its_list_is_read_as_that_entry(tmp_path: Path, cites: str) -> None:
    # One {item: …} mapping without the list around it was warned "cites is a mapping; ignored": the citation
    # left the graph. Its intent is as plain as a lone slug's (cites: <slug>, read as a one-entry list).
    write(tmp_path, "2026-01-01-older.md", OLDER)
    text = GOOD.replace("cites: [2026-01-01-older]", cites)
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    assert not [i for i in result.issues if i.severity is not IssueSeverity.NOTICE and i.message.startswith("cites")]
    [good] = [i for i in result.items if i.slug == "2026-03-01-good"]
    assert good.cites == ("2026-01-01-older",)
    [cited] = good.cited_findings
    assert (cited.item, cited.findings, cited.stance, cited.line) == ("2026-01-01-older", (2,), "extends", 5)


@pytest.mark.parametrize(("cites", "message"), [
    ("cites: {item: 2026-01-01-older, findings: [2], stance: extend}", "cites: stance 'extend' is not supports, "
     "contradicts or extends"),
    ("cites: {a: b}", "cites: a cites entry with findings has exactly the keys item, findings, stance (and from)"),
    ("cites: [[2026-01-01-older]]", "cites: entry 1 is a list or a mapping, not text"),
])
def test_a_malformed_lone_or_nested_cites_entry_is_an_error_at_its_line(tmp_path: Path, cites: str,
                                                                        message: str) -> None:
    error = _the_error(tmp_path, "cites: [2026-01-01-older]", cites)
    assert (error.location.line, error.message) == (5, message)


@pytest.mark.parametrize(("written", "line", "message"), [
    ("supersedes: {a: b}", 6, "supersedes is a mapping, not a list of item slugs"),
    ("superseded_by:\n  item: 2026-01-01-older", 6, "superseded_by is a mapping, not a list of item slugs"),
    ("supersedes: {item: 2026-01-01-older}", 6, "supersedes is a mapping, not a list of item slugs"),
    ("supersedes: [[2026-01-01-older]]", 6, "supersedes: entry 1 is a list or a mapping, not text"),
    ("superseded_by: [2026-01-01-older, {a: b}]", 6, "superseded_by: entry 2 is a list or a mapping, not text"),
    ("supersedes:\n  - 2026-01-01-older\n  - [2026-01-01-older]", 8, "supersedes: entry 2 is a list or a mapping, not text"),
    ("supersedes:\n  -", 7, "supersedes: entry 1 is empty"),
    ("superseded_by:\n  - ~", 7, "superseded_by: entry 1 is empty"),
])
def test_a_supersede_field_that_is_a_mapping_or_holds_one_is_an_error_at_its_line(tmp_path: Path, written: str,
                                                                                line: int, message: str) -> None:
    # Warned and ignored, the item was built without the supersede link its author meant: the old item's
    # status:superseded (its claims stayed in the graph) or the new item's extends edge to it. As a cites:
    # entry of the wrong shape: an error at its line, the item keeping its last good build's nodes.
    error = _the_error(tmp_path, "superseded_by: ~", written)
    assert (error.location.line, error.message) == (line, message)
    assert error.hint.startswith("write ")


@pytest.mark.parametrize(("field", "written", "line", "message"), [
    ("superseded_by: ~", "Superseded-By: [2026-01-01-older]", 6,
     "Superseded-By: not a field kgsync reads (superseded_by: is, and the item gives none): not read"),
    ("themes: [knowledge-graphs, rag-retrieval]", "Themes: [knowledge-graphs]", 4,
     "Themes: not a field kgsync reads (themes: is, and the item gives none): not read"),
    ("superseded_by: ~", "superseded by: [2026-01-01-older]", 6,
     "superseded by: not a field kgsync reads (superseded_by: is, and the item gives none): not read"),
])
def test_a_field_written_in_another_case_or_with_dashes_is_an_error_at_its_line(
        tmp_path: Path, field: str, written: str, line: int, message: str) -> None:
    # `Themes:`, `superseded-by:`: a field kgsync reads but for case, blanks and `-`, so the supersede link or the
    # themes left the graph without a word; no field of an author's own is written so.  That field not given: an
    # error at the key's line, the item keeping its last good build's nodes.
    error = _the_error(tmp_path, field, written)
    assert (error.location.line, error.message) == (line, message)
    assert error.hint.startswith("rename it ")


@pytest.mark.parametrize(("field", "written", "message"), [
    ("superseded_by: ~", "supercedes: [2026-01-01-older]",
     "supercedes: not a field kgsync reads (supersedes: is, and the item gives none): ignored"),
    ("superseded_by: ~", "superceded_by: [2026-01-01-older]",
     "superceded_by: not a field kgsync reads (superseded_by: is, and the item gives none): ignored"),
    ("superseded_by: ~", "superseded: [2026-01-01-older]",
     "superseded: not a field kgsync reads (supersedes: and superseded_by: are, and the item gives none): ignored"),
    ("cites: [2026-01-01-older]", "cite: Smith, J. (2026). Agent memory.", "cite: not a field kgsync reads (cites: is, and the item gives none): "
     "ignored"),
])
def test_a_near_spelling_of_a_field_is_warned_and_the_item_builds(tmp_path: Path, field: str, written: str,
                                                                   message: str) -> None:
    # `supercedes:` (a common misspelling) or `cite:` (how to cite the item, a field of the author's own): a near
    # spelling may be either, so it is warned at its line with the rename as the fix, as mkdocs warns an unknown
    # setting (--strict fails on it), and the item builds; an error would make an author rename a field of theirs.
    write(tmp_path, "2026-01-01-older.md", OLDER)
    text = GOOD.replace(field, written)
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    assert {i.slug for i in result.items} == {"2026-01-01-older", "2026-03-01-good"}
    [warning] = [i for i in only(result.issues, IssueSeverity.WARNING) if i.message == message]
    assert warning.location.line == text.split("\n").index(written) + 1
    assert warning.hint.startswith("rename it ") and "--strict" in warning.hint
    assert not only(result.issues, IssueSeverity.ERROR)


def test_a_field_near_one_kgsync_reads_beside_it_is_warned(tmp_path: Path) -> None:
    # Beside the field it is near (themes: given), `theme:` may be a field of the author's own: warned, not an error.
    write(tmp_path, "2026-01-01-older.md", OLDER)
    text = GOOD.replace("confidence: high", "confidence: high\ntheme: dark")
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    assert {i.slug for i in result.items} == {"2026-01-01-older", "2026-03-01-good"}
    [warning] = [i for i in only(result.issues, IssueSeverity.WARNING) if i.message.startswith("theme:")]
    assert (warning.location.line, warning.message) == (
        text.split("\n").index("theme: dark") + 1, "theme: not a field kgsync reads (themes: is, given too): ignored")
