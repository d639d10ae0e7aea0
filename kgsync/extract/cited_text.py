"""Text that names an item rather than saying anything: taken out of what mining reads.

An item names the items it builds on by their slugs ("`2026-04-22-enterprise-ai-capability-model`"),
file names and paths ("Knowledge/2026-05-05-enterprise-ai-capability-stack.md") and links to their
pages, whose texts are those items' titles ("[Mitchell (2026) Enterprise AI capability model for
use-case maturity decisions](https://…/2026-04-22-enterprise-ai-capability-model.html)").  Such text
says what the *cited* item is about, not this one: mined, its words made this item address the
cited item's subject ("observability" from "[What observability and telemetry model …](…)") when
its own prose never did.  The references scan (``references``) still reads the whole text, so the
``extends`` links these names make are kept.

What counts as naming an item is what ``reference_spans`` reads as one, less the undated names: a
dated slug, in `code` or not, as a file name ("….md") or not, with the path before it, and a link
whose address is an item's file or page (a dated slug, then ".md" or ".html"; a blog's
"/posts/2025-11-30-pi-coding-agent/" is a source, not an item).  An undated name is no item's for
sure: in `code` most are packages and skills ("`youtube-transcript-api`", "`test-driven-development`"),
and a file such as "`research-review-prompt.md`" may be what the item itself studies.  Each is
replaced by a break (";"), so no phrase is mined from it or across it.  Depends on the text only.
"""

from __future__ import annotations

import re

from kgsync.read.inline import LINK_ADDRESS

#: An item's file or page: a dated slug, then ".md" or ".html".
_PAGE = r"\d{4}-\d{2}-\d{2}-[a-z0-9]{1,60}(?:-[a-z0-9]{1,60}){0,20}\.(?:md|html?)\b"
#: A link (or an image) whose address is an item's file or page: its text is the cited item's title.
_ITEM_LINK = re.compile(rf"!?\[[^\[\]\n]*\](?=\([^)\n]*{_PAGE})(?:{LINK_ADDRESS})")
#: A dated slug written bare or in `code`, as a file name or not, with the path before it.
_DATED_SLUG = re.compile(r"(?<![A-Za-z0-9._/-])(?:[A-Za-z0-9._-]{1,80}/){0,8}\d{4}-\d{2}-\d{2}-[a-z0-9]{1,60}"
                         r"(?:-[a-z0-9]{1,60}){0,20}(?![a-z0-9])(?:\.md\b)?")
#: Whether a text may name an item at all: a dated slug's opening (most lines hold none).
_MAY_NAME = re.compile(r"\d{4}-\d\d-\d\d-")


def without_item_names(text: str) -> str:
    """``text`` with each span that names an item (see the module doc) replaced by a break (";")."""
    if not _MAY_NAME.search(text):
        return text
    if "](" in text:
        text = _ITEM_LINK.sub(";", text)
    return _DATED_SLUG.sub(";", text)
