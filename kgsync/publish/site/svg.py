"""The neighbourhood diagram of a concept page, as inline SVG.

Why SVG generated here rather than Mermaid: mkdocs-material (and Zensical)
render Mermaid by fetching mermaid.js from a CDN at page load, which the site
must not do; vendoring the bundle would be the alternative.  A radial
layout of one concept and its strongest co-occurring neighbours is simple
enough to draw directly: no JavaScript, works in both engines, readable
without a browser, and every label is escaped by ``html_text``.  networkx
supplies the co-occurrence weights (``model``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from markupsafe import Markup

from kgsync.publish.site.node import Node
from kgsync.publish.site.text import counted, html_text

WIDTH, HEIGHT = 640, 360
RADIUS_X, RADIUS_Y = 225, 125
LABEL_MAX = 26


def _label(text: str) -> str:
    return text if len(text) <= LABEL_MAX else text[: LABEL_MAX - 1].rstrip() + "\u2026"


def _f(value: float) -> str:
    return f"{value:.1f}"


def neighbourhood(center: Node, neighbours: Sequence[tuple[Node, int]]) -> Markup:
    """One SVG block: ``center`` in the middle, ``neighbours`` (node, shared items) around it.

    The block has no blank line, so Markdown passes it through as one raw HTML
    block.  It holds no links: mkdocs leaves links in raw HTML as written while
    Zensical rewrites them relative to the source file, so no one href works in
    both; the "Related concepts" list under the diagram carries the links.
    """
    cx, cy = WIDTH / 2, HEIGHT / 2
    heaviest = max((w for _, w in neighbours), default=1)
    edges: list[str] = []
    nodes: list[str] = []
    count = len(neighbours)
    for index, (node, weight) in enumerate(neighbours):
        angle = -math.pi / 2 + 2 * math.pi * index / max(count, 1)
        x, y = cx + RADIUS_X * math.cos(angle), cy + RADIUS_Y * math.sin(angle)
        stroke = 1 + 3 * weight / heaviest
        edges.append(
            f'<line x1="{_f(cx)}" y1="{_f(cy)}" x2="{_f(x)}" y2="{_f(y)}" class="kg-edge" '
            f'stroke-width="{_f(stroke)}"><title>{counted(weight, "shared item")}</title></line>'
        )
        nodes.append(
            f'<g class="kg-node"><title>{html_text(node.title)} ({counted(weight, "shared item")})</title>'
            f'<ellipse cx="{_f(x)}" cy="{_f(y)}" rx="88" ry="17"/>'
            f'<text x="{_f(x)}" y="{_f(y + 4)}" text-anchor="middle">{html_text(_label(node.title))}</text></g>'
        )
    label = f"Concepts that co-occur with {center.title}"
    parts = [
        f'<div class="kg-diagram"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{html_text(label)}">',
        *edges,
        f'<g class="kg-center"><title>{html_text(center.title)}</title>'
        f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="100" ry="21"/>'
        f'<text x="{_f(cx)}" y="{_f(cy + 5)}" text-anchor="middle">{html_text(_label(center.title))}</text></g>',
        *nodes,
        "</svg></div>",
    ]
    return Markup("".join(parts))
