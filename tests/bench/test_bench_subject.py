"""The item-local subject signals measured for issue 21 in generic18 (``bench/bench_subject.py``)."""

from __future__ import annotations

from bench.bench_subject import auc, is_subject, item_signals, node_signals, subject_share
from bench.bench_termhood import Node, mention_pattern

ITEM = """---
title: "Kill switches for agents"
---

# Kill switches for agents

## Research Question

How should a kill switch revoke an agent's credentials?

## Scope

**In scope:**
- Blast radius of a revoked token
**Out of scope:**
- Pull requests

## Findings

### Executive Summary

[inference; source: https://example.com] The kill switch should be deny-first.

### Key Findings

1. **High confidence.** [fact; source: https://example.com] The kill switch has to revoke tokens. Reviews happen in a pull request.
2. [inference] A blast radius is a set of systems a credential reaches.

## Output

- Type: knowledge
- Description: A kill switch design for agents.

## Sources

- [x] [Blast radius in practice](https://example.com/pull-request) — mentions audit logs
"""


def _signals(*forms: str, claims: list[str] | None = None) -> set[str]:
    return item_signals(Node("concept:" + forms[0].replace(" ", "-"), list(forms)), ITEM, claims or [])


def test_subject_needs_the_sentence_to_open_with_the_term_and_a_verb_to_follow() -> None:
    pattern = mention_pattern({"kill switch"})
    assert is_subject("[inference; source: https://x.y] The kill switch should be deny-first.", pattern)
    assert is_subject("1. **High confidence.** Kill switches revoke tokens.", pattern)
    assert not is_subject("Reviews need a kill switch.", pattern)  # an object
    assert not is_subject("Kill switches from vendors differ.", pattern)  # a preposition, not yet a verb
    assert not is_subject("The kill switch design is open.", pattern)  # a modifier of another head
    assert is_subject("Model Context Protocol (MCP) is a standard.", mention_pattern({"model context protocol"}))


def test_an_item_makes_its_title_question_and_finding_subjects_its_subject() -> None:
    found = _signals("kill switch")
    assert {"title", "question", "subject", "summary", "output"} <= found
    assert "defines" not in found


def test_a_term_named_only_inside_sentences_about_something_else_has_no_subject_place() -> None:
    found = _signals("pull request")
    assert found.isdisjoint({"title", "question", "heading", "subject", "claim", "output", "summary", "scope"})
    # The Sources line names it only in a URL, which is cut out.
    assert "source" not in found


def test_definition_scope_and_source_title() -> None:
    found = _signals("blast radius")
    assert {"defines", "scope", "source"} <= found
    assert "title" not in found


def test_claim_opening_with_the_term() -> None:
    assert "claim" in _signals("audit log", claims=["Audit logs record agent activity"])
    assert "claim" not in _signals("audit log", claims=["Agents write audit logs"])


def test_node_signals_count_items_and_lower_case_mentions() -> None:
    node = Node("concept:kill-switch", ["kill switch"])
    node.items = {"a", "b"}
    values = node_signals({"concept:kill-switch": node}, {"a": ITEM, "b": "no mention"}, {})
    counts = values["concept:kill-switch"]
    assert counts["items"] == 2 and counts["title"] == 1 and counts["any"] == 1
    assert counts["lower"] < counts["written"]  # the title's "Kill switches" is capitalised
    assert subject_share(node, ITEM) == (2, 2)


def test_auc_counts_generic_nodes_below_the_others() -> None:
    verdicts = {"a": "generic", "b": "idea", "c": "named"}
    assert auc({"a": 0.0, "b": 1.0, "c": 2.0}, verdicts) == 1.0
    assert auc({"a": 1.0, "b": 1.0, "c": 1.0}, verdicts) == 0.5
