"""``kgsync serve --writable``: the reference server's write tools, same semantics, locked and atomic."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tests.mcp_client import ToolError, kgsync_serve, memory_server

from kgsync.contract import jsonl
from kgsync.serve import write

EXAMPLE_GRAPH = Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "memory.jsonl"
ITEM = "item:2026-01-29-hybrid-retrieval-bm25-dense"

#: One session of writes, each (tool, arguments): duplicates, unknown names and deletions included.
SESSION = [
    ("create_entities", {"entities": [
        {"name": "person:ada", "entityType": "person", "observations": ["reviews retrieval", "café ✓"]},
        {"name": ITEM, "entityType": "research_item", "observations": ["exists already"]},
        {"name": "person:bob", "entityType": "person", "observations": []},
    ]}),
    ("create_relations", {"relations": [
        {"from": "person:ada", "to": ITEM, "relationType": "reviewed"},
        {"from": "person:ada", "to": ITEM, "relationType": "reviewed"},
        {"from": "person:bob", "to": "person:ada", "relationType": "knows"},
    ]}),
    ("add_observations", {"observations": [
        {"entityName": "person:ada", "contents": ["reviews retrieval", "new note", "new note"]},
        {"entityName": ITEM, "contents": ["note: an agent's remark"]},
    ]}),
    ("delete_observations", {"deletions": [{"entityName": "person:ada", "observations": ["café ✓"]}]}),
    ("delete_relations", {"relations": [{"from": "person:bob", "to": "person:ada", "relationType": "knows"}]}),
    ("delete_entities", {"entityNames": ["person:bob", "concept:growth-policy"]}),
]


def copy_example(folder: Path) -> Path:
    folder.mkdir()
    target = folder / "memory.jsonl"
    shutil.copyfile(EXAMPLE_GRAPH, target)
    return target


@pytest.mark.slow
def test_writes_leave_the_file_the_reference_server_leaves(memory_server_js: Path, tmp_path: Path) -> None:
    theirs_path, ours_path = copy_example(tmp_path / "theirs"), copy_example(tmp_path / "ours")
    with memory_server(memory_server_js, theirs_path) as reference:
        theirs = [reference.call(tool, **arguments) for tool, arguments in SESSION]
        with pytest.raises(ToolError, match="Entity with name nobody not found"):
            reference.call("add_observations", observations=[{"entityName": "nobody", "contents": ["x"]}])
    with kgsync_serve(ours_path, "--writable") as server:
        assert {"create_entities", "delete_relations"} <= set(server.list_tools())
        ours = [server.call(tool, **arguments) for tool, arguments in SESSION]
        with pytest.raises(ToolError, match="Entity with name nobody not found"):
            server.call("add_observations", observations=[{"entityName": "nobody", "contents": ["x"]}])
        assert "person:ada" in server.search_nodes("new note").names()  # its own write, served at once
    assert ours == theirs
    assert ours_path.read_bytes() == theirs_path.read_bytes()


def test_read_only_by_default(tmp_path: Path) -> None:
    path = copy_example(tmp_path / "g")
    with kgsync_serve(path) as server:
        assert "create_entities" not in server.list_tools()


_WRITER = """
import sys
from pathlib import Path
from kgsync.serve import write
graph, tag = Path(sys.argv[1]), sys.argv[2]
for n in range(40):
    write.create_entities(graph, [{"name": f"{tag}:{n}", "entityType": "note", "observations": [tag]}])
    write.add_observations(graph, [{"entityName": "item:2026-01-29-hybrid-retrieval-bm25-dense", "contents": [f"{tag} {n}"]}])
"""


def test_two_writers_on_one_file_never_lose_a_write(tmp_path: Path) -> None:
    path = copy_example(tmp_path / "g")
    before = len(jsonl.read(path).entities)
    writers = [subprocess.Popen([sys.executable, "-c", _WRITER, str(path), tag]) for tag in ("a", "b")]
    assert [w.wait(timeout=300) for w in writers] == [0, 0]
    graph = jsonl.read(path)  # the file is whole and in the server's format
    assert len(graph.entities) == before + 80
    item = graph.entity(ITEM)
    assert item is not None and sum(o[:2] in ("a ", "b ") for o in item.observations) == 80
    assert not list(tmp_path.glob("g/*.tmp")) and not list(tmp_path.glob("g/.*.tmp"))


def test_a_file_that_is_not_json_is_never_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    path.write_text('{"type":"entity","name":"a","entityType":"x","observations":[]}\nnot json', encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(write.WriteError, match="memory.jsonl:2"):
        write.create_entities(path, [{"name": "b", "entityType": "x", "observations": []}])
    assert path.read_bytes() == before


@pytest.mark.parametrize(("raw", "line"), [
    ('{"type":"entity","name":"a","entityType":"x","observations":[]}\n'.encode("utf-16"), 1),  # with its BOM
    (b'{"type":"entity","name":"a","entityType":"x","observations":[]}\n{"name":"caf\xe9"}\n', 2),  # Latin-1
])
def test_a_file_that_is_not_utf8_is_an_error_at_its_line_and_never_rewritten(tmp_path: Path, raw: bytes,
                                                                               line: int) -> None:
    # A UnicodeDecodeError left the tool: the agent read "Error executing tool create_entities" and no reason.
    path = tmp_path / "memory.jsonl"
    path.write_bytes(raw)
    with pytest.raises(write.WriteError) as caught:
        write.create_entities(path, [{"name": "b", "entityType": "x", "observations": []}])
    assert caught.value.render() == (f"{path}:{line}: the graph is not UTF-8; the reference server cannot load this "
                                     "file either (fix: save it as UTF-8 (kgsync build writes it so), then write again)")
    assert path.read_bytes() == raw


def test_a_byte_that_is_not_utf8_far_down_a_large_graph_is_named_at_its_line(tmp_path: Path) -> None:
    path = copy_example(tmp_path / "g")
    raw = path.read_bytes() + b'\n{"type":"entity","name":"caf\xe9","entityType":"x","observations":[]}'
    path.write_bytes(raw)
    line = raw.count(b"\n") + 1  # the last: past the first chunk read_text decodes
    with pytest.raises(write.WriteError, match=rf"memory.jsonl:{line}: the graph is not UTF-8"):
        write.add_observations(path, [{"entityName": ITEM, "contents": ["x"]}])


def test_a_folder_the_server_cannot_write_in_is_an_error_naming_the_graph(tmp_path: Path) -> None:
    # `kgsync serve --writable` over a read-only checkout: opening <graph>.lock raised OSError, which the
    # MCP layer hides: the agent read "Error executing tool create_entities" and no reason.  A graph name
    # whose lock file's name is past NAME_MAX makes the open fail for root too.
    path = tmp_path / ("g" * 245 + ".jsonl")  # 251 characters; its .lock, 256
    path.write_text('{"type":"entity","name":"a","entityType":"x","observations":[]}', encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(write.WriteError) as caught:
        write.create_entities(path, [{"name": "b", "entityType": "x", "observations": []}])
    assert caught.value.render().startswith(f"{path}: cannot write the graph: File name too long (fix: ")
    assert path.read_bytes() == before


@pytest.mark.slow
def test_a_write_s_answer_keeps_the_bound_and_says_what_was_written_whole(tmp_path: Path) -> None:
    # The answer echoed the input whole: a 5 MB observation gave a 5,000,096-character answer, against the
    # README's "every answer is at most 20,000 characters" (qa99).
    path = copy_example(tmp_path / "g")
    long = "x" * 30_000
    many = [{"from": "person:ada", "to": f"concept:n{n:04d}", "relationType": "reads"} for n in range(1_000)]
    with kgsync_serve(path, "--writable") as server:
        created = server.call("create_entities", entities=[
            {"name": "person:ada", "entityType": "person", "observations": [long, "short"]},
            {"name": "person:bob", "entityType": "person", "observations": ["b"]}])
        related = server.call("create_relations", relations=many)
        added = server.call("add_observations", observations=[{"entityName": "person:bob", "contents": [long, "c"]}])
        small = server.call("create_entities", entities=[{"name": "person:cy", "entityType": "person", "observations": ["c"]}])
    for answer, written in ((created, {"entities": 2, "observations": 3}), (related, {"relations": 1_000}),
                            (added, {"entities": 1, "observations": 2})):
        assert isinstance(answer, dict) and answer["written"] == written, answer
        assert len(json.dumps(answer, ensure_ascii=False, separators=(",", ":"))) <= 20_000  # as sent: compact
        assert "the write is whole" in answer["note"] and "cut" in answer["note"], answer["note"]
    assert small == [{"name": "person:cy", "entityType": "person", "observations": ["c"]}]  # within it: as the reference
    graph = jsonl.read(path)
    ada = next(e for e in graph.entities if e.name == "person:ada")
    bob = next(e for e in graph.entities if e.name == "person:bob")
    assert ada.observations == (long, "short") and bob.observations == ("b", long, "c")
    assert sum(1 for r in graph.relations if r.relation_type == "reads") == 1_000
