"""The last build's lint report, kept beside the graph it describes (``LintReportStore``).

The incremental rebuild (``kgsync.pipeline.incremental``) starts from it: the report of the graph
file the last build wrote, valid only while that file is verified to hold exactly those bytes
(its sha1, as ``state`` records it), for the same code (every module the graph's bytes and its
findings depend on) and the same inputs besides the items (the caller's digest: configuration,
vocabulary and themes files, selection).  Plain typed JSON like every cache file.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from kgsync.pipeline.cache import fingerprint
from kgsync.pipeline.cache.files import CacheReader
from kgsync.contract.errors import Location
from kgsync.lint.table import Finding, LintReport, Severity

_FILE = "lint-report.json"

# (severity, code, entity, message, hint, location path or None, location line or None)
_StoredFinding = tuple[str, str, str, str, str, str | None, int | None, str]
_Stored = tuple[str, str, str, tuple[_StoredFinding, ...]]  # (code, graph sha1, inputs key, findings)


@cache
def output_fingerprint() -> str:
    """The code the graph's bytes and its findings come from: every stage up to the graph (the
    merge, the JSONL writer), the lint package, the incremental rebuild itself and the writer of
    both files (a manifest this code wrote is what ``Manifest.dumps_over`` keeps lines of)."""
    kgsync = Path(__file__).resolve().parent.parent.parent
    digest = hashlib.sha1(fingerprint.code_fingerprint("graph").encode())
    written_by = [kgsync / "pipeline" / "incremental.py", kgsync / "pipeline" / "committed.py", Path(__file__)]
    for path in sorted((kgsync / "lint").glob("*.py")) + written_by:
        digest.update(path.relative_to(kgsync).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


class LintReportStore:
    def __init__(self, folder: Path | None, reader: CacheReader) -> None:
        self.path = folder / _FILE if folder is not None else None
        self.reader = reader

    def load(self, graph_sha1: str | None, inputs: str | None) -> LintReport | None:
        """The report of the graph of digest ``graph_sha1`` built from ``inputs`` (everything besides
        the items' facts, digested by the caller), when this code stored one."""
        if self.path is None or graph_sha1 is None or inputs is None:
            return None
        found = self.reader.read(self.path, _Stored)
        if found is None or found[:3] != (output_fingerprint(), graph_sha1, inputs):
            return None
        try:
            return LintReport(tuple(Finding(Severity(severity), code, entity, message, hint,
                                            Location(path, line) if path is not None else None, other)
                                    for severity, code, entity, message, hint, path, line, other in found[3]))
        except ValueError:  # an unknown severity
            return None

    def save(self, graph_sha1: str | None, inputs: str | None, report: LintReport | None) -> None:
        """Keep ``report`` as that of the graph of digest ``graph_sha1`` built from ``inputs`` (None: forget any)."""
        if self.path is None:
            return
        if graph_sha1 is None or inputs is None or report is None:
            self.path.unlink(missing_ok=True)
            return
        findings = tuple((str(f.severity), f.code, f.entity, f.message, f.hint,
                          f.location.path if f.location else None, f.location.line if f.location else None, f.other)
                         for f in report.findings)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.reader.write(self.path, (output_fingerprint(), graph_sha1, inputs, findings))
