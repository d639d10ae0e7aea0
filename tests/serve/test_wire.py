"""JSON-RPC 2.0's rules for a line kgsync serve cannot serve (``serve/wire.py``), and ``server.read_line``, which
asks the SDK's model first and ``wire`` for the rest (the real process: ``test_server_lines.py``)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from mcp.types import JSONRPCNotification, JSONRPCRequest, JSONRPCResponse

from kgsync.serve import wire
from kgsync.serve.server import read_line


def test_a_line_whose_fault_is_a_lone_surrogate_is_served_with_u_fffd() -> None:
    message, owed = read_line('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"item",'
                              '"arguments":{"\\udc00":"\\ud800"}}}\n')
    assert owed == () and isinstance(message, JSONRPCRequest)
    assert message.params == {"name": "item", "arguments": {"\ufffd": "\ufffd"}}
    assert wire.loaded('["\\ud83d\\ude00", "\\ud83d"]') == ["\U0001F600", "\ufffd"]  # a pair stays whole


def test_a_line_the_sdk_reads_is_served_as_it_reads_it() -> None:
    line = '{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"item","arguments":{"slug":"x"}}}'
    message, owed = read_line(line + "\n")
    assert owed == () and isinstance(message, JSONRPCRequest) and message.id == "a"
    assert isinstance(read_line('{"jsonrpc":"2.0","method":"notifications/initialized"}')[0], JSONRPCNotification)
    assert isinstance(read_line('{"jsonrpc":"2.0","id":3,"result":{}}')[0], JSONRPCResponse)


def test_an_id_that_is_no_string_or_integer_is_a_request_refused_not_a_notification() -> None:
    for written, answered in (('{"a":1}', None), ("null", None), ("true", None), ("[1]", None), ("1.5", None),
                              ("2.0", 2), ('"\\u0031"', "1")):
        line = f'{{"jsonrpc":"2.0","id":{written},"method":"ping"}}'
        message, owed = read_line(line)
        if isinstance(answered, str):  # a string id, escapes and all: a request
            assert owed == () and isinstance(message, JSONRPCRequest) and message.id == answered
            continue
        assert message is None and [(r.request_id, r.code) for r in owed] == [(answered, wire.INVALID_REQUEST)], line
    # An escaped key is the same key: "\u0069d" is "id".
    assert read_line('{"jsonrpc":"2.0","\\u0069d":{},"method":"ping"}')[1][0].code == wire.INVALID_REQUEST


def test_what_is_owed_follows_json_rpc() -> None:
    assert wire.owed({"jsonrpc": "2.0", "method": "notifications/x", "params": 5}) == ()
    assert wire.owed({"jsonrpc": "2.0", "id": 1, "result": 5}) == ()
    assert wire.owed({"id": None, "error": "x"}) == ()
    assert [r.request_id for r in wire.owed([{"id": 1}, {"method": "n"}, 2, {"id": "x", "method": 3}])] == [1, None, "x"]
    assert wire.owed([{"method": "n"}]) == ()  # JSON-RPC: nothing at all for a batch of notifications
    (empty,) = wire.owed([])
    assert (empty.request_id, empty.code) == (None, wire.INVALID_REQUEST)
    (faults,) = wire.owed({"jsonrpc": "1.0", "id": 3, "method": 4, "params": "p"})
    assert faults.request_id == 3 and all(f in faults.message for f in ('"jsonrpc" must be "2.0"', '"method" must be a text',
                                                                        '"params" must be an object'))


def test_blank_lines_are_no_message() -> None:
    for line in ("", "\n", "   \t\n", "\r\n"):
        assert read_line(line) == (None, ())


def test_deep_nesting_is_served_to_the_depth_python_reads_then_refused() -> None:
    def nested(depth: int) -> str:
        return '{"jsonrpc":"2.0","id":7,"method":"ping","params":{"a":' + "[" * depth + "]" * depth + "}}"

    message, owed = read_line(nested(300))  # past the SDK parser's 255 levels
    assert owed == () and isinstance(message, JSONRPCRequest) and message.id == 7
    for depth in (900, 100_000):  # past the lone-surrogate walk's depth, past json.loads's
        message, owed = read_line(nested(depth))
        assert message is None and [(r.request_id, r.code) for r in owed] == [(None, wire.PARSE_ERROR)]
        assert "recursion limit exceeded" in owed[0].message


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                         st.sampled_from(["jsonrpc", "id", "method", "params", "result", "error", "x"]), inner, max_size=6),
                     max_leaves=12)


@settings(max_examples=400, deadline=None)
@given(value=_JSON, cut=st.integers(min_value=0, max_value=200), junk=st.text(max_size=6))
def test_any_line_is_served_or_answered_and_never_raises(value: object, cut: int, junk: str) -> None:
    """Whatever a line holds (JSON of any shape, cut short, with junk after it), reading it never raises (the
    reader's end would end the session), and what it gives is a message or well-formed answers, never both;
    a request (an object with a method's name and an id member) is always served or answered."""
    text = json.dumps(value)
    for line in (text, text[:cut], text + junk):
        message, owed = read_line(line)
        assert message is None or owed == ()
        for refusal in owed:
            assert refusal.code in (wire.PARSE_ERROR, wire.INVALID_REQUEST) and refusal.message
            assert refusal.request_id is None or isinstance(refusal.request_id, int | str)
        if isinstance(value, dict) and "id" in value and isinstance(value.get("method"), str) and line == text:
            assert isinstance(message, JSONRPCRequest) or owed, line
