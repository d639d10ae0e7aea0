"""The graph's manifest's name, and which option values name a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.read.graph_names import manifest_of, names_a_file, names_a_manifest


@pytest.mark.parametrize(("graph", "manifest"), [("memory.jsonl", "memory.kgsync.json"), ("kg/g.jsonl", "kg/g.kgsync.json"),
                                                 ("graph", "graph.kgsync.json")])
def test_the_manifest_lies_beside_the_graph_named_after_it(tmp_path: Path, graph: str, manifest: str) -> None:
    assert manifest_of(tmp_path / graph) == tmp_path / manifest


@pytest.mark.parametrize(("path", "names"), [("memory.jsonl", True), ("kg/g.jsonl", True), ("", False), (".", False),
                                             ("..", False), ("kg/", False), ("kg\\", False), ("kg/..", False)])
def test_a_path_names_a_file_only_when_it_ends_in_a_file_name(path: str, names: bool) -> None:
    assert names_a_file(path) is names


@pytest.mark.parametrize(("path", "names"), [("memory.kgsync.json", True), ("kg/G.KGSYNC.JSON", True),
                                             ("memory.jsonl", False), ("kgsync.json", False), ("x.kgsync.jsonl", False)])
def test_a_manifest_is_known_by_its_name_before_it_exists(path: str, names: bool) -> None:
    assert names_a_manifest(path) is names
