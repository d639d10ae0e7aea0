"""Item prose made readable on a page: a quoted sentence as text, URLs in a summary as links,
an evidence label ("[inference; source: URL; URL]") as a small note, and an item's file named
the way the repository names it (never a path of the build machine).

The item text stays data: each function HTML-escapes it; the only markup added is kgsync's own
(``<a>`` around a URL that ``safe_url`` accepts, ``<small>`` around an evidence label).
"""

from __future__ import annotations

import posixpath
import re

from markupsafe import Markup, escape

from urllib.parse import urlsplit

from kgsync.extract.findings import clean_statement
from kgsync.publish.site.text import external_html_link, one_line, safe_url
from kgsync.read.inline import LINK

#: A table row: "| a | b |" (the Evidence Map rows an evidence sentence can be).
_TABLE_ROW = re.compile(r"^\|?(?P<cells>.*?)\|?$")
#: A list or task-list marker at the start of a quoted line: "- ", "* ", "1. ", "- [x] ".
_LIST_MARKER = re.compile(r"^(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?")
#: Inline code, bold and italic markers around words (the words are kept).
_EMPHASIS = re.compile(r"(\*\*|__|(?<![\w*])\*|(?<![\w_])_)(?=[^\s*_])(.+?)(?<=[^\s*_])\1(?![\w*])")
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
    line = LINK.sub(r"\2", line)
    line = _EMPHASIS.sub(r"\2", line)
    return line.replace("`", "")


def plain_text(text: str) -> str:
    """Item prose (a research question, a summary) as read: backticks and emphasis markers out,
    a Markdown link or image as its text and its URL ("text (https://...)", which ``linked_html`` links),
    as its text alone when the address is refused (``_refused``)."""
    line = LINK.sub(_shown_link, one_line(text))
    return _EMPHASIS.sub(r"\2", line).replace("`", "")


def _shown_link(link: re.Match[str]) -> str:
    """A link or image (``read.inline.LINK``) as its text and its address as written, its text alone when both
    are one or the address is refused (a title or ``x" onerror="…"`` is in no http(s) address: refused); one
    with no text as its address."""
    label, written = link[2], link[3][1:-1]
    if _refused(written):
        return label
    return label if label == written else f"{label} ({written})" if label else written


#: A URL's scheme ("javascript:", "https:"); a path in the repository has none.
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def _refused(address: str) -> bool:
    """An address no reader should see as one: a scheme ``safe_url`` refuses (``javascript:``), or text
    no address holds (``x" onerror="…"``).  A path in the repository ("Research/completed/<slug>.md") is
    shown as written: it names the item."""
    odd = _SCHEME.match(address) or any(c.isspace() or c in "\"'<>" for c in address)
    return bool(odd) and safe_url(address) is None


def linked_html(text: str) -> Markup:
    """``text`` as HTML with every http(s) URL a link (``safe_url``); the rest escaped."""
    return _linked(one_line(text))


def _linked(text: str) -> Markup:
    parts: list[str] = []
    position = 0
    for match in _URL.finditer(text):
        url = _url_of(match.group())
        parts.append(escape(text[position:match.start()]))
        parts.append(external_html_link(url, url))
        position = match.start() + len(url)
    parts.append(escape(text[position:]))
    return Markup("".join(parts))


#: A bracketed group, no bracket inside (``plain_text`` made a Markdown link "text (URL)").
_BRACKET = re.compile(r"\[([^\[\]]*)\]")
#: An evidence label: words, joined by "/", "+", "&" or " and ", and "…, high confidence".
_LABEL = re.compile(r"(?i:[a-z]+)(?:\s*(?:/|\+|&|\band\b)\s*[a-z]+)*(?:,\s*[a-z]+ confidence)?")
_SOURCES_PREFIX = re.compile(r"(?i)sources?\s*:\s*")
#: A source: a URL, or "text (URL)" (a Markdown link as ``plain_text`` writes it).
_SOURCE = re.compile(r"(?:(?P<url>https?://[^\s;]+)|(?P<text>[^()]*?)\s*\((?P<linked>https?://[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)\))")
#: What may stand between sources: ";" (the labels' own), "," or spaces (a list of references).
_SOURCE_GAP = re.compile(r"\s*[;,]?\s*")


def summary_html(text: str) -> Markup:
    """``linked_html``, with each evidence label of the items' notation a small note: "[inference;
    source: URL; URL]" reads "(inference · sources: host, host)", each source a link (its URL in
    the title).  Recognised by its shape alone: an optional label (a few words, "fact/inference",
    "fact, high confidence") and sources, each a URL or "text (URL)".  A label with no source is
    one where a sentence ends or begins, or where the same text uses that label so elsewhere (its
    own notation: "[inference] when ..." beside "... holds [inference]."), so "[sic]" inside a
    sentence stays.  Any other bracket stays as written."""
    text = one_line(text)
    brackets = [(match, _boundary(text, match.start(), match.end())) for match in _BRACKET.finditer(text)]
    # The labels this text writes as evidence labels: with sources, or at a sentence's edge.
    labels = {read[0].lower() for match, edge in brackets if (read := _evidence(match[1])) is not None
              and read[0] and (read[1] or edge)}
    parts: list[str] = []
    position = 0
    for match, edge in brackets:
        read = _evidence(match[1])
        if read is None:
            continue
        label, links = read
        if not links and not (label[:1].islower() and (edge or label.lower() in labels)):
            continue  # a bare word in brackets that this text never uses as a label: its own prose
        said = escape(label)
        if links:
            noun = "source" if len(links) == 1 else "sources"
            said = Markup(f"{said} · {noun}: " if label else f"{noun}: ") + Markup(", ").join(links)
        parts += [_linked(text[position:match.start()]), Markup(f'<small class="kg-evidence">({said})</small>')]
        position = match.end()
    parts.append(_linked(text[position:]))
    return Markup("".join(parts))


#: A list item's marker at a line's start, as CommonMark reads one (up to three spaces before it).
_ITEM_MARKER = re.compile(r"^ {0,3}(?P<marker>[-*+]|\d{1,9}[.)])[ \t]+")


def summary_blocks(text: str) -> Markup:
    """An Executive Summary as its blocks: each paragraph a ``<p>``, each run of list items a ``<ul>``
    (``<ol>`` when numbered), every block's text as ``summary_html`` of ``plain_text`` shows it.  Many
    items write the summary as a list: made one line, its dashes were read as text.  A line that opens
    with no marker continues the block before it; a blank line ends it."""
    blocks: list[tuple[str, str]] = []  # ("p" | "ul" | "ol", the block's text)
    block_open = False
    for line in text.splitlines():
        marker = _ITEM_MARKER.match(line)
        if not line.strip():
            block_open = False
        elif marker:
            blocks.append(("ol" if marker["marker"][0].isdigit() else "ul", line[marker.end():]))
            block_open = True
        elif block_open:
            kind, before = blocks[-1]
            blocks[-1] = (kind, f"{before}\n{line}")
        else:
            blocks.append(("p", line))
            block_open = True
    parts: list[str] = []
    for position, (kind, body) in enumerate(blocks):
        shown = summary_html(plain_text(body))
        if kind == "p":
            parts.append(f"<p>{shown}</p>")
            continue
        opens = position == 0 or blocks[position - 1][0] != kind
        closes = position == len(blocks) - 1 or blocks[position + 1][0] != kind
        parts.append(("<" + kind + ">\n" if opens else "") + f"<li>{shown}</li>" + ("\n</" + kind + ">" if closes else ""))
    return Markup("\n".join(parts))


def _boundary(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands where a sentence ends or begins: after sentence punctuation,
    another note, a list marker or dash (a list made one line), or a URL (the source before it)."""
    before, after = text[:start].rstrip(), text[end:]
    return (not before or before[-1] in ".!?:;)]-–—" or _URL.fullmatch(before.rsplit(None, 1)[-1]) is not None
            or not after.strip() or after[:1] in ".;,:!?)")


def _evidence(inside: str) -> tuple[str, list[Markup]] | None:
    """A bracket's text read as an evidence label: (the label, "" none; its sources as links), or
    None when it is none (no label and no source; words that are no source)."""
    parts = [part.strip() for part in inside.split(";")]
    label = parts[0] if _LABEL.fullmatch(parts[0]) and not _SOURCES_PREFIX.match(parts[0] + ":") else ""
    rest = "; ".join(parts[1:] if label else parts).strip()
    prefixed = _SOURCES_PREFIX.match(rest)
    if prefixed:
        rest = rest[prefixed.end():]
    elif rest and (label or rest.startswith("http")):
        # "[inference; see the appendix]": the item's own words; with no label and no "source:",
        # only a list of "text (URL)" references is one (a bracketed bare URL stays prose).
        return None
    links = _sources(rest) if rest else []
    if links is None or not (label or links):
        return None
    return label, links


def _sources(text: str) -> list[Markup] | None:
    """Each source a link (named by its text, else its site), or None if any part is no source."""
    links: list[Markup] = []
    position = 0
    while position < len(text):
        match = _SOURCE.match(text, position)
        if match is None:
            return None
        if match["url"]:
            url = _url_of(match["url"])
            end = match.start("url") + len(url)
        else:
            url, end = match["linked"], match.end()
        target = safe_url(url)
        if target is None:
            return None
        name = (match["text"] or "").strip(" ,;") or _site(url)
        links.append(Markup(f'<a href="{escape(target)}" rel="nofollow noopener" title="{escape(url)}">{escape(name)}</a>'))
        gap = _SOURCE_GAP.match(text, end)
        position = gap.end() if gap and gap.end() > end else end
        if position == end and position < len(text):
            return None  # text straight after a source: not a list of sources
    return links


def _site(url: str) -> str:
    """A URL as a reader names its source: the host, without "www."."""
    host = urlsplit(url).hostname or url
    return host.removeprefix("www.")


def _url_of(found: str) -> str:
    """The URL a match names: sentence punctuation after it left out, a closing bracket kept
    when the URL opened it ("https://x.org/a_(b)")."""
    url = found
    while url and url[-1] in _URL_TRAILER:
        if url[-1] == ")" and url.count("(") >= url.count(")"):
            break
        url = url[:-1]
    return url


#: A finding's grade in a bracket of its own, "[high]", "[Medium confidence]", "[confidence: low]": the
#: evidence labels' cleaning (``clean_statement``) reads "high confidence" as words, and leaves a bare grade
#: and the bracket around it; the page states the confidence under the finding.
_GRADE = re.compile(r"(?i)\[\s*(?:(?:high|medium|low)(?:[ -]confidence)?|confidence\W{0,3}(?:high|medium|low))\s*\]")
#: "Sources:" (or "Source:") followed by an address: ``clean_statement`` takes the addresses out, the page
#: lists them under the finding, and the word that introduced them is left with nothing to introduce.
_SOURCES_LEAD = re.compile(r"(?i)\bsources?[*_\s]*:[*_\s]*<?https?://")  # "**Sources:** https://…" too
#: That word, where a sentence or clause has ended before it ("… identifier. Sources"): not "two sources", which is
#: the statement's own word.
_SOURCES_LEFT = re.compile(r"(?:(?<=[.!?;:)])|^)\s*(?i:sources?)\W*$")


def whole_finding_text(finding: str) -> str:
    """A Key Finding as its page shows it whole: ``clean_statement`` (markup, evidence labels, sources and
    URLs out, uncut), with no bracketed grade ("[high]") and no "Sources" word the addresses left behind.
    Both are the item's notation, not its statement: the page shows the confidence and sources apart."""
    text = clean_statement(_GRADE.sub(" ", finding), limit=None)
    if _SOURCES_LEAD.search(finding):
        text = _SOURCES_LEFT.sub("", text)
    return text


def site_path(path: str) -> str:
    """An item's file as the site names it: the path relative to the research repository root,
    or the file name alone when the item lives outside the root (an absolute or ``..`` path
    names the build machine, not the repository)."""
    if path.startswith("/") or path.split("/", 1)[0] == ".." or re.match(r"^[A-Za-z]:[\\/]", path):
        return posixpath.basename(path.replace("\\", "/"))
    return path
