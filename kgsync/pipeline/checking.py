"""The merge and lint stages: the new graph merged into the committed one, and its findings,
an item whose own facts break the contract blamed and kept at its previous facts."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from kgsync.pipeline.committed import Base, GraphFiles
from kgsync.contract.errors import Location
from kgsync.contract.model import Facts, Graph, Relation
from kgsync.graph.assemble import Assembly
from kgsync.graph.manifest import Manifest
from kgsync.graph.merge import merge_with_foreign
from kgsync.lint.rules import (CopyKey, FileLines, LintReport, SourceKey, conflicting_claims, lint, relation_label,
                               separate_hand_added)
from kgsync.read.config import Merge
from kgsync.read.items import Issue, IssueSeverity, ResearchItem


@dataclass(frozen=True)
class Merged:
    graph: Graph
    manifest: Manifest
    foreign: bool  # the committed graph adds to the generated facts (content added by hand or by an agent)


def merge_into(base: Base, by_item: Mapping[str, Facts], keep: frozenset[str]) -> Merged:
    return Merged(*merge_with_foreign(base.graph, base.manifest, by_item, keep))


@dataclass(frozen=True)
class Linted:
    merged: Merged  # without the facts of the items blamed
    report: LintReport
    item_errors: tuple[Issue, ...]  # the items blamed, then the links a kept item's facts lose (warnings)


@dataclass(frozen=True)
class ReadyForLint:
    """The merged graph as lint first reads it: a kept item's links to nodes gone left out
    (``_without_dangling_kept_links``), with the facts and kept items it was merged from."""

    merged: Merged
    by_item: Mapping[str, Facts]
    keep: frozenset[str]
    left_out: tuple[Issue, ...]  # the links a kept item's facts lose (warnings)


def ready_for_lint(merged: Merged, base: Base, by_item: Mapping[str, Facts], keep: frozenset[str],
                   items: Sequence[ResearchItem]) -> ReadyForLint:
    """``merged`` as lint first reads it (``ReadyForLint``)."""
    merged, by_item, keep, left_out = _without_dangling_kept_links(merged, base, by_item, keep, items)
    return ReadyForLint(merged, by_item, keep, tuple(left_out))


def first_report(ready: ReadyForLint, assembly: Assembly, files: GraphFiles, rule: Merge) -> LintReport:
    """The findings of the graph ``ready_for_lint`` made (``rule``: the merge rule, all of the
    configuration lint reads: its near-duplicate names)."""
    return _lint(ready.merged, assembly, files.graph, rule)


def blaming_items(ready: ReadyForLint, report: LintReport, base: Base, files: GraphFiles, assembly: Assembly,
                  items: Sequence[ResearchItem], rule: Merge) -> Linted:
    """The merged graph's findings, from its first ``report`` (``first_report`` of ``ready``).  An item
    whose own facts break the contract (a theme, alias or name no rule allows) is an item error: it
    keeps its previous nodes and every other item updates.  Again until none is left (keeping one
    item's old facts can only touch that item's nodes)."""
    merged, by_item, keep, left_out = ready.merged, ready.by_item, ready.keep, list(ready.left_out)
    item_errors: list[Issue] = []

    def previous() -> Mapping[str, Facts]:  # the last build's facts, read when a conflict needs them
        nonlocal base
        if base.manifest is None:
            base = replace(base, manifest=files.read_manifest())
        return base.manifest.by_item if base.manifest is not None else {}
    while blamed := _items_blamed(report, items, by_item, frozenset(i.slug for i in item_errors), previous):
        item_errors += blamed
        failing = frozenset(i.slug for i in blamed)
        keep = keep | failing
        by_item = {slug: facts for slug, facts in by_item.items() if slug not in failing}
        previous()
        merged, by_item, keep, more = _without_dangling_kept_links(merge_into(base, by_item, keep), base, by_item,
                                                                   keep, items)
        merged, by_item, lost = _without_links_to_failed(merged, base, by_item, keep, failing, assembly.by_item, items)
        left_out += more + lost
        report = _lint(merged, assembly, files.graph, rule)
    return Linted(merged, report, tuple(item_errors) + tuple(left_out))


def _without_links_to_failed(merged: Merged, base: Base, by_item: Mapping[str, Facts], keep: frozenset[str],
                             failing: frozenset[str], built: Mapping[str, Facts], items: Sequence[ResearchItem]
                             ) -> tuple[Merged, Mapping[str, Facts], list[Issue]]:
    """``by_item`` less each relation of an item written now to a node only ``failing`` items made in this
    build, that their previous nodes lack (a claim of a new item that fails: ``built``, each item's facts of
    this build), with a warning at the sentence that stated it.  Kept, it dangled, and its item failed too."""
    made = {name: slug for slug in sorted(failing) for name, _type in built.get(slug, Facts()).entities}
    if not made:
        return merged, by_item, []
    gone = made.keys() - {entity.name for entity in merged.graph.entities}
    trimmed: dict[str, Facts] = {}
    issues: list[Issue] = []
    for slug in sorted(by_item) if gone else ():
        facts = by_item[slug]
        lost = {r for r in facts.relations if r.source in gone or r.target in gone}
        if not lost:
            continue
        trimmed[slug] = facts.without_relations(lost)
        for relation in sorted(lost):
            node = relation.target if relation.target in gone else relation.source
            owner = made[node]
            issues.append(Issue(
                IssueSeverity.WARNING, _stated_at(facts, relation, slug, items),
                f"links {relation_label(relation)}, but {node} is a node of {owner}, which fails in this build "
                "and keeps its previous nodes, this one not among them: left out",
                f"correct {owner}'s error: the next build links it again", slug))
    if not trimmed:
        return merged, by_item, []
    by_item = {**by_item, **trimmed}
    return merge_into(base, by_item, keep), by_item, issues


def _stated_at(facts: Facts, relation: Relation, slug: str, items: Sequence[ResearchItem]) -> Location:
    """Where ``facts`` (``slug``'s) state ``relation``: its evidence record's sentence, else the item's file."""
    stated = next((e[4] for e in facts.evidence if len(e) >= 5 and Relation(*e[:3]) == relation), "")
    path, _, line = stated.rpartition(":")
    if path and line.isdigit():
        return Location(path, int(line))
    return next((Location(item.path, 1) for item in items if item.slug == slug), Location(f"item {slug}"))


def _without_dangling_kept_links(merged: Merged, base: Base, by_item: Mapping[str, Facts], keep: frozenset[str],
                                 items: Sequence[ResearchItem]
                                 ) -> tuple[Merged, Mapping[str, Facts], frozenset[str], list[Issue]]:
    """A kept item's last facts (it fails now: ``pipeline.committed.kept_items``) less each relation to a
    node no item writes any more, with a warning at the sentence that stated it.  Its link to another
    item's finding that this change renumbered and reworded names a claim that is gone (neither name
    nor number finds it: ``KeptLinks.cited``); kept, it dangled, and as it blames no item anew the
    whole build failed.  The item is then merged with those facts (as kept facts merge: ``merge``)."""
    if not keep or base.manifest is None:
        return merged, by_item, keep, []
    owned = base.manifest.owned
    names: set[str] | None = None  # the merged graph's node names, found only when an item is kept
    trimmed: dict[str, Facts] = {}
    issues: list[Issue] = []
    for slug in sorted(keep):
        if slug in by_item or slug not in owned:
            continue
        own = owned[slug][0]
        if names is None:
            names = {entity.name for entity in merged.graph.entities}
        gone = {r for r in own.relations if r.source not in names or r.target not in names}
        if not gone:
            continue
        trimmed[slug] = own.without_relations(gone)
        for relation in sorted(gone):
            issues.append(Issue(
                IssueSeverity.WARNING, _stated_at(own, relation, slug, items),
                f"keeps its last facts while it fails, but its link {relation.source} -[{relation.relation_type}]-> "
                f"{relation.target} names a node no item writes now (a cited finding renumbered and reworded, "
                "or removed): left out", "correct this item's error: the next build reads its citations again",
                slug))
    if not trimmed:
        return merged, by_item, keep, []
    by_item = {**by_item, **trimmed}
    keep = keep - trimmed.keys()
    return merge_into(base, by_item, keep), by_item, keep, issues


def _lint(merged: Merged, assembly: Assembly, graph_path: Path, rule: Merge) -> LintReport:
    """The merged graph's findings; those of content added by hand or by an agent never block."""
    if not merged.foreign:
        return lint(merged.graph, sources=assembly.sources, rule=rule)
    # Hand-added content is placed at its line in the committed file, not at an item it touches.
    sources = _GeneratedThenFile(assembly.sources, assembly.by_item, FileLines(graph_path))
    generated = merge_with_foreign(Graph(), None, merged.manifest.by_item)[0]
    return separate_hand_added(lint(merged.graph, sources=sources, rule=rule),
                               lint(generated, sources=assembly.sources, rule=rule))


def _items_blamed(report: LintReport, items: Sequence[ResearchItem], by_item: Mapping[str, Facts],
                  known: frozenset[str], previous: Callable[[], Mapping[str, Facts]] = dict) -> list[Issue]:
    """An item error for each item (not in ``known``) whose generated facts have a lint error: the
    finding points at the item's file, or names an entity (a relation: its source) the item generates.
    Two items giving two claims opposite stances: one of them (``_conflict_blamed``; ``previous``: the last
    build's facts)."""
    slug_of = {item.path: item.slug for item in items}
    path_of = {item.slug: item.path for item in items}
    makers: dict[str, list[str]] | None = None  # entity name -> the items generating it, built on first need
    found: dict[str, Issue] = {}
    for finding in report.errors():
        pair = conflicting_claims(finding)
        across = _conflict_blamed(pair, items, by_item, previous) if pair is not None else None
        if across is not None:
            if across.slug not in found:
                found[across.slug] = across
            continue
        slug = slug_of.get(finding.location.path) if finding.location is not None else None
        slugs = [slug] if slug is not None else []
        if not slugs:
            if makers is None:
                makers = {}
                for maker, facts in by_item.items():
                    for name, _type in facts.entities:
                        makers.setdefault(name, []).append(maker)
            slugs = makers.get(finding.entity.split(" -[", 1)[0], [])
        for slug in slugs:
            if slug in known or slug in found or slug not in path_of:
                continue
            found[slug] = Issue(IssueSeverity.ERROR, finding.location if finding.location is not None and
                                finding.location.path == path_of[slug] else Location(path_of[slug], 1),
                                f"makes a node that breaks the graph contract: {finding.code} {finding.entity}: "
                                f"{finding.message}; the item keeps its previous nodes", finding.hint, slug)
    return list(found.values())


def _conflict_blamed(pair: tuple[str, str], items: Sequence[ResearchItem], by_item: Mapping[str, Facts],
                     previous: Callable[[], Mapping[str, Facts]]) -> Issue | None:
    """The item error for two items written now that give the two claims of ``pair`` opposite stances
    (one ``supports``, the other ``contradicts``, either way round): the item whose stance is new in this
    build (not in its ``previous`` facts) is blamed; when both are, or neither, the later item
    (``ResearchItem.precedes``).  Only it keeps its previous nodes.  None when one item states both (the
    finding is its claim's) or a side is no item's written now."""
    stated: dict[str, tuple[str, Relation]] = {}  # relation type -> (item, relation), the first in name order
    for slug in sorted(by_item):
        for relation in by_item[slug].relations:
            if relation.relation_type in _STANCES and {relation.source, relation.target} == set(pair):
                stated.setdefault(relation.relation_type, (slug, relation))
    if len(stated) < 2 or len({slug for slug, _ in stated.values()}) < 2:
        return None
    item_of = {item.slug: item for item in items}
    sides = list(stated.values())
    if any(slug not in item_of for slug, _ in sides):
        return None
    last = previous()
    new = [(slug, relation) for slug, relation in sides
           if slug not in last or relation not in last[slug].relations]
    if len(new) == 1:
        (slug, own), reason = new[0], "its stance is the one new in this build"
    else:
        first, second = sides
        slug, own = second if item_of[first[0]].precedes(item_of[second[0]]) else first
        reason = "it is the later of the two items"
    other_slug, other = next(side for side in sides if side[0] != slug)
    here = _stated_at(by_item[slug], own, slug, items)
    there = _stated_at(by_item[other_slug], other, other_slug, items)
    return Issue(IssueSeverity.ERROR, here,
                 f"makes a node that breaks the graph contract: conflicting-relations {relation_label(own)} here, but "
                 f"{other_slug} states {relation_label(other)} at {there}: two items give the two claims "
                 f"opposite stances; as {reason}, only this item keeps its previous nodes ({other_slug} is written)",
                 f"give the two claims one stance: change this item's {own.relation_type} at {here}, or, if "
                 f"that one is wrong, {other_slug}'s {other.relation_type} at {there}", slug)


_STANCES = frozenset({"supports", "contradicts"})


class _GeneratedThenFile(Mapping[SourceKey, Location]):
    """Where a finding points: a generated node's item (a generated relation: its source's item),
    else the line of the committed graph file that holds it (content added by hand or by an agent)."""

    def __init__(self, generated: Mapping[str, Location], by_item: Mapping[str, Facts], committed: FileLines) -> None:
        self.generated = generated
        self.by_item = by_item
        self.committed = committed
        # The generated relations and nodes' copies (``CopyKey``), built on first need.
        self._generated: set[SourceKey] | None = None

    def __getitem__(self, key: SourceKey) -> Location:
        found = self.generated.get(key) if isinstance(key, str) else None  # names only
        if found is not None:
            return found
        if self._generated is None:
            self._generated = {r for facts in self.by_item.values() for r in facts.relations}
            self._generated.update(CopyKey(*e) for facts in self.by_item.values() for e in facts.entities)
        if key in self._generated:
            raise KeyError(key)  # lint then places it at its source entity, i.e. the item
        return self.committed[key]

    def __iter__(self) -> Iterator[SourceKey]:
        keys: dict[SourceKey, None] = {**dict.fromkeys(self.committed), **dict.fromkeys(self.generated)}
        return iter(keys)

    def __len__(self) -> int:
        return len(set(self))
