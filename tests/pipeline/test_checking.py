"""Tests of kgsync.pipeline.checking: the merged graph's findings, hand-added content placed at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgsync.read import config as config_module
from kgsync.contract import jsonl
from kgsync.contract.model import EntityType, Graph, Relation
from kgsync.pipeline.stages import build
from tests.pipeline.build_files import in_place_then_forced


def test_a_finding_on_hand_added_content_points_at_its_line_in_the_graph_file(repo: Path) -> None:
    cfg = config_module.load(repo)
    graph = build(cfg).graph
    item = next(graph.of_type(EntityType.RESEARCH_ITEM))
    dangling = Relation(item.name, "concept:nowhere", "addresses")  # added by hand, to a node that is not there
    jsonl.write(repo / "memory.jsonl", Graph(graph.entities, graph.relations + (dangling,)))
    line = len(graph.entities) + len(graph.relations) + 1
    result = build(cfg)  # hand-added content never blocks a build (a warning, see tests/graph/test_hand_added.py)
    [finding] = [f for f in result.report.findings if f.code == "stranded-hand-added"]
    assert "dangling-relation" in finding.message and dangling in result.graph.relations
    assert finding.location is not None and (finding.location.path, finding.location.line) == (
        str(repo / "memory.jsonl"), line)


def test_an_item_is_blamed_for_an_error_at_its_file_or_on_a_node_it_makes_once() -> None:
    from dataclasses import replace

    from kgsync.contract.errors import Location
    from kgsync.contract.model import Facts
    from kgsync.lint.table import Finding, LintReport, Severity
    from kgsync.pipeline.checking import _items_blamed
    from kgsync.read.items import IssueSeverity, ResearchItem

    a, b, c = (replace(ResearchItem.known_only_by(slug, ""), path=f"Research/{slug}.md") for slug in ("a", "b", "c"))
    by_item = {"b": Facts(entities=(("item:b", "research_item"), ("concept:bad theme", "concept")))}
    report = LintReport((
        Finding(Severity.ERROR, "bad-name", "item:a", "at its file", "fix a", Location("Research/a.md", 7)),
        Finding(Severity.ERROR, "bad-name", "concept:bad theme -[about]-> concept:x", "made by b", "fix b"),
        Finding(Severity.ERROR, "bad-name", "concept:bad theme", "again", "fix b"),  # b once
        Finding(Severity.WARNING, "odd", "item:c", "a warning blames nobody", "", Location("Research/c.md", 1)),
    ))
    blamed = _items_blamed(report, [a, b, c], by_item, frozenset())
    assert [(i.slug, i.severity, i.location.path, i.location.line) for i in blamed] == [
        ("a", IssueSeverity.ERROR, "Research/a.md", 7), ("b", IssueSeverity.ERROR, "Research/b.md", 1)]
    assert "makes a node that breaks the graph contract: bad-name concept:bad theme -[about]-> concept:x" in blamed[1].message
    assert _items_blamed(report, [a, b, c], by_item, frozenset({"a", "b"})) == []  # blamed already


def test_an_item_stating_two_stances_of_one_finding_fails_alone_at_its_own_file(repo: Path) -> None:
    """The same finding cited twice in cites:, supports and contradicts: the citing item fails and
    keeps its previous nodes, every other item updates, and the error is at the citing item's file
    (it was at the cited item's, and the build wrote nothing)."""
    cfg = config_module.load(repo)
    build(cfg)
    cited = "2026-01-12-entity-resolution-for-research-notes"
    path = repo / "Research" / "completed" / "2026-03-01-canonical-naming-recall.md"
    path.write_text(
        "---\ntitle: Does canonical naming raise recall?\ncompleted: 2026-03-01\ncites:\n"
        f"  - {{item: {cited}, findings: [3], stance: contradicts, from: 1}}\n"
        f"  - {{item: {cited}, findings: [3], stance: supports, from: 1}}\n---\n\n"
        "# Does canonical naming raise recall?\n\n## Research Question\n\nDoes folding case raise recall?\n\n"
        "## Findings\n\n### Executive Summary\n\nFolding case raises recall.\n\n### Key Findings\n\n"
        "1. **Folding case and plurals before pairwise matching raises recall by a tenth.** On 400 notes.\n",
        encoding="utf-8")
    other = repo / "Research" / "completed" / "2026-01-29-hybrid-retrieval-bm25-dense.md"
    other.write_text(other.read_text(encoding="utf-8").replace('title: "', 'title: "Reworded: ', 1), encoding="utf-8")
    result = build(cfg)  # no LintFailed: the graph is written
    [error] = [i for i in result.issues if i.severity.value == "error"]
    assert error.location is not None and error.location.path == path.relative_to(repo).as_posix(), error.render()
    assert "conflicting-relations" in error.message
    assert "item:2026-03-01-canonical-naming-recall" not in {e.name for e in result.graph.entities}
    assert "title: Reworded:" in " ".join(result.graph.entity("item:2026-01-29-hybrid-retrieval-bm25-dense").observations)


def test_a_failing_item_s_kept_link_to_a_finding_renumbered_and_reworded_is_left_out_not_fatal(repo: Path) -> None:
    """A failing item keeps its last facts, its link to another item's finding among them.  That
    finding renumbered *and* reworded, its claim's name is gone: the kept link dangled and the whole
    build failed ("nothing was written"), the item's own error unprinted.  Now the link is left out
    with a warning at its sentence, and every other item is written."""
    (repo / "kgsync.yml").write_text((repo / "kgsync.yml").read_text(encoding="utf-8") + "caps:\n  claims: 2\n",
                                     encoding="utf-8")
    cfg = config_module.load(repo)
    cited = "2026-01-12-entity-resolution-for-research-notes"
    citing = repo / "Research" / "completed" / "2026-03-01-canonical-naming-recall.md"
    citing.write_text(
        "---\ntitle: Does canonical naming raise recall?\ncompleted: 2026-03-01\ncites:\n"
        f"  - {{item: {cited}, findings: [3], stance: supports, from: 1}}\n---\n\n"
        "# Does canonical naming raise recall?\n\n## Research Question\n\nDoes folding case raise recall?\n\n"
        "## Findings\n\n### Executive Summary\n\nFolding case raises recall.\n\n### Key Findings\n\n"
        "1. **Folding case and plurals before pairwise matching raises recall by a tenth.** On 400 notes.\n",
        encoding="utf-8")
    first = build(cfg).graph
    [link] = [r for r in first.relations if r.relation_type == "supports" and r.source.startswith("claim:2026-03-01")]
    assert link.target.startswith(f"claim:{cited}:")  # finding 3: a claim only because it is cited
    citing.write_text(citing.read_text(encoding="utf-8").replace("stance: supports", "stance: suports"),
                      encoding="utf-8")  # the citing item now fails: it keeps its last facts
    path = repo / "Research" / "completed" / f"{cited}.md"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(n for n, line in enumerate(lines) if line.startswith("3. **[inference] Confidence: medium.** Canon"))
    lines[at:at + 1] = ["3. **Blocking keys should be short.** A new finding.",
                        "4. **Canonical forms ought to fold letter case and plural forms on their own.** Reworded."]
    lines[at + 2] = lines[at + 2].replace("4. **", "5. **", 1)
    path.write_text("\n".join(lines).replace('title: "', 'title: "Reworded: ', 1), encoding="utf-8")
    result = build(cfg)  # no LintFailed: the graph is written
    assert link not in result.graph.relations and link.source in {e.name for e in result.graph.entities}
    assert "title: Reworded:" in " ".join(result.graph.entity(f"item:{cited}").observations)  # the edit is written
    errors = [i for i in result.issues if i.severity.value == "error"]
    assert [i.location.path for i in errors if i.location] == [citing.relative_to(repo).as_posix()]
    assert "suports" in errors[0].message
    [left_out] = [i for i in result.issues if link.target in i.message]
    assert left_out.severity.value == "warning" and left_out.location is not None
    assert left_out.location.path == citing.relative_to(repo).as_posix() and left_out.hint


_A, _B = "2026-03-01-folding-case", "2026-03-02-folding-plurals"  # B is the later item


def _write_pair(repo: Path, a_cites: str = "", b_cites: str = "") -> tuple[Path, Path]:
    """Two items, each with one finding; ``a_cites``/``b_cites``: the stance of its cites: entry naming the
    other's finding 1 (at the file's line 5), none when empty."""
    paths = []
    for slug, title, stance, other in ((_A, "Does folding case raise recall?", a_cites, _B),
                                       (_B, "Does folding plurals raise recall?", b_cites, _A)):
        front = f"cites:\n  - {{item: {other}, findings: [1], stance: {stance}, from: 1}}\n" if stance else ""
        path = repo / "Research" / "completed" / f"{slug}.md"
        path.write_text(f"---\ntitle: {title}\ncompleted: {slug[:10]}\n{front}---\n\n# {title}\n\n## Research Question\n\n"
                        f"Q?\n\n## Findings\n\n### Executive Summary\n\nSummary.\n\n### Key Findings\n\n"
                        f"1. **{title.removeprefix('Does ').removesuffix('?')}: yes, by a tenth.** On 400 notes.\n",
                        encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


def test_two_items_stating_opposite_stances_blame_the_one_whose_stance_is_new(repo: Path) -> None:
    """A's finding supports B's (built); then B's finding contradicts A's.  B, whose stance is the new
    one, fails and keeps its previous nodes; A is written (its edit too).  Blamed by sort order, A kept
    its previous facts, which hold the same supports: the conflict stayed and the build wrote nothing."""
    cfg = config_module.load(repo)
    a, b = _write_pair(repo, a_cites="supports")
    build(cfg)
    _write_pair(repo, a_cites="supports", b_cites="contradicts")
    a.write_text(a.read_text(encoding="utf-8").replace("Summary.", "Summary, reworded."), encoding="utf-8")
    result = build(cfg)  # no LintFailed: the graph is written
    [error] = [i for i in result.issues if i.severity.value == "error"]
    where_b, where_a = (p.relative_to(repo).as_posix() for p in (b, a))
    assert (error.slug, error.location.path, error.location.line) == (_B, where_b, 5), error.render()
    assert "conflicting-relations" in error.message and f"{where_a}:5" in error.message, error.message
    assert "new in this build" in error.message and f"{_A} is written" in error.message, error.message
    assert f"{where_b}:5" in error.hint and f"{where_a}:5" in error.hint, error.hint
    kinds = {r.relation_type for r in result.graph.relations if r.source.startswith(("claim:" + _A, "claim:" + _B))}
    assert kinds == {"supports"}  # B's previous nodes, A's link
    assert "reworded" in " ".join(result.graph.entity(f"item:{_A}").observations)


def test_two_new_items_stating_opposite_stances_blame_the_later_one_only(repo: Path) -> None:
    """Both stances new in one build: the later item (B) fails and keeps its previous nodes (none); the
    earlier one (A) is written, less its link to B's claim, which is not in the graph (a warning at the
    link's line).  Blamed by sort order, A failed, and then B for its link to A's claim: both failed."""
    cfg = config_module.load(repo)
    a, b = _write_pair(repo, a_cites="supports", b_cites="contradicts")
    result = build(cfg)
    [error] = [i for i in result.issues if i.severity.value == "error"]
    where_b, where_a = (p.relative_to(repo).as_posix() for p in (b, a))
    assert (error.slug, error.location.path, error.location.line) == (_B, where_b, 5), error.render()
    assert "the later" in error.message and f"{where_a}:5" in error.message, error.message
    names = {e.name for e in result.graph.entities}
    assert f"item:{_A}" in names and f"item:{_B}" not in names
    [left_out] = [i for i in result.issues if i.slug == _A and i.severity.value == "warning" and "left out" in i.message]
    assert (left_out.location.path, left_out.location.line) == (where_a, 5), left_out.render()


def _fail_a(a: Path) -> None:
    """A fails from now on (a misspelt stance in a cites: entry of its own): it keeps its last facts."""
    a.write_text(a.read_text(encoding="utf-8").replace(
        "---\n\n", f"cites:\n  - {{item: {_B}, findings: [1], stance: suports, from: 1}}\n---\n\n", 1), encoding="utf-8")


def test_a_new_cites_entry_to_a_failing_item_s_finding_links_its_kept_claim(repo: Path) -> None:
    """A is built, then fails (it keeps its last facts, its claim of finding 1 among them); B adds a
    cites: entry and a marker naming A's finding 1.  The plan could not read A's findings, so neither
    made a link and nothing was said; the claim is in the graph by name: both link it."""
    cfg = config_module.load(repo)
    a, b = _write_pair(repo)
    first = build(cfg).graph
    [claim_a] = [e.name for e in first.entities if e.name.startswith(f"claim:{_A}:")]
    _write_pair(repo, b_cites="supports")
    _fail_a(a)
    result = build(cfg)
    assert [i.slug for i in result.issues if i.severity.value == "error"] == [_A]
    [link] = [r for r in result.graph.relations if r.target == claim_a and r.source.startswith(f"claim:{_B}:")]
    assert link.relation_type == "supports"
    b.write_text(b.read_text(encoding="utf-8").replace("On 400 notes.", f"On 400 notes [contradicts: {_A} KF1]."),
                 encoding="utf-8")
    b.write_text(b.read_text(encoding="utf-8").replace(f"cites:\n  - {{item: {_A}, findings: [1], stance: supports,"
                                                       " from: 1}\n", ""), encoding="utf-8")
    result = build(cfg)
    assert {r.relation_type for r in result.graph.relations if r.target == claim_a and r.source.startswith(
        f"claim:{_B}:")} == {"contradicts"}


def test_a_new_marker_to_a_failing_item_s_finding_its_kept_nodes_lack_is_warned(repo: Path) -> None:
    """B names A's finding 2 while A fails; A's kept nodes hold no claim of it (A had one finding when it
    was built): no link, and a warning at the marker's line says why and when it links."""
    cfg = config_module.load(repo)
    a, b = _write_pair(repo)
    build(cfg)
    _fail_a(a)
    b.write_text(b.read_text(encoding="utf-8").replace("On 400 notes.", f"On 400 notes [supports: {_A} KF2]."),
                 encoding="utf-8")
    result = build(cfg)
    line = 1 + b.read_text(encoding="utf-8").split("\n").index(next(
        x for x in b.read_text(encoding="utf-8").split("\n") if "KF2]" in x))
    [warning] = [i for i in result.issues if i.slug == _B and f"{_A} KF2" in i.render()]
    assert warning.severity.value == "warning" and warning.location is not None
    assert (warning.location.path, warning.location.line) == (b.relative_to(repo).as_posix(), line), warning.render()
    assert "fails in this build" in warning.message and _A in warning.hint, warning.render()


def test_the_lint_beside_the_build_gives_what_the_lint_in_place_gives_an_item_blamed_included(
        repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The full path's lint runs in a forked child past ``MIN_BESIDE`` graph lines (never in this
    small example, so here it is forced): the files written, the report and the item blamed are the
    same bytes and values as with the lint in place, and so is a build with nothing to blame."""
    def run(root: Path) -> tuple[object, ...]:
        cfg = config_module.load(root)
        first = build(cfg)
        (root / "Research" / "completed" / "2026-03-01-canonical-naming-recall.md").write_text(
            _TWO_STANCES, encoding="utf-8")
        second = build(cfg)
        return (first.report, second.report, [i.render().replace(str(root), "") for i in second.issues],
                (root / "memory.jsonl").read_bytes(), (root / "memory.kgsync.json").read_bytes())

    results = in_place_then_forced(repo, tmp_path, monkeypatch, "MIN_BESIDE", run)
    assert results[0] == results[1]
    assert any("conflicting-relations" in issue for issue in results[1][2])  # an item was blamed


_TWO_STANCES = (
    "---\ntitle: Does canonical naming raise recall?\ncompleted: 2026-03-01\ncites:\n"
    "  - {item: 2026-01-12-entity-resolution-for-research-notes, findings: [3], stance: contradicts, from: 1}\n"
    "  - {item: 2026-01-12-entity-resolution-for-research-notes, findings: [3], stance: supports, from: 1}\n---\n\n"
    "# Does canonical naming raise recall?\n\n## Research Question\n\nDoes folding case raise recall?\n\n"
    "## Findings\n\n### Executive Summary\n\nFolding case raises recall.\n\n### Key Findings\n\n"
    "1. **Folding case and plurals before pairwise matching raises recall by a tenth.** On 400 notes.\n")
