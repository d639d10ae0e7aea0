"""Near-duplicate merges among chosen terms: a vague head adds no idea, acronym twins are one idea."""

from __future__ import annotations

from collections import Counter

from kgsync.extract.mining import DEFINED
from kgsync.read.config import Merge
from kgsync.vocabulary.acronym_index import acronym_swaps, contracted
from kgsync.vocabulary.groups import CandidateGroup, group_kind, group_label, merge_chosen_groups, _merge_near_duplicates, facet_head
from kgsync.vocabulary.terms import TermKind
from kgsync.vocabulary.vocab_file import PinnedVocabulary


def _groups(*keys_by_first_item: tuple[str, str]) -> dict[str, CandidateGroup]:
    out = {}
    for key, first in keys_by_first_item:
        group = CandidateGroup(key)
        group.items[first] = 1.0
        group.first = first
        group.surfaces[key] = 1
        out[key] = group
    return out


def test_a_vague_head_joins_the_term_it_qualifies() -> None:
    groups = _groups(("low code", "2026-01-01-a"), ("low code application", "2026-01-02-b"),
                     ("knowledge graph", "2026-01-03-c"), ("knowledge graph construction", "2026-01-04-d"))
    kinds = {g: TermKind.CONCEPT for g in groups}
    merged = _merge_near_duplicates(groups, set(groups), kinds, Merge())
    assert merged == {"low code application": "low code"}  # "construction" names another idea


def test_acronym_twins_merge_through_an_acronym_of_one_meaning() -> None:
    swaps = acronym_swaps({"ai": "artificial intelligence"})
    assert contracted("enterprise artificial intelligence", swaps) == "enterprise ai"
    groups = _groups(("enterprise artificial intelligence", "2026-01-01-a"), ("enterprise ai", "2026-01-02-b"))
    kinds = {g: TermKind.CONCEPT for g in groups}
    merged = _merge_near_duplicates(groups, set(groups), kinds, Merge(), lambda g: contracted(g, swaps))
    assert merged == {"enterprise ai": "enterprise artificial intelligence"}
    assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == {}


def test_a_jurisdiction_scopes_an_idea_whichever_name_comes_first() -> None:
    for older, later in (("eu ai act", "ai act"), ("ai act", "eu ai act")):
        groups = _groups((older, "2026-01-01-a"), (later, "2026-01-02-b"), ("eu ai office", "2026-01-03-c"))
        kinds = {g: TermKind.CONCEPT for g in groups}
        assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == {later: older}



def test_a_narrower_term_joins_the_broader_unless_an_item_defines_it_as_an_acronym() -> None:
    # "indirect prompt injection" is a wording of prompt injection; "Meta Context Engineering
    # (MCE)" is a named technique: merged, MCE would become an alias of context engineering.
    for defined, expected in ((False, {"meta context engineering": "context engineering"}), (True, {})):
        groups = _groups(("context engineering", "2026-01-01-a"), ("meta context engineering", "2026-01-02-b"))
        groups["meta context engineering"].flags = DEFINED if defined else 0
        kinds = {g: TermKind.METHOD for g in groups}
        assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == expected


def test_a_closed_name_ending_in_an_acronym_has_the_acronyms_kind() -> None:
    group = CandidateGroup("hybridrag")
    group.surfaces["HybridRAG"] = 2
    acronyms = {"rag": "retrieval augmented generation", "kg": "knowledge graph"}
    assert group_kind(group, PinnedVocabulary(), acronyms) is TermKind.METHOD  # a variant of a technique
    assert group_kind(group, PinnedVocabulary()) is TermKind.CONCEPT  # no map: nothing says what RAG is
    other = CandidateGroup("enterprisekg")
    other.surfaces["EnterpriseKG"] = 1
    assert group_kind(other, PinnedVocabulary(), acronyms) is TermKind.CONCEPT


def _name_of(key: str, *surfaces: str) -> str:
    from kgsync.vocabulary.groups import _choose_name
    group = CandidateGroup(key)
    for surface in surfaces:
        group.surfaces[surface] += 1
    return _choose_name(group)


def test_a_name_keeps_the_plurals_it_fixes() -> None:
    assert _name_of("bill of material", "bill of materials") == "bill-of-materials"
    assert _name_of("fundamental first", "fundamentals first") == "fundamentals-first"
    assert _name_of("amazon web service", "Amazon Web Services", "AWS") == "amazon-web-services"
    # a head's plural is no name: one node, singular, however it is written
    assert _name_of("knowledge graph", "Knowledge Graphs") == "knowledge-graph"
    assert _name_of("knowledge graph", "knowledge graphs", "knowledge-graph") == "knowledge-graph"
    assert _name_of("ai agent", "AI agents") == "ai-agent"
    # an item that writes the word singular: the plural was no fixed form
    assert _name_of("fundamental first", "fundamentals first", "fundamental first") == "fundamental-first"


def test_a_name_keeps_the_plural_its_acronym_spells() -> None:
    # "Ops" of "MLOps" keeps the plural "s": the discipline is "operations", not one operation
    assert _name_of("machine learning operation", "machine learning operations", "MLOps") == "machine-learning-operations"
    assert _name_of("development and operation", "Development and Operations", "DevOps") == "development-and-operations"
    # a plural of the acronym itself: "LLMs" ("s" after a capital), "NLSpecs" where "NLSpec" is written too
    assert _name_of("large language model", "large language models", "LLMs") == "large-language-model"
    assert _name_of("natural language specification", "natural language specifications", "NLSpecs",
                    "NLSpec") == "natural-language-specification"
    # an item that writes the expansion singular still decides
    assert _name_of("machine learning operation", "machine learning operations", "MLOps",
                    "machine learning operation") == "machine-learning-operation"


def test_a_facet_joins_its_thing_when_every_item_that_chose_it_chose_the_thing() -> None:
    # "GitHub Actions workflow": what happens with GitHub Actions (an act), written only where
    # the items discuss GitHub Actions, whichever item came first.
    for facet_first in (True, False):
        groups = _groups(("github action", "2026-01-02-b"), ("github action workflow", "2026-01-01-a"))
        groups["github action"].surfaces = Counter({"GitHub Actions": 2})  # a name
        groups["github action"].items["2026-01-01-a"] = 1.0
        if not facet_first:
            groups["github action workflow"].first = "2026-01-03-c"
        kinds = {g: TermKind.CONCEPT for g in groups}
        assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == {"github action workflow": "github action"}
    # an item that chooses the facet alone: a topic of its own
    groups["github action workflow"].items["2026-01-04-d"] = 1.0
    assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == {}


def test_a_facet_joins_the_thing_its_short_form_names() -> None:
    groups = _groups(("hallucination associated neuron", "2026-01-01-a"), ("h neuron activation", "2026-01-02-b"))
    groups["hallucination associated neuron"].surfaces["H-neurons"] = 1
    groups["hallucination associated neuron"].items["2026-01-02-b"] = 1.0
    kinds = {g: TermKind.CONCEPT for g in groups}
    assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == {
        "h neuron activation": "hallucination associated neuron"}


def test_no_facet_of_a_component_a_word_alias_or_another_kind() -> None:
    groups = _groups(("coding agent", "2026-01-01-a"), ("coding agent harness", "2026-01-02-b"),
                     ("agentic ai", "2026-01-01-a"), ("agent workflow", "2026-01-02-b"))
    groups["agentic ai"].surfaces["agents"] = 1  # a word of it, not a short form
    for g in groups.values():
        g.items.update({"2026-01-01-a": 1.0, "2026-01-02-b": 1.0})
    kinds = {g: TermKind.CONCEPT for g in groups}
    assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == {}  # a harness is a thing
    # a common noun's act is an idea of its own, and a near-duplicate's target comes first
    groups = _groups(("inference time", "2026-01-01-a"), ("inference time intervention", "2026-01-01-a"),
                     ("agent workflow", "2026-01-01-a"), ("ai agent", "2026-01-01-a"), ("ai agent workflow", "2026-01-02-b"))
    groups["ai agent"].items["2026-01-02-b"] = 1.0
    groups["ai agent"].surfaces = Counter({"AI Agent": 1})
    groups["inference time"].items["2026-01-02-b"] = 1.0
    merged = _merge_near_duplicates(groups, set(groups), {g: TermKind.CONCEPT for g in groups}, Merge())
    assert merged == {"ai agent workflow": "agent workflow"}
    assert not facet_head("harness") and not facet_head("point") and facet_head("workflow") and facet_head("activation")


def test_a_facet_does_not_name_or_label_its_thing() -> None:
    # The facet's item is the earliest, but "GitHub Actions workflow" is no name for GitHub Actions.
    groups = _groups(("github action workflow", "2026-01-01-a"), ("github action", "2026-01-02-b"))
    groups["github action workflow"].surfaces = Counter({"GitHub Actions workflow": 1})
    groups["github action workflow"].first_surfaces = Counter({"GitHub Actions workflow": 1})
    groups["github action"].surfaces = Counter({"GitHub Actions": 1})
    groups["github action"].first_surfaces = Counter({"GitHub Actions": 1})
    groups["github action"].items["2026-01-01-a"] = 1.0
    kinds = {g: TermKind.CONCEPT for g in groups}
    merged, names = merge_chosen_groups(groups, set(groups), kinds, Merge())
    assert merged == {"github action workflow": "github action"}
    assert names == {"github action workflow": "github-actions-workflow"}
    assert group_label(groups["github action"]) == "GitHub Actions" and groups["github action"].first == "2026-01-02-b"


def test_a_participle_compound_reads_as_its_first_word_whichever_name_comes_first() -> None:
    # "AI-assisted coding" is AI coding; "URL-based deduplication" URL deduplication (issue 21)
    for older, later in (("ai assisted coding", "ai coding"), ("ai coding", "ai assisted coding")):
        groups = _groups((older, "2026-01-01-a"), (later, "2026-01-02-b"), ("agentic coding", "2026-01-03-c"))
        groups["ai assisted coding"].surfaces.clear()
        groups["ai assisted coding"].surfaces["AI-assisted coding"] = 1
        kinds = {g: TermKind.METHOD for g in groups}
        assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == {later: older}
    # written apart, "assisted" is a word of the name: another idea than the plain one
    groups = _groups(("ai assisted coding", "2026-01-01-a"), ("ai coding", "2026-01-02-b"))
    kinds = {g: TermKind.METHOD for g in groups}
    assert _merge_near_duplicates(groups, set(groups), kinds, Merge()) == {}


def test_a_phrase_no_item_writes_in_lower_case_around_an_acronym_is_a_name() -> None:
    """``written_names`` (topics20): "EU AI Act", "Claude iOS" keep their capitals in display; a heading's
    "MCP Server" beside the body's "MCP server", a defined long form ("Generative AI" beside "GenAI") and a
    phrase with no acronym ("Knowledge Graph") do not."""
    from kgsync.extract.canonical import display_alias
    from kgsync.vocabulary.groups import written_names

    assert written_names(["EU AI Act", "AI Act"]) == {"EU AI Act", "AI Act"}
    assert written_names(["Claude iOS", "Claude's iOS"]) == {"Claude iOS", "Claude's iOS"}
    assert written_names(["GitHub Issues", "GitHub issue"]) == frozenset()  # the same words, singular, lower case
    assert written_names(["MCP Server", "MCP server"]) == frozenset()
    assert written_names(["Generative AI", "GenAI"]) == frozenset()
    assert written_names(["Knowledge Graph", "Reserve Bank of New Zealand"]) == frozenset()
    assert display_alias("EU AI Act", True) == "EU AI Act" and display_alias("EU AI Act") == "EU AI act"
    group = CandidateGroup("eu ai act")
    group.surfaces.update({"EU AI Act": 3})
    assert group_label(group) == "EU AI Act"
    group.surfaces.update({"EU AI act": 1})
    assert group_label(group) == "EU AI act"
