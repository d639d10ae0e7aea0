"""``kgsync.extract.item_text``: each cut made once equals the cut each module made of its own text."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from kgsync.extract.acronyms import folded_for_acronyms
from kgsync.extract.designations import capitalised_runs
from kgsync.extract.item_text import item_text
from kgsync.extract.names import letter_runs
from kgsync.extract.topics import topic_tokens

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
    assert cut.runs == letter_runs(text) and list(cut.runs) == list(letter_runs(text))
    assert cut.dense_runs == letter_runs(dense) and list(cut.dense_runs) == list(letter_runs(dense))
    assert cut.stated_runs == letter_runs(cut.stated)
    assert cut.capitalised == tuple(capitalised_runs(scanned))


def test_an_item_with_no_findings_has_its_stated_zones_as_dense() -> None:
    cut = item_text("Title", "Title", "GraphRAG body", ["Title", "What is GraphRAG?"], None)
    assert cut.dense == cut.stated == "Title\nWhat is GraphRAG?"
    assert cut.dense_runs == cut.stated_runs == letter_runs(cut.stated)
    assert cut.capitalised == ((6, 14),)  # "GraphRAG", a capital after its first letter; "Title" none
