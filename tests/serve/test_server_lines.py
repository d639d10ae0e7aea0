"""Every line a client sends ``kgsync serve`` is answered as JSON-RPC 2.0 says, the session kept alive.

The real process over its stdio, each line written as raw bytes (``tests/serve/stdio_lines.py``): a line the
SDK could not parse was dropped unanswered, and the client waited for its own timeout.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tests.serve.stdio_lines import call_line, fenced_lines, rpc_lines

pytestmark = pytest.mark.slow

EXAMPLE_GRAPH = Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "memory.jsonl"
PARSE_ERROR, INVALID_REQUEST = -32700, -32600


@pytest.fixture()
def graph(tmp_path: Path) -> Path:
    for name in ("memory.jsonl", "memory.kgsync.json"):
        shutil.copyfile(EXAMPLE_GRAPH.with_name(name), tmp_path / name)
    return tmp_path / "memory.jsonl"


def refused(answers: list[dict], code: int, request_id: object) -> str:
    """The one error answer in ``answers``, checked for ``code`` and ``request_id``; its message."""
    assert len(answers) == 1, answers
    (answer,) = answers
    assert answer["jsonrpc"] == "2.0" and "result" not in answer, answer
    assert answer["error"]["code"] == code and answer["id"] == request_id, answer
    assert "id" in answer  # null when it could not be read, never left out
    return str(answer["error"]["message"])


def still_served(last: dict) -> None:
    assert json.loads(last["result"]["content"][0]["text"])["entities"], last


PING = b'"method":"ping"'

#: (line, code, id of the answer): each line was dropped unanswered (or read as a notification).
OWED = [
    (b"not json", PARSE_ERROR, None),
    (b'{"jsonrpc":"2.0","id":1,"method":"ping"', PARSE_ERROR, None),  # cut short
    (b'\xff\xfe\x00\x01 binary', PARSE_ERROR, None),
    (b'{"jsonrpc":"2.0","id":2,"method":"ping"}\x00', PARSE_ERROR, None),
    (b'{"jsonrpc":"2.0","id":3,"method":"ping","params":{"a":' + b"[" * 5000 + b"]" * 5000 + b"}}", PARSE_ERROR, None),
    (b'{"x":"' + b"a" * 3_000_000, PARSE_ERROR, None),  # long and cut short
    (b"42", INVALID_REQUEST, None),
    (b'"ping"', INVALID_REQUEST, None),
    (b"null", INVALID_REQUEST, None),
    (b"true", INVALID_REQUEST, None),
    (b"{}", INVALID_REQUEST, None),
    (b"[]", INVALID_REQUEST, None),
    (b'{"id":4,' + PING + b"}", INVALID_REQUEST, 4),  # no "jsonrpc"
    (b'{"jsonrpc":"1.0","id":"five",' + PING + b"}", INVALID_REQUEST, "five"),
    (b'{"jsonrpc":"2.0","id":{"n":6},' + PING + b"}", INVALID_REQUEST, None),  # read as a notification before
    (b'{"jsonrpc":"2.0","id":[7],' + PING + b"}", INVALID_REQUEST, None),
    (b'{"jsonrpc":"2.0","id":null,' + PING + b"}", INVALID_REQUEST, None),
    (b'{"jsonrpc":"2.0","id":true,' + PING + b"}", INVALID_REQUEST, None),
    (b'{"jsonrpc":"2.0","id":8.5,' + PING + b"}", INVALID_REQUEST, None),
    (b'{"jsonrpc":"2.0","id":9.0,' + PING + b"}", INVALID_REQUEST, 9),  # the JSON number 9
    (b'{"jsonrpc":"2.0","id":10,"method":5}', INVALID_REQUEST, 10),
    (b'{"jsonrpc":"2.0","id":11}', INVALID_REQUEST, 11),
    (b'{"jsonrpc":"2.0","id":12,"method":"tools/list","params":[1]}', INVALID_REQUEST, 12),
    (b'{"jsonrpc":"2.0","method":5}', INVALID_REQUEST, None),  # no notification: JSON-RPC 2.0's own example
    (b'{"jsonrpc":"2.0","id":13,"method":5,"x":"\\ud800"}', INVALID_REQUEST, 13),  # a lone surrogate, and no method
]


def test_each_line_the_sdk_cannot_serve_is_answered_and_the_session_goes_on(graph: Path) -> None:
    answers, last = fenced_lines(graph, [line for line, _, _ in OWED])
    for (line, code, request_id), got in zip(OWED, answers, strict=True):
        message = refused(got, code, request_id)
        assert message.startswith("Parse error: " if code == PARSE_ERROR else "Invalid Request: "), (line[:60], message)
        assert "(fix: " in message, message
    still_served(last)


def test_the_answer_says_what_is_wrong(graph: Path) -> None:
    lines = [b"not json", b'{"id":4,' + PING + b"}", b'{"jsonrpc":"2.0","id":{"n":6},' + PING + b"}",
             b'{"jsonrpc":"2.0","id":12,"method":"tools/list","params":[1]}', b"42"]
    (text, version, object_id, params, number), _ = fenced_lines(graph, lines)
    assert "Invalid JSON: expected ident at line 1 column 2" in refused(text, PARSE_ERROR, None)
    assert '"jsonrpc" must be "2.0"' in refused(version, INVALID_REQUEST, 4)
    assert '"id" must be a string or an integer' in refused(object_id, INVALID_REQUEST, None)
    assert '"params" must be an object' in refused(params, INVALID_REQUEST, 12)
    assert "a message is a JSON object, this line is a number" in refused(number, INVALID_REQUEST, None)


def test_a_batch_gets_one_answer_for_each_request_in_it(graph: Path) -> None:
    """MCP sends one message a line (batches left the protocol in 2025-06-18; the SDK cannot read one): each
    request of a batch is answered with its own id, so no call waits; a notification in it is not answered."""
    batch = b'[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},7,' \
            b'{"jsonrpc":"2.0","id":"two","method":"tools/list"}]'
    (answers, only_notes), last = fenced_lines(graph, [batch, b'[{"jsonrpc":"2.0","method":"notifications/x"}]'])
    assert [(a["id"], a["error"]["code"]) for a in answers] == [(1, INVALID_REQUEST), (None, INVALID_REQUEST),
                                                                 ("two", INVALID_REQUEST)]
    assert all("batch" in a["error"]["message"] for a in answers)
    assert only_notes == []
    still_served(last)


def test_what_awaits_no_answer_gets_none(graph: Path) -> None:
    """A notification (no id: JSON-RPC 2.0 never answers one), well formed or not, a response and a blank
    line: nothing is written back (a peer answering an error with an error would never stop)."""
    lines = [b'{"jsonrpc":"2.0","method":"notifications/x","params":5}', b'{"jsonrpc":"2.0","method":"ping"}',
             b'{"jsonrpc":"2.0","id":14,"result":5}', b'{"jsonrpc":"2.0","id":null,"error":{"code":-32600}}',
             b"", b"   \t"]
    answers, last = fenced_lines(graph, lines)
    assert answers == [[]] * len(lines)
    still_served(last)


def test_json_the_sdk_parser_refuses_is_served(graph: Path) -> None:
    """Nesting past the SDK parser's 255 levels (Node's reads far deeper: the reference server answers) is
    read by Python's JSON reader and served; past that reader's depth it is a parse error (above)."""
    deep = '{"a":' + "[" * 300 + "]" * 300 + "}"
    deep_call, after = rpc_lines(graph, [call_line(1, "search_nodes", '{"query":"hybrid retrieval","x":' + deep + "}"),
                                         call_line(2, "search_nodes", '{"query":"hybrid retrieval"}')], timeout=30)
    assert deep_call is not None and deep_call["id"] == 1 and "result" in deep_call, deep_call
    assert after is not None and after["id"] == 2
