"""An item file's bytes read as text, and the characters no item text holds.

Part of reading an item (``kgsync.read.items``), before its frontmatter is parsed: UTF-8 (not UTF-16, no
byte that is not UTF-8), no control characters or noncharacters (escaped in the YAML too), byte order
marks inside the file removed with a warning, and the invisible and bidi characters every field and
the body lose.  Each check asks the bytes first, with fast literal-led tests, since most files hold none.
"""

from __future__ import annotations

import re
from typing import Any

import regex

from kgsync.read.item_model import Issue, IssueMaker, IssueSeverity


# Characters no item text may hold: C0 controls but tab and newline (a CR was made a newline),
# DEL, C1 controls, and Unicode's noncharacters.  None is text anyone means to write; each
# breaks something downstream (a C1 character or U+FFFE ends a page's YAML front matter, a DEL
# in a theme makes an invalid node name).  Rejected, not replaced: the item is an error that
# keeps its previous nodes until the file is fixed, and the message says where (see SECURITY.md).
_FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufdd0-\ufdef"
                        + "".join(chr(plane + 0xFFFE) + chr(plane + 0xFFFF) for plane in range(0, 0x110000, 0x10000))
                        + "]")
# The same less the astral noncharacters, for text without astral characters (most): a class of
# ranges alone is searched much faster than one with 32 single astral code points (7ff8a3d2).
_FORBIDDEN_BMP = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ufdd0-\ufdef\ufffe\uffff]")
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


# Default-ignorable code points (zero-width joiners and spaces, variation selectors, tag
# characters, Hangul fillers...) and bidi controls (overrides, isolates, marks), as the Unicode
# Character Database defines the two properties (the ``regex`` module ships its tables).  They
# render as nothing or reorder what is shown: in a title or a theme they make a name, a PR title
# or a commit subject that reads as another, so they never pass the boundary.
INVISIBLE = regex.compile(r"[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]")


# The UTF-8 of every ``INVISIBLE`` character, searched in a file's bytes before its text (four times
# faster): most files hold none (``tests/read/test_item_bytes.py`` tries every code point).
_INVISIBLE_UTF8 = re.compile(
    rb"\xe2(?:\x80[\x8b-\x8f\xaa-\xae]|\x81[\xa0-\xaf])|\xef(?:\xb8[\x80-\x8f]|\xbb\xbf|\xbe\xa0|\xbf[\xb0-\xb8])"
    rb"|\xc2\xad|\xcd\x8f|\xd8\x9c|\xe1(?:\x85[\x9f\xa0]|\x9e[\xb4\xb5]|\xa0[\x8b-\x8f])|\xe3\x85\xa4"
    rb"|\xf0(?:\x9b\xb2[\xa0-\xa3]|\x9d\x85[\xb3-\xba])|\xf3\xa0")


def may_hold_invisible(raw: bytes) -> bool:
    """Whether ``raw`` holds an ``INVISIBLE`` character's UTF-8 (``_INVISIBLE_UTF8``), asked of its bytes
    beyond ASCII alone: each of those sequences is such bytes only, so a match in ``raw`` is one in them
    too, and the search reads a text a tenth as long (an item's UTF-8 is mostly ASCII; over the whole of
    it the search tried every dash and quotation mark's lead byte, ~0.2 ms an item:
    ``bench/bench_build.py --skip-synthetic``, fast55)."""
    return _INVISIBLE_UTF8.search(raw.translate(None, _ASCII_BYTES)) is not None


_ASCII_BYTES = bytes(range(128))


def visible_text(raw: bytes, text: str) -> tuple[str, tuple[int, str, int] | None]:
    """``text`` (part of the file ``raw``) without its ``INVISIBLE`` characters, and (the line of ``text``
    the first one is on, from 0; that character; how many there were), or None when it held none."""
    hit = INVISIBLE.search(text) if may_hold_invisible(raw) else None
    if hit is None:
        return text, None
    count = len(INVISIBLE.findall(text))
    return INVISIBLE.sub("", text), (text.count("\n", 0, hit.start()), hit.group(), count)


def without_invisible(meta: dict[str, Any], yaml_text: str) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """``meta`` (read from ``yaml_text``) with every invisible character (``INVISIBLE``) removed
    from its keys and strings, and (top-level field as written, first character removed) for each field
    that held one."""
    found: list[tuple[str, str]] = []
    if "\\" not in yaml_text and not INVISIBLE.search(yaml_text):  # none written, none escaped: no walk
        return meta, found

    def clean(value: Any, field_name: str) -> Any:
        if isinstance(value, str):
            hit = INVISIBLE.search(value)
            if hit is None:
                return value
            if not found or found[-1][0] != field_name:
                found.append((field_name, hit.group()))
            return INVISIBLE.sub("", value)
        if isinstance(value, list):
            return [clean(v, field_name) for v in value]
        if isinstance(value, dict):
            return {clean(k, field_name): clean(v, field_name) for k, v in value.items()}
        return value

    # A key is cleaned too: ``\u200bsupersedes:`` is the field supersedes (unread, its link was silently lost).
    # The field's name in ``found`` is the key as written, so that its line can be found.
    cleaned = {clean(name, str(name)): clean(value, str(name)) for name, value in meta.items()}
    return cleaned, found


def _looks_utf16(raw: bytes) -> bool:
    """A UTF-16 byte order mark, or NULs at every other byte of the start (UTF-16 without one)."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    head = raw[:200]
    return len(head) >= 8 and (head[1::2].count(0) > 0.9 * len(head[1::2]) or head[0::2].count(0) > 0.9 * len(head[0::2]))


def escaped_control(meta: dict[str, Any]) -> tuple[str, str] | None:
    """(top-level field, character) of the first forbidden character in any key or value, or None."""
    for name, value in meta.items():
        stack = [name, value]
        while stack:
            found = stack.pop()
            if isinstance(found, str):
                bad = _FORBIDDEN.search(found)
                if bad:
                    return str(name), bad.group()
            elif isinstance(found, dict):
                stack.extend(found.keys())
                stack.extend(found.values())
            elif isinstance(found, (list, tuple)):
                stack.extend(found)
    return None


def decoded_text(raw: bytes, problem: IssueMaker) -> tuple[str, Issue | None]:
    """The file's text (UTF-8, no byte-order mark, ``\n`` line ends), or "" and the error that says why it is
    no text: UTF-16, a byte that is not UTF-8 (its line and offset)."""
    if _looks_utf16(raw):
        return "", problem(IssueSeverity.ERROR, 1, "UTF-16 text, not UTF-8", "re-save the file as UTF-8")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return "", problem(IssueSeverity.ERROR, line, f"not UTF-8 (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
                           "re-save the file as UTF-8")
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        return "", problem(IssueSeverity.ERROR, line, "NUL byte: binary data, not Markdown", "remove the binary content")
    bad = (_FORBIDDEN if _ASTRAL.search(text) else _FORBIDDEN_BMP).search(text) if _may_hold_forbidden(raw) else None
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        message = f"control character or noncharacter U+{ord(bad.group()):04X} at column {column}"
        return "", problem(IssueSeverity.ERROR, line, message, "delete it: item text holds no control characters")
    return text, None


def without_inner_boms(text: str, problem: IssueMaker) -> tuple[str, Issue | None]:
    """``text`` without the byte order marks (U+FEFF) inside it, and a warning at the first one's line.
    Two files saved with a BOM and joined leave one where no editor shows it, and before a heading or a
    list number it hides that section or finding; as a character it is deprecated (U+2060 joins words)."""
    at = text.find("\ufeff")
    if at < 0:
        return text, None
    count = text.count("\ufeff")
    marks = f"{count:,} byte order mark{'' if count == 1 else 's'} (U+FEFF)"
    return text.replace("\ufeff", ""), problem(
        IssueSeverity.WARNING, text.count("\n", 0, at) + 1,
        f"{marks} inside the file, the first on this line: removed (no editor shows one; it would hide the "
        "heading or list entry it starts)", "delete it: it comes from joining files saved with a BOM")


#: The bytes of the control characters ``_FORBIDDEN`` holds, but NUL (reported before) and
#: the carriage return (a line end: made "\n" before the search).
_CONTROL_BYTES = bytes([*range(0x01, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
_NOT_CONTROL_BYTES = bytes(b for b in range(256) if b not in _CONTROL_BYTES)
_C1_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")  # U+0080..U+009F in UTF-8: led by a literal, scanned fast
# ``b"\xef\xb7" in raw``, ``b"\xbf\xbe" in raw or b"\xbf\xbf" in raw``: the same answers, three times
# faster as literal-led regexes (the substring tests cost most of the check on UTF-8 text).
_FDD_UTF8 = re.compile(rb"\xef\xb7")
_NONCHARACTER_END = re.compile(rb"\xbf[\xbe\xbf]")


def _may_hold_forbidden(raw: bytes) -> bool:
    """Whether UTF-8 ``raw`` may hold a character ``_FORBIDDEN`` finds, asked of its bytes with
    fast substring tests (most files hold none: the two regex searches over the decoded text took
    most of the decoding time): a control byte; U+0080..U+009F; U+FDD0..U+FDEF (EF B7 ..); a
    noncharacter U+xFFFE or U+xFFFF (its UTF-8 ends BF BE or BF BF)."""
    return (bool(raw.translate(None, _NOT_CONTROL_BYTES)) or _FDD_UTF8.search(raw) is not None
            or _NONCHARACTER_END.search(raw) is not None or _C1_UTF8.search(raw) is not None)
