"""Markdown tables as evidence extraction reads them: each row's cells by their header.

An Evidence Map row (| Claim | Source | Confidence | Notes |) says which of this item's
claims rests on which source; a finding number in its Notes cell ("Key Finding 5") names this
item's own finding, a number in its Source cell the cited item's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SEPARATOR_CELL = re.compile(r"[ \t]{0,8}:?-{1,200}:?[ \t]{0,8}")
#: Header words of a column that names sources (the cited item and its finding numbers).
_SOURCE_HEADERS = ("source", "reference", "cited", "evidence", "prior")


def row_cells(row: str) -> list[str]:
    """The cells of a table row, without the outer pipes."""
    text = row.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|"):
        text = text[:-1]
    return text.split("|")


@dataclass(frozen=True)
class Table:
    """The table being read: its header (lower-case cells, () before a separator row is seen)
    and the last row (the header, if a separator row follows it)."""

    header: tuple[str, ...] = ()
    last: tuple[str, ...] = ()

    def after(self, row: str) -> Table:
        cells = row_cells(row)
        if cells and all(_SEPARATOR_CELL.fullmatch(c) for c in cells):
            return Table(self.last, ())
        return Table(self.header, tuple(" ".join(c.split()).lower() for c in cells))

    def source_columns(self) -> frozenset[int] | None:
        """The columns that name sources; None when the table has no header to say."""
        if not self.header:
            return None
        return frozenset(i for i, name in enumerate(self.header) if any(w in name for w in _SOURCE_HEADERS))

    def claim_column(self) -> int:
        """The column holding what this item claims: the one headed "claim", else the first."""
        return next((i for i, name in enumerate(self.header) if "claim" in name or "finding" in name), 0)
