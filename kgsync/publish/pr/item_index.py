"""The PR body's item index: one row per item the change touched (nodes added, removed, changed;
relations), the merged items first, in chunks the truncation can cut one by one.  The items one shared
node moved and nothing of their own, which the body files as one section (``sections._Bystanders``),
are one row here too, naming each of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jinja2.environment import TemplateModule
from markupsafe import Markup

from kgsync.diff.model import GraphDiff, ItemDiff
from kgsync.publish.pr.item_views import ItemView
from kgsync.publish.pr.pr_template import macro


@dataclass(frozen=True)
class IndexRow:
    """One row of the index: an item, or several (``members``, each with these counts) whose only change is
    the nodes ``about``, shown above, filed as one section under the heading ``under``."""

    slug: str
    title: str
    status: str
    added: int
    removed: int
    changed: int
    relations_added: int
    relations_removed: int
    members: tuple[str, ...] = ()
    about: tuple[str, ...] = ()
    under: str = ""  # the heading the body files the members' section under


def index_chunks(module: TemplateModule, d: GraphDiff, views: Sequence[ItemView], ordered: Sequence[ItemDiff],
                 merged: frozenset[str], rows_per_chunk: int,
                 folds: Sequence[tuple[tuple[str, ...], tuple[str, ...], str]] = ()) -> list[tuple[str, int]]:
    """The index as (text, rows) chunks of ``rows_per_chunk`` rows; none when at most one item merged
    (its side effects have sections of their own).  ``folds``: (the items, the nodes they only link) of
    each group the body files as one section, and its heading: one row each, where its first item's would be."""
    if sum(1 for v in views if v.slug in merged) <= 1:
        return []
    # The items the PR is about first, then the ones moved as their side effects (each in review order).
    rows = _folded([_row(view, item) for view, item in sorted(zip(views, ordered, strict=True),
                                                              key=lambda row: row[0].slug not in merged)], folds)
    chunks = [rows[i : i + rows_per_chunk] for i in range(0, len(rows), rows_per_chunk)] or [[]]
    shared = shared_counts(d, ordered)
    if any(row.members for row in rows):
        shared = Markup(f"{shared} A row of several items gives the counts of each." if shared else
                        "A row of several items gives the counts of each.")
    return [(macro(module, "index", chunk, number == 0, len(views), number + 1, len(chunks),
                   shared if number == 0 else ""), len(chunk))
            for number, chunk in enumerate(chunks)]


def _row(view: ItemView, item: ItemDiff) -> IndexRow:
    return IndexRow(view.slug, view.title, view.status or "changed", len(item.added), len(item.removed),
                    len(item.changed), len(item.relations_added), len(item.relations_removed))


def _folded(rows: list[IndexRow], folds: Sequence[tuple[tuple[str, ...], tuple[str, ...], str]]) -> list[IndexRow]:
    """``rows`` with the items of each fold as one row at its first item's place; a fold whose items' counts
    differ (none is expected: they show the same nodes and nothing else) keeps their rows."""
    by_slug = {row.slug: row for row in rows}
    at: dict[str, IndexRow] = {}
    gone: set[str] = set()
    for members, about, under in folds:
        found = [by_slug[slug] for slug in members if slug in by_slug]
        counts = {(r.added, r.removed, r.changed, r.relations_added, r.relations_removed, r.status) for r in found}
        if len(found) < 2 or len(counts) != 1:
            continue
        first = min(found, key=rows.index)
        at[first.slug] = IndexRow("", "", first.status, first.added, first.removed, first.changed,
                                  first.relations_added, first.relations_removed, tuple(r.slug for r in found), about,
                                  under)
        gone.update(r.slug for r in found)
    return [at[row.slug] if row.slug in at else row for row in rows if row.slug in at or row.slug not in gone]


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
