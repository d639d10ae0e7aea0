"""Phrases written only as a part of a name (``kgsync.extract.nesting``, issue 21)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from kgsync.extract.nesting import name_tails


def test_a_word_after_a_name_in_one_phrase_is_that_names_part() -> None:
    tails = name_tails("We call the Gemini API and the Whisper API, and the GitHub Contents API.")
    assert tails["api"] == 3
    assert tails["content api"] == 1  # "Contents API" follows "GitHub"
    assert "gemini api" not in tails  # the whole phrase is the product's name, no part of one


def test_a_capital_that_opens_a_sentence_a_line_or_a_parenthesis_is_no_name() -> None:
    assert name_tails("Gemini API calls fail.\n- Whisper API quotas differ. (Anthropic API)") == Counter()


def test_an_acronym_qualifies_a_field_and_is_no_name() -> None:
    assert name_tails("We list the AI failure modes and the MCP server registry.") == Counter()


def test_a_phrase_written_alone_is_no_names_part() -> None:
    assert name_tails("The API is slow; prompt injection attacks the API.") == Counter()


def _name_tails_by_token(text: str) -> Counter[str]:
    """``name_tails`` as first written: a Python step per token."""
    from kgsync.extract.nesting import _count_run, at_opening
    from kgsync.extract.phrases import TOKEN_OR_BREAK, is_break
    out: Counter[str] = Counter()
    run: list[str] = []
    named: list[int] = []
    for match in TOKEN_OR_BREAK.finditer(text):
        token = match.group()
        if is_break(token):
            _count_run(run, named, out)
            run, named = [], []
            continue
        if token[:1].isupper() and not token.isupper() and not at_opening(text, match.start()):
            named.append(len(run))
        run.append(token)
    _count_run(run, named, out)
    return out


def test_name_tails_equals_a_step_per_token() -> None:
    texts = [
        "We call the Gemini API and the Whisper API, and the GitHub Contents API.",
        "Gemini API calls fail.\n- Whisper API quotas differ. (Anthropic API)",
        "the OpenAI Agents SDK and the Claude Code CLI tool\n\nthe Azure AI Foundry agent service",
        "use the Vertex AI Agent Builder platform; the Microsoft Graph API. The Claude API",
        "", "API", "the Gemini", "Gemini API", "x Gemini API Gemini Vertex AI thing Google Cloud Run jobs",
    ]
    corpus = Path("examples/research-repo")
    texts += [p.read_text(encoding="utf-8") for p in sorted(corpus.rglob("*.md"))]
    for text in texts:
        assert name_tails(text) == _name_tails_by_token(text)
        assert list(name_tails(text).items()) == list(_name_tails_by_token(text).items())
