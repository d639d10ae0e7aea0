"""The code a cached result depends on, digested: one scheme for every cache.

A result of stage S (a record: ``extract``; a vocabulary: ``vocabulary``; an item's facts:
``graph``) is produced by code of S and of the stages before it, never after: a stage imports
only itself and those before it (tests/test_architecture.py enforces the order).  So the
source of every module of those stages (and the data files under their ``data/`` folders) is a
key no hand-kept list can let drift.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib.util import find_spec
from pathlib import Path

#: The stages whose results are cached, in pipeline order (tests/test_architecture.py holds the order).
STAGES = ("contract", "read", "extract", "vocabulary", "graph")

#: The libraries whose Unicode tables a parse reads (invisible characters, UTS #39 look-alikes):
#: a new version may change a result without a line of kgsync changing.
_UNICODE_TABLES = ("disarm", "regex")


@cache
def code_fingerprint(stage: str) -> str:
    """A digest of the source of every module of ``stage`` and of the stages before it."""
    STAGES.index(stage)  # ValueError: a stage no cache keys on
    return _fingerprints()[stage]


@cache
def _fingerprints() -> dict[str, str]:
    """``code_fingerprint`` of every stage, in one pass over the files: a running digest over the
    stages in order, copied at each stage's end (the same digests as one pass per stage).  A build
    asks three of them; one pass each read and hashed the earlier stages' files again (~6 MB, ~0.04 s
    of CPU a build; speed187, a rebuild of ``bench/gen_corpus.py --count 10000``'s items)."""
    kgsync = Path(__file__).resolve().parent.parent.parent
    versions = "".join(f"{name}={_version(name)};" for name in _UNICODE_TABLES).encode()
    digest = hashlib.sha1()
    prints: dict[str, str] = {}
    for name in STAGES:
        # Their code and the data they read (extract/data/: the WordNet table decides candidates).
        for path in sorted(p for p in (kgsync / name).rglob("*") if p.is_file() and (p.suffix == ".py" or "data" in p.relative_to(kgsync).parts)):
            digest.update(path.relative_to(kgsync).as_posix().encode() + b"\0" + path.read_bytes())
        ended = digest.copy()
        ended.update(versions)
        prints[name] = ended.hexdigest()
    return prints


def _version(name: str) -> str:
    """``importlib.metadata.version(name)``, read from the one ``name-*.dist-info`` beside the package
    that an import of ``name`` loads: importing ``importlib.metadata`` (email, zipfile, csv, ...) and
    its search of every path entry were a fixed cost of each build process.  Anything else (no such
    folder, several, no Version field): ``importlib.metadata`` after all."""
    spec = find_spec(name)
    origin = spec.origin if spec is not None else None
    if origin is not None and spec is not None and spec.submodule_search_locations is not None:
        found = list(Path(origin).parent.parent.glob(f"{name}-*.dist-info"))
        if len(found) == 1:
            try:
                text = (found[0] / "METADATA").read_text(encoding="utf-8")
            except OSError:
                text = ""
            # The header ends at the first empty line; "Version" is one of its fields.
            for line in text.partition("\n\n")[0].splitlines():
                if line.startswith("Version:"):
                    return line[len("Version:"):].strip()
    from importlib import metadata

    return metadata.version(name)



@cache
def with_memo_source(code: str, memo_file: str) -> str:
    """``code`` (a stage's ``code_fingerprint``) with the source of the memo module that keys and
    packs that stage's results: a memo wrapping a stage from outside is code its results depend on."""
    return hashlib.sha1(code.encode() + b"\0" + Path(memo_file).read_bytes()).hexdigest()
