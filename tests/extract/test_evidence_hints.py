"""kgsync.extract.evidence_hints: each warning names the line, what was not linked, and the marker to write."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_hints import (describing_hint, guessed_source_hint, number_content_hint, own_stance_hint,
                                           prose_stance_hint,
                                           renumbered_hint,
                                           refused_hint, too_many_hint, unclear_source_hint, unnamed_finding_hint)
from kgsync.extract.evidence_model import Mention, Moved
from kgsync.pipeline.stages import build
from kgsync.read import config as config_module
from kgsync.read.items import Issue, IssueSeverity, ResearchItem
from tests.extract.evidence_items import NEW, OLD, mention, new_item


def test_every_hint_is_a_warning_at_the_line_with_the_marker_to_write() -> None:
    item = new_item("Nothing here.")
    for issue, marker in (
            (unclear_source_hint(item, mention(), OLD, 2), f"[extends: {OLD} KF2 from KF<n>]"),
            (describing_hint(item, mention(shape="reading"), OLD, 2), f"[extends: {OLD} KF2]"),
            (unnamed_finding_hint(item, mention(stance=RelationType.SUPPORTS), OLD), f"[supports: {OLD} KF<n>]"),
            (too_many_hint(item, mention(), OLD, 12, 8), f"[extends: {OLD} KF<n> from KF<m>]")):
        assert issue.severity is IssueSeverity.WARNING and issue.location.line == 7 and issue.slug == NEW
        assert marker in issue.hint


OTHER = "2026-01-15-other-study"


@pytest.mark.parametrize(("hint", "read", "linked", "markers"), [
    # read as a stance, not said in its own clause: extends, and the marker that states the stance
    (prose_stance_hint, f"agreeing with {OLD}'s Key Findings 2 and 3 and disputing {OTHER}'s Key Finding 1",
     "linked as extends at most", f"[supports: {OLD} KF2, KF3] [contradicts: {OTHER} KF1]"),
    # said in its own clause: written with its stance, and the marker that undoes it
    (own_stance_hint, f"agrees with {OLD}'s Key Findings 2 and 3 and disputes {OTHER}'s Key Finding 1",
     "linked as supports and contradicts", f"[extends: {OLD} KF2, KF3] [extends: {OTHER} KF1]"),
])
def test_a_prose_stance_is_one_warning_for_its_sentence_with_each_item_s_marker(
        hint: Callable[[ResearchItem, Mapping[tuple[str, int], Mention]], Issue], read: str, linked: str,
        markers: str) -> None:
    agreeing, disputing = mention(stance=RelationType.SUPPORTS), mention(stance=RelationType.CONTRADICTS)
    issue = hint(new_item("Nothing here."), {(OLD, 2): agreeing, (OLD, 3): agreeing, (OTHER, 1): disputing})
    assert issue.severity is IssueSeverity.WARNING and issue.location.line == 7 and issue.slug == NEW
    assert read in issue.message and linked in issue.message, issue.render()
    assert markers in issue.hint, issue.render()


def test_a_refused_cue_is_named_with_its_relation() -> None:
    item = new_item("Nothing here.")
    contradicting = refused_hint(item, mention(refused="reverses the"), OLD, 2)
    assert f"[contradicts: {OLD} KF2]" in contradicting.hint and "'reverses the'" in contradicting.message
    agreeing = refused_hint(item, mention(refused="confirms"), OLD, 0)
    assert f"[supports: {OLD} KF<n>]" in agreeing.hint and "linked as extends at most" in agreeing.message


def test_a_guessed_source_names_every_tied_finding_and_the_linked_one_first() -> None:
    issue = guessed_source_hint(new_item("Nothing here."), mention(), OLD, 2, (4, 6, 8))
    assert "KF4, KF6 and KF8 of this item match this sentence equally: linked from KF4" in issue.message
    assert f"[extends: {OLD} KF2 from KF<n>]" in issue.hint


def test_too_many_findings_says_how_many_are_cited_and_how_many_the_item_has() -> None:
    issue = too_many_hint(new_item("Nothing here."), mention(), OLD, 12, 8)
    assert f"cites 12 findings of {OLD}, which has 8" in issue.message and "no claim link" in issue.message


def test_a_cites_entry_naming_no_item_is_left_to_the_corpus_check_and_a_marker_is_warned() -> None:
    from tests.extract.evidence_items import item_text, links_of, make, old_item

    front = "cites:\n  - {item: 2026-09-09-nothing, findings: [2, 3], stance: supports, from: 1}\n"
    item = make(NEW, item_text("New study", "2026-02-01", ("One.", "Two."), "Nothing.", front))
    # none here: the corpus check warns it once at its line ("cites names '2026-09-09-nothing', which is not an
    # item here"); this one said it a second time (tests/cli/test_build.py)
    assert not links_of(old_item(), item).issues
    marked = new_item("Later. [supports: 2026-09-09-nothing KF2, KF3 from KF1]")
    [issue] = links_of(old_item(), marked).issues  # a marker is still named as the marker written
    assert issue.message.startswith("stance marker [supports: 2026-09-09-nothing …] names 2026-09-09-nothing")


def test_a_cites_entry_without_from_is_told_to_add_from() -> None:
    from tests.extract.evidence_items import item_text, links_of, make, old_item

    front = f"cites:\n  - {{item: {OLD}, findings: [2], stance: supports}}\n"
    item = make(NEW, item_text("New study", "2026-02-01", ("One.", "Two."), "Nothing.", front))
    [issue] = links_of(old_item(), item).issues
    assert issue.message.startswith(f"cites: entry {{item: {OLD}, stance: supports, …}} names no finding")
    assert issue.hint.startswith("add from: <n> to the entry")


_NEWER = "2026-01-20-newer-study"  # the item that supersedes the old study


def _write_items(root: Path, texts: dict[str, str]) -> config_module.Config:
    """A research repository in ``root`` holding ``texts`` (slug -> file text), built from nothing."""
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True, exist_ok=True)
    for slug, text in texts.items():
        (folder / f"{slug}.md").write_text(text, encoding="utf-8")
    (root / "kgsync.yml").write_text("items: Research/completed\ngraph: memory.jsonl\n", encoding="utf-8")
    return config_module.load(root)


def _line_of(text: str, part: str) -> int:
    """The 1-based line of ``text`` holding ``part``."""
    return 1 + next(n for n, line in enumerate(text.split("\n")) if part in line)


def test_a_marker_or_cites_entry_naming_a_superseded_item_s_finding_is_warned_with_the_superseding_item(
        tmp_path: Path) -> None:
    """A marker (and a cites: entry) naming a superseded item's finding made no link (its claims are out of
    the graph) and said nothing: the author was not told.  Now each is warned at its line, naming the item
    that supersedes it and what to write instead; still no link."""
    from tests.extract.evidence_items import OLD_FINDINGS, item_text

    marker = f"[supports: {OLD} KF2 from KF1]"
    front = f"cites:\n  - {{item: {OLD}, findings: [2, 3], stance: contradicts, from: 2}}\n"
    new = item_text("New study", "2026-02-01", ("SQLite FTS5 search is enough for a small corpus of items.",
                                                "Binary files can be diffed with a text dump."),
                    f"The vendor note agrees. {marker}\n", front)
    cfg = _write_items(tmp_path, {
        OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS, front=f"superseded_by: [{_NEWER}]\n"),
        _NEWER: item_text("Newer study", "2026-01-20", OLD_FINDINGS, front=f"supersedes: [{OLD}]\n"),
        NEW: new})
    result = build(cfg)
    assert not [r for r in result.graph.relations if r.source.startswith(f"claim:{NEW}:")]  # no claim link
    warned = {i.location.line: i for i in result.issues if i.slug == NEW and i.location is not None}
    path = f"Research/completed/{NEW}.md"
    for line, written in ((_line_of(new, marker), f"stance marker [supports: {OLD} …]"),
                          (_line_of(new, "{item:"), f"cites: entry {{item: {OLD}, stance: contradicts, …}}")):
        issue = warned[line]
        assert issue.severity is IssueSeverity.WARNING and issue.location.path == path, issue.render()
        assert issue.message.startswith(f"{written} names {OLD}, which is superseded by {_NEWER}"), issue.render()
        assert issue.message.endswith("no link"), issue.render()
        assert f"cite {_NEWER}'s finding that states it" in issue.hint and "drop" in issue.hint, issue.render()
    assert f"[supports: {_NEWER} KF<n> from KF1]" in warned[_line_of(new, marker)].hint
    assert f"{{item: {_NEWER}, findings: [<n>], stance: contradicts, from: 2}}" in warned[_line_of(new, "{item:")].hint
    assert len(warned) == 2  # the entry once, not once per finding it names


def test_a_marker_naming_the_item_this_one_supersedes_is_told_to_drop_it() -> None:
    from tests.extract.evidence_items import links_of, old_item

    [issue] = links_of(old_item(front=f"superseded_by: [{NEW}]\n"), new_item(f"Later. [supports: {OLD} KF2 from KF1]")).issues
    assert f"superseded by {NEW}" in issue.message and issue.hint.startswith(f"drop the marker: this item supersedes {OLD}")


def test_a_prose_citation_of_a_failing_item_s_finding_the_manifest_does_not_record_is_warned(tmp_path: Path) -> None:
    """The old study is built, then fails (it keeps its last facts).  A sentence the new study wrote before
    keeps its link (the manifest records it); a new sentence citing its finding by number made no link and
    said nothing.  Now it is warned at its line: which item fails, that the link waits until it reads, and
    the marker that links its kept claim now."""
    from tests.extract.evidence_items import OLD_FINDINGS, item_text

    findings = ("SQLite FTS5 search is enough for a small corpus of items.", "Vector search waits until the corpus grows.")
    kept = f"Vector search waits until the corpus grows, as `{OLD}.md` Key Finding 2 found."
    cfg = _write_items(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS),
                                  NEW: item_text("New study", "2026-02-01", findings, f"{kept}\n")})
    first = build(cfg)
    [linked] = [r for r in first.graph.relations if r.source.startswith(f"claim:{NEW}:")]
    new = item_text("New study", "2026-02-01", findings,
                    f"{kept}\n\nBinary files are no diff, per `{OLD}.md` Key Finding 3 and Key Finding 1.\n")
    folder = tmp_path / "Research" / "completed"
    (folder / f"{NEW}.md").write_text(new, encoding="utf-8")
    (folder / f"{OLD}.md").write_text(item_text(  # a cites: entry of another shape: the old study fails
        "Old study", "2026-01-01", OLD_FINDINGS, front=f"cites: [{{item: {NEW}, findings: [1], stance: agrees}}]\n"),
        encoding="utf-8")
    result = build(cfg)
    assert [i.slug for i in result.issues if i.severity is IssueSeverity.ERROR] == [OLD]
    assert [r for r in result.graph.relations if r.source.startswith(f"claim:{NEW}:")] == [linked]
    warned = [i for i in result.issues if i.slug == NEW]
    assert len(warned) == 2, [i.render() for i in warned]  # the new sentence's two findings; the kept one none
    line = _line_of(new, "Binary files are no diff")
    for issue, number in zip(warned, (3, 1)):  # in file order
        assert issue.severity is IssueSeverity.WARNING and issue.location is not None, issue.render()
        assert (issue.location.path, issue.location.line) == (f"Research/completed/{NEW}.md", line), issue.render()
        assert issue.message.startswith(f"cites {OLD} Key Finding {number}, but {OLD} fails in this build"), \
            issue.render()
        assert issue.message.endswith(f"no link until {OLD} reads again"), issue.render()
        assert f"correct {OLD}'s error" in issue.hint, issue.render()
        assert f"to link it now, write [extends: {OLD} KF{number} from KF<n>]" in issue.hint, issue.render()


def test_a_prose_citation_of_a_failing_item_s_finding_its_kept_nodes_lack_says_a_marker_cannot_link_it() -> None:
    from kgsync.extract.evidence import plan
    from kgsync.extract.evidence_model import KeptLinks
    from kgsync.extract.findings import extract, undated_suffixes
    from kgsync.read.items import ResearchItem

    citing = new_item(f"Text.\n\nPer `{OLD}.md` Key Finding 2 and Key Finding 1, vector search waits.")
    known = {OLD: ResearchItem.known_only_by(OLD, "2026-01-01"), NEW: citing}
    kept = KeptLinks(claims={OLD: {1: f"claim:{OLD}:sqlite-fts5-ranks-research"}})  # no claim of its finding 2
    result = plan([citing], {NEW: extract(citing)}, known, undated_suffixes(known), frozenset(), kept)
    assert result.links == {}
    lacking, held = result.issues
    assert "Key Finding 2" in lacking.message and "a marker cannot link it now either" in lacking.hint
    assert "Key Finding 1" in held.message and f"write [extends: {OLD} KF1 from KF<n>]" in held.hint


def test_a_marker_in_a_table_cell_is_named_as_one_in_its_warning_and_its_kind(tmp_path: Path) -> None:
    """A marker in an Evidence Map cell was named as a prose marker: its warning told the author to move it into
    a Key Findings entry, its link's kind said "prose".  Now both name a table cell; read as exactly as before."""
    from tests.extract.evidence_items import OLD_FINDINGS, item_text, links_of, make, old_item

    findings = ("SQLite FTS5 search is enough for a small corpus of items.", "Vector search waits until the corpus grows.")
    unsourced, sourced = f"[supports: {OLD} KF2]", f"[contradicts: {OLD} KF3 from KF1]"
    table = ("| Claim | Source | Confidence | Notes |\n|---|---|---|---|\n"
             f"| Vector search waits | vendor note {unsourced} | high | none |\n"
             f"| Text dumps diff | vendor note {sourced} | high | none |\n")
    new = item_text("New study", "2026-02-01", findings, f"Later.\n\n{table}")
    cfg = _write_items(tmp_path, {OLD: item_text("Old study", "2026-01-01", OLD_FINDINGS), NEW: new})
    result = build(cfg)
    [issue] = [i for i in result.issues if i.slug == NEW]
    assert issue.location is not None and issue.location.line == _line_of(new, unsourced), issue.render()
    assert issue.message == (f"stance marker [supports: {OLD} …] in a table cell names no finding of this item "
                             "that states it: no link"), issue.render()
    assert issue.hint.startswith(f"write [supports: {OLD} KF2 from KF<n>] in this cell (n: this item's finding"), \
        issue.render()
    [link] = [r for r in result.graph.relations if r.source.startswith(f"claim:{NEW}:")]  # the one with from
    assert link.relation_type == "contradicts" and link.source.startswith(f"claim:{NEW}:sqlite-fts5")
    [planned] = links_of(old_item(), make(NEW, new)).links[NEW]
    assert planned.kind == "marker marker row"


def test_an_unclear_source_says_why_a_source_attribution_links_no_claim() -> None:
    item = new_item("Nothing here.")
    plain = unclear_source_hint(item, mention(), OLD, 2)
    keyword = unclear_source_hint(item, mention(sourced=True), OLD, 2, keyword=True)
    assert "shares too little with it" in plain.message and "source of the sentence's fact" not in plain.message
    assert "named as the source of the sentence's fact" in keyword.message
    assert "only words other findings of this item use as much" in keyword.message and keyword.hint == plain.hint


def test_a_number_whose_sentence_says_another_finding_of_the_cited_item_is_warned_and_kept() -> None:
    # "binary database files … diffable … git" are the cited item's Key Finding 3's words alone; the sentence
    # says Key Finding 1: linked as written, and the author asked to check the number
    from tests.extract.evidence_items import links_of, old_item
    wrong = f"Binary database files are not diffable in git, as `{OLD}.md` Key Finding 1 found."
    result = links_of(old_item(), new_item("Nothing here.", (f"SQLite FTS5 search is enough. {wrong}", "Vector search waits.")))
    [issue] = [i for i in result.issues if "far better" in i.message]
    assert issue.severity is IssueSeverity.WARNING and issue.location.line == result.links[NEW][0].line
    assert f"cites {OLD} Key Finding 1, but what the sentence says matches its Key Finding 3" in issue.message
    assert "write that number" in issue.hint
    assert {link.target_claim.rsplit(":", 1)[1] for link in result.links[NEW]} == {"sqlite-fts5-ranks-research"}
    # a sentence citing both, or saying too little, is not warned
    for body in (wrong.replace("Key Finding 1", "Key Findings 1 and 3"),
                 f"Binary files matter, as `{OLD}.md` Key Finding 1 found."):
        assert not [i for i in links_of(old_item(), new_item(body)).issues if "far better" in i.message], body
    assert number_content_hint(new_item("x"), mention(), OLD, 2, 3).location.line == 7


def test_a_number_whose_sentence_says_nothing_of_its_finding_links_neither_finding() -> None:
    # the same sentence alone on its line (no "SQLite FTS5 search is enough." before it): it says the old item's
    # Key Finding 3 and nothing Key Finding 1 alone says: the number and the words name two findings, and the item
    # does not say which one it uses (blind readers split on such a sentence): no claim link, a warning
    from tests.extract.evidence_items import links_of, old_item
    slip = f"Binary database files are not diffable in git, as `{OLD}.md` Key Finding 1 found."
    result = links_of(old_item(), new_item("Nothing here.", (slip, "Vector search waits.")))
    [issue] = [i for i in result.issues if "nothing of Key Finding 1" in i.message]
    assert issue.severity is IssueSeverity.WARNING and issue.location.line > 0
    assert f"cites {OLD} Key Finding 1, but the sentence says what its Key Finding 3 states" in issue.message
    assert "no claim link" in issue.message and "(Key Finding 3, if it is that one)" in issue.hint
    assert f"[extends: {OLD} KF1 from KF<n>]" in issue.hint
    assert NEW not in result.links
    # the author's marker is read as written: never moved
    marked = slip.replace(f"as `{OLD}.md` Key Finding 1 found.", f"[extends: {OLD} KF1]")
    exact = links_of(old_item(), new_item("Nothing here.", (marked, "Vector search waits.")))
    assert [link.target_claim.rsplit(":", 1)[1] for link in exact.links[NEW]] == ["sqlite-fts5-ranks-research"]
    assert not [i for i in exact.issues if "nothing of Key Finding 1" in i.message]



def test_a_renumbered_citation_whose_claim_is_not_known_says_so_and_links_nothing() -> None:
    """Several claims the sentence linked last build are named by none of its numbers now, and none was linked by
    this number then (``LinkedBefore.moved``'s "not known"): the link is withheld, so the warning says which claim
    it named is not known; it never names a Key Finding -1 nor says the link was kept."""
    claims = (f"claim:{OLD}:first", f"claim:{OLD}:second")
    issue = renumbered_hint(new_item("Nothing here."), mention(), OLD, Moved(claims, None), ())
    assert f"the claims {', '.join(claims)}, one of which" in issue.message
    assert "which of those claims this number named is not known" in issue.message
    assert "None" not in issue.render() and "linked to its Key Finding" not in issue.render()
    assert "drop the marker" in issue.hint
