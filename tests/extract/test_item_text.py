"""``kgsync.extract.item_text``: each cut made once equals the cut each module made of its own text."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from kgsync.extract.acronyms import folded_for_acronyms
from kgsync.extract.designations import capitalised_runs
from kgsync.extract.item_text import body_reading, item_text
from kgsync.extract.names import letter_runs
from kgsync.extract.topics import topic_tokens
from kgsync.extract.units import unit_keys
from tests.item_corpus import make_item

#: Letters in both cases (the final sigma reads its neighbours), digits, word bytes, clause marks,
#: line breaks and characters beyond ASCII: what the cuts split on or keep.
_TEXT = st.text(alphabet=st.sampled_from(list("aAbBzZ09 -_.,;'\n\t()\u03a3\u03c3\u0130\u00e9\u2019\u00a0\ud800")),
                max_size=40)


@given(title=_TEXT, scanned_title=_TEXT, body=_TEXT, stated=st.lists(_TEXT, max_size=3),
       concluded=st.none() | _TEXT)
@example(title="A\u03a3", scanned_title="", body="\u03a3b", stated=["A\u03a3", "\u03a3b"], concluded="\u03a3")
@example(title="", scanned_title="\u0130", body="\u0130 \u017f", stated=[""], concluded="x")
@example(title="", scanned_title="", body="K\u212a", stated=[], concluded="x")
def test_the_cuts_are_those_of_the_joined_texts(title: str, scanned_title: str, body: str, stated: list[str],
                                                 concluded: str | None) -> None:
    """The whole text's lower case, made from its title's and body's, and the dense zones' cuts,
    made from the stated zones' and the findings', are those of the texts joined as mining joins
    them (title and body, each zone written, by a line break)."""
    cut = item_text(title, scanned_title, body, stated, concluded)
    text, scanned = title + "\n" + body, scanned_title + "\n" + body
    dense = "\n".join(stated + ([] if concluded is None else [concluded]))
    assert (cut.text, cut.dense, cut.stated, cut.scanned) == (text, dense, "\n".join(stated), scanned)
    assert cut.lower == text.lower() and cut.data == text.encode("utf-8", "replace")
    assert cut.folded() == folded_for_acronyms(scanned)
    assert cut.tokens == topic_tokens(text)
    assert cut.dense_tokens == topic_tokens(dense)
    assert cut.stated_tokens == topic_tokens(cut.stated)
    assert cut.title == title and cut.runs == letter_runs(text) and list(cut.runs) == list(letter_runs(text))
    assert cut.dense_runs == letter_runs(dense) and list(cut.dense_runs) == list(letter_runs(dense))
    assert cut.stated_runs == letter_runs(cut.stated)
    assert cut.capitalised == tuple(capitalised_runs(scanned))


def test_an_item_with_no_findings_has_its_stated_zones_as_dense() -> None:
    cut = item_text("Title", "Title", "GraphRAG body", ["Title", "What is GraphRAG?"], None)
    assert cut.dense == cut.stated == "Title\nWhat is GraphRAG?"
    assert cut.dense_runs == cut.stated_runs == letter_runs(cut.stated)
    assert cut.capitalised == ((6, 14),)  # "GraphRAG", a capital after its first letter; "Title" none


#: Words in both cases joined by hyphens and spaces, with line breaks: what ``units.unit_keys`` matches
#: ("access-control policies", "the Memory-System design") and what bounds a match.
_UNIT_TEXT = st.text(alphabet=st.sampled_from(list("aAbBcC -\n_1")), max_size=40)


@given(zones=_UNIT_TEXT, body=_UNIT_TEXT)
@example(zones="the Memory-System", body="Design here")
@example(zones="access-control", body="policies x")
@example(zones="cost-reduction", body="-a b")
def test_the_units_of_zones_and_body_read_apart_are_those_of_the_joined_text(zones: str, body: str) -> None:
    """``BodyReading.units`` holds the body's alone: no unit spans the line break mining joins the
    zones and the body by, so the two read apart give the joined text's."""
    assert unit_keys(zones + "\n" + body) == unit_keys(zones) | unit_keys(body)


def test_the_body_reading_is_what_mining_read_of_the_body() -> None:
    """The body cleaned, its definitions and units, as mining reads them in each reading."""
    item = make_item("2026-01-01-a", "A note on retrieval",
                     body="We use Retrieval-Augmented Generation (RAG) with access-control policies.\n"
                           "See `davidamitchell/Memory-System` and the Memory-System design.\n")
    reading = body_reading(item)
    assert reading.repositories == frozenset({"Memory-System"})
    assert "Memory-System design" not in reading.body and "access-control policies" in reading.body
    assert [(short, inside) for short, _long, _s, _l, inside in reading.definitions] == [("RAG", False)]
    assert "access control" in reading.units
    assert reading.scanned_title + "\n" + reading.body == item_text(
        "", reading.scanned_title, reading.body, [], None).scanned


def test_mining_reads_none_of_a_commented_out_block_s_words() -> None:
    # GitHub shows nothing of an HTML comment opening a line: a draft kept in one names no concept on the site
    item = make_item("2026-01-01-a", "A note on retrieval",
                     body="We use hybrid retrieval.\n\n<!--\n## Draft\n\nZzyzx Indexing beats everything.\n-->\n\n"
                          "Sparse retrieval <!-- inline aside --> stays.\n")
    reading = body_reading(item)
    assert "hybrid retrieval" in reading.body and "Zzyzx" not in reading.body and "Sparse retrieval" in reading.body


@given(title=_TEXT, body=_TEXT, stated=st.lists(_TEXT, max_size=3), concluded=st.none() | _TEXT,
       other_stated=st.lists(_TEXT, max_size=3), other_concluded=st.none() | _TEXT)
def test_a_reading_like_another_of_the_same_text_takes_its_whole_cuts(
        title: str, body: str, stated: list[str], concluded: str | None, other_stated: list[str],
        other_concluded: str | None) -> None:
    """``like``: the whole and scanned texts' cuts of another reading of the same title and body are
    taken (the same objects), its zones cut anew: equal to cutting them all."""
    first = item_text(title, title, body, other_stated, other_concluded)
    fresh = item_text(title, title, body, stated, concluded)
    taken = item_text(title, title, body, stated, concluded, like=first)
    assert taken == fresh and taken.tokens is first.tokens and taken.runs is first.runs
    assert list(taken.dense_runs) == list(fresh.dense_runs) and list(taken.stated_runs) == list(fresh.stated_runs)
    other = item_text(title + "x", title, body, stated, concluded, like=first)
    assert other == item_text(title + "x", title, body, stated, concluded) and other.tokens is not first.tokens
