"""kgsync serve's pure half: ranking the file read (its reader: test_snapshot; its reloads: test_service), answer bounds (no MCP here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgsync.contract import jsonl
from kgsync.contract.errors import ServeError
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.serve import research, tools
from kgsync.serve.index import Index, fts_query, query_tokens
from kgsync.serve.snapshot import read_text
from kgsync.serve.service import Service
from kgsync.serve.tools import HARD_LIMIT, TARGET
from tests.serve.answers import HOSTILE, answer, big_graph, names


# ------------------------------------------------------------------------------ reading


def test_an_unknown_entity_type_is_searchable(tmp_path: Path) -> None:
    graph = tmp_path / "g.jsonl"
    graph.write_text(json.dumps({"type": "entity", "name": "person:ada lovelace", "entityType": "person",
                                 "observations": ["analytical engine notes"]}), encoding="utf-8")
    assert names(tools.search_nodes(Service(graph), "analytical engine")) == ["person:ada lovelace"]


def test_a_theme_that_is_a_tag_only_weighs_in_its_item_as_a_node_named_by_it_would() -> None:
    """A category bucket (``memory-context``) is a tag, no node: the item's document holds its words as
    it holds a linked node's name, so the item ranks for the theme's words as when the theme was a node."""
    item = {"type": "entity", "name": "item:2026-01-01-a", "entityType": "research_item",
            "observations": ["title: Agents", "tag:memory_context", "tag:agentic_ai"]}
    agentic = {"type": "entity", "name": "concept:agentic-ai", "entityType": "concept", "observations": []}
    bucket = {"type": "entity", "name": "concept:memory-context", "entityType": "concept", "observations": []}

    def row(*records: dict[str, object]) -> tuple[str, str, str, str]:
        lines = [json.dumps(r) for r in records]
        lines += [json.dumps({"type": "relation", "from": "item:2026-01-01-a", "to": r["name"], "relationType": "addresses"})
                  for r in records if r is not item]
        index = Index(read_text("\n".join(lines)))
        return index._item_row(index.snapshot.by_name["item:2026-01-01-a"])

    as_tag, as_node = row(item, agentic), row(item, agentic, bucket)
    assert sorted(as_tag[2].split()) == sorted(as_node[2].split())
    assert as_tag[2].split().count("agentic") == 2  # a theme that is a node: its tag and the node's name, once each


# ------------------------------------------------------------------------------ queries


def test_query_words_never_reach_fts5_as_syntax() -> None:
    assert query_tokens('NEAR("agent" memory*) -vector title:graph') == ["near", "agent", "memory", "vector", "title", "graph"]
    assert fts_query(["near", "agent"]) == '"near" OR "agent"'
    assert query_tokens("\x00\x01") == [] and query_tokens("") == [] and query_tokens("the of and") == []
    assert len(query_tokens(" ".join(f"w{i}" for i in range(1000)))) == 48


@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_query_is_words_or_a_note_never_an_exception(example: Service, query: str) -> None:
    body = answer(tools.search_nodes(example, query))
    assert set(body) <= {"entities", "relations", "note", "next_offset"}
    if not query_tokens(query):
        assert body["entities"] == [] and "no words" in body["note"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.text(max_size=300), limit=st.integers(-5, 500), offset=st.integers(-5, 10_000))
def test_any_text_and_any_paging_get_a_bounded_json_answer(example: Service, query: str, limit: int, offset: int) -> None:
    if limit < 1 or offset < 0:  # refused, naming the parameter (tests/serve/test_tools.py)
        with pytest.raises(ServeError, match="limit is|offset is"):
            tools.search_nodes(example, query, limit, offset)
        return
    body = answer(tools.search_nodes(example, query, limit, offset))
    assert len(body["entities"]) <= 3 * tools.MAX_LIMIT


# ------------------------------------------------------------------------------ bounds


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Service:
    path = tmp_path_factory.mktemp("big") / "memory.jsonl"
    jsonl.write(path, big_graph())
    assert path.stat().st_size > 10 * HARD_LIMIT * 100
    return Service(path)


@pytest.mark.parametrize("limit", [1, 10, 50])
def test_search_answers_stay_bounded_on_a_large_graph(big: Service, limit: int) -> None:
    text = tools.search_nodes(big, "govern policy agents memory", limit)
    body = answer(text)
    assert body["entities"] and "next_offset" in body
    if limit == 10:
        assert len(text) <= TARGET
    assert all(len(o) <= 400 for e in body["entities"] for o in e["observations"])


def test_every_tool_stays_bounded_on_a_large_graph(big: Service) -> None:
    hub = answer(tools.open_nodes(big, ["concept:governance", "item:2026-01-01-govern-item-0"]))
    assert hub["next_offset"] > 0 and "offset=" in hub["note"]
    rest = answer(tools.open_nodes(big, ["concept:governance"], hub["next_offset"]))
    assert rest["relations"] and rest["relations"][0] != hub["relations"][0]
    overview = answer(tools.read_graph(big))
    assert overview["counts"]["entities"] == 1 + 1500 * 5 and overview["items_per_concept"] == {"concept:governance": 1500}
    about = answer(research.topic(big, "governance", limit=50))
    assert about["claims_total"] == 6000 and about["next_offset"] and about["claims"]
    answer(research.item(big, "2026-01-01-govern-item-0"))
    answer(research.evidence(big, "claim:2026-01-01-govern-item-0:govern-claim-0"))


def test_the_index_of_an_empty_graph_answers(tmp_path: Path) -> None:
    assert Index(read_text("")).search("anything") == []
    assert answer(tools.read_graph(Service(tmp_path / "none.jsonl")))["counts"]["entities"] == 0


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_tool_answer_stays_bounded_on_any_graph(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    """Random graphs (long names and observations, many relations, any text): every answer is JSON under the bound."""
    slugs = data.draw(st.lists(st.from_regex(r"2026-0[1-9]-[12][0-9]-[a-z]{1,8}", fullmatch=True), min_size=1, max_size=6, unique=True))
    long_text = st.builds(lambda word, n: (word + " ") * n, st.sampled_from(["govern", "memory", "é😀"]), st.integers(0, 3000))
    observations = st.lists(st.one_of(_TEXT, long_text, st.builds(lambda t: "title: " + t, long_text)), max_size=60)
    entities = [Entity(f"item:{s}", "research_item", tuple(data.draw(observations))) for s in slugs]
    entities += [Entity(f"claim:{s}:k{n}", "claim", tuple(data.draw(observations)) + (f"section:key-finding-{n}",))
                 for s in slugs for n in range(data.draw(st.integers(0, 12)))]
    entities += [Entity("concept:" + data.draw(_TEXT), data.draw(st.sampled_from(["concept", "person", ""])),
                        tuple(data.draw(observations))) for _ in range(data.draw(st.integers(0, 3)))]
    names = [e.name for e in entities]
    kinds = st.sampled_from(["states", "about", "addresses", "supports", "contradicts", "extends", "x"])
    relations = [Relation(data.draw(st.sampled_from(names)), data.draw(st.sampled_from(names)), data.draw(kinds))
                 for _ in range(data.draw(st.integers(0, 1500)))]
    path = tmp_path_factory.mktemp("any") / "memory.jsonl"
    jsonl.write(path, Graph(tuple(entities), tuple(relations)))
    service = Service(path)
    query = data.draw(st.one_of(_TEXT, st.just("govern memory")))
    answer(tools.search_nodes(service, query, data.draw(st.integers(1, 50))))
    answer(tools.open_nodes(service, data.draw(st.lists(st.sampled_from(names), max_size=10))))
    answer(tools.read_graph(service))
    answer(research.item(service, slugs[0]))
    for name in names:
        if name.startswith("claim:"):
            answer(research.evidence(service, name))
        if name.startswith("concept:"):
            try:
                answer(research.topic(service, name, include_contested=True, include_superseded=True))
            except ServeError:  # a foreign entity type under a concept: name is no concept
                pass


@pytest.mark.parametrize("offset", [2**63, 10**20, 10**400])
def test_an_offset_beyond_sqlites_integers_is_past_the_last_page(example: Service, offset: int) -> None:
    # An agent's offset is any JSON integer: one past 2**63 - 1 raised OverflowError ("Python int too
    # large to convert to SQLite INTEGER"), which the MCP client shows as a failed tool call.
    assert example.index().search("graph", 5, offset) == []
    body = answer(tools.search_nodes(example, "graph", 5, offset))
    assert body["entities"] == [] and "next_offset" not in body
