"""The per-item criteria measured for issue 21 in generic15 (``bench/termhood_context.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bench.bench_termhood import auc
from bench.termhood_context import _pattern, contexts, definitional, split_item

ITEM = """---
title: "Prompt injection in agents"
---

# Prompt injection in agents

## Context

**Prompt injection** is a class of attack. A pull request (PR) on the free tier was opened.
The term "tool poisoning" is newer; pull requests cost 40% more.

| Term | Meaning |
|---|---|
| Deep module | a small interface over much code |

## Sources

- [Free tier limits](https://example.com)
"""


@dataclass
class _Node:
    name: str
    forms: set[str]
    items: set[str] = field(default_factory=lambda: {"a"})


def _found(*forms: str) -> set[str]:
    title, body = split_item(ITEM)
    return contexts(_pattern(set(forms)), title, body)


def test_contexts_name_each_definitional_form() -> None:
    assert _found("prompt injection") == {"def_title", "def_heading", "def_bold", "def_copula"}
    assert _found("pull request") == {"def_paren"}
    assert _found("tool poisoning") == {"def_copula", "def_quoted"}  # "the term X"
    assert _found("deep module") == {"def_table"}
    assert _found("free tier") == {"def_source"}
    assert _found("interface") == set()


def test_plural_and_numeric_shares() -> None:
    values = definitional({"concept:pull-request": _Node("concept:pull-request", {"pull request"})}, {"a": ITEM})
    assert values["passing"]["concept:pull-request"] == 2.0
    assert values["plural"]["concept:pull-request"] == 0.5
    assert values["numeric"]["concept:pull-request"] == 0.5


def test_auc_ranks_generic_nearer_removal() -> None:
    verdicts = {"g": "not", "i": "idea", "n": "named"}
    at_least = lambda v, t: v >= t  # noqa: E731
    assert auc({"g": 1.0, "i": 0.0, "n": 0.0}, verdicts, at_least) == 1.0
    assert auc({"g": 0.0, "i": 0.0, "n": 1.0}, verdicts, at_least) == 0.25
