"""Nouns of several senses the graph's nodes use as their head (``bench/bench_topic_node_heads.py``, issue 21 part 2)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_topic_node_heads import node_heads, read_labels, senses, variants


def _graph(tmp_path: Path, *names: str) -> Path:
    path = tmp_path / "memory.jsonl"
    path.write_text("".join(json.dumps({"type": "entity", "name": name, "entityType": name.split(":")[0],
                                        "observations": []}) + "\n" for name in names), encoding="utf-8")
    return path


def test_a_head_is_the_last_word_of_a_node_of_two_words_or_more(tmp_path: Path) -> None:
    graph = _graph(tmp_path, "concept:llm-hallucinations", "concept:prompt-injection", "concept:provenance",
                   "method:context-injection", "claim:x:some-claim-injection")
    assert node_heads(graph) == {"hallucination": ["concept:llm-hallucinations"],
                                 "injection": ["concept:prompt-injection", "method:context-injection"]}


def test_each_variant_narrows_the_one_before(tmp_path: Path) -> None:
    for pos, rows in {"noun": "hallucination n 3 1 @ 3 0 1 2 3\nmodel n 9 1 @ 9 0 1\n", "verb": "model v 6 1 @ 6 0 1\n",
                      "adj": "", "adv": ""}.items():
        (tmp_path / f"index.{pos}").write_text("  1 licence line\n" + rows, encoding="latin-1")
    table = senses(tmp_path)
    assert table == {"hallucination": {"noun": 3}, "model": {"noun": 9, "verb": 6}}
    nodes = ["concept:llm-hallucination", "concept:controlled-hallucination"]
    assert variants("hallucination", nodes, table["hallucination"], {"llm"}) == (
        "head", "not vague", "few senses", "named modifier")
    assert variants("hallucination", nodes[:1], table["hallucination"], set()) == (
        "head", "not vague", "few senses", "one node")
    assert variants("model", ["concept:large-language-model"], table["model"], {"large language"}) == ("head",)


def test_labels_are_read_by_word(tmp_path: Path) -> None:
    path = tmp_path / "labels.tsv"
    path.write_text("# word\tpopulation\tverdict\twhy\nhallucination\tresearch\tidea\tLLM hallucination\n", encoding="utf-8")
    assert read_labels([path]) == {"hallucination": "idea"}
