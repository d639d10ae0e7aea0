"""What the evidence plan reads of each item, by record key (``EvidenceTexts``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache import fingerprint
from kgsync.extract.evidence_model import EvidenceText
from kgsync.extract.findings import Extraction
from kgsync.read.items import ResearchItem


class EvidenceTexts:
    """Each item's ``EvidenceText`` by record key, in ``cache_dir/evidence/<x>.json`` (typed JSON,
    see kgsync.pipeline.cache.files; 16 shards by the key's first character, so that a one-item edit
    rewrites one or two sixteenths of it, not 16 MB at 10,000 items): the plan reads every item,
    and loading every record's parts for it would cost a no-op rebuild most of its time.  An item
    without a stored text (new or edited) is read from its extraction, which such an item has
    loaded anyway."""

    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.folder = folder / "evidence" if folder else None
        self.single = folder / "evidence.json" if folder else None  # the one file of old: removed
        self.reader = reader
        self.fingerprint = fingerprint.code_fingerprint("extract")
        self.stored: dict[str, EvidenceText] = {}
        self.shards: dict[str, frozenset[str]] = {}  # shard -> the keys it holds as stored
        for path in sorted(self.folder.glob("*.json")) if self.folder is not None and self.folder.is_dir() else ():
            found = reader.read(path, _EvidenceTextsFile)
            if found is not None and found[0] == self.fingerprint:  # else: of other code, only a slower build
                self.stored.update(found[1])
                self.shards[path.stem] = frozenset(found[1])

    def of(self, items: Sequence[ResearchItem], keys: Mapping[str, str],
           extractions: Mapping[str, Extraction]) -> dict[str, EvidenceText]:
        texts: dict[str, EvidenceText] = {}
        used: dict[str, dict[str, EvidenceText]] = {}  # shard -> key -> text
        for item in items:
            key = keys.get(item.slug)
            text = self.stored.get(key) if key is not None else None
            if text is None:
                text = EvidenceText.of(extractions[item.slug])
            texts[item.slug] = text
            if key is not None:
                # A content key is hex, else ``unreadable:...``: its first character names a file.
                used.setdefault(key[:1] or "_", {})[key] = text
        self._save(used)
        return texts

    def _save(self, used: Mapping[str, Mapping[str, EvidenceText]]) -> None:
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


_EvidenceTextsFile = tuple[str, dict[str, EvidenceText]]
