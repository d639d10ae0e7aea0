"""What ``test_merge`` and ``test_manifest`` share: one item's facts, addressing one concept."""

from __future__ import annotations

from kgsync.contract.model import Facts, Relation


def facts(slug: str, concept_alias: str) -> Facts:
    item, concept = f"item:{slug}", "concept:knowledge-graph"
    return Facts(
        entities=((item, "research_item"), (concept, "concept")),
        observations=((item, f"title: {slug}"), (item, f"provenance:item={slug}"),
                      (concept, f"alias:{concept_alias}"), (concept, f"provenance:item={slug}")),
        relations=(Relation(item, concept, "addresses"),),
    )
