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
