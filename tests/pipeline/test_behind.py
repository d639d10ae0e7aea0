"""Behind: a large save runs in a forked child and is on disk once ``wait`` returns; a small one
runs in place; a child that failed has its save done again in place (its error raised there)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from kgsync.pipeline import behind as behind_module
from kgsync.pipeline.behind import MIN_BEHIND, MIN_BEHIND_LIGHT, MIN_BESIDE, Behind, Beside

def _failing_first(calls: Path) -> Callable[[], int]:
    """A task that writes its process's id to ``calls`` and fails the first time (its value: that id)."""
    def task() -> int:
        with calls.open("a") as out:
            out.write(f"{os.getpid()}\n")
        if len(calls.read_text().splitlines()) == 1:
            raise OSError("disk full")
        return os.getpid()
    return task


forks = pytest.mark.skipif(not behind_module._can_fork(), reason="no fork, or one CPU: every save runs in place")


@forks
def test_a_large_save_runs_in_a_child_and_is_done_when_wait_returns(tmp_path: Path) -> None:
    saver = Behind()
    saver.save(lambda: (tmp_path / "saved").write_text(str(os.getpid())), MIN_BEHIND)
    assert len(saver.pending) == 1
    saver.wait()
    assert not saver.pending
    assert (tmp_path / "saved").read_text() != str(os.getpid())  # written by the child


def test_a_small_save_runs_in_place(tmp_path: Path) -> None:
    saver = Behind()
    saver.save(lambda: (tmp_path / "saved").write_text(str(os.getpid())), MIN_BEHIND - 1)
    assert not saver.pending and (tmp_path / "saved").read_text() == str(os.getpid())


@forks
def test_a_save_of_light_entries_runs_in_place_below_its_own_threshold(tmp_path: Path) -> None:
    saver = Behind()
    saver.save(lambda: (tmp_path / "light").write_text(str(os.getpid())), MIN_BEHIND_LIGHT - 1, MIN_BEHIND_LIGHT)
    assert not saver.pending and (tmp_path / "light").read_text() == str(os.getpid())
    saver.save(lambda: (tmp_path / "heavy").write_text(str(os.getpid())), MIN_BEHIND_LIGHT, MIN_BEHIND_LIGHT)
    saver.wait()
    assert (tmp_path / "heavy").read_text() != str(os.getpid())  # at the threshold: written by a child


@forks
def test_a_failed_child_has_its_save_done_again_in_place(tmp_path: Path) -> None:
    calls = tmp_path / "calls"
    saver = Behind()
    saver.save(_failing_first(calls), MIN_BEHIND)
    saver.wait()
    assert calls.read_text().splitlines()[1] == str(os.getpid())  # the second call: this process


@forks
def test_a_save_failing_again_in_place_raises_its_error(tmp_path: Path) -> None:
    def save() -> None:
        raise OSError("disk full")

    saver = Behind()
    saver.save(save, MIN_BEHIND)
    with pytest.raises(OSError, match="disk full"):
        saver.wait()
    assert not saver.pending


@forks
def test_a_child_that_says_something_has_its_save_done_again_in_place(tmp_path: Path) -> None:
    # A notice the child adds (a cache file it read did not validate) would be lost with it.
    said: list[str] = []

    def save() -> None:
        said.append(str(os.getpid()))

    saver = Behind()
    saver.said = said
    saver.save(save, MIN_BEHIND)
    saver.wait()
    assert said == [str(os.getpid())]


@forks
def test_a_large_value_is_made_in_a_child_and_sent_back() -> None:
    value = Beside(lambda: (os.getpid(), {"findings": ("a", "b")}), MIN_BESIDE)
    assert value.child is not None
    pid, rest = value.result()
    assert pid != os.getpid() and rest == {"findings": ("a", "b")}
    assert value.child is None


def test_a_small_value_is_made_in_place_when_asked_for() -> None:
    calls: list[int] = []
    value = Beside(lambda: calls.append(os.getpid()) or len(calls), MIN_BESIDE - 1)
    assert value.child is None and not calls
    assert value.result() == 1 and calls == [os.getpid()]


@forks
def test_a_value_whose_child_failed_is_made_again_in_place_its_error_raised_there(tmp_path: Path) -> None:
    calls = tmp_path / "calls"
    assert Beside(_failing_first(calls), MIN_BESIDE).result() == os.getpid()
    assert len(calls.read_text().splitlines()) == 2
    with pytest.raises(ValueError, match="no graph"):  # failing in place too: its error, raised here
        Beside(lambda: int("no graph"), MIN_BESIDE).result()


@forks
def test_an_abandoned_value_ends_its_child_even_while_it_writes() -> None:
    value = Beside(lambda: "x" * (4 << 20), MIN_BESIDE)  # past any pipe's buffer: the child blocks writing
    assert value.child is not None
    pid = value.child[0]
    value.abandon()
    assert value.child is None
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)  # already waited for
