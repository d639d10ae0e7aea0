"""FileLines: the line of each entity and relation in a graph file, read only when a finding needs one."""

from __future__ import annotations

from pathlib import Path

from kgsync.contract import jsonl
from kgsync.lint.rules import FileLines, lint
from tests.lint.lint_graphs import clean_graph, write_graph


def test_file_lines_is_lazy(tmp_path: Path) -> None:
    path = write_graph(tmp_path / "g.jsonl", clean_graph())
    lines = FileLines(path)
    path.unlink()  # a clean lint never looks a location up, so never re-reads the file
    assert lint(jsonl.loads(jsonl.dumps(clean_graph())), sources=lines).findings == ()
