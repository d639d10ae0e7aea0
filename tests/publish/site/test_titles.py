"""kgsync.publish.site.titles: a term's page title in words, read through ``model._node`` (an alias
that spells it, a plural made singular, aliases that only respell it) and ``model.collect`` (the
spelling its items write most)."""

from __future__ import annotations

from kgsync.contract.model import Entity, EntityType, Graph
from kgsync.publish.site.model import _node, collect
from tests.item_corpus import make_item


def _term(key: str, *aliases: str) -> tuple[str, tuple[str, ...]]:
    node = _node(f"concept:{key}", EntityType.CONCEPT, key, "p", tuple(f"alias:{a}" for a in aliases), None)
    return node.title, node.aliases


def test_a_term_is_titled_in_the_case_its_items_write_it() -> None:
    # A slug is lower-case: the items' own spelling names the brand ("github" read as a typo).
    assert _term("github", "GitHub") == ("GitHub", ())
    assert _term("agents-md", "AGENTS.md") == ("AGENTS.md", ())
    assert _term("confidentiality-integrity-and-availability", "CIA", "confidentiality, integrity, and availability") \
        == ("confidentiality, integrity, and availability", ("CIA",))


def test_a_term_is_titled_by_the_hyphens_its_items_write_not_the_search_form_with_spaces() -> None:
    # "retrieval augmented generation" is the build's search form of the alias (graph.terms.spaced_name_alias).
    assert _term("retrieval-augmented-generation", "RAG", "retrieval augmented generation",
                 "retrieval-augmented generation")[0] == "retrieval-augmented generation"
    assert _term("multi-agent", "multi agent", "multi-agent")[0] == "multi-agent"
    assert _term("knowledge-graph", "KG", "knowledge graph")[0] == "knowledge graph"


def test_a_term_named_in_the_singular_is_titled_by_its_plural_alias_made_singular() -> None:
    assert _term("large-language-model", "LLM", "LLMs", "large language models") \
        == ("large language model", ("LLM", "LLMs"))
    assert _term("github-issue", "GitHub Issues") == ("GitHub Issue", ())
    assert _term("coding-agent-harness", "coding agent harnesses", "coding-agent harnesses") \
        == ("coding agent harness", ())
    assert _term("security-policy", "security policies") == ("security policy", ())


def test_a_term_no_alias_spells_keeps_its_name() -> None:
    assert _term("pre-training") == ("pre-training", ())
    assert _term("new-zealand", "NZ") == ("new-zealand", ("NZ",))
    assert _term("embedding", "embeddings") == ("embedding", ())
    # Only the last word takes the plural: "model large languages" spells nothing.
    assert _term("large-language-model", "larges language model") == ("large-language-model", ("larges language model",))


def test_aliases_that_only_respell_the_title_are_not_listed_as_other_names() -> None:
    title, aliases = _term("retrieval-augmented-generation", "RAG", "retrieval augmented generation",
                           "retrieval-augmented generation", "rag retrieval")
    assert title == "retrieval-augmented generation"  # the spelling, not the search form with spaces
    assert aliases == ("RAG", "rag retrieval")
    node = _node("concept:x", EntityType.CONCEPT, "retrieval-augmented-generation", "p",
                 ("alias:retrieval augmented generation", "alias:retrieval-augmented generation"), None)
    assert node.search_names == ("retrieval augmented generation",)  # search and the explorer still find it by them


def test_a_term_no_alias_spells_is_titled_as_its_items_write_it_most() -> None:
    """openai, servicenow, youtube: lower-case slugs on the site, the graph holds no alias."""
    items = [make_item("2026-01-01-a", "Models", summary="So OpenAI ships (https://openai.com/a) in New Zealand; Openai. Openai is."),
             make_item("2026-01-02-b", "Models", summary="The openai package; and OpenAI again, with pre-training."),
             make_item("2026-01-03-c", "Other", summary="openai, openai, openai, openai: not an item of the term.")]
    terms = [Entity(f"concept:{key}", "concept", ("provenance:item=2026-01-01-a", "provenance:item=2026-01-02-b"))
             for key in ("openai", "new-zealand", "pre-training", "full-text-search-5")]
    nodes = collect(Graph((*terms, *(Entity(f"item:{i.slug}", "research_item", ()) for i in items)), ()), items).nodes
    titles = [nodes[t.name].title for t in terms]
    # Inside a sentence, in the term's own items, URLs out: "OpenAI" 2, "openai" 1, "Openai" 1 (once more at a sentence start, not counted).
    assert titles == ["OpenAI", "New Zealand", "pre-training", "full-text-search-5"]


def test_a_term_spelled_with_and_without_hyphens_is_titled_as_its_items_write_it_most() -> None:
    """Two aliases with the name's words, one with hyphens and one with spaces ("software as a service",
    "software as-a-service"; the build writes the spaced form for search too): the items' more frequent
    spelling titles the page; without their texts, or on a tie, the hyphens (``spelled_out``)."""
    items = [make_item("2026-01-01-a", "Platforms", summary="We buy software as a service, and more software as a "
                       "service, and rarely software-as-a-service; then retrieval-augmented generation."),
             make_item("2026-01-02-b", "Platforms", summary="More retrieval-augmented generation, and one "
                       "retrieval augmented generation.")]
    linked = ("provenance:item=2026-01-01-a", "provenance:item=2026-01-02-b")
    saas = Entity("concept:software-as-a-service", "concept",
                  (*linked, "alias:SaaS", "alias:software as a service", "alias:software as-a-service"))
    rag = Entity("method:retrieval-augmented-generation", "method",
                 (*linked, "alias:retrieval augmented generation", "alias:retrieval-augmented generation"))
    nodes = collect(Graph((saas, rag, *(Entity(f"item:{i.slug}", "research_item", ()) for i in items)), ()), items).nodes
    assert nodes[saas.name].title == "software as a service"
    assert nodes[rag.name].title == "retrieval-augmented generation"
    assert nodes[saas.name].aliases == ("SaaS",)  # the other spelling is no other name
