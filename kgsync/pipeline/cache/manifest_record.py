"""The record of the manifest's lines the last build wrote (``ManifestRecord``): each item's
``line_key`` (its facts' JSON digest and the digest of the rest of its line), so that the next build reads
only the lines of items whose facts changed (``kgsync.graph.manifest_lines.LastLines``).

Valid only for the manifest bytes it was written with (their sha1, as ``state`` records the
file) and for this code (the line format and the digest: ``lint_report.output_fingerprint`` and
this module).  Plain typed JSON like every cache file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from kgsync.pipeline.cache.files import CacheReader
from kgsync.pipeline.cache.lint_report import output_fingerprint

_FILE = "manifest-lines.json"

_Stored = tuple[str, str, dict[str, str]]  # (code, the manifest's sha1, slug -> line key)


@cache
def _code() -> str:
    return hashlib.sha1(output_fingerprint().encode() + b"\0" + Path(__file__).read_bytes()).hexdigest()


class ManifestRecord:
    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.path = folder / _FILE if folder is not None else None
        self.reader = reader
        self._loaded: tuple[str, dict[str, str]] | None = None  # what ``load`` found: saved again, not written

    def load(self, manifest_sha1: str | None) -> dict[str, str] | None:
        """slug -> line key of the manifest of digest ``manifest_sha1``, when this code recorded it."""
        if self.path is None or manifest_sha1 is None:
            return None
        found = self.reader.read(self.path, _Stored)
        if found is None or found[:2] != (_code(), manifest_sha1):
            return None
        lines: dict[str, str] = found[2]
        self._loaded = manifest_sha1, lines
        return lines

    def save(self, manifest_sha1: str | None, lines: Mapping[str, str] | None) -> None:
        """Keep ``lines`` as the record of the manifest of digest ``manifest_sha1`` (None: forget any)."""
        if self.path is None:
            return
        if manifest_sha1 is None or lines is None:
            self.path.unlink(missing_ok=True)
            return
        if self._loaded is not None and self._loaded == (manifest_sha1, lines):
            return  # the file holds it already (a rebuild that changed no line)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.reader.write(self.path, (_code(), manifest_sha1, dict(lines)))
