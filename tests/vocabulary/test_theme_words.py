"""kgsync.vocabulary.theme_words: what a theme's words name (a variant of its name, one idea), the vocabulary alone."""

from __future__ import annotations

import pytest

from kgsync.vocabulary.theme_words import is_variant, names_one_idea, scope_expansions


@pytest.mark.parametrize(("slug", "phrase", "variant"), [
    ("agentic-ai", "ai agents", True),  # every word the slug's, up to a derivation ("agent" / "agentic")
    ("agentic-ai", "agents", False),  # a word alone that only shortens the slug's names its own thing
    ("organisational-design", "organisation", False),
    ("organisational-design", "org design", True),  # a clipping
    ("agentic-ai", "agentic systems", True),  # a vague head (lexicon.GENERIC)
    ("enterprise-adoption", "enterprise strategy", False),  # a vague head stands in for no act: a strategy is no adoption
    ("software-engineering", "engineering practices", True),  # the act itself stays
    ("benchmarks-eval", "evals", True),  # the same word key
    ("benchmarks-eval", "evaluation", True),
    ("multi-agent", "multi agent systems", True),
    ("rag-retrieval", "RAG", True),  # the slug's word is the phrase's acronym
    ("knowledge-management", "PKM", False),  # its long form has a word of its own ("personal")
    ("knowledge-management", "personal knowledge management", False),
    ("knowledge-graphs", "KG", True),  # the slug's own acronym
    ("security-risk", "operational risk", False),  # one word shared, another idea
    ("memory-context", "context window", False),
    ("human-ai-interaction", "human computer interaction", False),
    ("ai-architecture", "model architecture", False),
    ("tools-infrastructure", "developer tools", False),
    ("cost-performance", "performance tradeoffs", False),
    ("ai-architecture", "mechanistic interpretability", False),
    ("ai-architecture", "fine-tuning", False),
    ("tools-infrastructure", "citizen development", False),
    ("tools-infrastructure", "developer experience", False),
    ("llm-reasoning", "prompt engineering", False),
    ("rag-retrieval", "vector search", False),
    ("knowledge-graphs", "ontologies", False),
    ("multi-agent", "multi", False),  # a prefix is no content word
    ("agentic-ai", "ai", False),  # the head's acronym alone names the whole field, not this theme
    ("rag-retrieval", "rag", True),  # the first word's acronym is the theme's own
])
def test_a_variant_of_a_themes_name_has_only_the_slugs_words(slug: str, phrase: str,
                                                                        variant: bool) -> None:
    assert is_variant(slug, phrase, {"pkm": "personal knowledge management"}) is variant


@pytest.mark.parametrize(("slug", "scope", "idea"), [
    ("agentic-ai", "AI agents, tool use", True),  # a derivation, either order
    ("rag-retrieval", "Retrieval-augmented generation (RAG), vector search", True),  # the long form of "rag"
    ("llm-reasoning", "LLM (Large Language Model) reasoning, prompt engineering", True),
    ("knowledge-management", "Personal knowledge management (PKM), synthesis", True),
    ("knowledge-graphs", "KG, ontologies", True),  # the slug's acronym
    ("memory-context", "Memory management, context windows, compression", False),  # two phrases
    ("cost-performance", "Cost optimisation, efficiency, performance trade-offs", False),
    ("benchmarks-eval", "Evaluation, benchmarks, metrics", False),
    ("consciousness-cognition", "Consciousness, cognitive science", False),
    ("formal-methods", "", False),  # no scope row
])
def test_a_theme_names_one_idea_when_one_scope_phrase_writes_its_slug(slug: str, scope: str, idea: bool) -> None:
    assert names_one_idea(slug, scope) is idea


def test_a_scope_spells_out_its_acronyms_either_way() -> None:
    pairs, phrases, spelled = scope_expansions("Retrieval-augmented generation (RAG), LLM (Large Language Model) reasoning")
    assert pairs == [("RAG", "retrieval-augmented generation")]
    assert spelled == [("RAG", "retrieval-augmented generation"), ("LLM", "large language model")]
    assert "LLM reasoning" in phrases and "Large Language Model reasoning" in phrases
