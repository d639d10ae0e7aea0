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


def test_a_later_copy_of_a_name_is_placed_at_its_own_line(tmp_path: Path) -> None:
    # The server reads the first line of a name; the copies after it are what a user must fix or
    # delete, so duplicate-entity points at the first copy, not at the line the server keeps.
    name = clean_graph().entities[0].name
    text = jsonl.dumps(clean_graph())
    for copy in (f'{{"type":"entity","name":"{name}","entityType":"topic","observations":[]}}',
                 jsonl.dumps(clean_graph()).split("\n")[0]):  # another type; the very same line
        path = tmp_path / "g.jsonl"
        path.write_text(text + "\n" + copy, encoding="utf-8")
        [found] = [f for f in lint(jsonl.read(path), sources=FileLines(path)).findings if f.code == "duplicate-entity"]
        assert found.location is not None and found.location.line == text.count("\n") + 2, copy
