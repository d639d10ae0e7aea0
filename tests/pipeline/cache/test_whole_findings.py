"""Tests of kgsync.pipeline.cache.whole_findings: long findings stored by record key, equal to cleaning them again."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

from kgsync.graph.statements import long_findings
from kgsync.pipeline.cache import whole_findings
from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache.whole_findings import WholeFindings
from tests.pipeline.cache.example_records import _corpus


def _not_again(*args: object) -> tuple[tuple[int, str], ...]:
    raise AssertionError("a stored item's findings were cleaned again")


def test_stored_findings_are_reused_and_equal_a_fresh_cleaning(tmp_path: Path) -> None:
    items, keys, _ = _corpus()
    expected = {item.slug: long_findings(item, None) for item in items}
    assert WholeFindings(tmp_path, CacheReader()).of(items, keys) == expected
    assert (tmp_path / "whole-findings.json").is_file()
    with mock.patch.object(whole_findings, "long_findings", _not_again):
        assert WholeFindings(tmp_path, CacheReader()).of(items, keys) == expected


def test_findings_stored_by_other_code_or_under_another_key_are_cleaned_again(tmp_path: Path) -> None:
    items, keys, _ = _corpus()
    WholeFindings(tmp_path, CacheReader()).of(items, keys)
    with mock.patch.object(whole_findings.fingerprint, "code_fingerprint", lambda stage: "other code"):
        assert WholeFindings(tmp_path, CacheReader()).stored == {}
    edited = {**keys, items[0].slug: "0" * 40}
    calls: list[str] = []

    def counting(item, claims):  # type: ignore[no-untyped-def]
        calls.append(item.slug)
        return long_findings(item, claims)

    with mock.patch.object(whole_findings, "long_findings", counting):
        WholeFindings(tmp_path, CacheReader()).of(items, edited)
    assert calls == [items[0].slug]  # only the item whose record key changed
    assert set(WholeFindings(tmp_path, CacheReader()).stored) == set(edited.values())  # the old key dropped


def test_without_a_cache_folder_nothing_is_written(tmp_path: Path) -> None:
    items, keys, _ = _corpus()
    assert WholeFindings(None, CacheReader()).of(items, keys) == {item.slug: long_findings(item, None) for item in items}
    assert list(tmp_path.iterdir()) == []
