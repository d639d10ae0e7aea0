"""What the PR body tests share: GitHub's own Markdown parser, the "harmless" check, the
old/new graph pair of the golden files, and the golden-file comparison.

A support module, not a test module: tests/publish/pr/ imports from here, never from
test_body.py (tests/test_layout.py).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import cmarkgfm
import pytest
from cmarkgfm.cmark import Options

from kgsync.contract.errors import Location
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.model import GraphDiff
from kgsync.lint.rules import Finding, Severity
from kgsync.publish.pr.sections import DEFAULT_TITLE
from kgsync.publish.pr.title import cause_title


GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "pr_body"


def gfm(text: str) -> str:
    """HTML as GitHub's parser builds it, before GitHub's sanitiser (which we must not rely on)."""
    return cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)


def visible_text(rendered: str) -> str:
    """Rendered text outside code, where GitHub's mention and issue-ref filters run."""
    without_code = re.sub(r"<(code|pre)>.*?</\1>", " ", rendered, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", without_code))


# GitHub's user/team mention and issue reference patterns (html-pipeline MentionFilter,
# IssueReferenceFilter), slightly broadened.
MENTION = re.compile(r"(?:^|\W)@[a-z0-9]", re.I)
ISSUE_REF = re.compile(r"(?:^|\W)(?:#|GH-)[0-9]", re.I)


def assert_harmless(text: str) -> None:
    rendered = gfm(text)
    assert "<script" not in text.lower() and "<script" not in rendered.lower()
    for tag in ("<a ", "<img", "<iframe", "<h1", "<input", "<style"):
        assert tag not in rendered, tag
    visible = visible_text(rendered)
    assert not MENTION.search(visible), MENTION.search(visible)
    assert not ISSUE_REF.search(visible), ISSUE_REF.search(visible)
    assert "://" not in visible  # no URL left for an autolinker
    for table in re.findall(r"<table>.*?</table>", rendered, flags=re.S):
        rows = re.findall(r"<tr>(.*?)</tr>", table, flags=re.S)
        widths = {len(re.findall(r"<t[hd][ >]", row)) for row in rows}
        assert len(widths) == 1, widths
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]", text)


A, B, C = "2026-03-01-alpha", "2026-03-02-beta", "2026-02-20-gamma"


def _old() -> Graph:
    return Graph(
        (
            Entity(f"item:{A}", "research_item", ("title: Alpha question", "completed:2026-03-01")),
            Entity(f"item:{C}", "research_item", ("title: Gamma question", "completed:2026-02-20")),
            Entity("concept:rag", "concept", (f"provenance:item={A}", "alias:retrieval augmented generation")),
            Entity(f"claim:{A}:k1", "claim",
                   ("RAG reduces hallucination.", "confidence:medium", f"provenance:item={A}")),
            Entity(f"claim:{C}:k1", "claim", ("Gamma holds.", "confidence:low", f"provenance:item={C}")),
        ),
        (
            Relation(f"item:{A}", "concept:rag", "addresses"),
            Relation(f"item:{A}", f"claim:{A}:k1", "states"),
            Relation(f"item:{C}", f"claim:{C}:k1", "states"),
        ),
    )


def _new() -> Graph:
    concepts = tuple(
        Entity(f"concept:{term}", "concept", (f"provenance:item={B}", f"tag:{term}"))
        for term in ("agents", "evaluation", "memory", "planning", "retrieval", "tool use")
    )
    return Graph(
        (
            Entity(f"item:{A}", "research_item", ("title: Alpha question", "completed:2026-03-01")),
            Entity(f"item:{B}", "research_item", ("title: Beta question", "completed:2026-03-02", "tag:agents")),
            Entity("concept:rag", "concept", (f"provenance:item={A}", f"provenance:item={B}",
                                              "alias:retrieval augmented generation")),
            Entity(f"claim:{A}:k1", "claim", ("RAG reduces hallucination.", "confidence:high", f"provenance:item={A}")),
            Entity(f"claim:{B}:k1", "claim", ("Agents need memory.", "confidence:high", "section:key-finding-1",
                                              f"provenance:item={B}", "source:https://example.org/paper")),
            Entity("method:survey", "method", (f"provenance:item={B}",)),
            Entity("thing:odd", "thing", ("agent wrote this",)),
        )
        + concepts,
        (
            Relation(f"item:{A}", "concept:rag", "addresses"),
            Relation(f"item:{A}", f"claim:{A}:k1", "states"),
            Relation(f"item:{B}", "concept:rag", "addresses"),
            Relation(f"item:{B}", f"claim:{B}:k1", "states"),
            Relation(f"claim:{B}:k1", f"claim:{A}:k1", "supports"),
            Relation(f"item:{B}", "method:survey", "uses_method"),
        )
        + tuple(Relation(f"item:{B}", e.name, "addresses") for e in concepts),
    )


FINDINGS = (
    Finding(Severity.WARNING, "foreign-type", "thing:odd", "entity type 'thing' is not in the contract",
            "use concept, claim or method", Location("memory.jsonl", 7)),
    Finding(Severity.ERROR, "dangling-relation", f"claim:{B}:k1", "relation points to a missing node",
            "add the node or remove the relation", Location("memory.jsonl", 12)),
)


def as_pull_request(d: GraphDiff, body: str, fallback: str = DEFAULT_TITLE) -> str:
    """The PR as GitHub shows it: its title (``cause_title``) above its body.  Every golden file
    holds both, so the title test reads every golden's title."""
    return f"# {cause_title(d, fallback)}\n\n{body}"


def check_golden(name: str, text: str) -> None:
    assert text.startswith("# "), "a golden PR holds its title: pass the body through as_pull_request"
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1" and (not path.exists() or path.read_text(encoding="utf-8") != text):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        pytest.fail(f"{path} rewritten: review the diff, then run again without UPDATE_GOLDEN", pytrace=False)
    assert path.exists(), f"{path} missing: run with UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8"), f"{name} differs: review, then UPDATE_GOLDEN=1"


def moved_by_one_node(merged: tuple[str, ...], others: list[str], own: str) -> tuple[Graph, Graph]:
    """(before, after): the ``merged`` items, new, give ``concept:rag`` an alias; ``others`` link it and change
    nothing of their own; ``own`` links it and loses a link of its own (qa143's shared-node case)."""
    items = [Entity(f"item:{s}", "research_item", (f"title: Item {s}",)) for s in (*others, own)]
    links = tuple(Relation(f"item:{s}", "concept:rag", "addresses") for s in (*others, own))
    before = Graph((*items, Entity("concept:rag", "concept", ()), Entity("concept:gone", "concept", ())),
                   (*links, Relation(f"item:{own}", "concept:gone", "addresses")))
    after = Graph((*items, Entity("concept:rag", "concept", ("alias:RAG",)),
                   *(Entity(f"item:{m}", "research_item", ("title: Beta",)) for m in merged)),
                  (*links, *(Relation(f"item:{m}", "concept:rag", "addresses") for m in merged)))
    return before, after
