"""Item prose made readable on a page: a quoted sentence as text, URLs in a summary as links,
and an item's file named the way the repository names it (never a path of the build machine).

The item text stays data: each function HTML-escapes it; the only markup added is kgsync's own
(``<a>`` around a URL that ``safe_url`` accepts).
"""

from __future__ import annotations

import posixpath
import re

from markupsafe import Markup, escape

from kgsync.publish.site.text import external_html_link, one_line

#: A table row: "| a | b |" (the Evidence Map rows an evidence sentence can be).
_TABLE_ROW = re.compile(r"^\|?(?P<cells>.*?)\|?$")
#: A list or task-list marker at the start of a quoted line: "- ", "* ", "1. ", "- [x] ".
_LIST_MARKER = re.compile(r"^(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
#: Inline code, bold and italic markers around words (the words are kept).
_EMPHASIS = re.compile(r"(\*\*|__|(?<![\w*])\*|(?<![\w_])_)(?=[^\s*_])(.+?)(?<=[^\s*_])\1(?![\w*])")
_LINK = re.compile(r"\[([^\]]+)\]\((?:[^()\s]|\([^()\s]*\))+\)")
_LINK_URL = re.compile(r"\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)")
#: A URL in prose; trailing punctuation belongs to the sentence, not to the URL.
_URL = re.compile(r"https?://[^\s<>\"'`]+")
_URL_TRAILER = ".,;:!?)]}*_'\""


def quote_text(sentence: str) -> str:
    """A quoted sentence as a reader sees it rendered: a table row's cells joined by " · ",
    list markers, backticks and emphasis markers out, Markdown links as their text."""
    line = one_line(sentence)
    if line.count("|") >= 2:
        cells = [cell.strip() for cell in _TABLE_ROW.fullmatch(line)["cells"].split("|")]  # type: ignore[index]
        line = " · ".join(cell for cell in cells if cell and set(cell) - set("-: "))
    line = _LIST_MARKER.sub("", line)
    line = _LINK.sub(r"\1", line)
    line = _EMPHASIS.sub(r"\2", line)
    return line.replace("`", "")


def plain_text(text: str) -> str:
    """Item prose (a research question, a summary) as read: backticks and emphasis markers out,
    a Markdown link as its text and its URL ("text (https://...)", which ``linked_html`` links)."""
    line = _LINK_URL.sub(lambda m: m[1] if m[1] == m[2] else f"{m[1]} ({m[2]})", one_line(text))
    return _EMPHASIS.sub(r"\2", line).replace("`", "")


def linked_html(text: str) -> Markup:
    """``text`` as HTML with every http(s) URL a link (``safe_url``); the rest escaped."""
    text = one_line(text)
    parts: list[str] = []
    position = 0
    for match in _URL.finditer(text):
        url = _url_of(match.group())
        parts.append(escape(text[position:match.start()]))
        parts.append(external_html_link(url, url))
        position = match.start() + len(url)
    parts.append(escape(text[position:]))
    return Markup("".join(parts))


def _url_of(found: str) -> str:
    """The URL a match names: sentence punctuation after it left out, a closing bracket kept
    when the URL opened it ("https://x.org/a_(b)")."""
    url = found
    while url and url[-1] in _URL_TRAILER:
        if url[-1] == ")" and url.count("(") >= url.count(")"):
            break
        url = url[:-1]
    return url


def site_path(path: str) -> str:
    """An item's file as the site names it: the path relative to the research repository root,
    or the file name alone when the item lives outside the root (an absolute or ``..`` path
    names the build machine, not the repository)."""
    if path.startswith("/") or path.split("/", 1)[0] == ".." or re.match(r"^[A-Za-z]:[\\/]", path):
        return posixpath.basename(path.replace("\\", "/"))
    return path
