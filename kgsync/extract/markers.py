"""The author's precise form of a stance: an inline marker, read exactly.

    [supports: <slug> KF5]              this finding agrees with <slug>'s Key Finding 5
    [contradicts: <slug> KF2, KF3]      … disputes its Key Findings 2 and 3
    [extends: <slug> KF1 from KF4]      this item's Key Finding 4 builds on <slug>'s Key Finding 1

Inside a Key Findings entry the referencing finding is that entry; elsewhere ``from KF<n>``
names it.  ``<slug>`` is an item's slug, its file name or path (``….md``).  A marker is read in its NFKC
form: full-width brackets, colon, stance word or ``ＫＦ２``, as an East Asian input method types them, are the
marker they show (``read.author_marks.author_markers``).  A bracket of a marker's shape whose word is close to a
stance, or that lacks its colon, is no marker: warned with the marker to write (``misspelt_marks``), it links
nothing (``without_marks`` blanks it for the prose read around it).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from typing import NamedTuple
from unicodedata import name, normalize

from kgsync.contract.errors import Location
from kgsync.contract.model import RelationType
from kgsync.extract.evidence_model import Mention, plain_text, shorten_sentence
from kgsync.read.items import (HtmlBlock, Issue, IssueSeverity, ResearchItem, author_markers, code_spans,
                               fenced_blocks, html_block_opened, may_hold_marker, normalise_slug, unfenced_lines, wide_opening,
                               without_author_markers)

#: The cited item: its slug, its file name or a path ending in it, or a URL to its file (``normalise_slug`` reads
#: each, as for a ``cites:`` entry); in backticks or quotes too.
_TARGET = re.compile(r"[`'\"]?((?:https?://)?[A-Za-z0-9._/-]{1,300}?)(?:\.md)?(?:#[\w.-]{0,100})?[`'\"]?(?=[ \t,;]|$)")
_NUMBERS = re.compile(r"\b(?:KF|key[ \t]{1,3}findings?)[ \t]{0,2}#?(\d{1,3})|(?<=[,&])[ \t]{0,2}#?(\d{1,3})\b|"
                      r"\band[ \t]{1,3}#?(\d{1,3})\b", re.I)
_FROM = re.compile(r"\bfrom[ \t]{1,3}(?:KF|key[ \t]{1,3}finding)[ \t]{0,2}#?(\d{1,3})\b", re.I)


def author_marks(line: str, at: int, own_slug: str, held_by: int) -> list[Mention]:
    """One exact mention per finding each marker on ``line`` names (``held_by``: this item's
    finding holding the line, 0 none).  A marker without a finding number is kept with
    finding 0: the plan reports it.  One that cannot be read exactly (``unread_marks`` warns of it)
    links nothing."""
    out: list[Mention] = []
    marks = author_markers(line)
    if not marks:
        return out
    sentence = shorten_sentence(plain_text(without_author_markers(line, marks, " "))) or shorten_sentence(line.strip())
    for mark in marks:
        parsed = _parsed(mark.body)
        if _unread(mark.stance, parsed, own_slug) is not None:
            continue
        relation = RelationType(mark.stance)
        numbers = [int(next(g for g in m.groups() if g)) for m in _NUMBERS.finditer(parsed.rest)]
        held = parsed.source or held_by
        for number in dict.fromkeys(numbers or [0]):
            out.append(Mention(parsed.slug, number, "", relation, sentence, at, held, exact=True))
    return out


class _Parsed(NamedTuple):
    """What a marker says after its colon (read in its NFKC form): the cited item's slug ("": no slug reads there),
    the text after it (its finding numbers), this item's finding ``from KF<n>`` names (0: none) and the whole
    text, stripped, as messages show it."""

    slug: str
    rest: str
    source: int
    body: str


def _parsed(written: str) -> _Parsed:
    body = written.strip() if written.isascii() else normalize("NFKC", written).strip()
    source = _FROM.search(body)
    named = body[: source.start()] + body[source.end() :] if source else body
    target = _TARGET.match(named)
    slug = normalise_slug(target.group(1)) if target else ""
    return _Parsed(slug, named[target.end() :] if target else "", int(source.group(1)) if source else 0, body)


def _unread(stance: str, parsed: _Parsed, own_slug: str) -> tuple[str, str] | None:
    """Why a marker cannot be read exactly (what is wrong, and the fix), or None: it names no item (``<slug>``
    copied from the docs), or this item itself (a finding's stance toward another item's)."""
    if not parsed.slug:
        written = parsed.body.split(maxsplit=1)
        return (f"names no item: {written[0] if written else ''!r} is no slug",
                f"write the cited item's slug, its file name without .md: [{stance}: <slug> "
                f"{written[1] if len(written) > 1 else 'KF<n>'}]")
    if parsed.slug == own_slug:
        return ("names this item itself", "a marker states how this finding relates to another item's finding: "
                "write another item's slug, or drop the marker")
    return _unread_number(stance, parsed)


#: A finding number a marker writes that names no finding: a range (``KF1-3``: a marker lists each finding), KF
#: with no number after it (``KF-1``), more digits than a finding number has (``KF2000``, read as KF200 before).
_RANGE = re.compile(r"\b(?:KF|key[ \t]{1,3}findings?)[ \t]{0,2}#?(\d{1,3})[ \t]*(?:[-\u2010-\u2015]|\.\.)[ \t]*"
                    r"(?:KF[ \t]{0,2})?#?(\d{1,3})\b", re.I)
_BARE = re.compile(r"(?<![A-Za-z])(?:KF|key[ \t]{1,3}findings?)(?![A-Za-z])(?![ \t]{0,2}#?\d)", re.I)
_LONG = re.compile(r"\b(?:KF|key[ \t]{1,3}findings?)[ \t]{0,2}#?(\d{4,})", re.I)


def _unread_number(stance: str, parsed: _Parsed) -> tuple[str, str] | None:
    """Why the finding numbers of a marker naming an item cannot be read exactly (what, and the fix), or None.
    Read as written, each linked a finding the author did not name: KF0 and KF-1 were no number (in a Key
    Findings entry: the finding its words matched), KF1-3 was KF1, KF2000 KF200."""
    source = f" from KF{parsed.source}" if parsed.source else ""
    written = f"[{stance}: {parsed.slug}"
    if (span := _RANGE.search(parsed.rest)) is not None:
        first, last = int(span.group(1)), int(span.group(2))
        each = ", ".join(f"KF{n}" for n in range(first, last + 1)) if 0 < first < last <= first + 20 else "KF<n>, KF<m>"
        return f"gives a range of findings, {span.group().strip()!r}", f"list each finding: {written} {each}{source}]"
    if (bare := _BARE.search(parsed.rest)) is not None:
        return (f"gives {bare.group()!r} with no finding number after it",
                f"write the cited finding's number after KF: {written} KF<n>{source}]")
    if (long := _LONG.search(parsed.rest)) is not None:
        return (f"names Key Finding {long.group(1)}, no finding's number",
                f"write the cited finding's number: {written} KF<n>{source}]")
    if (source_zero := _FROM.search(parsed.body)) is not None and int(source_zero.group(1)) == 0:
        return ("says it is stated by Key Finding 0 of this item",
                f"number this item's findings from 1 (the first is KF1): {written} {parsed.rest.strip() or 'KF<n>'} "
                "from KF<n>]")
    if any(int(next(g for g in number.groups() if g)) == 0 for number in _NUMBERS.finditer(parsed.rest)):
        return "names Key Finding 0", f"number the cited item's findings from 1 (the first is KF1): {written} KF<n>{source}]"
    return None


def unread_marks(item: ResearchItem, cut: BodyCut | None = None) -> list[Issue]:
    """A warning at each marker outside code (fenced, or a span) and HTML comments that cannot be read exactly
    (``_unread``): it links nothing (``author_marks``), and is not read as prose either (``without_marks``).
    ``cut``: (whether the body holds a marker, its unfenced lines, its unrendered columns) when the caller has
    them (``item_cut.ItemCut``)."""
    if not (cut[0] if cut is not None else author_markers(item.body, in_code=True)):
        return []  # the common case: an item with no marker
    out: list[Issue] = []
    for line, text in _lines_read(item, cut):
        for mark in author_markers(text):
            parsed = _parsed(mark.body)
            if (unread := _unread(mark.stance, parsed, item.slug)) is not None:
                shown = parsed.body if len(parsed.body) <= 100 else f"{parsed.body[:99]}…"
                out.append(Issue(IssueSeverity.WARNING, Location(item.path, line),
                                 f"stance marker [{mark.stance}: {shown}] {unread[0]}: no link",
                                 f"{unread[1]}; docs/EVIDENCE.md", item.slug))
    return out


#: What the marker warnings read of an item's body when the caller has cut it (``item_cut.ItemCut``): whether
#: it holds a marker (``unread_marks``) or a bracket warned as none (``misspelt_marks``), its lines outside
#: fenced code (``unfenced_lines``) and the columns that render nothing (``unrendered``).
BodyCut = tuple[bool, Sequence[tuple[int, Sequence[str]]], Mapping[int, Sequence[tuple[int, int]]]]


def _lines_read(item: ResearchItem, cut: BodyCut | None) -> Iterator[tuple[int, str]]:
    """(file line, text) of each line of ``item``'s body outside fenced code that may hold a marker, its HTML
    comments and link reference definitions blanked (``unrendered``: nothing in them is read)."""
    hidden = cut[2] if cut is not None else unrendered(item.body, item.body_line)
    for first, run in cut[1] if cut is not None else unfenced_lines(item.body):
        for line, raw in enumerate(run, item.body_line + first):
            if may_hold_marker(raw):
                yield line, blanked(raw, hidden[line]) if line in hidden else raw


def without_marks(line: str, warned: bool = True) -> str:
    """``line`` with its markers blanked, those in code spans too (code), and each bracket of a marker's shape
    warned as none (``misspelt_marks``): the prose around them is read as prose, none of them (a marker in code
    or a bracket warned as no marker links nothing).  ``warned``: False when the line's text holds no bracket
    warned as no marker (``warned_brackets``: the common case, read once per item)."""
    marks = author_markers(line, in_code=True)
    text = without_author_markers(line, marks, " ") if marks else line
    if not warned or not may_hold_marker(text):
        return text
    text = (_SHAPED_WIDE if wide_opening(text) else _SHAPED).sub(lambda shaped: shaped.group() if _meant(shaped) is None
                                                                 else " ", text)
    return _LINKED.sub(" ", text) if "](" in text else text


#: A marker whose target is a Markdown link to the item (``[supports: [the study](<slug>.md) KF2]``, as a reader
#: clicks it): no marker (a marker names its item by slug), warned with the marker to write, and no link.
_LINKED = re.compile(r"\[(supports|contradicts|extends)[ \t]{0,4}:[ \t]{0,4}\[[^\[\]\n]{0,200}\]\(([^()\s]{1,300})\)"
                     r"([^\[\]\n]{0,200})\]", re.I)


def unrendered(body: str, first_line: int) -> dict[int, list[tuple[int, int]]]:
    """File line -> the columns that render nothing there: HTML comments (``html_comments``) and link reference
    definitions (``link_definitions``).  Nothing in them is read as a marker or a citation, nor warned of."""
    hidden = html_comments(body, first_line)
    for line, spans in link_definitions(body, first_line).items():
        hidden.setdefault(line, []).extend(spans)
    return hidden


#: A link reference definition (CommonMark 4.7) on one line: ``[label]: destination "title"``, after at most three
#: blanks (or a list item's or block quote's marker); the destination may stand alone on the next line.
_LABEL = r"\[((?:[^\[\]\\\n]|\\.){1,999})\]"  # not blank (``link_definitions`` checks)
_DESTINATION = r"(?:<[^<>\n]*>|[^\s<][^\s]*)(?:[ \t]+(?:\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*$"
_DEFINITION = re.compile(r"[ ]{0,3}(?:(>[ ]?|(?:[-+*]|\d{1,9}[.)])[ \t]+)[ ]{0,3})?" + _LABEL + r":[ \t]*(" + _DESTINATION + ")?")
_ALONE = re.compile(r"[ \t]*" + _DESTINATION)
_ANY_DEFINITION = re.compile(r"^[ \t]*" + _DEFINITION.pattern, re.M)  # a line of its shape, in a list item too
_BLOCK_BEFORE = re.compile(r"[ ]{0,3}(?:#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$|>[ \t]*$)")  # a heading, a thematic break, a quote's blank
_EVERYTHING = (0, 1 << 30)


def link_definitions(body: str, first_line: int) -> dict[int, list[tuple[int, int]]]:
    """File line -> the whole line, for each line of ``body`` (outside fenced code) holding a link reference
    definition: GitHub renders nothing of it (a marker written ``[supports: <slug> KF3]: https://…`` is one).  It
    opens a block (after a blank line, a heading, another definition, the end of an HTML block, or as a list
    item); one cannot interrupt a paragraph, so a line of its shape inside one is text, and read; nor is one inside
    an HTML block (``read.html_blocks``: raw HTML) a definition."""
    out: dict[int, list[tuple[int, int]]] = {}
    if "]:" not in body or _ANY_DEFINITION.search(body) is None:  # the common case: no line of a definition's shape
        return out
    for first, run in unfenced_lines(body):
        opens, waiting = True, False  # whether the line opens a block; a definition waits for its destination
        paragraph: int | str | None = None  # the open paragraph's container (``_holder``; definitions are read from one)
        item = 0  # the column the content of the list item the line may be in starts at (0: none)
        html: HtmlBlock | None = None  # the HTML block the line is in: raw HTML, no definition
        for line, raw in enumerate(run, first_line + first):
            if html is not None and item and raw.strip() and _indent(raw) < item:  # its list item has ended
                html, item, opens = None, 0, True
            if html is not None:
                if html.end is None and not raw.strip():  # types 6 and 7 end before a blank line
                    html, opens = None, True
                elif html.ends(raw):  # the line holding a type 1-5 block's end is its last
                    html, opens = None, True
                continue
            inner = raw[item:] if item and _indent(raw) >= item else raw  # the line in its list item
            if (opened := html_block_opened(inner, _goes_on(paragraph, raw))) is not None:
                waiting, paragraph = False, None  # interrupts a definition waiting for its destination
                mark = _ITEM.match(raw)
                item = mark.end() if mark is not None else item if _indent(raw) >= item else 0
                opens = opened.ends(raw)
                html = None if opens else opened
                continue
            if paragraph is None and not waiting and _indent(raw) - item >= 4 and raw.strip():  # indented code
                opens = True  # the line after it opens a block (a paragraph cannot go on code)
                continue
            if waiting and _ALONE.match(raw):
                out[line - 1], out[line] = [_EVERYTHING], [_EVERYTHING]
                opens, waiting = True, False
                continue
            found = _DEFINITION.match(inner) if "]:" in raw else None
            found = found if found is not None and found.group(2).strip() else None
            listed = found is not None and found.group(1) is not None and (found.group(1)[0] != ">" or paragraph != ">")
            defined = found is not None and (opens or listed)  # a list item or a block quote opens a block
            if defined and found is not None and found.group(3) is not None:
                out[line] = [_EVERYTHING]
            waiting = defined and found is not None and found.group(3) is None
            opens = not raw.strip() or (defined and not waiting) or _BLOCK_BEFORE.match(raw) is not None
            if (mark := _ITEM.match(raw)) is not None:
                item = mark.end()
            elif raw.strip() and _indent(raw) < item and (paragraph is None or _BLOCK_BEFORE.match(raw)):  # not lazy:
                item = 0  # the item has ended
            paragraph = _holder(paragraph, raw, item)
    return out


_ITEM = re.compile(r"[ ]{0,3}(?:[-+*]|\d{1,9}[.)])[ \t]+(?=\S)")


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip(" "))


def _holder(paragraph: int | str | None, raw: str, item: int) -> int | str | None:
    """The container of the paragraph open after ``raw`` (none: None): the top level (0), a list item (the column
    its content starts at: ``item``), a block quote (">"); a line a paragraph's container does not hold goes on it
    lazily."""
    if not raw.strip() or _BLOCK_BEFORE.match(raw) is not None:
        return None
    if (mark := _ITEM.match(raw)) is not None:
        return mark.end()
    if raw.lstrip(" ").startswith(">"):
        return ">"
    if paragraph is None:
        return item if _indent(raw) >= item else 0
    return paragraph


def _goes_on(paragraph: int | str | None, raw: str) -> bool:
    """Whether ``raw`` is in the container of the open paragraph (``_holder``), which an HTML block of type 7
    cannot interrupt there (after a list item a line less indented than its content may open one)."""
    if paragraph is None:
        return False
    if paragraph == ">":
        return raw.lstrip(" ").startswith(">")
    return isinstance(paragraph, int) and _indent(raw) >= paragraph


def html_comments(body: str, first_line: int) -> dict[int, list[tuple[int, int]]]:
    """File line -> the columns HTML comments (``<!-- … -->``, CommonMark 6.6: over several lines too) in ``body``
    (its first line ``first_line``) cover there, as GitHub shows them: ``<!-->`` and ``<!--->`` are whole (empty)
    comments; one opening an HTML block (``read.html_blocks``: at a line's start) and never closed hides the rest
    of the body (GitHub passes it on raw); one inside a paragraph ends with it (at a blank line), and never closed
    there, or in fenced code, or in an inline code span (after an odd number of backticks on its line), is text.
    Linear: found by ``find``."""
    out: dict[int, list[tuple[int, int]]] = {}
    line, counted, line_start, odd = first_line, 0, 0, False  # at ``counted``: its line, where that starts,
    at = close = 0  # and whether an odd number of backticks precede it there; ``close``: the next "-->"
    if "<!--" not in body:  # the common case
        return out
    fences = fenced_blocks(body) if "```" in body or "~~~" in body else ()
    while (start := body.find("<!--", at)) >= 0:
        if close < start + 4 and close != len(body):
            close = found if (found := body.find("-->", start + 4)) >= 0 else len(body)  # len: none after it
        if (newlines := body.count("\n", counted, start)):
            line, line_start, odd = line + newlines, body.rfind("\n", counted, start) + 1, False
        odd ^= body.count("`", max(counted, line_start), start) % 2 == 1
        counted = at = start + 4
        if odd or any(fence.start <= start < fence.end for fence in fences):
            continue
        end = _comment_end(body, start, close, line_start)
        if end < 0:
            continue  # text
        column = start - line_start
        for part in body[start:end].split("\n"):
            out.setdefault(line, []).append((column, column + len(part)))
            line, column = line + 1, 0
        line, counted, at = line - 1, end, end
        if (inside := body.rfind("\n", start, end)) >= 0:  # a comment's backticks open no code span
            line_start, odd = inside + 1, False
    return out


_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def _comment_end(body: str, start: int, close: int, line_start: int) -> int:
    """Where the comment opened at ``start`` ends (``close``: the next "-->" after its "<!--", or the body's
    length: none), or -1: it is text.  See ``html_comments``."""
    if body.startswith((">", "->"), start + 4):
        return start + 5 if body[start + 4] == ">" else start + 6
    lead = body[line_start:start]
    if "<" not in lead and (opened := html_block_opened(lead + "<!--", False)) is not None and opened.kind == 2:
        return min(close + 3, len(body))  # an HTML block's comment: over blank lines, to the end when never closed
    if close == len(body) or _BLANK_LINE.search(body, start, close) is not None:
        return -1
    return close + 3


def blanked(raw: str, spans: Sequence[tuple[int, int]]) -> str:
    """``raw`` with the columns of each of ``spans`` blanked (the columns of the others stay where they are)."""
    for start, end in spans:
        raw = raw[:start] + " " * (min(end, len(raw)) - start) + raw[end:]
    return raw


#: A bracket of a marker's shape, whatever its word (letters of any script): ``[<word>: <target> …]``, or
#: without its colon ``[<word> <target> …]``, with blanks after its bracket or before its colon too; its brackets,
#: colon and word may be typed full-width (read in their NFKC form).
_SHAPED_REST = ("[ \t\u3000]{0,4}([^\\W\\d_]{2,20})([ \t\u3000]{0,4}[:\uff1a\ufe55\ufe13][ \t\u3000]{0,4}|[ \t\u3000]{1,4})"
                "([^\\[\\]\uff3b\uff3d\ufe47\ufe48\\n]{1,400})[\\]\uff3d\ufe48]")
_SHAPED = re.compile("\\[" + _SHAPED_REST)  # led by the literal "[": searched fast (a text without a wide one)
_SHAPED_WIDE = re.compile("[\\[\uff3b\ufe47]" + _SHAPED_REST)
_STANCES = tuple(relation.value for relation in (RelationType.SUPPORTS, RelationType.CONTRADICTS, RelationType.EXTENDS))


@lru_cache(maxsize=8)
def warned_brackets(body: str) -> bool:
    """Whether ``body`` holds a bracket of a marker's shape that ``misspelt_marks`` may warn as no marker: one
    search of it (no bracket in the corpora is near a stance), once for the warnings and the references scan."""
    return any(map(_meant, (_SHAPED_WIDE if wide_opening(body) else _SHAPED).finditer(body))) or (
        "](" in body and _LINKED.search(body) is not None)


def misspelt_marks(item: ResearchItem, cut: BodyCut | None = None) -> list[Issue]:
    """A warning at each bracket of a marker's shape outside code (fenced, or a span) and HTML comments whose
    target is slug-like (has a "-") and whose word is no stance but close to one (``near_stance``), or is one
    (or close) with no colon after it: it is no marker, and the warning gives the marker to write.  Nothing is linked from it
    (``without_marks`` blanks it for the prose read around it).  ``cut``: (whether the body holds such a
    bracket, its unfenced lines, its unrendered columns) when the caller has them (``item_cut.ItemCut``)."""
    if not (cut[0] if cut is not None else warned_brackets(item.body)):
        return []
    shaped = _SHAPED_WIDE if wide_opening(item.body) else _SHAPED
    out: list[Issue] = []
    for line, text in _lines_read(item, cut):
        code = code_spans(text)
        for bracket in shaped.finditer(text):
            meant = _meant(bracket)
            if meant is None or any(start < bracket.start() and bracket.end() <= end for start, end in code):
                continue  # code, or in a comment (blanked): read as nothing, so warned of nothing
            written, word = bracket.group(), normalize("NFKC", bracket.group(1))
            written = written if len(written) <= 120 else f"{written[:118]}…]"
            why = _no_marker_why(bracket, word)
            out.append(Issue(
                IssueSeverity.WARNING, Location(item.path, line), f"{written} is not a stance marker ({why}): "
                f"no link", f"if it states a stance, write [{meant}: {normalize('NFKC', bracket.group(3)).strip()}]"
                f"{' in ASCII letters' if not word.isascii() else ''}; docs/EVIDENCE.md", item.slug))
        for linked in _LINKED.finditer(text) if "](" in text else ():
            if not any(start < linked.start() and linked.end() <= end for start, end in code):
                written = linked.group() if len(linked.group()) <= 120 else f"{linked.group()[:118]}…]"
                out.append(Issue(
                    IssueSeverity.WARNING, Location(item.path, line), f"{written} is not a stance marker (a link for "
                    "its slug): no link", f"if it states a stance, write [{linked.group(1).lower()}: "
                    f"{normalise_slug(linked.group(2))} {linked.group(3).strip()}]; docs/EVIDENCE.md", item.slug))
    return out


_COLONS = ":\uff1a\ufe55\ufe13"  # ":" and the characters whose NFKC form is one
_BLANKS = " \t\u3000"  # the blanks a bracket of a marker's shape may hold around its word


def _meant(bracket: re.Match[str]) -> str | None:
    """The stance a bracket of a marker's shape (``_SHAPED``) is meant to be, when its target is slug-like
    (has a "-"): its word's nearest when that is no stance (``near_stance``); without a colon, its word
    itself when it is one."""
    body = bracket.group(3)
    if "-" not in body:  # the target is read first: most brackets (links' texts) have none
        return None
    target = _TARGET.match(normalize("NFKC", body).strip() if not body.isascii() else body.strip())
    if target is None or "-" not in target.group(1):
        return None
    word = normalize("NFKC", bracket.group(1)) if not bracket.group(1).isascii() else bracket.group(1)
    if not word.isascii():  # letters NFKC keeps (Cyrillic "ѕ", dotless "ı"): the stance they look like
        import disarm  # as in ``extract.canonical.skeleton`` (UTS #39): only a word beyond ASCII needs it

        look = str(disarm.skeleton_key(word))
        return look if look in _STANCES else near_stance(look)
    if bracket.group(2)[0] in _COLONS and not _blank_after_bracket(bracket):
        return near_stance(word)
    return word if word.lower() in _STANCES else near_stance(word)


def _blank_after_bracket(bracket: re.Match[str]) -> bool:
    return bracket.group()[1] in _BLANKS


def _no_marker_why(bracket: re.Match[str], word: str) -> str:
    """Why a bracket ``_meant`` as a stance is no marker, in the words of its warning."""
    separator = bracket.group(2)
    if look := _look_alike(word):
        return look
    if _blank_after_bracket(bracket):
        return "a blank after '['"
    if separator[0] in _BLANKS and any(char in _COLONS for char in separator):
        return f"a blank between {word!r} and ':'"
    return f"{word!r} is none of {', '.join(_STANCES)}" if separator[0] in _COLONS else f"no ':' after {word!r}"


def _look_alike(word: str) -> str:
    """Why a word beyond ASCII (after NFKC) is no stance: its letters that only look like ASCII ones."""
    if word.isascii():
        return ""
    letters = ", ".join(f"{char!r} U+{ord(char):04X} {name(char, '?')}" for char in dict.fromkeys(word)
                        if not char.isascii())
    return (f"{word!r} looks like a stance but has look-alike letters ({letters}); a marker is read only in ASCII "
            "letters, as a look-alike may be written to hide or fake a link")


@lru_cache(maxsize=256)
def near_stance(word: str) -> str | None:
    """The stance ``word`` is close to, when it is none: within 2 edits (a letter inserted, deleted or
    replaced, two neighbours swapped) or sharing its first six letters (supported, contradicting)."""
    word = word.lower()
    if word in _STANCES:
        return None
    return next((stance for stance in _STANCES
                 if (len(word) >= 6 and word[:6] == stance[:6]) or _within_two_edits(word, stance)), None)


def _within_two_edits(a: str, b: str) -> bool:
    """Is the restricted Damerau-Levenshtein distance of ``a`` and ``b`` at most 2?"""
    if abs(len(a) - len(b)) > 2:
        return False
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            cost = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + (char != other))
            if i > 1 and j > 1 and char == b[j - 2] and a[i - 2] == other:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        before, row = row, current
    return row[-1] <= 2
