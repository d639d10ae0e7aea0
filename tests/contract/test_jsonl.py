"""kgsync.contract.jsonl: the memory server's file format, byte for byte.

The reference is the server's own code (``saveGraph`` / ``loadGraph`` in
``@modelcontextprotocol/server-memory``): ``JSON.stringify`` per record,
entities then relations, joined by ``\\n``, no trailing newline; reading
splits on ``\\n`` and skips lines that ``trim()`` to nothing.
test_mcp_server.py checks the same against the live server and node.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.contract import atomic_write, jsonl
from kgsync.contract.errors import GraphFormatError, KgsyncError
from kgsync.contract.model import Entity, Graph, Relation

GRAPH = Graph(
    (
        Entity("item:2026-01-10-a", "research_item", ("title: A", "tag:knowledge-graphs")),
        Entity("concept:vector search", "concept", ()),
    ),
    (Relation("item:2026-01-10-a", "concept:vector search", "addresses"),),
)
TEXT = (
    '{"type":"entity","name":"item:2026-01-10-a","entityType":"research_item","observations":["title: A","tag:knowledge-graphs"]}\n'
    '{"type":"entity","name":"concept:vector search","entityType":"concept","observations":[]}\n'
    '{"type":"relation","from":"item:2026-01-10-a","to":"concept:vector search","relationType":"addresses"}'
)


# --- writing: exactly JSON.stringify, joined by \n ---


def test_dumps_is_the_servers_exact_text() -> None:
    assert jsonl.dumps(GRAPH) == TEXT


def test_no_trailing_newline_and_empty_graph_is_empty_file() -> None:
    assert not jsonl.dumps(GRAPH).endswith("\n")
    assert jsonl.dumps(Graph()) == ""


def test_key_order_is_the_servers() -> None:
    entity, _, relation = jsonl.dumps(GRAPH).split("\n")
    assert list(json.loads(entity)) == ["type", "name", "entityType", "observations"]
    assert list(json.loads(relation)) == ["type", "from", "to", "relationType"]


def test_entities_come_before_relations_in_graph_order() -> None:
    graph = Graph((Entity("b", "concept"), Entity("a", "concept")), (Relation("b", "a", "about"),))
    names = [json.loads(line).get("name") for line in jsonl.dumps(graph).split("\n")]
    assert names == ["b", "a", None]


@pytest.mark.parametrize(
    ("text", "encoded"),
    [
        ("café 😀 ≠", '"café 😀 ≠"'),  # non-ASCII kept as is
        ("\u2028\u2029", '"\u2028\u2029"'),  # JSON.stringify leaves line/paragraph separators raw
        ("\x7f\x85\xa0", '"\x7f\x85\xa0"'),  # only C0 controls are escaped
        ('"\\/', '"\\"\\\\/"'),  # quote and backslash escaped, slash not
        ("\b\f\n\r\t", '"\\b\\f\\n\\r\\t"'),  # the short escapes
        ("\x00\x01\x1b\x1f\x0b", '"\\u0000\\u0001\\u001b\\u001f\\u000b"'),  # the rest as lower-case \u00xx
        ("\ud800x\udfff", '"\\ud800x\\udfff"'),  # lone surrogates escaped (well-formed JSON.stringify)
    ],
)
def test_strings_are_escaped_like_json_stringify(text: str, encoded: str) -> None:
    line = jsonl.dumps(Graph((Entity(text, "concept", (text,)),)))
    assert line == f'{{"type":"entity","name":{encoded},"entityType":"concept","observations":[{encoded}]}}'
    line.encode("utf-8")  # always encodable


def test_output_is_compact_and_one_line_per_record() -> None:
    graph = Graph((Entity("a\nb", "concept", ("x\ny", "\u2028")),))
    text = jsonl.dumps(graph)
    assert "\n" not in text
    assert ": " not in text and ", " not in text


# --- reading: whatever the server reads ---


def test_loads_reads_what_dumps_writes() -> None:
    assert jsonl.loads(TEXT) == GRAPH


def test_blank_lines_crlf_and_a_trailing_newline_are_tolerated() -> None:
    # The server splits on \n and skips blank lines; a \r left at a line's end is
    # JSON whitespace, which JSON.parse accepts.
    crlf = "\r\n".join(TEXT.split("\n")) + "\r\n"
    assert jsonl.loads(crlf) == GRAPH
    spaced = "\n\n" + TEXT.replace("\n", "\n   \n\t\n") + "\n\n"
    assert jsonl.loads(spaced) == GRAPH
    assert jsonl.loads("") == Graph()
    assert jsonl.loads("\n \n") == Graph()


def test_records_in_any_order_keep_their_kind_order() -> None:
    lines = TEXT.split("\n")
    shuffled = "\n".join([lines[2], lines[1], lines[0]])
    graph = jsonl.loads(shuffled)
    assert graph.relations == GRAPH.relations
    assert [e.name for e in graph.entities] == ["concept:vector search", "item:2026-01-10-a"]
    assert graph.canonical() == GRAPH.canonical()


def test_key_order_inside_a_record_does_not_matter() -> None:
    line = '{"observations":["o"],"entityType":"concept","name":"x","type":"entity"}'
    assert jsonl.loads(line) == Graph((Entity("x", "concept", ("o",)),))


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        (TEXT + "\n{not json", 4, "not a JSON object"),
        ("\n\n[1, 2]", 3, "not an object"),
        ('{"type":"entity","name":"x","entityType":"concept","observations":"o"}', 1, "list of strings"),
        ('{"type":"entity","name":"x","entityType":"concept","observations":[1]}', 1, "list of strings"),
        ('{"type":"entity","name":7,"entityType":"concept","observations":[]}', 1, "name"),
        (TEXT + '\n{"type":"relation","from":"a","to":"b"}', 4, "relationType"),
        ('{"type":"node","name":"x"}', 1, "unknown record type"),
        ("\n".join([TEXT, TEXT, '{"type":"entity"']), 7, "not a JSON object"),
        (TEXT + '\n{"type":"entity","observations":' + "[" * 100_000 + "]" * 100_000 + "}", 4, "nested too deeply"),
        # Python refuses to convert an integer of over 4,300 digits (ValueError, not a JSONDecodeError):
        # a hand edit must be a graph error at its line, not a traceback from lint, diff or build.
        (TEXT + '\n{"type":"entity","name":"x","entityType":"concept","observations":[' + "9" * 5000 + "]}", 4,
         "number of 5000 digits"),
    ],
)
def test_a_malformed_line_is_rejected_with_its_line_number(text: str, line: int, words: str) -> None:
    with pytest.raises(GraphFormatError) as caught:
        jsonl.loads(text, "memory.jsonl")
    error = caught.value
    assert isinstance(error, KgsyncError)
    assert error.location is not None and error.location.line == line
    assert str(error).startswith(f"memory.jsonl:{line}: ")
    assert words in str(error)


def test_every_bad_line_is_named_in_one_error() -> None:
    text = "\n".join([TEXT, "{not json", TEXT, "[1]", '{"type":"node"}'])
    with pytest.raises(GraphFormatError) as caught:
        jsonl.loads(text, "memory.jsonl")
    rendered = caught.value.render()
    assert caught.value.location.line == 4
    assert [line.split(":")[1] for line in rendered.split("\n")] == ["4", "8", "9"]


def test_read_of_a_missing_file_is_the_empty_graph(tmp_path: Path) -> None:
    assert jsonl.read(tmp_path / "absent.jsonl") == Graph()


def test_read_rejects_non_utf8_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    path.write_bytes(TEXT.encode() + b'\n{"type":"entity","name":"\xff"}')
    with pytest.raises(GraphFormatError) as caught:
        jsonl.read(path)
    assert caught.value.location == caught.value.location.of(path, 4)
    assert "UTF-8" in str(caught.value)


def test_read_a_line_at_a_time_is_loads_of_the_decoded_text(tmp_path: Path) -> None:
    """``read`` decodes one line at a time: the graph ``loads`` reads in the whole text (a byte order mark
    off, blank lines, ``\\r\\n``, a last newline), bad lines the same error, and a line that is not UTF-8 the
    error even past bad JSON lines (as when the whole file was decoded first); a node's name one string."""
    path = tmp_path / "memory.jsonl"
    for data in (TEXT.encode() + b"\n", b"\xef\xbb\xbf\n\n" + TEXT.encode().replace(b"\n", b"\r\n") + b"\n\n"):
        path.write_bytes(data)
        assert jsonl.read(path) == jsonl.loads(data.decode("utf-8").removeprefix("\ufeff")) == GRAPH
    data = "x\n\u00e9\n".encode() + TEXT.encode() + b"\n[1]"
    path.write_bytes(data)
    with pytest.raises(GraphFormatError) as whole:
        jsonl.loads(data.decode("utf-8"), str(path))
    with pytest.raises(GraphFormatError) as by_lines:
        jsonl.read(path)
    assert by_lines.value.render() == whole.value.render()
    path.write_bytes(b"not json\n" + TEXT.encode() + b'\n{"type":"entity","name":"\xff"}')
    with pytest.raises(GraphFormatError, match="not UTF-8") as caught:
        jsonl.read(path)
    assert caught.value.location == caught.value.location.of(path, 5)
    path.write_bytes(TEXT.encode())
    graph = jsonl.read(path)
    assert [id(r.source) for r in graph.relations] == [id(graph.entities[0].name)]
    assert [id(r.target) for r in graph.relations] == [id(graph.entities[1].name)]


def test_read_of_a_folder_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "memory.jsonl").mkdir()
    with pytest.raises(GraphFormatError, match="cannot read the graph file"):
        jsonl.read(tmp_path / "memory.jsonl")


def test_read_of_a_folder_never_hints_to_remove_it(tmp_path: Path) -> None:
    # graph: Research/completed (the items folder) said "(or remove it to start an empty graph)".
    (tmp_path / "items").mkdir()
    with pytest.raises(GraphFormatError) as caught:
        jsonl.read(tmp_path / "items")
    assert "remove" not in (caught.value.hint or "") and "is a folder" in caught.value.message
    assert caught.value.hint == "name the graph file (graph: in kgsync.yml, or --out), such as memory.jsonl"


def test_write_keeps_the_files_mode_and_a_symlink(tmp_path: Path) -> None:
    target = tmp_path / "data" / "graph.jsonl"
    target.parent.mkdir()
    jsonl.write(target, Graph((Entity("concept:a", "concept"),)))
    assert target.stat().st_mode & 0o777 == 0o666 & ~_umask()  # not mkstemp's 0600
    target.chmod(0o640)
    link = tmp_path / "memory.jsonl"
    link.symlink_to(target)
    assert jsonl.write(link, Graph((Entity("concept:b", "concept"),)))
    assert link.is_symlink() and jsonl.read(target) == Graph((Entity("concept:b", "concept"),))
    assert target.stat().st_mode & 0o777 == 0o640


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_read_skips_a_utf8_bom(tmp_path: Path) -> None:
    path = tmp_path / "memory.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + TEXT.encode())
    assert jsonl.read(path) == GRAPH


# --- properties ---

_text = st.text(max_size=12)  # default alphabet: every code point but surrogates
_entities = st.lists(st.builds(Entity, _text, _text, st.lists(_text, max_size=4).map(tuple)), max_size=6)
_relations = st.lists(st.builds(Relation, _text, _text, _text), max_size=6)
graphs = st.builds(Graph, _entities.map(tuple), _relations.map(tuple))


@settings(max_examples=300, deadline=None)
@given(graphs)
def test_round_trip_is_byte_exact(graph: Graph) -> None:
    text = jsonl.dumps(graph)
    again = jsonl.loads(text)
    assert again == graph
    assert jsonl.dumps(again) == text


@settings(max_examples=100, deadline=None)
@given(graphs)
def test_dumps_is_deterministic_and_matches_the_line_helpers(graph: Graph) -> None:
    text = jsonl.dumps(graph)
    assert text == jsonl.dumps(Graph(graph.entities, graph.relations))
    assert text == "\n".join(jsonl.lines_of(graph))
    # canonical() is order-independent for a graph with one entity per (name, type)
    unique = {(e.name, e.entity_type): e for e in graph.entities}
    graph = Graph(tuple(unique.values()), graph.relations)
    canonical = jsonl.dumps(graph.canonical())
    reversed_graph = Graph(graph.entities[::-1], graph.relations[::-1])
    assert jsonl.dumps(reversed_graph.canonical()) == canonical


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(exclude_categories=())))
def test_any_string_even_with_lone_surrogates_is_written_as_valid_utf8(text: str) -> None:
    line = jsonl.dumps(Graph((Entity("x", "concept", (text,)),)))
    data = line.encode("utf-8")
    assert jsonl.loads(data.decode("utf-8")).entities[0].observations == (text,)


@settings(max_examples=300, deadline=None)
@given(graphs, st.text(alphabet=st.characters(exclude_categories=()), max_size=6))
def test_dumps_bytes_is_dumps_encoded(graph: Graph, odd: str) -> None:
    # msgspec's encoding (the build's) against the reference one, control characters and lone
    # surrogates (``odd``: any code point) included
    assert jsonl.dumps_bytes(graph) == jsonl.dumps(graph).encode("utf-8")
    spiced = Graph((*graph.entities, Entity(odd, odd, (odd, ""))), (*graph.relations, Relation(odd, "x", odd)))
    assert jsonl.dumps_bytes(spiced) == jsonl.dumps(spiced).encode("utf-8")


@settings(max_examples=300, deadline=None)
@given(graphs, st.text(alphabet=st.characters(exclude_categories=()), max_size=6), st.integers(1, 64))
def test_a_written_graph_is_decoded_in_blocks_as_loads_reads_it(graph: Graph, odd: str, block: int) -> None:
    """``read``'s shortcut (``_written_graph``): the bytes ``dumps_bytes`` writes, read a block at a time
    (lines cut anywhere), are the graph ``loads`` reads; a lone surrogate's escape leaves it to ``loads``."""
    spiced = Graph((*graph.entities, Entity(odd, odd, (odd, ""))), (*graph.relations, Relation(odd, "x", odd)))
    for one in (graph, spiced):
        data = jsonl.dumps_bytes(one)
        found = _read_in_blocks(data, block)
        assert found in (None, jsonl.loads(data.decode("utf-8")))
        assert found is not None or "\\ud" in data.decode("utf-8").lower()


def test_only_a_file_of_written_lines_takes_the_shortcut() -> None:
    """Any other file (a last newline, a blank line, ``\\r\\n``, spacing, another key order, a key the
    server does not write, a byte order mark, a bad line) is read a line at a time: its errors said there."""
    assert _read_in_blocks(TEXT.encode(), 7) == GRAPH
    assert _read_in_blocks(b"", 7) == Graph()
    for data in (TEXT + "\n", TEXT.replace("\n", "\n\n"), TEXT.replace("\n", "\r\n"), TEXT.replace(",", ", "),
                 TEXT.replace('"type":"relation",', "")[:-1] + ',"type":"relation"}',
                 TEXT.replace('"observations":[]', '"observations":[],"x":1'), "\ufeff" + TEXT, TEXT + "\n[1]", "\n"):
        assert _read_in_blocks(data.encode(), 7) is None, data


def test_read_of_a_written_graph_takes_the_shortcut(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "memory.jsonl"
    path.write_bytes(TEXT.encode())
    monkeypatch.setattr(jsonl, "_graph_of", None)  # never called
    assert jsonl.read(path) == GRAPH


def test_loads_bytes_is_loads_of_the_text_its_byte_order_mark_off() -> None:
    """``loads_bytes``: a written graph's bytes by the shortcut, any other bytes by ``loads``, errors and all."""
    for data in (TEXT.encode(), b"\xef\xbb\xbf" + TEXT.encode() + b"\n", b""):
        assert jsonl.loads_bytes(data) == jsonl.loads(data.decode("utf-8").removeprefix("\ufeff"))
    bad = TEXT.encode() + b"\n[1]"
    with pytest.raises(GraphFormatError) as whole:
        jsonl.loads(bad.decode("utf-8"), "g.jsonl")
    with pytest.raises(GraphFormatError) as from_bytes:
        jsonl.loads_bytes(bad, "g.jsonl")
    assert from_bytes.value.render() == whole.value.render()
    with pytest.raises(UnicodeDecodeError):
        jsonl.loads_bytes(b"\xff")


def _read_in_blocks(data: bytes, block: int) -> Graph | None:
    handle = io.BytesIO(data)
    return jsonl._written_graph(handle, block)


def test_dumps_bytes_of_the_example_and_of_nothing() -> None:
    assert jsonl.dumps_bytes(GRAPH) == TEXT.encode("utf-8")
    assert jsonl.dumps_bytes(Graph()) == b""


# --- writing files ---


def test_write_is_atomic_leaves_no_temp_files_and_skips_identical_bytes(tmp_path: Path) -> None:
    path = tmp_path / "graph" / "memory.jsonl"
    assert jsonl.write(path, GRAPH) is True  # creates the folder too
    assert path.read_bytes() == TEXT.encode("utf-8")
    assert sorted(p.name for p in path.parent.iterdir()) == ["memory.jsonl"]
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    inode = path.stat().st_ino
    assert jsonl.write(path, GRAPH) is False
    assert path.stat().st_mtime_ns == 1_000_000_000 and path.stat().st_ino == inode  # untouched
    bigger = Graph(GRAPH.entities + (Entity("concept:rag", "concept", ("alias:RAG",)),), GRAPH.relations)
    assert jsonl.write(path, bigger) is True
    assert jsonl.read(path) == bigger
    assert path.stat().st_ino != inode  # replaced by rename, never truncated in place
    assert sorted(p.name for p in path.parent.iterdir()) == ["memory.jsonl"]


def test_a_failed_write_leaves_the_old_file_and_no_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "memory.jsonl"
    jsonl.write(path, GRAPH)

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(atomic_write.os, "replace", broken_replace)
    with pytest.raises(GraphFormatError, match="cannot write the file: disk full"):
        jsonl.write(path, Graph())
    assert path.read_bytes() == TEXT.encode("utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["memory.jsonl"]


@pytest.mark.parametrize(("line", "message"), [
    ('{"type":"entity","entityType":"note","observations":[]}',
     'entity needs string "name" and "entityType": "name" is missing'),
    ('{"type":"entity","name":5,"entityType":"note","observations":[]}',
     'entity needs string "name" and "entityType": "name" is 5'),
    ('{"type":"relation","from":"agent:none"}',
     'relation needs string "from", "to" and "relationType": "to" is missing'),
    ('{"type":"relation","from":"a","to":["b"],"relationType":"r"}',
     'relation needs string "from", "to" and "relationType": "to" is ["b"]'),
])
def test_a_record_missing_a_field_names_the_field_and_the_fix(line: str, message: str) -> None:
    # The error named neither which field was wrong nor a fix, where every other bad line gives one.
    with pytest.raises(GraphFormatError) as caught:
        jsonl.loads(line, "memory.jsonl")
    assert caught.value.message == message
    assert caught.value.hint == "write the line as the memory server does: strings for every field, or remove it"


@pytest.mark.parametrize("where", ["under a file", "a name too long for its temp file"])
def test_a_write_that_fails_names_the_file_and_leaves_nothing(tmp_path: Path, where: str) -> None:
    """A read-only checkout (or a full disk): ``write`` let mkstemp's OSError out, and ``kgsync build``
    printed a traceback naming a temp file, ``.memory.jsonl.mks5inoe.tmp``.  Now a ``GraphFormatError``
    at the graph's own path, as a read that fails is.  (Tests may run as root, whom no mode stops: a path
    under a file, and a name whose temp file's is past NAME_MAX, fail for everyone.)"""
    blocker = tmp_path / "notes.txt"
    blocker.write_text("x", encoding="utf-8")
    path = blocker / "memory.jsonl" if where == "under a file" else tmp_path / ("g" * 240 + ".jsonl")
    with pytest.raises(GraphFormatError, match="cannot write the file") as caught:
        jsonl.write(path, Graph((Entity("concept:a", "concept"),)))
    assert caught.value.location == caught.value.location.of(path)
    assert caught.value.hint and "writable" in caught.value.hint
    assert sorted(tmp_path.iterdir()) == [blocker]  # no temp file left


def test_a_line_appended_to_the_last_without_a_line_break_says_so(tmp_path: Path) -> None:
    # The graph file ends without a newline, as the memory server writes it: `echo '{...}' >> memory.jsonl`
    # joins the new fact to the last line, and the error read "not a JSON object (Extra data; column 62)".
    path = tmp_path / "memory.jsonl"
    path.write_bytes(TEXT.encode().rstrip(b"\n") + b'{"type":"entity","name":"concept:new","entityType":"concept",'
                     b'"observations":[]}\n')
    last = TEXT.rstrip("\n").split("\n")
    with pytest.raises(GraphFormatError) as caught:
        jsonl.read(path)
    assert caught.value.render() == (
        f"{path}:{len(last)}: two JSON objects on one line, the second at column {len(last[-1]) + 1}: a line break is "
        "missing (fix: start each object on a line of its own; the file ends without a newline, as the memory server "
        "writes it, so an append (echo ... >> FILE) joins its first line to the last)")


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_graph_path_that_is_no_regular_file_is_refused_not_read_forever(tmp_path: Path, kind: str) -> None:
    # `kgsync diff old.jsonl /dev/zero` read without end (its memory growing), and a FIFO blocked at the
    # open: no answer and no message.  Run apart, so that the old behaviour fails the test by its timeout.
    path = Path("/dev/zero") if kind == "device" else tmp_path / "graph.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    code = ("from kgsync.contract import jsonl\nfrom kgsync.contract.errors import GraphFormatError\n"
            f"try:\n    jsonl.read({str(path)!r})\nexcept GraphFormatError as exc:\n    print(exc.render())\n")
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20,
                              env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    except subprocess.TimeoutExpired:
        pytest.fail(f"jsonl.read of a {kind} did not return in 20 s")
    assert "not a regular file" in done.stdout and str(path) in done.stdout, done.stdout + done.stderr
