"""kgsync.yml: declarative schema, every problem reported at once, documented in the README."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync import config
from kgsync.errors import ConfigError
from kgsync.lint import rules_table

README = Path(__file__).resolve().parent.parent / "README.md"


def test_defaults_without_a_file(tmp_path: Path) -> None:
    cfg = config.load(tmp_path)
    assert cfg.items == "Research/completed/*.md" and cfg.graph == "memory.jsonl"
    assert (cfg.caps.concepts, cfg.caps.claims, cfg.caps.methods) == (5, 4, 2)
    assert cfg.path(cfg.graph) == tmp_path / "memory.jsonl"


def test_values_are_read(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text(
        "graph: kg/graph.jsonl\ncaps:\n  claims: 1\nmining:\n  max_item_share: 0.5\npr:\n  labels: kg\n",
        encoding="utf-8")
    cfg = config.load(tmp_path)
    assert cfg.graph == "kg/graph.jsonl" and cfg.caps.claims == 1 and cfg.caps.concepts == 5
    assert cfg.mining.max_item_share == 0.5 and cfg.pr.labels == ("kg",)


def test_every_problem_is_reported_once_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text(
        "grph: x\ncaps:\n  claims: many\n  concepts: -1\nmining:\n  max_item_share: 3\ntag_style: fancy\n",
        encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        config.load(tmp_path)
    message = str(caught.value)
    assert "5 problem(s)" in message
    for expected in ("line 1: grph: unknown option", "line 3: caps.claims", "line 4: caps.concepts",
                     "line 6: mining.max_item_share", "line 7: tag_style"):
        assert expected in message


def test_invalid_yaml_names_the_line(tmp_path: Path) -> None:
    (tmp_path / "kgsync.yml").write_text("graph: [unclosed\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        config.load(tmp_path)
    assert caught.value.location is not None and caught.value.location.line == 2


def test_readme_documents_every_option_and_rule() -> None:
    text = README.read_text(encoding="utf-8")
    assert config.reference_table() in text, "regenerate the README's configuration table"
    assert rules_table() in text, "regenerate the README's lint rules table"
