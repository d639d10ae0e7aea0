"""kgsync duplicates, the command: near-duplicate pairs of a graph file, --fail, a missing file."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kgsync.contract.model import Entity, Graph


def test_duplicates_command(tmp_path: Path) -> None:
    from kgsync.contract import jsonl
    from kgsync.cli.duplicates import command

    graph = Graph((Entity("concept:knowledge-graph", "concept"), Entity("concept:knowledge-graph-construction", "concept"),
                   Entity("method:prompt-injection", "method"), Entity("concept:prompt-injection", "concept"),
                   Entity("concept:model-context-protocol", "concept"), Entity("item:x", "research_item")))
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, graph)
    result = CliRunner().invoke(command, [str(path)])
    assert result.exit_code == 0
    # "knowledge graph construction" heads "construction": the construction of a knowledge graph, two things.
    assert result.output.splitlines() == ["concept:prompt-injection  ~  method:prompt-injection",
                                          "1 candidate duplicate pair(s)"]
    assert CliRunner().invoke(command, [str(path), "--fail"]).exit_code == 1
    clean = tmp_path / "clean.jsonl"
    jsonl.write(clean, Graph((Entity("concept:model-context-protocol", "concept"),)))
    assert CliRunner().invoke(command, [str(clean), "--fail"]).exit_code == 0
    assert CliRunner().invoke(command, [str(tmp_path / "none.jsonl")]).exit_code == 2


def test_duplicates_escapes_bidi_and_escape_characters_in_names(tmp_path: Path) -> None:
    # Hand-added names (an agent's) are listed as they are: a U+202E reordered the line a reader
    # sees, an ESC opened a terminal sequence.
    from kgsync.contract import jsonl
    from kgsync.cli.duplicates import command

    graph = Graph((Entity("concept:knowledge-graph", "concept"), Entity("concept:knowledge\u202e\x1b[2J-graph", "concept")))
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, graph)
    result = CliRunner().invoke(command, [str(path)])
    assert result.exit_code == 0, result.output
    assert "\u202e" not in result.stdout and "\x1b" not in result.stdout
    assert "concept:knowledge%u202E%1B[2J-graph" in result.stdout
