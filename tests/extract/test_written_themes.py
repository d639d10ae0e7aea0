"""Which of an item's themes its own text writes; with no vocabulary of ideas, only those are its nodes."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from tests.item_corpus import item_markdown

from kgsync.contract.model import Graph
from kgsync.extract.canonical import CLOSED_PREFIXES, key_of_words, word_key
from kgsync.extract.record import parse_record
from kgsync.extract.written_themes import capital_theme_words, written_themes
from kgsync.graph.assemble import written_of
from kgsync.pipeline.stages import build
from kgsync.read import config as config_module
from kgsync.read.items import ResearchItem, read_item_bytes


def _item(slug: str, *, themes: str = "[security-risk]", title: str = "A study", question: str = "",
          summary: str = "", findings: tuple[str, ...] = ("Nothing is shared.",), body: str = "") -> ResearchItem:
    text = item_markdown(title, themes=themes, question=question, summary=summary, body=body,
                         findings=[f"{f} (Confidence: high)" for f in findings])
    item, issues = read_item_bytes(text.encode(), f"Research/completed/{slug}.md", slug)
    assert item is not None, issues
    return item


def _written(item: ResearchItem) -> tuple[str, ...]:
    return written_themes(item)


def test_a_theme_is_written_where_a_zone_writes_its_words_as_one_phrase() -> None:
    assert _written(_item("a", title="Security risks of coding agents")) == ("security-risk",)
    assert _written(_item("b", themes="[organisational-design]",
                          question="Which organizational design suits AI teams?")) == ("organisational-design",)
    assert _written(_item("c", themes="[human-ai-interaction]", findings=("Human–AI interaction shapes trust.",))) \
        == ("human-ai-interaction",)  # an en dash joins two words, as a hyphen does
    assert _written(_item("d", themes="[multi-agent]", summary="Multi-agent systems fail together.")) == ("multi-agent",)
    assert _written(_item("e", themes="[Security_Risk, tools-infrastructure]", title="Security risk")) == ("Security_Risk",)


def test_its_words_apart_or_across_a_mark_or_outside_the_dense_zones_write_no_theme() -> None:
    assert _written(_item("a", themes="[cost-performance]", title="What is the cost, performance and delivery impact?")) == ()
    assert _written(_item("b", themes="[memory-context]", summary="Memory/context management is the challenge.")) == ()
    assert _written(_item("c", summary="Risk of security drift.", findings=("Security matters.", "Risk too."))) == ()
    # the title's last word and the question's first are two zones
    assert _written(_item("d", title="Notes on security", question="Risk: how large?")) == ()
    # only the sections that say what the item asks and finds count, not its scope or sources
    assert _written(_item("e", body="## Scope\n\nSecurity risk is in scope.\n")) == ()


def test_an_address_a_source_label_or_another_items_name_writes_no_theme_and_a_link_text_does() -> None:
    theme = "[agentic-ai]"
    assert _written(_item("a", themes=theme, summary="Controls fail [source: https://aws.example/agentic-ai-systems/].")) == ()
    assert _written(_item("b", themes=theme, findings=("Controls fail (https://x.example/agentic-ai-at-scale).",))) == ()
    assert _written(_item("c", themes=theme, findings=(
        "As `2026-04-26-agentic-ai-foundational-conditions` found, gates come first.",))) == ()
    assert _written(_item("d", themes=theme, summary="See [the prior item](../2026-04-26-agentic-ai-risk.md).")) == ()
    # a link's text is the item's words (as mining reads it); only its address is not
    assert _written(_item("e", themes=theme, summary="See [agentic AI risks](https://x.example/r).")) == ("agentic-ai",)


def test_a_theme_inside_a_longer_name_the_item_defines_by_an_acronym_is_not_written() -> None:
    km = "[knowledge-management]"
    assert _written(_item("a", themes=km, title="Gap tracking in Personal Knowledge Management (PKM) systems")) == ()
    assert _written(_item("b", themes=km, findings=("The broader PKM (Personal Knowledge Management) tradition helps.",))) == ()
    # a name that is the theme's very words, or a longer name with no acronym, still writes it
    assert _written(_item("c", themes="[software-engineering]", summary="Traditional Software Engineering (SE) helps.")) \
        == ("software-engineering",)
    assert _written(_item("d", themes=km, title="Enterprise Knowledge Management at scale")) == ("knowledge-management",)
    # the item writes the idea itself too
    assert _written(_item("e", themes=km, title="Personal Knowledge Management (PKM) and knowledge management")) \
        == ("knowledge-management",)
    # an acronym whose letters are not the name's ends defines nothing here
    assert _written(_item("f", themes=km, title="Personal Knowledge Management (KM) norms")) == ("knowledge-management",)


def test_a_themes_acronym_spelled_out_before_it_writes_the_theme() -> None:
    assert _written(_item("a", themes="[agentic-ai]", title="Deploying agentic Artificial Intelligence (AI) safely")) \
        == ("agentic-ai",)
    assert _written(_item("b", themes="[agentic-ai]", title="Deploying Artificial Intelligence (AI) agents")) == ()
    assert _written(_item("c", themes="[rag-retrieval]", summary="Hybrid Retrieval-Augmented Generation (RAG) retrieval"
                          " wins.")) == ("rag-retrieval",)


def test_a_record_keeps_what_its_item_writes_and_a_hand_made_item_is_read_when_asked() -> None:
    text = item_markdown("Security risks of coding agents", themes="[security-risk, tools-infrastructure]",
                         findings=["Prompt injection reaches tools. (Confidence: high)"])
    record = parse_record(text.encode(), "Research/completed/2026-01-01-a.md", "2026-01-01-a")
    assert record.item is not None and record.item.written_themes == ("security-risk",)
    made = _item("b", title="Security risks of coding agents")
    assert made.written_themes is None and written_of(made) == ("security-risk",)


def test_a_slugs_word_in_capitals_anywhere_in_the_body_is_kept_with_the_record() -> None:
    item = _item("a", themes="[rag-retrieval, agentic-ai]", body="## Research Log\n\nWe tried RAGs and AI agents.\n")
    assert capital_theme_words(item) == ("ai", "rag")
    # lower case, or inside a longer word or a hyphenated name, is no acronym written
    assert capital_theme_words(_item("b", themes="[rag-retrieval]", body="A rag doll; GraphRAG; RAG-Fusion.\n")) == ()
    text = item_markdown("A study", themes="[rag-retrieval]", body="## Log\n\nRAG helps.\n",
                         findings=["It helps. (Confidence: high)"])
    record = parse_record(text.encode(), "Research/completed/2026-01-01-a.md", "2026-01-01-a")
    assert record.item is not None and record.item.capital_theme_words == ("rag",)


def _build(root: Path, items: dict[str, str]) -> Graph:
    folder = root / "Research" / "completed"
    folder.mkdir(parents=True)
    for slug, text in items.items():
        (folder / f"{slug}.md").write_text(text, encoding="utf-8")
    return build(config_module.load(root)).graph


def _addresses(graph: Graph, source: str) -> set[str]:
    return {r.target for r in graph.relations if r.source == source and r.relation_type == "addresses"}


def test_with_no_vocabulary_an_item_links_only_the_themes_it_writes_and_tags_the_rest(tmp_path: Path) -> None:
    findings = ["Prompt injection reaches tools through retrieved pages. (Confidence: high)"]
    writes = item_markdown("Security risks of coding agents", completed="2026-01-01",
                           themes="[security-risk, tools-infrastructure]", findings=findings)
    # two items write "security risk" (the node floor of a mined term, ``mining.min_links``)
    writes_too = item_markdown("Security risks of browser agents", completed="2026-01-03",
                               themes="[security-risk, tools-infrastructure]", findings=findings)
    carries = item_markdown("Queue routing for exceptions", completed="2026-01-02",
                            themes="[security-risk, tools-infrastructure]", findings=findings)
    writing = {"2026-01-01-writes": writes, "2026-01-03-writes-too": writes_too}
    graph = _build(tmp_path / "one", {**writing, "2026-01-02-carries": carries})
    assert "concept:security-risk" in _addresses(graph, "item:2026-01-01-writes")
    assert not _addresses(graph, "item:2026-01-02-carries") & {"concept:security-risk", "concept:tools-infrastructure"}
    # no item writes "tools infrastructure": no node, and every item stays findable by its tag
    assert graph.entity("concept:tools-infrastructure") is None
    for slug in ("2026-01-01-writes", "2026-01-02-carries", "2026-01-03-writes-too"):
        entity = graph.entity(f"item:{slug}")
        assert entity is not None
        assert {"tag:security_risk", "tag:tools_infrastructure"} <= set(entity.observations)
    # the carrying item changes no writing item's theme links: without it, they link the same themes
    themes = {"concept:security-risk", "concept:tools-infrastructure"}
    alone = _build(tmp_path / "alone", writing)
    for slug in writing:
        assert _addresses(alone, f"item:{slug}") & themes == _addresses(graph, f"item:{slug}") & themes == {
            "concept:security-risk"}


def test_a_theme_a_plain_yaml_map_lists_stays_a_node_of_every_item_that_carries_it(tmp_path: Path) -> None:
    (tmp_path / "themes.yml").write_text("tools-infrastructure: []\n", encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("themes_vocabulary: themes.yml\n", encoding="utf-8")
    carries = item_markdown("Queue routing for exceptions", completed="2026-01-02",
                            themes="[security-risk, tools-infrastructure]",
                            findings=["Prompt injection reaches tools. (Confidence: high)"])
    graph = _build(tmp_path, {"2026-01-02-carries": carries})
    assert _addresses(graph, "item:2026-01-02-carries") & {"concept:security-risk", "concept:tools-infrastructure"} \
        == {"concept:tools-infrastructure"}


@given(st.lists(st.sampled_from(["multi", "agent", "re", "use", "co", "pilot", "e", "mail", "cost", "model", "risk",
                                 "non", "a", "meta", "data", "sub", "system"]), max_size=12))
def test_keys_of_words_with_no_closed_prefix_but_the_last_are_the_words(words: list[str]) -> None:
    """``written_themes`` takes a zone's keyed words as they are when none but the last is a closed
    prefix: ``key_of_words`` closes up nothing then."""
    keys = [word_key(w) for w in words]
    if keys and CLOSED_PREFIXES.isdisjoint(keys[:-1]):
        assert key_of_words(keys).split(" ") == keys
