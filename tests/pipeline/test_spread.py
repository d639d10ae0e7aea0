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
