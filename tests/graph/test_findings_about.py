"""Which findings are about a concept (issue 12): acronym twins, a later finding naming the item's
missing topic, names that open findings, and a theme named by its phrases, never a single word."""

from __future__ import annotations

from pathlib import Path

from tests.item_corpus import item_markdown

from kgsync.read import config as config_module
from kgsync.contract.model import Graph
from kgsync.pipeline.stages import build

THEMES = ("```yaml\nregulatory-compliance: [compliance-automation]\nworkforce-skills: [skills-gap]\n"
          "agentic-ai: [ai, agents]\n```\n")


def build_repo(tmp_path: Path, items: dict[str, str], settings: str = "") -> Graph:
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    for slug, text in items.items():
        (folder / f"{slug}.md").write_text(text, encoding="utf-8")
    (tmp_path / "themes.md").write_text(THEMES, encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text(f"themes_vocabulary: themes.md\n{settings}", encoding="utf-8")
    return build(config_module.load(tmp_path)).graph


def about(graph: Graph, concept: str) -> list[str]:
    return sorted(r.source for r in graph.relations if r.relation_type == "about" and r.target == concept)


def claims(graph: Graph, slug: str) -> list[str]:
    return sorted(o for e in graph.entities if e.name.startswith(f"claim:{slug}:") for o in e.observations
                  if o.startswith("section:"))


def cortex_item(title: str, extra: str = "") -> str:
    return item_markdown(title, themes="[agentic-ai]", extra=extra, summary="Goals are held and ordered.", findings=[
        "Working memory holds about four chunks.",
        "Attention gates what enters memory.",
        "Sleep consolidates what was learned.",
        "The prefrontal cortex orders goals by abstraction.",
        "The prefrontal cortex matures last.",
    ])


def test_a_later_finding_names_the_items_missing_topic(tmp_path: Path) -> None:
    graph = build_repo(tmp_path, {
        "2026-01-01-a": cortex_item("Prefrontal cortex and goal hierarchies"),
        "2026-01-02-b": cortex_item("Prefrontal cortex in agent design"),
        "2026-01-03-c": cortex_item("Prefrontal cortex, pinned claims", extra="kgsync: {claims: [1]}\n"),
    }, "caps: {claims: 2, topic_claim: true}\nmining: {max_item_share: 1}\n")
    # The first two findings miss the item's topic: the first later finding naming it is a claim, only it.
    assert claims(graph, "2026-01-01-a") == ["section:key-finding-1", "section:key-finding-2",
                                             "section:key-finding-4"]
    assert [c.split(":")[1] for c in about(graph, "concept:prefrontal-cortex")] == ["2026-01-01-a", "2026-01-02-b"]
    assert claims(graph, "2026-01-03-c") == ["section:key-finding-1"]  # the author's choice stands alone


def test_the_missing_topic_claim_is_opt_in(tmp_path: Path) -> None:
    # Off by default: editing one of the first findings must never move another finding's claim.
    graph = build_repo(tmp_path, {
        "2026-01-01-a": cortex_item("Prefrontal cortex and goal hierarchies"),
        "2026-01-02-b": cortex_item("Prefrontal cortex in agent design"),
    }, "caps: {claims: 2}\nmining: {max_item_share: 1}\n")
    assert claims(graph, "2026-01-01-a") == ["section:key-finding-1", "section:key-finding-2"]


def test_a_claim_names_a_concept_by_its_acronym_twin(tmp_path: Path) -> None:
    defining = ("**Enterprise Artificial Intelligence (AI) needs a control plane.** Enterprise artificial "
                "intelligence programmes stall without one.")
    graph = build_repo(tmp_path, {
        "2026-01-01-a": item_markdown("Enterprise artificial intelligence platforms", themes="[agentic-ai]",
                                      findings=[defining]),
        "2026-01-02-b": item_markdown("Enterprise artificial intelligence operating models", themes="[agentic-ai]",
                                      findings=["Central teams own the enterprise artificial intelligence platform."]),
        "2026-01-03-c": item_markdown("Vendor lock-in", themes="[agentic-ai]",
                                      findings=["Enterprise AI buyers should negotiate exit terms."]),
    })
    assert "concept:enterprise-artificial-intelligence" in {e.name for e in graph.entities}
    sources = about(graph, "concept:enterprise-artificial-intelligence")
    assert any(s.startswith("claim:2026-01-03-c:") for s in sources)  # "Enterprise AI" names it


def test_a_name_that_opens_findings_of_two_items_is_a_node(tmp_path: Path) -> None:
    def graph_item(title: str, first: str) -> str:
        return item_markdown(title, themes="[agentic-ai]", summary="Several retrieval designs compared.",
                             findings=[first, "AGENTS.md is read first by coding agents."])
    graph = build_repo(tmp_path, {
        "2026-01-01-a": graph_item("Agent memory designs", "**GraphRAG (Microsoft) solves multi-hop questions.**"),
        "2026-01-02-b": graph_item("Knowledge representation", "GraphRAG needs a full rebuild on updates."),
        "2026-01-03-c": graph_item("Context compression", "LightRAG updates incrementally."),
    })
    names = {e.name for e in graph.entities}
    graphrag = next(n for n in names if n.split(":")[0] in ("concept", "method") and n.endswith(":graphrag"))
    linked = sorted(r.source for r in graph.relations if r.target == graphrag and r.source.startswith("item:"))
    assert linked == ["item:2026-01-01-a", "item:2026-01-02-b"]  # the items whose findings open with it
    assert not any(n.endswith(":lightrag") for n in names)  # one item's subject is no node
    assert not any(n.endswith((":agent", ":agents")) for n in names)  # "AGENTS.md" is a file's name


def test_a_subject_node_stays_while_one_items_findings_open_with_it(tmp_path: Path) -> None:
    """Issue 21: a delete retires only what no remaining item uses.  The node two items' findings
    open with stays when one of them goes (the manifest records it: ``"subjects"``), and goes with the last."""
    def graph_item(title: str, first: str) -> str:
        return item_markdown(title, themes="[agentic-ai]", summary="Several retrieval designs compared.",
                             findings=[first, "Dense retrieval misses rare names."])
    build_repo(tmp_path, {
        "2026-01-01-a": graph_item("Agent memory designs", "**GraphRAG (Microsoft) solves multi-hop questions.**"),
        "2026-01-02-b": graph_item("Knowledge representation", "GraphRAG needs a full rebuild on updates."),
        "2026-01-03-c": graph_item("Context compression", "LightRAG updates incrementally."),
    }, "caps: {concepts: 0, methods: 0}\n")  # no item links it within its caps: the findings alone make it
    folder = tmp_path / "Research" / "completed"

    def graphrag_linkers() -> list[str]:
        graph = build(config_module.load(tmp_path)).graph
        node = next((e.name for e in graph.entities if e.name.endswith(":graphrag")), None)
        return sorted(r.source for r in graph.relations if r.target == node and r.source.startswith("item:"))

    (folder / "2026-01-01-a.md").unlink()
    assert graphrag_linkers() == ["item:2026-01-02-b"]
    (folder / "2026-01-02-b.md").unlink()
    assert graphrag_linkers() == []


def test_a_finding_that_opens_with_a_subject_node_is_a_claim_beyond_the_cap(tmp_path: Path) -> None:
    # The node was made from those findings: it brings them, whatever their place in the list.
    def item(title: str, third: str) -> str:
        return item_markdown(title, themes="[agentic-ai]", summary="Several retrieval designs compared.",
                             findings=["Dense retrieval misses rare names.", "Sparse retrieval finds rare names.", third])
    graph = build_repo(tmp_path, {
        "2026-01-01-a": item("Agent memory designs", "**GraphRAG (Microsoft) solves multi-hop questions.**"),
        "2026-01-02-b": item("Knowledge representation", "GraphRAG needs a full rebuild on updates."),
        "2026-01-03-c": item("Context compression", "Incremental indexes need no rebuild."),
    }, "caps: {claims: 1}\n")
    assert claims(graph, "2026-01-01-a") == ["section:key-finding-1", "section:key-finding-3"]
    assert claims(graph, "2026-01-02-b") == ["section:key-finding-1", "section:key-finding-3"]
    assert claims(graph, "2026-01-03-c") == ["section:key-finding-1"]  # no subject node: the cap holds


def test_a_theme_is_named_by_its_phrases_never_by_a_single_word(tmp_path: Path) -> None:
    """A single word of a theme ("compliance", "workforce", "agents") makes no claim about it, not
    even in the theme's own items (the theme's node returns every ``about`` on every search that
    matches it); the slug's phrase or an alias of two words does, whichever item states it."""
    single = "Compliance evidence is exported per scanner; skills, agents and workforce plans follow."
    phrase = "Regulatory compliance evidence is exported per scanner; the skills gap follows."
    graph = build_repo(tmp_path, {
        "2026-01-01-a": item_markdown("Scanner evidence", themes="[regulatory-compliance, workforce-skills, agentic-ai]",
                                      findings=[single]),
        "2026-01-02-b": item_markdown("Scanner formats", themes="[agentic-ai]", findings=[phrase]),
    })
    assert [s.split(":")[1] for s in about(graph, "concept:regulatory-compliance")] == ["2026-01-02-b"]
    assert [s.split(":")[1] for s in about(graph, "concept:workforce-skills")] == ["2026-01-02-b"]  # "skills gap"
    assert about(graph, "concept:agentic-ai") == []


def approval_item(title: str, findings: list[str]) -> str:
    return item_markdown(title, themes="[agentic-ai]", summary="Agents act within limits.", findings=findings)


def test_a_claim_is_not_about_a_phrase_its_item_writes_only_as_a_modifier(tmp_path: Path) -> None:
    # Two items are about human approval before an action; the third writes "human approval" only before
    # "signals" (an RLHF reward): its mining set the phrase aside (``enclosed``), and so do its claims' topics.
    gate = ["Human approval is required before a destructive action.", "Human approval slows agents down.",
            "Teams log every human approval."]
    graph = build_repo(tmp_path, {
        "2026-01-01-a": approval_item("Human approval gates for agents", gate),
        "2026-01-02-b": approval_item("Human approval in agent workflows", gate),
        "2026-01-03-c": approval_item("Reward models and sycophancy", [
            "RLHF trains models on human approval signals.", "Reward models favour agreeable answers.",
            "Sycophancy grows with reward model scale."]),
    }, "mining: {max_item_share: 1}\n")
    linked = {c.split(":")[1] for c in about(graph, "concept:human-approval")}
    assert linked == {"2026-01-01-a", "2026-01-02-b"}
