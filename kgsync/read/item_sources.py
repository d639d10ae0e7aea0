"""The Sources section's links that name no web address.

An item's sources are the web addresses its Sources (or References) section holds
(``items._with_sections``): the graph, the PR and the item's page list those.  A Markdown link there
whose target is another scheme (``javascript:``, ``file:``, ``data:``, ``mailto:``) names no source a
reader can open, so it is left out; without a word the author never learned the reader loses it
(qa121, qa128).  A link to a repository file (no scheme) and plain text are the author's and not
read as sources either way, so they are not warned.
"""

from __future__ import annotations

import re

from kgsync.read.item_sections import Section, unfenced_lines

#: ``[label](target)``: group 1 a target with a scheme of two letters or more (``C:\\`` is a path),
#: its parentheses balanced as CommonMark reads them (``javascript:alert(1)``).
_SCHEMED_LINK = re.compile(r"\]\(\s*<?([a-zA-Z][a-zA-Z0-9+.-]+:(?:[^()\s<>]|\([^()\s<>]*\))*)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
_WEB = ("http:", "https:")
_SHOWN = 80  # characters of a target a warning quotes


def unlisted_links(section: Section) -> list[tuple[int, str]]:
    """(line, target) of each link in ``section`` whose target has a scheme other than http(s),
    outside code blocks and code spans: a source the item's page cannot list."""
    if "](" not in section.text:
        return []
    found = []
    for first, run in unfenced_lines(section.text):
        for line, text in enumerate(run, start=section.line + first + 1):
            if "](" not in text:
                continue
            for target in _SCHEMED_LINK.findall(_CODE_SPAN.sub("", text)):
                if not target.lower().startswith(_WEB):
                    found.append((line, target if len(target) <= _SHOWN else target[:_SHOWN - 1] + "…"))
    return found
