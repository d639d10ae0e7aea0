"""``kgsync.pipeline.cache.read_memo``: its per-folder display equals the one-file ``read.items.display_path``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from kgsync.pipeline.cache.read_memo import _Displays
from kgsync.read.items import display_path


def test_displays_by_folder_text_equal_each_files_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Looked up by the text before the name (one resolve per folder), a display is the one
    ``display_path`` gives the file alone: files at the root, in folders, through ``..`` and ``.``, by
    absolute and relative paths, and outside the root."""
    root = tmp_path / "repo"
    for folder in (root, root / "a", root / "a" / "b", tmp_path / "outside"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "x.md").write_text("x", encoding="utf-8")
    monkeypatch.chdir(root)
    paths = [root / "x.md", root / "a" / "x.md", root / "a" / "b" / "x.md", root / "a" / ".." / "x.md",
             root / "a" / "b" / ".." / "x.md", tmp_path / "outside" / "x.md", Path("x.md"), Path("a/x.md"),
             Path("./a/b/x.md"), Path("a/../a/x.md"), Path("../outside/x.md"), Path(os.path.relpath(root / "a", root)) / "x.md"]
    for start in (root, Path(".")):
        displays = _Displays(start)
        for path in paths + paths[::-1]:  # every folder seen first and again
            assert displays.of(path, False) == display_path(path, start), path
