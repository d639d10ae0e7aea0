"""Tests of kgsync.publish.site.definitions: the sentence a concept's or method's page opens with."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kgsync.read.config import SiteOptions
from kgsync.contract.model import EntityType
from kgsync.publish.site import pages as site_pages
from kgsync.publish.site.definitions import DEFINES_AS, REFERS, definition, match_form, node_names, prose
from kgsync.publish.site.node_pages import open_with
from tests.publish.site.rendered import ENV, _page
from tests.fence_cases import MIXED_AND_LONG_FENCES
from tests.site_fixture import item, sample

RAG = ("retrieval augmented generation", "RAG", "retrieval-augmented generation")


@pytest.mark.parametrize(("sentence", "form"), [
    ("Lewis et al. (2020) define retrieval-augmented generation (RAG) as a model that reads before it writes.",
     DEFINES_AS),
    ("Retrieval-augmented generation refers to grounding a model's answer in passages it retrieves first.", REFERS),
    ("RAG denotes a pipeline that retrieves passages before it generates any text.", REFERS),
    ("Microsoft's RAG is defined as a pipeline that retrieves passages before generating text.", REFERS),  # an owner
])
def test_a_definition_form_is_found(sentence, form):
    assert match_form(sentence, RAG) == form


@pytest.mark.parametrize("sentence", [
    # The forms the lead's reading dropped (theses, findings and narrower names shown as definitions):
    "Retrieval-Augmented Generation (RAG) is a technique that grounds a model's answer in retrieved text.",
    "RAG are pipelines that retrieve passages before they generate any answer.",
    "RAG means grounding every answer in passages retrieved from the corpus first.",
    "**RAG**: a pattern that retrieves passages and then generates an answer from them.",  # a bold lead
    "RAG, combining retrieval with generation, outperformed both baselines on every benchmark.",  # apposition
    "Before fine-tuning, RAG (retrieval before generation) was the cheaper path to fresh answers.",  # a gloss
    # Never a definition:
    "What is RAG and is it defined as a retrieval mechanism or a memory architecture?",  # a question
    "RAG Fusion refers to a method that merges the rankings of several rewritten queries.",  # a longer name
    "In RAG, the retriever refers to a dense model that embeds the query and the passages.",  # not the subject
    "RAG denotes retrieval.",  # too short to define anything
])
def test_no_definition_is_taken_from(sentence):
    assert match_form(sentence, RAG) is None


def test_the_strongest_form_then_the_earliest_item_wins():
    early = replace(item("2026-01-01-a", "A", "2026-01-01", ()), body_line=10,
                    body="Intro.\nRAG refers to a pattern that retrieves passages before it generates an answer.\n")
    later = replace(item("2026-02-01-b", "B", "2026-02-01", ()), body_line=20,
                    body="Lewis et al. define RAG as a model that conditions generation on retrieved passages.\n")
    third = replace(item("2026-03-01-c", "C", "2026-03-01", ()), body_line=1,
                    body="RAG denotes a method that reads before it writes an answer to the question.\n")
    found = definition(RAG, [third, early])
    assert found is not None and (found.item, found.line, found.form) == ("2026-01-01-a", 11, REFERS)
    found = definition(RAG, [third, later, early])  # "defines X as" beats an earlier "X refers to"
    assert found is not None and (found.item, found.line, found.form) == ("2026-02-01-b", 20, DEFINES_AS)
    assert found.sentence.startswith("Lewis et al. define RAG as a model")


def test_a_node_with_no_name_of_two_characters_is_defined_by_nothing():
    # A one-character title ("0", found by the site's hostile-input property test) leaves no name to
    # look for: the empty pattern matched every item at no line.
    plain = replace(item("2026-01-01-a", "A", "2026-01-01", ()), body_line=1, body="Nothing defines 0 as anything here.\n")
    assert node_names("0", ()) == ()
    assert definition(node_names("0", ()), [plain]) is None
    assert definition((), [replace(plain, body="")]) is None


def test_code_tables_quotations_and_sources_define_nothing():
    body = ("```\nRAG refers to a pattern that retrieves passages before generating answers.\n```\n"
            "| RAG refers to a pattern that retrieves passages before generating answers. |\n"
            "> RAG refers to a pattern that retrieves passages before generating answers.\n"
            "- [x] RAG refers to a pattern that retrieves passages before generating answers.\n"
            "## RAG refers to a pattern that retrieves passages before generating answers\n")
    assert definition(RAG, [replace(item("2026-01-01-a", "A", "2026-01-01", ()), body=body)]) is None


def test_the_quoted_sentence_is_plain_text_without_its_evidence_label():
    body = "- **[fact]** **RAG refers to a pattern** that retrieves [passages](https://x.org) first. It is cheap.\n"
    found = definition(RAG, [replace(item("2026-01-01-a", "A", "2026-01-01", ()), body=body)])
    assert found is not None and found.sentence == "RAG refers to a pattern that retrieves passages first."


@pytest.mark.parametrize("after", [" [source: https://x.org/ddd/0321125215/]", " [fact; source: x.md] It is cheap."])
def test_a_label_after_the_defining_sentence_is_not_quoted(after):
    # The sentences are the shared splitter's (kgsync.extract.sentences), which keeps such a label with
    # the sentence before it for the graph; the page quotes the sentence alone.
    body = f"Eric Evans defines RAG as a pattern that retrieves passages before it generates an answer.{after}\n"
    found = definition(RAG, [replace(item("2026-01-01-a", "A", "2026-01-01", ()), body=body)])
    assert found is not None
    assert found.sentence == "Eric Evans defines RAG as a pattern that retrieves passages before it generates an answer."

def test_node_names_keep_one_spelling_of_each_name():
    assert node_names("retrieval augmented generation", ["RAG", "retrieval-augmented generation", "rag"]) == (
        "RAG", "retrieval augmented generation")


def test_a_page_opens_with_its_definition_above_the_kind_line():
    page = "# RAG\n\n*Method.*\n**Also known as:** x\n"
    assert open_with(page, EntityType.METHOD, "<p>def</p>") == "# RAG\n\n<p>def</p>\n\n*Method.*\n**Also known as:** x\n"
    assert open_with(page, EntityType.METHOD, "") == page  # no definition: the page as it was
    with pytest.raises(ValueError, match="open_with"):
        open_with("# RAG\n", EntityType.CONCEPT, "<p>def</p>")


def test_concept_and_method_pages_quote_their_definition_linked_to_its_item():
    graph, items = sample()
    body = ("## Context\n\nRetrieval-augmented generation (RAG) refers to a technique that grounds a model's answer "
            "in passages <it> retrieves first. It is cheap.\n\n"
            "Cooper defines literature review as a survey of the published work on a question, read first.\n")
    bodies = {"2026-01-01-rag-basics": body,
              "2026-02-01-rag-eval": "Evaluation is a step that checks the answers against held-out questions.\n"}
    items = [replace(i, body=bodies[i.slug], body_line=7) if i.slug in bodies else i for i in items]
    pages = site_pages.render_pages(graph, items, SiteOptions(), ENV)
    page = _page(pages, "concepts/retrieval-augmented-generation")
    assert ('<p class="kg-definition">Defined in <a href="../../items/2026-01-01-rag-basics/">'
            "Retrieval-augmented generation basics</a>: “Retrieval-augmented generation (RAG) refers to a technique that "
            "grounds a model&#x27;s answer in passages &lt;it&gt; retrieves first.”</p>") in page  # escaped
    assert page.index("kg-definition") < page.index("*Concept.*")
    method = _page(pages, "methods/literature-review")
    assert "“Cooper defines literature review as a survey of the published work on a question, read first.”" in method
    assert method.index("kg-definition") < method.index("*Method.*")
    # "Evaluation is a step ...": a copula defines nothing; the other pages are as they were
    assert "kg-definition" not in _page(pages, "concepts/evaluation")


@pytest.mark.parametrize("block", MIXED_AND_LONG_FENCES.values(), ids=list(MIXED_AND_LONG_FENCES))
def test_a_definition_is_read_outside_a_mixed_or_longer_fence_only(block):
    code = "A schema is defined as the code inside the fenced block here."
    after = "A graph is defined as the prose after the fenced block here."
    body = "Intro.\n" + block(code) + after + "\n"
    found = prose(replace(item("2026-01-01-x", "X", "2026-01-01"), body=body, body_line=1)).lines
    assert [text for text, _line in found] == [after], found
