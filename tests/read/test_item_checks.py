"""The reader's field checks (kgsync.read.item_checks): slugs normalised from paths and links."""

from __future__ import annotations

from kgsync.read.items import normalise_slug


def test_normalise_slug() -> None:
    assert normalise_slug("Research/completed/2026-01-01-x.md") == "2026-01-01-x"
    assert normalise_slug("https://github.com/o/r/blob/main/Research/completed/2026-01-01-x.md#L3") == "2026-01-01-x"
    assert normalise_slug("2026-01-01-x") == "2026-01-01-x"
