"""Tests of kgsync.publish.site.svg: a concept's neighbourhood diagram, inline and inert."""

from __future__ import annotations

import html
import re

from kgsync.publish.site.node import Node
from kgsync.publish.site.svg import LABEL_MAX, neighbourhood


def _node(title: str) -> Node:
    return Node(f"concept:{title}", "concept", title, title, f"concepts/{title}.md")


def test_the_diagram_escapes_titles_cuts_long_labels_and_holds_no_links() -> None:
    hostile = '<script>alert("x")</script> & a title far longer than a label holds'
    svg = str(neighbourhood(_node("rag"), [(_node(hostile), 3), (_node("bm25"), 1)]))
    assert "<script" not in svg and "&lt;script&gt;" in svg
    assert "href" not in svg  # the "Related concepts" list carries the links (one href cannot work in both engines)
    assert "\n\n" not in svg  # one raw HTML block for Markdown
    labels = re.findall(r'text-anchor="middle">([^<]*)</text>', svg)
    assert labels[0] == "rag" and labels[2] == "bm25"
    assert labels[1].endswith("\u2026") and len(html.unescape(labels[1])) <= LABEL_MAX
    assert "<title>bm25 (1 shared item)</title>" in svg


def test_the_heaviest_neighbour_has_the_widest_edge() -> None:
    svg = str(neighbourhood(_node("rag"), [(_node("a"), 4), (_node("b"), 2), (_node("c"), 1)]))
    assert re.findall(r'stroke-width="([0-9.]+)"', svg) == ["4.0", "2.5", "1.8"]


def test_a_concept_without_neighbours_is_drawn_alone() -> None:
    svg = str(neighbourhood(_node("rag"), []))
    assert svg.count("<ellipse") == 1 and "<line" not in svg
    assert 'aria-label="Concepts that co-occur with rag"' in svg
