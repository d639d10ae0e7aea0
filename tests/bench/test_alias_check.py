"""Every alias of a concept or method node is a form an item that links it writes (``bench/alias_check.py``, issue 21)."""

from __future__ import annotations

from pathlib import Path

from bench.alias_check import item_texts, unwritten_aliases
from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.read.items import find_item_files

EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "research-repo"


def test_the_example_graph_has_no_alias_its_items_do_not_write() -> None:
    texts = item_texts(find_item_files("Research/completed/*.md", EXAMPLE))
    themes = (EXAMPLE / "docs" / "themes-vocabulary.md").read_text(encoding="utf-8")
    graph = jsonl.read(EXAMPLE / "memory.jsonl")
    assert sum(o.startswith("alias:") for e in graph.entities for o in e.observations) >= 10
    assert unwritten_aliases(graph, texts, themes) == []


def test_an_alias_no_linking_item_writes_is_found() -> None:
    graph = Graph(entities=(
        Entity("item:a", "research_item", ()), Entity("item:b", "research_item", ()),
        Entity("concept:provenance", "concept", ("alias:provenance", "alias:provenances", "alias:Data-Lineage")),
        Entity("concept:rag", "concept", ("alias:retrieval augmented generation",))),
        relations=(Relation("item:a", "concept:provenance", "addresses"),
                   Relation("claim:a:x", "concept:rag", "about")))
    texts = {"a": "Provenance and data lineage.", "b": "Provenances everywhere."}  # b links neither
    assert unwritten_aliases(graph, texts) == [("concept:provenance", "provenances"),
                                               ("concept:rag", "retrieval augmented generation")]
    # the maintainers' theme vocabulary is exempt
    assert unwritten_aliases(graph, texts, "| rag | Retrieval-augmented generation |") == [
        ("concept:provenance", "provenances")]
