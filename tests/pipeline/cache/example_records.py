"""The bundled example's items read as the cache stores them: items, record keys, extractions.

A support module, not a test module (tests/test_layout.py).
"""

from __future__ import annotations

from pathlib import Path

from kgsync.extract.findings import Extraction
from kgsync.extract.record import parse_record
from kgsync.pipeline.cache.records import content_key
from kgsync.read.items import ResearchItem


EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "research-repo" / "Research" / "completed"


def _corpus() -> tuple[list[ResearchItem], dict[str, str], dict[str, Extraction]]:
    items, keys, extractions = [], {}, {}
    for path in sorted(EXAMPLE.glob("*.md")):
        raw = path.read_bytes()
        record = parse_record(raw, path.name, path.stem)
        if record.item is None or record.extraction is None:
            continue
        items.append(record.item)
        keys[path.stem] = content_key(path.name, raw)
        extractions[path.stem] = record.extraction
    return items, keys, extractions
