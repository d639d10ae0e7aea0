"""A tool call's arguments that do not fit the tool's input schema, said in kgsync's form: the tool, the
argument, what was given and what is allowed, with the fix.  The SDK checks the arguments (pydantic) and
its own text named a generated model and a pydantic.dev address; ``server`` hands the check's findings
here (plain dicts: this module imports no SDK) with the schema the client sees in tools/list."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from kgsync.contract.errors import ServeError

#: How many of a call's findings the answer names (the rest are counted).
SHOWN = 3
#: How much of a given value the answer quotes (an argument may be a megabyte).
QUOTED = 60

_KINDS = {"integer": "an integer", "number": "a number", "string": "a text", "boolean": "true or false",
          "object": "an object", "array": "a list", "null": "null"}


def argument_error(tool: str, findings: Sequence[Mapping[str, Any]], schema: Mapping[str, Any]) -> ServeError:
    """The error for ``tool``'s ``findings`` (pydantic's ``errors()``: ``loc``, ``type``, ``input``) against
    its input ``schema``."""
    said = [_finding(finding, schema) for finding in findings[:SHOWN]]
    more = f"; and {len(findings) - SHOWN} more" if len(findings) > SHOWN else ""
    return ServeError(f"{tool}: the argument {'; the argument '.join(said)}{more}",
                      hint=f"call {tool} again with each argument as its input schema says (tools/list shows it)")


def _finding(finding: Mapping[str, Any], schema: Mapping[str, Any]) -> str:
    place = [part for part in finding.get("loc", ()) if not _a_validator_step(part)]
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in place).lstrip(".") or "(all)"
    allowed = _allowed(_at(schema, place, schema.get("$defs", {})), schema.get("$defs", {}))
    if finding.get("type") == "missing":
        return f"{where} is missing: it must be {allowed}"
    return f"{where} is {_given(finding.get('input'))}: it must be {allowed}"


def _a_validator_step(part: object) -> bool:
    """pydantic names the validator of a union or a strict type in ``loc`` (``int``, ``function-after[...]``):
    not a place in the argument."""
    return isinstance(part, str) and ("[" in part or part in ("int", "str", "bool", "float", "list", "dict"))


def _given(value: object) -> str:
    """``value`` as JSON (cut to ``QUOTED`` characters) and its kind."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    text = text if len(text) <= QUOTED else text[:QUOTED - 1] + "…"
    kind = ("a boolean" if isinstance(value, bool) else "a number" if isinstance(value, int | float)
            else "a text" if isinstance(value, str) else "a list" if isinstance(value, list)
            else "an object" if isinstance(value, dict) else "null" if value is None else "a value")
    return f"{text} ({kind})"


def _at(schema: Mapping[str, Any], place: Sequence[object], defs: Mapping[str, Any]) -> Mapping[str, Any]:
    """The part of ``schema`` at ``place`` (an argument's name, a list's index, an object's key)."""
    node = schema
    for part in place:
        node = _resolved(node, defs)
        node = node.get("items", {}) if isinstance(part, int) else node.get("properties", {}).get(part, {})
    return _resolved(node, defs)


def _resolved(node: Mapping[str, Any], defs: Mapping[str, Any]) -> Mapping[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return _resolved(defs.get(ref.removeprefix("#/$defs/"), {}), defs)
    return node


def _allowed(node: Mapping[str, Any], defs: Mapping[str, Any]) -> str:
    """What ``node`` of the schema allows, in words: "an integer", "a list of texts"."""
    kind = node.get("type")
    if kind == "array":
        items = _resolved(node.get("items", {}), defs)
        inner = _allowed(items, defs)
        return "a list" if inner == "a value" else f"a list of {_plural(inner, items)}"
    if kind == "object" and node.get("properties"):
        return f"an object with {', '.join(node['properties'])}"
    return _KINDS.get(kind, "a value") if isinstance(kind, str) else "a value"


def _plural(single: str, node: Mapping[str, Any]) -> str:
    if node.get("type") == "object":
        return "objects" + single.removeprefix("an object")
    return {"an integer": "integers", "a number": "numbers", "a text": "texts", "true or false": "booleans"}.get(single, single)
