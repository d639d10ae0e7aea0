"""The build end to end: example repo, real corpus, rebuilds that lose nothing."""

from __future__ import annotations

import os
import shutil
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgsync import config as config_module
from kgsync import jsonl
from kgsync.cli import cli
from kgsync.items import Severity, find_item_files
from kgsync.merge import manifest_path
from kgsync.model import Entity, EntityType, Graph, Relation
from kgsync.pipeline import build

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "research-repo"
CORPUS = ROOT.parent / "shared" / "corpus" / "research"
THEMES = ROOT.parent / "shared" / "corpus" / "themes-vocabulary.md"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    target = tmp_path / "repo"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns("memory.*", ".kgsync-cache", "site"))
    return target


def items_dir(repo: Path) -> Path:
    return repo / "Research" / "completed"


def entity(graph: Graph, name: str) -> Entity:
    found = graph.entity(name)
    assert found is not None, name
    return found


def test_example_repo_builds_and_lints_clean(repo: Path) -> None:
    result = build(config_module.load(repo))
    assert not [i for i in result.issues if i.severity is Severity.ERROR]
    assert result.report.ok()
    graph = jsonl.read(repo / "memory.jsonl")
    assert graph == result.graph
    slugs = {p.stem for p in find_item_files(items_dir(repo)) if p.name != "README.md"}
    assert {f"item:{s}" for s in slugs} <= set(graph.names())
    assert any(i.severity is Severity.NOTICE and "README.md" in i.location.path for i in result.issues)
    superseded = [e for e in graph.of_type(EntityType.RESEARCH_ITEM) if "status:superseded" in e.observations]
    assert superseded, "the example repo has a superseded item"
    for item in superseded:  # its claims are excluded, not just tagged
        assert not [r for r in graph.relations if r.source == item.name and r.relation_type == "states"]
    assert any(r.relation_type == "extends" for r in graph.relations)


def test_two_builds_are_byte_identical_cached_or_not(repo: Path, tmp_path: Path) -> None:
    build(config_module.load(repo))
    first = (repo / "memory.jsonl").read_bytes()
    (repo / "memory.jsonl").unlink()
    manifest_path(repo / "memory.jsonl").unlink()
    build(config_module.load(repo).with_overrides(cache_dir=""))
    assert (repo / "memory.jsonl").read_bytes() == first
    result = build(config_module.load(repo))
    assert not result.wrote  # nothing changed, nothing rewritten


def test_edit_and_delete_update_exactly(repo: Path) -> None:
    cfg = config_module.load(repo)
    before = build(cfg).graph
    files = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")
    deleted = files[-1]
    deleted.unlink()
    after = build(cfg).graph
    gone = f"item:{deleted.stem}"
    assert gone in before and gone not in after
    token = f"provenance:item={deleted.stem}"
    assert not [e.name for e in after.entities if token in e.observations]
    assert not [r for r in after.relations if gone in (r.source, r.target)]
    # every other item's node is untouched
    for item in before.of_type(EntityType.RESEARCH_ITEM):
        if item.name != gone:
            assert entity(after, item.name) == item


def test_failed_item_keeps_previous_nodes_and_reports(repo: Path) -> None:
    cfg = config_module.load(repo)
    first = build(cfg)
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0]
    victim.write_text("---\ntitle: [broken\n---\n", encoding="utf-8")
    result = build(cfg)
    errors = [i for i in result.issues if i.severity is Severity.ERROR]
    assert len(errors) == 1 and errors[0].location.path.endswith(victim.name) and errors[0].location.line
    # nothing lost: every fact the item contributed is still in the graph, observation by observation
    kept = first.manifest.by_item[victim.stem]
    assert result.manifest.by_item[victim.stem] == kept
    for name, observation in kept.observations:
        assert observation in entity(result.graph, name).observations
    assert set(kept.relations) <= set(result.graph.relations)


def test_hand_added_content_survives_rebuild(repo: Path) -> None:
    cfg = config_module.load(repo)
    graph = build(cfg).graph
    item = next(graph.of_type(EntityType.RESEARCH_ITEM))
    concept = next(graph.of_type(EntityType.CONCEPT))
    note = Entity("concept:hand-added-idea", "concept", ("alias:hand added idea", f"provenance:item={item.name[5:]}"))
    edited = Graph(
        tuple(Entity(e.name, e.entity_type, e.observations + ("agent: checked 2026-11-30",))
              if e.name == concept.name else e for e in graph.entities) + (note,),
        graph.relations + (Relation(item.name, note.name, "addresses"),),
    )
    jsonl.write(repo / "memory.jsonl", edited)
    rebuilt = build(cfg).graph
    assert entity(rebuilt, note.name) == note
    assert "agent: checked 2026-11-30" in entity(rebuilt, concept.name).observations
    assert Relation(item.name, note.name, "addresses") in rebuilt.relations


def test_cli_build_exit_codes(repo: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(cli, ["build", "--root", str(repo)])
    assert ok.exit_code == 0, ok.output
    bad = items_dir(repo) / "2026-12-31-broken.md"
    bad.write_bytes(b"---\ntitle: ok\n---\n\xff\xfe bad bytes\n")
    failed = runner.invoke(cli, ["build", "--root", str(repo)])
    assert failed.exit_code == 1
    assert "2026-12-31-broken.md:4" in failed.output and "not UTF-8" in failed.output


@pytest.mark.slow
def test_real_corpus(tmp_path: Path) -> None:
    cfg = config_module.load(tmp_path).with_overrides(
        items=str(CORPUS), graph=str(tmp_path / "g.jsonl"), themes_vocabulary=str(THEMES),
        cache_dir=str(tmp_path / "cache"))
    result = build(cfg)
    assert result.report.ok()
    files = find_item_files(CORPUS)
    item_files = [p for p in files if p.name != "README.md"]
    names = set(result.graph.names())
    assert {f"item:{p.stem}" for p in item_files} <= names
    assert any(i.severity is Severity.NOTICE and i.location.path.endswith("README.md") for i in result.issues)
    caps = cfg.caps
    counts: Counter[tuple[str, str]] = Counter()
    for relation in result.graph.relations:
        if relation.source.startswith("item:"):
            counts[(relation.source, relation.relation_type)] += 1
    assert max(v for (_, t), v in counts.items() if t == "addresses") <= caps.concepts
    assert max(v for (_, t), v in counts.items() if t == "states") <= caps.claims
    assert max(v for (_, t), v in counts.items() if t == "uses_method") <= caps.methods
    first = (tmp_path / "g.jsonl").read_bytes()
    (tmp_path / "g.jsonl").unlink()
    manifest_path(tmp_path / "g.jsonl").unlink()
    build(cfg.with_overrides(cache_dir=""))
    assert (tmp_path / "g.jsonl").read_bytes() == first


def test_committed_example_graph_is_current(repo: Path) -> None:
    """Golden file: the example's committed graph and manifest are exactly what a fresh build writes.

    After an intended change, refresh them with ``kgsync build --root examples/research-repo``
    (or UPDATE_GOLDEN=1).
    """
    build(config_module.load(repo).with_overrides(cache_dir=""))
    for name in ("memory.jsonl", "memory.kgsync.json"):
        fresh = (repo / name).read_bytes()
        if os.environ.get("UPDATE_GOLDEN"):
            (EXAMPLE / name).write_bytes(fresh)
        assert (EXAMPLE / name).read_bytes() == fresh, f"examples/research-repo/{name} is stale"
