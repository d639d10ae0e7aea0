"""The cached lint report: typed JSON, valid only for its graph, inputs and code."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

from kgsync.pipeline.cache import lint_report
from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache.lint_report import LintReportStore
from kgsync.contract.errors import Location
from kgsync.lint.table import RULES, Finding, LintReport

REPORT = LintReport((
    Finding(RULES["near-duplicate-name"].severity, "near-duplicate-name", "concept:a", "near-duplicate of concept:b",
            "merge them", Location("Research/completed/a.md", 12), "concept:b"),
    Finding(RULES["orphan-node"].severity, "orphan-node", "concept:ünï", "the concept has no relation", "relate it",
            None),
))


def test_a_report_is_read_back_for_its_graph_and_inputs_only(tmp_path: Path) -> None:
    store = LintReportStore(tmp_path, CacheReader())
    store.save("graph-sha1", "inputs", REPORT)
    assert store.load("graph-sha1", "inputs") == REPORT
    assert store.load("other-graph", "inputs") is None
    assert store.load("graph-sha1", "other-inputs") is None
    with mock.patch.object(lint_report, "output_fingerprint", lambda: "other code"):
        assert store.load("graph-sha1", "inputs") is None


def test_nothing_to_describe_forgets_the_report(tmp_path: Path) -> None:
    store = LintReportStore(tmp_path, CacheReader())
    store.save("graph-sha1", "inputs", REPORT)
    store.save(None, "inputs", REPORT)  # a graph with hand-added content: no incremental rebuild
    assert store.load("graph-sha1", "inputs") is None


def test_an_invalid_file_is_ignored_with_a_notice(tmp_path: Path) -> None:
    reader = CacheReader()
    (tmp_path / "lint-report.json").write_text('["code", "graph-sha1", "inputs", [["fatal", 1]]]', encoding="utf-8")
    assert LintReportStore(tmp_path, reader).load("graph-sha1", "inputs") is None
    assert len(reader.notices) == 1
