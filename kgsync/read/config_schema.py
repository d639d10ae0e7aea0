"""The schema kgsync.yml is declared in, and the reading of a mapping against it (mkdocs' config options, small).

An option is a dataclass field declared with ``option(default, help)`` (its type is the annotation, ``choices`` its
only values) and a section with ``section(kind, help)``; a class lists the options that no longer do anything under
``DEPRECATED`` (``Deprecated``).  ``read_section`` builds a class from a mapping, collecting every unknown key and
wrong type (``Problem``) with its line, so that ``config.load`` reports them all at once.  Apart from ``config``
because it knows no option of kgsync's: ``config`` declares them and says where they may point.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

T = TypeVar("T")


def option(default: T, help: str, *, choices: tuple[str, ...] = ()) -> T:
    """A kgsync.yml option: its default and what it does (its type is the field's annotation).

    ``choices``: the only values accepted (mkdocs' ``Choice``)."""
    return field(default=default, metadata={"help": help, "choices": choices})


def section(kind: Callable[[], T], help: str) -> T:
    """A kgsync.yml section (``caps:``, ``mining:``...): a mapping of its own options."""
    return field(default_factory=kind, metadata={"help": help, "section": True})


@dataclass(frozen=True)
class Deprecated:
    """An option that no longer does anything (mkdocs' ``Deprecated``): a file that sets it
    still loads (the value is type-checked like the option's old default's, then dropped)."""

    default: Any
    help: str


Problem = tuple["int | None", str]  # (line in kgsync.yml when known, "option: what is wrong")


def _options(cls: type) -> dict[str, Any]:
    """The options of ``cls`` (Config or a section) by key: dataclass fields declared with
    ``option``/``section``, and its ``Deprecated`` ones."""
    known: dict[str, Any] = {f.name: f for f in fields(cls) if "help" in f.metadata}
    known.update(getattr(cls, "DEPRECATED", {}))
    return known


def read_section(cls: type, data: Mapping[str, Any], prefix: str, lines: dict[str, int], errors: list[Problem]) -> Any:
    """``cls`` (Config or a section) built from ``data``, the mapping kgsync.yml gives it (``prefix``: its dotted
    path, "caps."), each key checked against its declaration: an unknown key, a wrong type or a value outside its
    choices is added to ``errors`` at its line (``lines``) and left at its default; a deprecated one is checked
    and dropped."""
    known = _options(cls)
    values: dict[str, Any] = {}
    for key, value in data.items():
        dotted = f"{prefix}{key}"
        line = lines.get(dotted)
        if key not in known:
            near = difflib.get_close_matches(str(key), known, n=1)
            guess = f"did you mean {near[0]}? " if near else ""
            errors.append((line, f"{dotted}: unknown option ({guess}known: {', '.join(sorted(known))})"))
            continue
        declared = known[key]
        if isinstance(declared, Deprecated):
            if _check(declared.default, value) is None:
                errors.append((line, f"{dotted}: expected {_expected(declared.default)}, got {value!r}"))
            continue  # accepted, and ignored
        if declared.metadata.get("section"):
            if not isinstance(value, Mapping):
                errors.append((line, f"{dotted}: must be a mapping"))
                continue
            values[key] = read_section(declared.default_factory, value, dotted + ".", lines, errors)
            continue
        checked = _check(declared.default, value)
        if checked is None:
            errors.append((line, f"{dotted}: expected {_expected(declared.default)}, got {value!r}"))
            continue
        choices = declared.metadata["choices"]
        if choices and checked not in choices:
            errors.append((line, f"{dotted}: must be one of {', '.join(choices)}"))
            continue
        values[key] = checked
    return cls(**values)


def _expected(default: Any) -> str:
    """What ``_check`` accepts for an option of ``default``'s type, in the reader's words."""
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int):
        return "a whole number, 0 or more"
    if isinstance(default, float):
        return "a number from 0 to 1"
    if isinstance(default, str):
        return "text"
    return "a list of text"


def _check(default: Any, value: Any) -> Any:
    """``value`` coerced to the type of ``default``, or None when it does not fit."""
    if isinstance(default, bool):
        return value if isinstance(value, bool) else None
    if isinstance(default, int):
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
    if isinstance(default, float):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
        return float(value) if ok else None
    if isinstance(default, str):
        return value if isinstance(value, str) else None
    if isinstance(default, tuple):
        if isinstance(value, str):
            value = [value]
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return tuple(value) if ok else None
    return None
