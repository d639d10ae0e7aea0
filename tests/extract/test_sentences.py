"""kgsync.extract.sentences: the one sentence splitter."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kgsync.extract.sentences import first_sentence, sentences


def test_a_sentence_ending_in_a_closing_quote_is_split_after_it() -> None:
    text = 'The item says "vector search waits." The next sentence confirms it.'
    assert sentences(text) == ['The item says "vector search waits."', "The next sentence confirms it."]


def test_a_trailing_label_belongs_to_the_sentence_before_it() -> None:
    text = "FTS5 ships with Python. [fact, source: sqlite.org, consistent with x.md] The next one starts here."
    assert sentences(text) == ["FTS5 ships with Python. [fact, source: sqlite.org, consistent with x.md]",
                               "The next one starts here."]
    assert sentences("A claim. [inference; source: https://e.org/x.md]") == [
        "A claim. [inference; source: https://e.org/x.md]"]


def test_a_reader_quoting_the_sentence_alone_may_leave_its_trailing_label_out() -> None:
    text = "FTS5 ships with Python. [fact, source: sqlite.org, consistent with x.md] The next one starts here."
    assert sentences(text, labels=False) == ["FTS5 ships with Python.", "The next one starts here."]
    assert sentences("A claim. [inference; source: https://e.org/x.md]  ", labels=False) == ["A claim."]
    assert sentences("No label. Two.", labels=False) == sentences("No label. Two.")


@given(st.text(alphabet="ab. \"[]A`", max_size=60) | st.builds("".join, st.lists(st.sampled_from(
    ["A claim.", " ", "[fact]", "[source: x.md]", "Next", "e.g.", "\n"]), max_size=12)))
def test_without_labels_the_same_ends_and_only_labels_are_left_out(text: str) -> None:
    kept, bare = sentences(text), sentences(text, labels=False)
    assert len(bare) == len(kept)
    assert all(k.startswith(b.rstrip()) for k, b in zip(kept, bare))


def test_a_group_closing_the_text_is_the_label_of_the_sentence_before_it() -> None:
    text = "HSBC cut alerts by 60%. Detection rose. (Source: item x.md, citing HSBC; https://e.org/a_(b))"
    assert sentences(text) == ["HSBC cut alerts by 60%.", "Detection rose. (Source: item x.md, citing HSBC; "
                               "https://e.org/a_(b))"]
    assert sentences(text, labels=False) == ["HSBC cut alerts by 60%.", "Detection rose."]
    assert sentences("Size matters. [high]") == ["Size matters. [high]"]
    assert sentences("A claim. (See B.) Next one.") == ["A claim.", "(See B.) Next one."]


def test_the_first_sentence_is_quoted_without_its_label() -> None:
    assert first_sentence("Writes take 30ms at every size. [high]") == "Writes take 30ms at every size."
    assert first_sentence("A claim. [fact; source: x.md] Next.") == "A claim."


def test_abbreviations_do_not_end_a_sentence() -> None:
    assert sentences("Smith et al. 2020 found it. See e.g. Foo. Fine.") == ["Smith et al. 2020 found it.",
                                                                           "See e.g. Foo.", "Fine."]
    assert first_sentence("Vector stores, e.g. LanceDB, solve search. Rest.") == "Vector stores, e.g. LanceDB, solve search."


def test_code_and_bold_can_start_a_sentence() -> None:
    assert sentences("One. `x.md` says two. **Three** too.") == ["One.", "`x.md` says two.", "**Three** too."]


@given(st.text(alphabet="ab. \"[]A`", max_size=60))
def test_sentences_keep_every_non_space_character_in_order(text: str) -> None:
    assert "".join("".join(sentences(text)).split()) == "".join(text.split())
