"""kgsync build, the command: what it says it did (would write, wrote, unchanged), a failed item
named by file and line with exit 1, and -q printing errors only."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsync.cli._errors import FAILED
from kgsync.cli.build import command
from tests.item_corpus import item_markdown


def _repo(tmp_path: Path, one_writer: bool = False) -> Path:
    """One item.  ``one_writer``: its theme, which it writes, is a node (``mining.min_links: 1``; by default
    a theme no vocabulary lists needs two items that write it)."""
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    (folder / "2026-01-01-a.md").write_text(item_markdown("Knowledge graphs", question="How?", summary="Graphs help.",
                                                          findings=["Graphs help agents."]), encoding="utf-8")
    if one_writer:
        (tmp_path / "kgsync.yml").write_text("mining: {min_links: 1}\n", encoding="utf-8")
    return tmp_path


def _said(root: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache", *args])
    return result.exit_code, re.sub(r"\(\d+\.\d\d s\)", "(T s)", result.stdout)


def test_dry_run_writes_nothing_then_a_build_writes_then_is_unchanged(tmp_path: Path) -> None:
    root = _repo(tmp_path, one_writer=True)
    graph = root / "memory.jsonl"
    assert _said(root, "--dry-run") == (0, f"1 items -> 3 entities, 2 relations; would write {graph} (T s)\n")
    assert not graph.exists()
    assert _said(root) == (0, f"1 items -> 3 entities, 2 relations; wrote {graph} (T s)\n")
    written = graph.read_bytes()
    assert _said(root) == (0, f"1 items -> 3 entities, 2 relations; unchanged: {graph} (T s)\n")
    assert graph.read_bytes() == written


def test_a_dry_run_over_a_current_graph_says_unchanged_as_a_build_would(tmp_path: Path) -> None:
    # --dry-run answers "what would a build do?": over a graph a build would leave as it is, it said
    # "would write", so a user (or a CI step) could not tell a stale graph from a current one.
    root = _repo(tmp_path, one_writer=True)
    graph = root / "memory.jsonl"
    assert _said(root)[0] == 0
    written = graph.read_bytes()
    assert _said(root, "--dry-run") == (0, f"1 items -> 3 entities, 2 relations; unchanged: {graph} (T s)\n")
    (root / "Research" / "completed" / "2026-01-01-a.md").write_text(
        item_markdown("Knowledge graphs", question="How?", summary="Graphs help.",
                      findings=["Graphs help agents.", "Graphs help people."]), encoding="utf-8")
    code, said = _said(root, "--dry-run")
    assert code == 0 and "; would write " in said
    assert graph.read_bytes() == written  # still nothing written


def test_a_failed_item_is_named_by_line_and_fails_the_build(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    bad = root / "Research" / "completed" / "2026-01-02-b.md"
    bad.write_text("---\ntitle: [unclosed\n---\n", encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == FAILED
    assert result.stderr.splitlines()[0].startswith("Research/completed/2026-01-02-b.md:2: error: malformed frontmatter YAML")  # relative to the root
    assert result.stderr.splitlines()[-1] == "error: 1 item(s) failed and kept their previous nodes"
    assert (root / "memory.jsonl").exists()  # the good item is still built
    quiet = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "-q"])
    assert quiet.exit_code == FAILED and quiet.stdout == ""
    assert "malformed frontmatter YAML" in quiet.stderr


def test_one_item_with_two_errors_is_counted_as_one_failed_item(tmp_path: Path) -> None:
    # Two bad cites entries are two messages about one file: the summary line counts files that
    # failed (each keeps its previous nodes), not messages, or a reader hunts for a second item.
    root = _repo(tmp_path)
    bad = root / "Research" / "completed" / "2026-01-02-b.md"
    bad.write_text(item_markdown("B", extra="cites: [{item: 5}, {findings: x}]\n", findings=["B holds."]),
                   encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == FAILED
    errors = [line for line in result.stderr.splitlines() if line.startswith("Research/completed/2026-01-02-b.md")]
    assert len(errors) == 2
    assert result.stderr.splitlines()[-1] == "error: 1 item(s) failed and kept their previous nodes"


def test_an_out_path_with_a_trailing_slash_names_a_folder_and_is_refused(tmp_path: Path) -> None:
    # `--out x/` wrote a file named `x` (pathlib drops the slash): the user asked for a folder.
    root = _repo(tmp_path)
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--out", str(tmp_path / "x") + "/"])
    assert result.exit_code == 2, result.output
    assert "--out" in result.stderr and "names no file" in result.stderr and "file path" in result.stderr
    assert not (tmp_path / "x").exists() and not (root / "memory.jsonl").exists()


def test_a_hand_added_name_with_a_bidi_override_prints_escaped(tmp_path: Path) -> None:
    # The build's findings on hand-added content repeat the name in their message: no bidi control
    # may reach the terminal or the CI log raw, in either place.
    root = _repo(tmp_path)
    assert _said(root)[0] == 0
    graph = root / "memory.jsonl"
    graph.write_text(graph.read_text(encoding="utf-8").rstrip("\n") + '\n{"type":"entity","name":"concept:exe\u202etxt",'
                     '"entityType":"concept","observations":[]}\n', encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "concept:exe%u202Etxt" in result.stderr and "\u202e" not in result.output


def test_a_graph_outside_the_repository_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    root = _repo(tmp_path / "repo")
    (root / "kgsync.yml").write_text("graph: ../stolen.jsonl\n", encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == 2, result.output
    assert "kgsync.yml:1: graph: '../stolen.jsonl' lies outside the repository" in result.stderr
    assert not (tmp_path / "stolen.jsonl").exists() and not (tmp_path / "stolen.kgsync.json").exists()


def _cite_missing(root: Path, slug: str, missing: str) -> None:
    (root / "Research" / "completed" / f"{slug}.md").write_text(
        item_markdown(f"Item {slug}", extra=f"cites: [{missing}]\n", findings=[f"{slug} holds."]), encoding="utf-8")


def test_only_the_warnings_of_the_items_this_build_changes_are_printed_the_rest_counted(tmp_path: Path) -> None:
    """~90 warnings of old, unchanged items on every run hid the new ones: those are counted, with
    how to list them; errors and --strict are unchanged."""
    root = _repo(tmp_path)
    _cite_missing(root, "2026-01-02-b", "2025-01-01-gone")
    first = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert first.exit_code == 0 and "'2025-01-01-gone'" in first.stderr  # a first build: every item is new
    again = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert again.exit_code == 0 and "2025-01-01-gone" not in again.stderr
    assert again.stderr.splitlines() == [
        "note: 1 warning in 1 item file this build did not change, not shown (list every one: "
        "kgsync build --dry-run --all-warnings)"]
    _cite_missing(root, "2026-01-03-c", "2025-01-01-lost")
    new = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--dry-run"])
    assert "'2025-01-01-lost'" in new.stderr and "2025-01-01-gone" not in new.stderr, new.stderr
    assert "note: 1 warning in 1 item file this build did not change" in new.stderr
    every = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--dry-run", "--all-warnings"])
    assert "2025-01-01-gone" in every.stderr and "'2025-01-01-lost'" in every.stderr and "note:" not in every.stderr
    strict = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--dry-run", "--strict"])
    # --strict fails on any warning, so it names every one.
    assert strict.exit_code == FAILED and "2025-01-01-gone" in strict.stderr and "note:" not in strict.stderr


def test_the_warnings_of_an_item_edited_since_the_last_build_are_printed(tmp_path: Path) -> None:
    """An author edits an item already in the graph (a cite of a missing item, a section heading
    renamed) and builds: the edit moves no node, so the warning was held back as one of an item file
    "this build did not change", and the build said nothing of the file just edited."""
    root = _repo(tmp_path)
    assert _said(root)[0] == 0
    item = root / "Research" / "completed" / "2026-01-01-a.md"
    manifest = root / "memory.kgsync.json"
    edited = item.read_text(encoding="utf-8").replace("## Research Question", "## The question")
    item.write_text(edited.replace("themes:", "cites: [2025-01-01-gone]\nthemes:"), encoding="utf-8")
    later = manifest.stat().st_mtime_ns + 1_000_000_000  # edited after the build wrote the graph
    os.utime(item, ns=(later, later))
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "2026-01-01-a.md:4: warning: cites names '2025-01-01-gone'" in result.stderr, result.stderr
    assert "warning: no 'Research Question' section" in result.stderr and "note:" not in result.stderr
    # Built since: the warnings are the item's old ones, counted, not shown again.
    os.utime(manifest, ns=(later + 1, later + 1))
    again = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert "2025-01-01-gone" not in again.stderr
    assert "note: 2 warnings in 1 item file this build did not change" in again.stderr, again.stderr


def _built_with_a_link_out(tmp_path: Path, name: str, target_name: str, text: str):
    """A repository whose file ``name`` is committed as a link to ``target_name`` (holding ``text``) outside
    it, built once: (the root, the target, the result), the build refused (exit 2)."""
    root = _repo(tmp_path / "repo")
    target = tmp_path / target_name
    target.write_text(text, encoding="utf-8")
    (root / name).symlink_to(target)
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == 2, result.output
    return root, target, result


def test_a_default_graph_linked_outside_the_repository_is_refused(tmp_path: Path) -> None:
    # No `graph:` key, so memory.jsonl: committed as a link to a file outside the checkout, the build
    # (in the job holding the write token) wrote the graph through it, and its manifest beside the
    # link.  `graph:` outside is refused since house22; the default is repository content as much.
    root, target, result = _built_with_a_link_out(tmp_path, "memory.jsonl", "stolen.jsonl", "")
    assert "memory.jsonl" in result.stderr and "outside the repository" in result.stderr and "--out" in result.stderr
    assert target.read_text(encoding="utf-8") == "" and not (root / "memory.kgsync.json").exists()
    # The operator may still write anywhere: --out is the command line's.
    elsewhere = tmp_path / "out.jsonl"
    assert CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--out", str(elsewhere)]).exit_code == 0
    assert elsewhere.read_text(encoding="utf-8") and target.read_text(encoding="utf-8") == ""


def test_a_manifest_linked_outside_the_repository_is_refused(tmp_path: Path) -> None:
    # The graph a file, its manifest (memory.kgsync.json, beside it) committed as a link to a file
    # outside the checkout: the build read the outside file as the manifest and, when facts changed,
    # wrote the new manifest through the link (atomic_write.write_bytes_atomically keeps a link a link).
    root = _repo(tmp_path / "repo")
    assert CliRunner().invoke(command, ["--root", str(root), "--no-cache"]).exit_code == 0
    target = tmp_path / "stolen.json"
    target.write_bytes((root / "memory.kgsync.json").read_bytes())
    (root / "memory.kgsync.json").unlink()
    (root / "memory.kgsync.json").symlink_to(target)
    before = target.read_bytes()
    (root / "Research" / "completed" / "2026-01-02-b.md").write_text(
        item_markdown("Vector stores", question="Why?", summary="Stores help.", findings=["Stores help agents."]),
        encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == 2, result.output
    assert f"{root / 'memory.kgsync.json'}: the graph's manifest is a link to {target}, outside the repository" \
        in result.stderr and "--out" in result.stderr
    assert target.read_bytes() == before


def test_a_graph_that_cannot_be_written_is_an_error_naming_it_not_a_traceback(tmp_path: Path) -> None:
    # In a read-only checkout `kgsync build` ended in mkstemp's OSError (a traceback naming a temp
    # file).  A graph name whose temp file's name is too long fails the same way for root too.
    root = _repo(tmp_path)
    graph = root / ("g" * 240 + ".jsonl")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--out", str(graph)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    [line] = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert line.startswith(f"error: {graph}: cannot write the file") and "(fix: " in line, line
    assert not graph.exists() and not list(root.glob(".g*.tmp"))


def test_a_build_that_rewrites_only_the_manifest_says_so(tmp_path: Path) -> None:
    # "wrote memory.jsonl" was said when the graph kept its bytes and only its manifest was
    # rewritten (here: a manifest whose head lacks the themes record the build writes).
    root = _repo(tmp_path, one_writer=True)
    graph, manifest = root / "memory.jsonl", root / "memory.kgsync.json"
    assert _said(root)[0] == 0
    written = graph.read_bytes()
    recorded = manifest.read_text(encoding="utf-8")
    assert ', "themes": ["knowledge-graphs"]' in recorded
    manifest.write_text(recorded.replace(', "themes": ["knowledge-graphs"]', "", 1), encoding="utf-8")
    assert _said(root, "--dry-run") == (0, f"1 items -> 3 entities, 2 relations; would write {manifest} only; "
                                           f"unchanged: {graph} (T s)\n")
    assert _said(root) == (0, f"1 items -> 3 entities, 2 relations; wrote {manifest} only; unchanged: {graph} (T s)\n")
    assert graph.read_bytes() == written


def _built_with_a_second_item(tmp_path: Path) -> Path:
    """``_repo`` with a second item, 2026-01-02-b, built once."""
    root = _repo(tmp_path)
    (root / "Research" / "completed" / "2026-01-02-b.md").write_text(
        item_markdown("Vector search", question="When?", summary="Vectors help.", findings=["Vectors find text."]),
        encoding="utf-8")
    assert _said(root)[0] == 0
    return root


@pytest.mark.parametrize("name", ["2026-01-01-a.MD", "2026-01-01-a.markdown", "2026-01-01-a.md ", "2026-01-01-a.Md"])
def test_an_item_the_items_glob_misses_by_its_suffix_is_an_error_that_keeps_its_nodes(tmp_path: Path, name: str) -> None:
    # An item saved as .MD (a Windows editor), .markdown, or with a trailing space was read by no
    # build: on its first build it never reached the graph, and a renamed item lost every node,
    # with only "1 item(s) no longer found" to say so; a new one, not a word.
    root = _built_with_a_second_item(tmp_path)
    folder = root / "Research" / "completed"
    graph = root / "memory.jsonl"
    built = graph.read_bytes()
    (folder / "2026-01-01-a.md").rename(folder / name)
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == FAILED, result.output
    assert f"Research/completed/{name}: error: " in result.stderr and "not read" in result.stderr, result.stderr
    assert "2026-01-01-a.md" in result.stderr and "no longer found" not in result.stderr, result.stderr
    assert graph.read_bytes() == built  # the item keeps its nodes, as an item that fails to parse


@pytest.mark.parametrize("name", ["2026-01-01-café.md", "2026-01-01 a.md", "2026-01-03-c.md"])
def test_an_item_renamed_to_a_file_that_fails_keeps_its_nodes(tmp_path: Path, name: str) -> None:
    # A rename reads as a delete and a new file: when the new file fails (a name that is no slug, or
    # YAML broken on the way), the old item's nodes were removed, and the build said the failed
    # items "kept their previous nodes".  While a file fails, no item's nodes are removed.
    root = _built_with_a_second_item(tmp_path)
    folder = root / "Research" / "completed"
    graph, manifest = root / "memory.jsonl", root / "memory.kgsync.json"
    built, recorded = graph.read_bytes(), manifest.read_bytes()
    text = (folder / "2026-01-01-a.md").read_text(encoding="utf-8")
    (folder / "2026-01-01-a.md").unlink()
    (folder / name).write_text(text if name != "2026-01-03-c.md" else text.replace("title:", "title: [", 1),
                               encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == FAILED, result.output
    assert graph.read_bytes() == built and manifest.read_bytes() == recorded
    [line] = [line for line in result.stderr.splitlines() if "no longer found" in line]
    assert "2026-01-01-a" in line and "kept" in line and "removed" not in line and "(fix: " in line, line
    # once the new file reads, the old item goes as a delete does
    (folder / name).unlink()
    (folder / "2026-01-03-c.md").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "removed their nodes: 2026-01-01-a" in result.stderr, result.stderr


@pytest.mark.parametrize("out", ["kgsync.yml", "Research/completed/2026-01-01-a.md", "memory.kgsync.json"])
def test_out_naming_a_file_the_build_reads_is_refused_and_the_file_kept(tmp_path: Path, out: str) -> None:
    # `graph:` in kgsync.yml naming an input was refused at its line (qa25); `--out` (and `kgsync pr
    # --graph`, the Action's graph input) was not: an empty kgsync.yml (all its keys are optional) was
    # read as an empty graph and replaced by the graph; another input gave a screen of "not a JSON object".
    root = _repo(tmp_path)
    assert _said(root)[0] == 0
    (root / "kgsync.yml").write_text("", encoding="utf-8")
    before = {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--out", str(root / out)])
    assert result.exit_code == 2, result.output
    assert "which the build reads" in result.stderr and "not a JSON object" not in result.stderr, result.stderr
    assert {path: path.read_bytes() for path in root.rglob("*") if path.is_file()} == before


def test_a_deleted_item_whose_facts_stay_as_held_by_hand_says_so(example_repo: Path) -> None:
    """Facts the manifest holds by hand (``held``: in the graph before an item wrote them too) stay when
    the item goes.  The build said only "removed their nodes" of the item, whose node and title stayed:
    the PR body and `kgsync diff` list the kept facts, the build did not."""
    import json

    slug = "2026-01-05-agent-memory-architectures"
    manifest = example_repo / "memory.kgsync.json"
    lines = manifest.read_text(encoding="utf-8").split("\n")
    own = json.loads(next(line for line in lines if line.startswith(f'"{slug}"')).split(": ", 1)[1].rstrip(","))
    held = {"entities": own["entities"][:1], "observations": own["observations"][:1]}
    lines[0] = lines[0].replace('{"kgsync_manifest": 1, ', f'{{"kgsync_manifest": 1, "held": {json.dumps(held)}, ', 1)
    manifest.write_text("\n".join(lines), encoding="utf-8")
    (example_repo / "Research" / "completed" / f"{slug}.md").unlink()
    for dry in (("--dry-run",), ()):
        result = CliRunner().invoke(command, ["--root", str(example_repo), "--no-cache", *dry])
        assert result.exit_code == 0, result.output
        assert f"item(s) no longer found; {'would remove' if dry else 'removed'} their nodes: {slug}" in result.stderr
        assert "2 facts kept: added by hand before an item wrote them too, and no item writes them now: " \
               f"item:{slug} (research_item); item:{slug}: " in result.stderr, result.stderr
    assert f'"item:{slug}"' in (example_repo / "memory.jsonl").read_text(encoding="utf-8")


def test_a_missing_graph_beside_its_manifest_is_said_by_a_dry_run_and_by_the_build(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    assert _said(root)[0] == 0
    (root / "memory.jsonl").unlink()
    for args in (["--dry-run"], []):
        result = CliRunner().invoke(command, ["--root", str(root), "--no-cache", *args])
        assert result.exit_code == 0, result.output
        [line] = [line for line in result.stderr.splitlines() if "memory.jsonl is missing" in line]
        assert line.startswith(f"{root / 'memory.jsonl'}: warning: ") and "(fix: " in line, line
    assert (root / "memory.jsonl").is_file()
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "-q"])
    assert result.exit_code == 0 and "missing" not in result.output


def test_a_veto_file_linked_out_of_the_repository_stops_the_build(tmp_path: Path) -> None:
    # kgsync-veto.yml committed as a link to a file of the runner's disk: read into the build, its
    # keys echoed by error messages.  Refused as a linked item file is, before anything is written.
    root, secret, result = _built_with_a_link_out(tmp_path, "kgsync-veto.yml", "secret.yml", "token: abc\n")
    assert f"{root / 'kgsync-veto.yml'}: a symbolic link leads out of the repository (to {secret})" in result.stderr
    assert "token" not in result.stderr and not (root / "memory.jsonl").exists()


def test_a_veto_naming_no_claim_is_shown_when_no_item_changed(tmp_path: Path) -> None:
    # The veto file's warning was held back with the unchanged items' ("note: 1 warning in 1 item
    # file this build did not change"): a typo in a veto was hidden, and miscalled an item file.
    root = _repo(tmp_path)
    assert CliRunner().invoke(command, ["--root", str(root), "--no-cache"]).exit_code == 0
    (root / "kgsync-veto.yml").write_text("vetoed:\n  - from: claim:2026-01-01-a:typo\n"
                                          "    to: claim:2026-01-01-a:other\n", encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == 0, result.output
    assert "kgsync-veto.yml:2: warning: this veto names claim:2026-01-01-a:typo" in result.stderr
    assert "note:" not in result.stderr


def test_every_spelling_of_the_items_folder_builds_the_same_bytes_and_says_no_dot_dot(
        example_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--items ../x` printed `/cwd/../x/<item>.md` and the manifest kept that spelling in its evidence
    locations, while `--items /abs/x` wrote another manifest: the same items, named from the working
    directory through `..`, absolutely, or through a linked folder, give byte-identical files, and the
    messages and the manifest name each file by its real path (outside the repository: absolute)."""
    items = tmp_path / "notes"
    (example_repo / "Research" / "completed").rename(items)
    (items / "README.md").write_text("No frontmatter: a notice names this file.\n", encoding="utf-8")
    (tmp_path / "linked").symlink_to(tmp_path, target_is_directory=True)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    written: list[tuple[bytes, bytes, str]] = []
    for n, spelling in enumerate(("../notes", str(items), str(tmp_path / "linked" / "notes"), "../work/../notes/")):
        result = CliRunner().invoke(command, ["--no-cache", "--items", spelling, "--out", f"../work/g{n}.jsonl"])
        assert result.exit_code == 0, result.output
        said = result.output.replace(f"g{n}.jsonl", "g.jsonl")
        written.append(((work / f"g{n}.jsonl").read_bytes(), (work / f"g{n}.kgsync.json").read_bytes(),
                        re.sub(r"\(\d+\.\d\d s\)", "(T s)", said)))
        assert "/../" not in said and "/linked/" not in said, said
        assert f"{items.resolve().as_posix()}/README.md:1: notice" in said, said
        assert f"wrote {(work / 'g.jsonl').as_posix()} " in said, said
    assert len(set(written)) == 1
    assert f'"{items.resolve().as_posix()}/2026-01-29-hybrid-retrieval-bm25-dense.md:79"' in written[0][1].decode()


def test_a_vocabulary_file_kgsync_yml_names_that_does_not_exist_stops_the_build_at_its_line(tmp_path: Path) -> None:
    # `vocabulary: kgsync-vocabulary.yml` (a typo) was read as an empty vocabulary, silently: the maintainers'
    # pins, merges and stoplist, and the vetoes beside them, all dropped (themes_vocabulary's missing file is
    # refused).  Nothing is written.
    root = _repo(tmp_path)
    (root / "kgsync.yml").write_text("graph: memory.jsonl\nvocabulary: kgsync-vocabulary.yml\n", encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache"])
    assert result.exit_code == 2, result.output
    assert f"{root / 'kgsync.yml'}:2: vocabulary: 'kgsync-vocabulary.yml': no such file" in result.stderr
    assert not (root / "memory.jsonl").exists()
    (root / "kgsync.yml").write_text("graph: memory.jsonl\n", encoding="utf-8")  # the default name, absent: built
    assert CliRunner().invoke(command, ["--root", str(root), "--no-cache"]).exit_code == 0


@pytest.mark.parametrize(("config", "out"), [("", "memory.kgsync.json"), ("", "notes.kgsync.json"),
                                             ("graph: kg/graph.jsonl\n", "kg/graph.kgsync.json"),
                                             ("graph: kg/graph.jsonl\n", "memory.kgsync.json")])
def test_out_naming_a_manifest_is_refused_before_any_build_wrote_one(tmp_path: Path, config: str, out: str) -> None:
    # Refused only once the manifest existed: in a fresh repository `--out memory.kgsync.json` wrote a
    # graph at the default graph's manifest and that graph's manifest at memory.kgsync.kgsync.json, and
    # the next plain build read the graph file as its manifest (qa99).
    root = _repo(tmp_path)
    (root / "kgsync.yml").write_text(config, encoding="utf-8")
    before = {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--out", str(root / out)])
    assert result.exit_code == 2, result.output
    assert str(root / out) in result.stderr and "names a graph's manifest" in result.stderr, result.stderr
    assert "(fix: name the graph file, such as memory.jsonl" in result.stderr, result.stderr
    assert {path: path.read_bytes() for path in root.rglob("*") if path.is_file()} == before


def test_a_cites_mapping_entry_naming_no_item_is_warned_once(tmp_path: Path) -> None:
    # Warned twice: "cites names '…', which is not an item here" (the corpus check) and "cites: entry {item: …}
    # names …, which is no item: no link" (the evidence plan) (qa85).
    root = _repo(tmp_path)
    entry = "cites:\n  - {item: 2026-09-09-nothing, findings: [1], stance: supports, from: 1}\n"
    (root / "Research" / "completed" / "2026-02-01-b.md").write_text(
        item_markdown("Later graphs", extra=entry, question="Why?", summary="Graphs still help.",
                      findings=["Graphs help agents recall."]), encoding="utf-8")
    result = CliRunner().invoke(command, ["--root", str(root), "--no-cache", "--all-warnings"])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if "2026-09-09-nothing" in line]
    assert len(said) == 1 and "cites names '2026-09-09-nothing'" in said[0], said


def test_a_cache_dir_naming_the_manifest_before_it_exists_is_refused_and_nothing_is_made(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    result = CliRunner().invoke(command, ["--root", str(root), "--cache-dir", str(root / "memory.kgsync.json")])
    assert result.exit_code == 2, result.output
    assert "--cache-dir" in result.stderr and "is the graph's manifest's name" in result.stderr
    assert not (root / "memory.kgsync.json").exists() and not (root / "memory.jsonl").exists()
