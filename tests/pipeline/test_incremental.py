"""The incremental rebuild gives exactly the bytes of a rebuild without a cache, or is not taken."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from kgsync.pipeline import assembling, stages
from kgsync.pipeline.cache import lint_report
from kgsync.pipeline.result import BuildResult
from kgsync.pipeline.stages import build
from kgsync.read import config as config_module
from kgsync.read.config import Config
from tests.pipeline.example_edits import EXAMPLE, OUTPUTS, items_of, reword_first_finding



def make_repo(target: Path, count: int = 6) -> Path:
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns("memory.*", ".kgsync-cache", "site"))
    for path in sorted(items_of(target))[count:]:
        path.unlink()
    return target


def config_of(repo: Path, cache: Path) -> Config:
    return config_module.load(repo).with_overrides(cache_dir=str(cache))


def assert_same_as_fresh(repo: Path, cache: Path, tmp: Path) -> BuildResult:
    """Rebuild ``repo`` with its cache and a copy of it without one: the same files, report and result."""
    twin = tmp / "twin"  # the same checkout (items, committed graph and manifest), copied before either build
    shutil.rmtree(twin, ignore_errors=True)
    shutil.copytree(repo, twin)
    shutil.rmtree(tmp / "twin-cache", ignore_errors=True)
    result = build(config_of(repo, cache))
    fresh = build(config_of(twin, tmp / "twin-cache"))
    assert not fresh.incremental
    for name in OUTPUTS:
        assert (repo / name).read_bytes() == (twin / name).read_bytes(), name
    # Content added by hand is placed at its line of the graph file: the same line in either copy.
    assert repr(result.report).replace(str(repo), "<repo>") == repr(fresh.report).replace(str(twin), "<repo>")
    # A cache file that did not validate is said (a notice), and only costs time.
    issues = tuple(i for i in result.issues if not i.location.path.startswith(str(cache)))
    assert repr(issues).replace(str(repo), "<repo>") == repr(fresh.issues).replace(str(twin), "<repo>")
    assert result.graph == fresh.graph
    assert result.sizes == fresh.sizes == (len(fresh.graph.entities), len(fresh.graph.relations))
    assert result.manifest.dumps() == fresh.manifest.dumps()
    assert (result.removed_items, result.disowned, result.wrote) == (fresh.removed_items, fresh.disowned, fresh.wrote)
    return result


def reword_title(path: Path, word: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r'^title: "', f'title: "{word} ', text, count=1, flags=re.M), encoding="utf-8")


def shift_lines(path: Path) -> None:
    """A blank line after the first heading: every fact of the item now points one line lower."""
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"^(# .*)$", r"\1\n", text, count=1, flags=re.M), encoding="utf-8")


def add_copy(path: Path, suffix: str) -> None:
    path.with_name(f"{path.stem}-{suffix}.md").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")


WORDS = st.sampled_from(["Measured", "Reliably", "Again", "Notably", "Ünïcode", "Latency"])
EDITS = st.one_of(
    st.tuples(st.just("title"), st.integers(0, 20), WORDS),
    st.tuples(st.just("finding"), st.integers(0, 20), WORDS),
    st.tuples(st.just("shift"), st.integers(0, 20), st.just("")),
    st.tuples(st.just("long title"), st.integers(0, 20), st.sampled_from(["x" * 320, "key: glued status:odd"])),
    st.tuples(st.just("add"), st.integers(0, 20), st.sampled_from(["copy", "again"])),
    st.tuples(st.just("delete"), st.integers(0, 20), st.just("")),
)


def apply(repo: Path, edit: tuple[str, int, str]) -> None:
    kind, index, word = edit
    paths = items_of(repo)
    if not paths:
        return
    path = paths[index % len(paths)]
    if kind == "title":
        reword_title(path, word)
    elif kind == "finding":
        reword_first_finding(path, word)
    elif kind == "shift":
        shift_lines(path)
    elif kind == "long title":
        reword_title(path, word)
    elif kind == "add" and not path.stem.endswith(("-copy", "-again")):
        add_copy(path, word)
    elif kind == "delete" and len(paths) > 2:
        path.unlink()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(EDITS, min_size=1, max_size=4))
def test_any_edit_sequence_rebuilds_to_the_bytes_of_a_fresh_build(tmp_path_factory: pytest.TempPathFactory,
                                                                   steps: list[tuple[str, int, str]]) -> None:
    tmp = tmp_path_factory.mktemp("incremental")
    repo = make_repo(tmp / "repo")
    cache = tmp / "cache"
    build(config_of(repo, cache))
    for edit in steps:
        apply(repo, edit)
        result = assert_same_as_fresh(repo, cache, tmp)
        event(f"{edit[0]}: {'incremental' if result.incremental else 'full'}")


def test_a_reworded_title_takes_the_incremental_path(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    cache = tmp_path / "cache"
    first = build(config_of(repo, cache))
    assert not first.incremental  # no report cached yet
    assert build(config_of(repo, cache)).incremental  # a no-op rebuild
    reword_title(items_of(repo)[1], "Measured")
    result = assert_same_as_fresh(repo, cache, tmp_path)
    assert result.incremental and result.wrote
    assert [stage for stage, _ in result.timings] == list(stages.STAGES)


@pytest.fixture
def warm(tmp_path: Path) -> tuple[Path, Path]:
    """A repo built twice (its report cached), then one title reworded: the incremental case."""
    repo = make_repo(tmp_path / "repo")
    cache = tmp_path / "cache"
    build(config_of(repo, cache))
    reword_title(items_of(repo)[1], "Measured")
    return repo, cache


def rebuilt_fully(repo: Path, cache: Path, tmp: Path) -> None:
    assert not assert_same_as_fresh(repo, cache, tmp).incremental


def test_a_graph_edited_by_hand_falls_back(warm: tuple[Path, Path], tmp_path: Path) -> None:
    repo, cache = warm
    graph = repo / "memory.jsonl"
    graph.write_bytes(graph.read_bytes() + b'\n{"type":"entity","name":"concept:hand-added","entityType":"concept",'
                      b'"observations":["summary: added by an agent"]}')
    rebuilt_fully(repo, cache, tmp_path)


#: A file outside the items, and an edit of its text: each must send the rebuild down the full path.
_EDITS_OUTSIDE_THE_ITEMS = {
    "manifest edited by hand": ("memory.kgsync.json",
                                lambda text: text.replace('"kgsync_manifest": 1, ', '"kgsync_manifest": 1,  ')),
    "config changed": ("kgsync.yml", lambda text: text + "merge:\n  min_edit_distance: 2\n"),
    "themes file changed": ("docs/themes-vocabulary.md", lambda text: text.replace("\n```\n", "\n# edited\n```\n", 1)),
    "vocabulary file changed": ("kgsync-vocab.yml", lambda text: text + "\n# edited\n"),
}


@pytest.mark.parametrize("edit", sorted(_EDITS_OUTSIDE_THE_ITEMS))
def test_an_edit_outside_the_items_falls_back(edit: str, warm: tuple[Path, Path], tmp_path: Path) -> None:
    repo, cache = warm
    name, change = _EDITS_OUTSIDE_THE_ITEMS[edit]
    path = repo / name
    text = path.read_text(encoding="utf-8")
    assert change(text) != text, f"the {edit!r} edit changes nothing: the test would prove nothing"
    path.write_text(change(text), encoding="utf-8")
    rebuilt_fully(repo, cache, tmp_path)


def test_other_code_falls_back(warm: tuple[Path, Path], tmp_path: Path) -> None:
    repo, cache = warm
    with mock.patch.object(lint_report, "output_fingerprint", lambda: "other code"):
        rebuilt_fully(repo, cache, tmp_path)


def test_a_changed_selection_falls_back(warm: tuple[Path, Path], tmp_path: Path) -> None:
    repo, cache = warm
    real = stages.inputs_key

    def other_selection(config: Config, assembled: object, vocabulary: object) -> str | None:
        key = real(config, assembled, vocabulary)  # type: ignore[arg-type]
        return None if key is None else key + "-other-hubs"

    with mock.patch.object(stages, "inputs_key", other_selection):
        rebuilt_fully(repo, cache, tmp_path)


def test_a_tampered_report_is_ignored(warm: tuple[Path, Path], tmp_path: Path) -> None:
    repo, cache = warm
    stored = next(cache.rglob("lint-report.json"))
    stored.write_text('{"not": "a report"}', encoding="utf-8")
    result = assert_same_as_fresh(repo, cache, tmp_path)
    assert not result.incremental
    assert [i.message for i in result.issues if i.location.path == str(stored)] == [
        "cache file does not validate (Expected `array`, got `object`); ignored, the work is done again"]


def test_a_new_node_falls_back(warm: tuple[Path, Path], tmp_path: Path) -> None:
    repo, cache = warm
    build(config_of(repo, cache))
    add_copy(items_of(repo)[0], "copy")
    rebuilt_fully(repo, cache, tmp_path)


def test_the_cli_counts_an_incremental_graph_without_building_it(warm: tuple[Path, Path], tmp_path: Path) -> None:
    from click.testing import CliRunner

    from kgsync.cli.main import cli

    repo, cache = warm
    twin = tmp_path / "twin"
    shutil.copytree(repo, twin)
    fresh = build(config_of(twin, tmp_path / "twin-cache"))
    done = CliRunner().invoke(cli, ["build", "--root", str(repo), "--cache-dir", str(cache)])
    assert done.exit_code == 0, done.output
    entities, relations = len(fresh.graph.entities), len(fresh.graph.relations)
    assert f"-> {entities} entities, {relations} relations; wrote" in done.output


def test_a_reworded_finding_reads_the_facts_of_few_items(warm: tuple[Path, Path], tmp_path: Path) -> None:
    # Reused facts are decoded when first read (``StoredFacts``): the splice reads those of the
    # items whose JSON spells a fact the edit removed, not every item's.
    from kgsync.pipeline.cache import memo

    repo, cache = warm
    build(config_of(repo, cache))  # the reworded title's build: its facts are stored, its report cached
    reword_first_finding(items_of(repo)[2], "measured")
    decoded: set[str] = set()
    real = memo.StoredFacts._decoded

    def counted(self: memo.StoredFacts) -> object:
        decoded.add(self._slug)
        return real(self)

    with mock.patch.object(memo.StoredFacts, "_decoded", counted):
        result = assert_same_as_fresh(repo, cache, tmp_path)
    assert result.incremental
    reused = len(items_of(repo)) - 1
    assert len(decoded) < reused, f"{len(decoded)} of {reused} reused items' facts were decoded"


def test_stored_facts_that_do_not_validate_are_assembled_again(warm: tuple[Path, Path], tmp_path: Path) -> None:
    # An entry's facts JSON with a wrong type inside (the shard itself validates): found when first
    # read, on the incremental path too; the build runs again without it, and says so.
    import json

    repo, cache = warm
    build(config_of(repo, cache))
    shard = sorted((cache / "facts").glob("*.json"))[0]
    texts = shard.with_suffix(".texts")  # the entries' facts' JSON, kept apart (``facts.FactsStore``)
    head, stored = json.loads(texts.read_bytes())
    slug = next(iter(stored))
    facts = json.loads(stored[slug])
    facts["entities"][0] = {"__reduce__": "os.system"}
    stored[slug] = json.dumps(facts)
    texts.write_text(json.dumps([head, stored]), encoding="utf-8")
    reword_first_finding(next(p for p in items_of(repo) if p.stem != slug), "measured")
    result = assert_same_as_fresh(repo, cache, tmp_path)
    assert [i.message for i in result.issues if i.location.path == str(shard)] == [
        f"cache file entry of {slug} does not validate; ignored, the work is done again"]
    assert not [i for i in build(config_of(repo, cache)).issues if "cache file" in i.message]


graph_names = st.sampled_from(["a", "b", "c", "item:x", "item:y", "é", "z\"q", "concept:k"])


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(graph_names, st.lists(st.sampled_from(["o1", "o\n2", "ü"]), max_size=2), max_size=6),
       st.lists(st.tuples(graph_names, graph_names, st.sampled_from(["addresses", "uses_method", "extends"])),
                max_size=8), graph_names, st.tuples(graph_names, graph_names, st.sampled_from(["addresses", "cites"])))
def test_the_sorted_file_finds_each_line_as_a_split_would(entities: dict[str, list[str]],
                                                         relations: list[tuple[str, str, str]], name: str,
                                                         key: tuple[str, str, str]) -> None:
    """``_SortedFile`` bisects the file's bytes: each entity's line and relation as the split file holds them,
    and finds the relations attributing a name as the split file lists them."""
    from kgsync.pipeline.incremental import _SortedFile
    from kgsync.contract import jsonl
    from kgsync.contract.model import Entity, Graph, Relation

    graph = Graph(tuple(Entity(n, "concept", tuple(obs)) for n, obs in entities.items()),
                  tuple(Relation(*r) for r in relations)).canonical()
    data = jsonl.dumps(graph).encode("utf-8")
    file = _SortedFile(data)
    lines = data.split(b"\n") if data else []
    for index, entity in enumerate(graph.entities):
        found = file.entity_line(entity.name)
        assert found is not None and data[found[0] : found[1]] == lines[index]
    assert (file.entity_line(name) is not None) == (name in entities)
    assert data[file.relations_offset:] == b"\n".join(lines[len(graph.entities):])
    assert file.has_relation(key) == (Relation(*key) in graph.relations)
    for relation in graph.relations:
        assert file.has_relation((relation.source, relation.target, relation.relation_type))
    # The sources attributing ``name``: the ``addresses`` relations' then the ``uses_method`` ones', in file order.
    assert file.attributing(name) == [relation.source for relation_type in ("addresses", "uses_method")
                                      for relation in graph.relations
                                      if relation.target == name and relation.relation_type == relation_type]


def _split_count() -> tuple[list[int], object]:
    """A counter of the manifest's whole splits (``manifest_item_texts`` of a whole text)."""
    from kgsync.graph import manifest_lines

    calls: list[int] = []
    real = manifest_lines.manifest_item_texts

    def counted(text: str) -> object:
        calls.append(1)
        return real(text)

    return calls, mock.patch.object(manifest_lines, "manifest_item_texts", counted)


def test_edits_adds_deletes_and_a_renamed_slug_equal_fresh_builds(tmp_path: Path) -> None:
    # The record of the last manifest's lines (``kgsync.graph.manifest_lines``): each rebuild reads
    # the lines of the items that changed only, and writes what a build without a cache writes.
    repo = make_repo(tmp_path / "repo")
    cache = tmp_path / "cache"
    build(config_of(repo, cache))
    build(config_of(repo, cache))
    calls, patch = _split_count()
    with patch, mock.patch.object(assembling, "manifest_item_texts", side_effect=AssertionError("split")):
        reword_first_finding(items_of(repo)[1], "measured")
        assert assert_same_as_fresh(repo, cache, tmp_path).incremental
        reword_first_finding(items_of(repo)[1], "again")  # a second incremental rebuild in a row
        assert assert_same_as_fresh(repo, cache, tmp_path).incremental
        reword_title(items_of(repo)[3], "Measured")
        assert assert_same_as_fresh(repo, cache, tmp_path).incremental
    assert not calls
    for step in ("delete", "add", "rename"):
        paths = items_of(repo)
        if step == "delete":
            paths[2].unlink()
        elif step == "add":
            add_copy(paths[0], "copy")
        else:
            paths[4].rename(paths[4].with_name(f"{paths[4].stem}-renamed.md"))
        assert_same_as_fresh(repo, cache, tmp_path)
        reword_title(items_of(repo)[0], step.capitalize())  # and an edit after it: incremental again
        assert assert_same_as_fresh(repo, cache, tmp_path).incremental


@pytest.mark.parametrize("damage", ["missing", "other manifest"])
def test_without_its_record_the_manifest_is_split(damage: str, warm: tuple[Path, Path], tmp_path: Path) -> None:
    from kgsync.pipeline.cache import manifest_record

    repo, cache = warm
    build(config_of(repo, cache))
    path = cache / manifest_record._FILE
    if damage == "missing":
        path.unlink()
    else:
        record = manifest_record.ManifestRecord(cache, stages.CacheReader())
        lines = record.load(next(iter(record.reader.read(path, manifest_record._Stored)[1:2])))
        record.save("0" * 40, lines)
    reword_first_finding(items_of(repo)[2], "measured")
    calls, patch = _split_count()
    with patch:
        assert assert_same_as_fresh(repo, cache, tmp_path).incremental
    assert calls  # the lines were read from the split (the record was not of these bytes)


def test_a_stored_text_that_is_no_json_string_is_never_taken_for_facts(warm: tuple[Path, Path],
                                                                      tmp_path: Path) -> None:
    # The store's texts are read as raw JSON (``memo.FactsTexts``): a number where a text belongs
    # validates with its shard, and fails where it is read; the output is a fresh build's either way.
    import json

    repo, cache = warm
    build(config_of(repo, cache))
    texts = sorted((cache / "facts").glob("*.texts"))[0]  # the entries' facts' JSON, kept apart
    head, stored = json.loads(texts.read_bytes())
    slug = next(iter(stored))
    stored[slug] = 5
    texts.write_text(json.dumps([head, stored]), encoding="utf-8")
    reword_first_finding(next(p for p in items_of(repo) if p.stem != slug), "measured")
    assert_same_as_fresh(repo, cache, tmp_path)
    reword_first_finding(next(p for p in items_of(repo) if p.stem == slug), "again")
    assert_same_as_fresh(repo, cache, tmp_path)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "c", 'q"', "é"]), min_size=1, max_size=4, unique=True), st.data())
def test_the_facts_stated_elsewhere_are_found_in_the_manifests_bytes(slugs: list[str], data: st.DataObject) -> None:
    """``_stated_elsewhere`` with ``LastLines.holding`` finds what the search of each item's JSON finds."""
    from kgsync.contract.model import Facts, Relation
    from kgsync.graph.manifest_lines import LastLines
    from kgsync.graph.manifest import Manifest, facts_json
    from kgsync.pipeline.incremental import _Stated, _stated_elsewhere

    names = st.sampled_from(["concept:x", "concept:y", 'concept:"z"', "item:a"])
    by_item = {slug: Facts(tuple((n, "concept") for n in data.draw(st.lists(names, max_size=2, unique=True))),
                           tuple(data.draw(st.lists(st.tuples(names, st.sampled_from(["o", "p\n"])), max_size=2))),
                           tuple(Relation(*r) for r in data.draw(st.lists(st.tuples(names, names, st.just("addresses")),
                                                                         max_size=2))))
               for slug in slugs}
    wanted = _Stated.of([Facts(((data.draw(names), "concept"),), ((data.draw(names), "o"),),
                               (Relation(data.draw(names), data.draw(names), "addresses"),))])
    lines = LastLines(Manifest(by_item, named={slugs[0]: (("cites", "concept:x"),)}).dumps().encode("utf-8"), None)
    known = {slug: facts_json(facts) for slug, facts in by_item.items()}
    assert _stated_elsewhere(wanted, slugs, by_item, known, lines.holding) == _stated_elsewhere(wanted, slugs, by_item,
                                                                                                known)
