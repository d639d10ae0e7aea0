"""kgsync.read.item_bytes: a file's bytes as text, and the characters no item text holds (the byte prefilters
find what the whole searches find)."""

from __future__ import annotations

import yaml
from hypothesis import given
from hypothesis import strategies as st

from kgsync.read.item_bytes import (_FORBIDDEN, _INVISIBLE_UTF8, INVISIBLE, _may_hold_forbidden, escaped_control,
                                    may_hold_invisible)
from kgsync.read.item_checks import SAFE_LOADER


def test_the_invisible_byte_prefilter_finds_exactly_the_invisible_characters() -> None:
    """``visible_text`` searches the text only when the file's bytes hold an ``INVISIBLE`` character's
    UTF-8: every code point is tried, alone and inside other text."""
    for code in range(1, 0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        invisible = INVISIBLE.match(char) is not None
        assert (_INVISIBLE_UTF8.search(f"a{char}b".encode()) is not None) == invisible, hex(code)
        # and asked of the bytes beyond ASCII alone, between ASCII, dashes and quotation marks as items write them
        assert may_hold_invisible(f"a{char}b".encode()) == invisible, hex(code)
        assert may_hold_invisible(f"\u2014 x{char}\u2019s".encode()) == invisible, hex(code)


#: Bytes as the search meets them: ASCII, lead and continuation bytes alone, whole invisible sequences
#: (U+200B, a BOM, a tag character's start, a soft hyphen) and visible ones (a dash).
_BYTE_PIECES = st.sampled_from([b"a", b" ", b"\n", b"\xe2", b"\x80", b"\x8b", b"\xc2", b"\xad", b"\xf3", b"\xa0",
                                "\u200b".encode(), "\u2014".encode(), b"\xef\xbb\xbf", b"\xf3\xa0", b"\xc2\xad"])


@given(st.one_of(st.binary(max_size=40), st.lists(_BYTE_PIECES, max_size=12).map(b"".join)))
def test_the_invisible_prefilter_of_the_bytes_beyond_ascii_misses_nothing_the_whole_search_finds(raw: bytes) -> None:
    """``may_hold_invisible`` leaves ASCII bytes out before it searches: whatever the bytes (UTF-8 or
    not), a sequence the search of all of them finds is still found (it is bytes beyond ASCII only)."""
    if _INVISIBLE_UTF8.search(raw) is not None:
        assert may_hold_invisible(raw)


def test_the_byte_prefilter_lets_every_forbidden_character_through() -> None:
    """``decoded_text`` searches the text for forbidden characters only when its bytes may hold one:
    every character the search finds (all of Unicode is tried) passes the byte test, and so a
    file without one of its byte patterns holds none."""
    forbidden = [chr(c) for c in range(1, 0x110000) if 0xD800 > c or c > 0xDFFF if _FORBIDDEN.match(chr(c))]
    assert len(forbidden) > 90 and "\r" in forbidden
    for char in forbidden:
        if char != "\r":  # a line end, made "\n" before the search
            assert _may_hold_forbidden(f"a\u00e9{char}\U0001f600b".encode()), hex(ord(char))
    assert not _may_hold_forbidden("plain text, \u00a7 \u00a0 \u2014 \U0001f600 \ufeff\r\n\t".encode())


def test_frontmatter_without_a_backslash_makes_no_forbidden_character() -> None:
    """``_parse`` walks the frontmatter's values for a forbidden character (``escaped_control``) only
    when it holds a backslash: YAML makes characters only with escapes (and line breaks and spaces
    when it folds lines), so without one every string it reads is the text's own characters, which
    ``decoded_text`` has checked.  Every character the text may hold but a backslash is tried, in each
    way YAML reads a scalar; a character YAML refuses makes an item error before the walk."""
    codes = [*range(1, 0x10000), *range(0x10000, 0x110000, 97)]  # every BMP character, a sample above
    allowed = [chr(c) for c in codes
               if not 0xD800 <= c <= 0xDFFF and not _FORBIDDEN.match(chr(c)) and chr(c) not in "\\\r"]
    styles = ('a: "{}"\n', "a: '{}'\n", "a: |\n  {}\n", "a: >\n  x\n  {}\n\n  y\n", "a: [{}]\n", "a: {}\n")

    def loads(text: str) -> object:
        try:
            return yaml.load(text, Loader=SAFE_LOADER)
        except (yaml.YAMLError, ValueError):
            return None

    tried = 0
    for style in styles:
        for start in range(0, len(allowed), 64):
            chunk = allowed[start:start + 64]
            whole = loads(style.format("x" + "".join(chunk) + "x"))
            # refused whole (a quote or an indicator in it): each character alone
            for meta in [whole] if isinstance(whole, dict) else (loads(style.format(f"x{c}x")) for c in chunk):
                if isinstance(meta, dict):
                    assert escaped_control(meta) is None, (style, chunk)
                    tried += 1
    assert tried > 5000
