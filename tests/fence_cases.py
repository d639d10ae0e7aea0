"""Fenced code blocks GitHub (CommonMark 0.31, 4.5) reads otherwise than a toggle on any fence line:
what the passes that skip fenced code (reader, mining, references, definitions) are tested with.

``block(code)`` is a fenced block holding ``code`` and, inside it, a line that only a wrong reading
ends it at: a ``~~~`` line in a ``` block (and the reverse), a ``` line in a ```` block, a ``` line
with an info string.  GitHub shows the block to its last line; the text after it is prose.
"""

from __future__ import annotations

from collections.abc import Callable

MIXED_AND_LONG_FENCES: dict[str, Callable[[str], str]] = {
    "a ~~~ line inside a ``` block": lambda code: f"```\n~~~\n{code}\n```\n",
    "a ``` line inside a ~~~ block": lambda code: f"~~~\n```\n{code}\n~~~\n",
    "a ```` block closed only by 4+ backticks": lambda code: f"````\n```\n{code}\n````\n",
    "a ``` line with an info string does not close": lambda code: f"```\n```python\n{code}\n```\n",
}
