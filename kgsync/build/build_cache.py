"""What a build keeps in ``cache_dir`` to skip work: each only ever a shortcut to the same bytes.

Three caches, each valid only for the code that wrote it (a fingerprint of the modules
its contents depend on), each typed JSON (``kgsync.build.cache_file``), never a pickle:

* records (``RecordCache``): each item file's parse (item, issues; its extraction and term
  candidates loaded only when asked for), by the hash of the file's bytes;
* facts (``FactsStore``): each item's assembled facts, reused while nothing they were
  built from changed (``assemble.AssemblyMemo``, ``assemble.context_key``);
* the vocabulary (``SelectionStore``): the last selection and hub folding, reused when
  ``selection_unchanged`` proves that the items edited since cannot change them.

Beside them, ``EvidenceTexts`` keeps what the evidence plan reads of each item, so a no-op
rebuild need not load every record's parts.  ``kgsync.build.state`` holds the other shortcuts
(files trusted by stat, the committed graph as last written).
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import shutil
from collections.abc import Callable, Collection, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, cast

from kgsync.build import cache_file
from kgsync.graph.assemble import AssemblyMemo, ItemAssembly, MemoEntry, _ItemEvidence
from kgsync.build.cache_file import CacheReader
from kgsync.read.config import Caps, Config, Merge, Mining
from kgsync.vocabulary.acronym_index import item_acronyms
from kgsync.vocabulary.economy import Folding, hub_folding
from kgsync.contract.errors import KgsyncError, Location
from kgsync.extract.evidence import EvidenceText
from kgsync.extract.findings import Extraction, extract
from kgsync.read.items import Issue, ResearchItem, read_item_bytes
from kgsync.extract.mining import SUBJECT, ItemCandidates, candidates
from kgsync.vocabulary.vocab import (ItemTerms, PinnedVocabulary, SelectionStats, Vocabulary, choice_of, is_hub, item_shares,
                          pinned_lookup, select_with_stats)


# The code a cached record depends on: ``parse_record`` calls items, extract and mining, and these
# import canonical, lexicon and errors (tests/test_architecture.py holds the list to the imports).
_CACHED_MODULES = ("contract/errors.py", "contract/model.py", "extract/acronyms.py", "extract/canonical.py",
                   "extract/evidence.py", "extract/findings.py", "extract/lexicon.py", "extract/mining.py",
                   "extract/phrases.py", "extract/wordnet.py", "read/items.py")
#: Data the cached modules read: a new WordNet table changes which candidates an item has.
_CACHED_DATA = ("extract/data/wordnet.tsv.gz",)


Parts = tuple[Extraction | None, ItemCandidates | None]


@dataclass(frozen=True)
class Record:
    """Everything one file yields, independent of every other file (cacheable)."""

    item: ResearchItem | None  # without body and sections: they are not needed after extraction
    issues: tuple[Issue, ...]
    # (extraction, candidates), or what loads them from the cache when first asked for: a
    # rebuild needs them only for the items edited since (two thirds of a record's load time).
    parts: Parts | Callable[[], Parts] = field(repr=False, compare=False)

    @property
    def extraction(self) -> Extraction | None:
        return self.load_parts()[0]

    @property
    def candidates(self) -> ItemCandidates | None:
        return self.load_parts()[1]

    def load_parts(self) -> Parts:
        parts = self.parts
        if callable(parts):
            parts = parts()
            object.__setattr__(self, "parts", parts)  # loaded once
        return parts


def parse_record(raw: bytes, display: str, slug: str) -> Record:
    """One item file's record (``display``: its path as messages name it; ``slug``: its file stem)."""
    item, issues = read_item_bytes(raw, display, slug)
    if item is None:
        return Record(None, issues, (None, None))
    light = replace(item, body="", sections=())
    return Record(light, issues, (extract(item), candidates(item)))


class RecordCache:
    """Records by content hash, in 256 shards by the hash's first two hex digits;
    invalidated when the parsing code changes.

    Shards, not one file: a rebuild after one edit rewrites the two shards whose
    keys changed (the old and the new record) instead of re-pickling every record.
    Each shard is two files: ``records/xx.json`` holds every record's item and issues
    (every build needs them), ``parts/xx.json`` their extraction and candidates, loaded
    only when a record's parts are asked for.  A missing part is parsed again from the file.
    """

    def __init__(self, folder: Path | None, reader: CacheReader):
        self.reader = reader
        self.folder = folder / "records" if folder else None
        self.parts_folder = folder / "parts" if folder else None
        self.fingerprint = _RECORDS_FORMAT + _code_fingerprint()
        self.old: dict[str, dict[str, tuple[ResearchItem | None, tuple[Issue, ...]]]] = {}  # shard -> its (item, issues) as stored
        self.new: dict[str, dict[str, tuple[ResearchItem | None, tuple[Issue, ...]]]] = {}  # shard -> the (item, issues) this build used
        self.old_parts: dict[str, dict[str, Parts]] = {}  # shard -> its parts as stored (loaded on demand)
        self.new_parts: dict[str, Parts] = {}  # key -> parts parsed now

    def _load(self, folder: Path | None, shard: str) -> dict[str, Any]:
        if folder is not None:
            kind = _RecordsShard if folder == self.folder else _PartsShard
            found: tuple[str, dict[str, Any]] | None = self.reader.read(folder / f"{shard}.json", kind)
            if found is not None and found[0] == self.fingerprint:
                return found[1]
        return {}  # missing, invalid or of other code: only a slower build

    def _shard(self, shard: str) -> dict[str, tuple[ResearchItem | None, tuple[Issue, ...]]]:
        records = self.old.get(shard)
        if records is None:
            records = self.old[shard] = self._load(self.folder, shard)
        return records

    def _parts_shard(self, shard: str) -> dict[str, Parts]:
        parts = self.old_parts.get(shard)
        if parts is None:
            parts = self.old_parts[shard] = self._load(self.parts_folder, shard)
        return parts

    def _stored_parts(self, key: str) -> Parts | None:
        return self.new_parts.get(key) or self._parts_shard(key[:2]).get(key)

    def _parts_of(self, key: str, path: Path | None, display: str) -> Parts:
        parts = self._stored_parts(key)
        if parts is None and path is not None:
            # The item and issues were cached but not the parts (a lost file): parse again.
            raw = path.read_bytes()
            if hashlib.sha1(os.fsencode(display) + b"\0" + raw).hexdigest() != key:
                raise KgsyncError("the file changed during the build", Location(display), "run the build again")
            parts = self.new_parts[key] = parse_record(raw, display, path.stem).load_parts()
            self._repair(key, parts)
        return parts if parts is not None else (None, None)

    def _repair(self, key: str, parts: Parts) -> None:
        """Store a part parsed again now (the shards were saved already, see ``pipeline.read_records``)."""
        if self.parts_folder is None:
            return
        shard = self._load(self.parts_folder, key[:2])  # as saved by this build
        shard[key] = parts
        self.parts_folder.mkdir(parents=True, exist_ok=True)
        cache_file.write(self.parts_folder / f"{key[:2]}.json", (self.fingerprint, shard))

    def _stored_record(self, key: str, entry: tuple[ResearchItem | None, tuple[Issue, ...]], path: Path | None, display: str) -> Record:
        item, issues = entry
        return Record(item, issues, lambda: self._parts_of(key, path, display))

    def peek(self, key: str) -> Record | None:
        """The stored record, without keeping it for the next build (its parts: None if lost)."""
        entry = self._shard(key[:2]).get(key)
        return self._stored_record(key, entry, None, "") if entry is not None else None

    def earlier(self, keys: Sequence[str], now: Collection[str]) -> dict[str, Record]:
        """The stored records of ``keys`` that are not in ``now`` (files edited or gone since the
        build that used them), their parts loaded now: ``save`` may drop the shard that holds them."""
        found: dict[str, Record] = {}
        for key in keys:
            if key not in now and (record := self.peek(key)) is not None:
                record.load_parts()
                found[key] = record
        return found

    def get(self, key: str, path: Path, display: str) -> Record | None:
        entry = self._shard(key[:2]).get(key)
        if entry is None:
            return None
        self.new.setdefault(key[:2], {})[key] = entry
        return self._stored_record(key, entry, path, display)

    def put(self, key: str, record: Record) -> None:
        self.new.setdefault(key[:2], {})[key] = (record.item, record.issues)
        self.new_parts[key] = record.load_parts()

    def save(self) -> None:
        """Rewrite the shards whose set of used records changed; drop unused records and shards."""
        if self.folder is None or self.parts_folder is None:
            return
        for shard in sorted(set(self.old) | set(self.new)):
            used = self.new.get(shard, {})
            if used.keys() == self._shard(shard).keys():
                continue
            if used:
                for folder in (self.folder, self.parts_folder):
                    folder.mkdir(parents=True, exist_ok=True)
                gitignore = self.folder.parent / ".gitignore"
                if not gitignore.exists():
                    gitignore.write_text("*\n", encoding="utf-8")
                # Parts first: a record whose parts file lacks it only costs a parse.
                parts = {key: found for key in used if (found := self._stored_parts(key)) is not None}
                cache_file.write(self.parts_folder / f"{shard}.json", (self.fingerprint, parts))
                cache_file.write(self.folder / f"{shard}.json", (self.fingerprint, used))
            else:
                (self.folder / f"{shard}.json").unlink(missing_ok=True)
                (self.parts_folder / f"{shard}.json").unlink(missing_ok=True)
        for folder in (self.folder, self.parts_folder):
            if folder.is_dir():
                for path in folder.glob("*.json"):
                    if path.stem not in self.new:  # no record of it was used: all stale
                        path.unlink(missing_ok=True)
        (self.folder.parent / "records.pickle").unlink(missing_ok=True)  # the single-file cache of old


#: The core's stage packages, in pipeline order (tests/test_architecture.py holds the order).
CORE_STAGES = ("contract", "read", "extract", "vocabulary", "graph", "lint", "build")


_RECORDS_FORMAT = "3:"  # records/ holds (item, issues), parts/ the rest; 3: JSON (1 and 2 were pickles)


def _code_fingerprint() -> str:
    here = Path(__file__).parent.parent
    digest = hashlib.sha1()
    for name in _CACHED_MODULES + _CACHED_DATA:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()


class FactsStore:
    """Each item's assembled facts from the last build (``AssemblyMemo`` entries), in 16
    JSON files by the slug's sha1, so a one-item edit rewrites one of them.

    Valid only for the same code and the same corpus-wide inputs (``context_key``):
    a shard written under another fingerprint is ignored, i.e. every item is assembled again.
    """

    def __init__(self, folder: Path | None, context: str | None, reader: CacheReader):
        self.folder = folder / "facts" if folder else None
        self.usable = self.folder is not None and context is not None
        self.fingerprint = (core_fingerprint(), context)
        self.entries: dict[str, MemoEntry] = {}
        self.loaded: dict[str, set[str]] = {}  # shard -> its slugs as stored
        if not self.usable:
            return
        assert self.folder is not None
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else ():
            found = reader.read(path, _FactsShard)
            if found is None or found[0] != self.fingerprint:  # invalid or of other code: only a slower build
                continue
            stored = found[1]
            self.loaded[path.stem] = set(stored)
            self.entries.update(stored)

    def memo(self, keys: Mapping[str, str]) -> _TrackingMemo | None:
        """The memo ``assemble`` reads and fills (``keys``: slug -> record key); None when the store is not usable."""
        return _TrackingMemo(self.entries, keys) if self.usable else None

    def save(self, memo: _TrackingMemo | None) -> None:
        """Keep the entries of the items ``memo`` was used for; rewrite the shards that differ."""
        if self.folder is None:
            return
        if memo is None:  # not usable
            shutil.rmtree(self.folder, ignore_errors=True)
            return
        shards: dict[str, dict[str, MemoEntry]] = {}
        for slug in memo.keys:
            if slug in self.entries:
                shards.setdefault(_facts_shard(slug), {})[slug] = self.entries[slug]
        dirty = {_facts_shard(slug) for slug in memo.put_slugs}
        self.folder.mkdir(parents=True, exist_ok=True)
        for shard in sorted(set(shards) | set(self.loaded)):
            used = shards.get(shard, {})
            if shard not in dirty and shard in self.loaded and self.loaded[shard] == set(used):
                continue
            path = self.folder / f"{shard}.json"
            if used:
                cache_file.write(path, (self.fingerprint, used))
            else:
                path.unlink(missing_ok=True)
        for path in self.folder.glob("*.json"):
            if path.stem not in shards:
                path.unlink(missing_ok=True)


class _TrackingMemo(AssemblyMemo):
    """An ``AssemblyMemo`` that remembers which items it was given (their shards need writing)."""

    def __init__(self, entries: MutableMapping[str, MemoEntry], keys: Mapping[str, str]) -> None:
        super().__init__(entries, keys)
        self.put_slugs: set[str] = set()

    def put(self, slug: str, uses: ItemTerms | None, done: ItemAssembly, digests: Mapping[str, str],
            links: _ItemEvidence | None = None) -> None:
        super().put(slug, uses, done, digests, links)
        self.put_slugs.add(slug)


def _facts_shard(slug: str) -> str:
    return hashlib.sha1(slug.encode()).hexdigest()[0]


def core_fingerprint() -> str:
    """Every core module's source: assembled facts depend on parsing, mining and assembling code."""
    here = Path(__file__).parent.parent
    digest = hashlib.sha1()
    for path in sorted(p for stage in CORE_STAGES for p in (here / stage).rglob("*.py")):
        digest.update(path.relative_to(here).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


class EvidenceTexts:
    """Each item's ``EvidenceText`` by record key, in ``cache_dir/evidence.json`` (typed JSON,
    see kgsync.build.cache_file): the plan reads every item, and loading every record's parts for it
    would cost a no-op rebuild most of its time.  An item without a stored text (new or
    edited) is read from its extraction, which such an item has loaded anyway."""

    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.path = folder / "evidence.json" if folder else None
        self.fingerprint = core_fingerprint()
        self.stored: dict[str, EvidenceText] = {}
        found = reader.read(self.path, _EvidenceTextsFile) if self.path is not None else None
        if found is not None and found[0] == self.fingerprint:  # else: of other code, only a slower build
            self.stored = found[1]

    def of(self, items: Sequence[ResearchItem], keys: Mapping[str, str],
           extractions: Mapping[str, Extraction]) -> dict[str, EvidenceText]:
        texts: dict[str, EvidenceText] = {}
        used: dict[str, EvidenceText] = {}
        for item in items:
            key = keys.get(item.slug)
            text = self.stored.get(key) if key is not None else None
            if text is None:
                text = EvidenceText.of(extractions[item.slug])
            texts[item.slug] = text
            if key is not None:
                used[key] = text
        if self.path is not None and used.keys() != self.stored.keys():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            cache_file.write(self.path, (self.fingerprint, used))
        return texts


class SelectionStore:
    """The last build's vocabulary and hub folding (``cache_dir/vocab/``), reused when
    ``selection_unchanged`` proves that the items edited since cannot change them (the folding
    depends on the vocabulary's hubs and every item's acronyms, which that proof keeps).

    ``inputs.json`` holds what the proof needs (code, config, pinned vocabulary, every item's
    slug and record key in order, ``SelectionStats``) and is small; ``selection.json`` holds the
    vocabulary itself, rewritten only when it was selected again.  Both carry one id.
    """

    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.folder = folder / "vocab" if folder else None
        self.reader = reader
        self.fingerprint = core_fingerprint()
        self.inputs: _SelectionInputs | None = None
        self.keys: tuple[str, ...] = ()
        if self.folder is None:
            return
        inputs = reader.read(self.folder / "inputs.json", _SelectionInputs)
        if inputs is not None and inputs[0] == self.fingerprint:  # else missing, invalid or stale: select again
            self.inputs = inputs
            self.keys = inputs[5]

    def select(self, items: Sequence[ResearchItem], by_slug: Mapping[str, Record], read_keys: Mapping[str, str],
               old_records: Mapping[str, Record], config: Config, pinned: PinnedVocabulary | None,
               previous_hubs: frozenset[str] | None = None,
               previous_acronyms: tuple[tuple[str, str], ...] = ()) -> tuple[Vocabulary, Folding]:
        slugs = tuple(item.slug for item in items)
        keys = tuple(read_keys.get(slug, "") for slug in slugs)
        settings = (config.mining, config.caps, config.merge)
        found = self._reuse(slugs, keys, by_slug, old_records, settings, config, pinned, previous_hubs)
        if found is not None and previous_acronyms not in (found[2].previous_acronyms, _map_pairs(found[2])):
            # The last manifest's acronyms are part of the map.  A manifest records the whole map, so the
            # build after the one that wrote it meets its own map again: the same map, nothing to select.
            found = None
        if found is not None:
            vocabulary, fold, stats, ident = found
        else:
            cands = cast(list[ItemCandidates], [by_slug[slug].candidates for slug in slugs])  # items that parsed have them
            vocabulary, stats = select_with_stats(cands, config, pinned, previous_hubs, previous_acronyms)
            fold = hub_folding(cands, vocabulary)
            ident = os.urandom(8).hex()
        self._save(found is None, (self.fingerprint, ident, settings, pinned, slugs, keys, stats), vocabulary, fold)
        return vocabulary, fold

    def _reuse(self, slugs: tuple[str, ...], keys: tuple[str, ...], by_slug: Mapping[str, Record],
               old_records: Mapping[str, Record], settings: tuple[Mining, Caps, Merge], config: Config, pinned: PinnedVocabulary | None,
               previous_hubs: frozenset[str] | None) -> tuple[Vocabulary, Folding, SelectionStats, str] | None:
        if self.inputs is None or "" in keys:  # a slug two files claim: no key to compare
            return None
        _fingerprint, ident, old_settings, old_pinned, old_slugs, old_keys, stats = self.inputs
        if old_settings != settings or old_pinned != pinned or old_slugs != slugs:
            return None
        changes: list[tuple[ItemCandidates, ItemCandidates]] = []
        for slug, old_key, key in zip(slugs, old_keys, keys):
            if old_key != key:
                old = old_records.get(old_key)
                new = by_slug[slug].candidates
                if old is None or old.candidates is None or new is None:
                    return None
                changes.append((old.candidates, new))
        new_stats = selection_unchanged(stats, changes, config, pinned)
        if new_stats is not None:
            new_stats = same_hubs(new_stats, previous_hubs, config, pinned)
        if new_stats is None:
            return None
        assert self.folder is not None  # inputs were read from it
        found = self.reader.read(self.folder / "selection.json", _Selection)
        if found is None or found[0] != ident:
            return None
        _ident, vocabulary, rules = found
        return vocabulary, Folding.of(rules), new_stats, ident

    def _save(self, selected: bool, inputs: _SelectionInputs, vocabulary: Vocabulary, fold: Folding) -> None:
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        if selected:  # the vocabulary first: inputs naming an id whose vocabulary is missing only miss
            cache_file.write(self.folder / "selection.json", (inputs[1], vocabulary, fold.rules))
        if inputs != self.inputs:
            cache_file.write(self.folder / "inputs.json", inputs)


def selection_unchanged(stats: SelectionStats, changes: Sequence[tuple[ItemCandidates, ItemCandidates]],
                        config: Config, pinned: PinnedVocabulary | None = None) -> SelectionStats | None:
    """Whether replacing each ``old`` candidates by ``new`` (same slugs, same item count,
    same config, pinned vocabulary and previous hubs) leaves ``select``'s result as it was;
    if so, the stats of the new corpus, else None.

    Locality makes the proof short.  Another item reads an edited item only through the
    groups it belongs to (counts: hubs; focus, keys and surfaces: names, aliases, the
    mention index, merges of chosen terms) and through the terms it chooses.  Its scores
    and flags are read by its own ``_local_choice`` alone.  So when its groups, their
    focus, keys and surfaces, and its own choice are as they were, so is the result; a
    group of this item alone that it does not choose is read by nothing.
    """
    pinned = pinned or PinnedVocabulary()
    if not changes:
        return stats  # the same input
    if any(old.slug != new.slug or old.acronyms != new.acronyms
           or item_acronyms(old, stats.acronyms) != item_acronyms(new, stats.acronyms)
           or _acronyms_written(old, stats.acronyms) != _acronyms_written(new, stats.acronyms) for old, new in changes):
        return None  # the acronym map and the expansions the items write decide groups
    lookup = pinned_lookup(pinned)
    before = [item_shares(old, pinned, stats, lookup) for old, _new in changes]
    after = [item_shares(new, pinned, stats, lookup) for _old, new in changes]
    df = dict(stats.df)
    moved: set[str] = set()  # groups an edited item joined or left, or whose focus, keys or surfaces changed
    for g in {g for old, new in zip(before, after) for g in old.keys() | new.keys() if old.get(g) != new.get(g)}:
        if g in pinned.key_to_name:
            return None  # a pinned term is a node whatever its items
        if any((old[g].flags if g in old else 0) & SUBJECT != (new[g].flags if g in new else 0) & SUBJECT
               for old, new in zip(before, after)):
            return None  # a finding's subject is counted over the corpus (``vocab._subject_groups``)
        if all((g in old) == (g in new) and (g not in old or old[g][2:] == new[g][2:])
               for old, new in zip(before, after)):
            continue  # only scores or flags: read by the edited item's own choice alone (checked below)
        # Otherwise only a group of at most one item, before and after, that no item chooses:
        # it is no node, no hub, no merge and no mention key, so nothing else reads it.
        members_before = sum(g in old for old in before)
        members_after = sum(g in new for new in after)
        if stats.df.get(g, 0) != members_before or members_before > 1 or members_after > 1:
            return None
        moved.add(g)
        if members_after:
            df[g] = 1
        else:
            df.pop(g, None)
    for old, new in zip(before, after):
        chosen = choice_of(old, pinned, stats, config)
        if chosen != choice_of(new, pinned, stats, config) or moved.intersection(chosen):
            return None  # the item's own terms changed
    return dataclasses.replace(stats, df=df)


def _map_pairs(stats: SelectionStats) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((short, long) for short, longs in stats.acronyms.items() for long in longs))


def _acronyms_written(item: ItemCandidates, acronyms: Mapping[str, object]) -> set[str]:
    """The acronyms of the map an item writes: the last manifest's entries stay while one does."""
    return {candidate.key for candidate in item.terms if candidate.key in acronyms}


def same_hubs(stats: SelectionStats, previous_hubs: frozenset[str] | None, config: Config,
              pinned: PinnedVocabulary | None = None) -> SelectionStats | None:
    """``stats`` for selecting with other ``previous_hubs`` when no hub decision changes by
    it (every group, and every merged group, is decided the same by its count), else None."""
    if previous_hubs == stats.previous_hubs:
        return stats
    pinned = pinned or PinnedVocabulary()

    def hub(g: str, count: int) -> bool:  # as select decides it (a pinned term never is one)
        return g not in pinned.key_to_name and is_hub(g, count, stats.n_items, config.mining, previous_hubs)

    if any(hub(g, count) != (g in stats.hubs) for g, count in stats.df.items()):
        return None
    if any(hub(g, count) != (g in stats.merged_hubs) for g, count in stats.kept.items()):
        return None
    return dataclasses.replace(stats, previous_hubs=previous_hubs)


# What each cache file holds (decoded as exactly this, see kgsync.build.cache_file).
_SelectionInputs = tuple[str, str, tuple[Mining, Caps, Merge], PinnedVocabulary | None, tuple[str, ...],
                         tuple[str, ...], SelectionStats]
_Selection = tuple[str, Vocabulary, tuple[tuple[str, str], ...]]
_RecordsShard = tuple[str, dict[str, tuple[ResearchItem | None, tuple[Issue, ...]]]]
_PartsShard = tuple[str, dict[str, tuple[Extraction | None, ItemCandidates | None]]]
_TermsKey = tuple[str, tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...],
                  tuple[str, ...]]
_PackedFacts = tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...], tuple[tuple[str, str, str], ...],
                     tuple[tuple[str, ...], ...], tuple[tuple[str, int | None, bool], ...], str]
_FactsShard = tuple[tuple[str, str | None],
                    dict[str, tuple[tuple[str, _TermsKey | None, str | None], tuple[str, ...], str, _PackedFacts]]]
_EvidenceTextsFile = tuple[str, dict[str, EvidenceText]]
