"""kgsync.publish.pr.merge_proposals: the vocabulary-file lines that would merge the PR's candidate pairs."""

from __future__ import annotations

from pathlib import Path

import yaml

from kgsync.contract import jsonl
from kgsync.diff.graph_diff import diff, review
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.publish.pr.body import render_markdown
from kgsync.publish.pr.merge_proposals import merge_block, merge_lines
from tests.item_corpus import agent_theme_repo, built, term_nodes


def test_each_pair_gets_its_merge_line_and_the_block_is_valid_yaml() -> None:
    pairs = [("concept:agentic-artificial-intelligence", "concept:ai-agent"),
             ("concept:github-action", "concept:github-action-workflow")]
    block = merge_block(pairs)
    yaml_text = block.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert yaml.safe_load(yaml_text) == {"merges": {"agentic artificial intelligence": "ai-agent",
                                                    "github action workflow": "github-action"}}


def test_no_line_across_kinds_nor_for_a_name_the_vocabulary_file_cannot_hold() -> None:
    assert merge_lines([("concept:runtime-monitoring", "method:continuous-monitoring")]) == ()
    assert merge_lines([("concept:a`b", "concept:a`b-x")]) == ()
    assert merge_block([]) == ""
    # Two names of one term key: the line would map "knowledge graph" to itself.
    assert merge_lines([("concept:knowledge-graph", "concept:knowledge-graphs")]) == ()


def test_the_pr_body_offers_the_lines_under_the_pairs() -> None:
    old = Graph((Entity("item:2026-01-01-a", "research_item", ("title: A",)),
                 Entity("concept:ai-agent", "concept", ("alias:AI agents",))),
                (Relation("item:2026-01-01-a", "concept:ai-agent", "addresses"),))
    new = Graph(old.entities + (Entity("concept:agentic-artificial-intelligence", "concept", ("alias:agentic AI",)),),
                old.relations + (Relation("item:2026-01-01-a", "concept:agentic-artificial-intelligence", "addresses"),))
    pair = ("concept:agentic-artificial-intelligence", "concept:ai-agent")
    text = render_markdown(diff(old, new, near_duplicates=(pair,)), limit=0).text
    assert text.index("Candidate near-duplicates") < text.index("  agentic artificial intelligence: ai-agent\n")


def test_a_pair_the_same_items_address_carries_its_counts_as_a_comment() -> None:
    pairs = [("concept:language-model", "concept:large-language-model"), ("concept:github-action", "concept:github-action-workflow")]
    block = merge_block(pairs, {pairs[0]: (33, 39, 54)})
    assert "  large language model: language-model  # the same items: 33 link both, of 39 and 54\n" in block
    assert "  github action workflow: github-action\n" in block
    yaml_text = block.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert yaml.safe_load(yaml_text) == {"merges": {"large language model": "language-model",
                                                    "github action workflow": "github-action"}}


def test_the_line_the_pr_proposes_for_a_theme_pair_merges_it_when_pasted(tmp_path: Path) -> None:
    """The theme's node stands: `ai agent: agentic-ai`, not `agentic ai: ai-agent`, which does nothing."""
    graph = agent_theme_repo(tmp_path, ("agentic-ai",) * 4)
    text = render_markdown(review(Graph(), jsonl.loads(graph.read_text())), limit=0).text
    block = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert list(yaml.safe_load(block)["merges"].items()) == [("ai agent", "agentic-ai")]
    (tmp_path / "kgsync-vocab.yml").write_text(block)
    assert {"concept:agentic-ai", "concept:ai-agent"} & term_nodes(built(tmp_path)) == {"concept:agentic-ai"}
