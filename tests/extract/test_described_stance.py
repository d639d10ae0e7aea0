"""kgsync.extract.described_stance: agreement with earlier work the prose describes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgsync.contract.model import RelationType
from kgsync.extract.described_stance import described_stance
from kgsync.extract.stance import MARK

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
