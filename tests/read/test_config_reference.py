"""kgsync.read.config_reference: the configuration reference read from the schema (the page: tests/test_docs.py)."""

from __future__ import annotations

from kgsync.read import config_reference


def test_every_option_is_declared_with_its_description() -> None:
    rows = config_reference.describe()
    assert [key for key, *_ in rows if not key.strip()] == []
    assert [key for key, _, _, text in rows if not text] == [], "declare each option with option(default, help)"
    assert ("tag_style", "search-safe", "str") == rows[4][:3]
