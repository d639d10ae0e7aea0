"""The signals measured on the pairs among a graph's largest concepts (``bench/largest_pairs.py``)."""

from __future__ import annotations

from pathlib import Path

from bench.largest_pairs import apart, base, beyond_chance, derived, largest, main, read_labels, score
from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph, Relation


def _graph(links: dict[str, list[str]]) -> Graph:
    """item slug -> the concepts it addresses."""
    concepts = sorted({name for names in links.values() for name in names})
    entities = [Entity(f"item:{slug}", "research_item") for slug in sorted(links)]
    entities += [Entity(f"concept:{name}", "concept") for name in concepts]
    relations = [Relation(f"item:{slug}", f"concept:{name}", "addresses") for slug, names in sorted(links.items())
                 for name in names]
    return Graph(tuple(entities), tuple(relations))


def test_the_largest_are_ranked_by_addressing_items_ties_by_name() -> None:
    graph = _graph({"a": ["x", "y", "z"], "b": ["y", "z"], "c": ["z"]})
    assert largest(graph, 2) == ["z", "y"]
    assert largest(_graph({"a": ["b-node", "a-node"]}), 5) == ["a-node", "b-node"]


def test_a_derived_word_is_read_as_its_base() -> None:
    assert base("agentic") == "agent"
    assert base("auditability") == "audit"  # a quality noun of the WordNet table
    assert base("public") == "public"  # too short a stem for "-ic"
    assert base("agents") == "agent" and base("access") == "access"


def test_derived_pairs_only_names_that_share_a_word_through_a_derivation() -> None:
    names = ["agentic-ai", "autonomous-agent", "audit-trail", "auditability", "ai-adoption"]
    found = derived(names, {})
    assert ("agentic-ai", "autonomous-agent") in found and ("audit-trail", "auditability") in found
    assert ("agentic-ai", "ai-adoption") not in found  # "ai" is shared as written: not this signal's


def test_beyond_chance_wants_two_shared_items_and_the_lift() -> None:
    items = {"audit-log": frozenset("ab"), "audit-trail": frozenset("abc"), "audit-scope": frozenset("a"),
             "other": frozenset(str(number) for number in range(60))}
    # 2 shared of 63 items, chance 2 * 3 / 63: a lift of 21; "audit-scope" shares one item only
    assert beyond_chance(sorted(items), items) == {("audit-log", "audit-trail")}


def test_apart_wants_one_head_enough_items_and_none_shared() -> None:
    items = {"ai-agent": frozenset("abc"), "autonomous-agent": frozenset("def"), "coding-agent": frozenset("aef"),
             "multi-agent": frozenset("gh")}
    assert apart(sorted(items), items) == {("ai-agent", "autonomous-agent")}


def test_precision_counts_unlabelled_pairs_as_kept_apart(tmp_path: Path) -> None:
    path = tmp_path / "l.tsv"
    path.write_text("# who\nconcept:b\tconcept:a\tmerge\tone\nconcept:c\tconcept:d\tkeep_apart\ttwo\n")
    labels = read_labels([path])
    assert labels == {("a", "b"): "merge", ("c", "d"): "keep_apart"}
    lines = score({("a", "b"), ("c", "d"), ("e", "f")}, labels, {"a", "b", "c", "d", "e", "f"})
    assert lines[-1] == "  precision 1 of 3 (1 labelled keep-apart, 1 unlabelled); recall 1 of 1 merges"


def test_from_a_graph_file(tmp_path: Path, capsys: object) -> None:
    graph = _graph({"a": ["ai-agent", "agentic-ai"], "b": ["agentic-ai"], "c": ["autonomous-agent"]})
    jsonl.write(tmp_path / "g.jsonl", graph)
    (tmp_path / "l.tsv").write_text("concept:agentic-ai\tconcept:autonomous-agent\tmerge\tone idea\n")
    assert main([str(tmp_path / "g.jsonl"), str(tmp_path / "l.tsv")]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "derived: 1 pairs\n  merge\tagentic-ai\tautonomous-agent\n  precision 1 of 1" in out
