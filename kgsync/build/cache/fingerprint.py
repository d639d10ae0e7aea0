"""The code a cached result depends on, digested."""

from __future__ import annotations

import hashlib
from pathlib import Path

#: The core's stage packages, in pipeline order (tests/test_architecture.py holds the order).
CORE_STAGES = ("contract", "read", "extract", "vocabulary", "graph", "lint", "build")


def core_fingerprint() -> str:
    """Every core module's source: assembled facts depend on parsing, mining and assembling code."""
    here = Path(__file__).parent.parent.parent  # kgsync/
    digest = hashlib.sha1()
    for path in sorted(p for stage in CORE_STAGES for p in (here / stage).rglob("*.py")):
        digest.update(path.relative_to(here).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()
