"""Convention files an item names, as topics: ``kgsync.extract.files`` (issue 21)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract.files import file_mentions, is_file_key, label, node_name
from kgsync.extract.names import is_name_key


def test_a_file_name_in_capitals_is_counted_over_the_whole_text_and_where_the_item_concludes() -> None:
    text = "Agents read AGENTS.md first. See `AGENTS.md` and docs/AGENTS.md; a SKILL.md per skill."
    found = {key: (n, d) for key, n, d in file_mentions(text, "Agents read AGENTS.md first.")}
    assert found == {"agents.md": (3, 1), "skill.md": (1, 0)}


def test_a_file_name_in_lower_case_is_minings_words_not_a_convention() -> None:
    assert file_mentions("the copilot-instructions.md file and notes.md", "") == ()


def test_a_file_topic_is_written_as_the_convention_writes_it() -> None:
    assert is_file_key("agents.md") and not is_file_key("guardrail") and not is_name_key("agents.md")
    assert label("agents.md") == "AGENTS.md" and node_name("agents.md") == "agents-md"


_FILE_PIECES = st.sampled_from(["AGENTS", "SKILL", "A1", "9", "README-V2", ".md", ".markdown", ".yml", ".yaml", ".json",
                                ".jsonl", ".mdx", ".py", ".", "-", "x", "é", "Ü", "_", " ", "\n", "\r", "/", "`",
                                "\u2028", "md", "Agents"])


@given(st.lists(st.one_of(_FILE_PIECES, st.text(max_size=3)), max_size=40).map("".join))
@settings(max_examples=400, deadline=None)
def test_the_file_names_read_line_by_line_are_the_regex_over_the_whole_text(text: str) -> None:
    """``_file_names`` reads only the lines where an extension follows a capital or a digit: the
    oracle is the pattern over the whole text, as first written."""
    from kgsync.extract.files import _FILE, _file_names

    assert _file_names(text) == _FILE.findall(text)


@given(st.lists(st.one_of(_FILE_PIECES, st.text(max_size=3)), max_size=40).map("".join))
@settings(max_examples=300, deadline=None)
def test_the_same_text_twice_is_read_once_with_the_same_counts(text: str) -> None:
    """``file_mentions`` given one text as both (mining's stated zones) reads it once: the same
    answer as for an equal text that is another object."""
    other = (text + "\x00")[:-1]
    assert other is not text or len(text) < 2
    assert file_mentions(text, text) == file_mentions(text, other)
