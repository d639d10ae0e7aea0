"""Tests of kgsync.publish.pr.item_index: the PR body's item index."""

from __future__ import annotations

from kgsync.diff.graph_diff import diff
from kgsync.publish.pr.item_views import BodyContext
from kgsync.publish.pr.sections import build_sections
from tests.publish.pr.body_checks import moved_by_one_node


def test_the_item_index_gives_the_items_moved_only_by_a_shared_node_one_row_naming_each() -> None:
    # qa143's leftover: the body's sections group the items a shared node moved and nothing of their own,
    # but the item index kept one row per item (84 rows of "~1", 20 KB of a 52 KB body on a real merge of
    # the research items).  Now the index gives the group one row that names every item (a cut of the
    # group's section never leaves one named only in the notice's "and N more") and the counts of each.
    merged = ("2026-03-09-beta", "2026-03-10-gamma")
    others = [f"2026-02-{k:02d}-item" for k in range(1, 21)]
    own = "2026-01-31-own"
    before, after = moved_by_one_node(merged, others, own)
    sections = build_sections(diff(before, after), context=BodyContext(merged=frozenset(merged)), cap=0)
    [index] = [s.text for s in sections if s.kind == "index"]
    grouped = [s for s in sections if "whose only change" in s.text][0]
    rows = [line for line in index.splitlines() if line.startswith("| ") and not line.startswith("| item ")]
    assert len(rows) == len(merged) + len(others) - len(grouped.members) + 2, index  # the group: one row
    assert all(slug in index for slug in (*merged, *others, own)), index  # every item still named
    [group_row] = [row for row in rows if grouped.members[0] in row]
    assert f"{len(grouped.members)} items" in group_row and "`concept:rag`" in group_row, group_row
    assert "| 0 | 0 | 1 | +0 / −0 |" in group_row, group_row  # each one's counts
    assert len(index) < 2_500, len(index)
