"""The reference server's tools, ranked and paged (kgsync.serve.tools): the obvious item first, an
item with its matching claims, pages that do not overlap, open_nodes as the reference server answers it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kgsync.contract import jsonl
from kgsync.contract.errors import ServeError
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.serve import tools
from kgsync.serve.service import Service
from tests.serve.answers import answer, names


@pytest.mark.parametrize(("query", "first"), [
    ("hybrid retrieval BM25 dense vectors keyword search", "item:2026-01-29-hybrid-retrieval-bm25-dense"),
    ("consolidate episodic memories into semantic memory", "item:2026-02-02-agent-memory-consolidation"),
    ("how to measure retrieval quality recall nDCG", "item:2026-02-12-evaluating-retrieval-quality"),
])
def test_the_obvious_item_ranks_first(example: Service, query: str, first: str) -> None:
    found = names(tools.search_nodes(example, query))
    assert found[0] == first


def test_an_item_comes_with_its_matching_claims_and_only_relations_among_the_answer(example: Service) -> None:
    body = answer(tools.search_nodes(example, "BM25 zero-shot baseline dense retrievers", 3))
    found = [e["name"] for e in body["entities"]]
    assert found[:2] == ["item:2026-01-29-hybrid-retrieval-bm25-dense",
                         "claim:2026-01-29-hybrid-retrieval-bm25-dense:bm25-remains-strong-zero"]
    shown = set(found)
    assert body["relations"] and all(r["from"] in shown and r["to"] in shown for r in body["relations"])


def test_pages_do_not_overlap_and_say_where_the_next_one_starts(example: Service) -> None:
    first = answer(tools.search_nodes(example, "knowledge graph memory retrieval", 3))
    assert first["next_offset"] == 3
    second = answer(tools.search_nodes(example, "knowledge graph memory retrieval", 3, first["next_offset"]))
    heads = lambda body: [e["name"] for e in body["entities"] if not e["name"].startswith("claim:")]  # noqa: E731
    assert heads(second) and not set(heads(first)) & set(heads(second))


def test_open_nodes_has_the_reference_servers_semantics(example: Service) -> None:
    wanted = ["item:2026-01-29-hybrid-retrieval-bm25-dense", "concept:knowledge-graphs", "no:such-node"]
    body = answer(tools.open_nodes(example, wanted))
    graph = jsonl.read(example.path)
    assert [e["name"] for e in body["entities"]] == [e.name for e in graph.entities if e.name in wanted]
    either = [r for r in graph.relations if r.source in wanted or r.target in wanted]  # either end, file order
    assert [(r["from"], r["to"], r["relationType"]) for r in body["relations"]] == [r.key for r in either]
    assert body["entities"][0]["observations"] == list(graph.entity(wanted[1]).observations)  # whole


@pytest.mark.parametrize(("query", "first"), [
    ("concept:knowledge-graphs", "concept:knowledge-graphs"),
    ("concept:memory-server", "concept:memory-server"),
    ("  item:2026-02-09-knowledge-graph-schema-for-research-agents ", "item:2026-02-09-knowledge-graph-schema-for-research-agents"),
    ("2026-01-26-provenance-tracking-in-knowledge-graphs", "item:2026-01-26-provenance-tracking-in-knowledge-graphs"),
    ("claim:2026-02-12-evaluating-retrieval-quality:labelled-set-about-50",
     "claim:2026-02-12-evaluating-retrieval-quality:labelled-set-about-50"),
])
def test_a_query_that_is_a_nodes_name_returns_that_node_first(example: Service, query: str, first: str) -> None:
    # Agents search by a name an answer showed them (the reference server's habit: a name is a substring
    # of itself); ranking its words alone put other items first.
    found = names(tools.search_nodes(example, query))
    assert found[0] == first
    assert len(found) == len(set(found))  # and not twice


def test_the_named_node_is_not_repeated_on_later_pages_and_no_ranked_result_is_lost(example: Service) -> None:
    query = "concept:knowledge-graphs"
    seen: list[str] = []
    offset: int | None = 0
    while offset is not None:
        body = answer(tools.search_nodes(example, query, 2, offset))
        seen += [e["name"] for e in body["entities"]]
        offset = body.get("next_offset")
    ranked = names(tools.search_nodes(example, "knowledge graphs concept", 50))
    assert seen.count(query) == 1
    assert set(ranked) - {query} <= set(seen)


@pytest.mark.parametrize(("wrong", "meant"), [
    ("concept:knowledge-graph", "concept:knowledge-graphs"),  # a plural guessed wrong
    ("item:2026-01-29-hybrid-retrieval", "item:2026-01-29-hybrid-retrieval-bm25-dense"),  # a slug cut short
    ("knowledge graphs", "concept:knowledge-graphs"),  # words, not a name
])
def test_open_nodes_says_which_names_it_did_not_find_and_what_they_may_mean(example: Service, wrong: str,
                                                                            meant: str) -> None:
    # The reference server answers an unknown name with nothing, silently: an agent cannot tell a
    # wrong guess from a node without relations. entities and relations stay the reference's.
    body = answer(tools.open_nodes(example, [wrong, "item:2026-01-29-hybrid-retrieval-bm25-dense"]))
    assert [e["name"] for e in body["entities"]] == ["item:2026-01-29-hybrid-retrieval-bm25-dense"]
    assert [m["name"] for m in body["not_found"]] == [wrong]
    assert meant in body["not_found"][0]["closest"]


@pytest.mark.parametrize("wrong", [["x" * 30_000], [f"concept:no-such-{i}" for i in range(600)]])
def test_unknown_names_never_crowd_out_the_nodes_found(example: Service, wrong: list[str]) -> None:
    # Every unknown name was echoed whole in not_found: one name of 30,000 characters (or 600 wrong
    # guesses) made the answer "would exceed the size bound ..." with no entity, not even the one found.
    found = "item:2026-01-29-hybrid-retrieval-bm25-dense"
    body = answer(tools.open_nodes(example, [found, *wrong]))
    assert [e["name"] for e in body["entities"]] == [found] and body["relations"]
    listed = body["not_found"]
    assert 1 <= len(listed) <= 20 and all(len(m["name"]) <= 200 for m in listed)
    assert len(listed) + body.get("not_found_more", 0) == len(wrong)


def test_open_nodes_adds_nothing_when_every_name_is_found(example: Service) -> None:
    assert set(answer(tools.open_nodes(example, ["concept:knowledge-graphs"]))) == {"entities", "relations"}


def test_read_graph_shows_where_the_graph_disagrees_with_itself(example: Service) -> None:
    # "Which claims contradict each other? What was superseded?": relationTypes counted one
    # contradiction, and no tool could say which (search matches words, topic needs a concept).
    overview = answer(tools.read_graph(example))
    assert overview["contradictions"] == [
        {"from": "claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory",
         "to": "claim:2026-01-05-agent-memory-architectures:research-assistant-keep-long", "relationType": "contradicts"}]
    assert overview["superseded"] == ["item:2026-01-19-controlled-vocabulary-growth-policy"]
    assert "contradictions" not in answer(tools.read_graph(example, offset=1))  # the first page only


def test_search_leaves_contested_claims_out_of_an_items_best_claims(example: Service) -> None:
    # topic() leaves contested and superseded claims out unless asked; search_nodes showed them as an
    # item's best matching claims, beside current ones, as if they still held.
    query = "research assistant long-term memory knowledge graph citation"
    body = answer(tools.search_nodes(example, query, 3))
    found = [e["name"] for e in body["entities"]]
    assert found[0] == "item:2026-01-05-agent-memory-architectures"
    assert "claim:2026-01-05-agent-memory-architectures:research-assistant-keep-long" not in found
    assert "claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory" in found  # it holds
    assert "1 contested or superseded claim left out" in body["note"]
    # Still there for whoever asks for it by name, or for the item's findings.
    named = answer(tools.search_nodes(example, "claim:2026-01-05-agent-memory-architectures:research-assistant-keep-long"))
    assert named["entities"][0]["name"] == "claim:2026-01-05-agent-memory-architectures:research-assistant-keep-long"


def test_a_claim_another_claim_contradicts_is_left_out_as_a_contested_one(tmp_path: Path) -> None:
    # No status observation: the contradicts relation alone makes it contested (topic's rule).
    path = tmp_path / "memory.jsonl"
    held, doubted, doubter = (f"claim:2026-03-0{n}-{slug}:{key}" for n, slug, key in (
        (1, "beta-memory", "beta-memory-helps-agents"), (1, "beta-memory", "beta-memory-needs-pruning"),
        (2, "gamma-memory", "beta-memory-fails-at-scale")))
    jsonl.write(path, Graph((
        Entity("item:2026-03-01-beta-memory", "research_item", ("title: beta memory for agents",)),
        Entity(held, "claim", ("title: beta memory helps agents",)),
        Entity(doubted, "claim", ("title: beta memory needs pruning for agents",)),
        Entity("item:2026-03-02-gamma-memory", "research_item", ("title: gamma",)),
        Entity(doubter, "claim", ("title: gamma finds it fails at scale",)),
    ), (Relation("item:2026-03-01-beta-memory", held, "states"), Relation("item:2026-03-01-beta-memory", doubted, "states"),
        Relation("item:2026-03-02-gamma-memory", doubter, "states"), Relation(doubter, doubted, "contradicts"))))
    body = answer(tools.search_nodes(Service(path), "beta memory agents pruning"))
    found = [e["name"] for e in body["entities"]]
    assert found[:2] == ["item:2026-03-01-beta-memory", held] and doubted not in found
    assert "1 contested or superseded claim left out" in body["note"]


def test_search_leaves_superseded_items_out_unless_named(example: Service) -> None:
    # A trust state excludes by default: a superseded item ranked among current ones, marked only by
    # its status observation, reads as current to an agent that takes the first results.
    query = "growth policy controlled vocabulary research themes fragmenting"
    body = answer(tools.search_nodes(example, query, 5))
    found = [e["name"] for e in body["entities"]]
    assert "item:2026-01-19-controlled-vocabulary-growth-policy" not in found
    assert found  # the current items on the same question still come
    assert "1 superseded item left out" in body["note"]
    # Named, it is found (an agent following an extends link or read_graph's list).
    named = answer(tools.search_nodes(example, "2026-01-19-controlled-vocabulary-growth-policy"))
    assert named["entities"][0]["name"] == "item:2026-01-19-controlled-vocabulary-growth-policy"


def test_a_superseded_item_left_out_leaves_no_hole_in_the_page(example: Service) -> None:
    # The query ranks the superseded item first: with limit=1 the page was empty, with a next_offset,
    # and every page was one result short of its limit for each superseded item ranked on it.
    query = "fragmenting research themes"

    def ranked(body: dict[str, Any]) -> list[str]:  # the results, without the claims that come with an item
        return [e["name"] for e in body["entities"] if e["entityType"] != "claim"]

    first = answer(tools.search_nodes(example, query, 1))
    assert ranked(first) == ["item:2026-02-05-controlled-vocabulary-growth-policy-revisited"], first
    assert "1 superseded item left out" in first["note"]
    assert len(ranked(answer(tools.search_nodes(example, query, 3)))) == 3
    # Paging on from each next_offset neither repeats nor skips a result: the pages are the ranking.
    whole = ranked(answer(tools.search_nodes(example, query, 50)))
    paged, offset = ranked(first), first.get("next_offset")
    while offset is not None:
        body = answer(tools.search_nodes(example, query, 1, offset))
        paged += ranked(body)
        offset = body.get("next_offset")
    assert paged == whole and len(whole) > 3


def test_a_closest_name_is_shown_cut_as_an_unknown_name_is(tmp_path: Path) -> None:
    # An agent may add a node of any name: one of 100,000 characters was suggested whole under
    # not_found (each of 20 misses lists 3 closest names), though the unknown name itself is cut at 200.
    huge = "concept:huge-" + "x" * 100_000
    jsonl.write(tmp_path / "m.jsonl", Graph((Entity(huge, "concept"), Entity("concept:small", "concept")), ()))
    body = answer(tools.open_nodes(Service(tmp_path / "m.jsonl"), ["concept:huge"]))
    assert "not_found" in body, body  # whole, the answer passed the size bound: no miss was said at all
    [closest] = body["not_found"][0]["closest"]
    assert len(closest) == 200 and closest.endswith("…") and huge.startswith(closest[:-1])


@pytest.mark.parametrize(("call", "said"), [
    (lambda s: tools.search_nodes(s, "memory", 0), "limit is 0: it must be 1 or more"),
    (lambda s: tools.search_nodes(s, "memory", -5), "limit is -5: it must be 1 or more"),
    (lambda s: tools.search_nodes(s, "memory", 10, -1), "offset is -1: it must be 0 or more"),
    (lambda s: tools.read_graph(s, 0, 0), "limit is 0: it must be 1 or more"),
    (lambda s: tools.read_graph(s, -1), "offset is -1: it must be 0 or more"),
    (lambda s: tools.open_nodes(s, ["concept:knowledge-graphs"], -2), "offset is -2: it must be 0 or more"),
], ids=["search-limit-0", "search-limit-negative", "search-offset", "read-limit", "read-offset", "open-offset"])
def test_a_limit_under_1_or_a_negative_offset_is_refused_naming_it(example: Service, call: Any, said: str) -> None:
    """A limit of 0 or less was read as 1 and a negative offset as 0, with no word: an agent asking
    for "no limit" (0) got one result and took it for all.  Each is refused, naming the parameter,
    the value and the range; a limit over 50 is still shown as 50 (the description says so)."""
    with pytest.raises(ServeError, match=said) as raised:
        call(example)
    assert "fix:" in str(raised.value)
    assert len(answer(tools.search_nodes(example, "memory", 10**6))["entities"]) <= tools.MAX_LIMIT


def test_a_query_past_the_searched_words_says_which_words_it_searched(example: Service) -> None:
    # An agent pasting a paragraph: the words past the 48th distinct one were dropped without a word, so a
    # query whose topic word came late answered "no node matches these words" though a node did.
    filler = " ".join(f"zq{n}x" for n in range(60))  # 60 distinct words that match nothing
    cut = answer(tools.search_nodes(example, f"{filler} retrieval"))
    assert cut["entities"] == [] and "first 48" in cut["note"] and "no node matches these words" != cut["note"], cut
    found = answer(tools.search_nodes(example, f"retrieval {filler}"))
    assert found["entities"] and "first 48" in found["note"], found
    whole = answer(tools.search_nodes(example, "hybrid retrieval BM25"))  # within the cap: no such note
    assert "first 48" not in whole.get("note", ""), whole


def test_a_query_word_no_node_holds_is_named_when_the_others_still_find_results(example: Service) -> None:
    # qa151, as an agent on the research graph: "heartbeat counting" answered three items on Slack and
    # ServiceNow (a claim's "counts"), with no word that "heartbeat" was in no node: the agent took the
    # Slack items for the answer.  Now the note names the words no node holds; the results match the rest.
    found = answer(tools.search_nodes(example, "zqheartbeatx retrieval"))
    assert found["entities"] and "no node holds zqheartbeatx" in found.get("note", ""), found
    whole = answer(tools.search_nodes(example, "hybrid retrieval"))  # every word held: no such note
    assert "no node holds" not in whole.get("note", ""), whole
    many = answer(tools.search_nodes(example, "retrieval " + " ".join(f"zq{n}x" for n in range(12))))
    assert "and 7 more" in many["note"] and len(many["note"]) < 400, many  # five named, the rest counted


@pytest.mark.parametrize("wrong", ["CONCEPT:KNOWLEDGE-GRAPHS", "Concept:Knowledge-Graphs", "concept:knowledge\u2010graphs",
                                   "\uff43\uff4f\uff4e\uff43\uff45\uff50\uff54\uff1aknowledge-graphs"])
def test_open_nodes_suggests_the_node_a_name_in_another_case_or_unicode_form_means(example: Service, wrong: str) -> None:
    # The reference's semantics stay (an exact name or nothing), but the closest names listed items that
    # share a word ("item:2026-01-12-entity-resolution-for-research-notes") and not the concept itself:
    # the prefix in capitals was read as a word, and a typographic hyphen was no word break.
    body = answer(tools.open_nodes(example, [wrong]))
    assert body["entities"] == [] and body["not_found"][0]["closest"][0] == "concept:knowledge-graphs"
