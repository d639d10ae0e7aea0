"""items_of: the items a node or relation is filed under in the review (name, provenance, claim slug)."""

from __future__ import annotations

from kgsync.contract.model import Entity
from kgsync.diff.item_attribution import items_of
from tests.diff.small_graphs import A, B, claim, concept, item


def test_items_of_follows_name_then_provenance_then_claim_slug() -> None:
    assert items_of(item(A)) == (A,)
    assert items_of(concept("rag", B, A)) == (A, B)
    assert items_of(Entity("concept:x", "concept", ("provenance: item=" + A,))) == (A,)
    assert items_of(claim(B, "k", provenance=False)) == (B,)
    assert items_of(Entity(f"claim:{B}:k", "claim", (f"provenance:item={A}",))) == (A,)  # provenance first
    assert items_of(Entity("concept:orphan", "concept", ("tag:x",))) == ()
