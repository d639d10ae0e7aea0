"""``kgsync.extract.item_text``: each cut made once equals the cut each module made of its own text."""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from kgsync.extract.designations import capitalised_runs
from kgsync.extract.item_text import item_text
from kgsync.extract.names import letter_runs
from kgsync.extract.topics import _tokens

#: Letters in both cases (the final sigma reads its neighbours), digits, word bytes, clause marks,
#: line breaks and characters beyond ASCII: what the cuts split on or keep.
_TEXT = st.text(alphabet=st.sampled_from(list("aAbBzZ09 -_.,;'\n\t()\u03a3\u03c3\u0130\u00e9\u2019\u00a0\ud800")),
                max_size=40)


@given(text=_TEXT, stated=st.lists(_TEXT, max_size=3), concluded=st.none() | _TEXT, scanned=_TEXT)
@example(text="", stated=["A\u03a3", "\u03a3b"], concluded="\u03a3", scanned="")
@example(text="", stated=[""], concluded="x", scanned="")
@example(text="", stated=[], concluded="x", scanned="")
def test_the_cuts_are_those_of_the_joined_texts(text: str, stated: list[str], concluded: str | None,
                                                 scanned: str) -> None:
    """The dense zones' cuts, made from the stated zones' and the findings', are those of the dense
    zones joined as mining joins them (each zone written, joined by a line break)."""
    cut = item_text(text, stated, concluded, scanned)
    dense = "\n".join(stated + ([] if concluded is None else [concluded]))
    assert (cut.text, cut.dense, cut.stated, cut.scanned) == (text, dense, "\n".join(stated), scanned)
    assert cut.tokens == _tokens(text)
    assert cut.dense_tokens == _tokens(dense)
    assert cut.stated_tokens == _tokens(cut.stated)
    assert cut.runs == letter_runs(text) and list(cut.runs) == list(letter_runs(text))
    assert cut.dense_runs == letter_runs(dense) and list(cut.dense_runs) == list(letter_runs(dense))
    assert cut.stated_runs == letter_runs(cut.stated)
    assert cut.capitalised == tuple(capitalised_runs(scanned))


def test_an_item_with_no_findings_has_its_stated_zones_as_dense() -> None:
    cut = item_text("Title\nbody", ["Title", "What is GraphRAG?"], None, "Title\nGraphRAG body")
    assert cut.dense == cut.stated == "Title\nWhat is GraphRAG?"
    assert cut.dense_runs == cut.stated_runs == letter_runs(cut.stated)
    assert cut.capitalised == ((6, 14),)  # "GraphRAG", a capital after its first letter; "Title" none
