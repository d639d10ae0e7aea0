"""Text safety for the site: item text is data, never Markdown, HTML or a template.

mkdocs renders Markdown with raw HTML allowed, and the Material / Zensical
templates print page titles unescaped.  So every piece of item text that
reaches a page goes through one of these functions:

- ``md_text``: inline Markdown text.  HTML-special characters become entities
  and every character Python-Markdown (and the extensions kgsync enables) gives
  a meaning is backslash-escaped -- list and heading markers ('-', '+', '1.')
  only where the value starts, the one place they mean anything -- so
  ``[x](javascript:...)``, ``{: onclick}``, `` `code` ``, ``| pipes |`` and
  ``!!! admonitions`` all stay literal text.  Newlines collapse to spaces: a
  value can never start a block (list, heading, code block, raw HTML block).
- ``html_text`` / ``html_attr``: for the few raw-HTML snippets kgsync emits
  itself (the neighbourhood SVG, links to external sources).
- ``safe_url``: an external link target, or None when it is not plain http(s).

``Markup`` marks strings kgsync built itself from escaped parts; the page
environment escapes everything else it prints (see ``renderer.page_environment``).
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import unicodedata
from functools import lru_cache
from urllib.parse import quote, urlsplit, urlunsplit

from markupsafe import Markup, escape

# Python-Markdown's ESCAPED_CHARS plus '|' (the tables extension adds it) get a
# backslash; '<' '>' '&' become entities (Python-Markdown has no backslash escape
# for them).  Other punctuation is inert in the extensions the site enables.
# '-' '+' '.' '(' ')' '=' mean something only where a block starts ("- ", "+ ", "1. ",
# "---", a "===" underline): they are escaped at the start of a value only.  Every escape is one more
# match for the Markdown engine's inline pass, and prose is full of these.
_MD_MAP = {ord(c): "\\" + c for c in "\\`*_{}[]#!|"} | {
    ord("&"): "&amp;",
    ord("<"): "&lt;",
    ord(">"): "&gt;",
}
_MD_START = {ord(c): "\\" + c for c in "-+.()"} | {ord("="): "&#61;"}  # "=" has no backslash escape
_ORDERED_MARKER = re.compile(r"(\d+)\.")  # "1. " at a line start opens an ordered list
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u2028\u2029]")


def one_line(text: str) -> str:
    """Collapse whitespace (and drop control characters): one safe line."""
    # Most text is one line already: printable means no control character (every one ``_CONTROL``
    # matches is unprintable) and no whitespace but the plain space, so only doubled or outer
    # spaces would change.  The site calls this about a million times at 10,000 items.
    if text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
        return text
    return " ".join(_CONTROL.sub(" ", text).split())


# What a YAML double-quoted scalar holds as itself: printable characters (YAML 1.1's set) less
# the three YAML also reads as line breaks (NEL, LS, PS) and the byte order mark.  Everything
# else is written as an escape, so no text can end the scalar or make the front matter
# unreadable (mkdocs would then render it as Markdown, links and all).
_YAML_LITERAL = re.compile("[^\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")


def yaml_string(text: object) -> str:
    """``text`` as a YAML double-quoted scalar that reads back as exactly ``text``."""
    quoted = json.dumps(str(text), ensure_ascii=False)  # JSON strings are YAML; JSON escapes C0 and quotes
    return _YAML_LITERAL.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


def md_text(text: object) -> Markup:
    """Item text as inline Markdown that renders as exactly this text."""
    line = one_line(str(text)).translate(_MD_MAP)
    if line[:1].translate(_MD_START) != line[:1]:
        line = line[:1].translate(_MD_START) + line[1:]
    elif marker := _ORDERED_MARKER.match(line):
        line = f"{marker.group(1)}\\.{line[marker.end():]}"
    return Markup(line)


def html_text(text: object) -> Markup:
    """Item text for raw HTML (element content or a quoted attribute value)."""
    return Markup(html.escape(one_line(str(text)), quote=True))


html_attr = html_text


def html_content(text: object) -> Markup:
    """Item text as element content, in the bytes Python-Markdown makes of ``md_text(text)``:
    ``&``, ``<`` and ``>`` escaped, quotes as they are (a block that replaces Markdown keeps the
    page's HTML byte-identical)."""
    content = html.escape(one_line(str(text)), quote=False)
    return Markup("&#61;" + content[1:] if content[:1] == "=" else content)  # md_text's escape of a leading "="


@lru_cache(maxsize=65536)  # pure; an item's sources recur on its claim, item and listing pages
def safe_url(url: str) -> str | None:
    """``url`` when it is an absolute http(s) URL, re-quoted; else None.

    Re-quoting makes spaces, quotes, '<' and parentheses harmless inside an
    ``href`` and inside a Markdown link target.
    """
    url = url.strip()
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc or _CONTROL.search(url):
        return None
    if any(c in parts.netloc for c in "<>\"'` \\"):
        return None
    safe = "/%:@!$&'*+,;=-._~"
    return urlunsplit(
        (
            parts.scheme.lower(),
            parts.netloc,
            quote(parts.path, safe=safe.replace("'", "")),
            quote(parts.query, safe=safe.replace("'", "") + "?/"),
            quote(parts.fragment, safe=safe.replace("'", "") + "?/"),
        )
    ).replace("(", "%28").replace(")", "%29")


def external_link(text: object, url: str) -> Markup:
    """A raw-HTML link to an external page; plain escaped text when ``url`` is unsafe."""
    target = safe_url(url)
    if target is None:
        return md_text(text)
    # Python-Markdown keeps only the tags raw and renders the text between them
    # as Markdown, so the text is Markdown-escaped, not HTML-escaped.
    return Markup(f'<a href="{escape(target)}" rel="nofollow noopener">{md_text(text)}</a>')


#: The lines around an HTML block the site's Markdown stores unparsed (``markdown.KgsyncBlocks``).
BLOCK_START = "<!-- kgsync:html -->"
BLOCK_END = "<!-- /kgsync:html -->"


def external_html_link(text: object, url: str) -> Markup:
    """``external_link`` inside a raw HTML block (Python-Markdown does not render its text): HTML-escaped."""
    target = safe_url(url)
    if target is None:
        return html_text(text)
    return Markup(f'<a href="{escape(target)}" rel="nofollow noopener">{html_text(text)}</a>')


_SLUG_CLEAN = re.compile(r"[^a-z0-9]+")
_SLUG_OK = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MAX_SLUG = 64


def slugify(text: str) -> str:
    """Lower-case ASCII letters and digits joined by '-', at most ``MAX_SLUG`` long."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = _SLUG_CLEAN.sub("-", ascii_text.lower()).strip("-")
    return slug[:MAX_SLUG].rstrip("-") or "x"


def short_hash(text: str, length: int = 8) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:length]


#: Stems the index pages use; a node may not take them.
RESERVED_STEMS = frozenset({"index", "superseded"})


def file_stems(keys: list[str]) -> dict[str, str]:
    """Filesystem-safe, collision-free file stems for ``keys`` (no two equal, even case-folded).

    A key that already is a clean slug keeps its name (readable URLs); any other
    key gets ``slug-<hash>`` (a hash of the key: a page's URL never changes
    because another node appeared).  Stems never contain ``--``: the index and
    continuation pages use it (``index--p2``), so they cannot clash with a node.  Should two keys still meet (a clean key that
    looks like another's hashed stem), every key of the clash takes a longer
    hash: the result depends on the set of keys only, never on their order.
    """
    def candidate(key: str, length: int) -> str:
        if length == 0 and _SLUG_OK.fullmatch(key) and len(key) <= MAX_SLUG and key not in RESERVED_STEMS:
            return key
        return f"{slugify(key)[: MAX_SLUG - 9 - length]}-{short_hash(key, max(length, 8))}".lstrip("-")

    stems = {key: candidate(key, 0) for key in keys}
    for length in (16, 40):
        seen: dict[str, list[str]] = {}
        for key, stem in stems.items():
            seen.setdefault(stem, []).append(key)
        clashes = [k for group in seen.values() if len(group) > 1 for k in group]
        if not clashes:
            return stems
        for key in clashes:
            stems[key] = candidate(key, length)
    return stems


def counted(count: int, noun: str) -> str:
    """``1 item``, ``2 items``: ``noun`` is the singular; its last word takes the plural ``s``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
