"""JSON-RPC 2.0's rules for a line ``kgsync serve`` cannot serve: what is owed to its sender (no MCP here).

The SDK's stdio reader dropped a line it could not read as a message, unanswered, so the client waited
for its own timeout (invalid JSON, a JSON value that is no message, a request without ``"jsonrpc":
"2.0"``, a batch), and it read a request whose id is no string or integer (an object, null) as a
notification, which is never answered.  ``server.read_line`` asks the SDK's model first and this module
for the rest: -32700 (Parse error) for a line that is not JSON, -32600 (Invalid Request) for JSON that
is no request, with the request's id when it can be read, else null.  A notification and a response are
never answered (nothing waits for an answer; two peers answering each other's errors would never stop).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600


@dataclass(frozen=True)
class Refusal:
    """A JSON-RPC error answer: the id of the request it answers (None: it could not be read), code, message."""

    request_id: int | str | None
    code: int
    message: str


class Unread:
    """What ``loaded`` returns for a line that is no JSON it can read (the one value of this class)."""


UNREAD: Final = Unread()


def loaded(text: str) -> object:
    """``text`` as JSON, each lone surrogate in its texts (keys too) read as U+FFFD; ``UNREAD`` when it is no
    JSON or is nested past the interpreter's recursion limit.

    An escaped lone surrogate ("\\ud83d", a text cut inside an emoji pair; JSON.stringify writes it so, and
    the JSON is valid) and nesting past the SDK parser's depth (255 levels) are JSON the SDK's parser
    refuses: read here, the message is served."""
    try:
        return _no_lone_surrogate(json.loads(text))
    except (ValueError, RecursionError):
        return UNREAD


def parse_error(detail: str) -> Refusal:
    """The answer to a line that is no JSON (``detail``: the parser's words, where it stopped)."""
    return Refusal(None, PARSE_ERROR, f"Parse error: {detail} (fix: send each message as one line of JSON text, "
                                      "UTF-8, with no newline inside it)")


_ID_FAULT = '"id" must be a string or an integer'
_REQUEST = ' (fix: send a request as {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {...}})'
_BATCH = ("Invalid Request: a batch (a JSON array of messages) is not served: MCP sends each message on a line "
          "of its own (fix: send this message alone on its line)")


def unreadable_id(value: dict[str, Any]) -> Refusal:
    """The answer to a request whose id is no string or integer (the SDK's model reads it as a notification)."""
    return Refusal(request_id(value), INVALID_REQUEST, f"Invalid Request: {_ID_FAULT} (fix: give each request an id "
                                                        'of its own of those; a message without "id" is a notification, '
                                                        "never answered)")


def owed(value: object) -> tuple[Refusal, ...]:
    """The answers owed for ``value``, JSON the SDK reads as no message: one for a request (or what may be
    one), one for each such element of a batch, none for a notification or a response."""
    if isinstance(value, list):
        if not value:
            return (Refusal(None, INVALID_REQUEST, "Invalid Request: an empty batch (fix: send each message as a "
                                                   "JSON object on a line of its own)"),)
        return tuple(Refusal(request_id(element), INVALID_REQUEST, _BATCH)
                     for element in value if not awaits_nothing(element))
    if not isinstance(value, dict):
        return (Refusal(None, INVALID_REQUEST, f"Invalid Request: a message is a JSON object, this line is "
                                               f"{_kind(value)}{_REQUEST}"),)
    if awaits_nothing(value):
        return ()
    return (Refusal(request_id(value), INVALID_REQUEST, f"Invalid Request: {_faults(value)}{_REQUEST}"),)


def awaits_nothing(value: object) -> bool:
    """A notification (a method's name and no id) or a response (a result or an error and no method), well
    formed or not: its sender waits for no answer."""
    if not isinstance(value, dict):
        return False
    if "id" not in value and isinstance(value.get("method"), str):
        return True
    return "method" not in value and ("result" in value or "error" in value)


def _faults(value: dict[str, Any]) -> str:
    """What makes ``value`` no request, each member named."""
    faults = []
    if value.get("jsonrpc") != "2.0":
        faults.append('"jsonrpc" must be "2.0"')
    if "id" not in value:
        faults.append('"id" is missing (a request has one; a notification has a "method" and no "id")')
    elif request_id(value) is None:
        faults.append(_ID_FAULT)
    if not isinstance(value.get("method"), str):
        faults.append('"method" must be a text, the method\'s name')
    if value.get("params") is not None and not isinstance(value["params"], dict):
        faults.append('"params" must be an object')
    return "; ".join(faults) or "the message is no JSON-RPC request"


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return "a number" if isinstance(value, int | float) else "a string"


def request_id(value: object) -> int | str | None:
    """The request id of ``value`` when it can be read (a string, an integer; 7.0 is the JSON number 7),
    else None (JSON-RPC 2.0: "If there was an error in detecting the id ..., it MUST be Null")."""
    found = value.get("id") if isinstance(value, dict) else None
    if isinstance(found, bool):
        return None
    if isinstance(found, float) and found.is_integer():
        return int(found)
    return found if isinstance(found, int | str) else None


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # json.loads pairs a valid pair: any left is lone


def _no_lone_surrogate(value: object) -> object:
    """``value`` (parsed JSON) with each lone surrogate in its texts (keys too) read as U+FFFD, as the stdio
    reader already reads an undecodable byte."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_no_lone_surrogate(v) for v in value]
    if isinstance(value, dict):
        return {_no_lone_surrogate(k): _no_lone_surrogate(v) for k, v in value.items()}
    return value
