"""kgsync.extract.markers: the author's stance marker, read exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.contract.model import RelationType
from kgsync.extract.markers import author_marks, without_marks
from kgsync.extract.references import scan
from kgsync.read.items import Issue
from tests.extract.evidence_items import NEW, OLD, links_of, new_item, old_item


def test_a_marker_names_relation_item_and_findings() -> None:
    [a, b] = author_marks(f"Text [contradicts: {OLD} KF2, KF3] more.", 7, NEW, 1)
    assert (a.target, a.finding, a.stance, a.held_by, a.exact, a.line) == (OLD, 2, RelationType.CONTRADICTS, 1, True, 7)
    assert b.finding == 3
    [c] = author_marks(f"[supports: `Research/completed/{OLD}.md` Key Finding 1 from KF2]", 3, NEW, 0)
    assert (c.target, c.finding, c.held_by) == (OLD, 1, 2)
    assert author_marks(f"[supports: {NEW} KF1]", 3, NEW, 0) == []  # a self-reference
    assert without_marks(f"A [supports: {OLD} KF1] B") == "A   B"


def test_a_marker_in_a_finding_links_exactly_whatever_the_prose_says() -> None:
    findings = (f"**Search waits.** The vendor disagrees. [supports: {OLD} KF2]", "Vector search waits.")
    [link] = links_of(old_item(), new_item("Nothing.", findings)).links[NEW]
    assert (link.source_number, link.relation) == (1, RelationType.SUPPORTS)
    assert ":vector-stores" in link.target_claim


def test_a_marker_outside_the_findings_names_its_source_with_from() -> None:
    body = f"Later analysis. [contradicts: {OLD} KF3 from KF2]"
    [link] = links_of(old_item(), new_item(body)).links[NEW]
    assert (link.source_number, link.relation) == (2, RelationType.CONTRADICTS)
    [mention] = scan(new_item(body))  # the marker's slug is not read again as prose
    assert mention.exact


def test_a_marker_that_cannot_be_linked_warns_with_the_fix() -> None:
    result = links_of(old_item(), new_item(f"Later analysis. [supports: {OLD} KF3]"))
    assert result.links == {}
    [issue] = result.issues
    assert "from KF<n>" in issue.hint and issue.location.line > 0
    result = links_of(old_item(), new_item("Later. [supports: 2026-09-09-nothing KF3 from KF1]"))
    assert "no item" in result.issues[0].message
    result = links_of(old_item(), new_item(f"Later. [supports: {OLD} KF9 from KF1]"))
    assert "Key Finding 9" in result.issues[0].message


def test_a_cites_entry_with_findings_and_a_stance_links_exactly() -> None:
    from tests.extract.evidence_items import item_text, make

    findings = ("SQLite FTS5 search is enough for a small corpus of items.", "Vector search waits until it grows.")
    front = f"cites:\n  - 2026-01-15-third-study\n  - {{item: {OLD}, findings: [2, 3], stance: contradicts, from: 2}}\n"
    item = make(NEW, item_text("New study", "2026-02-01", findings, "Nothing.", front))
    assert item.cites == ("2026-01-15-third-study", OLD)  # plain slugs stay valid
    links = links_of(old_item(), item).links[NEW]
    assert [(link.source_number, link.relation, link.line) for link in links] == [
        (2, RelationType.CONTRADICTS, 7), (2, RelationType.CONTRADICTS, 7)]  # the entry's own line
    assert {link.target_claim.split(":")[2].split("-")[0] for link in links} == {"vector", "binary"}


def test_a_malformed_cites_entry_is_rejected_with_the_form_to_write() -> None:
    from kgsync.read.items import IssueSeverity, read_item_bytes
    from tests.extract.evidence_items import item_text

    front = f"cites: [{{item: {OLD}, findings: [2], stance: agrees}}]\n"
    text = item_text("New study", "2026-02-01", ("One.",), "Nothing.", front)
    item, issues = read_item_bytes(text.encode(), f"Research/completed/{NEW}.md", NEW)
    assert item is None  # rejected, not stored with the entry dropped
    [issue] = issues
    assert issue.severity is IssueSeverity.ERROR and "'agrees'" in issue.message
    assert "stance: supports" in issue.hint and issue.location.line == 5


def test_a_misspelt_marker_links_nothing_and_is_warned_with_the_marker_to_write() -> None:
    from kgsync.extract.record import parse_record
    from tests.extract.evidence_items import item_text

    for written, meant in (("contradict", "contradicts"), ("support", "supports"), ("suports", "supports"),
                           ("Extend", "extends"), ("contradicting", "contradicts")):
        body = f"Later.\n\nThe vendor note. [{written}: {OLD} KF2 from KF1]\n"
        text = item_text("New study", "2026-02-01", ("One.", "Two."), body)
        [issue] = parse_record(text.encode(), f"Research/completed/{NEW}.md", NEW).issues
        assert issue.location.line == text.split("\n").index(body.split("\n")[2]) + 1, written
        assert f"[{written}: {OLD} KF2 from KF1]" in issue.message and "no link" in issue.message
        assert f"[{meant}: {OLD} KF2 from KF1]" in issue.hint
        assert links_of(old_item(), new_item(body)).links == {}  # no marker: no link


def test_a_bracket_far_from_a_stance_or_without_a_slug_is_not_a_misspelt_marker() -> None:
    from kgsync.extract.record import parse_record
    from tests.extract.evidence_items import item_text

    body = (f"[source: {OLD} KF2] [note: see KF2] [subports: old study KF1]\n\n"
            f"```\n[contradict: {OLD} KF2]\n```\n")
    text = item_text("New study", "2026-02-01", ("One.", "Two."), body)
    assert parse_record(text.encode(), f"Research/completed/{NEW}.md", NEW).issues == ()


def test_a_marker_with_full_width_letters_or_digits_is_read_as_it_shows() -> None:
    # an East Asian input method types ＫＦ２ (U+FF2B U+FF26 U+FF12): it shows, and means, KF2
    [a, b] = author_marks(f"Text [contradicts: {OLD} ＫＦ２，ＫＦ３ from ＫＦ１] more.", 7, NEW, 0)
    assert [(m.target, m.finding, m.held_by) for m in (a, b)] == [(OLD, 2, 1), (OLD, 3, 1)]
    [link] = links_of(old_item(), new_item(f"Later analysis. [supports: {OLD} ＫＦ２ from KF1]")).links[NEW]
    assert (link.source_number, link.relation) == (1, RelationType.SUPPORTS)
    assert ":vector-stores" in link.target_claim


def test_a_marker_naming_no_finding_number_warns_with_the_fix() -> None:
    # [supports: <slug> from KF1] was kept with finding 0 and, no word matching, linked nothing, silently
    result = links_of(old_item(), new_item(f"Later analysis. [supports: {OLD} from KF1]"))
    assert result.links == {}
    [issue] = result.issues
    assert issue.message == f"stance marker [supports: {OLD} …] names no finding of {OLD}: no link"
    assert f"[supports: {OLD} KF<n> from KF1]" in issue.hint and issue.location.line > 0


def test_a_marker_with_full_width_brackets_colon_or_stance_word_is_read_as_it_shows() -> None:
    # an East Asian input method types the brackets, the colon and the word full-width (U+FF3B, U+FF1A,
    # U+FF53 ...): the NFKC form of each character is the marker it shows, read as such, not as prose
    for written in (f"［supports：{OLD} KF2 from KF1］", f"[supports：{OLD} KF2 from KF1]",
                    f"［ｓｕｐｐｏｒｔｓ: {OLD} ＫＦ２ from KF1］", f"[ＳＵＰＰＯＲＴＳ：　{OLD} KF2 from KF1]",
                    f"[ſupports: {OLD} KF2 from KF1]"):  # the long s, NFKC "s": it raised ValueError
        [mark] = author_marks(f"Text {written} more.", 7, NEW, 0)
        assert (mark.target, mark.finding, mark.stance, mark.held_by) == (OLD, 2, RelationType.SUPPORTS, 1), written
        assert without_marks(f"Text {written} more.") == "Text   more.", written
        result = links_of(old_item(), new_item(f"Later analysis. {written}"))
        [link] = result.links[NEW]
        assert (link.source_number, link.relation) == (1, RelationType.SUPPORTS), written
        assert ":vector-stores" in link.target_claim and result.issues == ()
    assert author_marks(f"[contradıcts: {OLD} KF2 from KF1]", 7, NEW, 0) == []  # dotless i: no NFKC "i", prose


def test_a_full_width_marker_in_a_finding_is_no_word_of_it() -> None:
    findings = (f"Search waits, the vendor disagrees. ［contradicts：{OLD} ＫＦ２］", "Vector search waits.")
    item = new_item("Nothing.", findings)
    ascii_form = new_item("Nothing.", (f"Search waits, the vendor disagrees. [contradicts: {OLD} KF2]", findings[1]))
    assert item.key_findings[0].text == ascii_form.key_findings[0].text
    assert "contradicts" not in item.key_findings[0].text
    [link] = links_of(old_item(), item).links[NEW]
    assert (link.source_number, link.relation) == (1, RelationType.CONTRADICTS)


def _the_one_warning(written: str) -> Issue:
    """The one warning an item gets for ``written`` in its Analysis, checked to be at its line; and that
    ``written`` links nothing (no link from a guess)."""
    from kgsync.extract.record import parse_record
    from tests.extract.evidence_items import item_text

    body = f"Later.\n\nThe vendor note. {written}\n"
    text = item_text("New study", "2026-02-01", ("One.", "Two."), body)
    [issue] = parse_record(text.encode(), f"Research/completed/{NEW}.md", NEW).issues
    assert issue.location.line == text.split("\n").index(body.split("\n")[2]) + 1, written
    assert links_of(old_item(), new_item(body)).links == {}
    return issue


def test_a_marker_without_its_colon_links_nothing_and_is_warned_with_the_marker_to_write() -> None:
    from kgsync.extract.record import parse_record
    from tests.extract.evidence_items import item_text

    for written, meant in ((f"[supports {OLD} KF2 from KF1]", f"[supports: {OLD} KF2 from KF1]"),
                           (f"[Contradicts  `{OLD}.md` KF2, KF3]", f"[Contradicts: `{OLD}.md` KF2, KF3]"),
                           (f"[extend {OLD} KF1]", f"[extends: {OLD} KF1]"),
                           (f"［supports {OLD} KF2 from KF1］", f"[supports: {OLD} KF2 from KF1]")):
        issue = _the_one_warning(written)
        assert "no ':' after" in issue.message and "no link" in issue.message, issue.message
        assert f"write {meant}" in issue.hint, issue.hint
    body = "[Extend pipelines in Power Platform] [supports real time] [extends the old-study idea]\n"
    text = item_text("New study", "2026-02-01", ("One.", "Two."), body)
    assert parse_record(text.encode(), f"Research/completed/{NEW}.md", NEW).issues == ()  # no slug after the word


def test_a_marker_within_a_finding_s_later_line_links_from_that_finding() -> None:
    # the line is matched to the finding holding it by its words: the marker's words ("supports",
    # "old", "study", "kf2") are no words of the finding, nor of the line
    from tests.extract.evidence_items import item_text, make

    findings = ("SQLite FTS5 search is enough for a small corpus of items.", "Vector search waits until the corpus grows.")
    text = item_text("New study", "2026-02-01", findings, "Nothing.").replace(
        f"2. **{findings[1]}** Confidence: high.",
        f"2. **{findings[1]}** Confidence: high.\n   The vendor benchmark agrees [supports: {OLD} KF2] with the semantic"
        " search claim.")
    result = links_of(old_item(), make(NEW, text))
    [link] = result.links[NEW]
    assert (link.source_number, link.relation) == (2, RelationType.SUPPORTS) and ":vector-stores" in link.target_claim
    assert result.issues == ()


def test_a_marker_whose_stance_word_has_look_alike_letters_links_nothing_and_is_warned() -> None:
    # letters NFKC does not fold (Cyrillic "ѕ" U+0455, "е" U+0435, "х" U+0445, the dotless "ı" U+0131) that
    # read as a stance (UTS #39 skeleton): not read as a marker (a look-alike may hide a link), but warned
    from kgsync.extract.record import parse_record
    from tests.extract.evidence_items import item_text

    for written, meant in ((f"[ѕupports: {OLD} KF2 from KF1]", f"[supports: {OLD} KF2 from KF1]"),
                           (f"[contradıcts: {OLD} KF2 from KF1]", f"[contradicts: {OLD} KF2 from KF1]"),
                           (f"[ехtends {OLD} KF1]", f"[extends: {OLD} KF1]"),
                           (f"[ѕuports: {OLD} KF2 from KF1]", f"[supports: {OLD} KF2 from KF1]")):
        issue = _the_one_warning(written)  # not read as a marker
        assert written in issue.message and "look-alike" in issue.message and "no link" in issue.message, \
            issue.message
        assert "U+0" in issue.message, issue.message  # the letter named by its code point
        assert f"write {meant}" in issue.hint, issue.hint
        assert author_marks(written, 7, NEW, 0) == []
    body = "[Überblick: old-study KF1] [ѕource: old-study KF1] [примечание: old-study]\n"
    text = item_text("New study", "2026-02-01", ("One.", "Two."), body)
    assert parse_record(text.encode(), f"Research/completed/{NEW}.md", NEW).issues == ()  # no stance's look-alike


def test_a_marker_in_an_inline_code_span_is_code_not_a_marker() -> None:
    # an author showing the form ("write `[supports: <slug> KF2]` to say so") writes code, not a stance, as in
    # a fenced block (not read): it linked.  A slug in backticks inside a marker stays a marker.
    for line in (f"Write `[supports: {OLD} KF2 from KF1]` to say so.", f"Write ``[supports: {OLD} KF2 from KF1]``.",
                 f"A `tip` then `[contradicts: {OLD} KF2 from KF1]` here."):
        assert author_marks(line, 7, NEW, 0) == [], line
        assert f"{OLD}" not in without_marks(line), line  # code: not read as prose either
        assert links_of(old_item(), new_item(f"Later.\n\n{line}\n")).links == {}, line
    [mark] = author_marks(f"A `tip` then [supports: `{OLD}` KF2 from KF1] here.", 7, NEW, 0)
    assert (mark.target, mark.finding) == (OLD, 2)
    findings = (f"SQLite FTS5 search is enough, as `[supports: {OLD} KF1]` reads.", "Vector search waits.")
    assert f"`[supports: {OLD} KF1]`" in new_item("Nothing.", findings).key_findings[0].text  # code: its words


def test_a_marker_inside_an_html_comment_is_not_read() -> None:
    # an author withdraws a marker by commenting it out (GitHub renders nothing of it): it still linked
    for body in (f"Later.\n\nThe vendor note. <!-- [supports: {OLD} KF2 from KF1] -->\n",
                 f"Later.\n\n<!--\nWithdrawn: [contradicts: {OLD} KF2 from KF1]\n-->\n"):
        assert links_of(old_item(), new_item(body)).links == {}, body
    said = f"This supports {OLD} Key Finding 1: SQLite FTS5 ranks research items by BM25."
    assert links_of(old_item(), new_item(f"Later.\n\n{said}\n")).links
    assert links_of(old_item(), new_item(f"Later.\n\n<!-- {said} -->\n")).links == {}  # nor a citation there
    body = f"Later.\n\n<!-- a note --> The vendor note. [supports: {OLD} KF2 from KF1]\n"
    [link] = links_of(old_item(), new_item(body)).links[NEW]  # after the comment: read
    assert (link.source_number, link.relation) == (1, RelationType.SUPPORTS)


def test_a_marker_written_as_a_link_reference_definition_is_not_read() -> None:
    # `[supports: <slug> KF3 from KF1]: https://…` is a link reference definition (CommonMark 4.7): GitHub renders
    # nothing of it, as of an HTML comment, yet it was read as a marker and linked (qa85)
    for body in (f"Later.\n\n[supports: {OLD} KF2 from KF1]: https://example.org/note\n",
                 f"Later.\n\n[contradicts: {OLD} KF2 from KF1]:\n  <https://example.org/a b>\n",
                 f"Later.\n\n   [supports: {OLD} KF2 from KF1]: https://example.org/x 'a title'\n",
                 f"Later.\n\n[a]: https://a.org\n[supports: {OLD} KF2 from KF1]: https://example.org/x\n",
                 f"Later.\n\n- [extends: {OLD} KF2 from KF1]: https://example.org/x\n"):
        assert links_of(old_item(), new_item(body)).links == {}, body
    said = f"This supports {OLD} Key Finding 1: SQLite FTS5 ranks research items by BM25."
    assert links_of(old_item(), new_item(f"Later.\n\n[{said}]: https://example.org/x\n")).links == {}  # nor a citation
    # no definition, so rendered and read as before: inside a paragraph (a definition cannot interrupt one),
    # words after its address, no address at all
    for body in (f"Later.\n\nThe vendor note.\n[supports: {OLD} KF2 from KF1]: https://example.org/note\n",
                 f"Later.\n\n[supports: {OLD} KF2 from KF1]: https://example.org/note and more words\n",
                 f"Later.\n\n[supports: {OLD} KF2 from KF1]:\n\nThe vendor note.\n"):
        [link] = links_of(old_item(), new_item(body)).links[NEW]
        assert (link.source_number, link.relation) == (1, RelationType.SUPPORTS), body


def test_a_bracket_warned_as_no_marker_in_a_finding_links_nothing() -> None:
    # warned "is not a stance marker … read as prose" (now "… no link"), yet read by the prose scan: in a finding "contradicts"
    # is a cue whose object is the item named after it, and the bracket's "KF1" a finding number (a link)
    findings = ("SQLite FTS5 search is enough for a small corpus of items.", "Vector search waits until the corpus grows.")
    for written in (f"[contradicts {OLD} KF1]", f"[supports {OLD} KF1]", f"[extends {OLD} KF1]",
                    f"[contradict: {OLD} KF1]", f"[suports: {OLD} KF1]", f"[ѕupports: {OLD} KF1]",
                    f"[contradıcts {OLD} KF1]"):
        item = new_item("Nothing.", (findings[0], f"{findings[1]}** {written} **"))
        assert links_of(old_item(), item).links == {}, written
        assert without_marks(f"A {written} B").split() == ["A", "B"], written
    said = f"Vector search waits, as {OLD} Key Finding 2 found."  # a citation in the prose still links
    assert links_of(old_item(), new_item("Nothing.", (findings[0], f"{findings[1]}** {said} **"))).links


def test_a_marker_in_a_code_span_in_a_finding_links_nothing() -> None:
    # the span is code (no marker), yet the prose scan read its slug and "KF1" as a numbered citation: extends
    findings = ("SQLite FTS5 search is enough for a small corpus of items.", "Vector search waits until the corpus grows.")
    for written in (f"`[contradicts: {OLD} KF1]`", f"``[supports: {OLD} KF1 from KF2]``", f"`[suports: {OLD} KF1]`"):
        item = new_item("Nothing.", (findings[0], f"{findings[1]}** {written} **"))
        assert links_of(old_item(), item).links == {}, written
        assert links_of(old_item(), new_item(f"Later.\n\nWrite {written} to say so.\n")).links == {}, written


def test_a_misspelt_marker_in_a_code_span_or_an_html_comment_is_not_warned() -> None:
    # code and a comment are read as nothing: no marker, and no warning of one misspelt
    from kgsync.extract.record import parse_record
    from tests.extract.evidence_items import item_text

    for line in (f"Write `[contradict: {OLD} KF2 from KF1]` to say so.", f"A ``[supports {OLD} KF2]`` form.",
                 f"The note. <!-- [contradict: {OLD} KF2 from KF1] -->", f"<!--\nWithdrawn [supports {OLD} KF2]\n-->",
                 f"[contradict: {OLD} KF2 from KF1]: https://example.org/x"):
        text = item_text("New study", "2026-02-01", ("One.", "Two."), f"Later.\n\n{line}\n")
        assert parse_record(text.encode(), f"Research/completed/{NEW}.md", NEW).issues == (), line
    line = f"A `tip` then [contradict: {OLD} KF2 from KF1] <!-- a note -->"  # outside both: still warned
    text = item_text("New study", "2026-02-01", ("One.", "Two."), f"Later.\n\n{line}\n")
    [issue] = parse_record(text.encode(), f"Research/completed/{NEW}.md", NEW).issues
    assert "no link" in issue.message


def test_a_marker_naming_this_item_or_no_slug_links_nothing_and_is_warned() -> None:
    # [supports: <this item> KF2] and [supports: <slug> KF2] (the docs' form, copied as it stands) were dropped
    # without a word: the author's precise form read as nothing, silently (docs/EVIDENCE.md: a marker that
    # cannot be linked is warned with path:line and the fix)
    for written, what, meant in ((f"[supports: {NEW} KF2 from KF1]", "names this item itself", "another item's slug"),
                                 ("[supports: <slug> KF2 from KF1]", "names no item", "file name without .md")):
        issue = _the_one_warning(written)
        assert what in issue.message and "no link" in issue.message, issue.message
        assert meant in issue.hint, issue.hint
    findings = (f"SQLite FTS5 search is enough for a small corpus. [supports: {NEW} KF2]", "Vector search waits.")
    assert links_of(old_item(), new_item("Nothing.", findings)).links == {}
    from kgsync.extract.record import parse_record
    from tests.extract.evidence_items import item_text

    text = item_text("New study", "2026-02-01", findings, "Nothing.")
    [issue] = parse_record(text.encode(), f"Research/completed/{NEW}.md", NEW).issues
    assert "names this item itself" in issue.message and issue.location.line == text.split("\n").index(
        f"1. **{findings[0]}** Confidence: high.") + 1


def test_a_marker_naming_the_cited_item_by_its_url_links_as_its_slug() -> None:
    # "a path ending in it also works", as a cites: entry's URL does (read.item_checks.normalise_slug): a marker
    # with the cited file's URL was dropped without a word
    url = f"https://github.com/o/r/blob/main/Research/completed/{OLD}.md"
    result = links_of(old_item(), new_item(f"Later analysis. [supports: {url} KF2 from KF1]"))
    [link] = result.links[NEW]
    assert (link.source_number, link.relation) == (1, RelationType.SUPPORTS) and ":vector-stores" in link.target_claim
    assert result.issues == ()


def test_a_marker_with_a_finding_number_it_cannot_read_links_nothing_and_is_warned() -> None:
    # KF0 and KF-1 were read as no number: in a finding the marker then linked the finding its words matched, a
    # stance the author gave no finding; KF1-3 linked KF1 alone; KF2000 was read as KF200.  Each silently.
    findings = (f"SQLite FTS5 ranks research items by BM25 here too. [supports: {OLD} KF0]", "Vector search waits.")
    assert links_of(old_item(), new_item("Nothing.", findings)).links == {}
    for written, hint in ((f"[supports: {OLD} KF0 from KF1]", "the first is KF1"),
                          (f"[supports: {OLD} KF-1 from KF1]", "KF<n>"),
                          (f"[supports: {OLD} KF1-3 from KF1]", "KF1, KF2, KF3"),
                          (f"[contradicts: {OLD} KF2, 0 from KF1]", "the first is KF1"),
                          (f"[supports: {OLD} KF2000 from KF1]", "KF<n>"),
                          (f"[supports: {OLD} KF2 from KF0]", "the first is KF1")):
        issue = _the_one_warning(written)
        assert written[1:-1].split(" from")[0].split(": ", 1)[1] in issue.message and "no link" in issue.message, \
            issue.message
        assert hint in issue.hint, issue.hint
    [a, b] = author_marks(f"[supports: {OLD} KF1 and KF3]", 7, NEW, 1)  # the documented lists still read
    assert (a.finding, b.finding) == (1, 3)


def test_a_marker_with_a_blank_after_its_bracket_or_before_its_colon_links_nothing_and_is_warned() -> None:
    # [supports : <slug> KF2] and [ supports: <slug> KF2] were no marker and no bracket warned as none: read as
    # prose, in a Key Findings entry the slug and KF2 made an extends link, the stance the author wrote lost
    for written, meant in ((f"[supports : {OLD} KF2 from KF1]", f"[supports: {OLD} KF2 from KF1]"),
                           (f"[ contradicts: {OLD} KF2 from KF1]", f"[contradicts: {OLD} KF2 from KF1]"),
                           (f"[ extends : {OLD} KF1 ]", f"[extends: {OLD} KF1]")):
        issue = _the_one_warning(written)
        assert written in issue.message and "no link" in issue.message, issue.message
        assert f"write {meant}" in issue.hint, issue.hint
        findings = ("SQLite FTS5 search is enough for a small corpus of items.", f"Vector search waits. {written}")
        assert links_of(old_item(), new_item("Nothing.", findings)).links == {}, written


def test_a_marker_whose_slug_is_a_markdown_link_links_nothing_and_is_warned() -> None:
    # [supports: [the old study](2026-01-01-old-study.md) KF2] (the item linked, as a reader clicks it) was no
    # marker and no bracket warned as none: read as prose, in a Key Findings entry an extends link, the stance lost
    written = f"[supports: [the old study]({OLD}.md) KF2 from KF1]"
    issue = _the_one_warning(written)
    assert written in issue.message and "no link" in issue.message, issue.message
    assert f"write [supports: {OLD} KF2 from KF1]" in issue.hint, issue.hint
    findings = ("SQLite FTS5 search is enough for a small corpus of items.",
                f"Vector search waits. [contradicts: [old]({OLD}.md) KF2]")
    assert links_of(old_item(), new_item("Nothing.", findings)).links == {}


# A link reference definition after an HTML block, and a line of its shape inside one: read as cmark-gfm (the parser
# GitHub renders with) reads the same text.  Each definition-shaped line below gives its own address, d<line>.example:
# GitHub shows it (as text, code or raw HTML) unless the line is a definition.
_HTML_BLOCKS = (["<!-- a note -->"], ["<!--", "A withdrawn note.", "-->"], ["<!--", "", "URL_DEF", "--> after"],
                ["<!-->"], ["<pre>", "", "URL_DEF", "</pre>"], ["<script type=\"x\">", "URL_DEF", "</script>"],
                ["<textarea>", "", "URL_DEF", "</textarea>"], ["<?php", "", "URL_DEF", "?>"], ["<?>"],
                ["<!DOCTYPE html>"], ["<!DOCTYPE", "", "URL_DEF", ">"], ["<![CDATA[", "", "URL_DEF", "]]>"],
                ["<div>"], ["<div class=\"note\">", "URL_DEF"], ["</table>"], ["<span class='x'>"], ["</a >"],
                ["<x-note/>"], ["   <!-- indented -->"], ["- <!-- in a list item -->"], ["<divs>"], ["<!a>"],
                ["<span>"])
_OTHER_BLOCKS = ([""], ["Some text."], ["## A heading"], ["URL_DEF"], ["LABEL:", "  URL"], ["- An item."],
                 ["- URL_DEF"], ["", "```", "URL_DEF", "```"], ["> A quote."], ["***"], ["   URL_DEF"], ["1. URL_DEF"],
                 ["  more text"], ["    <div>"], ["# H"], ["   <pre>", "x", "</pre>"], ["  <!-- c -->"], [">"])


def _github_definition_lines(text: str) -> set[int]:
    """The (1-based) lines cmark-gfm reads as (a part of) a link reference definition, of those holding an
    address https://d<line>.example/ (with the label line before it when the address stands alone)."""
    import cmarkgfm
    from cmarkgfm.cmark import Options

    shown = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    out: set[int] = set()
    for number, line in enumerate(text.split("\n"), 1):
        if f"d{number}.example" in line and f"d{number}.example" not in shown:
            out |= {number - 1, number} if line.lstrip().startswith("https://") else {number}
    return out


def _numbered(blocks: list[list[str]]) -> str:
    lines = [line for block in blocks for line in block]
    return "\n".join(line.replace("URL_DEF", f"[l{n}]: https://d{n}.example/").replace("URL", f"https://d{n}.example/")
                     .replace("LABEL", f"[l{n}]") for n, line in enumerate(lines, 1)) + "\n"  # labels unique: none used


def _kgsync_definition_lines(text: str) -> set[int]:
    from kgsync.extract.markers import link_definitions

    return set(link_definitions(text, 1))


def test_a_definition_right_after_an_html_block_is_one_and_one_inside_it_is_none() -> None:
    # after a comment on one line or several (CommonMark 4.6, type 2, ends at the line holding "-->") the next
    # line opens a block: a definition there is one, and GitHub renders nothing of it; kgsync read it as text
    for block in _HTML_BLOCKS:
        for before in ([["Some text."], [""]], [[""]]):
            text = _numbered([*before, block, ["URL_DEF"], ["Some text."]])
            assert _kgsync_definition_lines(text) == _github_definition_lines(text), text
    assert _github_definition_lines(_numbered([["<!-- a note -->"], ["URL_DEF"]])) == {2}  # the oracle sees one


def test_a_marker_written_as_a_definition_after_an_html_comment_is_not_read() -> None:
    # docs227 built `KF4 → KF2 supports` from such a line; GitHub renders nothing of it
    for comment in ("<!-- a note -->", "<!--\nA withdrawn note.\n-->", "<pre>\nraw\n</pre>", "<?php echo 1; ?>"):
        body = f"Later.\n\n{comment}\n[supports: {OLD} KF2 from KF1]: https://example.org/note\n"
        assert links_of(old_item(), new_item(body)).links == {}, body
    # inside an HTML block of type 6 (a <div> up to the blank line) the line is raw HTML, shown: read as before
    body = f"Later.\n\n<div>\n[supports: {OLD} KF2 from KF1]: https://example.org/note\n</div>\n"
    [link] = links_of(old_item(), new_item(body)).links[NEW]
    assert (link.source_number, link.relation) == (1, RelationType.SUPPORTS)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_HTML_BLOCKS), st.sampled_from(_OTHER_BLOCKS)), max_size=12))
def test_the_definition_lines_are_those_github_reads(blocks: list[list[str]]) -> None:
    text = _numbered(blocks)
    assert _kgsync_definition_lines(text) == _github_definition_lines(text), text


def _github_shows(text: str, words: str) -> bool:
    """Whether GitHub shows ``words`` of ``text``: cmark-gfm's rendering less its HTML comments as an HTML parser
    reads them (``<!-->`` and ``<!--->`` are empty; one never closed runs to the end)."""
    import re

    import cmarkgfm
    from cmarkgfm.cmark import Options

    shown = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    return words in re.sub(r"<!--(?:-?>|[\s\S]*?-->|[\s\S]*$)", "", shown)


def test_a_marker_is_read_where_github_shows_it_around_an_html_comment() -> None:
    # `<!-->` is a whole (empty) comment; a comment opening a block and never closed hides the rest; one inside a
    # paragraph ends with it (a blank line); a "<!--" in fenced code opens none: kgsync read each the other way
    marker = f"The vendor note. [supports: {OLD} KF2 from KF1]"
    for body in (f"Later.\n\n<!-->\n{marker}\n<!-- a note -->\n", f"Later <!--> and {marker} <!-- a note -->\n",
                 f"Later.\n\n<!--->\n\n{marker}\n\nMore. <!-- a note -->\n", f"Later.\n\n<!-- never closed\n\n{marker}\n",
                 f"Later <!-- a note\n\n{marker} -->\n", f"Later.\n\n```\n<!-- code\n```\n\n{marker} -->\n",
                 f"Later.\n\n<!-- a note\n\nstill -->\n\n{marker}\n", f"Later.\n\n- <!-- a note\n\n  {marker} -->\n"):
        shown = _github_shows(f"{body}", "The vendor note.")
        assert bool(links_of(old_item(), new_item(body)).links) == shown, (body, shown)
