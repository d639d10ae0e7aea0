"""The everyday-node listing of issue 21 (names20: ``bench/bench_everyday_paths.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.bench_everyday_paths import english, gloss_text, linked_by, node_rows, read_labels, read_manifest, table

MANIFEST = {"kgsync_manifest": 1, "hubs": ["large language model"], "themes": ["agentic-ai"],
            "merges": [], "topics": ["registry"], "items": {},
            "acronyms": [["it", "information technology", []], ["llm", "large language model", []]]}


def _entity(name: str, *aliases: str) -> dict[str, object]:
    kind = name.split(":")[0]
    return {"type": "entity", "name": name, "entityType": kind, "observations": [f"alias:{a}" for a in aliases]}


def _graph(tmp_path: Path) -> Path:
    lines = [_entity("concept:information-technology", "IT"), _entity("concept:registry"),
             _entity("concept:large-language-model", "LLM", "LLMs"), _entity("concept:agentic-ai"),
             _entity("method:prompt-engineering"), _entity("item:a"),
             {"type": "relation", "from": "item:a", "to": "concept:registry", "relationType": "addresses"},
             {"type": "relation", "from": "claim:b:x", "to": "method:prompt-engineering", "relationType": "uses_method"}]
    graph = tmp_path / "g.jsonl"
    graph.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    (tmp_path / "g.kgsync.json").write_text(json.dumps(MANIFEST), encoding="utf-8")
    return graph


def test_each_node_gets_its_path_and_what_wordnet_calls_it(tmp_path: Path) -> None:
    graph = _graph(tmp_path)
    rows = {r.name: r for r in node_rows(graph, read_manifest(graph.with_suffix(".kgsync.json")))}
    assert (rows["concept:information-technology"].path, rows["concept:information-technology"].english) == (
        "acronym", "compound")
    assert (rows["concept:registry"].path, rows["concept:registry"].english) == ("topic", "noun")
    assert rows["concept:large-language-model"].path == "hub+acronym"
    assert rows["concept:agentic-ai"].path == "theme"
    assert (rows["method:prompt-engineering"].path, rows["method:prompt-engineering"].english) == ("mined", "-")


def test_english_names_places_and_everyday_abbreviations() -> None:
    assert english("new zealand", ["NZ"]) == "name"
    assert english("pull request", ["PR"]) == "abbrev"  # WordNet: PR, public relations
    assert english("large language model", ["LLM"]) == "-"


def test_linked_by_reads_items_and_their_claims(tmp_path: Path) -> None:
    graph = _graph(tmp_path)
    assert linked_by(graph, ["a"]) == {"concept:registry"}
    assert linked_by(graph, ["b"]) == {"method:prompt-engineering"}


def test_table_counts_verdicts_per_path(tmp_path: Path) -> None:
    graph = _graph(tmp_path)
    rows = node_rows(graph, read_manifest(graph.with_suffix(".kgsync.json")))
    labels_file = tmp_path / "l.tsv"
    labels_file.write_text("# c\nnode\tverdict\nconcept:registry\tgeneric\nconcept:agentic-ai\tidea\n", encoding="utf-8")
    lines = table(rows, read_labels(labels_file), "path")
    topic = next(line for line in lines if line.startswith("topic "))
    assert topic.split() == ["topic", "0", "0", "1", "0"]


def test_glossed_is_a_lower_case_phrase_wordnet_s_own_definitions_write(tmp_path: Path) -> None:
    for name in ("data.noun", "data.verb", "data.adj", "data.adv"):
        (tmp_path / name).write_text("  1 licence header\n00001 03 n 01 chain 0 000 | a series of links; "
                                     "\"the supply chains of New Zealand\"\n", encoding="latin-1")
    text = gloss_text(tmp_path)
    assert english("supply chain", [], text) == "glossed"  # written in the plural
    assert english("licence header", [], text) == "-"  # a header line is no gloss
    assert english("supply chain", []) == "-"  # no glosses given
