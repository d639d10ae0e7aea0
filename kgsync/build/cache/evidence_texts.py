"""What the evidence plan reads of each item, by record key (``EvidenceTexts``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from kgsync.build.cache.files import CacheReader
from kgsync.build.cache import fingerprint
from kgsync.extract.evidence_model import EvidenceText
from kgsync.extract.findings import Extraction
from kgsync.read.items import ResearchItem


class EvidenceTexts:
    """Each item's ``EvidenceText`` by record key, in ``cache_dir/evidence.json`` (typed JSON,
    see kgsync.build.cache.files): the plan reads every item, and loading every record's parts for it
    would cost a no-op rebuild most of its time.  An item without a stored text (new or
    edited) is read from its extraction, which such an item has loaded anyway."""

    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.path = folder / "evidence.json" if folder else None
        self.reader = reader
        self.fingerprint = fingerprint.code_fingerprint("extract")
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
            self.reader.write(self.path, (self.fingerprint, used))
        return texts


_EvidenceTextsFile = tuple[str, dict[str, EvidenceText]]
