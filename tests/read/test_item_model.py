"""The reader's data: an Issue renders as file:line: severity: message (fix: hint) and converts to
the library's error; a ReadResult's failures; an item's sections by heading and its field lines."""

from __future__ import annotations

from dataclasses import replace

from kgsync.contract.errors import ItemError, Location
from kgsync.read.item_model import Issue, IssueSeverity, ReadResult, ResearchItem, failed_files, of_touched_items
from kgsync.read.item_sections import Section


def test_an_issue_renders_with_its_location_and_hint() -> None:
    issue = Issue(IssueSeverity.ERROR, Location("Research/a.md", 4), "no title", "add title:", "a")
    assert issue.render() == "Research/a.md:4: error: no title (fix: add title:)"
    assert Issue(IssueSeverity.WARNING, Location("b.md"), "odd").render() == "b.md: warning: odd"
    error = issue.as_error()
    assert isinstance(error, ItemError)
    assert (error.location, error.hint) == (Location("Research/a.md", 4), "add title:")


def test_a_read_result_fails_on_errors_only_and_names_their_slugs() -> None:
    at = Location("x.md", 1)
    issues = (Issue(IssueSeverity.ERROR, at, "bad", slug="2026-01-01-a"), Issue(IssueSeverity.WARNING, at, "odd", slug="b"),
              Issue(IssueSeverity.ERROR, at, "unreadable"), Issue(IssueSeverity.NOTICE, at, "fyi", slug="c"))
    result = ReadResult((), issues)
    assert result.failed == (issues[0], issues[2])
    assert result.failed_slugs == frozenset({"2026-01-01-a"})  # an error with no slug names none


def test_an_item_finds_its_section_by_heading_key_and_its_field_lines() -> None:
    summary = Section("**2. Executive Summary:**", 3, 12, "text")
    findings = Section("Key Findings", 3, 20, "1. x")
    item = replace(ResearchItem.known_only_by("2026-01-01-a", "2026-01-01"), sections=(summary, findings),
                   field_lines=(("cites", 5),), superseded_by=("2026-02-01-b",))
    assert item.section("executive summary") is summary
    assert item.section("summary", "KEY FINDINGS") is findings  # the first name that matches
    assert item.section("sources") is None
    assert (item.line_of("cites"), item.line_of("related")) == (5, 1)  # unknown: line 1
    assert item.is_superseded and not ResearchItem.known_only_by("x", "").is_superseded


def test_an_item_finds_the_analysis_of_its_findings_not_one_of_its_log() -> None:
    log = Section("§3 Analysis", 3, 10, "the log's")  # before the Findings: the research log's
    findings, analysis = Section("Findings", 2, 30, "..."), Section("Analysis", 3, 40, "why")
    item = replace(ResearchItem.known_only_by("2026-01-01-a", "2026-01-01"), sections=(log, findings, analysis))
    assert item.findings_analysis() == "why"
    assert replace(item, sections=(log, analysis)).findings_analysis() == ""  # no Findings
    assert replace(item, sections=(log, findings)).findings_analysis() == ""  # no Analysis after them


def test_failed_files_counts_files_with_an_error_not_messages() -> None:
    # Two errors in one file are one failed item; a duplicate slug's second file (slug "") counts too.
    issues = [Issue(IssueSeverity.ERROR, Location("a.md", 3), "bad cites entry", slug="a"),
              Issue(IssueSeverity.ERROR, Location("a.md", 3), "bad cites entry", slug="a"),
              Issue(IssueSeverity.WARNING, Location("b.md", 1), "odd", slug="b"),
              Issue(IssueSeverity.ERROR, Location("sub/a.md", 1), "duplicate slug 'a'")]
    assert failed_files(issues) == 2
    assert failed_files([]) == 0


def test_an_untouched_items_warnings_are_held_back_and_errors_never() -> None:
    def issue(severity: IssueSeverity, slug: str) -> Issue:
        return Issue(severity, Location(f"{slug}.md", 1), "m", slug=slug)

    old_warning, old_error, new_warning = (issue(IssueSeverity.WARNING, "old"), issue(IssueSeverity.ERROR, "old"),
                                           issue(IssueSeverity.WARNING, "new"))
    readme = issue(IssueSeverity.NOTICE, "")  # not an item: no slug, never touched
    every = (old_warning, old_error, new_warning, readme)
    assert of_touched_items(every, frozenset({"new"})) == ((old_error, new_warning), (old_warning, readme))
    assert of_touched_items(every, None) == (every, ())  # a first build: every item is new


def test_a_warning_of_no_item_is_always_shown() -> None:
    # A veto naming no claim is the maintainers' veto file's warning, not an old item's: held back,
    # it was counted as "1 warning in 1 item file" and a typo in a veto stayed hidden without
    # --all-warnings.  It is shown as kgsync.yml's problems are; an item's warning is still held.
    veto = Issue(IssueSeverity.WARNING, Location("kgsync-veto.yml", 2), "this veto names claim:a:typo")
    old = Issue(IssueSeverity.WARNING, Location("old.md", 1), "m", slug="old")
    assert of_touched_items((veto, old), frozenset()) == ((veto,), (old,))
