"""``kgsync vocab`` (kgsync.cli.vocab): its listing agrees with the graph the build makes.

It once said a term was "not a node" while the graph held the node: the listing decided
node-ness on a path of its own.  Now it reads node-ness off the build's graph, and these
tests hold it to that on the example repo and on the real corpus.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner

from kgsync.cli.main import cli
from tests.conftest import SHARED_CORPUS

_TERM = re.compile(r"^(concept|method) +(\S.*?)  \(\d+ items(?: pinned)?; (node|not a node)")
_OTHER = re.compile(r"^  ((?:concept|method):\S+)  \(linked by \d+\)$")


def listed(output: str) -> tuple[set[str], set[str]]:
    """(nodes, not nodes) as the text listing says."""
    nodes: set[str] = set()
    others: set[str] = set()
    for line in output.splitlines():
        term = _TERM.match(line)
        if term:
            (nodes if term.group(3) == "node" else others).add(f"{term.group(1)}:{term.group(2)}")
        other = _OTHER.match(line)
        if other:
            nodes.add(other.group(1))
    return nodes, others


def graph_nodes(graph_file: Path) -> set[str]:
    out = set()
    for line in graph_file.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("type") == "entity" and record["entityType"] in ("concept", "method"):
            out.add(record["name"])
    return out


def check_agreement(root: Path) -> None:
    runner = CliRunner()
    built = runner.invoke(cli, ["build", "--root", str(root), "--no-cache", "-q"])
    assert built.exit_code == 0, built.output
    shown = runner.invoke(cli, ["vocab", "--root", str(root)])
    assert shown.exit_code == 0, shown.output
    nodes, not_nodes = listed(shown.output)
    in_graph = graph_nodes(root / "memory.jsonl")
    assert not (not_nodes & in_graph), f"called 'not a node' yet in the graph: {sorted(not_nodes & in_graph)}"
    assert nodes == in_graph, (sorted(nodes - in_graph), sorted(in_graph - nodes))


def test_the_example_listing_names_exactly_the_graphs_nodes(example_repo: Path) -> None:
    check_agreement(example_repo)


def test_the_real_corpus_listing_names_exactly_the_graphs_nodes(tmp_path: Path,
                                                                 require_shared: Callable[[Path], Path]) -> None:
    corpus = require_shared(SHARED_CORPUS)
    themes = corpus.parent / "themes-vocabulary.md"
    (tmp_path / "kgsync.yml").write_text(f"items: {corpus}\nthemes_vocabulary: {themes}\ngraph: memory.jsonl\n",
                                         encoding="utf-8")
    check_agreement(tmp_path)
