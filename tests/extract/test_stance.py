"""kgsync.extract.stance: the stance cue words next to a reference say (``classify``), and whose side says it
(``own_clause``)."""

from __future__ import annotations

import pytest

from kgsync.contract.model import RelationType
from kgsync.extract.stance import CLAUSE_END, MARK, classify, own_clause

S, C = RelationType.SUPPORTS, RelationType.CONTRADICTS


@pytest.mark.parametrize(("sentence", "stance"), [
    # an active cue's subject is this item's side, not a third source the sentence names: that
    # source's agreement uses the item as a source (extends); its disagreement says nothing of this item
    ("A 2025 Gartner survey confirms the finding from zzreference.", RelationType.EXTENDS),
    ("The vendor documentation contradicts zzreference on pricing.", None),
    ("Independent benchmarks are consistent with zzreference.", RelationType.EXTENDS),
    # this item's own source is its side
    ("Our 2025 survey confirms the finding from zzreference.", S),
    ("This confirms the finding from zzreference.", S),
    ("The result is consistent with zzreference on latency.", S),
])
def test_a_cue_whose_subject_is_a_third_source_is_no_stance_of_this_item(sentence: str,
                                                                         stance: RelationType | None) -> None:
    assert classify(sentence) is stance


# --- own_clause: the stance said in the clause naming the item, this item's side its subject ----------------

def _marked(sentence: str) -> str:
    return sentence.replace("X", MARK + "0")


@pytest.mark.parametrize(("sentence", "own"), [
    # this item's side is the cue's subject, the item its object (2026-02-27-sources-of-research.md:153)
    ("This confirms the finding from X: YouTube blocks its Atom endpoint.", True),
    ("Our measurements are consistent with X Key Finding 2.", True),
    ("Here, this replicates X on a second corpus.", True),
    ("This result contradicts X Key Finding 3.", True),
    ("The endpoint returned 403, and this confirms X Key Finding 6.", True),
    # passive: this item's evidence is the agent
    ("X estimate was refuted by our measurements.", True),
    # which side speaks is not said: a synthesis checking itself against its input
    ("The eight-layer hierarchy is consistent with the five-component architecture from X.", False),
    ("The direct-write path reverses the conclusion from prior research (X) that issue creation is preferred.", False),
    # a third source as the subject, or before the subject's comma
    ("A 2025 survey confirms the finding from X.", False),
    ("This vendor report confirms X Key Finding 2.", False),
    ("In this repository, Gartner confirms X Key Finding 2.", False),
    # the cited item is the agent: this finding's evidence, so derived from it
    ("This is directly confirmed by X (KF10).", False),
    # another phrase is the object
    ("This is consistent with the IR literature and X.", False),
    ("This confirms that hybrid retrieval wins (X).", False),
    # a partial agreement qualifies
    ("This partly confirms X Key Finding 2.", False),
    ("Our data are largely consistent with X.", False),
    ("This confirms X Key Finding 2 in part.", False),
    # the stance word inside the restated claim, or in another clause
    ("Goal drift is empirically confirmed in X Key Finding 2.", False),
    ("This confirms the gap; X covers the rest.", False),
])
def test_own_clause_reads_who_agrees_with_whom(sentence: str, own: bool) -> None:
    assert own_clause(_marked(sentence), "0") is own


def test_own_clause_reads_only_the_clause_naming_its_mark() -> None:
    sentence = _marked("This confirms X Key Finding 1") + "; " + MARK + "1 is a vendor note."
    assert own_clause(sentence, "0") and not own_clause(sentence, "1")


def test_a_clause_ends_at_each_mark_and_at_a_spaced_hyphen_only() -> None:
    assert CLAUSE_END.split("a; b| c[d] e - f\t-\tg— h–i") == ["a", " b", " c", "d", " e", "f", "g", " h", "i"]
    assert CLAUSE_END.split("multi-step -x x- y") == ["multi-step -x x- y"]  # a hyphen between spaces only
