"""Which acronym aliases a rule takes off the nodes, joined with labels (``bench/bench_acronym_aliases.py``, issue 21 part 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.bench.alias_graphs import write_alias_graph as _graph
from bench.bench_acronym_aliases import acronym_key, main, passes, read_labels, removed, route_a, tally


def test_acronym_keys() -> None:
    assert [acronym_key(a) for a in ("FS", "ADRs", "CoT", "risk management framework", "Fs")] == [
        "fs", "adr", "cot", None, None]


def test_route_a_takes_the_aliases_of_an_acronym_of_two_meanings() -> None:
    aliases = {"concept:financial-service": ("FS", "financial services"), "concept:ai-rmf": ("RMF",)}
    expansions = {"fs": ("financial service", "feedback statement"), "rmf": ("risk management framework",)}
    assert route_a(aliases, expansions) == [("concept:financial-service", "FS")]


def test_removed_tally_and_the_bar(tmp_path: Path) -> None:
    base = {"concept:ai-rmf": ("NIST AI RMF", "RMF"), "concept:gone": ("X",)}
    head = {"concept:ai-rmf": ("NIST AI RMF",)}
    pairs = removed(base, head)
    assert pairs == [("concept:ai-rmf", "RMF")]  # a node HEAD lacks is no alias removed
    labels_file = tmp_path / "labels.tsv"
    labels_file.write_text("# header\npopulation\troute\tnode\talias\tverdict\tnote\n"
                           "research\tB\tconcept:ai-rmf\tRMF\ttoo-broad\tx\n", encoding="utf-8")
    labels = read_labels(labels_file)
    assert tally(pairs, labels) == {"too-broad": 1} and passes({"too-broad": 1})
    assert not passes({"too-broad": 2, "right": 1}) and passes({"too-broad": 3, "right": 1})
    assert not passes({"too-broad": 3, "unlabelled": 1})


def test_main_prints_both_routes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "b").mkdir()
    base = _graph(tmp_path / "b" / "memory.jsonl", {"concept:financial-service": ["FS"], "concept:ai-rmf": ["RMF"]})
    (tmp_path / "b" / "memory.kgsync.json").write_text(json.dumps({"acronyms": [
        ["fs", "feedback statement", []], ["fs", "financial service", []]]}), encoding="utf-8")
    head = _graph(tmp_path / "head.jsonl", {"concept:financial-service": ["FS"], "concept:ai-rmf": []})
    labels = tmp_path / "labels.tsv"
    labels.write_text("population\troute\tnode\talias\tverdict\tnote\n"
                      "research\tA\tconcept:financial-service\tFS\ttoo-broad\tx\n", encoding="utf-8")
    assert main(["--labels", str(labels), f"research={base}:{head}"]) == 0
    out = capsys.readouterr().out
    assert "research\tA\ttouched 1\ttoo-broad 1\tpasses True" in out
    assert "research\tremoved\ttouched 1\tunlabelled 1\tpasses False" in out
