"""The repo's theme vocabulary: alias map from Markdown or YAML."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from kgsync.errors import ConfigError
from kgsync.themes import load_theme_map

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "themes-vocabulary.md"


def test_markdown_with_a_yaml_block(tmp_path: Path) -> None:
    path = tmp_path / "themes.md"
    path.write_text("# Themes\n\n```yaml\nagentic-ai:\n  - agents\n  - AI Agents\nrag-retrieval: []\n```\n",
                    encoding="utf-8")
    themes = load_theme_map(path)
    assert themes.canonicalise("agents") == "agentic-ai"
    assert themes.canonicalise("AI agents") == "agentic-ai"
    assert themes.canonicalise("rag-retrieval") == "rag-retrieval"
    assert themes.canonicalise("unknown_theme") == "unknown-theme"


def test_the_real_vocabulary(require_shared: Callable[[Path], Path]) -> None:
    themes = load_theme_map(require_shared(SHARED))
    assert len(themes.canonical) == 22
    assert themes.canonicalise("vector-search") == "rag-retrieval"
    assert themes.canonicalise("ontologies") == "knowledge-graphs"


def test_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        load_theme_map(tmp_path / "missing.md")
    (tmp_path / "none.md").write_text("# no map here\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="no ```yaml block"):
        load_theme_map(tmp_path / "none.md")
    (tmp_path / "bad.md").write_text("intro\n\n```yaml\na: [b\n```\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_theme_map(tmp_path / "bad.md")
    assert caught.value.location.line is not None
