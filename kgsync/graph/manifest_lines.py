"""The last manifest's item lines, each found when asked for (``LastLines``), and the record that
says which of them need not be read at all (``line_key``).

A rebuild after a one-item edit asks three questions of every item's line in the last manifest
(does it state the item's facts now: the claim names, the changed items, the lines to rewrite).
Splitting the whole file for them (~83 MB at 10,000 items, the first build of
``bench/bench_build.py --ci-only DIR --count 10000``: decoded, then cut into 10,000 texts)
cost more than the edit.  The build that wrote the file knew each line as it wrote it: the digest
of the facts' JSON it came from (``facts_digest``) and the rest of the line (``Manifest.line_suffix``).
Kept beside the file's own digest, that record (the two digests of each line) answers for the lines
whose facts come from the same JSON (same digest) now, and the others are found in the bytes one by one.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from kgsync.contract.model import Facts
from kgsync.graph.manifest import Manifest, SameFacts, load_manifest, manifest_item_texts
from kgsync.graph.manifest_head import read_version

_json_string = json.encoder.encode_basestring  # as ``Manifest.dumps`` spells a slug
_SLUG = json.JSONDecoder()  # an item's line opens with its slug, a JSON string
_DIGEST = 40  # hex characters of ``facts_digest``
#: Past this many lines looked up one by one (each a search of the file), the file is split once.
_SEARCHED = 64


def facts_digest(facts_text: str) -> str:
    """The digest of an item's facts' JSON (``facts_json``), as a line's record keeps it."""
    return hashlib.sha1(facts_text.encode("utf-8")).hexdigest()


def line_key(digest: str | None, suffix: str) -> str:
    """The record of a line written as the facts' JSON of digest ``digest`` less its last brace, then
    ``suffix`` (``Manifest.line_suffix``): the two digests; "" when that JSON's digest is not known.
    The suffix's digest, not its text: the text is mostly the item's vocabulary share, and the record
    of 10,000 lines held every share again (14 MB, read and written by every rebuild:
    ``bench/bench_build.py --count 10000 --skip-real``, line39).  A build passes
    ``Manifest.shared_suffix`` where it knows what the share's text is made from, so that
    text is not hashed either (``kgsync.pipeline.merge_paths.line_keys``)."""
    if digest is None or len(digest) != _DIGEST:
        return ""
    return digest + hashlib.sha1(suffix.encode("utf-8")).hexdigest()


class ManifestItems(Mapping[str, Facts]):
    """slug -> the facts of its line in the manifest at ``path``, a file ``Manifest.dumps`` wrote, each line read
    and decoded when it is asked for (``lines``: slug -> where its facts' JSON lies in the file, start and end).
    For a reader of a few items' facts (``kgsync.graph.linked_before``): the whole manifest decoded and its facts
    built (``load_manifest_sharing``) cost it every item's decoding for the few it reads (the profile of a
    rebuild of citing items: CHANGELOG, bench223), and the file's text held whole would raise a build's peak
    memory.  A line that does not decode as an object is read by ``whole`` (the manifest read whole: the same facts, or the error it raises)."""

    def __init__(self, path: Path, lines: Mapping[str, tuple[int, int]],
                 whole: Callable[[], Mapping[str, Facts] | None]) -> None:
        self._path = path
        self._lines = lines
        self._whole = whole
        self._facts: dict[str, Facts] = {}

    def __getitem__(self, slug: str) -> Facts:
        facts = self._facts.get(slug)
        if facts is None:
            start, end = self._lines[slug]
            try:
                with self._path.open("rb") as handle:
                    handle.seek(start)
                    data = json.loads(handle.read(end - start).decode("utf-8"))
                if not isinstance(data, dict):
                    raise ValueError("not an object")
                facts = Facts.from_json(data)
            except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
                whole = self._whole()
                if whole is None:
                    raise KeyError(slug) from None
                facts = whole[slug]
            self._facts[slug] = facts
        return facts

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)


def manifest_items(path: Path, whole: Callable[[], Mapping[str, Facts] | None]) -> Mapping[str, Facts] | None:
    """The facts by slug of the manifest at ``path``: ``ManifestItems`` when ``Manifest.dumps`` wrote it (a head
    line of the version this kgsync reads opening the items' object, then one item a line, ``"slug": {...},``, its
    slug spelled without an escape, then ``}}``), found a line at a time (never the file's text whole); else
    ``whole()`` (the manifest read whole: the same facts, None when there is no file, or the error it raises)."""
    try:
        lines: dict[str, tuple[int, int]] = {}
        with path.open("rb") as handle:
            first = handle.readline()
            if not first.endswith(b'"items": {\n'):
                return whole()
            head = json.loads(first.decode("utf-8") + "}}")
            if not isinstance(head, dict) or head.get("items") != {}:
                return whole()
            read_version(head)
            at = len(first)
            line = handle.readline()
            while line != b"}}\n":
                close = line.find(b'"', 1)
                if not line.startswith(b'"') or close == -1 or not line.startswith(b": ", close + 1) or \
                        not line.endswith((b"},\n", b"}\n")) or b"\\" in line[1:close]:
                    return whole()
                slug = line[1:close].decode("utf-8")
                if not slug.isprintable() or slug in lines:
                    return whole()
                lines[slug] = (at + close + 3, at + len(line) - (2 if line.endswith(b",\n") else 1))
                at += len(line)
                line = handle.readline()
            if handle.read(1):
                return whole()
        return ManifestItems(path, lines, whole)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        pass  # a missing file, a newer version, any doubt: as the whole read says it
    return whole()


def load_manifest_sharing(path: Path, same_as: Mapping[str, Facts] | None = None,
                          texts: Mapping[str, str] | None = None) -> Manifest | None:
    """``load_manifest(path, same_as)``: read a line at a time when ``Manifest.dumps`` wrote the file
    (each item's line decoded, its facts built and its JSON dropped: the file's text and its decoded
    JSON, ~70 MB and ~250 MB at 10,000 items when mem25 measured them with
    ``bench/bench_build.py --ci-only DIR --count 10000``, are never whole), with facts equal to
    ``same_as[slug]`` that very object (``Manifest.of_items``).  ``texts``: slug ->
    ``facts_json(same_as[slug])`` where the caller has it; a line holding exactly that JSON is not decoded
    (``_stated``).  Any other file, or one that does not read, is read whole by ``load_manifest``: the
    same manifest, or the same error."""
    try:
        with path.open("rb") as handle:
            first = handle.readline()
            if not first.endswith(b'"items": {\n'):
                return load_manifest(path, same_as)
            head = json.loads(first.decode("utf-8") + "}}")  # the items' object closed, then the whole
            if isinstance(head, dict) and head.get("items") == {}:  # the line ends opening the items' object
                return Manifest.of_items(head, _item_lines(handle, texts if same_as is not None else None), same_as)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        pass  # said as ``load_manifest`` says it (a JSON error, a UnicodeDecodeError: ValueErrors)
    return load_manifest(path, same_as)


def _item_lines(handle: IO[bytes], texts: Mapping[str, str] | None = None) -> Iterator[tuple[str, Any]]:
    """(slug, its facts' JSON) of each item line after the head, as ``Manifest.dumps`` writes them:
    ``"slug": {...},`` (the last without its comma), then ``}}`` and the file's end (ValueError:
    not so; JSON escapes every newline, so no line ends inside a string).  A line that ``_stated``
    finds holds ``texts[slug]``: (slug, its ``SameFacts``)."""
    line = handle.readline()
    while line != b"}}\n":
        after = handle.readline()
        end = b"}\n" if after == b"}}\n" else b"},\n"
        if not (line.startswith(b'"') and line.endswith(end)):
            raise ValueError("not a line Manifest.dumps writes")
        text = line[: len(line) - len(end) + 1].decode("utf-8")
        stated = _stated(text, texts) if texts else None
        if stated is not None:
            yield stated
        else:
            yield from json.loads("{" + text + "}").items()
        line = after
    if handle.read(1):
        raise ValueError("text after the manifest's end")


_FACTS_KEYS = frozenset({"entities", "observations", "relations", "evidence"})  # what ``Facts.from_json`` reads


def _stated(text: str, texts: Mapping[str, str]) -> tuple[str, SameFacts] | None:
    """(slug, the rest of its JSON) when ``text``, an item's line ``"slug": {...}``, is ``texts[slug]``
    less its last brace, then nothing a JSON decoding of the whole line would read as facts (the
    line's statements and names, ``Manifest.line_suffix``): the line decodes to those facts and that
    rest.  None: decode the line (a slug JSON spells with an escape, another text, any doubt)."""
    close = text.find('"', 1)
    slug = text[1:close]
    if close == -1 or "\\" in slug or not slug.isprintable() or not text.startswith(": ", close + 1):
        return None
    known = texts.get(slug)
    if known is None or not known.endswith("}") or not text.startswith(known[:-1], close + 3):
        return None
    rest = text[close + 2 + len(known) :]  # after the facts' JSON less its brace
    if rest == "}":
        return slug, SameFacts()
    if not rest.startswith(","):
        return None
    try:
        data = json.loads("{" + rest[1:])
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not _FACTS_KEYS.isdisjoint(data):
        return None
    return slug, SameFacts(data)


#: Past this many lines holding the start of a name, the name itself is searched for.
_NEAR_LINES = 256
#: The shortest start of a name searched for in its place: ``"claim:`` and the like, held by most lines, are not.
_NAME_START = 16


def _name_start(pattern: bytes) -> bytes | None:
    """The start of the first JSON string in ``pattern``, up to its last colon (``"claim:slug:``, of
    a claim name's spelling), when it is ``_NAME_START`` bytes or more (None: no such start)."""
    opening = pattern.find(b'"')
    closing = pattern.find(b'"', opening + 1) if opening != -1 else -1
    colon = pattern.rfind(b":", opening, closing) if closing != -1 else -1
    return pattern[opening : colon + 1] if colon + 1 - opening >= _NAME_START else None


class LastLines(Mapping[str, str]):
    """slug -> the text of its line (as ``manifest_item_texts`` gives it) in ``data``, a manifest
    this code's ``Manifest.dumps`` wrote.  ``written``: slug -> ``line_key`` of each of its lines, as
    recorded when these very bytes were written (None: no record; the file is split).  A line is
    found by its slug (``"slug": `` starts a line only there: JSON escapes every newline), and
    past ``_SEARCHED`` of them the file is split (``manifest_item_texts``), as without a record."""

    def __init__(self, data: bytes, written: Mapping[str, str] | None) -> None:
        self.data = data
        self.written = written
        self._texts: Mapping[str, str] | None = None
        self._searched = 0
        # Each line found so far: a rebuild asks for the changed item's line several times (the
        # changed items, the claim names, the lines to rewrite), and each search reads the manifest's bytes.
        self._found: dict[str, str] = {}
        # The lines holding the start of a name searched for (``_lines_holding``).
        self._near: dict[bytes, list[tuple[int, int]]] = {}

    def _split(self) -> Mapping[str, str]:
        if self._texts is None:
            self._texts = manifest_item_texts(self.data.decode("utf-8"))
        return self._texts

    def __getitem__(self, slug: str) -> str:
        if self.written is None or self._texts is not None or self._searched >= _SEARCHED:
            return self._split()[slug]
        if slug not in self.written:
            raise KeyError(slug)
        found = self._found.get(slug)
        if found is not None:
            return found
        self._searched += 1
        data = self.data
        key = b"\n" + _json_string(slug).encode("utf-8") + b": "
        start = self._bisected(slug, key)
        if start == -1:
            start = data.find(key)
        if start == -1:  # not spelled as ``dumps`` spells it: the split reads it as JSON does
            return self._split()[slug]
        start += len(key)
        end = data.find(b"\n", start)
        end = len(data) if end == -1 else end
        text = self._found[slug] = data[start:end].decode("utf-8").rstrip(",")  # ``manifest_item_texts``: the comma off
        return text

    def _bisected(self, slug: str, key: bytes) -> int:
        """Where ``key`` (a newline, then ``"slug": ``) is in the bytes, found by bisection: ``dumps``
        writes the item lines in slug order, and UTF-8's byte order is the code points' order.  -1:
        not found so (a line out of order, no such line): the caller searches the whole file.
        ~14 lines read, not a scan of ~83 MB at 10,000 items (the first build of
        ``bench/bench_build.py --ci-only DIR --count 10000``)."""
        data = self.data
        if not data.endswith(b"\n}}\n"):
            return -1
        wanted = slug.encode("utf-8")
        lo, hi = data.find(b"\n") + 1, len(data) - 3  # the first item line, the closing line
        while 0 < lo < hi:
            middle = (lo + hi) // 2
            start = data.rfind(b"\n", lo, middle) + 1 or lo  # the line byte ``middle`` is in
            end = data.find(b"\n", start)
            close = data.find(b'"', start + 1, end)
            if data[start : start + 1] != b'"' or close == -1:
                return -1
            found = data[start + 1 : close]
            if b"\\" in found:  # spelled with an escape: as JSON reads it
                found = _SLUG.raw_decode(data[start:end].decode("utf-8"))[0].encode("utf-8")
            if found == wanted:
                return start - 1 if data.startswith(key, start - 1) else -1
            if found < wanted:
                lo = end + 1
            else:
                hi = start
        return -1

    def __iter__(self) -> Iterator[str]:
        return iter(self.written if self.written is not None else self._split())

    def __len__(self) -> int:
        return len(self.written if self.written is not None else self._split())

    def __contains__(self, slug: object) -> bool:
        return slug in (self.written if self.written is not None else self._split())

    def holding(self, needles: Iterable[str]) -> set[str]:
        """The slugs whose line holds one of ``needles`` (as the line spells it: JSON, so no needle
        spans a newline), found in the bytes: the file is searched once a needle, not line by line,
        and not at all for a needle holding a name's start searched before (``_lines_holding``).
        A line holds an item's facts' JSON and its statements and names (``line_suffix``): a slug
        whose facts hold a needle is one of these, not the other way round.  A needle found only in the
        line's key (the slug's own JSON string: ``"0`` in ``"0": {...}``) is held by no fact, so it finds
        no line."""
        data = self.data
        found: set[str] = set()
        for needle in needles:
            pattern = needle.encode("utf-8")
            if not pattern:
                continue
            for start, end in self._lines_holding(pattern):
                if data[start : start + 1] == b'"':  # an item's line (the head opens with a brace)
                    line = data[start:end].decode("utf-8")
                    slug, key_end = _SLUG.raw_decode(line)
                    if needle in line[key_end:]:
                        found.add(slug)
        return found

    def _lines_holding(self, pattern: bytes) -> list[tuple[int, int]]:
        """(start, end) of each line holding ``pattern``.  A line holding it holds each part of it:
        past a first search for the start of the name it opens with (``_name_start``: its kind and
        item, as ``claim:slug:``, held by a few lines), a pattern holding that start is looked
        for in those lines alone (a rebuild looks for a changed item's old and new claim names: one
        search of ~83 MB at 10,000 items, not one a name; the first build of
        ``bench/bench_build.py --ci-only DIR --count 10000``)."""
        data = self.data
        if b"\n" not in pattern:
            for start_of_name, lines in self._near.items():
                if start_of_name in pattern:
                    return [(start, end) for start, end in lines if data.find(pattern, start, end) != -1]
            opening = _name_start(pattern)
            if opening is not None:
                near = self._searched_lines(opening, _NEAR_LINES)
                if near is not None:
                    self._near[opening] = near
                    return [(start, end) for start, end in near if data.find(pattern, start, end) != -1]
        found = self._searched_lines(pattern, None)
        assert found is not None  # no limit
        return found

    def _searched_lines(self, pattern: bytes, most: int | None) -> list[tuple[int, int]] | None:
        """(start, end) of each line holding ``pattern`` (None: more than ``most`` of them)."""
        data = self.data
        lines = []
        at = data.find(pattern)
        while at != -1:
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", at)
            end = len(data) if end == -1 else end
            lines.append((start, end))
            if most is not None and len(lines) > most:
                return None
            at = data.find(pattern, end)
        return lines

    def states(self, slug: str, digest: str | None) -> bool:
        """True when the line of ``slug`` is known, without reading it, to hold exactly the facts
        whose JSON has digest ``digest`` (False: not known, read it)."""
        key = self.written.get(slug) if self.written is not None else None
        return bool(key) and digest is not None and len(digest) == _DIGEST and key[:_DIGEST] == digest  # type: ignore[index]

    def same(self, slug: str, key: str) -> bool:
        """True when the line of ``slug`` is known to be the one of ``line_key`` ``key`` (the facts' JSON
        of its digest less its last brace, then a suffix of its digest), False: not known, read it."""
        written = self.written.get(slug) if self.written is not None else None
        return bool(written) and written == key
