"""The last build's vocabulary and hub folding, reused when no edit since can change them (``SelectionStore``)."""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast, get_type_hints

import msgspec

from kgsync.contract.lazy_mapping import LazyMapping
from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache import fingerprint
from kgsync.pipeline.cache.read_memo import Saver
from kgsync.extract.record import Record
from kgsync.extract.mining import ItemCandidates
from kgsync.read.config import VocabularyOptions
from kgsync.read.items import ResearchItem
from kgsync.vocabulary.economy import Folding, hub_folding
from kgsync.vocabulary.kinds_beside import Spread
from kgsync.vocabulary.named_tails import item_tails
from kgsync.vocabulary.shares import ItemChoice, subject_keys
from kgsync.vocabulary.unchanged import map_pairs, same_hubs, selection_unchanged
from kgsync.vocabulary.terms import ItemTerms
from kgsync.vocabulary.vocab import (
    PinnedVocabulary,
    SelectionStats,
    Vocabulary,
    select_with_stats,
)


class SelectionStore:
    """The last build's vocabulary and hub folding (``cache_dir/vocab/``), reused when
    ``selection_unchanged`` proves that the items edited since cannot change them (the folding
    depends on the vocabulary's hubs and every item's acronyms, which that proof keeps).

    ``inputs.json`` holds what the proof needs (code, the config's ``VocabularyOptions``, pinned vocabulary, every item's
    slug and record key in order, ``SelectionStats``) and is small; ``selection.json`` holds the
    vocabulary itself, rewritten only when it was selected again.  Both carry one id.

    A reused vocabulary's items' terms (``Vocabulary.per_item``, 70 % of the file at 10,000 items of
    ``bench/gen_corpus.py``, carry17b) are decoded when asked for (``_StoredTerms``): a build that reuses
    its terms too asks for the edited items' only.
    ``distrust``: an entry of them did not validate when a build first read it
    (``InvalidStoredSelection``): the stored vocabulary is not used, and is selected again.
    """

    def __init__(self, folder: Path | None, reader: CacheReader, distrust: bool = False, save: Saver | None = None,
                 beside: Spread | None = None) -> None:
        self.folder = folder / "vocab" if folder else None
        self.reader = reader
        self.beside = beside  # where a selection may read the items' texts for the node kinds meanwhile (``kinds_beside``)
        # How the shares are saved (``_save_shares``): ``(save, entries written)``; the build's forks a
        # child for every item's (``kgsync.pipeline.behind.Behind.save``), the default saves in place.
        self.save: Saver = save or (lambda save_now, _entries: save_now())
        self.fingerprint = fingerprint.code_fingerprint("vocabulary")
        self.inputs: _SelectionInputs | None = None
        self.keys: tuple[str, ...] = ()
        # The id of the selection ``select`` gave (None: none kept): the same id, the same vocabulary
        # (a reused one keeps its id; one selected again takes a new one), for the caches of later stages.
        self.ident: str | None = None
        # What ``select`` proved or counted (``SelectionStats``): each item's vocabulary share is read from it.
        self.stats: SelectionStats | None = None
        # slug -> what ``select`` made of the item when it selected here (none when reused): its share reads it
        self.made: dict[str, ItemChoice] = {}
        if self.folder is None:
            return
        if distrust:
            reader.notice(self.folder / "selection.json", "cache file entry of the vocabulary does not validate; "
                                                          "ignored, the work is done again")
            return
        inputs = reader.read(self.folder / "inputs.json", _SelectionInputs)
        if inputs is not None and inputs[0] == self.fingerprint:  # else missing, invalid or stale: select again
            self.inputs = inputs
            self.keys = inputs[5]

    def select(self, items: Sequence[ResearchItem], by_slug: Mapping[str, Record], read_keys: Mapping[str, str],
               old_records: Mapping[str, Record], options: VocabularyOptions, pinned: PinnedVocabulary | None,
               previous_hubs: frozenset[str] | None = None,
               previous_acronyms: tuple[tuple[str, str], ...] = (),
               previous_topics: frozenset[str] = frozenset(),
               previous_subjects: frozenset[str] = frozenset(),
               kept: Sequence[ItemCandidates] = ()) -> tuple[Vocabulary, Folding]:
        """The vocabulary and hub folding of the ``items`` (their records' candidates) and of the ``kept``
        items' vocabulary shares (items that fail to parse now, read from the manifest: they count as
        when they last parsed, ``kgsync.vocabulary.shares.vocabulary_share``), the last one reused when
        the edits since cannot change it.  A kept share is keyed by its content: another, selected again."""
        slugs = tuple(item.slug for item in items) + tuple(share.slug for share in kept)
        keys = tuple(read_keys.get(item.slug, "") for item in items) + tuple(map(_share_key, kept))
        found = self._reuse(slugs, keys, by_slug, old_records, options, pinned, previous_hubs)
        if found is not None and previous_acronyms not in (found[2].previous_acronyms, map_pairs(found[2])):
            # The last manifest's acronyms are part of the map.  A manifest records the whole map, so the
            # build after the one that wrote it meets its own map again: the same map, nothing to select.
            found = None
        if found is not None and previous_topics not in (found[2].previous_topics or frozenset(), found[0].topics):
            found = None  # the last manifest's topics stay while an item addresses them: as above, its own are no change
        if found is not None and found[2].held_subjects != found[2].lone_subjects & subject_keys(previous_subjects):
            found = None  # the last build's subjects hold another set of lone ones (``vocab._subject_groups``)
        self.made = {}
        if found is not None:
            vocabulary, fold, stats, ident = found
        else:
            cands = cast(list[ItemCandidates], [by_slug[item.slug].candidates for item in items])  # items that parsed have them
            cands.extend(kept)
            vocabulary, stats = select_with_stats(cands, options, pinned, previous_hubs, previous_acronyms,
                                                  previous_topics, previous_subjects, self.made, self.beside)
            fold = hub_folding(cands, vocabulary)
            ident = os.urandom(8).hex()
        self._save(found is None, (self.fingerprint, ident, options, pinned, slugs, keys, stats), vocabulary, fold)
        self.ident = ident if self.folder is not None else None
        self.stats = stats
        return vocabulary, fold

    def _reuse(self, slugs: tuple[str, ...], keys: tuple[str, ...], by_slug: Mapping[str, Record],
               old_records: Mapping[str, Record], options: VocabularyOptions, pinned: PinnedVocabulary | None,
               previous_hubs: frozenset[str] | None) -> tuple[Vocabulary, Folding, SelectionStats, str] | None:
        if self.inputs is None or "" in keys:  # a slug two files claim: no key to compare
            return None
        _fingerprint, ident, old_options, old_pinned, old_slugs, old_keys, stats = self.inputs
        if old_options != options or old_pinned != pinned or old_slugs != slugs:
            return None
        changes: list[tuple[ItemCandidates, ItemCandidates]] = []
        for slug, old_key, key in zip(slugs, old_keys, keys):
            if old_key != key:
                if slug not in by_slug:  # a kept item's share changed (``_share_key``)
                    return None
                old = old_records.get(old_key)
                new = by_slug[slug].candidates
                if old is None or old.candidates is None or new is None:
                    return None
                changes.append((old.candidates, new))
        new_stats = selection_unchanged(stats, changes, options.caps, pinned)
        if new_stats is not None:
            new_stats = same_hubs(new_stats, previous_hubs, options.mining, pinned)
        if new_stats is None:
            return None
        assert self.folder is not None  # inputs were read from it
        found = self.reader.read(self.folder / "selection.json", _StoredSelection)
        if found is None or found[0] != ident:
            return None
        _ident, stored, rules = found
        vocabulary = _vocabulary(stored)
        if any(item_tails(vocabulary, old) != item_tails(vocabulary, new) for old, new in changes):
            return None  # an edit moved a name's shortened form (``vocabulary.named_tails``): an alias changes
        return vocabulary, Folding.of(rules), new_stats, ident

    @property
    def share_identity(self) -> str | None:
        """What ``share_texts`` keeps a share under besides its item's record key (this code and
        selection), as one text the record key is appended to (None: nothing kept, no identity)."""
        return None if self.ident is None else f"{self.fingerprint}\0{self.ident}\0"

    def share_texts(self, slugs: Iterable[str], read_keys: Mapping[str, str],
                    make: Callable[[str], str]) -> dict[str, str]:
        """slug -> its vocabulary share's text (``make(slug)``: read from its candidates), the last build's
        kept for an item whose record key is the same under the same selection (``ident``: the same stats,
        options and pinned vocabulary) and the same code (``shares.json``): a rebuild loads only the
        candidates of the items edited since.  The entries that differ from ``shares.json``'s go to
        ``shares-new.json`` alone while they are few (``_save_shares``): a one-item rebuild does not
        encode and write every item's text again."""
        ident = self.ident
        path = self.folder / "shares.json" if self.folder is not None and ident is not None else None
        stamp = self.fingerprint  # the share's rule and its spelling (``share_record``): the vocabulary stage's code
        base, extra = (self._stored_shares(path, stamp), self._stored_shares(path.with_name("shares-new.json"), stamp)) \
            if path is not None else ({}, {})
        last = {**base, **extra}  # each entry holds under (stamp, ident) alone: the newer wins
        texts, now = {}, {}
        for slug in slugs:
            key = read_keys.get(slug, "")
            found = last.get(slug)
            text = found[1] if found is not None and key and found[0] == key else make(slug)
            texts[slug] = text
            if key:
                now[slug] = (key, text)
        if path is not None and now != last:
            self._save_shares(path, (stamp, ident), base, extra, now)
        return texts

    def _stored_shares(self, path: Path, stamp: str) -> dict[str, tuple[str, str]]:
        """The entries of a shares file written under this code and selection (``ident``), else none."""
        stored = self.reader.read(path, _StoredShares) if path.exists() else None
        return stored[2] if stored is not None and stored[:2] == (stamp, self.ident) else {}

    def _save_shares(self, path: Path, head: tuple[str, str | None], base: dict[str, tuple[str, str]],
                     extra: dict[str, tuple[str, str]], now: dict[str, tuple[str, str]]) -> None:
        """``now`` as ``shares.json`` (``path``) and ``shares-new.json``: the entries that differ from
        ``shares.json``'s in the second while they (and the items gone) are at most an eighth of
        ``now``, else all of them in the first, the second removed."""
        newer = path.with_name("shares-new.json")
        changed = {slug: entry for slug, entry in now.items() if base.get(slug) != entry}
        if (len(changed) + len(base.keys() - now.keys())) * 8 <= len(now):
            if changed != extra:
                self.save(lambda: self.reader.write(newer, (*head, changed)), len(changed))
            return

        def save_all() -> None:  # every item's text (~13 MB at 10,000 items, shares49's
            # ``bench/bench_build.py --count 10000 --skip-real``): a fresh build's, behind it
            self.reader.write(path, (*head, now))
            newer.unlink(missing_ok=True)

        self.save(save_all, len(now))

    def _save(self, selected: bool, inputs: _SelectionInputs, vocabulary: Vocabulary, fold: Folding) -> None:
        if self.folder is None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        if selected:  # the vocabulary first: inputs naming an id whose vocabulary is missing only miss
            self.reader.write(self.folder / "selection.json", (inputs[1], vocabulary, fold.rules))
        if inputs != self.inputs:
            self.reader.write(self.folder / "inputs.json", inputs)


def _share_key(share: ItemCandidates) -> str:
    """A kept item's key among the record keys: its share's content (no record key is of this form)."""
    return "share:" + hashlib.sha1(repr((share.terms, share.acronyms, share.spelled)).encode()).hexdigest()


# What each cache file holds (decoded as exactly this, see kgsync.pipeline.cache.files).
_SelectionInputs = tuple[str, str, VocabularyOptions, PinnedVocabulary | None, tuple[str, ...],
                         tuple[str, ...], SelectionStats]


_Selection = tuple[str, Vocabulary, tuple[tuple[str, str], ...]]
_StoredShares = tuple[str, str, dict[str, tuple[str, str]]]  # code, selection id, slug -> (record key, share text)


class InvalidStoredSelection(Exception):
    """An item's stored terms (``_StoredTerms``) did not validate when first read: the build runs again
    without the stored vocabulary (``kgsync.pipeline.stages.build``).  Never leaves the build."""


class _StoredTerms(LazyMapping[str, ItemTerms]):
    """slug -> its ``ItemTerms``, each decoded from the stored JSON when first asked for."""

    def __init__(self, raw: Mapping[str, msgspec.Raw]) -> None:
        self._raw = self._keys = raw
        self._done: dict[str, ItemTerms] = {}

    def __getitem__(self, slug: str) -> ItemTerms:
        found = self._done.get(slug)
        if found is None:
            raw = self._raw[slug]
            try:
                found = self._done[slug] = _ITEM_TERMS.decode(raw)
            except (msgspec.DecodeError, ValueError, TypeError, RecursionError):
                raise InvalidStoredSelection(slug) from None
        return found


_ITEM_TERMS = msgspec.json.Decoder(ItemTerms)
# ``Vocabulary`` as stored, its ``per_item`` values left as their JSON (the same fields, so the same file).
_VOCABULARY_FIELDS = dataclasses.fields(Vocabulary)
_hints = get_type_hints(Vocabulary)
_StoredVocabulary: Any = dataclasses.make_dataclass(
    "_StoredVocabulary",
    [(f.name, dict[str, msgspec.Raw] if f.name == "per_item" else _hints[f.name],
      dataclasses.field(default=f.default, default_factory=f.default_factory)) for f in _VOCABULARY_FIELDS],
    frozen=True)


def _vocabulary(stored: Any) -> Vocabulary:
    """The ``Vocabulary`` a ``_StoredVocabulary`` holds, its items' terms decoded when asked for."""
    values = {f.name: getattr(stored, f.name) for f in _VOCABULARY_FIELDS}
    values["per_item"] = _StoredTerms(stored.per_item)
    return Vocabulary(**values)


_StoredSelection = tuple[str, _StoredVocabulary, tuple[tuple[str, str], ...]]
