"""bench/serve_levers.py: the ranking levers serve18 measured on top of ``kgsync serve``'s index (not shipped)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
from serve_levers import LeverIndex, Levers, parse_levers, query_pairs  # noqa: E402

from kgsync.serve.index import Index  # noqa: E402
from kgsync.serve.snapshot import read_text  # noqa: E402

EXAMPLE = REPO / "examples" / "research-repo" / "memory.jsonl"


def _item(slug: str, title: str) -> str:
    return json.dumps({"type": "entity", "name": f"item:{slug}", "entityType": "research_item",
                       "observations": [f"title: {title}", f"provenance:item={slug}"]})


def test_pairs_are_adjacent_words_with_no_stopword_or_punctuation_between() -> None:
    assert query_pairs("Zero-trust architecture, the API gateway of agents") == [
        ("zero", "trust"), ("trust", "architecture"), ("api", "gateway")]


def test_levers_parse_with_their_types_and_an_unknown_one_says_which_exist() -> None:
    assert parse_levers("spread:0.15,feedback:10,pairs:true") == Levers(pairs=True, spread=0.15, feedback=10)
    try:
        parse_levers("sprad:1")
    except SystemExit as exc:
        assert "spread" in str(exc)
    else:
        raise AssertionError("an unknown lever was accepted")


def test_no_lever_ranks_as_the_index_does() -> None:
    snapshot = read_text(EXAMPLE.read_text(encoding="utf-8"))
    plain, levered = Index(snapshot), LeverIndex(snapshot, Levers())
    for query in ("agent memory", "retrieval augmented generation evaluation", "knowledge graph provenance"):
        assert [h.name for h in levered.search(query, 10)] == [h.name for h in plain.search(query, 10)]


def test_spread_lifts_the_item_a_matching_item_extends() -> None:
    lines = [_item("a", "memory tiers for agents"), _item("b", "storage budgets"), _item("c", "storage budgets"),
             _item("d", "prompt injection"), _item("e", "evaluation harness"), _item("f", "tool calling"),
             json.dumps({"type": "relation", "from": "item:a", "to": "item:c", "relationType": "extends"})]
    snapshot = read_text("\n".join(lines))
    query = "agents memory storage"  # b and c tie; c wins it only through a, the best match, extending it
    assert [h.name for h in LeverIndex(snapshot, Levers()).search(query)][:2] == ["item:a", "item:b"]
    assert [h.name for h in LeverIndex(snapshot, Levers(spread=0.5)).search(query)][:2] == ["item:a", "item:c"]


def test_concepts_lifts_the_item_addressing_a_matching_concept() -> None:
    concept = json.dumps({"type": "entity", "name": "concept:zero-trust", "entityType": "concept",
                          "observations": ["alias:zero trust architecture"]})
    lines = [_item("a", "network budgets"), _item("b", "network budgets"), _item("d", "prompt injection"),
             _item("e", "evaluation harness"), _item("f", "tool calling"), concept,
             json.dumps({"type": "relation", "from": "item:b", "to": "concept:zero-trust", "relationType": "addresses"})]
    snapshot = read_text("\n".join(lines))
    query = "network zero trust"  # b holds the concept's words too; the lever adds the concept node's score
    plain = LeverIndex(snapshot, Levers()).search(query)
    levered = LeverIndex(snapshot, Levers(concepts=1.0)).search(query)
    assert {h.name: h.score for h in levered}["item:b"] > {h.name: h.score for h in plain}["item:b"]
    assert {h.name: h.score for h in levered}["item:a"] == {h.name: h.score for h in plain}["item:a"]


def test_bm25f_over_the_whole_document_is_fts5s_bm25() -> None:
    snapshot = read_text(EXAMPLE.read_text(encoding="utf-8"))
    plain, recomputed = Index(snapshot), LeverIndex(snapshot, Levers(bm25f="whole"))
    for query in ("agent memory", "retrieval augmented generation evaluation", "knowledge graph provenance"):
        ours, theirs = recomputed.search(query, 10), plain.search(query, 10)
        assert [h.name for h in ours] == [h.name for h in theirs]
        assert all(abs(a.score - b.score) < 1e-9 * max(1.0, abs(b.score)) for a, b in zip(ours, theirs, strict=True))
    assert [h.name for h in LeverIndex(snapshot, Levers(bm25f="fields")).search("agent memory", 10)]


def test_stems_once_counts_a_stem_written_in_two_forms_once() -> None:
    snapshot = read_text(EXAMPLE.read_text(encoding="utf-8"))
    twice = LeverIndex(snapshot, Levers(bm25f="whole")).search("agent agents", 3)
    once = LeverIndex(snapshot, Levers(bm25f="whole", stems_once=True)).search("agent agents", 3)
    assert [h.name for h in once] == [h.name for h in twice]
    assert all(abs(a.score * 2 - b.score) < 1e-9 * b.score for a, b in zip(once, twice, strict=True))
