"""The configuration reference (docs/configuration.md, generated), read from the schema of
``kgsync.read.config``: each option's key, default, type and description, and the deprecated ones.

Only ``kgsync.cli.docs`` writes the page from it; loading kgsync.yml never needs it.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from kgsync.read.config import Config


def describe() -> list[tuple[str, str, str, str]]:
    """(option, default, type, description) rows for the configuration reference, in declaration order."""
    rows: list[tuple[str, str, str, str]] = []
    defaults = Config()
    for f in fields(Config):
        if "help" not in f.metadata:
            continue
        if f.metadata.get("section"):
            for sub in fields(getattr(defaults, f.name)):
                rows.append((f"{f.name}.{sub.name}", _shown(sub.default), type(sub.default).__name__, sub.metadata["help"]))
        else:
            rows.append((f.name, _shown(f.default), type(f.default).__name__, f.metadata["help"]))
    return rows


def deprecated() -> list[tuple[str, str]]:
    """(option, why) for every option still accepted but ignored."""
    return [(f"{f.name}.{key}", old.help) for f in fields(Config) if f.metadata.get("section")
            for key, old in getattr(getattr(Config(), f.name), "DEPRECATED", {}).items()]


def _shown(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(value) + "]"
    return str(value) if value != "" else "(none)"


def reference_table() -> str:
    """The configuration reference table (docs/configuration.md)."""
    lines = ["| option | default | type | what it does |", "|---|---|---|---|"]
    lines += [f"| `{k}` | `{d}` | {t} | {text} |" for k, d, t, text in describe()]
    if deprecated():
        lines += ["", "Deprecated: " + "; ".join(f"`{k}`: {why}" for k, why in deprecated()) + "."]
    return "\n".join(lines) + "\n"
