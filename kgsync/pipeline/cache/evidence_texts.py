"""What the evidence plan reads of each item, by record key (``EvidenceTexts``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec

from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache import fingerprint
from kgsync.extract.evidence_model import ClaimText, EvidenceText, Mention
from kgsync.extract.findings import Extraction
from kgsync.read.items import ResearchItem


class EvidenceTexts:
    """Each item's ``EvidenceText`` by record key, in ``cache_dir/evidence/<x>.json`` (typed JSON,
    see kgsync.pipeline.cache.files; 16 shards by the key's first character, so that a one-item edit
    rewrites one or two sixteenths of it, not 16 MB at 10,000 items, the first build of
    ``bench/bench_build.py --ci-only DIR --count 10000``): the plan reads every item,
    and loading every record's parts for it would cost a no-op rebuild most of its time.  An item
    without a stored text (new or edited) is read from its extraction, which such an item has
    loaded anyway.

    A stored text's claims are decoded when first read (``_StoredText``): the plan reads every
    item's mentions but only the claims of the items they cite (and of the items that make them),
    and decoding every claim was ~0.13 s of a 10,000-item rebuild (0.02 s without; carry17b, a
    one-item rebuild of ``bench/gen_corpus.py --count 10000``'s items)."""

    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.folder = folder / "evidence" if folder else None
        self.single = folder / "evidence.json" if folder else None  # the one file of old: removed
        self.reader = reader
        self.fingerprint = fingerprint.code_fingerprint("extract")
        self.stored: dict[str, _StoredText] = {}
        self.shards: dict[str, frozenset[str]] = {}  # shard -> the keys it holds as stored
        for path in sorted(self.folder.glob("*.json")) if self.folder is not None and self.folder.is_dir() else ():
            found = reader.read(path, _EvidenceTextsFile)
            if found is not None and found[0] == self.fingerprint:  # else: of other code, only a slower build
                self.stored.update(found[1])
                self.shards[path.stem] = frozenset(found[1])

    def of(self, items: Sequence[ResearchItem], keys: Mapping[str, str],
           extractions: Mapping[str, Extraction]) -> dict[str, EvidenceText]:
        texts: dict[str, EvidenceText] = {}
        used: dict[str, dict[str, EvidenceText | _StoredText]] = {}  # shard -> key -> text (as stored, if it was)
        for item in items:
            key = keys.get(item.slug)
            stored = self.stored.get(key) if key is not None else None
            text = (_LazyText(stored, self._undecodable(key, item.slug, extractions)) if stored is not None and key
                    else EvidenceText.of(extractions[item.slug]))
            texts[item.slug] = text
            if key is not None:
                # A content key is hex, else ``unreadable:...``: its first character names a file.
                # A stored text is written back as read (its claims' bytes): the same JSON, undecoded.
                used.setdefault(key[:1] or "_", {})[key] = stored if stored is not None else text
        self._save(used)
        return texts

    def _undecodable(self, key: str, slug: str, extractions: Mapping[str, Extraction]) -> Callable[[], tuple[ClaimText, ...]]:
        """What a stored text whose claims do not decode stands for instead: the claims read from the
        item's extraction (the text a missing entry gets), with a notice; its shard is removed, so
        the next build writes it again."""
        def fallback() -> tuple[ClaimText, ...]:
            if self.folder is not None:
                path = self.folder / f"{key[:1] or '_'}.json"
                self.reader.notice(path, f"cache file entry of {slug} does not validate; ignored, the work is done again")
                path.unlink(missing_ok=True)
            return EvidenceText.of(extractions[slug]).claims
        return fallback

    def _save(self, used: Mapping[str, Mapping[str, EvidenceText | _StoredText]]) -> None:
        """Rewrite the shards whose keys changed (a key's text is a function of its record and this
        code), remove those no item uses."""
        if self.folder is None:
            return
        for shard in sorted(used):
            if self.shards.get(shard) != frozenset(used[shard]):
                self.folder.mkdir(parents=True, exist_ok=True)
                self.reader.write(self.folder / f"{shard}.json", (self.fingerprint, dict(used[shard])))
        if self.folder.is_dir():
            for path in self.folder.glob("*.json"):
                if path.stem not in used:
                    path.unlink(missing_ok=True)
        if self.single is not None:
            self.single.unlink(missing_ok=True)


@dataclass(frozen=True)
class _StoredText:
    """An ``EvidenceText`` as stored (the same fields, so the same JSON), its claims' JSON undecoded."""

    slug: str
    mentions: tuple[Mention, ...]
    claims: msgspec.Raw


_CLAIMS = msgspec.json.Decoder(tuple[ClaimText, ...])


class _LazyText(EvidenceText):
    """A stored ``EvidenceText`` whose claims are decoded when first read (equal to the text read again:
    ``__eq__``, ``__hash__``); ``fallback``: the claims when the stored ones do not decode."""

    _raw: msgspec.Raw  # not fields: the class is no dataclass of its own
    _fallback: Callable[[], tuple[ClaimText, ...]]

    def __init__(self, stored: _StoredText, fallback: Callable[[], tuple[ClaimText, ...]]) -> None:
        # Not ``claims``: ``__getattr__`` is asked for it while it is unset.  Set as ``Mention.but`` sets
        # a frozen instance's fields (one update, not four ``object.__setattr__``: 10,000 items, b5da2fdf).
        self.__dict__.update(slug=stored.slug, mentions=stored.mentions, _raw=stored.claims, _fallback=fallback)

    def __getattr__(self, name: str) -> tuple[ClaimText, ...]:
        if name != "claims":
            raise AttributeError(name)
        try:
            claims: tuple[ClaimText, ...] = _CLAIMS.decode(self._raw)
        except (msgspec.DecodeError, ValueError, TypeError, RecursionError):
            claims = self._fallback()
        object.__setattr__(self, "claims", claims)
        return claims

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EvidenceText):
            return NotImplemented
        return (self.slug, self.mentions, self.claims) == (other.slug, other.mentions, other.claims)

    def __hash__(self) -> int:
        return hash((self.slug, self.mentions, self.claims))  # as the dataclass hashes an ``EvidenceText``


_EvidenceTextsFile = tuple[str, dict[str, _StoredText]]
