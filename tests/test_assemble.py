"""What each item contributes: caps, trust states, themes, links, stable claims."""

from __future__ import annotations

from pathlib import Path

from kgsync import config as config_module
from kgsync.model import Graph
from kgsync.pipeline import build

THEMES = "```yaml\nmemory-context: [context-window]\nagentic-ai: [agents]\n```\n"


def item(slug: str, *, title: str, completed: str, themes: str = "[agentic-ai]", extra: str = "",
         findings: list[str] | None = None, body: str = "") -> tuple[str, str]:
    findings = findings or [
        "**Knowledge graphs improve recall for research agents.** (high confidence; source: https://a.org/1)",
        "**Vector search complements knowledge graphs.** (medium confidence; source: https://b.org/2)",
        "**Entity resolution merges duplicate knowledge graph nodes.** (low confidence; source: https://c.org/3)",
        "**Hybrid retrieval with reciprocal rank fusion beats either alone.** (high confidence)",
    ]
    listed = "\n".join(f"{n}. {text}" for n, text in enumerate(findings, 1))
    text = (f"---\ntitle: \"{title}\"\ncompleted: {completed}\nthemes: {themes}\nconfidence: medium\n{extra}---\n\n"
            f"# {title}\n\n## Research Question\n\nHow do knowledge graphs and vector search help agents?\n\n"
            f"{body}\n\n## Findings\n\n### Executive Summary\n\nKnowledge graphs help agents find earlier work.\n\n"
            f"### Key Findings\n\n{listed}\n")
    return slug, text


def repo(tmp_path: Path, *items: tuple[str, str]) -> Path:
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    for slug, text in items:
        (folder / f"{slug}.md").write_text(text, encoding="utf-8")
    (tmp_path / "themes.md").write_text(THEMES, encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("themes_vocabulary: themes.md\n", encoding="utf-8")
    return tmp_path


def graph_of(root: Path) -> Graph:
    return build(config_module.load(root)).graph


def targets(graph: Graph, source: str, relation: str) -> list[str]:
    return sorted(r.target for r in graph.relations if r.source == source and r.relation_type == relation)


def test_caps_hold_and_claims_are_the_strongest(tmp_path: Path) -> None:
    root = repo(tmp_path, *(item(f"2026-01-0{n}-kg-{n}", title=f"Knowledge graphs and vector search {n}",
                                 completed=f"2026-01-0{n}") for n in range(1, 7)))
    graph = graph_of(root)
    for n in range(1, 7):
        name = f"item:2026-01-0{n}-kg-{n}"
        assert len(targets(graph, name, "addresses")) <= 5
        assert len(targets(graph, name, "uses_method")) <= 2
        claims = targets(graph, name, "states")
        assert len(claims) == 3
        statements = [graph.entity(c).observations[0] for c in claims]
        assert "title: Entity resolution merges duplicate knowledge graph nodes." not in statements  # the low one


def test_superseded_items_keep_their_node_but_state_no_claims(tmp_path: Path) -> None:
    root = repo(tmp_path,
                item("2026-01-01-old", title="Old view", completed="2026-01-01",
                     extra="superseded_by: 2026-02-01-new\n"),
                item("2026-02-01-new", title="New view", completed="2026-02-01", extra="supersedes: 2026-01-01-old\n"))
    graph = graph_of(root)
    old = graph.entity("item:2026-01-01-old")
    assert old is not None and "status:superseded" in old.observations
    assert targets(graph, "item:2026-01-01-old", "states") == []
    assert not [e for e in graph.entities if e.name.startswith("claim:2026-01-01-old:")]
    assert targets(graph, "item:2026-02-01-new", "extends") == ["item:2026-01-01-old"]


def test_discriminating_themes_become_concepts_hubs_stay_tags(tmp_path: Path) -> None:
    items = [item(f"2026-01-{n:02d}-x{n}", title=f"Topic {n}", completed=f"2026-01-{n:02d}") for n in range(1, 10)]
    items.append(item("2026-01-10-ctx", title="Context windows", completed="2026-01-10",
                      themes="[agents, context-window]"))
    graph = graph_of(repo(tmp_path, *items))
    ctx = graph.entity("item:2026-01-10-ctx")
    assert ctx is not None
    assert "tag:agentic_ai" in ctx.observations and "tag:memory_context" in ctx.observations  # canonicalised
    assert "concept:memory-context" in targets(graph, "item:2026-01-10-ctx", "addresses")
    assert graph.entity("concept:agentic-ai") is None  # on every item: a hub, not a concept
    assert not [e for e in graph.entities if any(o.startswith("provenance:") for o in e.observations)
                and e.entity_type == "concept"]


def test_extends_only_earlier_work(tmp_path: Path) -> None:
    link = "See `Research/completed/2026-01-01-base.md` and again Research/completed/2026-01-01-base.md."
    graph = graph_of(repo(
        tmp_path,
        item("2026-01-01-base", title="Base", completed="2026-01-01"),
        item("2026-01-02-other", title="Other", completed="2026-01-02"),
        item("2026-02-01-later", title="Later", completed="2026-02-01",
             extra="cites: [2026-01-02-other, 2026-03-01-future, 2026-09-09-missing]\n", body=link),
        item("2026-03-01-future", title="Future", completed="2026-03-01"),
    ))
    assert targets(graph, "item:2026-02-01-later", "extends") == ["item:2026-01-01-base", "item:2026-01-02-other"]
    assert targets(graph, "item:2026-01-01-base", "extends") == []


def test_claim_names_survive_reordering(tmp_path: Path) -> None:
    first = item("2026-01-01-a", title="A", completed="2026-01-01")
    root = repo(tmp_path, first)
    before = {e.name for e in graph_of(root).entities if e.entity_type == "claim"}
    findings = [
        "**Hybrid retrieval with reciprocal rank fusion beats either alone.** (high confidence)",
        "**Entity resolution merges duplicate knowledge graph nodes.** (low confidence; source: https://c.org/3)",
        "**Vector search complements knowledge graphs.** (medium confidence; source: https://b.org/2)",
        "**Knowledge graphs improve recall for research agents.** (high confidence; source: https://a.org/1)",
    ]
    slug, text = item("2026-01-01-a", title="A", completed="2026-01-01", findings=findings)
    (root / "Research" / "completed" / f"{slug}.md").write_text(text, encoding="utf-8")
    after = graph_of(root)
    assert {e.name for e in after.entities if e.entity_type == "claim"} == before
    sections = {o for e in after.entities if e.entity_type == "claim" for o in e.observations if o.startswith("section:")}
    assert sections == {"section:key-finding-1", "section:key-finding-3", "section:key-finding-4"}
