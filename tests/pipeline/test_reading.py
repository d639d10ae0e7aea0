"""Tests of kgsync.pipeline.reading: every item file parsed, in order, in one process or several."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pipeline.conftest import ROOT


def test_parallel_parse_equals_serial_and_the_caller_takes_a_share(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers claim chunks from the back, the calling process from the front
    (``kgsync.pipeline.spread``): every record once, in file order, as a serial parse gives."""
    import os
    import sys

    from kgsync.pipeline import reading
    from kgsync.extract import record

    sys.path.insert(0, str(ROOT / "bench"))
    import gen_corpus  # noqa: E402  (bench/ is not a package)

    paths = gen_corpus.generate(tmp_path / "items", 2 * reading._MIN_PARALLEL + 5)
    jobs = [(p.read_bytes(), p.name, p.stem) for p in sorted(paths)]
    serial = [record.parse_record(*job) for job in jobs]
    here, calls = os.getpid(), []
    record = record.parse_record

    def counted(*job: object) -> record.Record:
        if os.getpid() == here:
            calls.append(job[2])
        return record(*job)

    monkeypatch.setattr(reading, "parse_record", counted)
    for processes in (2, 3):
        calls.clear()
        assert reading.parse_all(jobs, processes) == serial
        assert 0 < len(calls) and len(calls) == len(set(calls))
        assert calls == [job[2] for job in jobs[: len(calls)]]  # a prefix: the front chunks


def test_parallel_parse_error_cancels_queued_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in the calling process's share propagates at once; the workers are stopped."""
    import sys
    import time

    from kgsync.pipeline import reading, spread
    from kgsync.extract import record

    sys.path.insert(0, str(ROOT / "bench"))
    import gen_corpus  # noqa: E402

    paths = gen_corpus.generate(tmp_path / "items", 6 * spread.CHUNK)
    jobs = [(p.read_bytes(), p.name, p.stem) for p in sorted(paths)]
    record = record.parse_record
    done_log = tmp_path / "parsed.log"  # appended to by this process and the forked worker

    def slow_or_failing(*job: object) -> record.Record:
        if job[2] == jobs[0][2]:
            raise RuntimeError("broken parser")
        time.sleep(0.05)  # the worker's chunks take ~0.8 s each
        with done_log.open("a") as log:
            log.write(f"{job[2]}\n")
        return record(*job)

    monkeypatch.setattr(reading, "parse_record", slow_or_failing)
    with pytest.raises(RuntimeError, match="broken parser"):
        reading.parse_all(jobs, 2)
    parsed = done_log.read_text().split() if done_log.exists() else []
    # The worker is killed in the chunk it holds (it may have finished one or two before);
    # without the stop it would parse every chunk but the failed one (5 of 6).
    assert len(parsed) <= 3 * spread.CHUNK, f"{len(parsed)} files parsed after the error"
