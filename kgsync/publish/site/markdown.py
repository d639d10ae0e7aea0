"""A lean Markdown configuration for kgsync's generated pages (``markdown_extensions``).

Every page of the site is written by kgsync: links, lists, headings, emphasis with
``*``, raw HTML and entities, and text that ``text.md_text`` escaped.  Python-Markdown
tries each of its inline patterns on every piece of text of every page; the patterns
for syntax kgsync never writes (reference links, images, autolinks, hard line breaks,
code spans) only cost time, at 10,000 items a large share of the build.  Removing
them changes nothing a page shows: ``md_text`` escapes the characters that would
start them, and the templates do not use them.

The long parts of a page (lists of links, a finding's facts, long paragraphs) are
written as HTML between ``BLOCK_START`` and ``BLOCK_END`` lines (``pages.html_block``).
``KgsyncBlocks`` stores each such block as it is, before mkdocs and Python-Markdown
parse the page's raw HTML (each with Python's HTMLParser, the slow part); without
this extension the markers are plain HTML comments and the block is ordinary raw
HTML, so the page reads the same.  The text inside was HTML-escaped by kgsync
(``text.html_text``), and no escaped value can form a marker line (``<`` is
always escaped).
"""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from kgsync.publish.site.text import BLOCK_END, BLOCK_START

#: Inline patterns of Python-Markdown 3 that generated pages never use.
UNUSED_INLINE = ("backtick", "reference", "image_link", "image_reference", "short_reference", "short_image_ref",
                 "autolink", "automail", "linebreak", "not_strong", "em_strong2")


class KgsyncBlocks(Preprocessor):
    """Each marked HTML block, stored as is: one placeholder line instead of HTML to parse."""

    def run(self, lines: list[str]) -> list[str]:
        if BLOCK_START not in lines:
            return lines
        out: list[str] = []
        block: list[str] | None = None
        for line in lines:
            if block is None:
                if line == BLOCK_START:
                    block = []
                else:
                    out.append(line)
            elif line == BLOCK_END:
                out += ["", self.md.htmlStash.store("\n".join(block)), ""]
                block = None
            else:
                block.append(line)
        if block is not None:  # no end marker: leave the lines as they were
            out += [BLOCK_START, *block]
        return out


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
