"""The two routes to cover a topic no node names (``bench/bench_topic_cover.py``, issue 21)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_topic_cover import addresses, holders, node_forms, only_inside, read_themes

VOCABULARY = """| Canonical slug | Aliases | Scope |
|---|---|---|
| `memory-context` | `context-window` | Memory management, context windows |
| `benchmarks-eval` | `evaluation`, `evals` | Evaluation, benchmarks |
"""


def test_a_row_names_its_slug_aliases_and_scope_facets() -> None:
    themes = {t.slug: t.names for t in read_themes(VOCABULARY)}
    assert themes["memory-context"] >= {"memory context", "context window", "memory management"}
    assert "evaluation" in themes["benchmarks-eval"]  # an alias, though no facet: a plain single word
    assert set(themes) == {"memory-context", "benchmarks-eval"}  # the header row is no theme


def test_the_nearest_holder_only_and_never_the_term_itself() -> None:
    forms = {"retrieval augmented generation": {"method:rag"}, "graph retrieval augmented generation": {"method:graphrag"},
             "retrieval augmented": {"method:self"}, "augmented reality": {"concept:ar"}}
    assert holders("retrieval-augmented", forms) == {"retrieval augmented generation": {"method:rag"}}
    assert holders("augmented", forms) == {"retrieval augmented": {"method:self"}, "augmented reality": {"concept:ar"}}
    assert holders("model context", forms) == {}


def test_node_forms_read_names_and_aliases_of_concepts_and_methods(tmp_path: Path) -> None:
    graph = tmp_path / "memory.jsonl"
    rows = [{"type": "entity", "name": "concept:large-language-model", "entityType": "concept",
             "observations": ["alias:LLMs", "alias:large language models"]},
            {"type": "entity", "name": "claim:x:language-models", "entityType": "claim", "observations": []}]
    graph.write_text("\n".join(map(json.dumps, rows)) + "\n", encoding="utf-8")
    assert node_forms(graph) == {"large language model": {"concept:large-language-model"},
                                 "llm": {"concept:large-language-model"}}


def test_only_inside_counts_the_holders_mentions() -> None:
    held = ["large language model"]
    assert only_inside("language model", held, "large language models and large language model") is True
    assert only_inside("language model", held, "large language models; small language models") is False
    assert only_inside("language model", held, "nothing here") is None


def test_addresses_needs_three_mentions_and_one_in_the_dense_zones() -> None:
    assert addresses("evaluation", "evaluation evaluations evaluation", "an evaluation")
    assert not addresses("evaluation", "evaluation evaluations evaluation", "nothing")
    assert not addresses("evaluation", "evaluation evaluations", "evaluation")
