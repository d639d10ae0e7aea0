"""The ideas a bucket theme's Scope names (``kgsync.vocabulary.facets``)."""

from __future__ import annotations

from kgsync.vocabulary.facets import distributed, scope_facets


def test_each_phrase_that_names_a_term_is_a_facet_named_as_mining_names_it() -> None:
    facets = {f.name: f for f in scope_facets("Memory management, context windows, compression, retrieval within a session")}
    assert sorted(facets) == ["context-window", "memory-management"]  # a plain word, a description: none
    assert facets["context-window"].forms == ("context windows",)
    assert facets["context-window"].keys == ("context window",)
    assert not facets["memory-management"].method


def test_a_plain_single_word_is_no_facet_but_an_acronym_or_a_hyphenated_compound_is() -> None:
    names = [f.name for f in scope_facets("Model architecture, training, fine-tuning, policy, efficiency, low-code")]
    assert "training" not in names and "policy" not in names and "efficiency" not in names
    assert "fine-tuning" in names and "low-code" in names


def test_an_acronym_with_its_long_form_is_one_facet_named_by_the_long_form() -> None:
    [facet] = scope_facets("MCP (Model Context Protocol)")
    assert facet.name == "model-context-protocol"
    assert facet.forms == ("MCP", "model context protocol")
    assert set(facet.keys) == {"mcp", "model context protocol"}
    # Brackets that spell out no acronym are an aside: the phrase is read without them.
    assert [f.name for f in scope_facets("Adversarial attacks (prompt injection)")] == ["adversarial-attack"]


def test_a_coordination_distributes_its_head() -> None:
    assert distributed("operational and supply-chain risk") == ("operational risk", "supply-chain risk")
    assert distributed("cost and latency budgets") == ("cost budgets", "latency budgets")
    assert distributed("agent memory and context windows") == ("agent memory", "context windows")
    assert distributed("security vulnerabilities") == ("security vulnerabilities",)
    names = [f.name for f in scope_facets("Adversarial attacks, operational and supply-chain risk")]
    assert names == ["adversarial-attack", "operational-risk", "supply-chain-risk"]


def test_a_vague_noun_a_noun_only_describes_is_no_facet() -> None:
    # ``idea.names_an_idea``'s generic-head rules, the phrase read as one unit.
    assert scope_facets("measurement methodology, skills gaps") == ()


def test_a_facet_whose_head_is_a_method_noun_is_a_method_but_not_an_ing_form() -> None:
    facets = {f.name: f.method for f in scope_facets("Cost optimisation, capability building")}
    assert facets == {"cost-optimisation": True, "capability-building": False}


def test_an_acronym_that_spells_the_plural_keeps_it_in_the_name() -> None:
    [facet] = scope_facets("MLOps (Machine Learning Operations)")
    assert facet.name == "machine-learning-operations"
    assert facet.keys == ("mlops", "machine learning operation")
