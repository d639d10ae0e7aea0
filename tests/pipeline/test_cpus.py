"""Tests of kgsync.pipeline.cpus: the CPUs this process may use, not the machine's count."""

from __future__ import annotations

import os

import pytest

from kgsync.pipeline import cpus


def test_usable_cpus_is_the_affinity_mask_where_there_is_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 3, 5}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert cpus.usable_cpus() == 3  # a container or taskset allows fewer than the machine has


def test_usable_cpus_falls_back_to_the_machine_count_and_never_to_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)  # not on Linux
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    assert cpus.usable_cpus() == 6
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown
    assert cpus.usable_cpus() == 1
