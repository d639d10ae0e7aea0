"""Tests of kgsync.publish.site.node_pages: the home, concept, method, item and claim pages."""

from __future__ import annotations

import re

from kgsync.read.config import SiteOptions
from kgsync.read.items import Source
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.site import pages as site_pages
from tests.publish.site.rendered import ENV, _claim_section, _page, _section
from tests.site_fixture import sample


def test_a_claim_page_quotes_its_whole_finding(tmp_path):
    from dataclasses import replace

    from kgsync.read.items import KeyFinding

    graph, items = sample()
    claim = next(e for e in graph.entities if e.entity_type == "claim"
                 and any(o.startswith("section:key-finding-") for o in e.observations))
    slug = claim.name.split(":")[1]
    number = int(next(o for o in claim.observations if o.startswith("section:key-finding-")).rsplit("-", 1)[1])
    whole = ("**Retrieval helps.** It helps most on long-tail questions, where the model has seen the answer "
             "rarely, and least on questions it answers well anyway [inference; source: https://example.org/x].")
    items = [replace(i, key_findings=(KeyFinding(number, whole, 40),)) if i.slug == slug else i for i in items]
    finding = _claim_section(site_pages.render_pages(graph, items, SiteOptions(), ENV), graph, items, claim.name)
    assert "It helps most on long-tail questions" in finding  # the whole statement, escaped
    whole_text = finding.split("\n\n")[1]  # the heading (the claim's short form), then the whole finding
    assert "**" not in whole_text and "https" not in whole_text and "inference" not in whole_text  # markup and labels out


def test_concept_page_content(tmp_path):
    graph, items = sample()
    pages = site_pages.render_pages(graph, items, SiteOptions(), ENV)
    page = _page(pages, "concepts/retrieval-augmented-generation")
    # "retrieval augmented generation" is the title's own words: no other name (ux21)
    assert "**Also known as:** grounded generation · RAG\n" in page
    items_part = _section(page, "Research items")
    # newest first, each with its item page and the item's own source
    order = [items_part.index(t) for t in ("Knowledge graphs as agent memory", "Evaluating RAG", "Retrieval-augmented")]
    assert order == sorted(order)
    assert '<a href="../../items/2026-02-01-rag-eval/">' in items_part  # lists are HTML: final URLs
    assert "https://github.com/acme/research/blob/main/Research/completed/2026-02-01-rag-eval.md" in items_part
    # findings first: before the items, newest item first, each with its item, date and confidence
    claims = _section(page, "Findings")
    assert page.index("## Findings") < page.index("## Research items")
    assert claims.index("Retrieval gains shrink") < claims.index("Retrieval reduces hallucination")
    assert ('— <a href="../../items/2026-02-01-rag-eval/">Evaluating RAG pipelines</a> (2026-02-01) · '
            "<em>medium confidence</em>") in claims
    assert all(f"<strong>{verb}</strong>" in claims for verb in ("contradicted by", "extended by", "supported by"))
    assert '<a href="../../methods/ablation-study' in _section(page, "Methods used with it")
    assert '<a href="../evaluation/">evaluation</a> — 1 shared item</li>' in _section(page, "Related concepts")
    assert '<div class="kg-diagram"><svg' in page
    # superseded and contradicted: out of the default lists, each in its marked section
    old = _section(page, "Superseded items")
    assert '!!! warning "Superseded items: not current"' in old
    contested = _section(page, "Contested and superseded findings")
    assert '!!! warning "Not current: contested or superseded"' in contested
    assert "<strong>Contradicted:</strong> <a" in contested and "<strong>Superseded:</strong> <a" in contested
    assert "<em>contradicts</em> <a" in contested  # what put it there
    for text, section in (("Old notes on retrieval", old), ("Old retrieval claim", contested),
                          ("Retrieval never helps", contested)):
        assert text in section
        assert text not in items_part and text not in claims.split("<strong>contradicted by</strong>")[0]


def test_item_claim_method_and_home_pages(tmp_path):
    graph, items = sample()
    pages = site_pages.render_pages(graph, items, SiteOptions(), ENV)
    item = pages["items/2026-01-01-rag-basics.md"]
    assert "Read the item: Research/completed/2026-01-01-rag-basics.md</a>" in item
    assert '<a href="../2026-02-01-rag-eval/">Evaluating RAG pipelines</a>' in _section(item, "Extended by")
    assert '<a href="../2025-12-01-old-rag/">Old notes on retrieval</a> <em>(superseded)</em>' in _section(item, "Extends")
    assert '<a href="../../tags/llm/">llm</a>' in item  # an HTML block: the final URL
    old = pages["items/2025-12-01-old-rag.md"]
    assert '!!! warning "Superseded: not current"' in old and "superseded by [Retrieval" in old
    claim = _claim_section(pages, graph, items, "claim:2026-02-01-rag-eval:kf-3")
    assert '!!! warning "Contradicted: not current"' in claim
    assert claim.startswith('<h3 id="claim-kf-3">') and "<strong>Contradicts</strong> <a href=" in claim
    assert "2026-02-01-rag-eval/#claim-kf-3" in pages["claims/superseded.md"]  # the lists link the section
    assert _claim_section(pages, graph, items, "claim:2025-12-01-old-rag:kf-1").count("Superseded: not current") == 1
    assert not [path for path in pages if path.startswith("claims/") and "index" not in path
                and "superseded" not in path]  # every claim is a section of its item's page
    method = _page(pages, "methods/ablation-study")
    assert "**Also known as:** ablation" in method and "Evaluating RAG pipelines" in method
    home = pages["index.md"]
    assert "**4** current research items" in home and "1 superseded" in home
    assert home.index("[retrieval-augmented generation]") < home.index("[evaluation]")  # most connected first
    assert "Old notes on retrieval" not in home
    assert "Old notes" in pages["items/superseded.md"] and "Old notes" not in pages["items/index.md"]
    assert "Retrieval never helps" in pages["claims/superseded.md"]
    assert "Retrieval never helps" not in pages["claims/index.md"]
    assert '<li><a href="retrieval/">retrieval</a> — 1 item</li>\n' in pages["tags/index.md"]
    assert "Old notes" in pages["tags/retrieval--superseded.md"]


def test_item_page_reads_as_the_item(tmp_path):
    """Question, the whole summary, every key finding (a section: the claim's anchor), sources; one spelling per theme."""
    from dataclasses import replace as with_fields

    from kgsync.read.items import KeyFinding
    from kgsync.contract.model import Entity, Graph

    graph, items = sample()
    summary = "Retrieval combines four complementary signals. " * 20
    items[0] = with_fields(items[0], research_question="Does retrieval reduce hallucination?",
                           executive_summary=summary,
                           key_findings=(KeyFinding(1, "**Retrieval reduces hallucination in factual QA.** [fact]", 9),
                                         KeyFinding(2, "Long context is not free.", 10)),
                           sources=(Source("https://example.org/a"),
                                    Source("https://example.org/b", "Smith (2024) `RAG` <b>works</b>")))
    entities = [e if e.name != "item:2026-01-01-rag-basics" else
                Entity(e.name, e.entity_type, (*e.observations, "tag:memory_context")) for e in graph.entities]
    pages = site_pages.render_pages(Graph(tuple(entities), graph.relations), items, SiteOptions(), ENV)
    page = pages["items/2026-01-01-rag-basics.md"]
    assert "Does retrieval reduce hallucination?" in _section(page, "Research question")
    assert _section(page, "Executive summary").count("four complementary signals") == 20  # whole, not cut
    findings = _section(page, "Key findings")
    assert '<h3 id="claim-kf-1">1. Retrieval reduces hallucination in factual QA.</h3>' in findings
    assert '<h3 id="finding-2">2. Long context is not free.</h3>' in findings  # no claim node: still shown
    assert "https://example.org/a" in _section(page, "Sources")
    # the label the author wrote, as a reader sees it (qa128 row 8: the bare URL was shown)
    assert ('<a href="https://example.org/b" rel="nofollow noopener">Smith (2024) RAG &lt;b&gt;works&lt;/b&gt;</a>'
            in _section(page, "Sources")), _section(page, "Sources")
    assert '<a href="../../tags/memory-context/">memory context</a>' in page  # slug in the URL, words in the text
    assert "memory_context" not in page and "None recorded" not in page
    assert "tags/memory-context.md" in pages


def test_claim_pages_quote_evidence_and_contested_claims_leave_the_default_lists(tmp_path):
    graph, items = sample()
    target = "claim:2026-01-01-rag-basics:kf-1"
    contested = [Entity(e.name, e.entity_type, (*e.observations, "status:contested")) if e.name == target else e
                 for e in graph.entities]
    graph = Graph(tuple(contested), graph.relations)
    evidence = {("claim:2026-02-01-rag-eval:kf-3", target, "contradicts"):
                [("Our ablation *refutes* `2026-01-01-rag-basics.md` Key Finding 1.",
                  "Research/completed/2026-02-01-rag-eval.md:42")]}
    pages = site_pages.render_pages(graph, items, SiteOptions(), ENV, evidence)
    linked = _claim_section(pages, graph, items, target)
    assert '!!! warning "Contested: not current"' in linked
    assert "<strong>Contradicted by</strong>" in linked and "<strong>Supported by</strong>" in linked
    # the sentence, escaped (HTML: the block is raw), with a link to the item file at its line
    # rendered as the reader would read it: no Markdown markers
    assert "“Our ablation refutes 2026-01-01-rag-basics.md Key Finding 1.” — <a href=" in linked
    assert ('href="https://github.com/acme/research/blob/main/Research/completed/2026-02-01-rag-eval.md#L42"'
            in linked)
    # out of the default lists and counts, in the marked section
    claims_index = pages["claims/index.md"]
    assert "2026-01-01-rag-basics/#claim-kf-1" not in claims_index.split("Superseded, contradicted")[0]
    assert "2026-01-01-rag-basics" in pages["claims/superseded.md"]
    home = pages["index.md"]
    assert re.search(r"\*\*\d+\*\* current claims \(\[\d+ superseded, contradicted or contested\]", home)


def test_a_claim_no_item_holds_keeps_a_page_of_its_own():
    graph = Graph((Entity("claim:gone-item:kf-1", "claim", ("title: Orphans still read.", "confidence:low")),
                   Entity("concept:orphans", "concept", ()),
                   Entity("item:here", "research_item", ("title: Here",))),
                  (Relation("claim:gone-item:kf-1", "concept:orphans", "about"),))
    pages = site_pages.render_pages(graph, [], SiteOptions(), ENV)
    page = _page(pages, "claims/gone-item")
    assert "# Orphans still read." in page and "hide:\n  - navigation" in page and "<strong>Confidence:</strong> low" in page
    assert '<a href="../../concepts/orphans/">orphans</a>' in page  # lists are HTML: final URLs
    assert 'href="../../claims/gone-item' in pages["concepts/orphans.md"]


def test_a_claim_hosted_by_its_provenance_alone_is_a_section_of_its_item_page():
    """A claim added by hand with `provenance:item=<slug>` and no `states` relation was linked, from
    its concepts' pages and the claim list, to an anchor of its item's page that the page never
    wrote (it listed the claims its item states only): a dead link, and the finding shown nowhere."""
    graph, items = sample()
    item_entity = next(e for e in graph.entities if e.entity_type == "research_item")
    slug = item_entity.name.removeprefix("item:")
    concept = next(e for e in graph.entities if e.entity_type == "concept")
    hand = Entity(f"claim:{slug}:an-agents-note", "claim",
                  ("title: An agent added this finding by hand.", "confidence:high", f"provenance:item={slug}"))
    graph = Graph(graph.entities + (hand,), graph.relations + (Relation(hand.name, concept.name, "about"),))
    pages = site_pages.render_pages(graph, items, SiteOptions(), ENV)
    links = re.findall(r'href="[./]*items/' + re.escape(slug) + r'/#(claim-[^"]+)"', "\n".join(pages.values()))
    assert links, "the claim is linked from its concept's page"
    page = _page(pages, f"items/{slug}")
    assert "An agent added this finding by hand." in page
    assert all(f'id="{anchor}"' in page for anchor in links), links


def test_an_executive_summary_written_as_a_list_reads_as_a_list_on_its_item_page():
    """qa142, a reader of the research site: 38 item pages showed an Executive Summary written as a
    list ("- **[inference]** End-to-end tracking … - **[fact]** SharePoint …") as one paragraph with
    its dashes as text; a summary of two paragraphs ran into one.  Each list item is an item of a
    list now, each paragraph a paragraph."""
    from dataclasses import replace

    graph, items = sample()
    slug = items[0].slug
    summary = ("- **[inference]** Tracking work is achievable.\n- **[fact]** Trackers link code\n  by their own keys.\n\n"
               "A closing paragraph.")
    shown = [replace(i, executive_summary=summary) if i.slug == slug else i for i in items]
    page = _page(site_pages.render_pages(graph, shown, SiteOptions(), ENV), f"items/{slug}")
    part = _section(page, "Executive summary")
    assert "<p>- " not in part and " - " not in part, part
    assert part.count("<li>") == 2 and "Trackers link code by their own keys." in part, part
    assert "<p>A closing paragraph.</p>" in part, part


def _search_tags(page: str) -> list[str]:
    front = page.split("\n---\n", 1)[0]
    return re.findall(r'^  - "(.*)"$', front.partition("\ntags:\n")[2].partition("\n# ")[0], re.M)


def test_a_concept_or_method_page_is_searched_by_its_own_name_as_its_aliases_are():
    """The theme boosts a "tags" match 1,000 times a title match: a page tagged with an alias that holds one
    word of the query ("control failures") outranked the page titled with the whole query ("access control",
    no alias), 4th in the research site's search; the name is tagged too, first, once."""
    graph, items = sample()
    pages = site_pages.render_pages(graph, items, SiteOptions(), ENV)
    assert _search_tags(_page(pages, "methods/literature-review")) == ["literature review"]  # no alias
    assert _search_tags(_page(pages, "concepts/vector-search")) == ["vector search", "semantic search"]
    rag = _search_tags(_page(pages, "concepts/retrieval-augmented-generation"))
    assert rag[0] == "retrieval-augmented generation" and "RAG" in rag and len(rag) == len(set(rag))
