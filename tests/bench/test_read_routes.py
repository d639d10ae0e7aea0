"""bench/read_routes.py: three read-stage rewrites, each equal to the current code on the calls it captures."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import read_routes  # noqa: E402  (bench/ is not a package)

from kgsync.extract import item_text, mentions, references  # noqa: E402

_EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "research-repo" / "Research" / "completed"


def test_the_calls_are_captured_and_the_functions_put_back() -> None:
    lines_to_read, governing = references._lines_to_read, mentions.governing
    runs, _words, texts = read_routes.captured(read_routes._item_files(_EXAMPLE)[:3])
    assert runs and texts
    assert (references._lines_to_read, mentions.governing) == (lines_to_read, governing)
    assert item_text.capitalised_runs.__module__ == "kgsync.extract.designations"


def test_each_rewrite_answers_as_the_current_code() -> None:
    runs = [["see x.md", "plain", "2026-01-02-slug", "`abc-def-ghi`", "Key Findings 3", "KF 2", "backk"]]
    words = [["this", "confirms", "zzreference0", "and", "extends", "it"]]
    texts = ["iPhone and GitHub, 1xFoo, eBay MLOps AI éaB"]
    rows = read_routes.compare(runs, words, texts, repeat=1)
    assert [name for name, *_ in rows] == ["lines", "cues", "runs"]
    assert read_routes.lines_one_pass(runs[0]) == {0, 2, 3, 4, 5}
