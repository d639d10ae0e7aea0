"""The manifest committed beside the graph (``memory.jsonl`` -> ``memory.kgsync.json``): the facts
kgsync generated for each item, one item a line, and on its first line the vocabulary state the next
build's hysteresis reads (hubs, acronyms, topics, merges, terms, subjects) and the facts held by hand.

The server's format has no room for ownership, and must not be given any: ``kgsync.graph.merge`` reads
this record to tell kgsync's facts from content added by hand.  Written byte-exact and read a line at a
time where a build needs only some items' lines (``kgsync.graph.manifest_lines``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from operator import attrgetter
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec

from kgsync.contract.errors import GraphFormatError, Location
from kgsync.contract.atomic_write import Chunks, Spliced, joined
from kgsync.read.graph_names import manifest_of
from kgsync.contract.model import Facts, SharedStrings
from kgsync.graph.manifest_head import (MANIFEST_VERSION, NewerManifest, acronym_entries, caps_record, held_facts, pairs,
                                        read_version)
from kgsync.graph.ownership import anchored
from kgsync.vocabulary.share_record import FIELD as SHARE_FIELD, share_json, share_of

_MAX_SPLICED = 16  # ``Manifest.dumps_over``: past this many changed items, the manifest is encoded whole
_json_string = json.encoder.encode_basestring  # json.dumps(a_string, ensure_ascii=False)
_NOTHING_HELD = Facts()


def manifest_path(graph_path: Path) -> Path:
    return manifest_of(graph_path)  # the one naming rule, where the configuration checks the pair


@dataclass(frozen=True)
class Manifest:
    by_item: Mapping[str, Facts]
    # slug -> ``facts_json(by_item[slug])`` where the caller already has it (facts reused
    # from an earlier build, see pipeline); only spares the encoding, never changes bytes.
    known_json: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    # The vocabulary's hubs when it was written (their group keys): the next build's hysteresis
    # (a hub leaves only well below the hub share, ``vocab.HUB_LEAVE_RATIO``).  On the first line,
    # so that a build reads them without parsing the items (``manifest_hubs``).
    hubs: tuple[str, ...] = ()
    # The rest of the vocabulary state its events compare (``kgsync.diff.vocab_events``), so that the
    # PR names each event against the base commit's manifest: the near-duplicate merges of chosen
    # terms, (source, target).  ``themes``: the themes that are nodes (the vocabulary's that name one
    # idea; with no vocabulary of ideas, those enough items write): with no vocabulary of ideas, the next
    # build keeps each while one item writes it (``graph.assemble.written_theme_nodes``).
    themes: tuple[str, ...] = ()
    merges: tuple[tuple[str, str], ...] = ()
    # (acronym key, expansion key, the items that take it from the map): ``Vocabulary.acronyms``
    acronyms: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    # The vocabulary's topics (``Vocabulary.topics``): kept while an item addresses them.
    topics: tuple[str, ...] = ()
    # The mined terms some item links (``kgsync.graph.terms.TermChoice.linked``): each stays a node while
    # one item links it, below ``mining.min_links`` too, so a delete retires only what no item uses;
    # ``min_links`` and ``term_caps`` (caps.concepts, caps.methods): the settings they were written
    # under (others decide every node again).
    terms: tuple[str, ...] = ()
    min_links: int = 0
    term_caps: tuple[int, int] = (0, 0)
    # The names findings open with that are nodes (``Vocabulary.subjects``): each stays one while one
    # item's findings open with it (``vocab._subject_groups``), under the same settings.
    subjects: tuple[str, ...] = ()
    # slug -> ((claim, its whole statement), ...) for each claim whose stored title is cut
    # (``kgsync.graph.statements``): a PR diffs a reworded finding whole against the base commit.
    statements: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    # slug -> ((front-matter field, slug it names), ...): whether a dangling cite is new.
    named: Mapping[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    # slug -> ``share_json`` of the item's vocabulary share (``kgsync.vocabulary.share_record``): written for
    # every item by every build, copied unchanged while the item fails to parse, when the selection reads
    # it in the item's place.  A manifest written before the field holds none (the kept item then counts
    # nothing in the vocabulary, as before).
    shares: Mapping[str, str] = field(default_factory=dict)
    # The facts in the graph by hand (no build had generated them) that a build generates now: they stay
    # when none does (``merge``).  On the first line, only when there are any (none: the manifest as before).
    held: Facts = field(default_factory=Facts)

    @property
    def holds_by_hand(self) -> bool:
        """Whether ``held`` records any fact (none: the first line is written as before the record existed)."""
        return self.held != _NOTHING_HELD

    @cached_property
    def owned(self) -> Mapping[str, tuple[Facts, Facts]]:
        """slug -> ``anchored(slug, facts)`` of each entry, found once (the merge, the build's report of
        disowned facts and a PR's hand-added content each read them all)."""
        return MappingProxyType({slug: anchored(slug, facts) for slug, facts in self.by_item.items()})

    def dumps(self) -> str:
        return "".join(self._lines())

    def encoded(self) -> list[bytes]:
        """``self.dumps().encode("utf-8")`` in pieces, a line each (written one after another, never
        joined: its text, joined and encoded, was 2 x 70 MB at 10,000 items, at a build's peak:
        ``bench/bench_build.py --skip-real``, 28e54d8f)."""
        return [line.encode("utf-8") for line in self._lines()]

    def _lines(self) -> Iterator[str]:
        """Each line, its newline after it.  One item a line: a reviewer's diff shows which items moved."""
        yield self._head_line() + "\n"
        slugs = sorted(self.by_item)
        last = len(slugs) - 1
        for index, slug in enumerate(slugs):
            yield f"{_json_string(slug)}: {self._item_text(slug)}{',' if index < last else ''}\n"
        yield "}}\n"

    def dumps_over(self, old: bytes, old_text: str | Mapping[str, str]) -> bytes:
        """``self.dumps().encode("utf-8")``, given ``old``: ``chunks_over`` joined."""
        return joined(self.chunks_over(old, old_text))

    def chunks_over(self, old: bytes, old_text: str | Mapping[str, str],
                    unchanged: Callable[[str], bool] | None = None) -> bytes | Chunks:
        """``self.dumps().encode("utf-8")``, given ``old``: the bytes of a manifest that this code's
        ``dumps`` wrote (``old_text``: them decoded, or its item texts as ``manifest_item_texts``
        gives them).  When it lists the same items under the same head, the lines of the items whose
        text is unchanged are kept as bytes (slices of ``old``, in pieces: written, never joined), and
        ``old`` itself is returned when no line moved (its digest is known); otherwise ``dumps``.
        ``unchanged(slug)``: True when the old line is known to be ``known_json[slug]`` ended by
        ``line_suffix(slug)``, so neither is read nor made (``kgsync.graph.manifest_lines``).

        Exact: ``dumps`` writes the head, then one line per item in slug order (the same items: the
        same order and commas), each ``"slug": text``; ``manifest_item_texts`` gives each old text."""
        texts = manifest_item_texts(old_text) if isinstance(old_text, str) else old_text
        by_item = self.by_item
        head = old[: old.find(b"\n")].decode("utf-8", "replace")  # the first line (a manifest has several)
        if head != self._head_line() or len(texts) != len(by_item) or not all(slug in texts for slug in by_item):
            return self.dumps().encode("utf-8")
        changed = {}
        known = self.known_json
        for slug in by_item:
            if unchanged is not None and slug in known and unchanged(slug):
                continue
            text = (known.get(slug) or facts_json(by_item[slug]))[:-1] + self.line_suffix(slug)
            if text != texts[slug]:
                changed[slug] = text
        if not changed:
            return old
        if len(changed) > _MAX_SPLICED:  # each line is looked for in the file: past a few, write it whole
            return self.dumps().encode("utf-8")
        edits = []  # the lines between are kept: slices of ``old``, not copies
        at = 0
        for slug in sorted(changed):  # the file's order
            start = old.index(b"\n" + _json_string(slug).encode("utf-8") + b": ", at) + 1
            end = old.index(b"\n", start)
            comma = b"," if old[end - 1 : end] == b"," else b""  # the item text ends with "}"
            edits.append((start, end, f"{_json_string(slug)}: {changed[slug]}".encode() + comma))
            at = end
        return Spliced(old, edits)

    def _head_line(self) -> str:
        head = "".join(f'"{key}": {json.dumps(value, ensure_ascii=False)}, ' for key, value in (
            ("hubs", sorted(self.hubs)), ("themes", sorted(self.themes)),
            ("merges", [list(pair) for pair in sorted(self.merges)]),
            ("acronyms", [[short, long, list(users)] for short, long, users in sorted(self.acronyms)]),
            ("topics", sorted(self.topics)), ("min_links", self.min_links if self._settled else 0),
            ("caps", caps_record(self.term_caps) if self._settled else 0),
            ("terms", sorted(self.terms)), ("subjects", sorted(self.subjects))) if value)
        if self.holds_by_hand:
            head += f'"held": {facts_json(self.held)}, '
        return f'{{"kgsync_manifest": {MANIFEST_VERSION}, {head}"items": {{'

    @property
    def _settled(self) -> bool:
        """Whether the head records the settings its terms, subjects and themes were written under: the next
        build keeps them only under the same (``manifest_terms``, ``manifest_themes``)."""
        return bool(self.terms or self.subjects or (self.themes and self.min_links))

    def _item_text(self, slug: str) -> str:
        """The JSON text of one item's line: its facts, with its statements and names."""
        return (self.known_json.get(slug) or facts_json(self.by_item[slug]))[:-1] + self.line_suffix(slug)

    @cached_property
    def _suffixes(self) -> dict[str, str]:
        """slug -> ``line_suffix(slug)`` made so far: a write may ask for a line's twice (``chunks_over``
        and the record of the lines written), and the statements, names and shares never change."""
        return {}

    def line_suffix(self, slug: str) -> str:
        """What an item's line holds after its facts' JSON less its last brace: its statements, names
        and vocabulary share in the facts' object (``Facts.from_json`` reads past them), then that brace."""
        found = self._suffixes.get(slug)
        if found is None:
            found = self._suffixes[slug] = self._make_suffix(slug)
        return found

    def shared_suffix(self, slug: str, share: str) -> str:
        """``line_suffix(slug)`` with ``share``, what identifies the item's share text (the selection
        and record it was made from), a NUL before it, in the text's place: it says that suffix
        without the text (a JSON text holds no NUL, so it is never a suffix itself).  An item
        without a share: its suffix."""
        return self._make_suffix(slug, "\0" + share) if slug in self.shares else self.line_suffix(slug)

    def _make_suffix(self, slug: str, share: str | None = None) -> str:
        suffix = ""
        for key, record in (("statements", self.statements), ("named", self.named)):
            if record.get(slug):
                suffix += f',"{key}":' + _pairs_json(record[slug])
        share = self.shares.get(slug) if share is None else share
        if share is not None:
            suffix += f',"{SHARE_FIELD}":{share}'
        return suffix + "}"

    @classmethod
    def loads(cls, text: str, source: str) -> Manifest:
        return cls.of_json(_decoded(text, source), source)

    @classmethod
    def of_json(cls, data: Any, source: str, same_as: Mapping[str, Facts] | None = None) -> Manifest:
        """The manifest of ``data``, a manifest file's JSON; ``data["items"]`` is emptied (``of_items``)."""
        try:
            if not isinstance(data, dict):
                raise _NotManifest(f"not a kgsync manifest: a JSON {'list' if isinstance(data, list) else 'value'}, not an object")
            if "kgsync_manifest" not in data:
                keys = ", ".join(key[:40] for key in list(data)[:5]) + (", …" if len(data) > 5 else "")  # escaped when printed
                raise _NotManifest(f'not a kgsync manifest: no "kgsync_manifest" key (its keys: {keys})')
            items = data.get("items")
            if not isinstance(items, dict):
                read_version(data)  # a newer version's head says so first
                raise ValueError('no "items" object (each item\'s slug -> the facts kgsync wrote for it)')
            return cls.of_items(data, ((slug, items.pop(slug)) for slug in list(items)), same_as)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise _unreadable(exc, source) from None

    @classmethod
    def of_items(cls, head: Any, items: Iterable[tuple[str, Any]], same_as: Mapping[str, Facts] | None = None) -> Manifest:
        """The manifest of a manifest file's JSON object ``head`` and its ``items`` (slug, the item's JSON),
        each item's facts built as it comes (its JSON then dropped: not held beside all of them), equal names
        one string; facts equal to ``same_as[slug]`` are that very object (a build's old manifest mostly states
        the facts it assembled again).  Raises what ``of_json`` turns into an error naming the file."""
        read_version(head)
        hubs, themes, merges = head.get("hubs", []), head.get("themes", []), head.get("merges", [])
        topics, terms, subjects = head.get("topics", []), head.get("terms", []), head.get("subjects", [])
        for key, value in (("hubs", hubs), ("themes", themes), ("topics", topics), ("terms", terms), ("subjects", subjects)):
            if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
                raise ValueError(f"{key} must be a list of strings")
        acronyms = head.get("acronyms", [])
        names, shared = SharedStrings().__getitem__, same_as or {}
        by_item: dict[str, Facts] = {}
        statements, named, shares = {}, {}, {}
        for slug, data in items:
            if slug in by_item:  # only read a line at a time (``load_manifest_sharing``): JSON keeps the last
                raise ValueError(f"item {slug!r} listed twice")
            try:
                if not isinstance(data, dict):
                    raise ValueError("not an object")
                if data.get("statements"):
                    statements[slug] = pairs("statements", data["statements"], "[claim, statement]")
                if data.get("named"):
                    named[slug] = pairs("named", data["named"], "[field, slug]")
                if SHARE_FIELD in data:  # spelled again as written (``share_json`` of what it reads)
                    shares[slug] = share_json(share_of(slug, data[SHARE_FIELD]))
                if isinstance(data, SameFacts):  # its facts' JSON is that of ``shared[slug]``: they are those
                    by_item[slug] = shared[slug]
                    continue
                facts = Facts.from_json(data, names)
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                what = f"no {exc.args[0]!r} key" if isinstance(exc, KeyError) else \
                    str(exc) if type(exc) is ValueError else "a value of the wrong type"
                raise ValueError(f"the record of item {slug!r} is not one kgsync writes ({what})") from None
            same = shared.get(slug)
            by_item[slug] = same if same is not None and same == facts else facts
        return cls(by_item, hubs=tuple(hubs), themes=tuple(themes), merges=pairs("merges", merges, "[term, term]"),
                   acronyms=acronym_entries(acronyms), statements=statements, named=named, shares=shares, topics=tuple(topics),
                   terms=tuple(terms), subjects=tuple(subjects), min_links=_count("min_links", head.get("min_links", 0)),
                   term_caps=_term_caps(head.get("caps", {"concepts": 0, "methods": 0})),
                   held=held_facts(head.get("held", {})))


def _term_caps(value: object) -> tuple[int, int]:
    """A manifest head's ``caps`` (the caps its terms were written under), checked."""
    if not isinstance(value, dict) or set(value) != {"concepts", "methods"}:
        raise ValueError('caps must be {"concepts": count, "methods": count}')
    return _count("caps.concepts", value["concepts"]), _count("caps.methods", value["methods"])


def _count(key: str, value: object) -> int:
    """A manifest head's count, checked (``ValueError`` names the key)."""
    if type(value) is not int or value < 0:  # not bool
        raise ValueError(f"{key} must be a count")
    return value


class SameFacts(dict[str, Any]):
    """An item's JSON without its facts, read from a line whose facts' JSON is exactly ``facts_json``
    of the facts shared for its slug (``Manifest.of_items``: its facts are those, not decoded again)."""


def _decoded(text: str, source: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise _unreadable(exc, source) from None


def _pairs_json(pairs: Iterable[tuple[str, str]]) -> str:
    """``json.dumps([list(pair) for pair in pairs], ensure_ascii=False, separators=(",", ":"))``, as
    ``facts_json`` builds its lists (an encoder per item's statements or cites cost a tenth of the write)."""
    s = _json_string
    return "[" + ",".join([f"[{s(a)},{s(b)}]" for a, b in pairs]) + "]"


def facts_json(facts: Facts) -> str:
    """``json.dumps(facts.as_json(), ensure_ascii=False, separators=(",", ":"))``, encoded in C from the facts'
    own tuples (the manifest of a 10,000-item graph holds ~10^6 strings; the lists were only scaffolding).
    msgspec spells a string as ``json`` does without ``ensure_ascii`` (the same escapes, in lower case, and
    nothing else escaped); a string UTF-8 cannot hold (a lone surrogate), which msgspec refuses, is
    encoded by ``json`` itself."""
    relations = list(map(RELATION_KEY, facts.relations))
    # "evidence" only when there is some: most items state none, and their line stays as before
    data = ({"entities": facts.entities, "observations": facts.observations, "relations": relations}
            if not facts.evidence else
            {"entities": facts.entities, "observations": facts.observations, "relations": relations,
             "evidence": facts.evidence})
    try:
        return _ENCODE(data).decode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(facts.as_json(), ensure_ascii=False, separators=(",", ":"))


_ENCODE = msgspec.json.Encoder().encode


@lru_cache(maxsize=1)
def manifest_item_texts(text: str) -> Mapping[str, str]:
    """slug -> the JSON text of its facts, from a manifest ``Manifest.dumps`` wrote (one item a
    line), without decoding the facts: a build that needs a few items' previous facts decodes
    only theirs (``Facts.from_json(json.loads(...))``).  The last manifest's split is kept (a
    rebuild asks for it twice: the claim names, the changed items); read-only."""
    decode = json.JSONDecoder().raw_decode
    texts: dict[str, str] = {}
    # Line by line without splitting the text (each item's text is copied out once: the manifest of
    # 10,000 items is ~83 MB: the first build of ``bench/bench_build.py --ci-only DIR --count 10000``).  A
    # line ``"slug": {...}`` or ``"slug": {...},``; the slug's JSON string is its text when it holds no
    # escape and no control character (JSON's only spellings).
    start = text.find("\n") + 1 if text else 0
    while 0 < start < len(text):
        end = text.find("\n", start)
        end = len(text) if end == -1 else end
        if text.startswith('"', start):
            close = text.find('"', start + 1, end)
            slug = text[start + 1 : close]
            if close == -1 or "\\" in slug or not slug.isprintable():  # as JSON reads it (or says why not)
                slug, close = decode(text[start:end])
                close += start - 1
            body, body_end = close + 1, end
            while body < body_end and text[body] in ": ":  # the key's separator (``lstrip(": ")``)
                body += 1
            while body_end > body and text[body_end - 1] == ",":  # the item's comma (``rstrip(",")``)
                body_end -= 1
            texts[slug] = text[body:body_end]
        start = end + 1
    return MappingProxyType(texts)


def load_manifest(path: Path, same_as: Mapping[str, Facts] | None = None) -> Manifest | None:
    try:
        # Decoded, then its text freed before the facts are built (~83 MB at 10,000 items, the first build of
        # ``bench/bench_build.py --ci-only DIR --count 10000``).
        data = _decoded(path.read_bytes().decode("utf-8"), str(path))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise _unreadable(exc, str(path)) from None
    return Manifest.of_json(data, str(path), same_as)


class _NotManifest(ValueError):
    """JSON that is no kgsync manifest at all (another tool's file at the manifest's name)."""


def _unreadable(exc: Exception, source: str) -> GraphFormatError:
    hint = ("upgrade kgsync (pip install -U kgsync; in the Action, the ref the workflow pins), or build with the "
            "version that wrote it" if isinstance(exc, NewerManifest) else "restore it from git" +
            ('; to keep the whole graph as content added by hand, write {"kgsync_manifest": 1, "items": {}}'
             if isinstance(exc, _NotManifest) else ""))
    if isinstance(exc, json.JSONDecodeError):  # at the file's line, as every message is (a hand edit broke it)
        return GraphFormatError(f"kgsync manifest is unreadable: not JSON ({exc.msg}; column {exc.colno})",
                                Location(source, exc.lineno), hint)
    return GraphFormatError(f"kgsync manifest is unreadable: {exc}", Location(source), hint)



#: A relation's identity: two relations with the same key are one (the contract has no relation ids).
RELATION_KEY = attrgetter("source", "target", "relation_type")
