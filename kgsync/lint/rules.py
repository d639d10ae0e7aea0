"""The graph contract, checked: every finding collected, then one verdict.

``lint`` reads a ``Graph`` (possibly hand- or agent-edited, so it may hold
anything the JSONL format allows) and reports every way it breaks the
contract of ``kgsync.contract.model``.  Each rule has a stable code and a fixed
severity (``RULES``); errors reject the graph, warnings reject it only under
``strict``.  One pass over entities and one over relations keeps it linear:
a 10,000-item graph of ``bench/gen_corpus.py`` (~48k entities, ~228k relations) lints in about
1.1 s of CPU (serial74 in the CHANGELOG; ``bench/bench_build.py`` prints the lint lap).

Where a finding points: ``sources`` (an entity's name, a ``Relation`` or a node's copy, ``CopyKey``:
typed keys, ``table.SourceKey``, to a ``Location``) when the caller knows; otherwise the
item named by the entity's ``provenance:item=<slug>`` observation.

The parts: the rules table, ``Finding`` and ``LintReport`` in ``kgsync.lint.table``; the checks
in ``kgsync.lint.checks`` and, over the nodes' names, ``kgsync.lint.names``; ``FileLines`` in
``kgsync.lint.file_lines``.  The names this module held before the split (0ccb069c) are
importable from it still.
"""

from __future__ import annotations

import gc
from collections.abc import Mapping
from pathlib import Path

from kgsync.contract.errors import KgsyncError, LintFailed, Location
from kgsync.contract.model import EntityType, Graph
from kgsync.graph.manifest import Manifest, load_manifest
from kgsync.graph.merge import merge_with_foreign
from kgsync.read.veto_file import Vetoes, stale_veto_message, stale_vetoes
from kgsync.lint.checks import (
    MAX_OBSERVATION_LENGTH,
    check_entities,
    Collector,
    columns_of,
    provenance_slug,
)
from kgsync.lint.file_lines import FileLines
from kgsync.lint.relation_checks import check_relations
from kgsync.lint.names import check_confusables, check_near_duplicates
from kgsync.lint.table import (RULES, CopyKey, Finding, LintReport, Rule, Severity, SourceKey, conflicting_claims,
                              relation_label, rules_table, show)
from kgsync.read.config import Merge

__all__ = [
    "MAX_OBSERVATION_LENGTH", "RULES", "FileLines", "Finding", "LintReport", "Rule", "Severity", "SourceKey", "check",
    "CopyKey", "conflicting_claims", "lint",
    "provenance_slug", "relation_label", "rules_table", "separate_hand_added", "show",
]


def lint(
    graph: Graph, *, sources: Mapping[SourceKey, Location] | Mapping[str, Location] | None = None, rule: Merge = Merge()
) -> LintReport:
    """Every contract finding of ``graph``, sorted deterministically."""
    # Lint allocates ~1M short-lived tuples and sets and no reference cycles; the
    # cyclic collector would rescan them all repeatedly (a third of the time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        out = Collector(graph, sources)
        columns = columns_of(graph)
        check_entities(graph, out, columns)
        check_relations(graph, out, columns)
        check_near_duplicates(graph, out, rule, columns)
        check_confusables(out, columns)
        return LintReport(tuple(sorted(out.findings, key=Finding.sort_key)))
    finally:
        if collecting:
            gc.enable()


def check(
    graph: Graph,
    *,
    sources: Mapping[SourceKey, Location] | Mapping[str, Location] | None = None,
    rule: Merge = Merge(),
    strict: bool = False,
) -> LintReport:
    """``lint``, raising ``LintFailed`` (message lists every failing finding) when not ok."""
    report = lint(graph, sources=sources, rule=rule)
    failing = report.errors(strict)
    if failing:
        lines = "\n  ".join(f.render() for f in failing)
        raise LintFailed(f"the graph breaks the graph contract ({report.summary()}):\n  {lines}", failing)
    return report


# What a hand-added observation or relation reports when the node it hung on is gone.
_ANCHOR_CODES = frozenset({"orphan-node", "missing-provenance", "lost-provenance", "dangling-relation"})


def hand_added_as_warnings(report: LintReport, manifest_file: Path, rule: Merge = Merge()) -> LintReport:
    """``report`` on a graph file with its errors on content added by hand or by an agent made
    warnings, as the build does, by the manifest beside the file (what kgsync generated); as is
    when it has no error, or the manifest is missing or unreadable (the build says why)."""
    if report.ok():
        return report
    try:
        manifest = load_manifest(manifest_file)
    except KgsyncError:
        return report
    if manifest is None:
        return report
    generated = merge_with_foreign(Graph(), None, manifest.by_item)[0]
    return separate_hand_added(report, lint(generated, rule=rule))


def separate_hand_added(full: LintReport, generated: LintReport) -> LintReport:
    """``full`` (the graph as merged) with every error that the generated facts alone do not
    have (``generated``: the same graph less all content added by hand or by an agent) made a
    warning of a rule for hand-added content: such content is kept and never blocks a build,
    while an error of kgsync's own facts still does."""
    own = {(f.code, f.entity, f.message) for f in generated.findings}
    out = []
    for finding in full.findings:
        if finding.severity is Severity.ERROR and (finding.code, finding.entity, finding.message) not in own:
            rule = RULES["stranded-hand-added" if finding.code in _ANCHOR_CODES else "hand-added-content"]
            finding = Finding(rule.severity, rule.code, finding.entity, f"{finding.code}: {finding.message}",
                              rule.hint, finding.location)
        out.append(finding)
    return LintReport(tuple(sorted(out, key=Finding.sort_key)))


def with_byte_order_mark(report: LintReport, path: Path) -> LintReport:
    """``report`` and a ``byte-order-mark`` error at the file's line 1 when the graph file starts with one
    (``jsonl.read`` reads past it, as the build does; the memory server does not)."""
    try:
        with path.open("rb") as handle:
            if handle.read(3) != b"\xef\xbb\xbf":
                return report
    except OSError:
        return report
    rule = RULES["byte-order-mark"]
    found = Finding(rule.severity, rule.code, path.name, "the file starts with a byte order mark (U+FEFF), which the "
                    "memory server cannot parse: it reads no line of the graph", rule.hint, Location(str(path), 1))
    return LintReport(tuple(sorted((*report.findings, found), key=Finding.sort_key)))


def emptied_graph(manifest: Manifest, graph_name: str, manifest_name: str, subject: str = "") -> tuple[str, str] | None:
    """(what, fix) when a graph file that holds no node sits beside ``manifest`` recording nodes of items
    in it: what a crash of a writer that writes in place leaves (the build refuses it, lint fails it).
    ``subject``: how the message names the file (default: ``graph_name``)."""
    owners = [slug for slug, facts in manifest.by_item.items() if facts.entities]
    if not owners:
        return None
    return (f"{subject or graph_name} holds no node, but {manifest_name} records the nodes of {len(owners)} item(s) in it "
            f"(item:{owners[0]}, ...): emptied, as a crash while writing it leaves it; a rebuild would lose whatever "
            "was added by hand",
            f"restore it from git (git checkout -- {graph_name}); or, to build it again from the items alone, "
            f"remove it (rm {graph_name})")


def with_emptied_graph(report: LintReport, graph: Graph, path: Path, manifest_file: Path) -> LintReport:
    """``report`` and an ``emptied-graph`` error at line 1 of ``path`` when the graph holds no node and the
    manifest beside it records some (``emptied_graph``); as is when the manifest is missing or unreadable."""
    if graph.entities or graph.relations:
        return report
    try:
        manifest = load_manifest(manifest_file)
    except KgsyncError:
        return report
    problem = emptied_graph(manifest, path.name, manifest_file.name, "the file") if manifest is not None else None
    if problem is None:
        return report
    found = Finding(Severity.ERROR, "emptied-graph", path.name, *problem, Location(str(path), 1))
    return LintReport(tuple(sorted((*report.findings, found), key=Finding.sort_key)))


def with_stale_vetoes(report: LintReport, vetoes: Vetoes, graph: Graph) -> LintReport:
    """``report`` and a ``stale-veto`` warning at each line of the veto file that names a claim ``graph``
    does not hold (``veto_file.stale_vetoes``; kgsync build says the same of the manifest's claims).  The build
    also accepts a reworded finding's fresh name (``graph.veto_names``), made from the items' words, which lint
    does not read: lint warns of it, and its fix, the name the graph shows, is one both accept."""
    claims: dict[str, set[str]] = {}
    for entity in graph.entities:
        if entity.entity_type == EntityType.CLAIM.value:
            claims.setdefault(entity.name.partition(":")[2].partition(":")[0], set()).add(entity.name)
    rule = RULES["stale-veto"]
    found = [Finding(rule.severity, rule.code, missing[0], stale_veto_message(missing), rule.hint,
                     Location(vetoes.path, line))
             for line, missing in stale_vetoes(vetoes, lambda slug: claims.get(slug, ()))]
    return LintReport(tuple(sorted(report.findings + tuple(found), key=Finding.sort_key))) if found else report
