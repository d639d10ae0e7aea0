"""Ownership: a rebuild replaces exactly what kgsync generated, nothing else."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.graph.manifest import Manifest
from kgsync.graph.merge import merge
from kgsync.contract.model import Entity, Facts, Graph, Relation
from tests.graph.one_concept import facts


def entity(graph: Graph, name: str) -> Entity:
    found = graph.entity(name)
    assert found is not None, name
    return found


def test_first_build_is_just_the_generated_graph() -> None:
    graph, manifest = merge(Graph(), None, {"a": facts("a", "knowledge graph")})
    assert [e.name for e in graph.entities] == ["concept:knowledge-graph", "item:a"]
    assert entity(graph, "item:a").observations == ("title: a", "provenance:item=a")
    assert set(manifest.by_item) == {"a"}


def test_the_merged_graph_is_in_canonical_order_with_or_without_foreign_entities() -> None:
    """The merge sorts its entities only when a foreign one follows the generated ones (``canonical_graph``)."""
    graph, manifest = merge(Graph(), None, {"b": facts("b", "knowledge graph"), "a": facts("a", "vector store")})
    assert graph == graph.canonical()
    hand = Graph(graph.entities + (Entity("concept:aaa", "concept", ("by hand",)),), graph.relations)
    rebuilt, _ = merge(hand, manifest, {"b": facts("b", "knowledge graph"), "a": facts("a", "vector store")})
    assert rebuilt == rebuilt.canonical() and rebuilt.entities[0].name == "concept:aaa"


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


def _forge(repo: Path) -> tuple[str, list[tuple[str, str]], Relation]:
    """An agent's facts in the committed graph, then listed under one item's manifest entry."""
    from kgsync.contract import jsonl
    from kgsync.graph.manifest import load_manifest, manifest_path

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


