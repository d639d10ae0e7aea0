"""kgsync lint, the command: exit codes, file:line findings, formats (text, json, github), config."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from kgsync.cli._annotations import escape_property
from kgsync.cli.lint import command
from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Relation
from tests.item_corpus import agent_theme_repo, built, term_nodes
from tests.lint.lint_graphs import P, clean_graph, linked_concept, with_entities, with_relations, write_graph


def run(*args: str) -> click.testing.Result:  # noqa: F821
    return CliRunner().invoke(command, list(args), catch_exceptions=False)


def test_cli_clean_graph_exits_0(tmp_path: Path) -> None:
    path = write_graph(tmp_path / "memory.jsonl", clean_graph())
    result = run(str(path))
    assert result.exit_code == 0, result.output
    assert result.output == "0 errors, 0 warnings\n"


def test_cli_errors_exit_1_with_file_lines(tmp_path: Path) -> None:
    graph = with_entities(clean_graph(), Entity("concept:lonely", "concept", (P,)))
    graph = with_relations(graph, Relation("item:beta", "item:alpha", "extends"))
    path = write_graph(tmp_path / "memory.jsonl", graph)
    result = run(str(path))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines == [
        f"{path}:9: error[orphan-node] concept:lonely: the concept has no relation "
        "(fix: relate it to the item or claim it came from, or remove it)",
        f"{path}:1: warning[extends-cycle] item:alpha: extends cycle through item:alpha, item:beta "
        "(fix: remove the extends relation that points back)",
        "1 error, 1 warning",
    ]


def test_cli_strict(tmp_path: Path) -> None:
    graph = with_relations(clean_graph(), Relation("item:beta", "item:alpha", "extends"))
    path = write_graph(tmp_path / "memory.jsonl", graph)
    assert run(str(path)).exit_code == 0
    assert run(str(path), "--strict").exit_code == 1


def test_cli_relation_finding_points_at_relation_line(tmp_path: Path) -> None:
    graph = with_relations(clean_graph(), Relation("item:alpha", "concept:gone", "addresses"))
    path = write_graph(tmp_path / "g.jsonl", graph)
    result = run(str(path), "--format", "json")
    body = json.loads(result.output)
    assert result.exit_code == 1
    assert body["findings"] == [{
        "code": "dangling-relation", "entity": "item:alpha -[addresses]-> concept:gone", "hint":
        "add the missing entity or remove the relation", "line": 22, "message": "to concept:gone is not in the graph",
        "path": str(path), "severity": "error",
    }]
    assert (body["ok"], body["errors"], body["warnings"]) == (False, 1, 0)


def test_cli_malformed_jsonl_exits_2_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    path.write_text(jsonl.dumps(clean_graph()) + '\n{"type":"entity","name":', encoding="utf-8")
    result = CliRunner().invoke(command, [str(path)])
    assert result.exit_code == 2
    assert f"{path}:22: not a JSON object" in result.output


def test_cli_missing_file_exits_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(command, [str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 2
    assert "graph file not found" in result.output


def test_cli_a_folder_is_not_called_a_missing_file(tmp_path: Path) -> None:
    # "graph file not found (fix: run kgsync build first)" sent the user to build, which then
    # refused the folder: say what is there.
    (tmp_path / "memory.jsonl").mkdir()  # the graph of kgsync.yml (as FILE, click says it is a folder)
    result = CliRunner().invoke(command, ["--root", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{tmp_path / 'memory.jsonl'}: the graph path is a folder, not a file" in result.output
    assert "not found" not in result.output


def test_cli_default_file_from_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = with_entities(clean_graph(), Entity("concept:lonely", "concept", (P,)))
    write_graph(tmp_path / "graphs" / "kg.jsonl", graph)
    (tmp_path / "kgsync.yml").write_text("graph: graphs/kg.jsonl\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run()
    assert result.exit_code == 1
    assert result.output.startswith("graphs/kg.jsonl:9: error[orphan-node] concept:lonely")
    # --config elsewhere: paths resolve against the config file's folder.
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.chdir(other)
    assert run("--config", str(tmp_path / "kgsync.yml")).exit_code == 1
    assert CliRunner().invoke(command, []).exit_code == 2  # no kgsync.yml here: memory.jsonl is missing


def test_cli_bad_config_exits_2(tmp_path: Path) -> None:
    config = tmp_path / "kgsync.yml"
    config.write_text("graph: memory.jsonl\nmerge:\n  min_edit_distanse: 3\n", encoding="utf-8")
    write_graph(tmp_path / "memory.jsonl", clean_graph())
    result = CliRunner().invoke(command, ["--config", str(config)])
    assert result.exit_code == 2
    assert "merge.min_edit_distanse" in result.output


def test_cli_config_merge_rule_is_used(tmp_path: Path) -> None:
    graph = linked_concept(clean_graph(), Entity("concept:vector-searches", "concept", (P,)))
    write_graph(tmp_path / "memory.jsonl", graph)
    assert run("--config", str(tmp_path / "kgsync.yml"), "--strict").exit_code == 2  # explicit config must exist
    (tmp_path / "kgsync.yml").write_text("merge:\n  min_edit_distance: 1\n  max_token_jaccard: 1.0\n")
    assert run("--config", str(tmp_path / "kgsync.yml"), "--strict").exit_code == 0
    assert run(str(tmp_path / "memory.jsonl"), "--strict").exit_code == 1  # default rule: near-duplicate


def test_cli_is_registered() -> None:
    from kgsync.cli.main import cli

    result = CliRunner().invoke(cli, ["lint", "--help"])
    assert result.exit_code == 0
    assert "--format" in result.output


@pytest.mark.parametrize("form", ["text", "json", "github"])
def test_cli_prints_a_lone_surrogate_as_its_escape(tmp_path: Path, form: str) -> None:
    # The server keeps "\\ud800" escapes as it read them; printing one must not crash the command.
    from kgsync.cli.main import cli

    path = tmp_path / "memory.jsonl"
    path.write_text('{"type":"entity","name":"concept:sur\\ud800rogate","entityType":"concept","observations":[]}',
                    encoding="utf-8")
    result = CliRunner().invoke(cli, ["lint", str(path), "--format", form])
    assert result.exit_code == 1, result.output
    assert "sur\\ud800rogate" in result.output and "Traceback" not in result.output


def test_cli_github_format(tmp_path: Path) -> None:
    graph = with_entities(clean_graph(), Entity("concept:lonely", "concept", (P,)))
    path = write_graph(tmp_path / "memory.jsonl", graph)
    result = CliRunner().invoke(command, [str(path), "--format", "github"])
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"::error file={escape_property(str(path))},line=9,title=kgsync lint orphan-node::concept:lonely: "
        "the concept has no relation (fix: relate it to the item or claim it came from, or remove it)"
    ]
    assert "1 error, 0 warnings" in result.stderr


def test_cli_checks_the_veto_file_beside_the_vocabulary_with_lines(tmp_path: Path, monkeypatch) -> None:
    write_graph(tmp_path / "memory.jsonl", clean_graph())
    (tmp_path / "kgsync.yml").write_text("graph: memory.jsonl\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert run().exit_code == 0
    (tmp_path / "kgsync-veto.yml").write_text(
        "vetoed:\n  - from: claim:2026-01-01-a:one\n    to: claim:2026-01-02-b:two\n"
        "  - from: item:2026-01-01-a\n    to: claim:2026-01-02-b:two\n", encoding="utf-8")
    result = CliRunner().invoke(command, [])
    assert result.exit_code == 2
    assert "kgsync-veto.yml:4: from: and to: must both be claim names" in result.output


def test_cli_warns_of_a_veto_that_names_no_claim_at_its_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # kgsync build warned of a veto naming no claim (a typo: it vetoes nothing); kgsync lint checked the
    # file's form only and said the graph was clean.
    write_graph(tmp_path / "memory.jsonl", clean_graph())
    (tmp_path / "kgsync.yml").write_text("graph: memory.jsonl\n", encoding="utf-8")
    (tmp_path / "kgsync-veto.yml").write_text(
        "vetoed:\n  - from: claim:alpha:sqlite-fits\n    to: claim:beta:json-fits\n"
        "  - from: claim:alpha:sqlite-fits\n    to: claim:beta:json-typo\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run()
    assert result.exit_code == 0, result.output
    [line] = [line for line in result.output.splitlines() if "stale-veto" in line]
    assert line.startswith("kgsync-veto.yml:4: warning[stale-veto] claim:beta:json-typo: ") and "vetoes nothing" in line, line
    assert "(fix: " in line and result.output.endswith("0 errors, 1 warning\n"), result.output
    assert run("--strict").exit_code == 1
    [found] = [f for f in json.loads(run("--format", "json").output)["findings"] if f["code"] == "stale-veto"]
    assert (found["severity"], found["line"], found["entity"]) == ("warning", 4, "claim:beta:json-typo")


@pytest.mark.parametrize("form", ["text", "github"])
def test_cli_escapes_bidi_controls_in_every_message(tmp_path: Path, form: str) -> None:
    # A right-to-left override in a name reorders the log line a reader sees ("concept:exe<RLO>txt"
    # shows as "concept:exetxt" reversed): the entity column and the message that repeats the name
    # must both print it as its escape.
    graph = with_entities(clean_graph(), Entity("concept:exe\u202etxt", "concept", (P,)))
    graph = with_relations(graph, Relation("item:alpha", "concept:gone\u2067abc", "addresses"))
    path = write_graph(tmp_path / "memory.jsonl", graph)
    result = CliRunner().invoke(command, [str(path), "--format", form])
    assert result.exit_code == 1, result.output
    assert "\u202e" not in result.output and "\u2067" not in result.output
    percent = "%25" if form == "github" else "%"  # an annotation's data is escaped again; the runner shows "%"
    assert f"concept:exe{percent}u202Etxt" in result.output and f"concept:gone{percent}u2067abc" in result.output


def test_cli_json_writes_bidi_and_c1_controls_as_json_escapes(tmp_path: Path) -> None:
    # json.dumps(ensure_ascii=False) escapes C0 controls (ESC is "\u001b") but leaves a right-to-left
    # override and a C1 control (U+009B opens a terminal sequence as ESC [ does) raw on the terminal.
    graph = with_entities(clean_graph(), Entity("concept:exe\u202etxt\u009b2J", "concept", (P,)))
    path = write_graph(tmp_path / "memory.jsonl", graph)
    result = CliRunner().invoke(command, [str(path), "--format", "json"])
    assert "\u202e" not in result.stdout and "\u009b" not in result.stdout and "\x1b" not in result.stdout
    assert "concept:exe\\u202etxt\\u009b2J" in result.stdout
    names = {f["entity"] for f in json.loads(result.stdout)["findings"]}
    assert "concept:exe\u202etxt\u009b2J" in names  # lossless: a JSON reader gets the name back


#: The theme of each built item: a theme's node beside a mined term, then two themes' nodes.
_THEME_PAIRS = [("agentic-ai",) * 4, ("agentic-ai", "agentic-ai", "ai-agents", "ai-agents")]


@pytest.mark.parametrize("themes", _THEME_PAIRS)
def test_the_merge_line_lint_proposes_merges_its_pair_when_pasted(tmp_path: Path, themes: tuple[str, ...]) -> None:
    """A `merges:` line whose variant is a theme's node does nothing (`agentic ai: ai-agent`): the
    line lint proposes must join the pair at the next build, or lint proposes none."""
    graph = agent_theme_repo(tmp_path, themes)
    assert {"concept:agentic-ai", "concept:ai-agent"} <= term_nodes(graph)
    [warning] = [line for line in run(str(graph)).output.splitlines() if "near-duplicate-name" in line]
    line = re.search(r"add `([a-z ]+: [a-z-]+)` under `merges:`", warning)
    if line is None:  # two themes' nodes: no line joins them
        assert len(set(themes)) == 2 and "themes:" in warning, warning
        return
    (tmp_path / "kgsync-vocab.yml").write_text(f"merges:\n  {line.group(1)}\n")
    assert len({"concept:agentic-ai", "concept:ai-agent"} & term_nodes(built(tmp_path))) == 1, line.group(1)


@pytest.mark.parametrize("output_format", ["text", "github"])
def test_a_graph_saved_with_a_byte_order_mark_fails_lint(tmp_path: Path, output_format: str) -> None:
    # Saved by an editor that writes a BOM (PowerShell's Set-Content -Encoding UTF8, old Notepad): kgsync
    # reads past it, but the memory server's JSON.parse fails on the first line, so every tool call of
    # an agent errors, and lint (the check workflow's step) said "0 errors, 0 warnings".
    path = write_graph(tmp_path / "memory.jsonl", clean_graph())
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    result = run(str(path), "--format", output_format)
    assert result.exit_code == 1, result.output
    if output_format == "text":
        assert result.output.splitlines()[0] == (
            f"{path}:1: error[byte-order-mark] memory.jsonl: the file starts with a byte order mark (U+FEFF), which "
            "the memory server cannot parse: it reads no line of the graph (fix: save the file as UTF-8 without a BOM; "
            "kgsync build writes it without one)")
    else:
        assert result.output.startswith(f"::error file={path},line=1,title=kgsync lint byte-order-mark::"), result.output


@pytest.mark.parametrize("content", ["", "\n"])
def test_an_emptied_graph_beside_a_manifest_that_records_nodes_fails_lint(example_repo: Path, content: str) -> None:
    # qa31: what a crash of a writer that writes in place leaves (the reference server's writeFile), committed
    # by an agent: kgsync build (and pr) refuses it ("holds no node, but memory.kgsync.json records the nodes
    # of 12 item(s)"), but lint said "0 errors, 0 warnings" of the same file.  An error at line 1, with the
    # build's fix.
    graph = example_repo / "memory.jsonl"
    graph.write_text(content, encoding="utf-8")
    result = run(str(graph))
    assert result.exit_code == 1, result.output
    first = result.output.splitlines()[0]
    assert first.startswith(f"{graph}:1: error[emptied-graph] memory.jsonl: the file holds no node, but "
                            "memory.kgsync.json records the nodes of 12 item(s) in it"), first
    assert "(fix: restore it from git (git checkout -- memory.jsonl)" in first, first
    (example_repo / "memory.kgsync.json").write_text('{"kgsync_manifest": 1, "items": {}}', encoding="utf-8")
    assert run(str(graph)).exit_code == 0  # adopted empty: nothing recorded, nothing lost


def test_a_graph_file_that_is_a_fifo_is_named_so_not_called_missing(tmp_path: Path) -> None:
    # It said "graph file not found" (fix: run `kgsync build` first) of a file that is there.
    fifo = tmp_path / "memory.jsonl"
    os.mkfifo(fifo)
    result = run(str(fifo))
    assert result.exit_code == 2 and "not found" not in result.output, result.output
    assert "not a regular file" in result.output, result.output
