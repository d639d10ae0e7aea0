"""Hostile text as inert Markdown: the escaping every value in the PR body goes through.

Everything taken from the graph is hostile input (an item's author, or an agent, wrote it):
no markup, HTML, link, @mention or issue reference may survive it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from markupsafe import Markup

from kgsync.contract.errors import printable_message
from kgsync.publish.site.text import one_line

#: Per-string caps (characters, before escaping): a reviewer needs the gist, not the essay.
NAME_LIMIT = 160
TEXT_LIMIT = 240


# Invisible, non-printing, in the way of a safe rendering: format characters (bidi
# overrides can make text read differently from what it is), controls, lone surrogates
# (cannot be encoded).  ZWJ/ZWNJ stay: scripts and emoji need them.
_KEEP_FORMAT = {"\u200c", "\u200d"}
_DROP_CATEGORIES = {"Cc", "Cf", "Cs"}
# But not unseen: a bidi control and a control character that is no whitespace (ESC, NUL, a C1 such as
# U+009B) are shown as ``printable_message`` writes them (``%u202E``, ``%1B``), so a reviewer reads
# that a name holds one ("concept:exe%u202Etxt", not "concept:exetxt", which is another name).
_SHOWN = re.compile("[\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

#: Zero-width space, as Renovate and Dependabot use it: GitHub's mention and issue-ref
#: filters need the name/number right after ``@``/``#``, so ``@\u200boctocat`` does not
#: ping anyone and ``#\u200b12`` links nothing, yet it reads as ``@octocat``/``#12``.
#: A code span would also stop the ping, but changes the look of every sentence.
ZWSP = "\u200b"
_MENTION = re.compile(r"@(?=[A-Za-z0-9])")
_ISSUE_REF = re.compile(r"#(?=[0-9])")
_GH_REF = re.compile(r"(?i)\b(GH-)(?=[0-9])")
# GFM autolinks ``scheme://`` and ``www.``: break both so a hostile URL is not a link.
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*:)(?=//)")
_WWW = re.compile(r"(?i)\b(www)(?=\.)")

# Characters with a Markdown or HTML meaning anywhere in a line, written as numeric
# character references: CommonMark treats a reference as literal text (never as
# syntax), it works the same in Markdown text, GFM table cells (no raw ``|`` left
# to split a row) and raw HTML such as <summary>, where backslash escapes do not.
_ALWAYS = {c: f"&#{ord(c)};" for c in "&<>\\`*_[]|#!~$"}
# Characters that only mean something at the start of a block (list, setext, quote).
_LEADING = {c: f"&#{ord(c)};" for c in "-+=:"}
_ORDERED = re.compile(r"^(\d{1,9})([.)])(?=\s|$)")


def clean(text: str, limit: int = TEXT_LIMIT) -> str:
    """Show bidi and non-space control characters escaped, drop other format characters, collapse whitespace and newlines, cap the length (at the
    end of a word when one ends in the last third: "…keyword a…" reads as a typo; a name with no
    space, e.g. a slug, is cut where it must be)."""
    text = _SHOWN.sub(lambda m: printable_message(m.group()), text)
    kept = "".join(
        c for c in text if c in _KEEP_FORMAT or unicodedata.category(c) not in _DROP_CATEGORIES or c.isspace()
    )
    # What is left of the site's control characters is whitespace: one_line only collapses it.
    flat = one_line(kept)
    if limit > 0 and len(flat) > limit:
        cut = flat[: max(limit - 1, 0)]
        if not flat[len(cut)].isspace():  # the cut falls inside a word
            space = cut.rfind(" ")
            if space >= 2 * len(cut) // 3:
                cut = cut[:space]
        flat = cut.rstrip() + "…"
    return flat


def with_fix(words: str, fix: str, limit: int = TEXT_LIMIT) -> str:
    """``words (fix: fix)`` within ``limit`` characters as ``clean`` counts them: when too long, the words are
    cut (at a word, "…") and the fix kept whole, since it is what the reader acts on; a fix longer than three
    quarters of the room leaves the words a quarter (enough to say what was read, e.g. "'confirmed by' near
    <a slug> is not read as a…") and is cut at its own end.  An empty fix: the words alone."""
    if not fix:
        return words
    words, fix = clean(words, 0), clean(fix, 0)
    whole = f"{words} (fix: {fix})"
    if limit <= 0 or len(whole) <= limit:
        return whole
    frame = len(" (fix: )")
    room = max(limit - frame - len(fix), limit // 4)
    shown = clean(words, room)
    return f"{shown} (fix: {clean(fix, limit - frame - len(shown))})"


def _escape_char(text: str, i: int) -> str:
    c = text[i]
    # "_" between two letters/digits can neither open nor close emphasis (CommonMark
    # flanking rules), and names such as research_item stay readable in the source.
    if c == "_" and 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum():
        return c
    return _ALWAYS.get(c, c)


def md_escape(text: str, limit: int = TEXT_LIMIT) -> Markup:
    """``text`` as inert Markdown: safe in text, list items, headings, table cells and HTML.

    No markup, no HTML, no link, no @mention, no issue reference survives; the
    rendered text reads like the original (minus control characters and newlines).
    """
    flat = clean(text, limit)
    flat = _MENTION.sub("@" + ZWSP, flat)
    flat = _ISSUE_REF.sub("#" + ZWSP, flat)
    flat = _GH_REF.sub(r"\1" + ZWSP, flat)
    flat = _SCHEME.sub(r"\1" + ZWSP, flat)
    flat = _WWW.sub(r"\1" + ZWSP, flat)
    out = "".join(_escape_char(flat, i) for i in range(len(flat)))
    ordered = _ORDERED.match(out)
    if ordered:
        out = ordered.group(1) + f"&#{ord(ordered.group(2))};" + out[ordered.end() :]
    elif out[:1] in _LEADING:
        out = _LEADING[out[0]] + out[1:]
    return Markup(out)


_ANGLE = re.compile(r"[<>]")


def md_code(text: str, limit: int = NAME_LIMIT) -> Markup:
    """``text`` as a GFM code span: literal, never a link, a mention or HTML.

    The fence is one backtick longer than any run inside, so the content cannot
    close it.  Not for table cells (GFM splits a row at ``|`` before it sees code
    spans) nor raw HTML such as <summary> (no Markdown there): use ``md_escape``.
    Text with ``<`` or ``>`` is written with ``md_escape`` instead.
    """
    flat = clean(text, limit)
    if not flat:
        return Markup("*(empty)*")
    if _ANGLE.search(flat):
        # Inert in a code span, but a raw "<script" in the body source alarms readers and
        # scanners, and other renderers (mail, chat previews) may be less careful.
        return md_escape(flat, limit)
    longest = max((len(run) for run in re.findall(r"`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return Markup(f"{fence}{pad}{flat}{pad}{fence}")


def plain(text: str, limit: int = TEXT_LIMIT) -> Markup:
    """For a line inside a fenced code block we open: cleaned, one line, nothing escaped.

    Safe because every such line starts with our own ``+ ``/``- `` marker: a fence
    can only close at the start of a line.  Refuses ``<``/``>`` (see ``fits_code_block``).
    """
    flat = clean(text, limit)
    if _ANGLE.search(flat):
        raise ValueError("plain() text must not hold '<' or '>': use md_escape")
    return Markup(flat)


def fits_code_block(texts: Sequence[str]) -> bool:
    """True when every text may go into a fenced block as is (no ``<``/``>``, see md_code)."""
    return not any(_ANGLE.search(t) for t in texts)


HTTP_URL = re.compile(r"https?://[^\s<>()\[\]`\\\"']+")


def md_link(text: str, url: str) -> Markup:
    """A Markdown link to a URL we built (config + quoted path); anything else stays plain text."""
    if not HTTP_URL.fullmatch(url):
        return md_escape(text)
    return Markup(f"[{md_escape(text)}]({url})")
