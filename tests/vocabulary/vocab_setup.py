"""The options the vocabulary tests select with, and a writer of pinned vocabulary files.

A support module, not a test module: tests/vocabulary/ imports from here, never from
test_vocab.py (tests/test_layout.py).  The ``vocab`` fixture is in tests/vocabulary/conftest.py.
"""

from __future__ import annotations

from pathlib import Path

from kgsync.read.config import Mining, VocabularyOptions


OPTIONS = VocabularyOptions(mining=Mining(min_items=2, max_item_share=0.5))


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "kgsync-vocab.yml"
    path.write_text(text, encoding="utf-8")
    return path
