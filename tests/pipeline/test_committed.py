"""Tests of kgsync.pipeline.committed: the committed graph and manifest a build merges into."""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import stat
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from kgsync.read import config as config_module
from kgsync.contract import atomic_write, jsonl
from kgsync.cli.main import cli
from kgsync.contract.errors import GraphFormatError, KgsyncError
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.read.items import IssueSeverity, find_item_files
from kgsync.graph.manifest import manifest_path
from kgsync.pipeline import stages
from kgsync.pipeline.cache import state as build_state
from kgsync.pipeline.stages import build
from kgsync.serve.write import create_entities
from tests.item_corpus import item_markdown
from tests.pipeline.build_files import items_dir


def test_a_failed_item_keeps_the_edges_other_items_have_to_it(repo: Path) -> None:
    # Its nodes stay, so do the extends edges of the items that cite or link it (and no
    # "not an item here" warning for them): one broken file changes nothing but itself.
    cfg = config_module.load(repo)
    first = build(cfg)
    incoming = Counter(r.target for r in first.graph.relations if r.relation_type == "extends")
    target, _ = incoming.most_common(1)[0]
    victim = items_dir(repo) / f"{target[len('item:'):]}.md"
    victim.write_bytes(victim.read_bytes().replace(b"---\n", b"---\ntitle: [broken\n", 1))
    result = build(cfg)
    assert [i.location.path for i in result.issues if i.severity is IssueSeverity.ERROR] == [
        f"Research/completed/{victim.name}"]
    assert not [i for i in result.issues if "not an item here" in i.message]
    edges = {r for r in first.graph.relations if r.target == target}
    assert edges and edges <= set(result.graph.relations)
    assert result.manifest.by_item[victim.stem] == first.manifest.by_item[victim.stem]


_CITED = item_markdown("Knowledge graphs", completed="2026-01-01", question="How?", summary="Graphs help.",
                       findings=["Graphs help agents recall work.", "Canonical names keep one node per idea in the graph."])


def _citing_repo(tmp_path: Path, cached: bool) -> tuple[config_module.Config, Path, Path]:
    """Two items: b's finding builds on a's Key Finding 2 (a claim→claim ``extends``).
    Returns (the configuration, a's file, the graph file)."""
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    (folder / "2026-01-01-a.md").write_text(_CITED, encoding="utf-8")
    (folder / "2026-01-02-b.md").write_text(item_markdown(
        "Entity resolution", completed="2026-01-02", question="Which?", summary="Resolution helps.",
        extra="cites: [2026-01-01-a]\n",
        findings=["Entity resolution merges variants, building on Key Finding 2 of `2026-01-01-a`."]), encoding="utf-8")
    cfg = config_module.load(tmp_path)
    return (cfg if cached else cfg.with_overrides(cache_dir="")), folder / "2026-01-01-a.md", tmp_path / "memory.jsonl"


_LINK = Relation("claim:2026-01-02-b:entity-resolution-merges-variants", "claim:2026-01-01-a:canonical-names-keep-one",
                 "extends")


@pytest.mark.parametrize("cached", [True, False])
def test_an_item_that_fails_keeps_the_links_other_items_make_to_its_findings(tmp_path: Path, cached: bool) -> None:
    # Its findings are not read while it fails, so b's link to its Key Finding 2 was dropped, and came
    # back once it read again: one item's failure changed another's output.  b's links to it are now
    # those the committed manifest records, while b still writes the sentence: the same graph.
    cfg, cited, graph = _citing_repo(tmp_path, cached)
    first = build(cfg)
    assert _LINK in first.graph.relations
    built, recorded = graph.read_bytes(), manifest_path(graph).read_bytes()
    cited.write_text(_CITED.replace("---\n", "---\ntitle: [broken\n", 1), encoding="utf-8")
    failed = build(cfg)
    assert [i.location.path for i in failed.issues if i.severity is IssueSeverity.ERROR] == [
        "Research/completed/2026-01-01-a.md"]
    assert graph.read_bytes() == built and manifest_path(graph).read_bytes() == recorded
    cited.write_text(_CITED, encoding="utf-8")
    build(cfg)
    assert graph.read_bytes() == built and manifest_path(graph).read_bytes() == recorded


def test_a_failed_item_s_links_keep_the_findings_they_cite_as_claims(tmp_path: Path) -> None:
    # b cites a's Key Finding 6, beyond the cap of 4 claims an item states: a states it as a claim because
    # b's link requires it.  With b's file broken, b's link was kept but no longer required the claim: the
    # link dangled, and the build failed on it, writing nothing.
    cfg, cited, graph = _citing_repo(tmp_path, cached=False)
    findings = [f"Finding number {n} of the graph study about {word}." for n, word in
                enumerate(("recall", "names", "merges", "aliases", "ranking", "provenance"), 1)]
    cited.write_text(item_markdown("Knowledge graphs", completed="2026-01-01", question="How?", summary="Graphs help.",
                                   findings=findings), encoding="utf-8")
    citing = cited.parent / "2026-01-02-b.md"
    citing.write_text(citing.read_text(encoding="utf-8").replace("Key Finding 2", "Key Finding 6"), encoding="utf-8")
    first = build(cfg)
    assert [r for r in first.graph.relations if r.source.startswith("claim:2026-01-02-b:")
            and r.target.startswith("claim:2026-01-01-a:finding-number-6")]
    built, recorded = graph.read_bytes(), manifest_path(graph).read_bytes()
    citing.write_text(citing.read_text(encoding="utf-8").replace("---\n", "---\ntitle: [broken\n", 1), encoding="utf-8")
    failed = build(cfg)
    assert [i.location.path for i in failed.issues if i.severity is IssueSeverity.ERROR] == [
        "Research/completed/2026-01-02-b.md"]
    assert graph.read_bytes() == built and manifest_path(graph).read_bytes() == recorded


def test_a_link_to_a_failed_item_goes_when_its_sentence_does(tmp_path: Path) -> None:
    # What b writes still decides b's links: its sentence gone, the link to the failed item goes too.
    cfg, cited, graph = _citing_repo(tmp_path, cached=True)
    build(cfg)
    cited.write_text(_CITED.replace("---\n", "---\ntitle: [broken\n", 1), encoding="utf-8")
    citing = cited.parent / "2026-01-02-b.md"
    citing.write_text(citing.read_text(encoding="utf-8").replace(", building on Key Finding 2 of `2026-01-01-a`", ""),
                      encoding="utf-8")
    result = build(cfg)
    assert _LINK not in result.graph.relations
    assert not [r for r in result.graph.relations if r.source.startswith("claim:2026-01-02-b:")
                and r.target.startswith("claim:2026-01-01-a:")]


@pytest.mark.parametrize("name", ["2026-01-01-café.md", "2026-01-01 a.md", "2026-01-03-c.md"])
def test_an_item_held_back_keeps_the_links_other_items_make_to_its_findings(tmp_path: Path, name: str) -> None:
    # Renamed to a file that fails, the item keeps its nodes (held back: its file is gone while a file
    # fails); the links b makes to its findings stay with them.
    cfg, cited, graph = _citing_repo(tmp_path, cached=False)
    build(cfg)
    built, recorded = graph.read_bytes(), manifest_path(graph).read_bytes()
    cited.unlink()
    (cited.parent / name).write_text(_CITED.replace("title:", "title: [", 1) if name == "2026-01-03-c.md" else _CITED,
                                     encoding="utf-8")
    result = build(cfg)
    assert [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert _LINK in result.graph.relations
    assert graph.read_bytes() == built and manifest_path(graph).read_bytes() == recorded


_NAMING = item_markdown("Incident reporting for agent failures", completed="2026-01-01",
                        question="How should teams do incident reporting for agent failures?",
                        summary="Incident reporting catches agent failures early.",
                        findings=["Incident reporting within a day shortens agent outages."])
_MERGED = item_markdown("Cyber incident reporting rules", completed="2026-01-02",
                        question="What do regulators want from cyber incident reporting?",
                        summary="Cyber incident reporting is mandatory for banks.",
                        findings=["Cyber incident reporting must reach the regulator within 72 hours."])


@pytest.mark.parametrize("cached", [True, False])
def test_a_failing_item_s_term_forms_keep_counting_in_the_shared_vocabulary(tmp_path: Path, cached: bool) -> None:
    # a names "incident reporting"; b's "cyber incident reporting" merges into it.  With a's file broken,
    # a's vocabulary share (its rows of the terms it chooses, its acronym pairs: the manifest's
    # ``vocabulary_share``) counts in its place: b's term still merges into a's, and b writes no alias of
    # its own; nothing another item writes changes.
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    naming = folder / "2026-01-01-a.md"
    naming.write_text(_NAMING, encoding="utf-8")
    (folder / "2026-01-02-b.md").write_text(_MERGED, encoding="utf-8")
    cfg = config_module.load(tmp_path)
    cfg = cfg if cached else cfg.with_overrides(cache_dir="")
    graph = tmp_path / "memory.jsonl"
    first = build(cfg)
    assert [e.observations for e in first.graph.entities if e.name == "method:incident-reporting"] == [
        ("alias:incident reporting",)]
    built, recorded = graph.read_bytes(), manifest_path(graph).read_bytes()
    naming.write_text(_NAMING.replace("---\n", "---\ntitle: [broken\n", 1), encoding="utf-8")
    failed = build(cfg)
    assert [i.location.path for i in failed.issues if i.severity is IssueSeverity.ERROR] == [
        "Research/completed/2026-01-01-a.md"]
    assert graph.read_bytes() == built
    assert manifest_path(graph).read_bytes() == recorded  # a's line, its share too, copied unchanged
    naming.write_text(_NAMING, encoding="utf-8")
    build(cfg)
    assert graph.read_bytes() == built and manifest_path(graph).read_bytes() == recorded


def test_a_failing_item_in_a_manifest_without_shares_counts_nothing_as_before(tmp_path: Path) -> None:
    # A manifest written before the field (no ``vocabulary_share`` on a's line): the build reads it, a keeps
    # its facts, and its forms leave the vocabulary as they did then (b writes its own form as an alias).
    folder = tmp_path / "Research" / "completed"
    folder.mkdir(parents=True)
    naming = folder / "2026-01-01-a.md"
    naming.write_text(_NAMING, encoding="utf-8")
    (folder / "2026-01-02-b.md").write_text(_MERGED, encoding="utf-8")
    cfg = config_module.load(tmp_path).with_overrides(cache_dir="")
    graph = tmp_path / "memory.jsonl"
    first = build(cfg)
    manifest = manifest_path(graph)
    manifest.write_text(replace(first.manifest, shares={}).dumps(), encoding="utf-8")
    naming.write_text(_NAMING.replace("---\n", "---\ntitle: [broken\n", 1), encoding="utf-8")
    failed = build(cfg)
    assert failed.manifest.by_item["2026-01-01-a"] == first.manifest.by_item["2026-01-01-a"]
    assert "2026-01-01-a" not in failed.manifest.shares
    assert "alias:cyber incident reporting" in failed.graph.entity("method:incident-reporting").observations


def _written_files(repo: Path) -> dict[str, bytes]:
    """The graph's folder's graph and manifest files, temp files included."""
    folder = config_module.load(repo).graph_file().parent
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name.startswith(("memory.", ".memory."))}


def test_a_manifest_that_fails_to_encode_leaves_both_files_as_they_were(repo: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # The graph's temp file is written in a thread while the manifest is encoded: an error in the
    # encoding renames nothing into place and leaves no temp file behind.
    build(config_module.load(repo))
    before = _written_files(repo)
    assert sorted(before) == ["memory.jsonl", "memory.kgsync.json"]
    next(items_dir(repo).glob("*.md")).unlink()  # the graph and the manifest change

    def failing(self: Any) -> list[bytes]:
        raise RuntimeError("encoding failed")

    monkeypatch.setattr(stages.Manifest, "encoded", failing)
    with pytest.raises(RuntimeError, match="encoding failed"):
        build(config_module.load(repo))
    assert _written_files(repo) == before


def test_a_graph_that_fails_to_write_leaves_the_manifest_and_no_temp_file(repo: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    build(config_module.load(repo))
    before = _written_files(repo)
    next(items_dir(repo).glob("*.md")).unlink()
    staged = atomic_write.stage_bytes

    def failing(path: Path, data: Any, compare: bool = True) -> Any:
        if path.suffix == ".jsonl":
            raise GraphFormatError("cannot write the file: disk full")
        return staged(path, data, compare)

    monkeypatch.setattr(atomic_write, "stage_bytes", failing)
    with pytest.raises(GraphFormatError, match="disk full"):
        build(config_module.load(repo))
    assert _written_files(repo) == before
    # and without the failure, both are rewritten
    monkeypatch.setattr(atomic_write, "stage_bytes", staged)
    build(config_module.load(repo))
    after = _written_files(repo)
    assert sorted(after) == sorted(before) and all(after[name] != before[name] for name in before)


@pytest.mark.parametrize("late", [".jsonl", ".json"])
def test_the_files_written_do_not_depend_on_which_is_staged_first(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  late: str) -> None:
    # The graph is staged in a thread beside the manifest: whichever finishes last, the same bytes, the
    # same files said changed, in the same order.
    expected = build(config_module.load(repo))
    written = _written_files(repo)
    for path in (repo / "memory.jsonl", repo / "memory.kgsync.json"):
        path.unlink()
    staged = atomic_write.stage_bytes

    def slow(path: Path, data: Any, compare: bool = True) -> Any:
        if path.suffix == late:
            time.sleep(0.2)
        return staged(path, data, compare)

    monkeypatch.setattr(atomic_write, "stage_bytes", slow)
    again = build(config_module.load(repo))
    assert _written_files(repo) == written
    assert again.changed_files == expected.changed_files and [p.name for p in again.changed_files] == [
        "memory.jsonl", "memory.kgsync.json"]


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt, as in a terminal, whatever this process inherited: a shell without
    job control starts background commands with SIGINT ignored, and Python then leaves it ignored."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def _interrupt_main() -> None:
    """Ctrl-C, as the terminal sends it: SIGINT to the main thread, which raises KeyboardInterrupt there."""
    signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)


def _graph_threads_ended() -> None:
    for thread in threading.enumerate():
        if thread.name.startswith("kgsync-graph-write"):
            thread.join()


def test_ctrl_c_while_the_graph_is_staged_leaves_no_temp_file(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                                               ctrl_c_raises: None) -> None:
    # The manifest is staged; the build waits for the graph's thread, and the user presses Ctrl-C.
    build(config_module.load(repo))
    before = _written_files(repo)
    next(items_dir(repo).glob("*.md")).unlink()
    staged = atomic_write.stage_bytes
    manifest_staged = threading.Event()

    def ctrl_c_before_the_graph(path: Path, data: Any, compare: bool = True) -> Any:
        if path.suffix == ".jsonl":
            manifest_staged.wait(5)
            time.sleep(0.3)  # the build is past the manifest's staging, waiting for this thread
            _interrupt_main()
            time.sleep(0.2)  # the graph's write and fsync go on
        result = staged(path, data, compare)
        if path.suffix == ".json":
            manifest_staged.set()
        return result

    monkeypatch.setattr(atomic_write, "stage_bytes", ctrl_c_before_the_graph)
    with pytest.raises(KeyboardInterrupt):
        build(config_module.load(repo))
    _graph_threads_ended()
    assert _written_files(repo) == before


def test_ctrl_c_between_the_renames_renames_both_or_neither(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                                            ctrl_c_raises: None) -> None:
    build(config_module.load(repo))
    before = _written_files(repo)
    next(items_dir(repo).glob("*.md")).unlink()
    commit = atomic_write.Staged.commit

    def ctrl_c_after_the_graph(self: atomic_write.Staged) -> None:
        commit(self)
        if self.path.suffix == ".jsonl":
            _interrupt_main()

    monkeypatch.setattr(atomic_write.Staged, "commit", ctrl_c_after_the_graph)
    with pytest.raises(KeyboardInterrupt):
        build(config_module.load(repo))
    after = _written_files(repo)
    assert sorted(after) == sorted(before)  # no temp file
    changed = sorted(name for name in before if after[name] != before[name])
    assert changed in ([], sorted(before)), f"only {changed} renamed into place"


def _manifest_rename_fails(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The manifest's rename into place fails after the graph's succeeded: ``replace``, os.replace raises
    for it; ``folder``, a real one: a folder takes the manifest's name once it is staged (EISDIR)."""
    if how == "replace":
        replace = os.replace

        def failing(src: Any, dst: Any, **kwargs: Any) -> None:
            if Path(dst).name == "memory.kgsync.json":
                raise OSError(errno.EIO, "Input/output error")
            replace(src, dst, **kwargs)

        monkeypatch.setattr(os, "replace", failing)
        return
    staged = atomic_write.stage_bytes

    def then_a_folder(path: Path, data: Any, compare: bool = True) -> Any:
        result = staged(path, data, compare)
        if path.name == "memory.kgsync.json":
            path.unlink(missing_ok=True)
            (path / "in-the-way").mkdir(parents=True)
        return result

    monkeypatch.setattr(atomic_write, "stage_bytes", then_a_folder)


@pytest.mark.parametrize("how", ["replace", "folder"])
def test_a_manifest_that_fails_to_rename_puts_the_old_graph_back(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 how: str) -> None:
    # The graph renamed into place alone sat beside the old manifest, which the next build trusted
    # as the record of what it holds.  Now both or neither, and no temp file left.
    build(config_module.load(repo))
    graph = repo / "memory.jsonl"
    before, graph_stat = _written_files(repo), graph.stat()
    next(items_dir(repo).glob("*.md")).unlink()  # the graph and the manifest change
    _manifest_rename_fails(how, monkeypatch)
    with pytest.raises(GraphFormatError) as caught:
        build(config_module.load(repo))
    assert "memory.kgsync.json: cannot write the file" in caught.value.render()
    assert graph.read_bytes() == before["memory.jsonl"]
    assert graph.stat().st_ino == graph_stat.st_ino  # the very file, not a copy
    assert sorted(p.name for p in repo.iterdir() if p.name.startswith(".memory")) == []
    if how == "replace":
        assert _written_files(repo) == before


@pytest.mark.parametrize("how", ["replace", "folder"])
def test_a_first_build_whose_manifest_fails_to_rename_leaves_no_graph(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                                                      how: str) -> None:
    _manifest_rename_fails(how, monkeypatch)
    with pytest.raises(GraphFormatError, match="cannot write the file"):
        build(config_module.load(repo))
    assert not (repo / "memory.jsonl").exists()
    assert sorted(p.name for p in repo.iterdir() if p.name.startswith(".memory")) == []


def test_without_hard_links_the_old_graph_is_put_back_from_a_copy(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # With its mode: the copy was a mkstemp file (0600) and copyfile copies bytes only, so a graph the group
    # could read (0640) came back the owner's alone, though every write keeps the graph's mode.
    build(config_module.load(repo))
    (repo / "memory.jsonl").chmod(0o640)
    before = _written_files(repo)
    next(items_dir(repo).glob("*.md")).unlink()

    def no_links(src: Any, dst: Any, **kwargs: Any) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    _manifest_rename_fails("replace", monkeypatch)
    with pytest.raises(GraphFormatError, match="cannot write the file"):
        build(config_module.load(repo))
    assert _written_files(repo) == before
    assert oct(stat.S_IMODE((repo / "memory.jsonl").stat().st_mode)) == oct(0o640)


def test_an_old_graph_that_cannot_be_kept_aside_leaves_both_files_as_they_were(repo: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # No hard links and no room for a copy (a full disk): nothing is renamed, no temp file stays.
    build(config_module.load(repo))
    before = _written_files(repo)
    next(items_dir(repo).glob("*.md")).unlink()

    def fails(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "link", fails)
    monkeypatch.setattr(shutil, "copyfile", fails)
    with pytest.raises(GraphFormatError, match="memory.jsonl: cannot write the file: No space left on device"):
        build(config_module.load(repo))
    assert _written_files(repo) == before


@pytest.mark.parametrize("linked", [False, True])
def test_an_old_graph_that_cannot_be_put_back_is_kept_and_named(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                                                linked: bool) -> None:
    # The manifest's rename fails, then so does the graph's way back: the old graph's only copy stays,
    # and the error says where it is and how to put it back.  A graph committed as a link to a file in the
    # repository is written through the link: the old graph goes back to that file, and the link stays
    # (an mv over the link made it a file, and the linked file kept the new graph).
    if linked:
        (repo / "data").mkdir()
        (repo / "memory.jsonl").symlink_to(Path("data") / "graph.jsonl")
    target = repo / "data" / "graph.jsonl" if linked else repo / "memory.jsonl"
    build(config_module.load(repo))
    before = target.read_bytes()
    next(items_dir(repo).glob("*.md")).unlink()
    replace = os.replace

    def failing(src: Any, dst: Any, **kwargs: Any) -> None:
        if Path(dst).name == "memory.kgsync.json" or str(src).endswith(".old"):
            raise OSError(errno.EIO, "Input/output error")
        replace(src, dst, **kwargs)

    monkeypatch.setattr(os, "replace", failing)
    with pytest.raises(GraphFormatError) as caught:
        build(config_module.load(repo))
    rendered = caught.value.render()
    kept = [p for p in target.parent.iterdir() if p.name.startswith(f".{target.name}.") and p.name.endswith(".old")]
    assert len(kept) == 1 and kept[0].read_bytes() == before
    assert rendered.startswith(f"{repo / 'memory.jsonl'}: the new graph is in place but its manifest is not")
    assert f"mv {kept[0]} {target}" in rendered, rendered


def test_a_lost_manifest_is_refused_before_anything_is_written(repo: Path) -> None:
    # Without it every generated fact would count as hand-added: an edited title would then
    # appear twice.  Refuse, and say how to recover.
    cfg = config_module.load(repo)
    build(cfg)
    graph_before = (repo / "memory.jsonl").read_bytes()
    manifest_path(repo / "memory.jsonl").unlink()
    with pytest.raises(GraphFormatError, match="memory.kgsync.json is missing") as caught:
        build(cfg)
    assert "git checkout -- memory.kgsync.json" in caught.value.render()
    assert (repo / "memory.jsonl").read_bytes() == graph_before
    result = CliRunner().invoke(cli, ["build", "--root", str(repo)])
    assert result.exit_code == 2 and "memory.kgsync.json is missing" in result.output
    # The other way out the message names: adopt the graph as it is, every node as hand-added.
    empty = '{"kgsync_manifest": 1, "items": {}}'
    assert empty in caught.value.render()
    manifest_path(repo / "memory.jsonl").write_text(empty, encoding="utf-8")
    adopted = build(cfg)
    assert {e.name for e in jsonl.loads(graph_before.decode("utf-8")).entities} <= {e.name for e in adopted.graph.entities}


@pytest.mark.parametrize("left", ["", "\n\n"])
def test_an_emptied_graph_beside_its_manifest_is_refused(repo: Path, left: str) -> None:
    # The reference server writes memory.jsonl in place (no rename): a crash leaves it empty.  The
    # next build rebuilt it from the items without a word, and every hand-added fact was gone.
    cfg = config_module.load(repo)
    build(cfg)
    (repo / "memory.jsonl").write_text(left, encoding="utf-8")
    manifest_before = manifest_path(repo / "memory.jsonl").read_bytes()
    with pytest.raises(GraphFormatError) as caught:
        build(cfg)
    rendered = caught.value.render()
    assert "memory.jsonl: " in rendered and "git checkout -- memory.jsonl" in rendered, rendered
    assert (repo / "memory.jsonl").read_text(encoding="utf-8") == left
    assert manifest_path(repo / "memory.jsonl").read_bytes() == manifest_before
    result = CliRunner().invoke(cli, ["build", "--root", str(repo)])
    assert result.exit_code == 2 and "git checkout -- memory.jsonl" in result.output, result.output
    # The other way out it names: remove the file, and the build makes it again from the items.
    (repo / "memory.jsonl").unlink()
    assert build(cfg).graph.entities


def test_a_missing_graph_beside_its_manifest_is_built_again_with_a_warning(repo: Path) -> None:
    # An accidental rm memory.jsonl lost every hand-added fact without a word.  Removing the graph is
    # also the documented way to start over (and the emptied graph's refusal says so): build, and warn.
    cfg = config_module.load(repo)
    first = build(cfg)
    assert first.lost_graph is None
    (repo / "memory.jsonl").unlink()
    again = build(cfg)
    assert again.lost_graph is not None and again.lost_graph.severity is IssueSeverity.WARNING
    rendered = again.lost_graph.render()
    owners = sum(1 for facts in first.manifest.by_item.values() if facts.entities)
    assert rendered.startswith(f"{repo / 'memory.jsonl'}: warning: memory.jsonl is missing, but memory.kgsync.json "
                               f"records the nodes of {owners} item(s)"), rendered
    assert "added by hand or by an agent" in rendered and "git checkout -- memory.jsonl" in rendered, rendered
    assert "rm memory.kgsync.json" in rendered, rendered
    assert (repo / "memory.jsonl").read_bytes() == jsonl.dumps(first.graph).encode("utf-8")
    assert build(cfg).lost_graph is None  # said once: the graph is there again
    # Starting over with both files removed says nothing.
    (repo / "memory.jsonl").unlink()
    manifest_path(repo / "memory.jsonl").unlink()
    assert build(cfg).lost_graph is None


@pytest.mark.usefixtures("settle_at_once")
def test_previous_is_the_committed_graph_on_the_shortcut(repo: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    committed = jsonl.read(repo / "memory.jsonl")
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0]
    victim.unlink()
    result = build(cfg)
    assert result.previous == committed and result.graph != committed


@pytest.mark.parametrize("settled", [False, True], ids=["read", "shortcut"])
def test_a_graph_written_while_the_build_ran_is_not_overwritten(repo: Path, monkeypatch: pytest.MonkeyPatch,
                                                                settled: bool) -> None:
    """An agent's write through ``kgsync serve --writable`` (or the reference server's) after the build
    read the committed graph and before it wrote its own: the build's graph, merged from the file as it
    was, replaced the file and the agent's entity was gone without a word.  Now the build writes nothing
    and says why; the next build keeps the entity, as it keeps any hand-added content."""
    if settled:  # the incremental path's stat shortcut (``settle_at_once``)
        monkeypatch.setattr(build_state, "_SETTLED_NS", 0)
    cfg = config_module.load(repo)
    build(cfg)
    build(cfg)
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0]
    victim.write_text(re.sub(r"(?m)^title: .*$", 'title: "Edited while an agent writes"', victim.read_text("utf-8"),
                             count=1), encoding="utf-8")
    graph = repo / "memory.jsonl"
    read_committed = stages.committed_base

    def then_an_agent_writes(*args: Any, **kwargs: Any) -> Any:
        base = read_committed(*args, **kwargs)
        create_entities(graph, [{"name": "note:agent-finding", "entityType": "note",
                                 "observations": ["written while the build ran"]}])
        return base

    monkeypatch.setattr(stages, "committed_base", then_an_agent_writes)
    with pytest.raises(KgsyncError, match="changed while this build ran") as caught:
        build(cfg)
    assert caught.value.location is not None and caught.value.location.path == str(graph)
    assert "note:agent-finding" in graph.read_text(encoding="utf-8")
    assert not list(repo.glob(".memory*"))  # the temp files staged before the check are gone
    monkeypatch.setattr(stages, "committed_base", read_committed)
    again = build(cfg)
    assert "note:agent-finding" in {e.name for e in again.graph.entities}
    assert "Edited while an agent writes" in graph.read_text(encoding="utf-8")


@pytest.mark.parametrize(("first", "second"), [("memory.jsonl", "memory"), ("memory", "memory.jsonl"),
                                               ("graph.json", "graph.jsonl")])
def test_two_graphs_that_would_share_one_manifest_are_refused(repo: Path, first: str, second: str) -> None:
    # graph: memory and graph: memory.jsonl were both given memory.kgsync.json (the stem's): the
    # second build read the first graph's manifest as its own and wrote its own over it.
    built = build(config_module.load(repo).with_overrides(graph=first))
    manifest = manifest_path(repo / first)
    kept = manifest.read_bytes()
    with pytest.raises(KgsyncError) as raised:
        build(config_module.load(repo).with_overrides(graph=second))
    rendered = raised.value.render()
    assert f"{second}: " in rendered and manifest.name in rendered and first in rendered, rendered
    assert "(fix: " in rendered, rendered
    assert manifest.read_bytes() == kept and not (repo / second).exists()  # nothing written
    assert built.graph.entities  # the first build, on its own, as before


def test_a_memory_json_beside_the_graph_is_said_to_be_the_reference_servers_older_file(repo: Path) -> None:
    # The reference server wrote memory.json before memory.jsonl (its older default name, and the
    # MEMORY_FILE_PATH of older setups): the refusal's fix was right, but it did not say where the file came from.
    build(config_module.load(repo))
    (repo / "memory.json").write_bytes((repo / "memory.jsonl").read_bytes())
    with pytest.raises(KgsyncError) as raised:
        build(config_module.load(repo))
    rendered = raised.value.render()
    assert "memory.json" in rendered and "reference memory server" in rendered, rendered
    assert "older default" in rendered and "MEMORY_FILE_PATH" in rendered and "rm memory.json" in rendered, rendered


def test_the_default_graph_keeps_its_manifest_name(repo: Path) -> None:
    # backward compatible: memory.jsonl's manifest is memory.kgsync.json, with notes beside it of its stem
    (repo / "memory.md").write_text("# what memory.jsonl holds\n", encoding="utf-8")
    build(config_module.load(repo))
    assert (repo / "memory.kgsync.json").is_file()


def _add_by_hand(graph_file: Path, entities: tuple[Entity, ...], relations: tuple[Relation, ...],
                 observations: tuple[tuple[str, str], ...] = ()) -> None:
    """What an agent writes through the server: entities, relations, observations on existing nodes."""
    graph = jsonl.read(graph_file)
    extra = dict(observations)
    noted = tuple(Entity(e.name, e.entity_type, e.observations + (extra[e.name],)) if e.name in extra else e
                  for e in graph.entities)
    jsonl.write(graph_file, Graph(noted + entities, graph.relations + relations))


def _facts_of(graph: Graph) -> tuple[set[tuple[str, str]], set[tuple[str, str]], set[Relation]]:
    return ({(e.name, e.entity_type) for e in graph.entities},
            {(e.name, o) for e in graph.entities for o in e.observations}, set(graph.relations))


def test_hand_added_content_an_item_later_writes_stays_when_the_item_goes(example_repo: Path) -> None:
    # An agent records a planned study before its file exists; the file, added later, writes the same
    # node, title and relation; its deletion then removed them, though they were in the graph by hand.
    cfg = config_module.load(example_repo)
    graph_file = example_repo / "memory.jsonl"
    source = items_dir(example_repo) / "2026-01-05-agent-memory-architectures.md"
    slug = "2026-03-01-planned-study"
    title = next(o for o in jsonl.read(graph_file).entity("item:2026-01-05-agent-memory-architectures").observations
                 if o.startswith("title: "))
    planned = Entity(f"item:{slug}", "research_item", ("note: planned by the lab, not yet run", title))
    link = Relation(f"item:{slug}", "concept:model-context-protocol", "addresses")
    _add_by_hand(graph_file, (planned,), (link,))
    held = _facts_of(build(cfg).graph)
    (items_dir(example_repo) / f"{slug}.md").write_bytes(source.read_bytes())
    written = build(cfg)
    assert (f"item:{slug}", title) in _facts_of(written.graph)[1]
    (items_dir(example_repo) / f"{slug}.md").unlink()
    after = _facts_of(build(cfg).graph)
    assert (f"item:{slug}", "research_item") in after[0]
    assert {(f"item:{slug}", o) for o in planned.observations} <= after[1]
    assert link in after[2]
    assert all(fact in part for part, was in zip(after, held) for fact in was)  # nothing held by hand is lost


def test_hand_added_content_a_vocabulary_change_writes_for_a_while_stays(example_repo: Path) -> None:
    # Pinning a term makes an item write a concept, its alias and a relation an agent had added
    # by hand; unpinning it removed them all.
    cfg = config_module.load(example_repo)
    graph_file = example_repo / "memory.jsonl"
    vocab = example_repo / "kgsync-vocab.yml"
    unpinned = vocab.read_text(encoding="utf-8")
    concept = Entity("concept:working-memory", "concept", ("alias:working memory",))
    link = Relation("item:2026-01-05-agent-memory-architectures", concept.name, "addresses")
    _add_by_hand(graph_file, (concept,), (link,), (("concept:model-context-protocol", "alias:MCP server"),))
    held = _facts_of(build(cfg).graph)
    pinned = unpinned.replace("    aliases: [MCP]\n", "    aliases: [MCP, MCP server]\n").replace(
        "  entity-resolution:\n", "  working-memory:\n    kind: concept\n  entity-resolution:\n")
    assert pinned.count("working-memory") == 1 and "MCP server" in pinned
    vocab.write_text(pinned, encoding="utf-8")
    written = _facts_of(build(cfg).graph)
    assert (concept.name, "alias:working memory") in written[1] and link in written[2]
    assert ("concept:model-context-protocol", "alias:MCP server") in written[1]
    vocab.write_text(unpinned, encoding="utf-8")
    after = _facts_of(build(cfg).graph)
    assert all(fact in part for part, was in zip(after, held) for fact in was)  # nothing held by hand is lost
