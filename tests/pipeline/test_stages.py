"""The build end to end: example repo, real corpus, rebuilds that lose nothing."""

from __future__ import annotations

import os
import re
import time
import shutil
import signal
from collections import Counter
from collections.abc import Callable
from unittest import mock
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from kgsync.read import config as config_module
from kgsync.contract import jsonl
from kgsync.pipeline.cache import state as build_state
from kgsync.cli.main import cli
from kgsync.contract.errors import GraphFormatError
from kgsync.read.items import IssueSeverity, find_item_files, read_items
from kgsync.graph.manifest import manifest_path
from kgsync.contract.model import Entity, EntityType, Graph, Relation
from kgsync.pipeline.stages import _maintainers_vocabularies, build
from kgsync.extract.canonical import term_key
from kgsync.graph.terms import mined_names_of_themes
from kgsync.graph.claims import subject_findings
from kgsync.extract.findings import extract
from tests.pipeline.build_files import _cache_folder, _committed_copy, _fresh_bytes, _uncached_bytes, items_dir
from tests.pipeline.conftest import EXAMPLE, ROOT

CORPUS = ROOT.parent / "shared" / "corpus" / "research"
THEMES = ROOT.parent / "shared" / "corpus" / "themes-vocabulary.md"


def entity(graph: Graph, name: str) -> Entity:
    found = graph.entity(name)
    assert found is not None, name
    return found


def test_example_repo_builds_and_lints_clean(repo: Path) -> None:
    result = build(config_module.load(repo))
    assert not [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert result.report.ok()
    graph = jsonl.read(repo / "memory.jsonl")
    assert graph == result.graph
    slugs = {p.stem for p in find_item_files(items_dir(repo)) if p.name != "README.md"}
    assert {f"item:{s}" for s in slugs} <= set(graph.names())
    assert any(i.severity is IssueSeverity.NOTICE and "README.md" in i.location.path for i in result.issues)
    superseded = [e for e in graph.of_type(EntityType.RESEARCH_ITEM) if "status:superseded" in e.observations]
    assert superseded, "the example repo has a superseded item"
    for item in superseded:  # its claims are excluded, not just tagged
        assert not [r for r in graph.relations if r.source == item.name and r.relation_type == "states"]
    assert any(r.relation_type == "extends" for r in graph.relations)


def pin_rag(repo: Path, kind: str) -> None:
    """The example's vocabulary file with retrieval-augmented-generation pinned as ``kind``."""
    vocab = repo / "kgsync-vocab.yml"
    text = vocab.read_text(encoding="utf-8")
    pinned = re.sub(r"(retrieval-augmented-generation:\n    kind: )\w+", rf"\g<1>{kind}", text)
    assert pinned != text or f"kind: {kind}" in text
    vocab.write_text(pinned, encoding="utf-8")


@pytest.mark.parametrize("kind", ["concept", "method"])
def test_a_pinned_kind_wins_over_the_kind_a_theme_s_head_gives(repo: Path, kind: str) -> None:
    # The theme rag-retrieval is named by the expansion of its acronym, retrieval-augmented-generation;
    # its head ("retrieval") makes the theme a method.  The vocabulary file pins the same name's kind:
    # "the file always wins over mining" (README), "a pinned kind wins" (CONTRACT), for either kind.
    pin_rag(repo, kind)
    graph = build(config_module.load(repo)).graph
    other = "method" if kind == "concept" else "concept"
    names = {e.name for e in graph.entities}
    assert f"{kind}:retrieval-augmented-generation" in names
    assert f"{other}:retrieval-augmented-generation" not in names
    # One node, the theme's, carrying the pin's alias as written.
    assert [e.name for e in graph.entities if "alias:RAG" in e.observations] == [f"{kind}:retrieval-augmented-generation"]


def test_a_pin_of_the_kind_of_the_theme_it_names_merges_into_the_theme_s_node(repo: Path) -> None:
    # The theme rag-retrieval's node is method:retrieval-augmented-generation; pinned as a method too, the
    # pinned term is that node: it carries the pin's alias as written (RAG), and every item that names the
    # pin links it, the one that does not carry the theme too.  It was a node of its own, which lost both.
    pin_rag(repo, "method")
    result = build(config_module.load(repo))
    node = "method:retrieval-augmented-generation"
    rag = [e.name for e in result.graph.entities if "alias:RAG" in e.observations]
    assert rag == [node]
    users = {r.source for r in result.graph.relations if r.target == node and r.relation_type == "uses_method"}
    named = result.vocabulary.terms["retrieval-augmented-generation"].items
    assert len(named) >= 5 and {f"item:{slug}" for slug in named} <= users


def test_the_pins_the_choice_gives_no_slot_are_the_pins_written_as_a_themes_node(repo: Path) -> None:
    # The selection marks the pins a theme's node stands for from the files alone (``PinnedVocabulary.
    # theme_keys``: they take no slot in an item's own choice); the graph stage merges a term into a theme's
    # node by the vocabulary it selected (``mined_names_of_themes``).  Marked and not merged, an item would
    # keep one term more than its caps let the graph write: the two must name the same pins.
    pinned, themes = _maintainers_vocabularies(config_module.load(repo))
    assert pinned is not None and pinned.theme_keys  # the example pins knowledge-graph and RAG, both themes' nodes
    vocabulary = build(config_module.load(repo)).vocabulary
    merged = mined_names_of_themes(vocabulary, themes.nodes, themes)
    pins = {term_key(name): name for name, term in vocabulary.terms.items() if term.pinned}
    assert {pins[key] for key in pinned.theme_keys} == {name for name in merged if name in pins.values()}


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
    errors = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert len(errors) == 1 and errors[0].location.path.endswith(victim.name) and errors[0].location.line
    # nothing lost: every fact the item contributed is still in the graph, observation by observation
    kept = first.manifest.by_item[victim.stem]
    assert result.manifest.by_item[victim.stem] == kept
    for name, observation in kept.observations:
        assert observation in entity(result.graph, name).observations
    assert set(kept.relations) <= set(result.graph.relations)


    # (Its mined terms no longer count in the corpus vocabulary until it parses again: the
    # committed files do not hold them, and the cache may never change the output.)


def test_a_file_name_that_is_not_utf8_is_an_item_error(repo: Path) -> None:
    (items_dir(repo) / os.fsdecode(b"2026-03-01-caf\xe9.md")).write_text("---\ntitle: x\n---\n", encoding="utf-8")
    result = build(config_module.load(repo))
    [error] = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert "not a usable slug" in error.message
    shown = CliRunner().invoke(cli, ["build", "--root", str(repo)])
    assert shown.exit_code == 1 and "caf\\udce9" in shown.output  # printed as an escape, no traceback


def test_an_item_file_that_became_a_broken_link_or_a_folder_keeps_its_nodes(repo: Path) -> None:
    cfg = config_module.load(repo)
    first = build(cfg)
    link, folder = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[:2]
    link.unlink()
    link.symlink_to(repo / "nowhere.md")  # broken
    folder.unlink()
    folder.mkdir()
    result = build(cfg)
    errors = {i.location.path.rsplit("/", 1)[-1]: i.message for i in result.issues if i.severity is IssueSeverity.ERROR}
    assert errors.keys() == {link.name, folder.name} and "cannot read the file" in errors[link.name]
    assert errors[folder.name].startswith("is a folder, not an item file")
    for slug in (link.stem, folder.stem):  # nothing silently deleted
        assert result.manifest.by_item[slug] == first.manifest.by_item[slug]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="a FIFO is POSIX")
def test_an_item_file_that_is_a_fifo_is_an_error_not_a_hang(repo: Path) -> None:
    """An item file that is a FIFO (a local mistake: git commits none) blocked the read for ever at the
    open.  Only a regular file is read as an item; anything else keeps its nodes with an error at it."""
    cfg = config_module.load(repo)
    first = build(cfg)
    fifo = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0]
    fifo.unlink()
    os.mkfifo(fifo)

    def stop(*_: object) -> None:
        raise TimeoutError("the build still waits at the FIFO after 5 s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(5)
    try:
        result = build(cfg)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    [error] = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert error.location.path.endswith(fifo.name) and "not a regular file" in error.message, error.message
    assert result.manifest.by_item[fifo.stem] == first.manifest.by_item[fifo.stem]
    assert "not a regular file" in "".join(i.message for i in read_items([fifo], repo).issues)


@pytest.mark.usefixtures("settle_at_once")
def test_removed_items_are_said_aloud(repo: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    assert build(cfg).removed_items == ()  # the shortcut path: nothing read, nothing removed
    files = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")
    files[0].unlink()
    assert build(cfg).removed_items == (files[0].stem,)  # known from the state: the graph is what it wrote
    narrowed = CliRunner().invoke(cli, ["build", "--root", str(repo), "--items", str(files[1]), "--dry-run"])
    assert narrowed.exit_code == 0, narrowed.output
    assert f"warning: {len(files) - 2} item(s) no longer found; would remove their nodes" in narrowed.output


def test_a_duplicate_slug_never_mixes_two_files(repo: Path) -> None:
    # The first file of a slug is the item; the later one is an error and lends it nothing.
    (repo / "kgsync.yml").write_text("items: Research/completed/**/*.md\n", encoding="utf-8")
    cfg = config_module.load(repo)
    alone = build(cfg, write=False).manifest.by_item
    first, other = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[:2]
    copy = items_dir(repo) / "zz" / first.name
    copy.parent.mkdir()
    copy.write_bytes(other.read_bytes())
    result = build(cfg, write=False)
    assert any("duplicate slug" in i.message and i.location.path.endswith(f"zz/{first.name}") for i in result.issues)
    assert result.manifest.by_item[first.stem] == alone[first.stem]


def test_an_unreadable_item_is_an_error_and_keeps_its_nodes(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = config_module.load(repo)
    first = build(cfg)
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0]
    victim.write_text(victim.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # its stat changes: read again
    read_bytes = Path.read_bytes

    def refuse(self: Path) -> bytes:
        if self.name == victim.name:
            raise PermissionError(13, "Permission denied", str(self))
        return read_bytes(self)

    monkeypatch.setattr(Path, "read_bytes", refuse)
    result = build(cfg)
    [error] = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert error.location.path.endswith(victim.name) and "cannot read the file: Permission denied" in error.message
    assert result.manifest.by_item[victim.stem] == first.manifest.by_item[victim.stem]


def test_an_unreadable_manifest_is_a_clear_error(repo: Path) -> None:
    cfg = config_module.load(repo)
    build(cfg)
    manifest_path(repo / "memory.jsonl").write_bytes(b'{"kgsync_manifest": 1, "items": {"caf\xe9": {}}}')
    (repo / "memory.jsonl").write_bytes((repo / "memory.jsonl").read_bytes() + b"\n")  # not the last write: read both
    with pytest.raises(GraphFormatError, match="manifest is unreadable"):
        build(cfg)


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
    wrong_root = runner.invoke(cli, ["build", "--root", str(repo / "nowhere")])
    assert wrong_root.exit_code == 2 and "does not exist" in wrong_root.output
    ok = runner.invoke(cli, ["build", "--root", str(repo)])
    assert ok.exit_code == 0, ok.output
    bad = items_dir(repo) / "2026-12-31-broken.md"
    bad.write_bytes(b"---\ntitle: ok\n---\n\xff\xfe bad bytes\n")
    failed = runner.invoke(cli, ["build", "--root", str(repo)])
    assert failed.exit_code == 1
    assert "2026-12-31-broken.md:4" in failed.output and "not UTF-8" in failed.output


def test_build_times_each_stage_and_the_cli_prints_them(repo: Path) -> None:
    from kgsync.pipeline.stages import STAGES

    started = time.perf_counter()
    fresh = build(config_module.load(repo))
    wall = time.perf_counter() - started
    assert [stage for stage, _ in fresh.timings] == list(STAGES)
    assert 0 < sum(seconds for _, seconds in fresh.timings) <= wall

    shown = CliRunner().invoke(cli, ["build", "--root", str(repo), "-q", "--timings"])
    assert shown.exit_code == 0, shown.output
    assert re.fullmatch("  ".join(rf"{stage} \d+\.\d\d s" for stage in STAGES) + "\n", shown.output), shown.output
    quiet = CliRunner().invoke(cli, ["build", "--root", str(repo), "-q"])
    assert quiet.output == ""


@pytest.mark.slow
def test_real_corpus(tmp_path: Path, require_shared: Callable[[Path], Path]) -> None:
    require_shared(CORPUS)
    require_shared(THEMES)
    cfg = config_module.load(tmp_path).with_overrides(
        items=str(CORPUS), graph=str(tmp_path / "g.jsonl"), themes_vocabulary=str(THEMES),
        cache_dir=str(tmp_path / "cache"))
    result = build(cfg)
    assert result.report.ok()
    files = find_item_files(CORPUS)
    item_files = [p for p in files if p.name != "README.md"]
    names = set(result.graph.names())
    assert {f"item:{p.stem}" for p in item_files} <= names
    assert any(i.severity is IssueSeverity.NOTICE and i.location.path.endswith("README.md") for i in result.issues)
    caps = cfg.caps
    counts: Counter[tuple[str, str]] = Counter()
    theme_nodes = {f"concept:{theme}" for theme in result.manifest.themes}
    assert {"concept:agentic-ai", "concept:knowledge-graphs"} <= theme_nodes  # the big ones that name one idea
    assert not {"concept:governance-policy", "concept:security-risk"} & theme_nodes  # big buckets: tags only
    assert not {"concept:governance-policy", "concept:security-risk"} & names
    for relation in result.graph.relations:
        if relation.source.startswith("item:") and relation.target not in theme_nodes:
            counts[(relation.source, relation.relation_type)] += 1
    # Beyond the caps only the item's themes (issue 21: a theme takes no slot), the names the item's
    # findings open with (issue 12: finding subjects), the topics it addresses (issue 21: ``ItemTerms.beyond``)
    # and the acronyms it defines and states (``ItemTerms.defined``).
    per_item = result.vocabulary.per_item
    subjects = {f"item:{slug}": len(uses.subjects) + len(uses.beyond) + len(uses.defined)
                for slug, uses in per_item.items()}
    assert any(subjects.values())
    for kind, cap in (("addresses", caps.concepts), ("uses_method", caps.methods)):
        assert all(v <= cap + subjects.get(item, 0) for (item, t), v in counts.items() if t == kind), kind
    # Beyond the cap only the findings evidence links name (kgsync.extract.evidence: a cited finding is a claim),
    # and the findings that open with one of the item's subject nodes (assemble.subject_findings);
    # assemble.topic_finding, opt-in with caps.topic_claim, is off here.
    linked = {end for r in result.graph.relations if r.relation_type in ("supports", "contradicts", "extends")
              and r.source.startswith("claim:") for end in (r.source, r.target)}
    capped: Counter[str] = Counter(r.source for r in result.graph.relations
                                   if r.relation_type == "states" and r.target not in linked)
    by_name = {f"item:{item.slug}": item for item in result.items}
    subject_claims = {name: len(subject_findings(by_name[name], extract(by_name[name]).claims, result.vocabulary,
                                                 per_item.get(by_name[name].slug)))
                      for name in capped}
    assert any(subject_claims.values())
    assert all(count <= caps.claims + subject_claims[name] for name, count in capped.items())
    assert max(v for (_, t), v in counts.items() if t == "states") > caps.claims  # some cited finding went beyond
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
    stale = [name for name in ("memory.jsonl", "memory.kgsync.json")
             if (EXAMPLE / name).read_bytes() != (repo / name).read_bytes()]
    if stale and os.environ.get("UPDATE_GOLDEN") == "1":
        for name in stale:
            (EXAMPLE / name).write_bytes((repo / name).read_bytes())
        pytest.fail(f"examples/research-repo/{', '.join(stale)} rewritten: review the diff, then run again without "
                    "UPDATE_GOLDEN", pytrace=False)
    assert not stale, f"examples/research-repo/{', '.join(stale)} stale"


# --- incremental rebuilds (kgsync.pipeline.cache.state): every shortcut must give a fresh build's bytes ---


def _recorded_files(cfg: config_module.Config) -> int:
    return len(build_state.load(_cache_folder(cfg)).files)


def _check_incremental(cfg: config_module.Config, files: list[Path], tmp: Path) -> None:
    graph = cfg.path(cfg.graph)
    build(cfg)
    assert _recorded_files(cfg) == len(find_item_files(cfg.items, cfg.root))  # every stat recorded
    with mock.patch.object(jsonl, "read", side_effect=AssertionError("the committed graph was re-parsed")):
        assert not build(cfg).wrote  # the shortcut: the graph not re-parsed, nothing rewritten
    before = graph.read_bytes()
    edits = (
        # a new key finding (new terms, a new claim) in one item
        lambda text: text.replace("## Key Findings\n", "## Key Findings\n\n1. **Incremental rebuilds keep bytes "
                                  "identical.** (high confidence)\n", 1),
        # the same item rewritten back: the previous bytes again
        None,
    )
    victim = files[len(files) // 2]
    original = victim.read_text(encoding="utf-8")
    for edit in edits:
        victim.write_text(edit(original) if edit else original, encoding="utf-8")
        result = build(cfg)
        assert result.previous is not None  # parsed on demand from the bytes the build replaced
        fresh_graph, fresh_manifest = _fresh_bytes(cfg.root, cfg, tmp)
        assert graph.read_bytes() == fresh_graph
        assert manifest_path(graph).read_bytes() == fresh_manifest
        assert (graph.read_bytes() == before) == (edit is None)  # the edit did change the graph
    # A hand edit of the committed graph turns the shortcut off; the edit survives.
    text = graph.read_text(encoding="utf-8")
    graph.write_text(text + '\n{"type":"entity","name":"concept:hand-made","entityType":"concept",'
                     '"observations":["provenance:item=' + files[0].stem + '"]}\n{"type":"relation","from":"item:'
                     + files[0].stem + '","to":"concept:hand-made","relationType":"addresses"}', encoding="utf-8")
    assert "concept:hand-made" in build(cfg).graph
    assert "concept:hand-made" in build(cfg).graph  # and on the next rebuild too (no shortcut)


@pytest.mark.usefixtures("settle_at_once")
def test_an_incremental_rebuild_names_the_items_whose_facts_it_changed(repo: Path) -> None:
    # The CLI prints the warnings of the items a build changes; the spliced path knows them already,
    # so the CLI need not read and compare a 70 MB manifest at 10,000 items to find them again.
    cfg = config_module.load(repo)
    build(cfg)
    assert build(cfg).changed_items == frozenset()  # nothing changed
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[1]
    # A claim's confidence lowered: its facts change, the vocabulary does not (so the spliced path runs).
    victim.write_text(victim.read_text(encoding="utf-8").replace("(high confidence;", "(low confidence;", 1),
                      encoding="utf-8")
    result = build(cfg)
    assert result.incremental and result.changed_items == frozenset({victim.stem})


@pytest.mark.usefixtures("settle_at_once")
def test_incremental_rebuild_equals_fresh_build_example(repo: Path, tmp_path: Path) -> None:
    files = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")
    _check_incremental(config_module.load(repo), files, tmp_path)


@pytest.mark.slow
@pytest.mark.usefixtures("settle_at_once")
def test_incremental_rebuild_equals_fresh_build_generated(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    import gen_corpus

    root = tmp_path / "gen"
    files = gen_corpus.generate(root / "Research" / "completed", 300, seed=5)
    cfg = config_module.load(root).with_overrides(items="Research/completed/*.md")
    _check_incremental(cfg, files, tmp_path)


def _set_completed(path: Path, date: str) -> None:
    text = path.read_text(encoding="utf-8")
    start = text.index("\ncompleted:") + 1
    end = text.index("\n", start)
    path.write_text(text[:start] + f"completed: {date}" + text[end:], encoding="utf-8")


def _add_finding(path: Path, finding: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("## Key Findings\n", f"## Key Findings\n\n1. **{finding}** (high confidence)\n", 1),
                    encoding="utf-8")


def test_a_build_from_nothing_reads_no_earlier_build_from_nothing(repo: Path, tmp_path: Path) -> None:
    """``_fresh_bytes`` is what the reuse tests compare with: it must be a build from nothing each time, not a
    rebuild over the graph and manifest its last call wrote in the same folder (there a reworded finding keeps
    its earlier name, docs/CLAIMS.md, and a test comparing with it would accept a kept history as fresh)."""
    cfg = config_module.load(repo)
    _fresh_bytes(repo, cfg, tmp_path)
    item = sorted(items_dir(repo).glob("*.md"))[0]
    text = item.read_text(encoding="utf-8")
    assert "1. **Published agent architectures separate" in text
    item.write_text(text.replace("1. **Published agent architectures separate", "1. **Deployed agent architectures "
                                 "separate", 1), encoding="utf-8")
    again = _fresh_bytes(repo, cfg, tmp_path)
    alone = tmp_path / "alone"
    alone.mkdir()
    assert again == _fresh_bytes(repo, cfg, alone)
    assert b":deployed-agent-architectures" in again[0]


@pytest.mark.slow
@pytest.mark.usefixtures("settle_at_once")
def test_reused_facts_equal_a_fresh_build_through_corpus_changes(tmp_path: Path) -> None:
    """Items' facts are reused across builds (kgsync.pipeline.cache.facts.FactsStore); every kind of change
    that can alter another item's facts must still give the bytes of a rebuild from the same committed graph and
    manifest without a cache, and a build from nothing's wherever history cannot matter (``history_free`` below).
    On the generated items that name no item in their text (``gen_corpus.generate(..., citations=False)``, the
    items this test was written on)."""
    _reused_facts_equal_uncached_rebuilds(tmp_path, citations=False)


@pytest.mark.slow
@pytest.mark.usefixtures("settle_at_once")
def test_reused_facts_equal_an_uncached_rebuild_through_corpus_changes_with_citations(tmp_path: Path) -> None:
    """On items citing each other (gen_corpus's default) the cache must not change a byte: each cached rebuild
    equals a rebuild from the same committed graph and manifest without a cache, at every step (a failing item's
    too).  Not a build from nothing: there the committed manifest's history may rightly differ.  In "one item
    edited" the finding added at the top renumbers the victim's findings; its Evidence Map's Notes still name
    Key Finding 6, now another finding, which becomes the claim, and that claim keeps the name of the
    previous claim of the same finding number (docs/CLAIMS.md, "A reworded finding keeps its name", rule 2),
    where a build from nothing names it by its words.  Where no history decides, from nothing is checked too."""
    _reused_facts_equal_uncached_rebuilds(tmp_path, citations=True)


def _reused_facts_equal_uncached_rebuilds(tmp_path: Path, citations: bool) -> None:
    import sys

    from kgsync.graph import assemble as assemble_module

    sys.path.insert(0, str(ROOT / "bench"))
    import gen_corpus

    root = tmp_path / "gen"
    files = gen_corpus.generate(root / "Research" / "completed", 300, seed=11, citations=citations)
    cfg = config_module.load(root).with_overrides(items="Research/completed/*.md")
    graph = cfg.path(cfg.graph)
    originals = {path: path.read_bytes() for path in files}
    build(cfg)
    assembled: list[str] = []
    real_item_facts = assemble_module._item_facts

    def counting(item, *args):
        assembled.append(item.slug)
        return real_item_facts(item, *args)

    from kgsync.pipeline.cache import fingerprint, selection

    selected: list[str] = []  # builds that selected the vocabulary again (else: reused, SelectionStore)
    real_select = selection.select_with_stats

    def selecting(*args):
        selected.append("selected")
        return real_select(*args)

    # Where the committed manifest's history decides nothing, a cached rebuild equals a build from nothing too.
    # Elsewhere it may not, by design: a term that crosses mining.max_item_share in a rebuild becomes a hub only
    # above HUB_ENTER_RATIO of it (kgsync/vocabulary/choice.py; "a new hub" puts one on 70 of 300 items, a hub
    # from nothing only), and on citing items a renumbered finding that becomes a claim keeps the previous
    # claim name of its finding number (docs/CLAIMS.md, rule 2; from "one item edited" on).  Both hold until the
    # items are all back as they were.
    history_free = {"all reverted"} if citations else {
        "one item edited", "no-op", "a harmless edit", "harmless edit reverted", "the code changed", "a new term",
        "all reverted"}
    assert graph.read_bytes() == _fresh_bytes(root, cfg, tmp_path)[0]

    def check(step: str) -> None:
        committed = _committed_copy(cfg, tmp_path)
        assembled.clear()
        selected.clear()
        with mock.patch.object(assemble_module, "_item_facts", counting), \
                mock.patch.object(selection, "select_with_stats", selecting):
            build(cfg)
        written = graph.read_bytes(), manifest_path(graph).read_bytes()
        assert written == _uncached_bytes(cfg, committed), step  # the cache never changes the output
        if step in history_free:
            assert written == _fresh_bytes(root, cfg, tmp_path), step

    victim, other = files[150], files[40]
    _add_finding(victim, "Incremental rebuilds keep bytes identical.")
    check("one item edited")
    assert 0 < len(assembled) < 10  # the others' facts were reused
    check("no-op")
    assert assembled == [] and selected == []
    # Only this item's scores move: the vocabulary is provably the same and is reused.
    text = other.read_text(encoding="utf-8")
    other.write_text(text.replace("### Executive Summary\n\n", "### Executive Summary\n\nIt is so. ", 1),
                     encoding="utf-8")
    check("a harmless edit")
    assert selected == [] and 0 < len(assembled) < 10
    other.write_bytes(originals[other])
    check("harmless edit reverted")
    assert selected == []
    with mock.patch.object(fingerprint, "code_fingerprint", lambda stage: "other code"):
        check("the code changed")  # the stored facts were built by other code: none reused
    assert len(assembled) == len(files)
    # A new term: it recurs in three items now (crosses mining.min_items), and other items mention it.
    for path in files[10:13]:
        _add_finding(path, "Zorblax fusion lowers latency of the knowledge index.")
    _add_finding(files[200], "Zorblax fusion appears in this claim as well.")
    check("a new term")
    assert selected  # a term recurring in new items: selected again
    # A term on more than max_item_share of the items becomes a hub (a corpus stopword).
    for path in files[:70]:
        _add_finding(path, "Quuxal routing helps.")
    check("a new hub")
    # Completion dates decide extends edges of other items (which link is prior, ranked first).
    _set_completed(other, "2019-01-01")
    check("a date moved")
    # An item added, an item deleted.
    added = files[0].with_name("2030-01-01-a-new-item.md")
    added.write_bytes(originals[files[3]])
    check("an item added")
    files[7].unlink()
    check("an item deleted")
    # An item that fails to parse keeps its previous facts (not a fresh build's); its return is exact.
    broken = files[20]
    broken.write_text("---\ntitle: [unclosed\n---\n", encoding="utf-8")
    check("an item fails")
    assert any(s == broken.stem for s in build(cfg).manifest.by_item)
    broken.write_bytes(originals[broken])
    check("the item parses again")
    # Everything back as it was.
    added.unlink()
    for path, data in originals.items():
        path.write_bytes(data)
    check("all reverted")
    # A hand edit of the graph: merged as foreign content, facts still reused.
    slug = files[0].stem
    graph.write_text(graph.read_text(encoding="utf-8").rstrip("\n") + '\n{"type":"entity","name":"concept:hand-made",'
                     '"entityType":"concept","observations":["provenance:item=' + slug + '"]}\n{"type":"relation",'
                     '"from":"item:' + slug + '","to":"concept:hand-made","relationType":"addresses"}\n',
                     encoding="utf-8")
    _add_finding(victim, "Hand edits survive reuse.")
    check("hand edit")
    assert "concept:hand-made" in build(cfg).graph and len(assembled) < 10


def test_a_path_that_matches_no_item_is_an_error_and_writes_nothing(repo: Path) -> None:
    cfg = config_module.load(repo)
    before = build(cfg).graph
    runner = CliRunner()
    wrong = runner.invoke(cli, ["build", "--root", str(repo), "--items", str(repo / "no-such-folder")])
    assert wrong.exit_code == 2
    assert "no item files match" in wrong.output and "--items" in wrong.output
    assert jsonl.read(repo / "memory.jsonl") == before  # not read as "every item was deleted"


def test_an_items_option_of_kgsync_yml_that_matches_nothing_is_named_at_its_line(repo: Path) -> None:
    """qa31: `items: Research/complete/*.md` (a typo) in kgsync.yml stopped the Action's `kgsync pr` with
    ".: no item files match 'Research/complete/*.md' (fix: pass --items PATH ..., or set items: in
    kgsync.yml)": the place was "." and the fix told to set the option the user had set.  The error
    names kgsync.yml's line and says to correct it there; given on the command line, it names no line."""
    config_file = repo / "kgsync.yml"
    text = config_file.read_text(encoding="utf-8")
    config_file.write_text(text + "items: Research/complete/*.md\n", encoding="utf-8")
    line = len(text.splitlines()) + 1
    runner = CliRunner()
    wrong = runner.invoke(cli, ["build", "--root", str(repo)])
    assert wrong.exit_code == 2
    assert f"kgsync.yml:{line}: no item files match 'Research/complete/*.md'" in wrong.output, wrong.output
    assert "fix: correct items: in kgsync.yml" in wrong.output, wrong.output
    given = runner.invoke(cli, ["build", "--root", str(repo), "--items", "nowhere"])
    assert given.exit_code == 2 and "kgsync.yml:" not in given.output and "--items" in given.output, given.output
    assert not (repo / "memory.jsonl").exists()

def test_a_symlinked_item_is_read_under_its_target_path(repo: Path) -> None:
    """``read_records`` stats each file once (lstat); a symlink still gets its target's display path."""
    from kgsync.pipeline.stages import read_records

    cfg = config_module.load(repo)
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0]
    target = repo / "elsewhere" / victim.name
    target.parent.mkdir()
    victim.rename(target)
    victim.symlink_to(target)
    records = read_records(cfg).records
    paths = {r.item.slug: r.item.path for r in records if r.item is not None}
    assert paths[victim.stem] == f"elsewhere/{victim.name}"
    assert sum(p.startswith("Research/completed/") for p in paths.values()) == len(paths) - 1


def test_themes_that_read_the_same_are_one_node(repo: Path) -> None:
    """A theme with a Cyrillic "а" or a zero-width joiner is the theme it imitates: one concept, one tag
    (a theme of the vocabulary that names one idea: one the vocabulary lacks is a tag, no node)."""
    first, second = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[:2]
    for path, theme in ((first, "knowledge-graphs"), (second, "knowledge-gr\u0430\u200dphs")):
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"(?m)^themes: \[", f'themes: ["{theme}", ', text, count=1), encoding="utf-8")
    result = build(config_module.load(repo))
    names = [e.name for e in result.graph.entities]
    assert all(name.isascii() for name in names), [n for n in names if not n.isascii()]
    tags = {o for e in result.graph.entities for o in e.observations if "graphs" in o and o.startswith("tag:")}
    assert tags == {"tag:knowledge_graphs"}
    assert "concept:knowledge-graphs" in names


def test_build_escapes_a_file_name_so_ci_reads_no_workflow_command(repo: Path) -> None:
    """A file name holding a newline must not start a line the CI runner reads as a command."""
    hostile = items_dir(repo) / "x\n::error file=a.md::pwned.md"
    hostile.write_text("---\ntitle: X\n---\n\n# X\n", encoding="utf-8")
    shown = CliRunner().invoke(cli, ["build", "--root", str(repo)])
    assert shown.exit_code == 1, shown.output
    lines = shown.output.split("\n")
    assert not [line for line in lines if line.startswith("::")], shown.output
    assert "x%0A::error file=a.md::pwned.md: error: file name" in shown.output


_EDITS = ("reword", "add", "delete", "date", "restore")


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(_EDITS), st.integers(0, 23)), min_size=1, max_size=4))
def test_cached_builds_equal_fresh_builds_through_random_edits(settle_at_once: None, edits: list[tuple[str, int]]) -> None:
    """Whatever the edits, a build through the caches (records, facts, vocabulary, state) writes
    the bytes a build without a cache writes."""
    import sys
    import tempfile

    sys.path.insert(0, str(ROOT / "bench"))
    import gen_corpus

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "gen"
        files = gen_corpus.generate(root / "Research" / "completed", 24, seed=3)
        originals = {path: path.read_bytes() for path in files}
        cfg = config_module.load(root).with_overrides(items="Research/completed/*.md",
                                                      cache_dir=str(Path(tmp) / "cache"))
        graph = cfg.path(cfg.graph)
        build(cfg)
        for edit, index in edits:
            path = files[index]
            if edit == "delete":
                path.unlink(missing_ok=True)
            elif edit == "restore":
                path.write_bytes(originals[path])
            elif path.exists():
                text = path.read_text(encoding="utf-8")
                if edit == "reword":
                    path.write_text(text.replace("**", "**Reworded: ", 1), encoding="utf-8")
                elif edit == "add":
                    _add_finding(path, f"Randomised edits keep cached bytes fresh {index}.")
                else:
                    _set_completed(path, "2020-01-01")
            # The same build without a cache, over the same committed graph and manifest (the
            # committed hubs are an input: a build from nothing may differ by design).
            uncached = Path(tmp) / "uncached.jsonl"
            shutil.copyfile(graph, uncached)
            shutil.copyfile(manifest_path(graph), manifest_path(uncached))
            build(cfg)
            build(cfg.with_overrides(graph=str(uncached), cache_dir=""))
            assert graph.read_bytes() == uncached.read_bytes(), (edit, index)
            assert manifest_path(graph).read_bytes() == manifest_path(uncached).read_bytes(), (edit, index)



@pytest.mark.parametrize("how", ["file", "folder"])
def test_an_item_reached_by_a_link_out_of_the_repository_is_an_error(repo: Path, tmp_path_factory: pytest.TempPathFactory,
                                                                      how: str) -> None:
    """A committed symlink must not make the build read outside the checkout (a runner's files, another
    repository): the item is an error named by the link, and keeps its previous nodes."""
    cfg = config_module.load(repo)
    first = build(cfg)
    victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[0]
    outside = tmp_path_factory.mktemp("outside")
    if how == "file":
        (outside / victim.name).write_bytes(victim.read_bytes().replace(b"\n# ", b"\nOUTSIDE TEXT\n\n# ", 1))
        victim.unlink()
        victim.symlink_to(outside / victim.name)
        shown = victim.relative_to(repo).as_posix()
    else:
        (outside / "2026-09-09-planted.md").write_bytes(victim.read_bytes())
        (items_dir(repo) / "linked").symlink_to(outside, target_is_directory=True)
        (repo / "kgsync.yml").write_text((repo / "kgsync.yml").read_text(encoding="utf-8")
                                         + "\nitems: Research/completed/**/*.md\n", encoding="utf-8")
        cfg = config_module.load(repo)
        shown = "Research/completed/linked/2026-09-09-planted.md"
    result = build(cfg)
    errors = [i for i in result.issues if i.severity is IssueSeverity.ERROR]
    assert [(e.location.path, e.message.split(" (")[0]) for e in errors] == [
        (shown, "a symbolic link leads out of the repository")]
    assert "OUTSIDE TEXT" not in (repo / "memory.jsonl").read_text(encoding="utf-8")
    assert "2026-09-09-planted" not in result.manifest.by_item
    assert result.manifest.by_item[victim.stem] == first.manifest.by_item[victim.stem]  # kept, not deleted


def test_an_item_whose_name_differs_only_in_case_from_another_does_not_stop_the_build(repo: Path) -> None:
    """A copy of an item under a name that differs only in case (a rename on a case-insensitive
    disk, a second author's copy) made node names with one confusable skeleton; the item blamed
    kept the same names, and the whole graph was refused ("nothing was written").  Now both files
    are item errors that keep their previous nodes, and every other item updates."""
    cfg = config_module.load(repo)
    first = build(cfg)
    files = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")
    original, other = files[0], files[1]
    twin = original.with_name(original.name[:11] + original.name[11].upper() + original.name[12:])
    twin.write_bytes(original.read_bytes())
    other.write_text(other.read_text(encoding="utf-8").replace('title: "', 'title: "Renamed: ', 1), encoding="utf-8")
    result = build(cfg)  # raised LintFailed
    failed = {i.location.path.rsplit("/", 1)[-1] for i in result.issues if i.severity is IssueSeverity.ERROR}
    assert failed == {twin.name, original.name}
    names = {e.name for e in result.graph.entities}
    assert f"item:{twin.stem}" not in names and f"item:{original.stem}" in names
    assert result.manifest.by_item[original.stem] == first.manifest.by_item[original.stem]
    item = next(e for e in result.graph.entities if e.name == f"item:{other.stem}")
    assert any(o.startswith("title: Renamed: ") for o in item.observations)  # the other items updated


def _built_twice(root: Path) -> tuple[bytes, bytes]:
    """The graph and manifest bytes of a build of ``root`` (no cache), checked equal after a second build."""
    paths = (root / "memory.jsonl", root / "memory.kgsync.json")
    for _ in range(2):
        result = CliRunner().invoke(cli, ["build", "--root", str(root), "-q", "--no-cache"])
        assert result.exit_code == 0, result.output
        if _ == 0:
            first = tuple(p.read_bytes() for p in paths)
    again = tuple(p.read_bytes() for p in paths)
    assert again == first, f"{root}: a second build with no input change rewrote the graph or its manifest"
    return again  # type: ignore[return-value]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sets(st.integers(0, 11), min_size=1), st.booleans())
def test_a_first_build_is_its_own_fixed_point(tmp_path_factory: pytest.TempPathFactory, kept: set[int],
                                             configured: bool) -> None:
    # Issue 21, "canonical means stable": the second build reads the first's manifest (its terms, acronyms,
    # topics, merges, hubs) and must find nothing to change, for any subset of items, with the example's
    # configuration or none (a new repository).
    root = tmp_path_factory.mktemp("fixpoint")
    shutil.copytree(EXAMPLE, root / "repo", ignore=shutil.ignore_patterns("memory.*", ".kgsync-cache", "site"))
    repo = root / "repo"
    if not configured:
        for name in ("kgsync.yml", "kgsync-vocab.yml"):
            (repo / name).unlink()
    files = sorted(p for p in items_dir(repo).glob("*.md") if p.name != "README.md")
    for n, path in enumerate(files):
        if n not in kept:
            path.unlink()
    _built_twice(repo)


@pytest.mark.slow
@pytest.mark.parametrize("prefix", ["2026-02", "2026-03", "2026-04"])
def test_a_first_build_of_a_month_of_the_real_corpus_is_its_own_fixed_point(
        tmp_path: Path, require_shared: Callable[[Path], Path], prefix: str) -> None:
    # The 28 items of January-February 2026 failed so (a name two items linked as a concept and one as a method).
    require_shared(CORPUS)
    target = tmp_path / "Research" / "completed"
    target.mkdir(parents=True)
    for path in sorted(CORPUS.glob(f"{prefix}-*.md")):
        shutil.copyfile(path, target / path.name)
    _built_twice(tmp_path)


def test_a_commented_out_key_findings_block_adds_no_claim_to_the_graph(repo: Path) -> None:
    # GitHub shows nothing of an HTML comment: an author's draft Key Findings kept in one is no section, and its
    # entries no findings; before, the draft heading was read as the item's Key Findings and its entry became a claim
    cfg = config_module.load(repo)
    slug, title = "2026-03-03-folding-accents", "Does folding accents raise recall?"
    draft = "<!--\n### Key Findings\n\n1. **Folding accents: withdrawn draft.** Zzyzx fell.\n-->"
    (repo / "Research" / "completed" / f"{slug}.md").write_text(
        f"---\ntitle: {title}\ncompleted: {slug[:10]}\n---\n\n# {title}\n\n## Research Question\n\nQ?\n\n"
        f"## Findings\n\n### Executive Summary\n\nSummary.\n\n{draft}\n\n### Key Findings\n\n"
        "1. **Folding accents: yes, by a tenth.** On 400 notes.\n<!-- 2. **A dropped finding.** Zzyzx rose. -->\n",
        encoding="utf-8")
    graph = build(cfg).graph
    claims = [e for e in graph.entities if e.name.startswith(f"claim:{slug}")]
    assert len(claims) == 1, [e.name for e in claims]
    words = " ".join([claims[0].name, *claims[0].observations]).lower()
    assert "by a tenth" in words and "withdrawn" not in words and "dropped" not in words, words
    assert not [e.name for e in graph.entities if any("zzyzx" in o.lower() for o in e.observations)]


def test_a_marker_written_as_a_definition_after_an_html_comment_makes_no_link_in_the_graph(repo: Path) -> None:
    # the line after an HTML comment opens a block (CommonMark 4.6, type 2 ends at "-->"): a definition there renders
    # nothing on GitHub, yet its marker was read and the graph held `supports` (docs227); after a paragraph's line
    # it is the paragraph's text, shown, and links
    cfg = config_module.load(repo)
    a_slug, b_slug = "2026-03-01-folding-case", "2026-03-02-folding-plurals"
    marker = f"[supports: {a_slug} KF1 from KF1]: https://example.org/note"
    for before, linked in (("<!-- a note -->", False), ("<!--\nA withdrawn note.\n-->", False), ("On 400 notes.", True)):
        for slug, title, summary in ((a_slug, "Does folding case raise recall?", "Summary."),
                                     (b_slug, "Does folding plurals raise recall?", f"Summary.\n\n{before}\n{marker}")):
            (repo / "Research" / "completed" / f"{slug}.md").write_text(
                f"---\ntitle: {title}\ncompleted: {slug[:10]}\n---\n\n# {title}\n\n## Research Question\n\nQ?\n\n"
                f"## Findings\n\n### Executive Summary\n\n{summary}\n\n### Key Findings\n\n"
                f"1. **{title.removeprefix('Does ').removesuffix('?')}: yes, by a tenth.** On 400 notes.\n", encoding="utf-8")
        graph = build(cfg).graph
        supports = [r for r in graph.relations if r.relation_type == "supports" and r.source.startswith(f"claim:{b_slug}")]
        assert bool(supports) == linked and all(r.target.startswith(f"claim:{a_slug}") for r in supports), before
