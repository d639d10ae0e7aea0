"""A lean Markdown configuration for kgsync's generated pages (``markdown_extensions``).

Every page of the site is written by kgsync: links, lists, headings, emphasis with
``*``, raw HTML and entities, and text that ``text.md_text`` escaped.  Python-Markdown
tries each of its inline patterns on every piece of text of every page; the patterns
for syntax kgsync never writes (reference links, images, autolinks, hard line breaks,
code spans) only cost time, at 10,000 items a large share of the build.  Removing
them changes nothing a page shows: ``md_text`` escapes the characters that would
start them, and the templates do not use them.

The long parts of a page (lists of links, a finding's facts, long paragraphs) are
written as HTML between ``BLOCK_START`` and ``BLOCK_END`` lines (``links.html_block``).
``KgsyncBlocks`` stores each such block as it is, before mkdocs and Python-Markdown
parse the page's raw HTML (each with Python's HTMLParser, the slow part); without
this extension the markers are plain HTML comments and the block is ordinary raw
HTML, so the page reads the same.  The text inside was HTML-escaped by kgsync
(``text.html_text``), and no escaped value can form a marker line (``<`` is
always escaped).
"""

from __future__ import annotations

import re

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from kgsync.publish.site.text import BLOCK_END, BLOCK_START

#: Inline patterns of Python-Markdown 3 that generated pages never use.
UNUSED_INLINE = ("backtick", "reference", "image_link", "image_reference", "short_reference", "short_image_ref",
                 "autolink", "automail", "linebreak", "not_strong", "em_strong2")


class KgsyncBlocks(Preprocessor):
    """Each marked HTML block, stored as is: one placeholder line instead of HTML to parse.

    Blocks that follow one another (only blank lines between) are stored as one, joined with
    the newline Python-Markdown's serializer would have put between their placeholders: an
    item page's findings are a dozen blocks, and each placeholder was one more paragraph for the
    block parser, the tree processors and the table of contents to walk.  Only blocks that
    open with a block-level tag are joined (Python-Markdown wraps any other in ``<p>``), so
    the page's HTML is the same."""

    join = True  # False: each block its own placeholder (tests compare the two)

    def run(self, lines: list[str]) -> list[str]:
        if BLOCK_START not in lines:
            return lines
        out: list[str | list[str]] = []  # a list is a block's lines, stored at the end
        block: list[str] | None = None
        for line in lines:
            if block is None:
                if line == BLOCK_START:
                    block = []
                else:
                    out.append(line)
            elif line == BLOCK_END:
                self._add(out, block)
                block = None
            else:
                block.append(line)
        if block is not None:  # no end marker: leave the lines as they were
            out += [BLOCK_START, *block]
        return [line for entry in out
                for line in (("", self.md.htmlStash.store("\n".join(entry)), "") if isinstance(entry, list) else (entry,))]

    def _add(self, out: list[str | list[str]], block: list[str]) -> None:
        """Append ``block``, joined to the block before it when only blank lines part them."""
        end = len(out)
        while end and out[end - 1] == "":
            end -= 1
        previous = out[end - 1] if end else None
        if self.join and isinstance(previous, list) and self._block_level(previous) and self._block_level(block):
            del out[end:]
            previous += block
        else:
            out.append(block)

    def _block_level(self, block: list[str]) -> bool:
        match = _FIRST_TAG.match(block[0]) if block else None
        return match is not None and self.md.is_block_level(match.group(1))


#: The tag a stored block opens with (``RawHtmlPostprocessor.isblocklevel`` reads the same).
_FIRST_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)[ >]")


class LeanMarkdown(Extension):
    """Drops ``UNUSED_INLINE`` from the inline patterns; stores kgsync's HTML blocks unparsed."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        for name in UNUSED_INLINE:
            if name in md.inlinePatterns:
                md.inlinePatterns.deregister(name)
        # Before mkdocs' raw-HTML scan (priority 21) and Python-Markdown's html_block (20).
        md.preprocessors.register(KgsyncBlocks(md), "kgsync_blocks", 30)


def makeExtension(**kwargs: object) -> LeanMarkdown:  # noqa: N802 (the name Python-Markdown looks up)
    return LeanMarkdown(**kwargs)
