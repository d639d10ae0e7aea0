"""The words one item writes as names ("Microsoft", "Anthropic"): ``kgsync.extract.names`` (issue 21)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract import wordnet
from kgsync.extract.names import is_name_key, label, may_be_name, name_mentions
from kgsync.extract.topics import addresses


def _found(text: str, dense: str = "", longer: tuple[str, ...] = ()) -> dict[str, tuple[int, int]]:
    return {key: (n, d) for key, n, d in name_mentions(text, dense, longer)}


def test_a_capitalised_word_written_mid_sentence_is_a_name_the_item_may_address() -> None:
    text = "Agents built by Microsoft. Microsoft ships them.\nThe tools of Microsoft's teams."
    found = _found(text, dense="Agents built by Microsoft.")
    assert found["microsoft"] == (3, 1)  # the possessive counts: a mention
    assert addresses(*found["microsoft"])


def test_a_word_capitalised_only_by_position_is_named_but_never_addressed() -> None:
    """A heading or a sentence opens with a capital: no name, however often."""
    text = "### Initialise\n\nInitialise the loop.\nInitialise again.\n"
    assert _found(text, dense="Initialise the loop.")["initialise"] == (3, 0)
    assert not addresses(*_found(text, dense="Initialise the loop.")["initialise"])


def test_wordnet_common_nouns_times_places_and_function_words_are_no_names() -> None:
    """"Technology" in "Standards and Technology", "Python" (a snake first), "January", "Paris",
    "What" opening a question: capitalised mid-sentence, yet no organisation's or product's name."""
    text = ("the Standards and Technology body; written in Python; due in January; based in Paris; "
            "we asked What now; born Australian")
    assert _found(text) == {}
    for word in ("technology", "python", "january", "monday", "australian"):
        assert wordnet.is_common(word) and not may_be_name(word)
    for word in ("microsoft", "anthropic", "claude", "gartner"):
        assert may_be_name(word)


def test_a_word_the_item_writes_in_lower_case_as_often_is_no_name() -> None:
    assert "anthropic" not in _found("the anthropic principle; an anthropic view; by Anthropic")
    # a slug or a path in lower case once is no use of the word: the name is written capitalised
    assert "anthropic" in _found("by Anthropic, from Anthropic; see anthropic-leak.md")


def test_an_adjective_is_a_name_only_where_it_stands_alone() -> None:
    """WordNet lists "anthropic" as an adjective: before another capitalised word it qualifies
    ("the Artificial Intelligence Act"), alone it names ("published by Anthropic")."""
    assert _found("under the new Artificial Intelligence Act", dense="Artificial")["artificial"][1] == 0
    assert _found("published by Anthropic", dense="Anthropic")["anthropic"] == (1, 1)


def test_a_mention_that_opens_a_longer_name_the_item_mines_is_that_names() -> None:
    """"Claude Code" is a product of its own: its mentions are not Claude's."""
    text = "we use Claude Code daily; Claude Code's hooks; models such as Claude write it"
    assert _found(text, longer=("Claude Code",))["claude"] == (1, 0)
    assert "claude" not in _found("we use Claude Code daily", longer=("Claude Code",))
    assert _found(text)["claude"] == (3, 0)  # without the mined name, every mention is the word's


def test_a_name_topic_is_a_capitalised_concept_with_no_plural() -> None:
    assert is_name_key("microsoft") and not is_name_key("guardrail") and not is_name_key("technical debt")
    assert label("microsoft") == "Microsoft"


def _old_opened_names(found: list[str], longer: list[str]) -> dict[str, tuple[str, ...]]:
    """``names._opened_names`` as first written (every surface split into its words): the oracle."""
    words = set(found)
    out: dict[str, set[str]] = {}
    for surface in longer:
        parts = surface.split(" ")
        if len(parts) > 1 and parts[0] in words and parts[1][:1].isupper():
            out.setdefault(parts[0], set()).add(f"{parts[0]} {parts[1].split(chr(39))[0].split(chr(0x2019))[0]}")
    return {word: tuple(sorted(names)) for word, names in out.items()}


_NAME_PIECES = st.sampled_from(["Claude", "Code", "code", "Google", "Summer", " ", "  ", "'s", "\u2019s", "of", "C", ""])


@given(st.lists(st.sampled_from(["Claude", "Google", "code"]), max_size=3),
       st.lists(st.lists(_NAME_PIECES, max_size=6).map("".join), max_size=6))
@settings(max_examples=300, deadline=None)
def test_the_opened_names_are_those_of_the_split_surfaces(found: list[str], longer: list[str]) -> None:
    from kgsync.extract.names import _opened_names

    assert _opened_names(found, longer) == _old_opened_names(found, longer)


def _stated_as_asked_twice(text: str, dense: str, stated: str, longer: tuple[str, ...]
                           ) -> tuple[tuple[str, int, int, int], ...]:
    """What mining read before ``name_mentions_stated``: ``name_mentions`` of the dense zones, and of
    the stated zones when a name has a mention in the dense ones."""
    found = name_mentions(text, dense, longer)
    where = {key: d for key, _n, d in name_mentions(text, stated, longer)} if any(d for _k, _n, d in found) else {}
    return tuple((key, n, d, where.get(key, 0)) for key, n, d in found)


_NAMES_TEXT = st.lists(st.sampled_from([
    "Microsoft", "microsoft", "Claude", "Code", "Initialise", "Gartner", "Anthropic", "the", "by", "of",
    "tools", "Artificial", "Intelligence", ".", "\n", " ", "\n### ", "Claude Code", "Microsoft's"]), max_size=40)


@settings(max_examples=300, deadline=None)
@given(_NAMES_TEXT, st.integers(0, 40), st.integers(0, 40),
       st.lists(st.sampled_from(["Claude Code", "Artificial Intelligence", "Microsoft Agents"]), max_size=2))
def test_the_stated_counts_read_once_are_the_counts_asked_twice(words: list[str], cut: int, stated_cut: int,
                                                                 longer: list[str]) -> None:
    """``name_mentions_stated`` reads the whole text once for the dense and the stated zones: the
    same figures as ``name_mentions`` asked of each (the stated zones open the dense ones)."""
    from kgsync.extract.names import letter_runs, name_mentions_stated

    text = " ".join(words)
    dense = text[:cut]
    stated = dense[:stated_cut]
    names = tuple(sorted(set(longer)))
    assert name_mentions_stated(text, dense, stated, names, letter_runs(text), letter_runs(dense),
                                letter_runs(stated)) == _stated_as_asked_twice(text, dense, stated, names)
