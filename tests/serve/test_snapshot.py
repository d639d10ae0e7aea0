"""kgsync.serve.snapshot: a graph file read as the reference memory server reads it."""

from __future__ import annotations

import json

import pytest

from kgsync.serve.snapshot import line_starts, read_bytes, read_text


def test_the_reader_keeps_what_the_reference_server_keeps_and_counts_the_rest() -> None:
    text = "\n".join([
        "\ufeff" + json.dumps({"type": "entity", "name": "person:ada", "entityType": "person", "observations": ["wrote notes"]}),
        "",
        "not json at all",
        json.dumps({"type": "note", "text": "another type"}),
        json.dumps([1, 2]),
        json.dumps({"type": "entity", "name": "person:ada", "entityType": "person", "observations": ["a duplicate"]}),
        json.dumps({"type": "relation", "from": "person:ada", "to": "item:x", "relationType": "likes"}),
        json.dumps({"type": "relation", "from": "person:ada", "to": 3, "relationType": "likes"}),
        "\r",
    ])
    snap = read_text(text)
    assert [e.observations for e in snap.entities] == [("wrote notes",), ("a duplicate",)]  # file order, both kept
    assert snap.by_name["person:ada"].observations == ("wrote notes",)  # the first wins, like the server's find()
    assert [(r.source, r.target, r.relation_type) for r in snap.relations] == [("person:ada", "item:x", "likes")]
    assert snap.skipped == 4


#: Files the byte path decodes, or must leave to the line reader, each with what it holds.
FILES = [
    b'{"type":"entity","name":"a","entityType":"x","observations":["o"]}\n{"type":"relation","from":"a","to":"b","relationType":"r"}',
    b'\xef\xbb\xbf{"type":"entity","name":"a","entityType":"x","observations":["o"]}\r\n\n'
    b'{"type":"relation","from":"a","to":"b","relationType":"r"}\n',
    b'{"type":"entity","name":"a","entityType":"x","observations":["o"]}\n{"type":"other"}\n'
    b'{"type":"relation","from":"a","to":"b","relationType":"r"}',
    b'{"type":"entity","name":"a","entityType":"x","observations":["o"]}, {"type":"entity","name":"a2"}\n'
    b'{"type":"relation","from":"a","to":"b","relationType":"r"}',
    # Two objects on one line (the server skips it) balanced by a line of spaces: still one line, skipped.
    b'{"type":"entity","name":"a","entityType":"x","observations":["o"]} {"type":"entity","name":"a2"}\n  \n'
    b'{"type":"relation","from":"a","to":"b","relationType":"r"}',
]


@pytest.mark.parametrize("raw", FILES)
def test_the_fast_byte_path_reads_what_the_line_reader_reads(raw: bytes) -> None:
    fast, slow = read_bytes(raw), read_text(raw.decode("utf-8"))
    assert (fast.entities, fast.relations, fast.skipped) == (slow.entities, slow.relations, slow.skipped)
    two = b"}, {" in raw or b"} {" in raw
    assert len(fast.relations) == 1 and [e.name for e in fast.entities] == ([] if two else ["a"])


@pytest.mark.parametrize("raw", FILES)
def test_lines_counted_beforehand_read_as_lines_counted_here(raw: bytes) -> None:
    # kgsync serve's start-up child counts them (line_starts) while the server loads the SDK.
    counted = line_starts(raw)
    given, here = read_bytes(raw, counted), read_bytes(raw)
    assert (given.entities, given.relations, given.skipped, given.first_skipped) == \
        (here.entities, here.relations, here.skipped, here.first_skipped)
    # Only a file whose every line starts an object (what kgsync and the server write) is decoded from its bytes.
    assert counted == (raw.count(b"\n") + 1 if raw.startswith(b"{") and b"\n\n" not in raw and b"\n " not in raw else 0)
