"""kgsync.read.user_cache: the user's cache directory, by the XDG rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.read.user_cache import user_cache_home


def test_the_user_cache_directory_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert user_cache_home() == tmp_path / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/not/allowed")  # the XDG rule: ignored
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_cache_home() == tmp_path / "home" / ".cache"

