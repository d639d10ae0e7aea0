"""``kgsync.extract.cited_text``: the text that names an item, taken out of what mining reads."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract.cited_text import without_item_names


def test_a_dated_slug_in_code_or_bare_is_a_break() -> None:
    text = "as expressed in `2026-04-22-enterprise-ai-capability-model` and 2026-05-05-enterprise-ai-capability-stack."
    assert without_item_names(text) == "as expressed in `;` and ;."


def test_a_link_to_an_items_page_or_file_is_a_break_with_its_text() -> None:
    line = ("- [x] [Mitchell (2026) Enterprise AI capability model](https://example.github.io/Research/research/"
            "2026-04-22-enterprise-ai-capability-model.html) - five-layer baseline")
    assert without_item_names(line) == "- [x] ; - five-layer baseline"
    assert without_item_names("[Prior item](Research/completed/2026-05-01-a-b.md#key-findings)") == ";"


def test_a_path_or_file_name_ending_in_a_dated_slug_is_a_break() -> None:
    assert without_item_names("see Research/completed/2026-01-01-foo-bar.md now") == "see ; now"


def test_what_names_no_item_stays() -> None:
    for text in ("AGENTS.md and README.md", "`test-driven-development`", "the 2026-05 items",
                 "improve `research-review-prompt.md` first", "`semantic-full-text-search.md`",
                 "[Pi coding agent](https://mariozechner.at/posts/2025-11-30-pi-coding-agent/)",
                 "[fact; source: https://x.io/2026-01-01-a.html] words", "enterprise AI capability model"):
        assert without_item_names(text) == text


@given(st.lists(st.lists(st.sampled_from(["2026-01-01-a-b", ".md", "`", "[t](", ")", "](x/2026-01-01-c.html)", "/",
                                          " ", "\n", "word", "-", "a-b-c", "é"]), max_size=12).map("".join), max_size=4))
@settings(max_examples=300, deadline=None)
def test_no_break_spans_a_line(lines: list[str]) -> None:
    """Mining masks each zone apart and the joined zones alike: no name spans a line break."""
    assert "\n".join(map(without_item_names, lines)) == without_item_names("\n".join(lines))
