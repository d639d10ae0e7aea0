"""kgsync.pipeline.result: what a build returns, its graphs made only when asked for."""

from __future__ import annotations

from kgsync.contract.errors import Location
from kgsync.contract.model import Entity, EntityType, Graph
from kgsync.graph.manifest import Manifest
from kgsync.lint.rules import LintReport
from kgsync.pipeline.result import BuildResult
from kgsync.read.items import Issue, IssueSeverity


def _result(load_graph, load_sizes=None, issues=()) -> BuildResult:
    return BuildResult(load_graph, Graph, Manifest({}), (), tuple(issues), LintReport(), None,  # type: ignore[arg-type]
                       False, (), load_sizes=load_sizes)


def test_the_graph_is_made_once_and_only_when_asked_for() -> None:
    made = []
    graph = Graph((Entity("concept:rag", EntityType.CONCEPT, ()),))

    def load() -> Graph:
        made.append(1)
        return graph

    result = _result(load)
    assert made == []
    assert result.graph is graph and result.graph is graph and made == [1]
    assert result.sizes == (1, 0)


def test_sizes_come_from_the_file_count_when_the_build_has_one() -> None:
    # A spliced rebuild counts its file's lines rather than parse a 50 MB graph to count it.
    result = _result(lambda: (_ for _ in ()).throw(AssertionError("the graph was parsed")), lambda: (47_642, 228_126))
    assert result.sizes == (47_642, 228_126)


def test_errors_are_the_error_issues_as_the_librarys_errors() -> None:
    issues = (Issue(IssueSeverity.WARNING, Location("a.md", 3), "w"), Issue(IssueSeverity.ERROR, Location("b.md", 7), "e", "fix"))
    [error] = _result(Graph, issues=issues).errors
    assert (error.location, str(error.hint)) == (Location("b.md", 7), "fix")
    assert _result(Graph).changed_items is None  # the build did not look: the CLI compares the manifests
