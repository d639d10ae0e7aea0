"""kgsync.extract.stance: agreement with earlier work the prose describes (``described_stance``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgsync.contract.model import RelationType
from kgsync.extract.stance import MARK, classify, described_stance, own_clause

S, C = RelationType.SUPPORTS, RelationType.CONTRADICTS


@pytest.mark.parametrize(("prose", "stance"), [
    # this item's side, a predicate of agreement, earlier work described as such
    ("This conclusion also fits prior repository work that treats context as curation.", S),
    ("That architectural recommendation also aligns with prior repository research on the gap.", S),
    ("This rule is consistent with earlier repository findings on bounded workflows.", S),
    # earlier work as subject, this item's side ("the same conclusion", "this result") as object
    ("Prior repository work on context management strengthens the same conclusion: surfaces stay visible.", S),
    ("The prior repository findings on governance fit this result cleanly: extensibility is useful.", S),
    ("The repository's completed deep-modules item reached the same directional conclusion.", S),
    ("The case is inferential, but the surveys and prior corpus work point in the same direction: workers adapt.", S),
    # this item's reading, or one of its findings named by number, as its side
    ("The prior repository comparison and control-plane research remain compatible with this reading: it holds.", S),
    ("Key Finding 3 is consistent with prior repository work on search.", S),
    ("KF3's judgement aligns with the prior research.", S),
    # disagreement
    ("The new conclusion narrows and supersedes the earlier amendment-practices item because of tooling.", C),
    ("This result conflicts with the prior repository study on caching.", C),
    # a reference mark stands for the item when ``marks`` is asked (below)
])
def test_agreement_between_this_item_and_described_earlier_work(prose: str, stance: RelationType) -> None:
    assert described_stance(prose)[0] is stance


@pytest.mark.parametrize("prose", [
    # no earlier work on either side
    "This conclusion fits the vendor documentation.",
    "The repository and external sources align on auditability.",  # "the repository" alone is no work
    # negated or hedged
    "This conclusion does not fit prior repository work.",
    "This result may align with prior repository findings.",
    # the predicate's subject is a clause ("…, which supports X"), or its object is not a side
    "The earlier prompt synthesis found that structure helps, which supports prevention for this item as well.",
    # a predicate inside a comparison clause is about something else
    "Prior repository work identifies false consensus, where the synthesis claims more than any source supports.",
    # a finding named by number beside another item is that item's, not this item's side
    f"{MARK}0 Key Finding 2 is consistent with prior repository work.",
    "Prior repository work (Key Finding 2) is consistent with the vendor documentation.",
    # no predicate of agreement at all
    "The repository's completed finishers item argued that bounded scope matters.",
])
def test_no_stance_where_the_prose_does_not_join_the_two_sides(prose: str) -> None:
    assert described_stance(prose)[0] is None


def test_agreement_about_earlier_work_whose_other_side_is_not_this_item_is_unclear() -> None:
    # "prior work supports X": which finding of this item agrees is not said
    stance, unclear, _ = described_stance("Prior repository work on the gap also supports explicit synthesis.")
    assert (stance, unclear) == (None, "supports")
    assert described_stance("This conclusion fits the vendor documentation.")[1] == ""


def test_what_is_said_of_the_earlier_work_leaves_this_items_side_out() -> None:
    _, _, about = described_stance("This recommendation also fits prior repository work arguing that agents explore.")
    assert "recommendation" not in about.split() and "fits" not in about.split()
    assert {"prior", "repository", "work", "agents", "explore"} <= set(about.split())


def test_a_reference_mark_is_the_earlier_work_when_asked() -> None:
    prose = "zzreference0 reached the same conclusion from a larger source set."
    assert described_stance(prose)[0] is None
    assert described_stance(prose, marks=True)[0] is S


@given(st.text(alphabet="abcdefghij thisprorwkfuly,.:;-'", max_size=300))
def test_any_prose_reads_deterministically(prose: str) -> None:
    assert described_stance(prose) == described_stance(prose)


def test_evidence_this_item_gathered_is_not_its_conclusion() -> None:
    # earlier work agreeing with a source is no stance toward this item's finding
    assert described_stance("The completed repository items are consistent with this external evidence.")[0] is None


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
