"""A lean Markdown configuration for kgsync's generated pages (``markdown_extensions``).

Every page of the site is written by kgsync: links, lists, headings, emphasis with
``*``, raw HTML and entities, and text that ``site_text.md_text`` escaped.  Python-Markdown
tries each of its inline patterns on every piece of text of every page; the patterns
for syntax kgsync never writes (reference links, images, autolinks, hard line breaks,
code spans) only cost time, at 10,000 items a large share of the build.  Removing
them changes nothing a page shows: ``md_text`` escapes the characters that would
start them, and the templates do not use them.
"""

from __future__ import annotations

from markdown import Extension, Markdown

#: Inline patterns of Python-Markdown 3 that generated pages never use.
UNUSED_INLINE = ("backtick", "reference", "image_link", "image_reference", "short_reference", "short_image_ref",
                 "autolink", "automail", "linebreak", "not_strong", "em_strong2")


class LeanMarkdown(Extension):
    """Drops ``UNUSED_INLINE`` from the inline patterns."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        for name in UNUSED_INLINE:
            if name in md.inlinePatterns:
                md.inlinePatterns.deregister(name)


def makeExtension(**kwargs: object) -> LeanMarkdown:  # noqa: N802 (the name Python-Markdown looks up)
    return LeanMarkdown(**kwargs)
