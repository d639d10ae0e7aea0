"""A tool call's arguments that do not fit its input schema, said in kgsync's form."""

from __future__ import annotations

from typing import Any

from kgsync.serve.arguments import QUOTED, SHOWN, argument_error

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "limit": {"type": "integer", "default": 10},
                   "names": {"type": "array", "items": {"type": "string"}},
                   "entities": {"type": "array", "items": {"$ref": "#/$defs/EntityIn"}}},
    "$defs": {"EntityIn": {"type": "object", "properties": {"name": {"type": "string"},
                                                             "observations": {"type": "array", "items": {"type": "string"}}}}},
}


def test_each_finding_names_the_argument_what_was_given_and_what_is_allowed() -> None:
    error = argument_error("search_nodes", [{"loc": ("limit",), "type": "value_error", "input": True},
                                            {"loc": ("query",), "type": "missing", "input": {}}], SCHEMA)
    assert error.render() == ("search_nodes: the argument limit is true (a boolean): it must be an integer; the argument "
                              "query is missing: it must be a text (fix: call search_nodes again with each argument as its "
                              "input schema says (tools/list shows it))")


def test_a_place_inside_a_list_of_objects_is_found_through_the_schema_s_definitions() -> None:
    error = argument_error("create_entities", [{"loc": ("entities", 0, "observations"), "type": "list_type", "input": "x"},
                                               {"loc": ("entities", 1), "type": "model_type", "input": 5}], SCHEMA)
    assert "entities[0].observations is \"x\" (a text): it must be a list of texts" in error.message
    assert "entities[1] is 5 (a number): it must be an object with name, observations" in error.message


def test_a_validator_s_name_in_the_place_is_left_out() -> None:
    error = argument_error("search_nodes", [{"loc": ("limit", "function-before[_no_boolean(), int]"), "type": "int_parsing",
                                             "input": "abc"}], SCHEMA)
    assert error.message == 'search_nodes: the argument limit is "abc" (a text): it must be an integer'


def test_a_long_value_is_cut_and_findings_past_the_first_few_are_counted() -> None:
    findings = [{"loc": ("names", i), "type": "string_type", "input": "x" * 1000} for i in range(SHOWN + 2)]
    error = argument_error("open_nodes", findings, SCHEMA)
    assert error.message.count("names[") == SHOWN and error.message.endswith("; and 2 more")
    assert f'"{"x" * (QUOTED - 2)}… (a text)' in error.message
