"""HTML blocks (CommonMark 4.6) as GitHub's cmark-gfm reads them: which line opens one, and which ends it.

A line inside an HTML block is raw HTML, no Markdown: a line of a link reference definition's shape there is
none (GitHub shows it as raw HTML, or hides it in a comment), and the line after the block's end opens a block
(a definition may start there).  ``markers.link_definitions`` reads an item's lines through it.

Types 1-5 end at the line holding their end (that line is in the block, which may end on its opening line);
types 6 and 7 end before a blank line.  Type 7 cannot interrupt a paragraph.  cmark-gfm (the ``cmarkgfm``
binding the tests compare with) follows the spec's 0.29 lists: ``<textarea`` opens type 1, type 4 needs an
upper-case letter after ``<!``, and ``meta`` and ``search`` are no type 6 names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class HtmlBlock:
    """An HTML block a line opened: its type (1-7) and the end a later line (or its opening line) holds;
    ``end`` None: it ends before the next blank line (types 6 and 7)."""

    kind: int
    end: re.Pattern[str] | None

    def ends(self, line: str) -> bool:
        """Whether ``line`` holds this block's end (types 1-5: the line is the block's last)."""
        return self.end is not None and self.end.search(line) is not None


#: Where a block may start on a line: after at most three blanks, a block quote's ">" or a list item's marker
#: (as ``markers._DEFINITION`` reads a definition there).
_LEAD = r"[ ]{0,3}(?:(?:>[ ]?|(?:[-+*]|\d{1,9}[.)])[ \t]+)[ ]{0,3})?"
_BLOCK_NAMES = ("address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|"
                "dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|"
                "iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|section|source|"
                "summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul")
_ATTRIBUTE = r"""(?:[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t]*=[ \t]*(?:[^"'=<>`\x00-\x20]+|'[^']*'|"[^"]*"))?)"""
_OPENINGS = (
    (1, re.compile(_LEAD + r"<(?:script|pre|style|textarea)(?:[ \t>]|$)", re.I),
     re.compile(r"</(?:script|pre|style|textarea)>", re.I)),
    (2, re.compile(_LEAD + "<!--"), re.compile("-->")),
    (3, re.compile(_LEAD + r"<\?"), re.compile(r"\?>")),
    (4, re.compile(_LEAD + "<![A-Z]"), re.compile(">")),
    (5, re.compile(_LEAD + re.escape("<![CDATA[")), re.compile(re.escape("]]>"))),
    (6, re.compile(_LEAD + rf"</?(?:{_BLOCK_NAMES})(?:[ \t]|/?>|$)", re.I), None),
    (7, re.compile(_LEAD + rf"(?:<[A-Za-z][A-Za-z0-9-]*{_ATTRIBUTE}*[ \t]*/?>|</[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$"),
     None),
)


def html_block_opened(line: str, in_paragraph: bool) -> HtmlBlock | None:
    """The HTML block ``line`` opens, or None.  ``in_paragraph``: the line would go on a paragraph (type 7
    cannot interrupt one).  The block may end on this very line (``HtmlBlock.ends``: ``<!-- a note -->``)."""
    if "<" not in line:  # the common case
        return None
    for kind, opening, end in _OPENINGS:
        if opening.match(line) and not (kind == 7 and in_paragraph):
            return HtmlBlock(kind, end)
    return None
