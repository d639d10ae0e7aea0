"""Convention files an item names, as topics: ``kgsync.extract.files`` (issue 21)."""

from __future__ import annotations

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
