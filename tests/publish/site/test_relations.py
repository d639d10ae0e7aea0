"""kgsync.publish.site.relations and the reader-facing parts of the node pages: relations listed
with both findings and their quotes, sources named by the repository, whole findings, explorer links."""

from __future__ import annotations

import json
from dataclasses import replace

from kgsync.publish.site import pages as site_pages
from kgsync.read.config import SiteOptions
from kgsync.read.items import KeyFinding
from tests.site_fixture import sample

ENV = {"GITHUB_REPOSITORY": "acme/research", "GITHUB_REF_NAME": "main"}
CONTRA = ("claim:2026-02-01-rag-eval:kf-3", "claim:2026-01-01-rag-basics:kf-1", "contradicts")
QUOTE = ("| Retrieval never helps | `2026-01-01-rag-basics.md` Key Finding 1 | low |",
         "Research/completed/2026-02-01-rag-eval.md:42")


def _concept(pages: dict[str, str]) -> str:
    return next(text for path, text in pages.items() if path.startswith("concepts/retrieval-augmented-generation"))


def _pages(evidence=None, items_change=None):
    graph, items = sample()
    if items_change:
        items = [items_change(i) for i in items]
    return site_pages.render_pages(graph, items, SiteOptions(), ENV, evidence)


def test_the_relations_page_lists_contradicts_then_supports_with_both_findings_and_the_quote():
    page = _pages({CONTRA: [QUOTE]})["relations/index.md"]
    assert page.index("## Contradicts") < page.index("## Supports")
    contradicts = page[page.index("## Contradicts"):page.index("## Supports")]
    assert ">Retrieval never helps.</a> <em>(not current)</em> — from <a href=\"../items/2026-02-01-rag-eval/\">" \
        in contradicts
    assert "<strong>contradicts</strong>" in contradicts
    assert ">Retrieval reduces hallucination in factual QA.</a> — from" in contradicts
    # the quote as text (a table row's cells), linked to its line in the item's file
    assert ("“Retrieval never helps · 2026-01-01-rag-basics.md Key Finding 1 · low” — "
            '<a href="https://github.com/acme/research/blob/main/Research/completed/2026-02-01-rag-eval.md#L42"'
            in contradicts)
    assert "<strong>supports</strong>" in page[page.index("## Supports"):]
    assert "extends" not in page.split("Show:")[1].split("\n\n", 1)[1]  # extends: its own filter page
    # the filters: each relation on its own page, linked from the others
    assert "Show: [Contradicts (1)](contradicts.md) · [Supports (1)](supports.md) · [Extends (1)](extends.md)" in page


def test_each_filter_page_holds_one_relation():
    pages = _pages()
    extends = pages["relations/extends.md"]
    assert "<strong>extends</strong>" in extends and "<strong>contradicts</strong>" not in extends
    assert ">Retrieval gains shrink with long-context models.</a>" in extends
    assert "[Contradicts and supports (2)](index.md)" in extends
    assert "<strong>contradicts</strong>" in pages["relations/contradicts.md"]
    assert "<strong>supports</strong>" in pages["relations/supports.md"]
    assert "<script>" not in pages["relations/supports.md"]  # the hostile claim supports one: escaped
    assert "&lt;script&gt;window.__xss=1&lt;/script&gt;" in pages["relations/supports.md"]


def test_a_quote_from_outside_the_repository_names_the_file_and_links_nowhere():
    outside = (QUOTE[0], "/home/builder/research/2026-02-01-rag-eval.md:42")
    pages = _pages({CONTRA: [outside]}, lambda i: replace(i, path=f"/home/builder/research/{i.slug}.md"))
    text = "".join(pages.values())
    assert "/home/builder" not in text
    assert "” — 2026-02-01-rag-eval.md:42</li>" in pages["relations/index.md"]
    assert "Item file: 2026-01-01-rag-basics.md" in pages["items/2026-01-01-rag-basics.md"]


def test_a_listed_finding_folds_its_whole_text_under_it():
    whole = "Retrieval reduces hallucination in factual QA. " + "It also cuts the made-up citations by half. " * 4
    pages = _pages(items_change=lambda i: replace(i, key_findings=(KeyFinding(1, whole, 9),))
                   if i.slug == "2026-01-01-rag-basics" else i)
    concept = _concept(pages)
    findings = concept[concept.index("## Findings"):concept.index("## Contested")]
    assert ('<details class="kg-whole" data-search-exclude><summary>Whole finding</summary><p>Retrieval reduces '
            "hallucination in factual QA. It also cuts") in findings
    assert findings.count('<details class="kg-whole" data-search-exclude>') == 1  # only where the list shows a short form
    assert '<details class="kg-whole" data-search-exclude>' in pages["claims/index.md"]
    assert '<details class="kg-whole" data-search-exclude>' in pages["relations/index.md"]


def test_summaries_link_their_urls_and_pages_open_in_the_explorer():
    pages = _pages(items_change=lambda i: replace(i, executive_summary="As https://example.org/x shows, it works.")
                   if i.slug == "2026-01-01-rag-basics" else i)
    item = pages["items/2026-01-01-rag-basics.md"]
    assert ('<p>As <a href="https://example.org/x" rel="nofollow noopener">https://example.org/x</a> shows, '
            "it works.</p>") in item
    assert '<a class="kg-open-explorer" href="../../explore/?node=item:2026-01-01-rag-basics">' in item
    concept = _concept(pages)
    assert '<a class="kg-open-explorer" href="../../explore/?node=concept:retrieval-augmented%20generation">' in concept
    assert "kg-open-explorer" not in pages["items/2025-12-01-old-rag.md"]  # superseded: not in the explorer
    evil = next(text for path, text in pages.items() if path.startswith("concepts/script-window"))
    assert "?node=concept:%3Cscript%3E" in evil


def test_the_explorer_data_carries_aliases():
    graph, items = sample()
    data = json.loads(site_pages.explorer_data(site_pages.collect(graph, items)))
    rag = next(row for row in data["n"] if row[3] == "concept:retrieval-augmented generation")
    assert rag[4] == ["grounded generation", "RAG", "retrieval augmented generation"]
    basics = next(row for row in data["n"] if row[3] == "item:2026-01-01-rag-basics")
    assert len(basics) == 4  # no aliases: no fifth field
