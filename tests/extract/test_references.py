"""kgsync.extract.references: which item and finding a sentence names, read by general rules."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from hypothesis import given
from hypothesis import strategies as st

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_model import SHAPES, Mention
from kgsync.extract.references import named_items, scan
from kgsync.read.items import IssueSeverity
from tests.fence_cases import MIXED_AND_LONG_FENCES
from tests.extract.evidence_items import NEW, OLD, OLD_FINDINGS, item_text, links_of, make, new_item, old_item

MAP_HEADER = "| Claim | Source | Confidence | Notes |\n|---|---|---|---|\n"


def test_ranges_and_lists_keep_every_number() -> None:
    cases = {
        f"Per `{OLD}.md` Key Findings 1-3, search waits.": [1, 2, 3],
        f"Per `{OLD}.md` Key Findings 2–3, search waits.": [2, 3],
        f"Per `{OLD}.md` Key Findings #1, #3, search waits.": [1, 3],
        f"Per `{OLD}.md` KF 1 and 3, search waits.": [1, 3],
    }
    for body, numbers in cases.items():
        assert [m.finding for m in scan(new_item(body)) if m.target == OLD] == numbers, body


def test_a_notes_cell_finding_number_is_this_items_own_finding() -> None:
    # the Source cell names the cited item; "Key Finding 2" in Notes is the citing item's finding
    body = MAP_HEADER + f"| Vector search waits | `{OLD}.md` | high | Key Finding 2 |"
    [mention] = scan(new_item(body))
    assert (mention.target, mention.finding, mention.held_by) == (OLD, 0, 2)
    # ... unless it says whose: "Key Finding 2 of that item"
    body = MAP_HEADER + f"| Vector search waits | `{OLD}.md` | high | Key Finding 2 of that item |"
    [mention] = scan(new_item(body))
    assert (mention.target, mention.finding) == (OLD, 2)
    # a number in the Source cell is the cited item's
    body = MAP_HEADER + f"| Vector search waits | `{OLD}.md` Key Finding 3 | high | Direct reading |"
    [mention] = scan(new_item(body))
    assert (mention.finding, mention.held_by) == (3, 0)


def test_a_notes_cell_number_links_from_that_finding() -> None:
    body = MAP_HEADER + f"| Stores waits | `{OLD}.md` Key Finding 2 | high | Key Finding 2 |"
    [link] = links_of(old_item(), new_item(body)).links[NEW]
    assert (link.source_number, link.relation) == (2, RelationType.EXTENDS)
    assert ":vector-stores" in link.target_claim


def test_a_reading_list_line_states_no_stance() -> None:
    body = f"- `{OLD}.md` — covers FTS5; confirms that BM25 ranks items well (Key Finding 1)."
    [mention] = scan(new_item(body))
    assert (mention.stance, mention.finding) == (None, 1)  # a numbered citation, built on at most
    assert scan(new_item(f"- `{OLD}.md` confirms the binary database files are not diffable in git.")) == ()


def test_each_mention_carries_its_sentence_shape() -> None:
    body = (MAP_HEADER + f"| Vector search waits | `{OLD}.md` Key Finding 2 | high | direct |\n\n"
            f"- `{OLD}.md` — covers FTS5 (Key Finding 1)\n- Vector search waits for a larger corpus, per `{OLD}.md` "
            "Key Finding 2.\n\n"
            f"Search waits, per `{OLD}.md` Key Finding 2.")
    assert [m.shape for m in scan(new_item(body))] == ["row", "reading", "list", ""]


def test_a_source_note_citing_a_number_belongs_to_the_item_named_before_it() -> None:
    # "… the `x.md` item confirmed: "…". Source: Key Finding #2." (the note names no item)
    body = (f"The `{OLD}.md` item confirmed: \"Vector stores solve semantic search only.\" Source: Key Finding #2. "
            "Another sentence.")
    [mention] = [m for m in scan(new_item(body)) if m.finding]
    assert (mention.target, mention.finding, mention.sentence) == (OLD, 2, "Source: Key Finding #2.")
    # two items named before it: whose finding is not said
    two = body.replace("item confirmed", "and `2026-01-02-other-study.md` items confirmed")
    assert {m.finding for m in scan(new_item(two))} == {0}
    # a note on its own line names nothing
    assert scan(new_item("Source: Key Finding #2.")) == ()


def test_a_description_of_a_cited_item_links_its_numbered_finding() -> None:
    front = f"cites: [{OLD}]\n"
    text = item_text("New study", "2026-02-01", ("SQLite FTS5 search is enough for a small corpus of items.",
                                                 "Vector search waits until the corpus grows."),
                     "As the old study's Key Finding 2 shows, vector search waits.", front)
    item = make(NEW, text)
    [mention] = scan(item)
    assert (mention.target, mention.finding, mention.stance) == (OLD, 2, None)
    generic = make(NEW, text.replace("the old study's Key Finding 2", "the prior item (KF2)"))
    assert [m.finding for m in scan(generic)] == [2]
    # a description naming no cited item, or an item's own finding, links nothing
    assert scan(make(NEW, text.replace("old study's", "vendor's"))) == ()
    assert scan(make(NEW, text.replace("the old study's Key Finding 2", "Key Finding 2"))) == ()


def test_a_refused_stance_word_near_a_citation_gives_a_hint_with_the_fix() -> None:
    body = f"Binary database files stay opaque to diffs, confirmed by `{OLD}.md` Key Finding 3 and a vendor note."
    result = links_of(old_item(), new_item(body))
    assert all(link.relation is RelationType.EXTENDS for link in result.links.get(NEW, ()))
    [hint] = [i for i in result.issues if "not read as a stance" in i.message]
    assert hint.severity is IssueSeverity.WARNING
    assert f"[supports: {OLD} KF3]" in hint.hint


def test_stance_words_in_the_restated_claim_or_about_a_third_source_are_no_support() -> None:
    for body in (f"Goal drift confirmed in agentic systems, as `{OLD}.md` Key Finding 3 reports.",
                 f"Per `{OLD}.md` Key Finding 3, this is consistent with the IR literature.",
                 f"`{OLD}.md` Key Finding 3 confirms that binary files are not diffable."):
        relations = {link.relation for link in links_of(old_item(), new_item(body)).links.get(NEW, ())}
        assert relations <= {RelationType.EXTENDS}, body


def test_old_findings_fixture_is_unchanged() -> None:
    assert len(OLD_FINDINGS) == 3


@given(st.lists(st.sampled_from(["a", "b1", "-", " - ", " ", "\t-\t", "'", "\u2019", ";", "|", "[", "]", "\u2014", "\u2013", ",",
                                 ":", "(", ")", "x-y", "é"]), max_size=16))
def test_a_sentences_words_are_its_clauses_words(parts: list[str]) -> None:
    """``governing`` looks for a cue among the whole sentence's words before cutting it into clauses."""
    from kgsync.extract.stance import CLAUSE_END, TOKEN

    text = "".join(parts)
    assert TOKEN.findall(text) == [w for clause in CLAUSE_END.split(text) for w in TOKEN.findall(clause)]


_TEXT = st.text(max_size=8)
_MENTIONS = st.builds(Mention, target=_TEXT, finding=st.integers(0, 30), quote=_TEXT,
                      stance=st.none() | st.sampled_from(list(RelationType)), sentence=_TEXT, line=st.integers(0, 99),
                      held_by=st.integers(0, 9), row_claim=_TEXT, context=_TEXT, clause=_TEXT, exact=st.booleans(),
                      refused=_TEXT, said=_TEXT, withheld=st.booleans(), described=st.booleans(),
                      shape=st.sampled_from(SHAPES), via=_TEXT)
_CHANGES = st.fixed_dictionaries({}, optional={"shape": st.sampled_from(SHAPES), "held_by": st.integers(0, 9),
                                               "stance": st.none() | st.sampled_from(list(RelationType))})


@given(_MENTIONS, _CHANGES)
def test_but_is_dataclasses_replace(mention: Mention, changes: dict[str, object]) -> None:
    """``Mention.but``, the copy scan makes of each mention it shapes, is ``dataclasses.replace``."""
    assert all(f.init for f in dataclasses.fields(Mention))
    assert not hasattr(Mention, "__post_init__") and not hasattr(Mention, "__slots__")
    copy, replaced = mention.but(**changes), dataclasses.replace(mention, **changes)  # type: ignore[arg-type]
    assert copy == replaced and repr(copy) == repr(replaced) and hash(copy) == hash(replaced)
    assert pickle.loads(pickle.dumps(copy)) == replaced and copy is not mention
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.shape = "row"  # type: ignore[misc]
    with pytest.raises(TypeError):
        mention.but(nothing=1)


@pytest.mark.parametrize("block", MIXED_AND_LONG_FENCES.values(), ids=list(MIXED_AND_LONG_FENCES))
def test_an_item_is_named_outside_a_mixed_or_longer_fence_only(block) -> None:
    # What GitHub shows as code names no item; the line after the block is prose again.
    body = block("See 2025-05-05-in-code.md for the schema.") + "\nSee 2025-06-06-after-code.md for the data.\n"
    assert named_items(new_item(body)) == ("2025-06-06-after-code",)
