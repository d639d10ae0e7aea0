"""Each item's assembled facts from the last build (``FactsStore``)."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Mapping, MutableMapping
from pathlib import Path

import msgspec

from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache import fingerprint
from kgsync.pipeline.cache import memo as memo_module
from kgsync.graph.claims import ItemEvidence
from kgsync.graph.facts_builder import ItemAssembly
from kgsync.graph.terms import TermChoice
from kgsync.pipeline.cache.memo import AssemblyMemo, MemoEntry
from kgsync.vocabulary.vocab import (
    ItemTerms,
)


class FactsStore:
    """Each item's assembled facts from the last build (``AssemblyMemo`` entries), in 16
    JSON files by the slug's sha1, so a one-item edit rewrites one of them.

    Each file's facts' JSON texts (nine tenths of its bytes) are in a file of their own beside it
    (``<shard>.texts``), read only when one of them is (``_Texts``): a rebuild reads a few, and
    reading them with the entries cost a one-item rebuild at 10,000 items ~0.45 G instructions of
    skipping over ~73 MB of JSON strings (speed196: callgrind over that rebuild of
    ``bench/gen_corpus.py --count 10000``'s items).  The entries' header names the texts' ``_texts_id``,
    which the texts file starts with: a pair not written together (a save cut short between the two)
    is ignored as a shard of other code is.

    Valid only for the same code and the same corpus-wide inputs (``context_key``):
    a shard written under another fingerprint is ignored, i.e. every item is assembled again.
    ``distrust``: items whose stored facts did not validate when a build first read them
    (``memo.InvalidStoredFacts``): their entries are dropped, with a notice, and assembled again.
    """

    def __init__(self, folder: Path | None, context: str | None, reader: CacheReader,
                 distrust: frozenset[str] = frozenset()):
        self.folder = folder / "facts" if folder else None
        self.reader = reader
        self.usable = self.folder is not None and context is not None
        self.fingerprint = (_FACTS_FORMAT + _code(), context)
        self.entries: dict[str, MemoEntry] = {}
        self.loaded: dict[str, set[str]] = {}  # shard -> its slugs as stored
        self.loaded_mentions: dict[str, str] = {}  # shard -> the mention index its entries were checked against
        self.vouched_by: dict[str, set[str]] = {}  # that index's digest -> the slugs of those shards
        self.loaded_choices: dict[str, str] = {}  # shard -> the ``choice_key`` its entries' terms were checked under
        self.terms_vouched_by: dict[str, set[str]] = {}  # that key -> the slugs of those shards
        self.texts = _Texts(self)  # each shard's texts, read when one is
        self.texts_ids: dict[str, str] = {}  # shard -> the ``_texts_id`` its header names
        if not self.usable:
            return
        assert self.folder is not None
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else ():
            found = reader.read(path, _FactsShard)
            if found is None or found[0][:2] != self.fingerprint or len(found[0]) != 5:  # invalid or of other code
                continue
            if not self._texts_match(path.stem, str(found[0][4])):  # not written with these entries
                continue
            stored = found[1]
            mentions, choice = str(found[0][2]), str(found[0][3])
            self.texts_ids[path.stem] = str(found[0][4])
            self.loaded[path.stem] = set(stored)
            self.loaded_mentions[path.stem] = mentions
            self.loaded_choices[path.stem] = choice
            for slug in distrust & stored.keys():
                del stored[slug]
                reader.notice(path, f"cache file entry of {slug} does not validate; ignored, the work is done again")
            self.entries.update(stored)
            self.vouched_by.setdefault(mentions, set()).update(stored)
            if choice:
                self.terms_vouched_by.setdefault(choice, set()).update(stored)

    def memo(self, keys: Mapping[str, str], choice: str | None = None) -> _TrackingMemo | None:
        """The memo ``memoised_assembly`` reads and fills (``keys``: slug -> record key; ``choice``: this
        build's ``memo.choice_key``); None when the store is not usable."""
        if not self.usable:
            return None
        memo = _TrackingMemo(self.entries, keys)
        memo.texts = self.texts
        memo.vouched_by = self.vouched_by
        memo.terms_vouched_by = self.terms_vouched_by
        memo.check_choice(choice)
        return memo

    def save(self, memo: _TrackingMemo | None) -> None:
        """Keep the entries of the items ``memo`` was used for; rewrite the shards that differ."""
        if self.folder is None:
            return
        if memo is None:  # not usable
            shutil.rmtree(self.folder, ignore_errors=True)
            return
        # Only the entries checked or made now: every entry of a shard was checked against the index
        # and under the choice of terms its header names (``AssemblyMemo.vouched_by``, ``terms_vouched_by``).
        shards: dict[str, dict[str, MemoEntry]] = {}
        for slug in memo.keys:
            if slug in self.entries and slug in memo.verified:
                shards.setdefault(_facts_shard(slug), {})[slug] = self.entries[slug]
        dirty = {_facts_shard(slug) for slug in memo.put_slugs}
        mentions, choice = memo.mentions or "", memo.choice or ""
        self.folder.mkdir(parents=True, exist_ok=True)
        for shard in sorted(set(shards) | set(self.loaded)):
            used = shards.get(shard, {})
            if (shard not in dirty and shard in self.loaded and self.loaded[shard] == set(used)
                    and self.loaded_mentions.get(shard) == mentions and self.loaded_choices.get(shard) == choice):
                continue
            path = self.folder / f"{shard}.json"
            if used:
                self._write(path, used, mentions, choice)
            else:
                path.unlink(missing_ok=True)
                path.with_suffix(_TEXTS).unlink(missing_ok=True)
        for pattern in ("*.json", f"*{_TEXTS}"):
            for path in self.folder.glob(pattern):
                if path.stem not in shards:
                    path.unlink(missing_ok=True)

    def _write(self, path: Path, used: Mapping[str, MemoEntry], mentions: str, choice: str) -> None:
        """The shard ``path`` of the entries ``used``: their texts first (``<shard>.texts``), then the
        entries without them, under a header naming the texts' id.  An entry whose text is lost is left out."""
        texts: dict[str, str | msgspec.Raw] = {}
        for slug, entry in used.items():
            text = entry[3][1]
            found = self.texts.raw(slug) if text is None else text
            if found is not None:
                texts[slug] = found
        kept = {slug: (entry[0], entry[1], entry[2], (entry[3][0], None, entry[3][2]))
                for slug, entry in used.items() if slug in texts}
        texts_id = _texts_id(kept)
        self.reader.write(path.with_suffix(_TEXTS), (texts_id, texts))
        self.reader.write(path, ((*self.fingerprint, mentions, choice, texts_id), kept))

    def _texts_match(self, shard: str, texts_id: str) -> bool:
        """Whether the texts file of ``shard`` was written with the entries whose header names ``texts_id``:
        its opening bytes say so (read whole and authenticated when the cache is keyed, ``CacheReader``).
        It is mapped now, and decoded when a text is read: a save that replaces it meanwhile (in a forked
        child: ``kgsync.pipeline.behind``) leaves this build the bytes its entries were read with."""
        assert self.folder is not None
        path = self.folder / f"{shard}{_TEXTS}"
        data = self.reader.mapped(path)
        if data is None:
            return False
        if self.reader.key is not None:
            return self.texts.load(shard, texts_id, path, data) is not None
        if bytes(data[: len(texts_id) + 3]) != b'["' + texts_id.encode("ascii", "replace") + b'"':
            return False
        self.texts.mapped[shard] = (path, data)
        return True


class _Texts(memo_module.StoredTexts):
    """The texts of a store's entries (``FactsStore``), each shard's file decoded on the first text asked of it."""

    def __init__(self, store: FactsStore) -> None:
        self.store = store
        self.loaded: dict[str, dict[str, msgspec.Raw]] = {}
        self.mapped: dict[str, tuple[Path, memoryview]] = {}  # shard -> its texts file, mapped, not decoded

    def load(self, shard: str, texts_id: str, path: Path, data: memoryview) -> dict[str, msgspec.Raw] | None:
        """The texts of ``shard`` (``data``: its file ``path``'s bytes) when they are those of id ``texts_id``
        (kept), else None."""
        found: _TextsFile | None = self.store.reader.decode(path, data, _TextsFile)
        if found is None or found[0] != texts_id:
            return None
        self.loaded[shard] = found[1]
        return found[1]

    def raw(self, slug: str) -> msgspec.Raw | None:
        shard = _facts_shard(slug)
        texts = self.loaded.get(shard)
        if texts is None:
            texts_id, mapped = self.store.texts_ids.get(shard), self.mapped.get(shard)
            texts = (self.load(shard, texts_id, *mapped) if texts_id is not None and mapped is not None else None) or {}
            self.loaded[shard] = texts
        return texts.get(slug)


def _texts_id(entries: Mapping[str, MemoEntry]) -> str:
    """What names a shard's texts: a digest of each entry's slug and its text's digest (so, of the texts)."""
    return hashlib.sha1("\n".join(f"{slug}\t{entry[3][2]}" for slug, entry in sorted(entries.items())).encode()
                        ).hexdigest()


class _TrackingMemo(AssemblyMemo):
    """An ``AssemblyMemo`` that remembers which items it was given (their shards need writing)."""

    def __init__(self, entries: MutableMapping[str, MemoEntry], keys: Mapping[str, str]) -> None:
        super().__init__(entries, keys)
        self.put_slugs: set[str] = set()

    def put(self, slug: str, uses: ItemTerms | None, done: ItemAssembly, digests: Mapping[str, str],
            links: ItemEvidence | None = None, observation_cap: int | None = None) -> None:
        super().put(slug, uses, done, digests, links, observation_cap)
        self.put_slugs.add(slug)


def _code() -> str:
    """The code the graph stage's results depend on: its stage's and the memo's that keys them."""
    return fingerprint.with_memo_source(fingerprint.code_fingerprint("graph"), memo_module.__file__)


def _facts_shard(slug: str) -> str:
    return hashlib.sha1(slug.encode()).hexdigest()[0]


# (sources writes, the facts' manifest JSON: decoded and validated when the entry is reused, its digest).
# The JSON is kept in the shard's texts file (None here): ``_TextsFile``.
_PackedFacts = tuple[tuple[tuple[str, int | None, bool], ...], None, str]

# A shard's texts: (``_texts_id``, slug -> the facts' JSON), read as its JSON string's bytes
# (``memo.FactsTexts``): the file's bytes are the same.
_TextsFile = tuple[str, dict[str, msgspec.Raw]]
_TEXTS = ".texts"  # a shard's texts file: its name and this suffix

# 7: the texts in a file of their own beside each shard, its id in the header (``FactsStore``); 6: the
# header names the choice of terms its entries were checked under (``memo.choice_key``); 5: the
# item's terms as a digest (``memo._terms_key``); 4: the JSON's digest beside it
# (``memo.MemoEntry``); 3: no entry over the observation cap (``memo.AssemblyMemo.put``); 2: the
# facts stored once, as their manifest JSON (1: packed tuples beside that JSON)
_FACTS_FORMAT = "7:"


# The header: (format and code, ``context_key``, mention index digest, ``choice_key`` or "", ``_texts_id``); of any
# length, so that a shard of an older format is only another fingerprint, not a file that fails to decode.
_FactsShard = tuple[tuple[str | None, ...],
                    dict[str, tuple[tuple[str, str | None, str | None], tuple[str, ...], str, _PackedFacts]]]


class TermChoiceStore:
    """The last build's ``kgsync.graph.terms.TermChoice`` (``cache_dir/term-choice.json``), under the
    ``memo.choice_key`` of what it was chosen from: the same key, the same choice, and no item's
    terms need choosing unless read (``kgsync.graph.terms.ChosenTerms``)."""

    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.path = folder / "term-choice.json" if folder else None
        self.reader = reader
        self.fingerprint = _code()
        self.stored: _StoredChoice | None = reader.read(self.path, _StoredChoice) if self.path is not None else None

    def recall(self, key: str | None) -> TermChoice | None:
        """The stored choice, when it was chosen under ``key`` by this code."""
        stored = self.stored
        if key is None or stored is None or stored[:2] != (self.fingerprint, key):
            return None
        return TermChoice(*(frozenset(names) for names in stored[2]))

    def save(self, key: str | None, choice: TermChoice) -> None:
        """Keep ``choice`` under ``key`` (nothing is written when it is already stored so)."""
        if self.path is None:
            return
        if key is None:
            self.path.unlink(missing_ok=True)
            return
        stored = (self.fingerprint, key, tuple(tuple(sorted(names)) for names in (
            choice.concepts_cut, choice.methods_cut, choice.themes, choice.nodes, choice.held, choice.linked)))
        if self.stored == stored:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.reader.write(self.path, stored)


# (code, ``choice_key``, (concepts cut, methods cut, themes, nodes, held, linked): each sorted).
_StoredChoice = tuple[str, str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...],
                                      tuple[str, ...], tuple[str, ...]]]
