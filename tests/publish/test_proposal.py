"""Tests of kgsync.publish.proposal: a PR prepared from a checkout (what its body shows beyond the
diff: tests/publish/pr/test_body_context.py)."""

from __future__ import annotations

from pathlib import Path

from kgsync.contract.model import Entity, Graph


def test_prepared_carries_the_facts_made_by_hand_that_diff_json_marks(example_repo: Path) -> None:
    # ``kgsync pr --diff-json`` writes ``by_hand`` from them, as the body files "Changes by hand".
    from kgsync.contract import jsonl
    from kgsync.read import config as config_module
    from kgsync.publish.proposal import prepare

    note = Entity("concept:agent-note", "concept", ("added by an agent",))
    graph = jsonl.read(example_repo / "memory.jsonl")
    jsonl.write(example_repo / "memory.jsonl", Graph(graph.entities + (note,), graph.relations))
    prepared = prepare(config_module.load(example_repo), checkout=None, base_sha=None, title="t", labels=(), write=False)
    assert prepared.hand_made.new is not None and (note.name, "concept") in prepared.hand_made.new.entities
