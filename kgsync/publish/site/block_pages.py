"""Pages made only of headings and HTML blocks, rendered without Python-Markdown's passes.

An item page (most pages of a large site) is ATX headings of plain words and kgsync's HTML
blocks (``markdown.KgsyncBlocks``) between blank lines: Python-Markdown stores every block as
it is, so all its passes over the page (whitespace normalisation, block parsing, inline
patterns, the table of contents, serialising, putting the blocks back) give a result that is
known beforehand: the headings as ``<hN id="slug">words</hN>`` and the blocks as they are
(wrapped in ``<p>`` when they open with an inline tag), one per line.  At 10,000 items those
passes were about a fifth of the engine's CPU time.

``render_block_page`` gives that result directly, using the converter's own ``slugify``,
``unique``, ``nest_toc_tokens`` and block-level test, and only for a page it can read exactly:
anything else (a paragraph, a list, a heading with a character Python-Markdown would read as
syntax, a tab, a line of spaces, an unclosed block, an extension it does not know) returns
None and the page goes through Python-Markdown.  The site is byte-identical either way
(tests/publish/site/test_block_pages.py compares the two on every page of generated sites).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import markdown
from markdown.util import Registry
from markdown.extensions.toc import TocTreeprocessor, nest_toc_tokens, unique

from kgsync.publish.site.text import BLOCK_END, BLOCK_START

#: A heading Python-Markdown writes as its words: ``#``-``######``, one space, then text with no
#: character any registered inline pattern, the heading's closing ``#``s or the serialiser's
#: escaping reads (``\\ ` * _ [ ] < > & ! #``), starting and ending with a visible character.
PLAIN_HEADING = re.compile(r"(#{1,6}) ([^\s\\`*_\[\]<>&!#][^\\`*_\[\]<>&!#\t\r\n]*(?<=\S))\Z")
#: What ``NormalizeWhitespace`` would change (tabs, carriage returns, Python-Markdown's own
#: placeholder markers, lines of spaces): such a page is left to Python-Markdown.  Looked for
#: with ``in`` (a regular expression with a character class was as slow as the rest).
NORMALISED_CHARACTERS = ("\t", "\r", "\x02", "\x03")
SPACES_LINE = re.compile(r"\n +(?:\n|\Z)")
#: Characters the serialiser escapes in an attribute (a custom ``slugify`` may leave them).
UNSAFE_ANCHOR = re.compile(r'[&<>"\n]')

#: The processors of the site's ``markdown_extensions`` (mkdocs' defaults, admonition, tables, toc,
#: ``kgsync.publish.site.markdown``): with any other registered, the fast reading may not hold.
KNOWN = {
    "preprocessors": {"normalize_whitespace", "html_block", "fenced_code_block", "kgsync_blocks"},
    "blockprocessors": {"empty", "indent", "code", "hashheader", "setextheader", "hr", "olist", "ulist", "quote",
                        "reference", "paragraph", "table", "admonition"},
    "treeprocessors": {"inline", "prettify", "unescape", "toc"},
    "inlinePatterns": {"escape", "link", "html", "entity", "em_strong"},
    "postprocessors": {"raw_html", "amp_substitute"},
}


@dataclass(frozen=True)
class BlockPage:
    """What mkdocs's ``mkdocs.structure.pages.Page.render`` takes from Python-Markdown for one page."""

    content: str
    toc_tokens: list[Any]  # Python-Markdown's nested tokens (``md.toc_tokens``), keys included
    title: str | None  # the first element's words when it is an ``<h1>`` (mkdocs' title from the render)
    anchor_ids: set[str]


def can_render(md: markdown.Markdown) -> bool:
    """True when ``md`` has only the processors of ``KNOWN`` and the table of contents' defaults
    that ``render_block_page`` writes (no anchors or permalinks, base level 1)."""
    registries: dict[str, Registry[Any]] = {
        "preprocessors": md.preprocessors, "blockprocessors": md.parser.blockprocessors,
        "treeprocessors": md.treeprocessors, "inlinePatterns": md.inlinePatterns, "postprocessors": md.postprocessors}
    if any(not _names(registry) <= KNOWN[name] for name, registry in registries.items()):
        return False
    toc = md.treeprocessors["toc"] if "toc" in md.treeprocessors else None
    return (isinstance(toc, TocTreeprocessor) and not toc.use_anchors and not toc.use_permalinks
            and toc.base_level == 0 and "kgsync_blocks" in md.preprocessors and "raw_html" in md.postprocessors)


def _names(registry: Registry[Any]) -> set[str]:
    # Registry has no public list of its names (iterating gives the processors).
    return {entry.name for entry in registry._priority}  # type: ignore[attr-defined]


def render_block_page(md: markdown.Markdown, source: str) -> BlockPage | None:
    """``source`` as Python-Markdown (``md``, accepted by ``can_render``) renders it, or None when
    it is not only plain headings, blank lines and HTML blocks."""
    if any(character in source for character in NORMALISED_CHARACTERS) or source.startswith(" ") \
            or ("\n " in source and SPACES_LINE.search(source)):
        return None
    lines = source.split("\n")
    toc = md.treeprocessors["toc"]
    assert isinstance(toc, TocTreeprocessor)
    is_block_level = md.postprocessors["raw_html"].isblocklevel  # type: ignore[attr-defined]
    pieces: list[str] = []
    tokens: list[Any] = []  # flat, each with the keys the toc extension writes (html, data-toc-label)
    used: set[str] = set()
    title: str | None = None
    index, count = 0, len(lines)
    while index < count:
        line = lines[index]
        index += 1
        if not line:
            continue
        if line == BLOCK_START:
            try:
                end = lines.index(BLOCK_END, index)
            except ValueError:
                return None
            if end == index:
                return None
            block = "\n".join(lines[index:end])
            pieces.append(block if is_block_level(block) else f"<p>{block}</p>")
            index = end + 1
            continue
        heading = PLAIN_HEADING.match(line)
        if heading is None:
            return None
        level, words = len(heading[1]), heading[2]
        anchor = unique(toc.slugify(words, toc.sep), used)
        if UNSAFE_ANCHOR.search(anchor):  # the serialiser would escape it: not worth writing here
            return None
        if not pieces and level == 1:
            title = " ".join(words.split())
        pieces.append(f'<h{level} id="{anchor}">{words}</h{level}>')
        if toc.toc_top <= level <= toc.toc_bottom:
            tokens.append({"level": level, "id": anchor, "name": " ".join(words.split()), "html": words,
                           "data-toc-label": ""})
    return BlockPage("\n".join(pieces).strip(), nest_toc_tokens(tokens), title, used)
