"""What mining reads of an item's Markdown: the text without its markup, and the runs it emphasises.

``clean`` takes evidence labels, link targets, URLs and HTML tags out (link texts kept),
``without_fences`` fenced code blocks; ``emphasised`` yields the bold phrases and code spans that
read like terms, ``emphasis_terms`` the phrases of such a run that span all of it;
``link_protocols`` the protocols an item's own links are written in (its plumbing);
``repository_names`` the names it writes as a repository path, which ``without_names`` takes out.  Each depends
on its text only (mining's result, which holds it, is cached per file with the item's record).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from kgsync.extract.acronyms import without_web_addresses
from kgsync.extract.canonical import is_acronym, term_key
from kgsync.extract.findings import EVIDENCE_LABEL
from kgsync.extract.phrases import MAX_WORDS, run_phrases, word_runs
from kgsync.read.inline import LINK_ADDRESS
from kgsync.read.items import fenced_blocks

_LINK = re.compile(rf"(?:!\[|\[)([^\[\]\n]*)\](?:{LINK_ADDRESS})")  # "![alt](src)" too
#: ``_LINK`` for a text with no "!" (most items): one literal first, which the engine skips to in C
#: (a quarter of the time: two first characters are tried one position at a time).
_TEXT_LINK = re.compile(rf"\[([^\[\]\n]*)\](?:{LINK_ADDRESS})")


_HTML = re.compile(r"<[^<>\n]{1,200}>")  # no "<" inside: a run of "<" is linear


_BOLD = re.compile(r"(\*\*|__)(?=\S)([^*_\n]{2,80}?)(?<=\S)\1(?!\s*:)")
#: ``_BOLD`` for a text with no "__" (most items): led by one literal, which the regex engine skips
#: to in C (a third of the time: two first characters are tried one position at a time).
_STARS_BOLD = re.compile(r"(\*\*)(?=\S)([^*_\n]{2,80}?)(?<=\S)\1(?!\s*:)")


_CODE = re.compile(r"`([^`\n]{2,60})`")


_CODE_TERM = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[ -][A-Za-z0-9]+){0,3}")


_LINK_SCHEME = re.compile(r"\b([A-Za-z][A-Za-z0-9+.-]{0,15})://")


def link_protocols(text: str) -> frozenset[str]:
    """The protocols the text's own links are written in: their schemes ("https://...") and, for
    a secure scheme, its plain protocol ("https" is "http" over TLS).  What an item links with
    is its plumbing, whatever it studies."""
    schemes = {scheme.lower() for scheme in _link_schemes(text)}
    return frozenset(schemes | {s[:-1] for s in schemes if s.endswith("s") and len(s) > 3})


#: The schemes of most links (``_common_scheme``).
_COMMON_SCHEMES = ("https", "http")
_SCHEME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+.-")


def _link_schemes(text: str) -> list[str]:
    """``_LINK_SCHEME.findall(text)``, found from each "://" backwards: the regex tries every
    word start of the text, this only each "://"; tests/extract/test_markup.py holds them equal."""
    out: list[str] = []
    end = 0  # where the last match ended: matches do not overlap
    at = text.find("://")
    while at != -1:
        common = _common_scheme(text, at, end)
        if common:
            out.append(common)
            end = at + 3
            at = text.find("://", at + 1)
            continue
        start = at
        floor = max(end, at - 16)  # a scheme is 1 to 16 characters
        while start > floor and text[start - 1] in _SCHEME_CHARS:
            start -= 1
        for s in range(start, at):  # the leftmost start at a word boundary, as the regex finds it
            if text[s].isascii() and text[s].isalpha() and (s == 0 or not (text[s - 1].isalnum() or text[s - 1] == "_")):
                out.append(text[s:at])
                end = at + 3
                break
        at = text.find("://", at + 1)
    return out


def _common_scheme(text: str, at: int, end: int) -> str:
    """The scheme of the "://" at ``at`` when it is "https" or "http" written after a character no
    scheme or word holds ("(", "<", a space) or at the start, and after ``end``: what the walk of
    ``_link_schemes`` finds there (it stops at that character, whose next is a word start), without
    its Python step per character; else ""."""
    for scheme in _COMMON_SCHEMES:
        start = at - len(scheme)
        if start >= end and text.startswith(scheme, start):
            if start == 0:
                return scheme
            before = text[start - 1]
            return scheme if before not in _SCHEME_CHARS and not before.isalnum() and before != "_" else ""
    return ""


def clean(text: str) -> str:
    """Evidence labels, link targets, URLs and HTML tags out; link texts kept."""
    text = EVIDENCE_LABEL.sub(" ", text)
    text = (_LINK if "!" in text else _TEXT_LINK).sub(r"\1", text)
    text = without_web_addresses(text)
    return _HTML.sub(" ", text)


#: A repository path: "owner/Name" after "github.com/" or as a whole code span, whose name is common
#: words capitalised and hyphen-joined ("`davidamitchell/Memory-System`"): the spelling that reads
#: like the common-noun idea.  Not a slash in prose, which joins alternatives ("Low-Code/No-Code"),
#: nor a name with a letter or an acronym of its own ("H-Neurons", "Policy-LSP"), which is how the
#: idea itself is written.
_NAME = r"[A-Z][a-z]{2,}(?:-[A-Z][a-z]{2,})+"
_REPOSITORY = re.compile(rf"(?:github\.com/[A-Za-z0-9][\w.-]*/({_NAME})(?![\w-])|`[A-Za-z0-9][\w.-]*/({_NAME})`)")


def repository_names(text: str) -> frozenset[str]:
    """The repository names ``text`` writes as a repository path ("davidamitchell/Memory-System"),
    capitalised word by word and hyphen-joined: spelled that way, the item's every "Memory-System"
    names the repository, not the common-noun idea ("memory systems") its words would key to."""
    return frozenset(url or code for url, code in _REPOSITORY.findall(text)) if _SLASH_NAME.search(text) else frozenset()


#: What each repository path ``_REPOSITORY`` finds holds: a slash, then its name's first word, a hyphen and
#: the next word's capital.  Searched first, led by a literal the regex engine skips to in C: the path's
#: pattern opens with two alternatives, tried at every position of the text (~0.3 ms an item, most of
#: which write no such path: ``bench/bench_build.py --skip-synthetic``, fast55).
_SLASH_NAME = re.compile(r"/[A-Z][a-z]{2,}-[A-Z]")


def without_names(text: str, names: frozenset[str]) -> str:
    """``text`` with each of ``names`` written exactly (case and hyphens: a proper name's spelling, as
    ``repository_names`` finds them) replaced by a break, so that no phrase is mined from it or across it."""
    if not names:
        return text
    pattern = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<![\w/-])(?:{pattern})(?![\w-])", ";", text)


def without_fences(text: str) -> str:
    """Fenced code blocks (``fenced_blocks``, as GitHub reads them) replaced by a newline, from the opening
    fence line to the end of the closing one. A fence never closed removes nothing: GitHub shows the rest
    of the text as code, but the reader warns of it, and the author's words after a stray fence are prose."""
    parts: list[str] = []
    done = 0
    for block in fenced_blocks(text):
        if not block.to_end:
            parts += [text[done:block.start], "\n"]
            done = block.end
    return "".join(parts) + text[done:] if parts else text


def emphasised(body: str) -> Iterator[tuple[str, ...]]:
    """Bold phrases and code spans that read like terms (1-4 words, no sentence)."""
    for match in (_BOLD if "__" in body else _STARS_BOLD).finditer(body):
        run = _bold_run(match.group(2))
        if run is not None:
            yield run
    for match in _CODE.finditer(body):
        run = _code_run(match.group(1))
        if run is not None:
            yield run


# The same bold labels and code names recur across a corpus: each text is judged once.
@lru_cache(maxsize=50_000)
def _bold_run(text: str) -> tuple[str, ...] | None:
    text = text.strip()
    if text.endswith((":", ".")) or len(text.split()) > MAX_WORDS:
        return None
    runs = word_runs(text)
    return runs[0] if len(runs) == 1 and len(runs[0]) == len(text.split()) else None


@lru_cache(maxsize=50_000)
def _code_run(text: str) -> tuple[str, ...] | None:
    text = text.strip()
    # CamelCase names or multi-word terms; not paths, options or plain words.
    if _CODE_TERM.fullmatch(text) and (is_acronym(text.split()[0]) or " " in text):
        runs = word_runs(text)
        if len(runs) == 1 and len(runs[0]) == len(text.split()):
            return runs[0]
    return None


@lru_cache(maxsize=50_000)
def emphasis_terms(phrase: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(key, surface) of the phrases of an emphasised run that span all of it."""
    whole = len(term_key(" ".join(phrase)).split())
    return tuple((key, surface) for key, surface, _plain in run_phrases(phrase) if len(key.split()) == whole)
