"""kgsync.graph.kept_links: the links other items made to a kept item's claims, from the manifest."""

from __future__ import annotations

from kgsync.contract.model import Facts, Relation, RelationType
from kgsync.extract.evidence_model import KeptLinks, PlannedLink
from kgsync.graph.kept_links import kept_item_nodes, links_of_kept
from kgsync.graph.manifest import Manifest

_A, _B = "claim:2026-01-01-a:canonical-names", "claim:2026-01-02-b:resolution"
_CITING = Facts(
    (("item:2026-01-02-b", "research_item"), (_B, "claim")),
    ((_B, "title: Resolution merges variants."), (_B, "section:key-finding-3")),
    (Relation(_B, _A, "supports"), Relation(_B, "claim:2026-01-03-c:other", "extends")),
    ((_B, _A, "supports", "This confirms Key Finding 2 of `2026-01-01-a`.", "Research/completed/2026-01-02-b.md:24"),
     (_B, "claim:2026-01-03-c:other", "extends", "See `2026-01-03-c` KF1.", "Research/completed/2026-01-02-b.md:25")))


def test_a_kept_item_s_incoming_links_are_read_back_as_planned_links() -> None:
    manifest = Manifest({"2026-01-01-a": Facts(((_A, "claim"),)), "2026-01-02-b": _CITING})
    assert links_of_kept(manifest, frozenset({"2026-01-01-a"})) == KeptLinks({"2026-01-02-b": (PlannedLink(
        3, RelationType.SUPPORTS, _A, "2026-01-01-a", "This confirms Key Finding 2 of `2026-01-01-a`.", 24),)},
        claims={"2026-01-01-a": {}})  # its one claim has no finding number: no cites entry can name it
    # the links to items that read now are planned from their text
    assert links_of_kept(manifest, frozenset({"2026-01-04-d"})) == KeptLinks()
    assert links_of_kept(None, frozenset({"2026-01-01-a"})) == KeptLinks()


def test_a_kept_item_s_links_name_the_claims_they_require_with_their_findings_numbers() -> None:
    manifest = Manifest({"2026-01-01-a": Facts(((_A, "claim"),), ((_A, "section:key-finding-6"),)),
                         "2026-01-02-b": _CITING})
    # 2026-01-03-c is in no manifest line: nothing to require of it
    assert links_of_kept(manifest, frozenset({"2026-01-02-b"})) == KeptLinks({}, {"2026-01-01-a": {_A: 6}},
                                                                              {"2026-01-02-b": {3: _B}})


def test_a_kept_item_s_nodes_are_the_concepts_and_methods_its_own_node_links() -> None:
    kept = Facts((("item:2026-01-01-a", "research_item"),), (), (
        Relation("item:2026-01-01-a", "concept:knowledge-graph", "addresses"),
        Relation("item:2026-01-01-a", "method:entity-resolution", "uses_method"),
        Relation("item:2026-01-01-a", _A, "states"),
        Relation(_A, "concept:canonical-name", "about")))
    manifest = Manifest({"2026-01-01-a": kept, "2026-01-02-b": _CITING})
    assert kept_item_nodes(manifest, frozenset({"2026-01-01-a"})) == {"concept:knowledge-graph", "method:entity-resolution"}
    assert kept_item_nodes(manifest, frozenset({"2026-01-02-b", "2026-01-09-gone"})) == set()
    assert kept_item_nodes(None, frozenset({"2026-01-01-a"})) == set()
