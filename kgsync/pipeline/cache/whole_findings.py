"""Each item's long Key Findings whole, by record key (``WholeFindings``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from kgsync.pipeline.cache import fingerprint
from kgsync.pipeline.cache.files import CacheReader
from kgsync.extract.findings import Claim
from kgsync.extract.record import Record
from kgsync.graph.statements import long_findings
from kgsync.read.items import ResearchItem


class WholeFindings:
    """Each item's findings longer than a stored statement, whole (``statements.long_findings``),
    by record key, in ``cache_dir/whole-findings.json`` (typed JSON, see kgsync.pipeline.cache.files).
    Cleaning every long finding again cost every no-op rebuild of the 220-item corpus its CPU;
    only new and edited items are cleaned now."""

    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.path = folder / "whole-findings.json" if folder else None
        self.reader = reader
        self.fingerprint = fingerprint.code_fingerprint("graph")
        self.stored: dict[str, tuple[tuple[int, str], ...]] = {}
        found = reader.read(self.path, _WholeFindingsFile) if self.path is not None else None
        if found is not None and found[0] == self.fingerprint:  # else: of other code, only a slower build
            self.stored = found[1]

    def of(self, items: Sequence[ResearchItem], keys: Mapping[str, str],
           records: Mapping[str, Record] | None = None) -> dict[str, tuple[tuple[int, str], ...]]:
        """slug -> ``long_findings``; ``records``: slug -> its record, whose claims (when already
        loaded: a record read from the cache is not loaded for this) spare cleaning the findings
        they show whole."""
        out: dict[str, tuple[tuple[int, str], ...]] = {}
        used: dict[str, tuple[tuple[int, str], ...]] = {}
        for item in items:
            key = keys.get(item.slug)
            found = self.stored.get(key) if key is not None else None
            if found is None:
                found = long_findings(item, _loaded_claims(item, records.get(item.slug) if records else None))
            out[item.slug] = found
            if key is not None:
                used[key] = found
        if self.path is not None and used.keys() != self.stored.keys():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.reader.write(self.path, (self.fingerprint, used))
        return out


def _loaded_claims(item: ResearchItem, record: Record | None) -> Sequence[Claim] | None:
    """The claims of ``item``'s own record if its parts are loaded (a fresh parse, or an item
    assembled again), else None."""
    if record is None or record.item is not item or callable(record.parts):
        return None
    extraction = record.parts[0]
    return extraction.claims if extraction is not None else None


_WholeFindingsFile = tuple[str, dict[str, tuple[tuple[int, str], ...]]]
