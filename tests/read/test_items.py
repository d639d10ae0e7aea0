"""Reading items: every kind of bad input gets a message with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.read.items import IssueSeverity, Source, find_item_files, read_item_bytes, read_items
from tests.read.item_files import GOOD, OLDER, only, read, write

def test_good_item_fields(tmp_path: Path) -> None:
    write(tmp_path, "2026-03-01-good.md", GOOD)
    write(tmp_path, "2026-01-01-older.md", OLDER)
    result = read(tmp_path)
    assert not only(result.issues, IssueSeverity.ERROR)
    item = {i.slug: i for i in result.items}["2026-03-01-good"]
    assert item.title == "A good item"
    assert item.completed == "2026-03-01"
    assert item.themes == ("knowledge-graphs", "rag-retrieval")
    assert item.cites == ("2026-01-01-older",)
    assert item.confidence == "high"
    assert item.research_question == "What is a knowledge graph?"
    assert item.sources == (Source("https://www.w3.org/RDF/", "W3C RDF"),)
    assert [f.number for f in item.key_findings] == [1, 2]
    assert item.key_findings[1].text.endswith("Continued line.")
    assert item.key_findings[0].line == GOOD.split("\n").index("1. **Knowledge graphs help recall.** "
                                                               "(high confidence; source: https://example.org/a)") + 1


@pytest.mark.parametrize(
    ("content", "message", "line"),
    [
        # A quote, [ or { left open is named where it opens, not where YAML gave up (the frontmatter's end).
        ("---\ntitle: [unclosed\n---\nbody\n", "malformed frontmatter YAML: a [ list opened on this line is never closed", 2),
        ('---\ntitle: "unclosed: x\nthemes: [a]\ncompleted: 2026-01-01\n---\n',
         "a quoted value opened on this line is never closed (found unexpected end of stream, line 4)", 2),
        ("---\ntitle: x\nthemes: [a, b\ncompleted: 2026-01-01\n---\n", "a [ list opened on this line is never closed", 3),
        ("---\ntitle: x\ncites: {item: a\ncompleted: 2026-01-01\n---\n", "a { mapping opened on this line", 3),
        ("---\ntitle: a: b: c\n---\n", "malformed frontmatter YAML", 2),
        ("", "empty file", 1),
        ("   \n\n", "empty file", 1),
        ("---\ntitle: x\n", "frontmatter is never closed", 1),
        ("---\n- a list\n---\n", "not a mapping", 2),
        ("---\nthemes: []\n---\nno title anywhere\n", "no title", 2),
        # A file named like an item is one: no frontmatter is an error (it keeps its old nodes), not a skip.
        ("# Notes\n\nNo frontmatter here.\n", "named like a research item", 1),
        ("\n\n---\ntitle: x\n---\n", "starts after line 1", 3),
        ("<!-- draft -->\n---\ntitle: x\n---\n", "named like a research item", 1),
        # Dates: YAML's date syntax that is no date, a quoted one, and words.
        ("---\ntitle: x\nthemes: [a]\ncompleted: 2026-02-30\n---\n", "date is no date", 4),
        ("---\ntitle: x\ncompleted: \"2026-13-45\"\n---\n", "is not a date", 3),
        ("---\ntitle: x\ncompleted: yesterday\n---\n", "is not a date", 3),
        ("---\ntitle: x\ncompleted: [2026-01-01]\n---\n", "is not a date", 3),
        # An integer past Python's 4,300-digit limit is a ValueError too, and no date: named as a number.
        ("---\ntitle: x\ncompleted: 2026-01-01\npriority: " + "9" * 5000 + "\n---\n",
         "priority: a number of 5000 digits", 4),
        # Shapes that would be written as Python reprs, and YAML aliases (the "billion laughs").
        ("---\nthemes: [a]\ntitle: [a, b]\n---\n", "title is a list, not text", 3),
        ("---\ntitle: yes\n---\n", "title is a bool", 2),
        ("---\nbase: &b x\ntitle: *b\n---\n", "YAML alias", 3),
        ("---\ntitle: x\nnested: " + "[" * 5000 + "]" * 5000 + "\n---\n", "maximum nesting depth", 3),
        # The author's choice of claims: a mapping with one key, numbers of findings the item has.
        ("---\ntitle: x\nkgsync: [1, 2]\n---\n", "kgsync must be a mapping with one key, claims", 3),
        ("---\ntitle: x\nkgsync: {claims: [1], colour: red}\n---\n", "kgsync must be a mapping", 3),
        ("---\ntitle: x\nkgsync: {claims: [0, \"two\"]}\n---\n", "is not a list of Key Finding numbers", 3),
        ("---\ntitle: x\nthemes: [a]\nkgsync:\n  claims: [2]\n---\n\n## Key Findings\n\n1. One finding.\n",
         "kgsync.claims names Key Finding 2, but the item has 1 Key Findings", 4),
    ],
)
def test_bad_items_are_errors_with_lines(tmp_path: Path, content: str, message: str, line: int) -> None:
    write(tmp_path, "2026-01-01-older.md", OLDER)
    write(tmp_path, "2026-02-02-bad.md", content)
    result = read(tmp_path)
    errors = only(result.issues, IssueSeverity.ERROR)
    assert len(errors) == 1, result.issues
    assert message in errors[0].message
    assert errors[0].location.path.endswith("2026-02-02-bad.md")
    assert errors[0].location.line == line
    assert [i.slug for i in result.items] == ["2026-01-01-older"]  # the others still build


def test_a_frontmatter_line_longer_than_a_line_is_read_is_an_error_keeping_the_previous_nodes(tmp_path: Path) -> None:
    # The QA pass (qa121), a huge line in the frontmatter: the build warned "only its start is read", yet
    # YAML read it whole: a 200,007-character title went into the graph, the PR body and the site.
    write(tmp_path, "2026-01-01-older.md", OLDER)
    write(tmp_path, "2026-02-02-huge.md", f"---\ncompleted: 2026-02-02\ntitle: \"{'x' * 200_000}\"\n---\n\n# Huge\n")
    result = read(tmp_path)
    [error] = only(result.issues, IssueSeverity.ERROR)
    assert (error.location.path, error.location.line) == ("2026-02-02-huge.md", 3)
    assert error.message == "title: line longer than 100,000 characters in the frontmatter: not read; the item keeps its previous nodes"
    assert error.hint == "keep frontmatter values short (a title, dates, short lists); long text belongs in the body"
    assert not [w for w in result.issues if "only its start is read" in w.message]
    assert [i.slug for i in result.items] == ["2026-01-01-older"]


@pytest.mark.parametrize("front", ["themes:\n\t- retrieval\n", "themes:\n  - search\n \t- retrieval\n"])
def test_a_tab_in_the_frontmatter_s_indentation_is_named_with_the_fix(tmp_path: Path, front: str) -> None:
    # The QA pass (qa121), an author whose editor indents with tabs: "found character that cannot start
    # any token (fix: fix the YAML (quote values containing ': ' or '#'))" named neither the tab nor its fix.
    write(tmp_path, "2026-02-02-tabs.md", f"---\ntitle: Tabs\ncompleted: 2026-02-02\n{front}---\n\n# Tabs\n")
    [error] = only(read(tmp_path).issues, IssueSeverity.ERROR)
    assert error.location.line == front.count("\n") + 3
    assert error.message.startswith("malformed frontmatter YAML: a tab in this line's indentation (")
    assert error.hint == "indent with spaces: YAML reads no tab in indentation"


@pytest.mark.parametrize("value", ["!!python/object/apply:os.system [echo]", "!secret x"])
def test_a_yaml_tag_in_the_frontmatter_is_named_with_the_fix(tmp_path: Path, value: str) -> None:
    # qa164, hostile input: a `!!python/...` tag is refused (safe loading), but the fix said to quote values
    # holding ': ' or '#', neither of which the line has; the tag is what to remove.
    write(tmp_path, "2026-02-02-tag.md", f"---\ntitle: Tagged\ncompleted: 2026-02-02\nsource: {value}\n---\n\n# T\n")
    [error] = only(read(tmp_path).issues, IssueSeverity.ERROR)
    assert error.location.line == 4 and error.message.startswith("malformed frontmatter YAML: ")
    assert error.hint is not None and error.hint.startswith("remove the YAML tag (the word after '!' before the value)")


def test_non_utf8_names_the_line(tmp_path: Path) -> None:
    write(tmp_path, "2026-02-02-latin1.md", GOOD.replace("What is", "Caf\u00e9 what is").replace("\u2014", "-").encode("latin-1"))
    errors = only(read(tmp_path).issues, IssueSeverity.ERROR)
    assert "not UTF-8" in errors[0].message
    assert errors[0].location.line == GOOD.split("\n").index("What is a knowledge graph?") + 1


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_is_named_as_such(tmp_path: Path, encoding: str) -> None:
    write(tmp_path, "2026-02-02-wide.md", GOOD.encode(encoding))
    [error] = only(read(tmp_path).issues, IssueSeverity.ERROR)
    assert error.message == "UTF-16 text, not UTF-8" and error.location.line == 1


def test_bom_and_crlf_are_read(tmp_path: Path) -> None:
    write(tmp_path, "2026-03-01-good.md", b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode("utf-8"))
    write(tmp_path, "2026-01-01-older.md", OLDER)
    result = read(tmp_path)
    assert not only(result.issues, IssueSeverity.ERROR)
    good = {i.slug: i for i in result.items}["2026-03-01-good"]
    assert good.title == "A good item" and len(good.key_findings) == 2


def test_shapes_kgsync_ignores_are_warnings_with_their_line(tmp_path: Path) -> None:
    write(tmp_path, "2026-01-01-older.md", OLDER)
    write(tmp_path, "2026-02-02-odd.md", GOOD.replace("confidence: high", "confidence: [high]")
          .replace("cites: [2026-01-01-older]", "cites: [2026-01-01-older]\nrelated: {a: b}")
          .replace("superseded_by: ~", "superseded_by: 2026-02-02-odd"))  # themes: {a: b} is an error (test_item_checks)
    result = read(tmp_path)
    assert not only(result.issues, IssueSeverity.ERROR)
    lines = GOOD.split("\n")
    warned = {(i.message.split(" ")[0], i.location.line) for i in only(result.issues, IssueSeverity.WARNING)}
    assert warned >= {("related", lines.index("cites: [2026-01-01-older]") + 2),
                      ("confidence", lines.index("confidence: high") + 2),
                      ("superseded_by", lines.index("superseded_by: ~") + 2)}
    odd = {i.slug: i for i in result.items}["2026-02-02-odd"]
    assert odd.superseded_by == () and odd.related == () and odd.confidence == ""  # ignored, not guessed
    assert len(odd.key_findings) == 2  # "superseded by itself" does not hide its claims


def test_a_quoted_star_is_text_not_an_alias(tmp_path: Path) -> None:
    write(tmp_path, "2026-02-02-star.md", GOOD.replace('title: "A good item"', 'title: "*Starred* item"'))
    write(tmp_path, "2026-01-01-older.md", OLDER)
    result = read(tmp_path)
    assert not only(result.issues, IssueSeverity.ERROR)
    assert {i.slug: i for i in result.items}["2026-02-02-star"].title == "*Starred* item"


def test_readme_without_frontmatter_is_a_notice(tmp_path: Path) -> None:
    write(tmp_path, "README.md", "# Completed\n\nResearch items live here.\n")
    result = read(tmp_path)
    assert result.items == ()
    notices = only(result.issues, IssueSeverity.NOTICE)
    assert notices and "not a research item" in notices[0].message
    assert not only(result.issues, IssueSeverity.ERROR)


def test_missing_sections_warn_but_build(tmp_path: Path) -> None:
    write(tmp_path, "2026-02-02-thin.md", "---\ntitle: Thin\n---\n\n## Research Question\n\nWhy?\n")
    result = read(tmp_path)
    assert [i.slug for i in result.items] == ["2026-02-02-thin"]
    messages = [i.message for i in only(result.issues, IssueSeverity.WARNING)]
    assert "no 'Executive Summary' section" in messages
    assert "no 'Key Findings' section" in messages


def test_a_section_swallowed_by_a_code_fence_never_closed_names_the_fence(tmp_path: Path) -> None:
    # A code fence left open in the question hides every heading after it: the item lost its claims
    # with "no 'Key Findings' section (fix: add a '## Key Findings' section)", about a heading right there.
    lines = GOOD.split("\n")
    fence = lines.index("What is a knowledge graph?") + 2
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("What is a knowledge graph?\n", "What is a knowledge graph?\n\n```python\n"))
    result = read(tmp_path)
    warnings = [(i.location.line, i.message, i.hint) for i in only(result.issues, IssueSeverity.WARNING)]
    at = lines.index("### Key Findings") + 3
    assert (fence + 1, f"no 'Key Findings' section: its heading (line {at}) is inside the code fence opened at line "
            f"{fence + 1}, which is never closed", "close the code block with a ``` line before the heading") in warnings
    assert [w[0] for w in warnings if "no 'Executive Summary'" in w[1]] == [fence + 1], warnings


def test_a_section_kept_in_an_html_comment_is_not_read_and_the_warning_names_the_comment(tmp_path: Path) -> None:
    # GitHub shows nothing of an HTML comment: a Key Findings block an author commented out is no section, and the
    # warning for it is at the comment's line, not "add a '### Key Findings' heading" about a heading right there
    commented = GOOD.replace("### Key Findings\n", "<!-- not ready\n### Key Findings\n").replace(
        "### Evidence Map\n", "-->\n\n### Evidence Map\n")
    lines = commented.split("\n")
    write(tmp_path, "2026-03-01-good.md", commented)
    result = read(tmp_path)
    assert [item.key_findings for item in result.items] == [()]
    warnings = [(i.location.line, i.message, i.hint) for i in only(result.issues, IssueSeverity.WARNING)]
    opened, at = lines.index("<!-- not ready") + 1, lines.index("### Key Findings") + 1
    assert (opened, f"no 'Key Findings' section: its heading (line {at}) is inside the HTML comment opened at line "
            f"{opened}, which GitHub does not show: a commented-out section is not read",
            "remove the comment's '<!--' and '-->' to publish the section") in warnings, warnings
    # a commented-out draft beside the section itself warns of nothing
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("### Evidence Map\n", "<!--\n### Key Findings\n\n1. Draft.\n-->\n"))
    again = read(tmp_path)
    assert [f.text for f in again.items[0].key_findings][1:] == ["[fact] Plain finding without bold. Second sentence. "
                                                                 "Continued line."]
    assert not [i for i in only(again.issues, IssueSeverity.WARNING) if "Key Findings" in i.message]


def test_very_long_lines_are_cut_and_reported(tmp_path: Path) -> None:
    write(tmp_path, "2026-01-01-older.md", OLDER + "\n" + "x" * 200_001 + "\n")
    result = read(tmp_path)
    assert len(result.items) == 1
    assert any("longer than" in w.message for w in only(result.issues, IssueSeverity.WARNING))


def test_a_very_long_line_s_warning_names_its_line_and_the_fix(tmp_path: Path) -> None:
    # The QA pass (qa121), an author pasting a huge paragraph: "line longer than 100,000 characters;
    # only its start is read" came with no fix, where every other message says how to mend it.
    write(tmp_path, "2026-01-01-older.md", OLDER + "\n" + "word " * 40_000 + "\n")
    [warning] = [w for w in only(read(tmp_path).issues, IssueSeverity.WARNING) if "longer than" in w.message]
    assert warning.location.line == OLDER.count("\n") + 2
    assert warning.hint == "break it into shorter lines: Markdown joins a paragraph's lines, so the page reads the same"


def test_hostile_text_is_data(tmp_path: Path) -> None:
    hostile = GOOD.replace('"A good item"', '"<script>alert(1)</script> | @octocat `x`"')
    write(tmp_path, "2026-03-01-good.md", hostile)
    item = read(tmp_path).items[0]
    assert item.title == "<script>alert(1)</script> | @octocat `x`"  # kept verbatim; renderers escape


def test_line_starts_at_column_zero_equal_checking_every_occurrence() -> None:
    """Headings are found as "\\n#" (plus the first line): the same lines as testing every "#"."""
    import random

    from kgsync.read.item_sections import _line_starts

    def every_occurrence(text: str, needle: str) -> list[int]:
        out, pos = [], 0
        while (hit := text.find(needle, pos)) >= 0:
            start = text.rfind("\n", 0, hit) + 1
            if start == hit:
                out.append(start)
            end = text.find("\n", hit)
            pos = (len(text) if end < 0 else end) + 1
        return out

    rnd = random.Random(2)
    for _ in range(5000):
        text = "".join(rnd.choice(["#", "##", "\n", " ", "a", "\n#", "`"]) for _ in range(rnd.randint(0, 15)))
        for needle in ("#", "##"):
            assert _line_starts(text, needle, False) == every_occurrence(text, needle), (text, needle)


@pytest.mark.parametrize("char", ["\x01", "\x0c", "\x1b", "\x7f", "\x85", "\x9b", "\ufdd0", "\ufffe", "\uffff",
                                  "\U0001fffe", "\U0010ffff"])
@pytest.mark.parametrize("where", ["title", "theme", "finding", "source"])
def test_a_control_character_or_noncharacter_anywhere_is_an_item_error_with_its_line(
        tmp_path: Path, char: str, where: str) -> None:
    text = {
        "title": GOOD.replace('title: "A good item"', f'title: "A good{char} [x](javascript:alert(1))"'),
        "theme": GOOD.replace("rag-retrieval]", f"rag{char}retrieval]"),
        "finding": GOOD.replace("Plain finding", f"Plain{char} finding"),
        "source": GOOD.replace("https://www.w3.org/RDF/", f"https://www.w3.org/{char}RDF/"),
    }[where]
    path = tmp_path / "2026-03-01-x.md"
    path.write_text(text, encoding="utf-8")
    result = read_items([path], tmp_path)
    assert result.items == ()
    [issue] = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    line = next(n for n, row in enumerate(text.split("\n"), 1) if char in row)
    assert issue.location is not None and issue.location.line == line
    assert f"U+{ord(char):04X}" in issue.message


@pytest.mark.parametrize("escape", ["\\x85", "\\x7f", "\\uFFFE", "\\x1b", "\\N"])
def test_a_yaml_escape_that_makes_a_control_character_is_an_item_error(tmp_path: Path, escape: str) -> None:
    path = tmp_path / "2026-03-01-x.md"
    path.write_text(GOOD.replace("themes: [knowledge-graphs, rag-retrieval]", f'themes: [ok, "a{escape}b"]'),
                    encoding="utf-8")
    result = read_items([path], tmp_path)
    assert result.items == ()
    [issue] = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert issue.location is not None and issue.location.line == 4 and "themes" in issue.message


def test_tab_newline_and_ordinary_unicode_stay_item_text(tmp_path: Path) -> None:
    path = tmp_path / "2026-03-01-x.md"
    path.write_text(GOOD.replace('title: "A good item"', 'title: "A\\tgood — ünïcode ☃ 𝔘 item\u2028"'),
                    encoding="utf-8")
    result = read_items([path], tmp_path)
    assert len(result.items) == 1 and "ünïcode ☃ 𝔘" in result.items[0].title


@pytest.mark.parametrize("slug", ["2026-03-01-x\n", "2026-03-01-x\r", "-leading", "a b"])
def test_a_file_name_that_is_no_slug_is_rejected_whole(slug: str) -> None:
    """A file may be named with a final newline: the slug check must see the whole name."""
    item, issues = read_item_bytes(b"---\ntitle: x\n---\n", f"Research/completed/{slug}.md", slug)
    assert item is None and "not a usable slug" in issues[0].message


def test_an_issue_converts_to_the_library_error_with_its_location_and_hint() -> None:
    """The documented map (kgsync.contract.errors): an item Issue is an ItemError."""
    from kgsync.contract.errors import ItemError

    _, issues = read_item_bytes(b"---\ntitle: [unclosed\n---\n", "research/x.md", "x")
    issue = issues[0]
    error = issue.as_error()
    assert isinstance(error, ItemError)
    assert (error.location, error.hint, error.message) == (issue.location, issue.hint, issue.message)
    assert error.render() == f"{issue.location}: {issue.message} (fix: {issue.hint})"


def test_invisible_and_bidi_characters_never_pass_the_boundary() -> None:
    """A right-to-left override and zero-width characters in a title or a theme are removed, with a warning."""
    text = ("---\ntitle: \"Safe \u202eevil\u200b title\u2066\"\nthemes: [\"data\u200d-quality\", \"agents\ufe0f\"]\n---\n\n"
            "# T\n\n## Key Findings\n\n1. One.\n")
    item, issues = read_item_bytes(text.encode(), "r/x.md", "x")
    assert item is not None
    assert item.title == "Safe evil title"
    assert item.themes == ("data-quality", "agents")
    warned = {(i.location.line, i.message.split(":")[0]) for i in issues if "invisible" in i.message}
    assert warned == {(2, "title"), (3, "themes")}
    h1, _ = read_item_bytes("---\nthemes: [a]\n---\n\n# Head\u202eline\n".encode(), "r/y.md", "y")
    assert h1 is not None and h1.title == "Headline"


@pytest.mark.parametrize("char", ["\u200b", "\u200e", "\u00ad", "\u202e", "\u2060"])
def test_an_invisible_character_in_a_field_s_name_is_removed_with_a_warning_and_the_field_read(char: str) -> None:
    """A zero-width or bidi character in a key (``\u200bsupersedes:``, pasted with the line) made a field kgsync
    does not read: the supersede link, the themes, even the completed: date left the graph without a word.
    Removed as from a value, with the same warning at the field's line, and the field read."""
    text = (f"---\ntitle: T\ncompleted: 2026-03-01\n{char}supersedes: [2026-01-01-a]\nthe{char}mes: [agents]\n"
            "---\n\n# T\n\n## Key Findings\n\n1. One.\n")
    item, issues = read_item_bytes(text.encode(), "r/2026-03-01-x.md", "2026-03-01-x")
    assert item is not None and item.supersedes == ("2026-01-01-a",) and item.themes == ("agents",)
    warned = [(i.location.line, i.message) for i in issues if "invisible" in i.message]
    assert warned == [(4, f"supersedes: invisible or bidi control character U+{ord(char):04X} removed"),
                      (5, f"themes: invisible or bidi control character U+{ord(char):04X} removed")]


def test_invisible_and_bidi_characters_in_the_body_never_reach_a_claim() -> None:
    """The body makes the claims (a Key Finding's text is its claim's title), the terms and the evidence:
    a right-to-left override there reordered the claim on the site and in an agent's answer, and a
    zero-width character cut a word of the claim's name ("sepa" of "sepa\u2066rate").  They are
    removed as from the frontmatter, with a warning at the first one's line."""
    text = ("---\ntitle: T\nthemes: [a]\n---\n\n# T\n\n## Key Findings\n\n"
            "1. **Agents \u202eseparate\u200b memory.** (high confidence)\n2. Two sepa\u2066rate\ufe0f parts.\n")
    item, issues = read_item_bytes(text.encode(), "r/x.md", "x")
    assert item is not None
    findings = next(s for s in item.sections if s.heading == "Key Findings").text
    assert "Agents separate memory." in findings and "Two separate parts." in findings
    assert not any(c in s.text + s.heading for s in item.sections for c in "\u202e\u200b\u2066\ufe0f")
    warned = [(i.location.line, i.severity) for i in issues if "invisible" in i.message]
    assert warned == [(10, IssueSeverity.WARNING)]  # one warning, at the first one's line
    assert "4 " in next(i.message for i in issues if "invisible" in i.message)  # how many were removed


def test_a_frontmatter_field_written_twice_is_warned_at_its_second_line(tmp_path: Path) -> None:
    # YAML keeps the last value without a word: the first themes: list was silently lost.
    text = GOOD.replace("confidence: high\n", "confidence: high\nthemes: [agents]\n")
    write(tmp_path, "2026-03-01-good.md", text)
    write(tmp_path, "2026-01-01-older.md", OLDER)
    result = read(tmp_path)
    [item] = [i for i in result.items if i.slug == "2026-03-01-good"]
    assert item.themes == ("agents",)  # what YAML keeps, as before
    [warning] = [i for i in only(result.issues, IssueSeverity.WARNING) if "twice" in i.message]
    assert (warning.location.path, warning.location.line) == ("2026-03-01-good.md", 8)
    assert warning.message == "themes: written twice (first at line 4); YAML keeps only the last"
    assert warning.hint == "keep one themes: line (merge the two lists)"


def test_a_list_entry_that_is_a_list_or_a_mapping_is_warned_not_dropped_silently(tmp_path: Path) -> None:
    # related: makes no node and no link: its nested entries are warned and ignored (in themes: and cites:, where
    # one would lose a node or a citation, they are an error: tests/read/test_item_checks.py).
    text = GOOD.replace("confidence: high", "related: [2026-01-01-older, [agents], {a: b}]\nconfidence: high")
    write(tmp_path, "2026-03-01-good.md", text)
    write(tmp_path, "2026-01-01-older.md", OLDER)
    result = read(tmp_path)
    [item] = [i for i in result.items if i.slug == "2026-03-01-good"]
    assert item.related == ("2026-01-01-older",)  # as before
    warnings = [(i.location.line, i.message, i.hint) for i in only(result.issues, IssueSeverity.WARNING)
                if i.message.startswith("related:")]
    assert warnings == [(7, "related: entries 2, 3 are a list or a mapping, not text; ignored",
                         "write each entry as plain text: related: [a, b]")]


def test_a_recursive_glob_reads_a_file_reached_again_through_a_link_once(tmp_path: Path) -> None:
    # A link back to its own folder made "**" walk it ~40 times deep: every item was read 40 times
    # and reported as a duplicate slug of itself ("X has the same file name" naming X), exit 1.
    folder = tmp_path / "items"
    folder.mkdir()
    write(folder, "2026-01-01-older.md", OLDER)
    (folder / "loop").symlink_to(".", target_is_directory=True)
    write(tmp_path, "2026-03-01-good.md", GOOD)
    (folder / "2026-03-01-good.md").symlink_to(tmp_path / "2026-03-01-good.md")  # another name, kept
    files = find_item_files("items/**/*.md", tmp_path)
    assert [p.relative_to(tmp_path).as_posix() for p in files] == ["items/2026-01-01-older.md", "items/2026-03-01-good.md"]
    result = read_items(files, tmp_path)
    assert only(result.issues, IssueSeverity.ERROR) == []


def test_a_missing_section_s_fix_names_the_heading_where_the_template_puts_it(tmp_path: Path) -> None:
    # The template writes the summary and the findings as "###" subsections of "## Findings": a fix
    # that says "add a '## Key Findings' section" sends the author to the wrong level.
    write(tmp_path, "2026-02-02-thin.md", "---\ntitle: Thin\n---\n\n# Thin\n\nNo sections.\n")
    hints = {i.message: i.hint for i in only(read(tmp_path).issues, IssueSeverity.WARNING)}
    assert hints["no 'Research Question' section"] == "add a '## Research Question' section, as in the item template"
    assert hints["no 'Executive Summary' section"] == (
        "add a '### Executive Summary' heading under the '## Findings' section, as in the item template")
    assert hints["no 'Key Findings' section"] == (
        "add a '### Key Findings' heading under the '## Findings' section, as in the item template")


def test_a_list_entry_naming_the_item_itself_or_nested_is_warned_at_the_entry_s_line(tmp_path: Path) -> None:
    # "cites names the item itself" and "cites: entry 2 is a list …" were warned at the cites: line, though a
    # cites entry is warned at its own "- " line (README: a cite of later work, an entry naming no item)
    write(tmp_path, "2026-01-01-older.md", OLDER)
    text = GOOD.replace("cites: [2026-01-01-older]", "cites:\n  - 2026-01-01-older\n  - 2026-02-02-odd\n"
                        "related:\n  - 2026-01-01-older\n  - [2026-01-01-older]")
    write(tmp_path, "2026-02-02-odd.md", text)
    lines = text.split("\n")
    warned = {i.message: i.location.line for i in only(read(tmp_path).issues, IssueSeverity.WARNING)}
    assert warned["cites names the item itself; ignored"] == lines.index("  - 2026-02-02-odd") + 1, warned
    assert warned["related: entry 2 is a list or a mapping, not text; ignored"] == \
        lines.index("  - [2026-01-01-older]") + 1, warned


def test_a_folder_an_items_glob_matches_is_named_as_a_folder_with_the_fix_for_the_glob(tmp_path: Path) -> None:
    # `items: "Research/*"` (everything under Research) matches the folder Research/completed: it failed as
    # "cannot read the file: Is a directory" with the fix "make it readable (permissions, a broken link), or
    # delete it", which names neither the folder nor the glob, and tells a newcomer to delete their items.
    (tmp_path / "Research" / "completed").mkdir(parents=True)
    write(tmp_path / "Research" / "completed", "2026-03-01-good.md", GOOD)
    result = read_items(find_item_files("Research/*", tmp_path), tmp_path)
    [issue] = only(result.issues, IssueSeverity.ERROR)
    assert str(issue.location) == "Research/completed"
    assert "is a folder" in issue.message and "Is a directory" not in issue.message, issue.message
    assert "delete it" not in issue.hint and "make it readable" not in issue.hint, issue.hint
    assert "**/*.md" in issue.hint and "folder itself" in issue.hint, issue.hint


def test_a_missing_section_is_warned_where_the_author_adds_it(tmp_path: Path) -> None:
    """QA 121, row 4: a missing Executive Summary or Key Findings was warned at the body's first line
    (the blank line after the frontmatter).  It is warned at the heading it goes before (the template's
    order), else under its parent, else after the last section, and the fix says which."""
    def warned(body: str) -> dict[str, tuple[int, str]]:
        write(tmp_path, "2026-02-02-thin.md", "---\ntitle: Thin\n---\n\n# Thin\n\n" + body)
        return {i.message: (i.location.line, i.hint) for i in only(read(tmp_path).issues, IssueSeverity.WARNING)}

    def line(body: str, heading: str) -> int:
        return 6 + body.split("\n").index(heading) + 1

    no_summary = "## Scope\n\nx\n\n## Findings\n\n### Key Findings\n\n1. **A finding.** More.\n\n### Evidence Map\n\nz\n"
    found = warned(no_summary)
    assert found["no 'Research Question' section"] == (line(no_summary, "## Scope"), "add a '## Research Question' "
                                                       "section, as in the item template (here: before '## Scope')")
    assert found["no 'Executive Summary' section"] == (line(no_summary, "### Key Findings"), "add a '### Executive "
                                                       "Summary' heading under the '## Findings' section, as in the "
                                                       "item template (here: before '### Key Findings')")
    no_findings = "## Research Question\n\nWhy?\n\n## Findings\n\n### Executive Summary\n\nSo.\n\n### Evidence Map\n\nz\n"
    assert warned(no_findings)["no 'Key Findings' section"][0] == line(no_findings, "### Evidence Map")
    assert warned(no_findings)["no 'Key Findings' section"][1].endswith("(here: before '### Evidence Map')")
    summary_last = "## Research Question\n\nWhy?\n\n## Findings\n\n### Executive Summary\n\nSo.\n"
    assert warned(summary_last)["no 'Key Findings' section"] == (
        line(summary_last, "### Executive Summary"), "add a '### Key Findings' heading under the '## Findings' section, "
        "as in the item template (here: after '### Executive Summary')")
    under = "## Research Question\n\nWhy?\n\n## Findings\n\nText.\n\n## Output\n\no\n"
    assert warned(under)["no 'Key Findings' section"][0] == line(under, "## Findings")
    assert warned(under)["no 'Executive Summary' section"][1].endswith("(here: under '## Findings')")
    no_parent = "## Research Question\n\nWhy?\n\n## Sources\n\n- a\n"
    for name in ("Executive Summary", "Key Findings"):
        at, hint = warned(no_parent)[f"no '{name}' section"]
        assert at == line(no_parent, "## Sources") and hint.endswith("(here: after the last section, '## Sources')")


def test_a_sources_entry_whose_link_is_no_web_address_is_warned_at_its_line(tmp_path: Path) -> None:
    """qa128 (qa121's leftover): a Sources entry linking to ``javascript:`` (or ``file:``, ``data:``) was
    dropped from the item's sources, and so from its page, with no word: the author never learned the
    reader loses it.  It is warned at its line with the fix; an entry with a web address, one naming a
    repository file, plain text, and a ``javascript:`` line inside a code block are not."""
    sources = ("- [W3C RDF](https://www.w3.org/RDF/) — the standard\n"
               "- [Evil](javascript:alert(3)) — hostile\n"
               "- [Local note](file:///etc/passwd)\n"
               "- [Taxonomy](Research/completed/2026-01-01-older.md)\n"
               "- Interview with the maintainers, 2026-02-01\n"
               "\n```\n[Shown](javascript:x)\n```\n")
    text = GOOD.replace("- [W3C RDF](https://www.w3.org/RDF/) — the standard\n", sources)
    write(tmp_path, "2026-03-01-good.md", text)
    result = read(tmp_path)
    lines = text.split("\n")
    warned = [(w.location.line, w.message, w.hint) for w in only(result.issues, IssueSeverity.WARNING)
              if "Sources" in w.message]
    assert [line for line, _, _ in warned] == [lines.index("- [Evil](javascript:alert(3)) — hostile") + 1,
                                              lines.index("- [Local note](file:///etc/passwd)") + 1], warned
    line, message, hint = warned[0]
    assert "'javascript:alert(3)'" in message and "no web address" in message and "not listed" in message, message
    assert "https" in hint, hint
    assert result.items[0].sources == (Source("https://www.w3.org/RDF/", "W3C RDF"),)  # the web addresses only


def test_a_sources_link_whose_address_holds_parentheses_is_listed_whole(tmp_path: Path) -> None:
    """qa128 row 7: a Sources address with parentheses (Wikipedia's ``…/The_Goal_(novel)``, a DOI's
    ``0004-3702(79)90008-0``) was cut at its first "(", so the item's page linked a page that is not there.
    It is read as CommonMark reads a link's address: balanced parentheses, or written in ``<…>``."""
    sources = ("- [The Goal](https://en.wikipedia.org/wiki/The_Goal_(novel)) — the novel\n"
               "- [Doyle (1979)](https://doi.org/10.1016/0004-3702(79)90008-0): truth maintenance\n"
               "- [Angle](<https://e.org/a(b>) and bare https://e.org/plain, too\n")
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("- [W3C RDF](https://www.w3.org/RDF/) — the standard\n", sources))
    assert [s.address for s in read(tmp_path).items[0].sources] == [
        "https://en.wikipedia.org/wiki/The_Goal_(novel)", "https://doi.org/10.1016/0004-3702(79)90008-0", "https://e.org/a(b",
        "https://e.org/plain"]


def test_a_sources_link_with_a_title_keeps_its_label_and_a_code_span_breaks_a_link(tmp_path: Path) -> None:
    """A Sources link's title holding parentheses (``"Doyle (1979)"``) made it no link: its address was listed bare, its
    label lost.  A code span that holds a link's "]" makes it no link (CommonMark reads the span first)."""
    sources = ('- [Doyle](https://e.org/tms "Doyle (1979)") — truth maintenance\n'
               "- [Prior research: `](https://e.org/prior.md`)\n")
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("- [W3C RDF](https://www.w3.org/RDF/) — the standard\n", sources))
    item = read(tmp_path).items[0]
    assert item.sources == (Source("https://e.org/tms", "Doyle"), Source("https://e.org/prior.md"))


def test_a_sources_link_keeps_the_label_its_author_wrote(tmp_path: Path) -> None:
    """qa128 row 8: the item's page listed its sources as bare URLs, the label ("Robertson and Zaragoza
    (2009) The Probabilistic Relevance Framework") lost.  Each labelled source keeps its first label."""
    sources = ("- [x] [Robertson and Zaragoza (2009) The  Probabilistic Relevance Framework](https://e.org/bm25)\n"
               "- [The Goal](https://en.wikipedia.org/wiki/The_Goal_(novel)) and bare https://e.org/plain\n"
               "- [Again](https://e.org/bm25)\n")
    write(tmp_path, "2026-03-01-good.md", GOOD.replace("- [W3C RDF](https://www.w3.org/RDF/) — the standard\n", sources))
    item = read(tmp_path).items[0]
    assert item.sources == (Source("https://e.org/bm25", "Robertson and Zaragoza (2009) The Probabilistic Relevance Framework"),
                            Source("https://en.wikipedia.org/wiki/The_Goal_(novel)", "The Goal"), Source("https://e.org/plain"))
