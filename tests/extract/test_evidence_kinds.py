"""A link's evidence kind names how each end was found and the sentence's shape, in three words."""

from __future__ import annotations

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_kinds import link_kind
from kgsync.extract.evidence_model import Mention


def _mention(**fields: object) -> Mention:
    base = Mention(target="2026-01-05-prior", finding=0, quote="", stance=None, sentence="s", line=3, held_by=0)
    return base.but(**fields)


def test_an_authors_marker_is_read_as_written() -> None:
    assert link_kind(_mention(exact=True, finding=2, stance=RelationType.SUPPORTS), restated=False) == \
        "marker marker prose"


def test_a_number_held_by_a_finding_in_a_row() -> None:
    assert link_kind(_mention(finding=4, held_by=1, shape="row"), restated=False) == "number held row"


def test_an_evidence_map_notes_cell_names_the_citing_finding() -> None:
    assert link_kind(_mention(finding=4, held_by=2, via="notes"), restated=False) == "number notes prose"


def test_a_restatement_below_the_trust_bar_is_a_best_match() -> None:
    assert link_kind(_mention(), restated=True, clear=False) == "restated best-match prose"


def test_the_citing_finding_is_named_by_the_strongest_signal_the_plan_found() -> None:
    # the entry naming the item wins over a block title, which wins over an anchor
    mention = _mention(finding=5)
    assert link_kind(mention, False, names_item=True, headed=True, anchor=True) == "number named prose"
    assert link_kind(mention, False, headed=True, anchor=True) == "number heading prose"
    assert link_kind(mention, False, anchor=True) == "number anchor prose"
    assert link_kind(mention, False, fed=True) == "number fed prose"


def test_an_unnumbered_unquoted_mention_is_a_word_match() -> None:
    assert link_kind(_mention(shape="list"), restated=False) == "word-match clear-match list"
