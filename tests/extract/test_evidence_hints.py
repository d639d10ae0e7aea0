"""kgsync.extract.evidence_hints: each warning names the line, what was not linked, and the marker to write."""

from __future__ import annotations

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_hints import (describing_hint, guessed_source_hint, refused_hint, too_many_hint,
                                           unclear_source_hint, unnamed_finding_hint)
from kgsync.extract.evidence_model import Mention
from kgsync.read.items import IssueSeverity
from tests.extract.evidence_items import NEW, OLD, new_item


def mention(**fields: object) -> Mention:
    base = {"target": OLD, "finding": 2, "quote": "", "stance": None, "sentence": "A sentence.", "line": 7,
            "held_by": 0}
    return Mention(**{**base, **fields})  # type: ignore[arg-type]


def test_every_hint_is_a_warning_at_the_line_with_the_marker_to_write() -> None:
    item = new_item("Nothing here.")
    for issue, marker in (
            (unclear_source_hint(item, mention(), OLD, 2), f"[extends: {OLD} KF2 from KF<n>]"),
            (describing_hint(item, mention(shape="reading"), OLD, 2), f"[extends: {OLD} KF2]"),
            (unnamed_finding_hint(item, mention(stance=RelationType.SUPPORTS), OLD), f"[supports: {OLD} KF<n>]"),
            (too_many_hint(item, mention(), OLD, 12, 8), f"[extends: {OLD} KF<n> from KF<m>]")):
        assert issue.severity is IssueSeverity.WARNING and issue.location.line == 7 and issue.slug == NEW
        assert marker in issue.hint


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


def test_a_cites_entry_naming_no_item_is_warned_as_the_entry_once() -> None:
    from tests.extract.evidence_items import item_text, links_of, make, old_item

    front = "cites:\n  - {item: 2026-09-09-nothing, findings: [2, 3], stance: supports, from: 1}\n"
    item = make(NEW, item_text("New study", "2026-02-01", ("One.", "Two."), "Nothing.", front))
    [issue] = links_of(old_item(), item).issues  # once for the entry, not once per finding
    assert issue.location.line == 6 and "stance marker" not in issue.message
    assert issue.message.startswith("cites: entry {item: 2026-09-09-nothing, stance: supports, …} names "
                                    "2026-09-09-nothing, which is no item")
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
