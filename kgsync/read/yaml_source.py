"""Maintainers' YAML files read with line numbers: kgsync.yml, kgsync-vocab.yml, the theme map.

``read_yaml`` turns every way such a file can fail into a ``ConfigError`` naming
the file and line; ``key_lines`` maps each dotted key to its line so that a
message about a value can say where it is.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import Any

import yaml

from kgsync.contract.errors import ConfigError, Location


def read_yaml(path: Path, text: str | None = None, line_offset: int = 0) -> tuple[Any, yaml.Node | None]:
    """A maintainers' YAML file (or ``text`` found in it at ``line_offset``): data and node tree.

    Every way it can fail is a ``ConfigError`` naming the file and, where known, the line:
    bad YAML, bytes that are not UTF-8, a date-shaped value that is no date (PyYAML raises
    ValueError for ``2026-02-30``), nesting too deep for the parser.
    """
    try:
        if text is None:
            text = decode_utf8(path, path.read_bytes())
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = line_offset + mark.line + 1 if mark else None
        raise ConfigError(f"not valid YAML: {getattr(exc, 'problem', exc)}", Location.of(path, line)) from None
    except ValueError as exc:
        assert text is not None  # decoded before YAML can raise ValueError
        line = next((n for n, row in enumerate(text.split("\n"), 1) if _no_date(row)), None)
        raise ConfigError(f"not valid YAML: {exc}", Location.of(path, line_offset + line if line else None),
                          "write dates as real YYYY-MM-DD dates, or quote the value") from None
    except RecursionError:
        raise ConfigError("YAML nested too deeply", Location.of(path), "flatten the file") from None
    repeated = _repeated_key(node)
    if repeated is not None:
        dotted, first, second = repeated
        raise ConfigError(f"{dotted}: written twice (first at line {line_offset + first}); YAML would keep only the last",
                          Location.of(path, line_offset + second), "keep one of the two")
    return data, node


def _repeated_key(node: yaml.Node | None) -> tuple[str, int, int] | None:
    """(dotted key, 1-based line of its first and its second spelling) of the first key written
    twice in one mapping, or None.  YAML keeps the last silently: a second ``graph:`` far down
    kgsync.yml would redirect the output while a reviewer reads the first."""
    stack: list[tuple[yaml.Node, str]] = [(node, "")] if node is not None else []
    while stack:
        current, prefix = stack.pop()
        if isinstance(current, yaml.MappingNode):
            seen: dict[str, int] = {}
            for key_node, value_node in current.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.value != "<<":
                    dotted, line = f"{prefix}{key_node.value}", key_node.start_mark.line + 1
                    if key_node.value in seen:
                        return dotted, seen[key_node.value], line
                    seen[key_node.value] = line
                    stack.append((value_node, dotted + "."))
        elif isinstance(current, yaml.SequenceNode):
            stack.extend((item, prefix) for item in current.value)
    return None


def decode_utf8(path: Path, raw: bytes) -> str:
    """A maintainers' file's bytes as text, or a ``ConfigError`` at the line of the first byte that
    is not UTF-8 (the YAML files and the theme map say it the same way)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError("not UTF-8", Location.of(path, raw[: exc.start].count(b"\n") + 1),
                          "save the file as UTF-8") from None


def _no_date(row: str) -> bool:
    """Does ``row`` hold a date-shaped value that is no date (what PyYAML's ValueError is about)?"""
    for found in _DATE_SHAPED.findall(row):
        try:
            datetime.date.fromisoformat(found)
        except ValueError:
            return True
    return False


_DATE_SHAPED = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")


def key_lines(node: yaml.Node | None, prefix: str = "") -> dict[str, int]:
    """Dotted key -> 1-based line of a composed YAML mapping, for messages naming the line."""
    out: dict[str, int] = {}
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            dotted = f"{prefix}{key_node.value}"
            out[dotted] = key_node.start_mark.line + 1
            out.update(key_lines(value_node, dotted + "."))
    return out
