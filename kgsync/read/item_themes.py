"""An item's ``themes:``: each entry a word of the repository's theme vocabulary (``agentic-ai``), read as text.

A theme becomes a ``tag:`` observation, a concept node and a site page, so an entry that is no text
(``1``, ``true``: YAML's number or boolean, not a word the author wrote as one) or that holds a character
no theme word has (markup such as ``<b>`` or ``](``, a backtick, a quote) is an error at its entry's line,
as the other malformed fields that name the item's nodes are (``misshapen_fields``): the item keeps the
nodes of its last good build until it is fixed.  Everything is escaped where it is shown, but a theme is
meant to be a slug of the vocabulary, and such an entry is a slip (a link pasted in, a number left
unquoted); ignored with a warning, the theme the author meant was silently missing from the graph.
"""

from __future__ import annotations

from typing import Any

from kgsync.read.item_checks import entry_lines, field_line, field_strings
from kgsync.read.item_model import Issue, IssueMaker, IssueSeverity

# What a theme word may hold besides letters and digits (any script's): the slug's "-", and what a
# theme written as words keeps ("Agentic AI", "rag_retrieval", "web3.0", "c++", "ci/cd").  The real
# corpus's 23 themes (273 items) are all lower-case slugs.
_THEME_PUNCTUATION = frozenset(" -_./+")
_FIX = "write the theme as a slug of the repository's theme vocabulary, such as agentic-ai (quoted, '2024', if it is a number)"


def item_themes(meta: dict[str, Any], yaml_text: str, problem: IssueMaker) -> tuple[tuple[str, ...], list[Issue]]:
    """The item's themes (``field_strings``' entries, each once), and an error at the line of each entry that is
    no theme word (a block list's ``- `` line, else the field's line); with an error, no themes: the item
    fails (``_parse``).  A mapping, or a list or a mapping entry, is left to ``misshapen_fields``, which
    rejects it as well."""
    value = meta.get("themes")
    if value is None or isinstance(value, dict):
        return (), []
    errors: list[Issue] = []
    themes: list[str] = []
    if isinstance(value, list):
        placed = list(zip(value, entry_lines(yaml_text, "themes", len(value))))
    else:
        placed = [(value, field_line(yaml_text, "themes") + 2)]
    for entry, line in placed:
        parts = field_strings(entry) if isinstance(entry, str) else ()
        if entry is not None and not isinstance(entry, (str, dict, list)):
            errors.append(problem(IssueSeverity.ERROR, line, f"themes: {str(entry)[:40]!r} is {_kind(entry)}, "
                                    "no theme word", _FIX))
        for part in parts:
            if (why := _not_in_a_theme(part)) is not None:
                errors.append(problem(IssueSeverity.ERROR, line, f"themes: {part[:60]!r} is no theme word ({why})",
                                        _FIX))
        themes += parts
    return (() if errors else tuple(dict.fromkeys(themes))), errors


def _not_in_a_theme(text: str) -> str | None:
    """Why ``text`` is no theme word (the first character no theme word holds, or no letter or digit at
    all: ``-`` alone), or None."""
    for char in text:
        if not char.isalnum() and char not in _THEME_PUNCTUATION:
            return f"it holds {char!r}"
    return None if any(char.isalnum() for char in text) else "it holds no letter or digit"


def _kind(value: object) -> str:
    """What YAML read an unquoted entry as, in the author's words."""
    if isinstance(value, bool):
        return "true or false (YAML's boolean)"
    if isinstance(value, (int, float)):
        return "a number"
    return "a date" if hasattr(value, "isoformat") else f"a {type(value).__name__}"
