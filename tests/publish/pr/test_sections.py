"""Tests of kgsync.publish.pr.sections: the body as cuttable sections, the head never cut."""

from __future__ import annotations

from kgsync.contract.model import Entity, Graph, Relation
from kgsync.diff.graph_diff import diff
from kgsync.publish.pr.sections import DEFAULT_TITLE, build_sections


def _added(n: int) -> Graph:
    item = "item:2026-03-01-alpha"
    concepts = [Entity(f"concept:c{k:03d}", "concept", ("provenance:item=2026-03-01-alpha",)) for k in range(n)]
    return Graph((Entity(item, "research_item", ("title: Alpha",)), *concepts),
                 tuple(Relation(item, c.name, "addresses") for c in concepts))


def test_the_head_comes_first_never_goes_and_opens_with_the_title_only_when_asked() -> None:
    sections = build_sections(diff(Graph((), ()), _added(3)))
    assert sections[0].kind == "head" and sections[0].priority == 0
    assert sections[0].text.startswith(f"## {DEFAULT_TITLE}\n\n**Needs attention**")
    assert [s.kind for s in sections] == ["head", "item"] and sections[1].label == "2026-03-01-alpha"
    assert all(s.priority > 0 for s in sections[1:])  # everything else may be cut
    untitled = build_sections(diff(Graph((), ()), _added(3)), heading=False)
    assert untitled[0].text.startswith("**Needs attention**") and DEFAULT_TITLE not in untitled[0].text


def test_sections_are_deterministic_and_the_full_report_lists_every_entry() -> None:
    d = diff(Graph((), ()), _added(30))
    assert build_sections(d) == build_sections(d)
    full = "".join(s.text for s in build_sections(d, cap=0))
    assert all(f"concept:c{k:03d}" in full for k in range(30))
