"""``relint``: the previous report, less and plus the changed nodes' findings, equals ``lint`` of the new graph."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.contract.errors import Location
from kgsync.contract.model import Entity, Graph, Relation
from kgsync.lint.incremental import _parse_label, relint
from kgsync.lint.rules import lint, relation_label
from tests.lint.lint_graphs import clean_graph

# Observations that break a rule, or not: long, glued, bad values, a provenance to no item, duplicates.
OBSERVATIONS = st.sampled_from([
    "provenance:item=alpha", "provenance:item=beta", "provenance:item=gone", "provenance:", "title: Alpha again",
    "summary: " + "long " * 70, "summary: two\nlines", "confidence:high", "confidence:certain", "completed:2026-02-30",
    "status:contested", "status:odd", "tag:a status:b", "", "  ", "alias:vector search", "section:key-finding-2",
])
# Where the finding of a name points, now: an item's line may move without a fact moving.
SOURCES = st.dictionaries(st.sampled_from([*(e.name for e in clean_graph().entities), *clean_graph().relations]),
                          st.builds(Location, st.sampled_from(["a.md", "b.md"]), st.integers(1, 40)), max_size=6)


def with_observations(graph: Graph, changes: dict[str, tuple[str, ...]]) -> Graph:
    return Graph(tuple(Entity(e.name, e.entity_type, changes.get(e.name, e.observations)) for e in graph.entities),
                 graph.relations)


@settings(max_examples=300, deadline=None)
@given(before=st.dictionaries(st.sampled_from([e.name for e in clean_graph().entities]),
                              st.lists(OBSERVATIONS, max_size=5).map(tuple), max_size=3),
       after=st.dictionaries(st.sampled_from([e.name for e in clean_graph().entities]),
                             st.lists(OBSERVATIONS, max_size=5).map(tuple), max_size=3),
       sources_before=SOURCES, sources_after=SOURCES)
def test_relint_equals_lint_when_only_observations_change(before: dict[str, tuple[str, ...]],
                                                          after: dict[str, tuple[str, ...]],
                                                          sources_before: dict[str, Location],
                                                          sources_after: dict[str, Location]) -> None:
    old = with_observations(clean_graph(), before)
    new = with_observations(old, after)
    changed = set(after)
    report = relint(lint(old, sources=sources_before), changed, [e for e in new.entities if e.name in changed],
                    lookup=new.entity, exists=new.__contains__,
                    attributed=lambda name: any(r.target == name and r.source.startswith("item:") and r.source in new
                                                and r.relation_type in ("addresses", "uses_method")
                                                for r in new.relations),
                    sources=sources_after)
    assert report == lint(new, sources=sources_after)


def test_a_relation_label_is_parsed_only_when_unambiguous() -> None:
    relation = Relation("claim:a:b", "concept:c", "about")
    assert _parse_label(relation_label(relation)) == relation
    assert _parse_label(relation_label(Relation("concept:x -[y]-> z", "concept:c", "about"))) is None
