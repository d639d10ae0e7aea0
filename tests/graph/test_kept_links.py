"""kgsync.graph.kept_links: the links other items made to a kept item's claims, from the manifest."""

from __future__ import annotations

from kgsync.contract.model import Facts, Relation, RelationType
from kgsync.extract.evidence_model import PlannedLink
from kgsync.graph.kept_links import links_to_kept
from kgsync.graph.merge import Manifest

_A, _B = "claim:2026-01-01-a:canonical-names", "claim:2026-01-02-b:resolution"
_CITING = Facts(
    (("item:2026-01-02-b", "research_item"), (_B, "claim")),
    ((_B, "title: Resolution merges variants."), (_B, "section:key-finding-3")),
    (Relation(_B, _A, "supports"), Relation(_B, "claim:2026-01-03-c:other", "extends")),
    ((_B, _A, "supports", "This confirms Key Finding 2 of `2026-01-01-a`.", "Research/completed/2026-01-02-b.md:24"),
     (_B, "claim:2026-01-03-c:other", "extends", "See `2026-01-03-c` KF1.", "Research/completed/2026-01-02-b.md:25")))


def test_a_kept_item_s_incoming_links_are_read_back_as_planned_links() -> None:
    manifest = Manifest({"2026-01-01-a": Facts(((_A, "claim"),)), "2026-01-02-b": _CITING})
    assert links_to_kept(manifest, frozenset({"2026-01-01-a"})) == {"2026-01-02-b": (PlannedLink(
        3, RelationType.SUPPORTS, _A, "2026-01-01-a", "This confirms Key Finding 2 of `2026-01-01-a`.", 24),)}
    # the links to items that read now are planned from their text; a kept item's own links are its facts
    assert links_to_kept(manifest, frozenset({"2026-01-04-d"})) == {}
    assert links_to_kept(manifest, frozenset({"2026-01-02-b"})) == {}
    assert links_to_kept(None, frozenset({"2026-01-01-a"})) == {}
