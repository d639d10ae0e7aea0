"""Maintainers' YAML files read with line numbers: kgsync.yml, kgsync-vocab.yml, the theme map.

``read_yaml`` turns every way such a file can fail into a ``ConfigError`` naming
the file and line; ``key_lines`` maps each dotted key to its line so that a
message about a value can say where it is.
"""

from __future__ import annotations

import datetime
import os
import re
import stat
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
            text = decode_utf8(path, read_small_file(path))
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.reader.ReaderError as exc:  # no mark: a position in the text read, and two lines of text
        assert text is not None  # decoded before PyYAML reads a character
        raise ConfigError(f"not valid YAML: the character U+{exc.character:04X} is not allowed in YAML"
                          if isinstance(exc.character, int) else f"not valid YAML: {exc.reason}",
                          Location.of(path, line_offset + text[: exc.position].count("\n") + 1),
                          "remove it, or write it as an escape in a double-quoted string") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = line_offset + mark.line + 1 if mark else None
        raise ConfigError(f"not valid YAML: {getattr(exc, 'problem', exc)}", Location.of(path, line),
                          _fix(exc, line_offset)) from None
    except ValueError as exc:
        assert text is not None  # decoded before YAML can raise ValueError
        line = next((n for n, row in enumerate(text.split("\n"), 1) if _no_date(row)), None)
        raise ConfigError(f"not valid YAML: {exc}", Location.of(path, line_offset + line if line else None),
                          "write dates as real YYYY-MM-DD dates, or quote the value") from None
    except RecursionError:
        raise ConfigError("YAML nested too deeply", Location.of(path), "flatten the file") from None
    expanding = _alias_expansion(node)
    if expanding is not None:
        dotted, line = expanding
        raise ConfigError(f"{dotted}: YAML aliases here expand to more than {EXPANDED_VALUES:,} values",
                          Location.of(path, line_offset + line),
                          "write the values out; a maintainers' file needs no deep YAML aliases")
    repeated = _repeated_key(node)
    if repeated is not None:
        dotted, first, second = repeated
        raise ConfigError(f"{dotted}: written twice (first at line {line_offset + first}); YAML would keep only the last",
                          Location.of(path, line_offset + second), "keep one of the two")
    return data, node


EXPANDED_VALUES = 1_000_000
"""How many values a maintainers' file may hold once its aliases are expanded.  Without aliases it
holds as many as it writes, never an error; nine levels of nine aliases ("billion laughs") are
9**10 in a file of 600 bytes, and every walk of the tree below (repeated keys, key lines, the
readers of the data) would take hours."""


def _alias_expansion(node: yaml.Node | None) -> tuple[str, int] | None:
    """(dotted key, 1-based line) of the key whose value takes the expanded count past
    ``EXPANDED_VALUES``, or None.  Sizes are counted once a node (an alias is the anchored node
    itself in the composed tree), so this costs the file's length, not its expansion."""
    if node is None:
        return None
    sizes: dict[int, int] = {}
    uses: dict[int, int] = {}  # how often the tree names a node: more than once is an alias
    order: list[yaml.Node] = []  # every distinct node, parents before children
    stack = [node]
    while stack:
        current = stack.pop()
        if id(current) in sizes:
            continue
        sizes[id(current)] = 0
        order.append(current)
        for child in _children(current):
            uses[id(child)] = uses.get(id(child), 0) + 1
            stack.append(child)
    for current in reversed(order):  # children before parents; aliases cannot form a cycle
        sizes[id(current)] = 1 + sum(sizes[id(child)] for child in _children(current))
    if sizes[id(node)] <= EXPANDED_VALUES:
        return None
    # Walk down from the root, keeping the running count in document order, to the key whose
    # value passes the limit; stop at an aliased node (its line would be its anchor's).
    budget, current, dotted, line = EXPANDED_VALUES, node, "", node.start_mark.line + 1
    while isinstance(current, (yaml.MappingNode, yaml.SequenceNode)) and uses.get(id(current), 0) <= 1:
        pairs = current.value if isinstance(current, yaml.MappingNode) else [(None, item) for item in current.value]
        for key_node, value_node in pairs:
            size = sizes[id(value_node)] + (sizes[id(key_node)] if key_node is not None else 0)
            if size < budget:
                budget -= size
                continue
            if key_node is not None:
                dotted = f"{dotted}.{key_node.value}" if dotted else str(key_node.value)
                line = key_node.start_mark.line + 1
            current = value_node
            break
        else:
            break
    return dotted or "(the whole file)", line


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


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


def leads_out(path: Path, root: Path) -> Path | None:
    """Where ``path`` leads when it lies in the repository ``root`` as written but is a link, or in a
    linked folder, whose target is outside it; else None.  A committed symlink must not make the build
    read the runner's files or another checkout (into the graph, the PR body, an error message): the one
    check of the items (``read.items.link_out``), the maintainers' files (``read.config``) and the site
    project's default folder (``cli.site``).  A path written outside the root is the choice of whoever
    wrote it (kgsync.yml's ``items:``, the command line)."""
    top = Path(os.path.abspath(root))
    if not Path(os.path.abspath(path)).is_relative_to(top):
        return None
    try:
        target = path.resolve()
        return None if target.is_relative_to(root.resolve()) else target
    except (OSError, RuntimeError):  # a link loop: unreadable, reported as such by the read
        return None


#: A maintainers' file is kilobytes; past this it is refused unread (YAML builds an object per value).
MAX_FILE_BYTES = 16 * 1024 * 1024


def read_small_file(path: Path) -> bytes:
    """A maintainers' file's bytes: a regular file (a committed link to /dev/zero was read for ever, one to
    a FIFO blocked at the open) of at most ``MAX_FILE_BYTES``, else a ``ConfigError`` at it.
    ``FileNotFoundError`` passes through: each caller says which option names the missing file."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise ConfigError("not a regular file (a device, a FIFO or a folder, or a link to one)", Location.of(path),
                          "commit the file itself, a few kilobytes of text") from None
    with path.open("rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ConfigError(f"over {MAX_FILE_BYTES // 2**20} MiB; not read", Location.of(path),
                          "a maintainers' file is a few kilobytes of text: check that this is the file meant")
    return raw


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


def _fix(exc: yaml.YAMLError, line_offset: int) -> str:
    """How to mend the YAML error ``exc``: PyYAML says what it found, not what to write."""
    problem, opened = str(getattr(exc, "problem", "") or ""), getattr(exc, "context_mark", None)
    if "'\\t'" in problem:
        return "indent with spaces: YAML allows no tab there"
    if problem.startswith("expected ',' or") and opened is not None:
        return f"close the list or mapping opened on line {line_offset + opened.line + 1}"
    return "quote the value if it holds ': ' or ' #', or starts with one of [ ] { } & * ! | > ' \" % @ `"


def key_lines(node: yaml.Node | None, prefix: str = "") -> dict[str, int]:
    """Dotted key -> 1-based line of a composed YAML mapping, for messages naming the line."""
    out: dict[str, int] = {}
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            dotted = f"{prefix}{key_node.value}"
            out[dotted] = key_node.start_mark.line + 1
            out.update(key_lines(value_node, dotted + "."))
    return out


def entry_lines(node: yaml.Node | None, key: str) -> list[int]:
    """The 1-based line of each entry of the top-level list ``key:`` of a composed YAML mapping ([] when
    ``key`` is no list), for messages naming an entry's own line."""
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if key_node.value == key and isinstance(value_node, yaml.SequenceNode):
                return [entry.start_mark.line + 1 for entry in value_node.value]
    return []
