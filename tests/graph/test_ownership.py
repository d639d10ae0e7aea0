"""``anchored``: what a manifest entry can prove an item wrote (the build's use of it, the facts
kept as hand-added and reported: ``tests/graph/test_merge.py``)."""

from __future__ import annotations

from pathlib import Path

from kgsync.contract.model import Facts
from kgsync.graph.manifest import load_manifest
from kgsync.graph.ownership import anchored


def test_what_an_item_writes_is_always_anchored_on_it() -> None:
    """Every fact of the example's manifest passes the cross-check (nothing of kgsync's own is disowned)."""
    manifest = load_manifest(Path(__file__).resolve().parents[2] / "examples" / "research-repo"
                             / "memory.kgsync.json")
    assert manifest is not None
    for slug, own in manifest.by_item.items():
        assert anchored(slug, own) == (own, Facts()), slug
