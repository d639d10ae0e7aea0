"""Tests of kgsync.pipeline.cache.records: record parts loaded only for the items a rebuild needs."""

from __future__ import annotations

from unittest import mock
from pathlib import Path

import pytest

from kgsync.read import config as config_module
from kgsync.read.items import find_item_files
from kgsync.pipeline.stages import build
from tests.pipeline.build_files import _cache_folder, _fresh_bytes, items_dir


@pytest.mark.usefixtures("settle_at_once")
def test_record_parts_load_only_for_edited_items_and_a_lost_part_is_parsed_again(repo: Path, tmp_path: Path) -> None:
    """``RecordCache``: a rebuild reads extractions and candidates only of the records it needs
    (the edited items); a lost ``parts/`` file costs a parse, never a wrong graph."""
    from kgsync.pipeline.cache import fingerprint, records

    cfg = config_module.load(repo)
    graph = cfg.path(cfg.graph)
    build(cfg)
    loaded: list[str] = []
    real_load = records.RecordCache._load

    def counting(self, folder, shard):
        if folder == self.parts_folder:
            loaded.append(shard)
        return real_load(self, folder, shard)

    with mock.patch.object(records.RecordCache, "_load", counting):
        build(cfg)
        assert loaded == []  # no-op: no item is assembled or mined again
        victim = sorted(p for p in find_item_files(items_dir(repo)) if p.name != "README.md")[1]
        victim.write_text(victim.read_text(encoding="utf-8") + "\nA plain note at the end of the log.\n",
                          encoding="utf-8")  # its candidates stay the same: the vocabulary is reused
        build(cfg)
        assert 0 < len(loaded) <= 2  # the shards of the new and the old record of the victim
    assert graph.read_bytes() == _fresh_bytes(repo, cfg, tmp_path)[0]
    for part in (_cache_folder(cfg) / "parts").glob("*.json"):
        part.unlink()
    with mock.patch.object(fingerprint, "code_fingerprint", lambda stage: "other code"):  # assemble everything
        build(cfg)
    assert graph.read_bytes() == _fresh_bytes(repo, cfg, tmp_path)[0]
    assert list((_cache_folder(cfg) / "parts").glob("*.json"))  # written again
