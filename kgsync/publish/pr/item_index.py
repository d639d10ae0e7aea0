"""The PR body's item index: one row per item the change touched (nodes added, removed, changed;
relations), the merged items first, in chunks the truncation can cut one by one."""

from __future__ import annotations

from collections.abc import Sequence

from jinja2.environment import TemplateModule
from markupsafe import Markup

from kgsync.diff.model import GraphDiff, ItemDiff
from kgsync.publish.pr.item_views import ItemView
from kgsync.publish.pr.pr_template import macro


def index_chunks(module: TemplateModule, d: GraphDiff, views: Sequence[ItemView], ordered: Sequence[ItemDiff],
                 merged: frozenset[str], rows_per_chunk: int) -> list[tuple[str, int]]:
    """The index as (text, rows) chunks of ``rows_per_chunk`` rows; none when at most one item merged
    (its side effects have sections of their own)."""
    if sum(1 for v in views if v.slug in merged) <= 1:
        return []
    # The items the PR is about first, then the ones moved as their side effects (each in review order).
    rows = sorted(zip(views, ordered, strict=True), key=lambda row: row[0].slug not in merged)
    chunks = [rows[i : i + rows_per_chunk] for i in range(0, len(rows), rows_per_chunk)] or [[]]
    shared = shared_counts(d, ordered)
    return [(macro(module, "index", chunk, number == 0, len(views), number + 1, len(chunks),
                   shared if number == 0 else ""), len(chunk))
            for number, chunk in enumerate(chunks)]


def shared_counts(d: GraphDiff, ordered: Sequence[ItemDiff]) -> Markup:
    """Why the index's columns may sum to more than the graph changed (QA 121): a node several items link
    is filed under each of them (``group_by_item``), and so is a relation from it.  Empty when they add up."""
    columns = (("the + column", "the graph gained", [len(i.added) for i in ordered], len(d.added)),
               ("the − column", "the graph lost", [len(i.removed) for i in ordered], len(d.removed)),
               ("the ~ column", "the graph changed", [len(i.changed) for i in ordered], len(d.changed)),
               ("relations added", "the graph gained", [len(i.relations_added) for i in ordered],
                len(d.relations_added)),
               ("relations removed", "the graph lost", [len(i.relations_removed) for i in ordered],
                len(d.relations_removed)))
    over = [f"{column} sums to {sum(counts)}, {graph} {total}" for column, graph, counts, total in columns
            if sum(counts) > total]
    if not over:
        return Markup("")
    # Trusted: the column signs and counts only (escaped, "~" would read "&#126;").
    return Markup("A node several items link is counted under each of them (and so is a relation from it): "
            + "; ".join(over) + ".")
