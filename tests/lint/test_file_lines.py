"""FileLines: the line of each entity and relation in a graph file, read only when a finding needs one."""

from __future__ import annotations

import json
from pathlib import Path

from kgsync.contract import jsonl
from kgsync.contract.model import Relation
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


def test_a_name_spelled_like_a_relation_or_a_copy_key_takes_no_other_line(tmp_path: Path) -> None:
    # Entity names, relation labels and name + NUL + type copies were keys of one string namespace:
    # a node named like a relation's label held the relation's line, and a name holding NUL + a
    # type held a copy's line.  Each kind of key is typed now; no spelling reaches another's line.
    a, b = "concept:alpha", "concept:beta"
    label = f"{a} -[about]-> {b}"
    lines = [
        {"type": "entity", "name": a, "entityType": "concept", "observations": []},               # 1
        {"type": "entity", "name": b, "entityType": "concept", "observations": []},               # 2
        {"type": "entity", "name": label, "entityType": "concept", "observations": []},           # 3
        {"type": "entity", "name": f"{a}\x00topic", "entityType": "concept", "observations": []},  # 4
        {"type": "relation", "from": a, "to": b, "relationType": "about"},                          # 5
        {"type": "entity", "name": a, "entityType": "topic", "observations": []},                 # 6: a copy
    ]
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    places = FileLines(path)
    relation = Relation(a, b, "about")
    found = {str(key): location.line for key, location in places.items()}
    assert places[label].line == 3 and places[f"{a}\x00topic"].line == 4, found
    assert [location.line for key, location in places.items() if key == relation] == [5], found  # its own line
    copies = {location.line for key, location in places.items() if not isinstance(key, (str, Relation))}
    assert 6 in copies and 6 not in {location.line for key, location in places.items() if isinstance(key, str)}, found
