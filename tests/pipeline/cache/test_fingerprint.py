"""Tests of kgsync.pipeline.cache.fingerprint: a cached result is keyed by the code it depends on."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.pipeline.cache.fingerprint import STAGES, _fingerprints, code_fingerprint, with_memo_source


def test_each_stage_has_its_own_fingerprint_and_it_is_stable() -> None:
    prints = [code_fingerprint(stage) for stage in STAGES]
    assert len(set(prints)) == len(STAGES)  # a later stage adds its own code to those before it
    assert all(len(p) == 40 and int(p, 16) >= 0 for p in prints)
    code_fingerprint.cache_clear()
    _fingerprints.cache_clear()
    assert [code_fingerprint(stage) for stage in STAGES] == prints  # read again from the files: the same


def test_a_stage_after_the_cached_ones_has_no_fingerprint() -> None:
    with pytest.raises(ValueError):
        code_fingerprint("publish")


def test_the_memo_source_is_part_of_the_key(tmp_path: Path) -> None:
    one, same, other = tmp_path / "one.py", tmp_path / "same.py", tmp_path / "other.py"
    one.write_text("def memo(): pass\n")
    same.write_text("def memo(): pass\n")
    other.write_text("def memo(): return 1\n")
    code = code_fingerprint("graph")
    assert with_memo_source(code, str(one)) == with_memo_source(code, str(same))
    assert with_memo_source(code, str(one)) != with_memo_source(code, str(other))
    assert with_memo_source(code, str(one)) != with_memo_source(code_fingerprint("read"), str(one))


def test_the_one_pass_gives_each_stage_the_digest_of_its_own_pass() -> None:
    # One running digest copied at each stage's end: the keys a pass per stage gave (caches stay valid).
    import hashlib

    from kgsync.pipeline.cache import fingerprint

    kgsync = Path(fingerprint.__file__).resolve().parent.parent.parent
    versions = "".join(f"{name}={fingerprint._version(name)};" for name in fingerprint._UNICODE_TABLES).encode()
    for stage in STAGES:
        digest = hashlib.sha1()
        for name in STAGES[: STAGES.index(stage) + 1]:
            for path in sorted(p for p in (kgsync / name).rglob("*")
                               if p.is_file() and (p.suffix == ".py" or "data" in p.relative_to(kgsync).parts)):
                digest.update(path.relative_to(kgsync).as_posix().encode() + b"\0" + path.read_bytes())
        digest.update(versions)
        assert code_fingerprint(stage) == digest.hexdigest(), stage
