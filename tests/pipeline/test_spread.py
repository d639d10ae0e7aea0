"""spread's chunks: every input once, in order, and small where the processes meet."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kgsync.pipeline.spread import CHUNK as _CHUNK, chunk_bounds


@given(st.integers(1, 3000), st.integers(2, 16))
def test_chunks_cover_every_file_once_in_order(count: int, processes: int) -> None:
    bounds = chunk_bounds(count, processes)
    assert bounds[0][0] == 0 and bounds[-1][1] == count
    assert all(end == following for (_, end), (following, _) in zip(bounds, bounds[1:]))
    assert all(0 < end - start <= _CHUNK for start, end in bounds)


@given(st.integers(2 * _CHUNK, 3000), st.integers(2, 16))
def test_the_chunks_where_the_processes_meet_are_a_file_or_two(count: int, processes: int) -> None:
    # the calling process takes chunks from the front, the others from the back: neither waits
    # for a chunk of _CHUNK files the other holds at the end
    meet = -(-count // processes)
    bounds = chunk_bounds(count, processes)
    before = next(b for b in bounds if b[1] == meet)
    after = next(b for b in bounds if b[0] == meet)
    assert before[1] - before[0] <= 2 and after[1] - after[0] <= 2


def test_far_from_the_meeting_point_chunks_hold_chunk_files() -> None:
    sizes = [end - start for start, end in chunk_bounds(10_000, 2)]
    assert sizes.count(_CHUNK) >= 10_000 // _CHUNK - 20 and len(sizes) < 10_000 // _CHUNK + 40


# The forked workers (``spread`` where fork is available, as on Linux): results in order,
# whatever the worker count, a worker's error raised, a worker that vanished noticed.

import os  # noqa: E402
import time  # noqa: E402

import pytest  # noqa: E402

from kgsync.pipeline import spread as spread_module  # noqa: E402
from kgsync.pipeline.spread import chunk_size, spread  # noqa: E402

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="forked workers only where fork is")


@given(st.integers(1, 100_000), st.integers(2, 16))
def test_a_claimed_chunk_is_chunk_inputs_at_most_and_never_empty(left: int, processes: int) -> None:
    size = chunk_size(left, processes)
    assert 1 <= size <= min(_CHUNK, left)
    assert size == _CHUNK or size <= max(1, left // (3 * processes))  # small only near the end


@needs_fork
@given(st.integers(1, 3000), st.integers(2, 16), st.lists(st.booleans(), min_size=1))
def test_claims_from_both_ends_cover_every_input_once(count: int, processes: int, ends: list[bool]) -> None:
    claims = spread_module._Claims(count, processes)
    front: list[tuple[int, int]] = []
    back: list[tuple[int, int]] = []
    turn = 0
    while (chunk := claims.claim(ends[turn % len(ends)])) is not None:
        (front if ends[turn % len(ends)] else back).append(chunk)
        turn += 1
    chunks = front + back[::-1]  # the front's in claim order, then the back's from the meeting point
    assert chunks[0][0] == 0 and chunks[-1][1] == count
    assert all(end == following for (_, end), (following, _) in zip(chunks, chunks[1:]))


@needs_fork
@pytest.mark.parametrize("jobs", [2, 3])
def test_forked_spread_equals_the_serial_map_and_needs_no_picklable_task(jobs: int) -> None:
    offset = 7
    inputs = list(range(500))
    assert spread(lambda x: (x, "y" * (x % 50) * 100 + str(offset)), inputs, jobs) == \
        [(x, "y" * (x % 50) * 100 + str(offset)) for x in inputs]


@needs_fork
def test_results_larger_than_the_pipe_arrive_whole() -> None:
    # ~40 MB of results: the workers' pipes fill; they keep working and send the rest later.
    inputs = list(range(400))
    assert spread(lambda x: bytes([x % 251]) * 100_000, inputs, 2) == [bytes([x % 251]) * 100_000 for x in inputs]


@needs_fork
def test_a_workers_error_is_raised_by_the_calling_process() -> None:
    here = os.getpid()

    def task(x: int) -> int:
        if os.getpid() != here:
            raise ValueError(f"broken on {x}")
        time.sleep(0.002)  # the worker claims a chunk before this process has claimed them all
        return x

    with pytest.raises(ValueError, match="broken on"):
        spread(task, list(range(200)), 2)


@needs_fork
def test_a_worker_that_vanishes_is_noticed() -> None:
    here = os.getpid()

    def task(x: int) -> int:
        if os.getpid() != here:
            os._exit(3)  # as if killed: no result, no error message
        time.sleep(0.002)
        return x

    with pytest.raises(RuntimeError, match="a worker ended without the results"):
        spread(task, list(range(200)), 2)
