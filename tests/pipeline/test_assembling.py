from __future__ import annotations

import json
from pathlib import Path

import pytest

from kgsync.read import config as config_module
from kgsync.pipeline.stages import build
from tests.pipeline.build_files import _cache_folder, in_place_then_forced


def test_facts_assembled_beside_the_build_are_the_facts_assembled_in_place(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``MIN_ITEMS_BESIDE`` items to assemble, half of them are assembled in a forked child
    (never in this small example, so here it is forced): a fresh build and a rebuild after an edit
    (which reuses what the child made, through the facts store) write the same bytes and say the
    same issues as with every item assembled in place."""
    from kgsync.pipeline import assembling, behind

    started: list[bool] = []

    def spy(make, items):  # type: ignore[no-untyped-def]
        other = behind.started_beside(make, items)
        started.append(other is not None and other.child is not None)
        return other

    def run(root: Path) -> tuple[object, ...]:
        cfg = config_module.load(root)
        first = build(cfg)
        written = (root / "memory.jsonl").read_bytes(), (root / "memory.kgsync.json").read_bytes()
        # the facts store's entries as the first build saved them (each item's sources' places among them);
        # not each file's header, whose context key reads where the checkout is
        facts = {path.name: json.loads(path.read_bytes())[1:]
                 for path in sorted((_cache_folder(cfg) / "facts").glob("*.*"))}  # the entries and their texts
        item = next((root / "Research" / "completed").glob("*.md"))
        item.write_text(item.read_text(encoding="utf-8").replace('title: "', 'title: "Revised: ', 1), encoding="utf-8")
        second = build(cfg)
        return (first.report, [i.render().replace(str(root), "") for i in first.issues], written, facts,
                second.report, [i.render().replace(str(root), "") for i in second.issues],
                (root / "memory.jsonl").read_bytes(), (root / "memory.kgsync.json").read_bytes())

    monkeypatch.setattr(assembling, "started_beside", spy)
    results = in_place_then_forced(repo, tmp_path, monkeypatch, "MIN_ITEMS_BESIDE", run)
    assert results[0] == results[1]
    assert results[0][2][0] != results[0][6] and results[0][3]  # the edit changed the graph
    assert started[:1] == [False] and True in started  # in place first; forked in the twin
