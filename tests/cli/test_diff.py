"""kgsync diff, the command: the PR body or the full report, JSON, --output and --limit, unreadable files."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from kgsync.cli.diff import command
from kgsync.contract import jsonl
from kgsync.contract.model import Graph
from tests.diff.small_graphs import B, BASE, item


def _write(path: Path, graph: Graph) -> Path:
    jsonl.write(path, graph)
    return path


def test_cli_markdown(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    old = _write(tmp_path / "old.jsonl", BASE)
    new = _write(tmp_path / "new.jsonl", Graph(BASE.entities + (item(B, "Beta"),), BASE.relations))
    result = CliRunner().invoke(command, [str(old), str(new)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("**Needs attention**\n")  # the PR body: GitHub shows the title above it
    assert f"- {B} — Beta (new item)" in result.output
    full = CliRunner().invoke(command, [str(old), str(new), "--limit", "0"])
    assert full.output.startswith("## kgsync: knowledge graph update\n")  # the full report: pr.title from the config


def test_cli_json_and_missing_old_file(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    new = _write(tmp_path / "new.jsonl", BASE)
    result = CliRunner().invoke(command, [str(tmp_path / "absent.jsonl"), str(new), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # the data alone on stdout
    assert len(data["entities"]["added"]) == 3 and data["entities"]["removed"] == []
    assert "OLD " in result.stderr and "absent.jsonl does not exist: read as the empty graph" in result.stderr


def test_cli_output_file_and_limit(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    many = Graph(tuple(item(f"2026-01-{i:02d}-x", "T" * 100) for i in range(1, 29)))
    new = _write(tmp_path / "new.jsonl", many)
    out = tmp_path / "body.md"
    result = CliRunner().invoke(command, ["old.jsonl", str(new), "--limit", "3000", "--output", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert len(text) <= 3000 and "**Truncated:**" in text
    assert "report truncated to 3000 characters" in result.stderr
    full = CliRunner().invoke(command, ["old.jsonl", str(new), "--limit", "0"])
    assert "**Truncated:**" not in full.output and len(full.output) > 3000


def test_cli_limit_below_the_notice_is_an_error_naming_the_smallest_limit(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # --limit 1 printed "-" and --limit 50 "> **Truncated:** the full report", the notice cut mid-sentence (qa99).
    monkeypatch.chdir(tmp_path)
    new = _write(tmp_path / "new.jsonl", Graph(tuple(item(f"2026-01-{i:02d}-x", "T" * 100) for i in range(1, 29))))
    said = {}
    for limit in ("1", "50"):
        result = CliRunner().invoke(command, ["old.jsonl", str(new), "--limit", limit])
        assert result.exit_code == 2 and result.stdout == "", (limit, result.output)
        found = re.search(r"kgsync diff: --limit " + limit + r" is below the smallest this report can be cut to, "
                          r"(\d+) characters: its notice alone \(fix: pass --limit (\d+) or more, or --limit 0", result.stderr)
        assert found and found[1] == found[2], result.stderr
        said[limit] = int(found[1])
    smallest = said["1"]
    assert said["50"] == smallest
    shown = CliRunner().invoke(command, ["old.jsonl", str(new), "--limit", str(smallest)])
    assert shown.exit_code == 0 and "**Truncated:**" in shown.stdout and len(shown.stdout) <= smallest + 1, shown.output
    assert shown.stdout.rstrip("\n").endswith("prints the whole report."), shown.stdout  # the notice whole, to its end
    below = CliRunner().invoke(command, ["old.jsonl", str(new), "--limit", str(smallest - 1)])
    assert below.exit_code == 2 and f"smallest this report can be cut to, {smallest} characters" in below.stderr, below.output


def test_cli_title_given_heads_the_pr_body_too(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # The heading was in the full report alone (--limit 0): --title seemed to do nothing (qa99).
    monkeypatch.chdir(tmp_path)
    old = _write(tmp_path / "old.jsonl", BASE)
    new = _write(tmp_path / "new.jsonl", Graph(BASE.entities + (item(B, "Beta"),), BASE.relations))
    result = CliRunner().invoke(command, [str(old), str(new), "--title", "Weekly <graph> update"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("## Weekly &#60;graph&#62; update\n\n**Needs attention**\n"), result.stdout
    untitled = CliRunner().invoke(command, [str(old), str(new)]).stdout
    assert result.stdout.endswith(untitled)
    many = _write(tmp_path / "many.jsonl", Graph(tuple(item(f"2026-01-{i:02d}-x", "T" * 100) for i in range(1, 29))))
    cut = CliRunner().invoke(command, ["old.jsonl", str(many), "--title", "Weekly", "--limit", "5000"])
    assert cut.exit_code == 0 and cut.stdout.startswith("## Weekly\n") and len(cut.stdout) <= 5001, cut.output
    assert "**Truncated:**" in cut.stdout


def test_cli_unreadable_files_exit_2(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type":"entity","name":"x","entityType":"concept","observations":[]}\n{oops\n', encoding="utf-8")
    result = CliRunner().invoke(command, ["missing.jsonl", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:2: not a JSON object" in result.stderr
    (tmp_path / "adir").mkdir()
    result = CliRunner().invoke(command, ["missing.jsonl", "adir"])
    assert result.exit_code == 2 and "is a directory" in result.stderr
    (tmp_path / "latin1.jsonl").write_bytes(b'{"type":"entity","name":"caf\xe9"}')
    result = CliRunner().invoke(command, ["missing.jsonl", "latin1.jsonl"])
    assert result.exit_code == 2 and "latin1.jsonl:1: not UTF-8" in result.stderr
    (tmp_path / "kgsync.yml").write_text("merge: {min_edit_distance: many}\n", encoding="utf-8")
    result = CliRunner().invoke(command, ["missing.jsonl", "missing.jsonl"])
    assert result.exit_code == 2 and "kgsync.yml" in result.stderr


def test_cli_reports_hand_added_content_as_the_build_and_lint_do(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """An agent's entity that breaks a naming rule is a warning of hand-added content to the build,
    the PR and `kgsync lint` (it never blocks); `kgsync diff` called it an error because it linted
    NEW without the manifest beside it that tells kgsync's facts from hand-added ones."""
    import shutil

    from kgsync.contract.model import Entity
    from tests.conftest import EXAMPLE_REPO

    monkeypatch.chdir(tmp_path)
    shutil.copy(EXAMPLE_REPO / "memory.kgsync.json", tmp_path / "new.kgsync.json")
    committed = jsonl.read(EXAMPLE_REPO / "memory.jsonl")
    new = _write(tmp_path / "new.jsonl", Graph(committed.entities + (Entity("zz", "concept", ("an agent's note",)),),
                                               committed.relations))
    result = CliRunner().invoke(command, [str(EXAMPLE_REPO / "memory.jsonl"), str(new), "--format", "json"])
    assert result.exit_code == 0, result.output
    about = [f for f in json.loads(result.output)["findings"] if f["entity"] == "zz"]
    assert about and {f["severity"] for f in about} == {"warning"}
    assert {f["code"] for f in about} <= {"hand-added-content", "stranded-hand-added"}


def test_cli_names_the_line_of_new_for_each_lint_finding(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Schema drift in NEW (an entity type and a relation name outside the contract, added by hand)
    is reported with NEW's file and line, as `kgsync lint` reports it; the diff's "where" column
    was empty, so a reviewer had to hunt for the line."""
    monkeypatch.chdir(tmp_path)
    old = _write(tmp_path / "old.jsonl", BASE)
    new = tmp_path / "new.jsonl"
    new.write_text(old.read_text(encoding="utf-8").rstrip("\n") + "\n"
                   '{"type":"entity","name":"dataset:imagenet","entityType":"dataset","observations":["title: x"]}\n'
                   f'{{"type":"relation","from":"{B}","to":"dataset:imagenet","relationType":"trained_on"}}\n',
                   encoding="utf-8")
    lines = len(new.read_text(encoding="utf-8").splitlines())
    result = CliRunner().invoke(command, [str(old), str(new), "--limit", "0"])
    assert result.exit_code == 0, result.output
    rows = [r for r in result.output.splitlines() if "unknown-entity-type" in r and r.startswith("|")]
    assert rows and rows[0].rstrip(" |").endswith(f"new.jsonl:{lines - 1}"), rows
    rows = [r for r in result.output.splitlines() if "unknown-relation-type" in r and r.startswith("|")]
    assert rows and rows[0].rstrip(" |").endswith(f"new.jsonl:{lines}"), rows


def test_cli_output_path_with_a_trailing_slash_names_a_folder_and_is_refused(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # `-o x/` wrote a file named x (pathlib drops the slash): the user named a folder.
    monkeypatch.chdir(tmp_path)
    old = _write(tmp_path / "old.jsonl", BASE)
    result = CliRunner().invoke(command, [str(old), str(old), "-o", "x/"])
    assert result.exit_code == 2, result.output
    assert "--output" in result.output and "names no file" in result.output and "file path" in result.output
    assert not (tmp_path / "x").exists()


def test_cli_json_writes_bidi_and_c1_controls_as_json_escapes(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # A name or observation holding U+202E (reorders the line a reader sees) or U+009B (a C1 control
    # opening a terminal sequence) reached the terminal raw inside the JSON report.
    monkeypatch.chdir(tmp_path)
    old = _write(tmp_path / "old.jsonl", BASE)
    new = _write(tmp_path / "new.jsonl", Graph(BASE.entities + (item(B, "Beta \u202egnp.exe \u009b2J \x1b[31m"),),
                                               BASE.relations))
    result = CliRunner().invoke(command, [str(old), str(new), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert "\u202e" not in result.stdout and "\u009b" not in result.stdout and "\x1b" not in result.stdout
    assert "\\u202e" in result.stdout and "\\u009b" in result.stdout
    assert "Beta \u202egnp.exe \u009b2J \x1b[31m" in _strings(json.loads(result.stdout))  # lossless


def _strings(data: object) -> str:
    """Every string in a JSON value, joined: what a JSON reader gets back."""
    if isinstance(data, str):
        return data
    values = data.values() if isinstance(data, dict) else data if isinstance(data, list) else ()
    return "\n".join(_strings(value) for value in values)


def test_cli_files_a_relation_added_by_hand_beside_a_merge_under_changes_by_hand(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A research item is merged and, in the same change, a person adds a relation between two
    other items.  The manifest beside NEW credits no item's build with that relation: it is filed
    under "Changes by hand", not as a side effect of the merge ("links a node a merged item created")."""
    import shutil

    from kgsync.contract.model import Relation
    from tests.conftest import EXAMPLE_REPO

    monkeypatch.chdir(tmp_path)
    merged, source, target = ("2026-02-12-evaluating-retrieval-quality", "2026-01-08-mcp-memory-server-evaluation",
                              "2026-01-22-graphrag-community-summaries")
    committed = jsonl.read(EXAMPLE_REPO / "memory.jsonl")
    own = (f"item:{merged}", f"claim:{merged}:")
    old = _write(tmp_path / "old.jsonl", Graph(
        tuple(e for e in committed.entities if not e.name.startswith(own)),
        tuple(r for r in committed.relations if not r.source.startswith(own) and not r.target.startswith(own))))
    by_hand = Relation(f"item:{source}", f"item:{target}", "extends")
    assert by_hand not in committed.relations
    shutil.copy(EXAMPLE_REPO / "memory.kgsync.json", tmp_path / "new.kgsync.json")
    new = _write(tmp_path / "new.jsonl", Graph(committed.entities, committed.relations + (by_hand,)))
    result = CliRunner().invoke(command, [str(old), str(new), "--limit", "0"])
    assert result.exit_code == 0, result.output
    line = f"- `item:{source}` —extends→ `item:{target}`"
    assert result.output.count(line) == 1, result.output
    assert "### Changes by hand" in result.output, result.output
    by_hand_section = result.output.split("### Changes by hand", 1)[1]
    assert line in by_hand_section.split("\n### ", 1)[0], result.output
    assert f"- {merged} — " in result.output  # the merge itself is still a merge


def test_cli_json_marks_the_changes_made_by_hand_as_the_body_does(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The PR body lists the facts the manifests credit no build with under "Changes by hand";
    ``--format json`` listed them as any item's changes, unmarked.  Without a manifest beside either
    graph nothing is told apart, and the report says so (``by_hand`` is null)."""
    import shutil

    from kgsync.contract.model import Entity, Relation
    from tests.conftest import EXAMPLE_REPO

    monkeypatch.chdir(tmp_path)
    committed = jsonl.read(EXAMPLE_REPO / "memory.jsonl")
    source, target = "2026-01-08-mcp-memory-server-evaluation", "2026-01-22-graphrag-community-summaries"
    link = Relation(f"item:{source}", f"item:{target}", "extends")
    note = Entity("concept:agent-note", "concept", ("added by an agent",))
    old = _write(tmp_path / "old.jsonl", committed)
    noted = tuple(Entity(e.name, e.entity_type, e.observations + ("note: read first",)) if e.name == link.target else e
                  for e in committed.entities)
    new = _write(tmp_path / "new.jsonl", Graph(noted + (note,), committed.relations + (link,)))
    result = CliRunner().invoke(command, [str(old), str(new), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["by_hand"] is None  # no manifest: not told apart
    for side in ("old", "new"):
        shutil.copy(EXAMPLE_REPO / "memory.kgsync.json", tmp_path / f"{side}.kgsync.json")
    result = CliRunner().invoke(command, [str(old), str(new), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["by_hand"] == {
        "entities": {"added": ["concept:agent-note"], "removed": []},
        "observations": {"added": [{"name": link.target, "observation": "note: read first"}], "removed": []},
        "relations": {"added": [{"from": link.source, "to": link.target, "relation_type": "extends"}], "removed": []},
    }
    # And the other way: removed by hand, by the old graph's manifest.
    result = CliRunner().invoke(command, [str(new), str(old), "--format", "json"])
    by_hand = json.loads(result.output)["by_hand"]
    assert by_hand["entities"] == {"added": [], "removed": ["concept:agent-note"]}
    assert by_hand["relations"]["removed"] == [{"from": link.source, "to": link.target, "relation_type": "extends"}]


def test_cli_says_which_facts_stay_because_they_were_added_by_hand_first(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """An agent adds a planned study's node and link; its item file, added later, writes them too; the
    file is deleted.  They stay (``Manifest.held``), and the body says why, not as a side effect."""
    from kgsync.contract.model import Entity, Facts, Relation
    from kgsync.graph.merge import merge

    monkeypatch.chdir(tmp_path)
    link = Relation("item:b", "concept:kg", "addresses")

    def wrote(slug: str) -> Facts:
        return Facts(((f"item:{slug}", "research_item"), ("concept:kg", "concept")),
                     ((f"item:{slug}", f"title: {slug}"), ("concept:kg", "alias:kg")),
                     (Relation(f"item:{slug}", "concept:kg", "addresses"),))

    graph, manifest = merge(Graph(), None, {"a": wrote("a")})
    by_hand = Graph(graph.entities + (Entity("item:b", "research_item", ("title: b", "note: planned")),),
                    graph.relations + (link,))
    graph, manifest = merge(by_hand, manifest, {"a": wrote("a"), "b": wrote("b")})
    old = _write(tmp_path / "old.jsonl", graph)
    (tmp_path / "old.kgsync.json").write_text(manifest.dumps(), encoding="utf-8")
    graph, manifest = merge(graph, manifest, {"a": wrote("a")})
    assert link in graph.relations
    new = _write(tmp_path / "new.jsonl", graph)
    (tmp_path / "new.kgsync.json").write_text(manifest.dumps(), encoding="utf-8")
    result = CliRunner().invoke(command, [str(old), str(new), "--limit", "0"])
    assert result.exit_code == 0, result.output
    head = result.output.split("**Needs attention**", 1)[1].split("\n\n**", 1)[0]
    assert "3 facts kept: added by hand before an item wrote them too, and no item writes them now" in head
    assert "item:b: title: b" in head and "item:b -" in head, result.output


def test_cli_says_when_a_manifest_beside_a_graph_is_unreadable(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A manifest beside OLD or NEW that does not read (a hand edit of its ``held`` record, a conflict
    marker) told nothing apart on its side, without a word: the changes by hand were filed as items'."""
    import shutil

    from tests.conftest import EXAMPLE_REPO

    monkeypatch.chdir(tmp_path)
    committed = jsonl.read(EXAMPLE_REPO / "memory.jsonl")
    old = _write(tmp_path / "old.jsonl", committed)
    new = _write(tmp_path / "new.jsonl", Graph(committed.entities[1:], committed.relations))
    shutil.copy(EXAMPLE_REPO / "memory.kgsync.json", tmp_path / "old.kgsync.json")
    text = (EXAMPLE_REPO / "memory.kgsync.json").read_text(encoding="utf-8")
    (tmp_path / "new.kgsync.json").write_text(text.replace('{"kgsync_manifest": 1, ', '{"kgsync_manifest": 1, "held": null, ', 1),
                                              encoding="utf-8")
    for output_format in ("markdown", "json"):
        result = CliRunner().invoke(command, [str(old), str(new), "--format", output_format])
        assert result.exit_code == 0, result.output
        assert "new.kgsync.json: warning: kgsync manifest is unreadable: held must be" in result.stderr, result.stderr
        assert "old.kgsync.json" not in result.stderr


def test_cli_output_naming_a_graph_it_compares_is_refused_and_kept(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # `kgsync diff old.jsonl new.jsonl -o new.jsonl` (a swapped argument) wrote the report over NEW, exit 0:
    # the check of --output knew only kgsync.yml's files, not the graphs the command reads.
    monkeypatch.chdir(tmp_path)
    old = _write(tmp_path / "old.jsonl", BASE)
    new = _write(tmp_path / "new.jsonl", Graph(BASE.entities + (item(B, "Beta"),), BASE.relations))
    manifest = tmp_path / "new.kgsync.json"
    manifest.write_text('{"kgsync_manifest": 1}\n', encoding="utf-8")
    for target, what in ((new, "NEW, the new graph"), (old, "OLD, the old graph"), (manifest, "NEW's manifest")):
        before = target.read_bytes()
        result = CliRunner().invoke(command, [str(old), str(new), "--output", str(target)])
        assert result.exit_code == 2, (target, result.output)
        assert f"--output names a file that is {what}, which this diff reads: not written" in result.output, result.output
        assert "(fix: name another file)" in result.output and target.read_bytes() == before


def test_cli_output_naming_an_item_of_no_config_is_refused_and_kept(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # With no kgsync.yml the items are the default Research/completed/*.md, so an item of
    # `kgsync build --items notes` was no input to --output's check: `kgsync diff old new -o
    # notes/<item>.md` replaced the item with the report. A Markdown file that opens with a YAML
    # frontmatter is an item's form wherever it lies; a report written before is replaced as ever.
    monkeypatch.chdir(tmp_path)
    old = _write(tmp_path / "old.jsonl", BASE)
    new = _write(tmp_path / "new.jsonl", Graph(BASE.entities + (item(B, "Beta"),), BASE.relations))
    (tmp_path / "notes").mkdir()
    target = tmp_path / "notes" / "2026-01-05-an-item.md"
    target.write_text("---\ntitle: An item\n---\n\n# An item\n", encoding="utf-8")
    result = CliRunner().invoke(command, [str(old), str(new), "--output", "notes/2026-01-05-an-item.md"])
    assert result.exit_code == 2, result.output
    assert "--output names a file that is an item file, which the build reads: not written" in result.output, result.output
    assert target.read_text(encoding="utf-8") == "---\ntitle: An item\n---\n\n# An item\n"
    report = tmp_path / "report.md"
    for _ in range(2):
        assert CliRunner().invoke(command, [str(old), str(new), "--output", str(report)]).exit_code == 0
    assert report.read_text(encoding="utf-8").strip()


def test_cli_truncation_notice_names_the_command_that_prints_the_whole_report_not_a_job_summary(
        tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """qa142: `kgsync diff OLD NEW --limit 3000` run in a terminal said "The full report is in the workflow
    run's job summary": the words of the Action's PR body, where there is one; here there is none.  The
    notice names the command that prints the whole report, with the two files given."""
    monkeypatch.chdir(tmp_path)
    many = Graph(tuple(item(f"2026-01-{i:02d}-x", "T" * 100) for i in range(1, 29)))
    new = _write(tmp_path / "new.jsonl", many)
    result = CliRunner().invoke(command, ["old.jsonl", "new.jsonl", "--limit", "3000"])
    assert result.exit_code == 0, result.output
    notice = result.stdout.split("**Truncated:**", 1)[1]
    assert "job summary" not in notice, notice
    assert "`kgsync diff old.jsonl new.jsonl --limit 0`" in notice, notice
    assert new.exists()
