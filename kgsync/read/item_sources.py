"""The Sources section's web addresses, and its links that name none.

An item's sources are the web addresses its Sources (or References) section holds
(``section_fields.with_sections``): the graph, the PR and the item's page list those.  A Markdown link there
whose target is another scheme (``javascript:``, ``file:``, ``data:``, ``mailto:``) names no source a
reader can open, so it is left out; without a word the author never learned the reader loses it
(qa121, qa128).  A link to a repository file (no scheme) and plain text are the author's and not
read as sources either way, so they are not warned.
"""

from __future__ import annotations

import re

from kgsync.read.inline import inline_links
from kgsync.read.item_model import Source
from kgsync.read.item_sections import Section, unfenced_lines

_WEB = ("http:", "https:")
#: A web address written bare; trailing punctuation belongs to the sentence.
_URL = re.compile(r"https?://[^\s<>()\[\]{}\"'`|;,]+[^\s<>()\[\]{}\"'`|;,.:!?]")
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
            for link in inline_links(text):
                target = link.address
                if link.has_scheme and not target.lower().startswith(_WEB):
                    found.append((line, target if len(target) <= _SHOWN else target[:_SHOWN - 1] + "…"))
    return found


def listed_sources(text: str) -> tuple[Source, ...]:
    """Each source ``text`` (a Sources section) names, in order, each address once (its first label): a link's
    address read whole as CommonMark reads it (its parentheses, or written in ``<…>``), with its label; a bare
    address with none ("")."""
    found: list[tuple[int, str, str]] = []
    masked = text
    for link in inline_links(text):
        if link.address.lower().startswith(("http://", "https://")):
            found.append((link.start, link.address, " ".join(link.label.split())))
            # its address is no bare one: "…/a_(b)" would be read again, cut at its "("
            start, end = link.address_span
            masked = masked[:start] + " " * (end - start) + masked[end:]
    found += [(bare.start(), bare[0], "") for bare in _URL.finditer(masked)]
    first: dict[str, str] = {}
    for _, address, label in sorted(found, key=lambda entry: entry[0]):
        first.setdefault(address, label)
    return tuple(Source(address, label) for address, label in first.items())
