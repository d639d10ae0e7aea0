"""``kgsync serve`` through the real MCP client SDK over stdio, beside the reference memory server.

The server runs as ``python -m kgsync serve --graph FILE``, the command an agent's MCP client runs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.mcp_client import ToolError, kgsync_serve, memory_server
from tests.serve.answers import HOSTILE, big_graph
from tests.serve.stdio_lines import call_line, rpc_lines

from kgsync.contract import jsonl
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.serve import store

pytestmark = pytest.mark.slow

EXAMPLE_GRAPH = Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "memory.jsonl"
BOUND = 20_000
TARGET = 8_000  # README: an answer at a tool's default arguments


@pytest.fixture()
def graph(tmp_path: Path) -> Path:
    for name in ("memory.jsonl", "memory.kgsync.json"):
        shutil.copyfile(EXAMPLE_GRAPH.with_name(name), tmp_path / name)
    return tmp_path / "memory.jsonl"


def raw(server, tool: str, **arguments: object) -> str:  # noqa: ANN001
    """The answer's text as the client receives it."""
    result = server.portal.call(server._call, tool, arguments)
    assert not getattr(result, "is_error", getattr(result, "isError", False)), result
    return "".join(getattr(block, "text", "") for block in result.content)


def test_the_tools_and_a_ranked_search(graph: Path) -> None:
    with kgsync_serve(graph) as server:
        assert server.list_tools() == ["evidence", "item", "open_nodes", "read_graph", "search_nodes", "topic"]
        found = server.search_nodes("hybrid retrieval BM25 dense vectors keyword search")
        assert found.entities[0].name == "item:2026-01-29-hybrid-retrieval-bm25-dense"
        shown = set(found.names())
        assert found.relations and all(r.source in shown and r.target in shown for r in found.relations)
        evidence = server.call("evidence", claim="claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory")
        assert evidence["links"][0]["where"].endswith(".md:79")
        with pytest.raises(ToolError, match="no item named"):
            server.call("item", slug="no-such-item")


def test_a_corrupt_manifest_is_a_tool_error_naming_it_until_it_is_mended(graph: Path) -> None:
    manifest = graph.with_name("memory.kgsync.json")
    whole = manifest.read_bytes()
    claim = "claim:2026-02-02-agent-memory-consolidation:generator-overwrites-shared-memory"
    with kgsync_serve(graph) as server:
        assert server.call("evidence", claim=claim)["links"][0]["where"].endswith(".md:79")
        manifest.write_bytes(whole[:-5])  # a write cut short
        with pytest.raises(ToolError, match=r"memory\.kgsync\.json:\d+: cannot read the evidence sentences of the kgsync "
                                            r"manifest: it is not JSON .* \(fix: run `kgsync build`"):
            server.call("evidence", claim=claim)
        assert server.search_nodes("hybrid retrieval").entities  # the other tools do not read it
        manifest.write_bytes(whole)
        assert server.call("evidence", claim=claim)["links"][0]["where"].endswith(".md:79")


def test_hostile_queries_never_break_the_server(graph: Path) -> None:
    with kgsync_serve(graph) as server:
        for query in HOSTILE:
            if "\ud800" in query:
                continue  # not encodable as the UTF-8 the transport sends
            text = raw(server, "search_nodes", query=query)
            assert len(text) <= BOUND
            assert set(json.loads(text)) <= {"entities", "relations", "note", "next_offset"}
        json.loads(raw(server, "search_nodes", query="memory", limit=10**6, offset=10**6))
        for limit, offset, said in ((0, 0, "limit is 0"), (-1, 0, "limit is -1"), (10, -1, "offset is -1")):
            # Refused, naming the parameter and its range (they were read as 1 and 0, with no word).
            with pytest.raises(ToolError, match=f"{said}: it must be"):
                server.call("search_nodes", query="memory", limit=limit, offset=offset)
        with pytest.raises(ToolError, match="query is .* it must be a text"):  # a wrong argument type is a tool error, not a crash
            server.call("search_nodes", query=["not", "text"])
        assert server.search_nodes("memory").entities  # still serving


# (tool, arguments, what the answer says): the tool, the argument, what was given, what is allowed.
WRONG_TYPES = [
    ("search_nodes", {"query": "memory", "limit": True}, "search_nodes: the argument limit is true (a boolean): it must be an integer"),
    ("search_nodes", {"query": "memory", "limit": "abc"}, 'search_nodes: the argument limit is "abc" (a text): it must be an integer'),
    ("search_nodes", {"query": "memory", "limit": 1.5}, "search_nodes: the argument limit is 1.5 (a number): it must be an integer"),
    ("search_nodes", {"query": ["not", "text"]}, 'search_nodes: the argument query is ["not", "text"] (a list): it must be a text'),
    ("read_graph", {"offset": False}, "read_graph: the argument offset is false (a boolean): it must be an integer"),
    ("topic", {"concept": "memory", "include_contested": 1}, "topic: the argument include_contested is 1 (a number): it must be "
                                                             "true or false"),
    ("open_nodes", {"names": 5}, "open_nodes: the argument names is 5 (a number): it must be a list of texts"),
    ("item", {}, "item: the argument slug is missing: it must be a text"),
    ("create_entities", {"entities": [{"name": "x", "entityType": "concept"}]},
     "create_entities: the argument entities[0].observations is missing: it must be a list of texts"),
]


def test_an_argument_of_the_wrong_type_is_refused_in_kgsync_s_form(graph: Path) -> None:
    # The SDK's validation text was the answer ("1 validation error for search_nodesArguments ... For further
    # information visit https://errors.pydantic.dev/..."), and limit: true was read as 1 (qa99).
    with kgsync_serve(graph, "--writable") as server:
        wrong = []
        for tool, arguments, said in WRONG_TYPES:
            try:
                wrong.append(f"{tool}({arguments}) answered {str(server.call(tool, **arguments))[:80]}")
                continue
            except ToolError as refused:
                text = str(refused)
            if said not in text or "(fix: " not in text or "pydantic" in text or "Error executing" in text:
                wrong.append(text)
        assert wrong == []
        assert server.search_nodes("memory").entities  # still serving
        # as some clients send every argument: a number or a flag written as text is read as before
        assert server.call("search_nodes", query="memory", limit="2")["next_offset"] == 2
        assert server.call("topic", concept="concept:agent-memory", include_contested="true", limit="1")


def test_the_file_replaced_between_two_calls_is_seen_by_the_next(graph: Path, tmp_path: Path) -> None:
    with kgsync_serve(graph) as server:
        assert server.search_nodes("hybrid retrieval").entities
        assert not server.search_nodes("zanzibar").entities
        new = tmp_path / "pulled.jsonl"
        jsonl.write(new, Graph((Entity("item:2026-05-01-zanzibar-notes", "research_item", ("title: Zanzibar notes",)),)))
        os.replace(new, graph)  # what git does on a pull
        assert [e.name for e in server.search_nodes("zanzibar").entities] == ["item:2026-05-01-zanzibar-notes"]
        assert not server.search_nodes("hybrid retrieval").entities



def test_read_graph_and_topic_answer_from_the_file_replaced_between_two_calls(graph: Path, tmp_path: Path) -> None:
    """Both keep what they read of the whole graph between calls: never from the version before."""
    with kgsync_serve(graph) as server:
        assert server.call("read_graph")["counts"]["entities"] > 3
        assert server.call("topic", concept="knowledge graphs")["claims"]
        new = tmp_path / "pulled.jsonl"
        jsonl.write(new, Graph((
            Entity("concept:knowledge-graphs", "concept"), Entity("item:2026-05-01-kg", "research_item"),
            Entity("claim:2026-05-01-kg:a", "claim", ("title: A",)), Entity("claim:2026-05-01-kg:b", "claim", ("title: B",)),
        ), (Relation("item:2026-05-01-kg", "claim:2026-05-01-kg:a", "states"),
            Relation("item:2026-05-01-kg", "claim:2026-05-01-kg:b", "states"),
            Relation("item:2026-05-01-kg", "concept:knowledge-graphs", "addresses"),
            Relation("claim:2026-05-01-kg:b", "claim:2026-05-01-kg:a", "contradicts"))))
        os.replace(new, graph)  # what git does on a pull
        now = server.call("read_graph")
        assert now["counts"]["entities"] == 4 and now["items_per_concept"] == {"concept:knowledge-graphs": 1}
        assert now["contradictions"] == [{"from": "claim:2026-05-01-kg:b", "to": "claim:2026-05-01-kg:a",
                                          "relationType": "contradicts"}]
        topic = server.call("topic", concept="knowledge graphs")
        assert [c["claim"] for c in topic["claims"]] == ["claim:2026-05-01-kg:b"] and topic["excluded"] == {"contested": 1}

def edit_in_place(graph: Path, old: bytes, new: bytes) -> None:
    """``old`` -> ``new`` (as long) in the same file (inode), its size and mtime as they were."""
    before = graph.stat()
    with open(graph, "r+b") as handle:
        handle.write(graph.read_bytes().replace(old, new))
    os.utime(graph, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = graph.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (before.st_ino, before.st_size, before.st_mtime_ns)


def test_an_edit_in_place_of_the_same_size_and_mtime_is_seen_by_the_next_start_and_the_next_call(tmp_path: Path) -> None:
    graph = tmp_path / "memory.jsonl"
    jsonl.write(graph, Graph((Entity("item:2026-05-01-alpha-notes", "research_item", ("title: alpha notes",)),)))
    with kgsync_serve(graph) as server:
        assert [e.name for e in server.search_nodes("alpha").entities] == ["item:2026-05-01-alpha-notes"]
    edit_in_place(graph, b"alpha", b"omega")
    with kgsync_serve(graph) as server:  # the index stored for the old bytes is not served: their key differs
        assert [e.name for e in server.search_nodes("omega").entities] == ["item:2026-05-01-omega-notes"]
        assert not server.search_nodes("alpha").entities
        assert "stored for another version of the graph" in serve_log(graph)
        edit_in_place(graph, b"omega", b"gamma")  # while serving: the next call reads the file again
        assert [e.name for e in server.search_nodes("gamma").entities] == ["item:2026-05-01-gamma-notes"]
        assert not server.search_nodes("omega").entities


def test_a_graph_file_gone_or_unreadable_while_serving_is_said_in_every_answer(graph: Path) -> None:
    """A start over a missing graph is refused, but a graph removed while serving (a `git checkout` of a
    branch without it, a rename, a bad --graph after a move) was served as an empty graph: search_nodes
    said "no node matches these words", read_graph 0 entities, item "no item named ...", and nothing,
    not even stderr, said the file was gone; an agent concluded nothing had been researched.  So with a
    file whose every line is unreadable (the one line a stderr warning names, which a client never
    shows).  The file is still the empty graph (the reference server's reading), and every answer says
    why, with the file and the fix; a restored file answers as before, without it."""
    with kgsync_serve(graph) as server:
        before = server.call("search_nodes", query="hybrid retrieval")
        assert before["entities"] and "warning" not in before
        graph.unlink()
        gone = server.call("search_nodes", query="hybrid retrieval")
        assert gone["entities"] == [] and f"{graph}: warning: the graph file is missing" in gone["warning"]
        assert "the graph file is missing" in server.call("read_graph")["warning"]
        with pytest.raises(ToolError, match="no item named .*the graph file is missing.*fix: restore it"):
            server.call("item", slug="2026-01-29-hybrid-retrieval-bm25-dense")
        graph.write_bytes(b"\xff\xfe not a graph\n")
        unread = server.call("search_nodes", query="hybrid retrieval")
        assert f"{graph}:1: warning: none of the file's 1 lines" in unread["warning"]
        shutil.copyfile(EXAMPLE_GRAPH, graph)
        assert server.call("search_nodes", query="hybrid retrieval") == before

def test_a_graph_file_with_some_lines_unreadable_is_said_in_every_answer(graph: Path, tmp_path: Path) -> None:
    """A graph with only some lines the memory server cannot read (a merge conflict's markers, a line cut
    by a crashed writer) was told only in read_graph's counts.skipped_lines: search_nodes, topic, item
    and open_nodes answered from the rest and said nothing, so an agent took a missing node for one never
    researched.  Every read answer now says how many lines were skipped, the first at file:line, and the
    fix; the bound holds with it on a large graph; a repaired file answers without it."""
    whole = graph.read_text(encoding="utf-8")
    lines = len([line for line in whole.splitlines() if line.strip()])
    with kgsync_serve(graph) as server:
        before = server.call("search_nodes", query="hybrid retrieval")
        # The server's files end without a newline: the conflict's lines start after one.
        graph.write_text(whole.rstrip("\n") + "\n<<<<<<< HEAD\n{\"type\":\"entity\",\"name\":\n", encoding="utf-8")
        said = f"{graph}:{lines + 1}: warning: 2 of the file's {lines + 2} lines are not an entity or relation"
        for tool, arguments in (("search_nodes", {"query": "hybrid retrieval"}), ("read_graph", {}),
                                ("open_nodes", {"names": ["concept:knowledge-graphs"]}),
                                ("topic", {"concept": "knowledge graph"}),
                                ("item", {"slug": "2026-01-29-hybrid-retrieval-bm25-dense"})):
            warning = server.call(tool, **arguments)["warning"]
            assert warning.startswith(said) and f"`kgsync lint {graph}`" in warning, (tool, warning)
        with pytest.raises(ToolError, match="no item named .*2 of the file's .* lines are not"):
            server.call("item", slug="no-such-item")
        graph.write_text(whole, encoding="utf-8")
        assert server.call("search_nodes", query="hybrid retrieval") == before
    big = tmp_path / "big" / "memory.jsonl"
    big.parent.mkdir()
    jsonl.write(big, big_graph(items=800))
    with big.open("a", encoding="utf-8") as handle:
        handle.write("not json\n")
    with kgsync_serve(big) as server:
        for tool, arguments in (("search_nodes", {"query": "govern policy", "limit": 50}),
                                ("open_nodes", {"names": ["concept:governance"]}), ("topic", {"concept": "governance"}),
                                ("read_graph", {})):
            text = raw(server, tool, **arguments)
            assert len(text) <= BOUND and "1 of the file's" in json.loads(text)["warning"], tool


def test_answers_stay_bounded_on_a_large_graph(tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, big_graph(items=800))
    with kgsync_serve(path) as server:
        for tool, arguments in (("search_nodes", {"query": "govern policy", "limit": 50}),
                                ("open_nodes", {"names": ["concept:governance"]}), ("topic", {"concept": "governance"})):
            text = raw(server, tool, **arguments)
            assert len(text) <= BOUND and "next_offset" in json.loads(text), tool  # more to page through
        assert len(raw(server, "read_graph")) <= BOUND


def test_every_tool_answers_within_the_target_at_its_default_arguments_on_a_large_graph(tmp_path: Path) -> None:
    """README's goal: an answer at a tool's default arguments is at most TARGET characters (topic's 20
    claims reached 11,346 on the 273-item graph).  open_nodes is left out: it gives the nodes named whole
    (the reference server's answer, and what search's note sends an agent to), up to the hard bound."""
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, big_graph(items=800))
    item, claim = "item:2026-01-01-govern-item-0", "claim:2026-01-01-govern-item-0:govern-claim-0"
    with kgsync_serve(path) as server:
        for tool, arguments in (("search_nodes", {"query": "govern policy"}), ("read_graph", {}),
                                ("topic", {"concept": "governance"}), ("evidence", {"claim": claim}),
                                ("item", {"slug": item})):
            text = raw(server, tool, **arguments)
            assert len(text) <= TARGET, (tool, len(text))
        topic = server.call("topic", concept="governance")
        # The page filled to the target and paged on, not cut with no way on.
        assert topic["claims"] and topic["next_offset"] == len(topic["claims"]), topic.get("note")
        assert f"call again with offset={len(topic['claims'])}" in topic["note"]


def test_open_nodes_answers_as_the_reference_server_does(memory_server_js: Path, graph: Path) -> None:
    names = ["item:2026-01-29-hybrid-retrieval-bm25-dense", "concept:knowledge-graphs", "person:ada",
             "claim:2026-01-05-agent-memory-architectures:research-assistant-keep-long", "no:such-node",
             "concept:knowledge-graphs"]
    with memory_server(memory_server_js, graph) as reference:
        # Content an agent adds through the reference server: an entity type kgsync never writes.
        reference.create_entities([Entity("person:ada", "person", ("reviews retrieval work",))])
        reference.create_relations([Relation("person:ada", "item:2026-01-29-hybrid-retrieval-bm25-dense", "reviewed")])
        theirs = reference.call("open_nodes", names=names)
    with kgsync_serve(graph) as server:
        ours = server.call("open_nodes", names=names)
        # The reference's entities and relations exactly; kgsync adds which names missed (only on a miss).
        assert {k: v for k, v in ours.items() if k != "not_found"} == theirs
        assert [m["name"] for m in ours["not_found"]] == ["no:such-node"]
        assert "person:ada" in server.search_nodes("reviews retrieval work").names()


def test_the_command_refuses_a_missing_graph(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "kgsync", "serve", "--graph", str(tmp_path / "none.jsonl")],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2 and "graph file not found" in done.stderr
    # Without --graph: the graph of kgsync.yml under --root (here the default, memory.jsonl).
    done = subprocess.run([sys.executable, "-m", "kgsync", "serve", "--root", str(tmp_path)],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2 and f"{tmp_path / 'memory.jsonl'}: graph file not found" in done.stderr


def test_the_graph_of_kgsync_yml_under_root_is_served(example_repo: Path) -> None:
    (example_repo / "kgsync.yml").write_text("graph: graphs/main.jsonl\n", encoding="utf-8")
    (example_repo / "graphs").mkdir()
    jsonl.write(example_repo / "graphs" / "main.jsonl", Graph((Entity("item:2026-05-01-elsewhere", "research_item",
                                                                      ("title: configured graph",)),)))
    with kgsync_serve(example_repo) as server:  # --root
        assert list(server.search_nodes("configured graph").names()) == ["item:2026-05-01-elsewhere"]


def serve_log(graph: Path) -> str:
    return graph.with_name(graph.name + ".serve.log").read_text(encoding="utf-8")


def test_a_restart_serves_the_stored_index_and_a_changed_or_damaged_one_is_rebuilt(graph: Path) -> None:
    query = "hybrid retrieval BM25 dense vectors keyword search"
    with kgsync_serve(graph) as server:
        first = raw(server, "search_nodes", query=query)
    stored = store.store_path(graph)
    assert "indexed memory.jsonl" in serve_log(graph) and stored.is_file()
    written = stored.stat().st_mtime_ns

    with kgsync_serve(graph) as server:  # unchanged graph: nothing indexed, the file untouched
        assert raw(server, "search_nodes", query=query) == first
    log = serve_log(graph)
    assert "the stored index is current and whole" in log and "serving the stored index" in log
    assert "indexed" not in log and stored.stat().st_mtime_ns == written

    jsonl.write(graph, Graph((Entity("item:2026-05-01-zanzibar-notes", "research_item", ("title: Zanzibar notes",)),)))
    with kgsync_serve(graph) as server:  # a changed graph: indexed again, never the old index
        assert list(server.search_nodes("zanzibar").names()) == ["item:2026-05-01-zanzibar-notes"]
        assert not server.search_nodes("hybrid retrieval").entities
    assert "another version of the graph" in serve_log(graph) and stored.stat().st_mtime_ns != written

    stored.write_bytes(b"SQLite format 3\x00" + os.urandom(stored.stat().st_size - 16))  # damaged past its header
    with kgsync_serve(graph) as server:  # rebuilt, served, stored whole again
        assert list(server.search_nodes("zanzibar").names()) == ["item:2026-05-01-zanzibar-notes"]
    assert "unreadable" in serve_log(graph)
    assert not isinstance(store.open_stored(stored, store.key_of(graph.read_bytes(), store.Weights()), check=True), str)


def test_no_index_cache_stores_nothing(graph: Path) -> None:
    with kgsync_serve(graph, "--no-index-cache") as server:
        assert server.search_nodes("hybrid retrieval").entities
    assert not store.store_path(graph).exists() and "stored" not in serve_log(graph)


def test_a_call_holding_a_lone_surrogate_is_answered_not_left_waiting(graph: Path) -> None:
    """A text cut inside an emoji pair ("\\ud83d"), which a JavaScript client sends as written (JSON.stringify
    escapes a lone surrogate; the JSON is valid), was never answered: the SDK's parser refuses a lone surrogate,
    drops the line and answers nothing, so the agent's call waited for its client's own timeout (the Python
    SDK cannot send such a text, so test_hostile_queries_never_break_the_server skips it).  Each is answered:
    the lone surrogate is read as U+FFFD, the replacement character, as an undecodable byte already is."""
    search, item, found, after = rpc_lines(graph, [
        call_line(1, "search_nodes", '{"query":"hybrid retrieval \\ud83d"}'),
        call_line(2, "item", '{"slug":"\\udfff"}'),
        call_line(3, "open_nodes", '{"names":["concept:knowledge-graphs","\\ud800x"]}'),
        call_line(4, "search_nodes", '{"query":"hybrid retrieval"}'),
    ], timeout=20)
    assert search is not None and item is not None and found is not None, "a call with a lone surrogate got no answer"
    assert not search["result"].get("isError") and json.loads(search["result"]["content"][0]["text"])["entities"]
    assert item["result"]["isError"] and "no item named '\ufffd'" in item["result"]["content"][0]["text"]
    opened = json.loads(found["result"]["content"][0]["text"])
    assert [e["name"] for e in opened["entities"]] == ["concept:knowledge-graphs"]
    assert [m["name"] for m in opened["not_found"]] == ["\ufffdx"]
    assert after is not None and json.loads(after["result"]["content"][0]["text"])["entities"]


def test_item_and_evidence_page_their_entries_through_the_client(tmp_path: Path) -> None:
    from tests.serve.answers import long_answers_graph

    graph = tmp_path / "memory.jsonl"
    jsonl.write(graph, long_answers_graph())
    with kgsync_serve(graph) as server:
        for tool, argument, name, key in (("item", "slug", "2026-05-01-long-survey", "findings"),
                                          ("evidence", "claim", "claim:2026-05-01-long-survey:finding-01", "links")):
            first = raw(server, tool, **{argument: name})
            page = json.loads(first)
            assert len(first) <= TARGET and f"offset={page['next_offset']}" in page["note"]
            rest = json.loads(raw(server, tool, **{argument: name, "offset": page["next_offset"]}))
            assert rest[key] and rest[key][0] not in page[key]
