"""Markdown tables as evidence extraction reads them: cells, the header after its separator row,
which columns name sources and which holds the claim."""

from __future__ import annotations

from kgsync.extract.tables import Table, row_cells


def _read(*rows: str) -> Table:
    table = Table()
    for row in rows:
        table = table.after(row)
    return table


def test_row_cells_drop_the_outer_pipes_only() -> None:
    assert row_cells("| a | b |") == [" a ", " b "]
    assert row_cells("a | b") == ["a ", " b"]
    assert row_cells("| a || c |") == [" a ", "", " c "]


def test_the_header_is_the_row_before_the_separator() -> None:
    table = _read("| Claim | Source  |  Confidence | Notes |", "|:---|---:|:-:|---|", "| x | [[b]] KF 2 | high | KF 5 |")
    assert table.header == ("claim", "source", "confidence", "notes")
    assert table.last == ("x", "[[b]] kf 2", "high", "kf 5")
    assert table.source_columns() == frozenset({1})
    assert table.claim_column() == 0


def test_no_separator_no_header() -> None:
    table = _read("| Claim | Source |", "| x | y |")
    assert table.header == () and table.source_columns() is None
    assert table.claim_column() == 0  # no header: the first column


def test_source_and_claim_columns_are_found_by_their_header_words() -> None:
    table = _read("| Notes | Key Finding | Prior Work | Cited Evidence |", "|---|---|---|---|")
    assert table.source_columns() == frozenset({2, 3})
    assert table.claim_column() == 1
