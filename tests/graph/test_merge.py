"""Ownership: a rebuild replaces exactly what kgsync generated, nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.contract.errors import GraphFormatError
from kgsync.graph.manifest_head import manifest_acronyms, manifest_hubs, manifest_topics
from kgsync.graph.merge import Manifest, facts_json, load_manifest, manifest_item_texts, merge
from kgsync.contract.model import Entity, Facts, Graph, Relation


def facts(slug: str, concept_alias: str) -> Facts:
    item, concept = f"item:{slug}", "concept:knowledge-graph"
    return Facts(
        entities=((item, "research_item"), (concept, "concept")),
        observations=((item, f"title: {slug}"), (item, f"provenance:item={slug}"),
                      (concept, f"alias:{concept_alias}"), (concept, f"provenance:item={slug}")),
        relations=(Relation(item, concept, "addresses"),),
    )


def entity(graph: Graph, name: str) -> Entity:
    found = graph.entity(name)
    assert found is not None, name
    return found


def test_first_build_is_just_the_generated_graph() -> None:
    graph, manifest = merge(Graph(), None, {"a": facts("a", "knowledge graph")})
    assert [e.name for e in graph.entities] == ["concept:knowledge-graph", "item:a"]
    assert entity(graph, "item:a").observations == ("title: a", "provenance:item=a")
    assert set(manifest.by_item) == {"a"}


def test_shared_concept_loses_only_the_removed_items_facts() -> None:
    both = {"a": facts("a", "knowledge graph"), "b": facts("b", "knowledge graphs")}
    graph, manifest = merge(Graph(), None, both)
    assert entity(graph, "concept:knowledge-graph").observations == (
        "alias:knowledge graph", "alias:knowledge graphs", "provenance:item=a", "provenance:item=b")
    graph2, manifest2 = merge(graph, manifest, {"b": both["b"]})
    assert entity(graph2, "concept:knowledge-graph").observations == ("alias:knowledge graphs", "provenance:item=b")
    assert "item:a" not in graph2
    assert Relation("item:a", "concept:knowledge-graph", "addresses") not in graph2.relations
    assert set(manifest2.by_item) == {"b"}


def test_hand_added_content_survives_rebuilds() -> None:
    graph, manifest = merge(Graph(), None, {"a": facts("a", "kg")})
    agent = Graph(
        graph.entities
        + (Entity("concept:agent-note", "concept", ("provenance:item=a", "by an agent")),),
        graph.relations + (Relation("item:a", "concept:agent-note", "addresses"),),
    )
    # the agent also annotated kgsync's own node
    agent = Graph(tuple(Entity(e.name, e.entity_type, e.observations + ("agent says hi",))
                        if e.name == "item:a" else e for e in agent.entities), agent.relations)
    rebuilt, manifest2 = merge(agent, manifest, {"a": facts("a", "kg v2")})
    assert entity(rebuilt, "concept:agent-note").observations == ("provenance:item=a", "by an agent")
    assert "agent says hi" in entity(rebuilt, "item:a").observations
    assert Relation("item:a", "concept:agent-note", "addresses") in rebuilt.relations
    assert "alias:kg" not in entity(rebuilt, "concept:knowledge-graph").observations
    assert "alias:kg v2" in entity(rebuilt, "concept:knowledge-graph").observations
    again, _ = merge(rebuilt, manifest2, {"a": facts("a", "kg v2")})
    assert again == rebuilt


def test_failed_item_keeps_its_previous_facts() -> None:
    graph, manifest = merge(Graph(), None, {"a": facts("a", "kg"), "b": facts("b", "kgs")})
    kept, manifest2 = merge(graph, manifest, {"b": facts("b", "kgs")}, keep=frozenset({"a"}))
    assert kept == graph
    assert manifest2.by_item["a"] == manifest.by_item["a"]


def test_manifest_round_trip() -> None:
    _, manifest = merge(Graph(), None, {"a": facts("a", "kg \"quoted\" ü"), "b": facts("b", "x")})
    text = manifest.dumps()
    assert Manifest.loads(text, "m").by_item == manifest.by_item
    assert text.count("\n") == 4  # header, one line per item, footer


names = st.sampled_from(["a", "b", "c", "d"])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(names, st.sampled_from(["kg", "graphs", "rag"])), max_size=6),
       st.lists(st.tuples(names, st.sampled_from(["kg", "graphs", "vector"])), max_size=6))
def test_rebuild_equals_fresh_build_and_is_order_independent(first, second) -> None:
    gen1 = {slug: facts(slug, alias) for slug, alias in first}
    gen2 = {slug: facts(slug, alias) for slug, alias in second}
    old, manifest = merge(Graph(), None, gen1)
    rebuilt, _ = merge(old, manifest, gen2)
    fresh, _ = merge(Graph(), None, gen2)
    assert rebuilt == fresh  # nothing stale survives, nothing is lost
    shuffled, _ = merge(Graph(), None, dict(reversed(list(gen2.items()))))
    assert shuffled == fresh


text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(text, text), max_size=3), st.lists(st.tuples(text, text), max_size=3),
       st.lists(st.tuples(text, text, text), max_size=3), text)
def test_manifest_line_is_the_compact_json_of_the_facts(entities, observations, relations, slug) -> None:
    import json

    item = Facts(tuple(entities), tuple(observations), tuple(Relation(*r) for r in relations))
    expected = f"{json.dumps(slug, ensure_ascii=False)}: " + json.dumps(item.as_json(), ensure_ascii=False,
                                                                        separators=(",", ":"))
    assert Manifest({slug: item}).dumps().split("\n")[1] == expected
    assert Manifest.loads(Manifest({slug: item}).dumps(), "m").by_item[slug] == item


slugs = st.sampled_from(["a", "b", "c-d", "é", "a\"q", "z"])
manifests = st.builds(
    lambda items, statements, named, hubs: Manifest(
        {slug: facts(slug, alias) for slug, alias in items.items()},
        statements={slug: ((f"claim:{slug}:x", text),) for slug, text in statements.items() if slug in items},
        named={slug: (("cites", target),) for slug, target in named.items() if slug in items}, hubs=hubs),
    st.dictionaries(slugs, text, max_size=6), st.dictionaries(slugs, text, max_size=3),
    st.dictionaries(slugs, slugs, max_size=3), st.sampled_from([(), ("hub",)]))


@settings(max_examples=150, deadline=None)
@given(manifests, manifests)
def test_a_manifest_written_over_the_last_one_is_its_dumps(old: Manifest, new: Manifest) -> None:
    """``dumps_over`` keeps the old file's lines as bytes: the same bytes as ``dumps``, and the old
    object itself when no line moved (the write then knows its digest)."""
    old_bytes = old.dumps().encode("utf-8")
    assert new.dumps_over(old_bytes, old_bytes.decode("utf-8")) == new.dumps().encode("utf-8")
    assert old.dumps_over(old_bytes, old_bytes.decode("utf-8")) is old_bytes
    # One item's facts changed: its line alone is written again, the rest kept.
    if old.by_item:
        slug = sorted(old.by_item)[len(old.by_item) // 2]
        edited = Manifest({**old.by_item, slug: facts(slug, "edited")}, hubs=old.hubs, statements=old.statements,
                          named=old.named)
        assert edited.dumps_over(old_bytes, old_bytes.decode("utf-8")) == edited.dumps().encode("utf-8")


def test_foreign_content_is_reported_and_a_pure_graph_merges_like_an_empty_one() -> None:
    from kgsync.graph.merge import merge_with_foreign

    gen1 = {"a": facts("a", "kg"), "b": facts("b", "graphs")}
    gen2 = {"a": facts("a", "kg v2")}
    graph, manifest, foreign = merge_with_foreign(Graph(), None, gen1)
    assert not foreign
    # pure: merging into it is merging into nothing (the pipeline's shortcut)
    assert merge_with_foreign(graph, manifest, gen2)[:2] == merge_with_foreign(Graph(), manifest, gen2)[:2]
    hand = Graph(graph.entities + (Entity("concept:x", "concept", ()),), graph.relations)
    assert merge_with_foreign(hand, manifest, gen2)[2]
    note = Graph(tuple(Entity(e.name, e.entity_type, e.observations + ("agent: note",)) for e in graph.entities),
                 graph.relations)
    assert merge_with_foreign(note, manifest, gen2)[2]
    extra = Graph(graph.entities, graph.relations + (Relation("item:a", "item:b", "extends"),))
    assert merge_with_foreign(extra, manifest, gen2)[2]


def test_manifest_item_texts_give_each_items_facts_undecoded() -> None:
    import json
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "memory.kgsync.json").read_text(
        encoding="utf-8")
    manifest = Manifest.loads(text, "memory.kgsync.json")
    texts = manifest_item_texts(text)
    assert set(texts) == set(manifest.by_item)
    assert {slug: Facts.from_json(json.loads(t)) for slug, t in texts.items()} == dict(manifest.by_item)


def test_the_manifest_keeps_the_vocabulary_state_its_events_compare(tmp_path: Path) -> None:
    """Hubs, discriminating themes and near-duplicate merges on the first line (the PR compares
    them with the base commit's manifest: ``kgsync.diff.vocab_events``)."""
    manifest = Manifest({"a": Facts()}, hubs=("h",), themes=("evals",), merges=(("dense-retrieval", "retrieval"),),
                        acronyms=(("rag", "retrieval augmented generation", ("a",)),))
    text = manifest.dumps()
    assert text.splitlines()[0] == ('{"kgsync_manifest": 1, "hubs": ["h"], "themes": ["evals"], '
                                    '"merges": [["dense-retrieval", "retrieval"]], '
                                    '"acronyms": [["rag", "retrieval augmented generation", ["a"]]], "items": {')
    assert Manifest.loads(text, "m") == manifest
    (tmp_path / "m.json").write_text(text, encoding="utf-8")
    assert manifest_hubs(tmp_path / "m.json") == frozenset({"h"})
    with pytest.raises(GraphFormatError, match="merges must be a list of"):
        Manifest.loads(text.replace('["dense-retrieval", "retrieval"]', '["dense-retrieval"]'), "m")
    with pytest.raises(GraphFormatError, match="themes must be a list of strings"):
        Manifest.loads(text.replace('["evals"]', '"evals"'), "m")
    with pytest.raises(GraphFormatError, match="acronyms must be a list of"):
        Manifest.loads(text.replace('["a"]]]', '"a"]]'), "m")


def test_the_terms_head_round_trips_and_a_hostile_value_is_an_error_naming_its_key(tmp_path: Path) -> None:
    """The mined terms, with the min_links and caps they were written under, round-trip; a value of
    the wrong shape is an error naming its key (the build reports the file and the fix), and the
    head alone (``manifest_terms``) holds nothing from it, nor under other settings."""
    from kgsync.graph.manifest_head import manifest_terms

    manifest = Manifest({}, terms=("agent-memory", "vector-search"), min_links=2, term_caps=(5, 2))
    text = manifest.dumps()
    assert text.splitlines()[0] == ('{"kgsync_manifest": 1, "min_links": 2, "caps": {"concepts": 5, "methods": 2}, '
                                    '"terms": ["agent-memory", "vector-search"], "items": {')
    assert Manifest.loads(text, "m") == manifest
    path = tmp_path / "m.json"
    path.write_text(text, encoding="utf-8")
    assert manifest_terms(path, 2, (5, 2)) == {"agent-memory", "vector-search"}
    assert manifest_terms(path, 3, (5, 2)) == manifest_terms(path, 2, (6, 2)) == frozenset()
    caps, terms = '"caps": {"concepts": 5, "methods": 2}', '["agent-memory", "vector-search"]'
    for old, new, key in (('"min_links": 2', '"min_links": "2"', "min_links"),
                          ('"min_links": 2', '"min_links": true', "min_links"),
                          ('"concepts": 5', '"concepts": -5', "caps.concepts"), (caps, '"caps": 5', "caps"),
                          (caps, '"caps": {"concepts": 5}', "caps"), (terms, "5", "terms"), (terms, "[1, 2]", "terms")):
        hostile = text.replace(old, new)
        with pytest.raises(GraphFormatError, match=f"{key} must be"):
            Manifest.loads(hostile, "m")
        path.write_text(hostile, encoding="utf-8")
        assert manifest_terms(path, 2, (5, 2)) == frozenset(), key


def _forge(repo: Path) -> tuple[str, list[tuple[str, str]], Relation]:
    """An agent's facts in the committed graph, then listed under one item's manifest entry."""
    from kgsync.contract import jsonl
    from kgsync.graph.merge import load_manifest, manifest_path

    graph_file = repo / "memory.jsonl"
    committed = jsonl.read(graph_file)
    manifest = load_manifest(manifest_path(graph_file))
    assert manifest is not None
    slug, other = sorted(manifest.by_item)[:2]
    note = (f"item:{slug}", "note: checked against the source by the agent")
    alias = ("concept:agent-idea", "alias:agent idea")
    link = Relation(f"item:{other}", "concept:agent-idea", "addresses")
    entities = [Entity(e.name, e.entity_type, e.observations + ((note[1],) if e.name == note[0] else ()))
                for e in committed.entities] + [Entity("concept:agent-idea", "concept", (alias[1],))]
    graph_file.write_text(jsonl.dumps(Graph(tuple(entities), committed.relations + (link,)).canonical()),
                          encoding="utf-8")
    own = manifest.by_item[slug]
    forged = Facts(own.entities + (("concept:agent-idea", "concept"),), own.observations + (note, alias),
                   own.relations + (link,), own.evidence)
    manifest_path(graph_file).write_text(Manifest({**manifest.by_item, slug: forged}).dumps(), encoding="utf-8")
    return slug, [note, alias], link


def test_facts_the_manifest_credits_to_an_item_that_cannot_write_them_are_kept_and_reported(
        example_repo: Path) -> None:
    """The committed manifest is data: listing an agent's facts under an item's entry does not make
    the next build delete them; they are kept as hand-added content and reported."""
    from click.testing import CliRunner

    from kgsync.pipeline.stages import build
    from kgsync.cli.main import cli
    from kgsync.read import config as config_module

    slug, observations, link = _forge(example_repo)
    result = build(config_module.load(example_repo), write=False)
    for name, text in observations:
        found = result.graph.entity(name)
        assert found is not None and text in found.observations, (name, text)
    assert link in result.graph.relations
    assert f"{slug}: item:{slug}: note: checked against the source by the agent" in result.disowned
    assert f"{slug}: concept:agent-idea (concept)" in result.disowned
    assert len(result.disowned) == 4
    assert not set(observations) & set(result.manifest.by_item[slug].observations)  # no longer credited
    shown = CliRunner().invoke(cli, ["build", "--root", str(example_repo)])
    assert "warning: the manifest credits items with 4 fact(s) no build of them writes" in shown.output


def _item_texts_by_split(text: str) -> dict[str, str]:
    """``manifest_item_texts`` as first written (the text split into lines): its oracle."""
    import json

    decode = json.JSONDecoder().raw_decode
    texts: dict[str, str] = {}
    for line in text.split("\n")[1:]:
        if line.startswith('"'):
            slug, end = decode(line)
            texts[slug] = line[end:].lstrip(": ").rstrip(",")
    return texts


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(st.characters(blacklist_categories=("Cs",)), max_size=6), text, max_size=5),
       st.lists(st.sampled_from(['"', '"a', '"\\"": {}', '"x\\u0041": {},,', '"a": {}', "{", "", '"\t": {}']),
                max_size=3))
def test_manifest_item_texts_read_each_line_as_a_split_would(items: dict[str, str], junk: list[str]) -> None:
    text = Manifest({slug: facts(slug, alias) for slug, alias in items.items()}).dumps()
    assert dict(manifest_item_texts(text)) == _item_texts_by_split(text)
    # Lines no manifest has: the same texts, or the same error.
    odd = text.replace("\n}}\n", "\n" + "\n".join(junk) + "\n}}\n")
    try:
        expected: dict[str, str] | None = _item_texts_by_split(odd)
    except ValueError:
        expected = None
    if expected is None:
        with pytest.raises(ValueError):
            manifest_item_texts(odd)
    else:
        assert dict(manifest_item_texts(odd)) == expected


def test_a_manifest_head_nested_too_deep_is_unreadable_not_a_traceback(tmp_path: Path) -> None:
    # json.loads raises RecursionError (no ValueError) on a line nested 100,000 deep: the build died
    # in manifest_hubs instead of reporting the manifest as unreadable when it reads it whole.
    path = tmp_path / "memory.kgsync.json"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert (manifest_hubs(path), manifest_topics(path), manifest_acronyms(path)) == (None, frozenset(), ())
    with pytest.raises(GraphFormatError, match="kgsync manifest is unreadable"):
        Manifest.loads(path.read_text(encoding="utf-8"), str(path))


def test_the_manifest_encoded_in_pieces_is_its_text_and_loads_back_the_same() -> None:
    facts = Facts((("item:a", "research_item"), ("concept:x", "concept")), (("item:a", "title: A"),),
                  (Relation("item:a", "concept:x", "addresses"),))
    manifest = Manifest({"a": facts, "b": Facts((("concept:x", "concept"),))}, hubs=("x",))
    text = manifest.dumps()
    assert b"".join(manifest.encoded()) == text.encode("utf-8") and text.endswith("}}\n")
    loaded = Manifest.loads(text, "memory.kgsync.json")
    assert loaded == manifest and loaded.dumps() == text
    # One string for each name, however often the manifest writes it.
    assert loaded.by_item["a"].entities[1][0] is loaded.by_item["b"].entities[0][0]


@pytest.mark.parametrize("version", [2, 10])
def test_a_manifest_of_a_newer_kgsync_says_to_upgrade_not_to_restore(tmp_path: Path, version: int) -> None:
    # A manifest a newer kgsync wrote (another machine, a newer Action pin) told the user to
    # "restore it from git", where the committed file is that very manifest: the fix is the upgrade.
    path = tmp_path / "memory.kgsync.json"
    path.write_text(Manifest({}).dumps().replace('"kgsync_manifest": 1', f'"kgsync_manifest": {version}'), encoding="utf-8")
    with pytest.raises(GraphFormatError) as caught:
        load_manifest(path)
    rendered = caught.value.render()
    assert f"version {version}" in rendered and "reads version 1" in rendered, rendered
    assert "upgrade kgsync" in rendered and "restore it from git" not in rendered, rendered


@pytest.mark.parametrize(("text", "said"), [
    ('{"version": 3, "entities": []}', 'not a kgsync manifest: no "kgsync_manifest" key (its keys: version, entities)'),
    ('{"items": {}}', 'not a kgsync manifest: no "kgsync_manifest" key (its keys: items)'),
    ("[]", "not a kgsync manifest: a JSON list, not an object"),
    ('{"kgsync_manifest": 1}', 'no "items" object (each item\'s slug -> the facts kgsync wrote for it)'),
    ('{"kgsync_manifest": 1, "items": []}', 'no "items" object (each item\'s slug -> the facts kgsync wrote for it)'),
    ('{"kgsync_manifest": 1, "items": {"a": 5}}', "the record of item 'a' is not one kgsync writes (not an object)"),
    ('{"kgsync_manifest": 1, "items": {"a": {"entities": 5}}}',
     "the record of item 'a' is not one kgsync writes (a value of the wrong type)"),
])
def test_a_file_that_is_no_manifest_says_what_is_wrong_not_a_python_error(tmp_path: Path, text: str, said: str) -> None:
    # Another tool's JSON at memory.kgsync.json, or a hand-edited one, was "kgsync manifest is unreadable:
    # 'items'" (a KeyError's text), "'int' object has no attribute 'get'", or read as an empty manifest.
    path = tmp_path / "memory.kgsync.json"
    path.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(GraphFormatError) as caught:
        load_manifest(path)
    assert caught.value.render().startswith(f"{path}: kgsync manifest is unreadable: {said} (fix: restore it from git"), \
        caught.value.render()


@pytest.mark.parametrize("version", ["true", "1.0", '"1"', "0", "null"])
def test_a_manifest_version_that_is_not_the_number_1_is_unreadable(tmp_path: Path, version: str) -> None:
    # JSON's true and 1.0 compared equal to 1 in Python: a hand-edited head passed as version 1.
    path = tmp_path / "memory.kgsync.json"
    path.write_text(Manifest({}).dumps().replace('"kgsync_manifest": 1', f'"kgsync_manifest": {version}'), encoding="utf-8")
    with pytest.raises(GraphFormatError, match="unsupported manifest version") as caught:
        load_manifest(path)
    assert "restore it from git" in caught.value.render()


_ANY_TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
_PAIRS = st.lists(st.tuples(_ANY_TEXT, _ANY_TEXT), max_size=4).map(tuple)


@settings(max_examples=300, deadline=None)
@given(_PAIRS, _PAIRS, st.lists(st.tuples(_ANY_TEXT, _ANY_TEXT, _ANY_TEXT), max_size=3),
       st.lists(st.lists(_ANY_TEXT, max_size=5).map(tuple), max_size=2).map(tuple))
def test_facts_json_spells_the_facts_as_json_dumps_does(entities: tuple[tuple[str, str], ...],
                                                        observations: tuple[tuple[str, str], ...],
                                                        relations: list[tuple[str, str, str]],
                                                        evidence: tuple[tuple[str, ...], ...]) -> None:
    """The manifest's encoding of an item's facts (encoded in C) is ``json.dumps``'s, escape for escape:
    control characters, quotes, backslashes, any other character as it is (a lone surrogate too)."""
    found = Facts(entities, observations, tuple(Relation(*r) for r in relations), evidence)
    assert facts_json(found) == json.dumps(found.as_json(), ensure_ascii=False, separators=(",", ":"))
    lone = Facts(((f"concept:\ud800{entities[0][0] if entities else ''}", "concept"),))
    assert facts_json(lone) == json.dumps(lone.as_json(), ensure_ascii=False, separators=(",", ":"))


_CONCEPTS = ("concept:x", "concept:y", "concept:z")


def _item_facts(slug: str, title: str, links: dict[str, tuple[str, ...]]) -> Facts:
    """What item ``slug`` can write: its node and title, the concepts it addresses and their aliases."""
    item = f"item:{slug}"
    return Facts(((item, "research_item"), *((c, "concept") for c in links)),
                 ((item, f"title: {title}"), *((c, f"alias:{a}") for c, aliases in links.items() for a in aliases)),
                 tuple(Relation(item, c, "addresses") for c in links))


_links = st.dictionaries(st.sampled_from(_CONCEPTS), st.lists(st.sampled_from(["p", "q"]), unique=True).map(tuple))
_generated = st.dictionaries(st.sampled_from(["a", "b"]), st.tuples(st.sampled_from(["one", "two"]), _links),
                             max_size=2).map(lambda by_item: {slug: _item_facts(slug, title, links)
                                                              for slug, (title, links) in by_item.items()})
_hand_names = st.sampled_from(["item:a", "item:b", "item:c", *_CONCEPTS])
_hand = st.tuples(
    st.dictionaries(_hand_names, st.lists(st.sampled_from(["title: one", "title: two", "alias:p", "alias:q", "note: n"]),
                                          unique=True)),
    st.lists(st.builds(Relation, st.sampled_from(["item:a", "item:b", "item:c"]), st.sampled_from(_CONCEPTS),
                       st.just("addresses")), unique=True))


def _type_of(name: str) -> str:
    return "research_item" if name.startswith("item:") else "concept"


def _fact_sets(graph: Graph) -> tuple[set[tuple[str, str]], set[tuple[str, str]], set[tuple[str, str, str]]]:
    return ({(e.name, e.entity_type) for e in graph.entities},
            {(e.name, o) for e in graph.entities for o in e.observations}, {r.key for r in graph.relations})


@settings(max_examples=150, deadline=None)
@given(_generated, _hand, st.lists(_generated, min_size=1, max_size=4))
def test_no_fact_held_by_hand_is_ever_dropped(first, hand, later) -> None:
    # The committed graph: a build's, and facts added by hand (some of which later builds write too,
    # then stop writing).  Each later build: result = held by hand + generated now, exactly.
    graph, manifest = merge(Graph(), None, first)
    by_hand_obs, by_hand_relations = hand
    entities = {e.name: e for e in graph.entities}
    for name, added in by_hand_obs.items():
        old = entities.get(name, Entity(name, _type_of(name), ()))
        entities[name] = Entity(name, old.entity_type, old.observations + tuple(o for o in added if o not in old.observations))
    committed = Graph(tuple(entities.values()), graph.relations + tuple(
        r for r in by_hand_relations if r not in graph.relations))
    generated = _fact_sets(merge(Graph(), None, first)[0])
    held = tuple(part - was for part, was in zip(_fact_sets(committed), generated))
    for now in later:
        manifest = Manifest.loads(manifest.dumps(), "memory.kgsync.json")  # as committed
        committed, manifest = merge(committed, manifest, now)
        result, fresh = _fact_sets(committed), _fact_sets(merge(Graph(), None, now)[0])
        assert all(part >= kept for part, kept in zip(result, held))  # nothing held by hand is lost
        assert result[1:] == tuple(kept | new for kept, new in zip(held[1:], fresh[1:]))  # nothing stale stays
        assert result[0] >= held[0] | fresh[0]


def test_the_manifest_records_facts_held_by_hand_only_when_there_are_any() -> None:
    from kgsync.graph.merge import merge_with_foreign

    gen = {"a": facts("a", "kg")}
    graph, manifest = merge(Graph(), None, gen)
    assert '"held"' not in manifest.dumps() and manifest.held == Facts()
    link = Relation("item:b", "concept:knowledge-graph", "addresses")
    by_hand = Graph(graph.entities + (Entity("item:b", "research_item", ("title: b",)),), graph.relations + (link,))
    both = {**gen, "b": facts("b", "kg")}
    held_graph, held_manifest, foreign = merge_with_foreign(by_hand, manifest, both)
    assert foreign  # not pure: merging into it is not merging into nothing
    assert held_manifest.held == Facts((("item:b", "research_item"),), (("item:b", "title: b"),), (link,))
    text = held_manifest.dumps()
    assert text.splitlines()[0].endswith('"held": {"entities":[["item:b","research_item"]],"observations":'
                                         '[["item:b","title: b"]],"relations":[["item:b","concept:knowledge-graph",'
                                         '"addresses"]]}, "items": {')
    assert Manifest.loads(text, "m") == held_manifest
    gone, _ = merge(held_graph, Manifest.loads(text, "m"), gen)
    assert entity(gone, "item:b").observations == ("title: b",) and link in gone.relations
    assert "provenance:item=b" not in entity(gone, "concept:knowledge-graph").observations


@pytest.mark.parametrize("held", ['[]', '{"relations": [["a", "b"]]}', '{"entities": [[1, "concept"]]}', '{"notes": []}'])
def test_a_held_record_of_another_shape_is_unreadable(held: str) -> None:
    with pytest.raises(GraphFormatError, match="held must be"):
        Manifest.loads(f'{{"kgsync_manifest": 1, "held": {held}, "items": {{}}}}', "memory.kgsync.json")
