"""to_json: the review as stable, complete JSON (`kgsync diff --format json`)."""

from __future__ import annotations

import json

from kgsync.contract.errors import Location
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.diff.json_report import to_json
from kgsync.lint.rules import Finding, Severity
from tests.diff.small_graphs import A, B, BASE, item


def test_json_report_is_stable_and_complete() -> None:
    new = Graph(BASE.entities + (item(B, "Beta"),), BASE.relations[:1])
    findings = (Finding(Severity.ERROR, "E1", "item:x", "bad", "fix it", Location("memory.jsonl", 3)),)
    text = to_json(diff(BASE, new, findings=findings, near_duplicates=(("concept:a", "concept:b"),)))
    data = json.loads(text)
    assert data["version"] == 1
    assert text.endswith("\n") and text == json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    assert data["entities"]["added"] == [
        {"name": f"item:{B}", "entity_type": "research_item", "observations": ["title: Beta", "completed:2026-03-01"]}
    ]
    assert data["relations"]["removed"] == [{"from": f"item:{A}", "to": f"claim:{A}:k1", "relation_type": "states"}]
    assert data["counts"]["relations"] == {"states": {"added": 0, "removed": 1}}
    assert data["counts"]["findings"] == {"error": 1}
    assert data["findings"] == [
        {"severity": "error", "code": "E1", "entity": "item:x", "message": "bad", "hint": "fix it",
         "location": "memory.jsonl:3", "new": True}
    ]
    assert data["near_duplicates"] == [["concept:a", "concept:b"]]
    assert [i["slug"] for i in data["items"]] == [A, B]
    assert data["is_empty"] is False


def test_json_report_lists_the_changed_claims_the_pr_body_shows() -> None:
    claim = f"claim:{A}:k1"
    old = Graph((Entity(claim, "claim", ("title: Caching cuts latency", "confidence:medium")),))
    new = Graph((Entity(claim, "claim", ("title: Caching cuts read latency", "confidence:high")),))
    data = json.loads(to_json(diff(old, new)))
    assert data["changed_claims"] == [{
        "name": claim, "old_statement": "Caching cuts latency", "new_statement": "Caching cuts read latency",
        "words": [["=", "Caching cuts"], ["+", "read"], ["=", "latency"]],
        "confidence": {"from": "medium", "to": "high"},
    }]
    assert json.loads(to_json(diff(old, old)))["changed_claims"] == []


def test_json_report_lists_renamed_items_as_the_pr_body_does() -> None:
    # The PR body said "renamed from item:<old> to item:<new>"; --format json and --diff-json did not.
    renamed = f"{A}-revisited"
    old = Graph((item(A, "Same question"), Entity(f"claim:{A}:k1", "claim", ("title: One.",))), ())
    stranded = Entity(f"item:{A}", "research_item", ("note: by an agent",))
    link = Relation(f"item:{A}", "concept:rag", "addresses")
    new = Graph((item(renamed, "Same question"), Entity(f"claim:{renamed}:k1", "claim", ("title: One.",)), stranded),
                (link,))
    data = json.loads(to_json(diff(old, new)))
    assert data["renames"] == [{
        "from": f"item:{A}", "to": f"item:{renamed}", "rule": "the same title",
        "claims": [[f"claim:{A}:k1", f"claim:{renamed}:k1"]],
        "left": [f"item:{A}: note: by an agent"],
        "left_relations": [{"from": f"item:{A}", "to": "concept:rag", "relation_type": "addresses"}],
    }]
    assert json.loads(to_json(diff(old, old)))["renames"] == []
