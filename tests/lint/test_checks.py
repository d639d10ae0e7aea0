"""provenance_slug: the one reading of a ``provenance:item=<slug>`` observation the checks share; columns_of:
the names, types and ends they read, once."""

from __future__ import annotations

import pytest

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.lint.checks import columns_of, provenance_slug


@pytest.mark.parametrize(("observation", "slug"), [
    ("provenance:item=2026-01-01-a", "2026-01-01-a"),
    ("provenance: item= 2026-01-01-a ", "2026-01-01-a"),  # blanks around the value are the server's, not the slug's
    ("provenance:item=", None),
    ("provenance:2026-01-01-a", None),  # no item=
    ("provenance:items=x", None),
    ("source:item=2026-01-01-a", None),
    ("title: provenance:item=x", None),
])
def test_provenance_slug(observation: str, slug: str | None) -> None:
    assert provenance_slug(observation) == slug


def test_a_claim_that_both_supports_and_contradicts_another_is_the_finding_of_the_claim_stating_both() -> None:
    """One item's cites: entry and marker (or two of either) giving one finding two stances: the
    finding is the stating claim's (its item is blamed and keeps its previous nodes), not the cited
    claim's, whose item has nothing to fix (placed there, the whole build failed)."""
    from kgsync.contract.model import Entity, Graph, Relation
    from kgsync.lint.rules import lint

    cited, citing = "claim:2026-01-01-a:sqlite-fits", "claim:2026-02-01-b:json-fits"  # the cited sorts first
    graph = Graph(
        (Entity("item:2026-01-01-a", "research_item", ("provenance:item=2026-01-01-a",)),
         Entity("item:2026-02-01-b", "research_item", ("provenance:item=2026-02-01-b",)),
         Entity(cited, "claim", ("provenance:item=2026-01-01-a",)),
         Entity(citing, "claim", ("provenance:item=2026-02-01-b",))),
        (Relation("item:2026-01-01-a", cited, "states"), Relation("item:2026-02-01-b", citing, "states"),
         Relation(citing, cited, "supports"), Relation(citing, cited, "contradicts")))
    [finding] = [f for f in lint(graph).findings if f.code == "conflicting-relations"]
    assert (finding.entity, finding.message) == (citing, f"both supports and contradicts {cited}")


def test_columns_are_the_graphs_in_order() -> None:
    graph = Graph((Entity("item:a", "research_item", ()), Entity("concept:x", "concept", ()), Entity("item:a", "claim", ())),
                  (Relation("item:a", "concept:x", "addresses"), Relation("concept:x", "item:a", "extends")))
    columns = columns_of(graph)
    assert (columns.names, columns.types) == (["item:a", "concept:x", "item:a"], ["research_item", "concept", "claim"])
    assert (columns.sources, columns.targets, columns.relation_types) == (
        ["item:a", "concept:x"], ["concept:x", "item:a"], ["addresses", "extends"])


def test_a_later_copy_of_a_name_is_reported_and_the_first_typed() -> None:
    """The relations' endpoint types come from the first entity of a name (the server's), as before the
    checks shared one reading of the names and types."""
    from kgsync.lint.rules import lint

    graph = Graph((Entity("item:a", "research_item", ("provenance:item=a", "title: A")),
                   Entity("concept:x", "concept", ()), Entity("concept:x", "method", ())),
                  (Relation("item:a", "concept:x", "addresses"),))
    codes = sorted(f.code for f in lint(graph).findings)
    assert "duplicate-entity" in codes
    assert "endpoint-type-mismatch" not in codes  # addresses -> a concept: the first copy's type
