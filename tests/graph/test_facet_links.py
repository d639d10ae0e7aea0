"""An item's links to the ideas its bucket themes name (``kgsync.graph.facet_links``), through a real build."""

from __future__ import annotations

from pathlib import Path

from tests.item_corpus import item_markdown

from kgsync.contract.model import Graph
from kgsync.pipeline.stages import build
from kgsync.read import config as config_module

THEMES = ("| `memory-context` | `memory` | Memory management, context windows, compression |\n"
          "| `agentic-ai` | `agents` | AI agents, tool use |\n"
          "```yaml\nmemory-context: [memory]\nagentic-ai: [agents]\n```\n")
BODY = "The context window bounds what an agent keeps. A larger context window helps. Compression, compression, compression."
SUMMARY = "Budgets bound the context window."
FINDINGS = ["**Budgets bound what agents recall.** (medium confidence)",
            "**Agents forget what no budget keeps.** (low confidence)"]


def graph_of(tmp_path: Path, body: str = BODY, **themes_of: str) -> Graph:
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    for n, (slug, themes) in enumerate(sorted(themes_of.items()), 1):
        text = item_markdown(f"Agent budgets {n}", completed=f"2026-02-0{n}", themes=themes, body=body,
                             summary=SUMMARY, findings=FINDINGS)
        (folder / f"2026-02-0{n}-{slug}.md").write_text(text, encoding="utf-8")
    (tmp_path / "themes.md").write_text(THEMES, encoding="utf-8")
    (tmp_path / "kgsync.yml").write_text("themes_vocabulary: themes.md\n", encoding="utf-8")
    return build(config_module.load(tmp_path)).graph


def linkers(graph: Graph, name: str) -> list[str]:
    return sorted(r.source for r in graph.relations if r.target == name)


def test_an_item_of_a_bucket_that_addresses_its_idea_links_it_with_the_buckets_tag(tmp_path: Path) -> None:
    graph = graph_of(tmp_path / "bucket", bucket="[memory-context]")
    node = graph.entity("concept:context-window")
    assert "tag:memory-context" in node.observations and "alias:context windows" in node.observations
    assert linkers(graph, node.name) == ["item:2026-02-01-bucket"]  # one item: below mining's min_links
    # A plain single word of the Scope ("compression") is no node, however often it is written.
    assert not any(e.name.endswith(":compression") for e in graph.entities)
    assert "concept:memory-context" not in {e.name for e in graph.entities}  # the bucket is still no node
    # An item without the bucket that writes the same text links nothing: the words are the bucket's.
    other = graph_of(tmp_path / "other", other="[agents]")
    assert "concept:context-window" not in {e.name for e in other.entities}


def test_an_item_that_names_the_idea_in_passing_does_not_link_it(tmp_path: Path) -> None:
    # Two mentions with the summary's: too few to address it.
    graph = graph_of(tmp_path, body="The context window bounds what an agent keeps.", bucket="[memory-context]")
    assert "concept:context-window" not in {e.name for e in graph.entities}
