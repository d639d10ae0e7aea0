"""The PR body as cuttable sections, in reading order (the head first, never cut)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from jinja2.environment import TemplateModule

from kgsync.diff.claim_changes import changed_claims
from kgsync.diff.finding_order import severity_of
from kgsync.diff.item_attribution import merged_slugs
from kgsync.diff.model import TYPE_ORDER, GraphDiff, ItemDiff, TypeCount
from kgsync.lint.rules import Finding
from kgsync.publish.pr.attention import ATTENTION_NAMES, AttentionLine, Evidence, attention, evidence_rows
from kgsync.publish.pr.item_views import (
    BodyContext,
    ItemView,
    VocabularyGroup,
    changed_claim_row,
    finding_row,
    item_view,
    item_links,
    ordered_items,
    review_rank,
    size_line,
)
from kgsync.publish.pr.pr_template import macro, template_module

DEFAULT_TITLE = "Knowledge graph update"


#: Rows per table chunk: the unit the truncation can cut at.
CHUNK_ROWS = 50
#: Entity types outside the contract listed one by one in the summary; the rest are summed.
FOREIGN_TYPE_ROWS = 10


@dataclass(frozen=True)
class Section:
    """One cuttable unit of the body."""

    kind: str  # head | findings | near_duplicates | evidence | index | item
    text: str
    count: int = 0  # rows / pairs / 1 item
    label: str = ""  # for an item: its slug
    #: Cut order when the body is too long: highest first, later sections first within
    #: a priority.  0 never goes (the head, with its "needs attention" list).  Later pages of
    #: warnings and pairs (7, in the full report anyway) go first, then the sections of items
    #: that only gained nodes (6), the item index and the evidence links (5), then the sections of items that lost or
    #: changed nodes (4), the first page of warnings (3), of near-duplicates (2), errors (1).
    priority: int = 0


_Row = TypeVar("_Row")


def _chunks(rows: Sequence[_Row], size: int = CHUNK_ROWS) -> list[Sequence[_Row]]:
    return [rows[i : i + size] for i in range(0, len(rows), size)] or [[]]


def build_sections(d: GraphDiff, *, title: str = DEFAULT_TITLE, evidence: Evidence | None = None,
                   context: BodyContext | None = None) -> list[Section]:
    """The body as cuttable sections, in reading order: the head, the merged items, the side
    effects (under the vocabulary event that explains them), then lint, pairs and the index."""
    evidence = evidence or {}
    context = context or BodyContext()
    module = template_module()
    ordered = ordered_items(d)
    merged = context.merged if context.merged is not None else merged_slugs(d)
    views = [replace(item_view(i), links=item_links(i.slug, context.links) if i.slug in merged else ())
             for i in ordered]
    causes = [v for v in views if v.slug in merged]
    sections = [Section("head", _head(module, d, title, attention(d, evidence, context.dangling), causes))]
    sections += _item_sections(module, views, ordered, merged, context.events)
    sections += _evidence_sections(module, d, evidence)
    sections += _finding_sections(module, d)
    sections += _near_duplicate_sections(module, d)
    sections += _changed_claim_sections(module, d)
    sections += _index_sections(module, views, ordered)
    return sections


def _head(module: TemplateModule, d: GraphDiff, title: str, lines: tuple[AttentionLine, ...],
          causes: Sequence[ItemView]) -> str:
    """The summary: counts per type (foreign types past ``FOREIGN_TYPE_ROWS`` summed), what needs attention."""
    relation_counts = d.relation_counts()
    contract = [c for c in d.counts if c.entity_type in TYPE_ORDER]
    foreign = [c for c in d.counts if c.entity_type not in TYPE_ORDER]
    rest = foreign[FOREIGN_TYPE_ROWS:]
    foreign_rest = (
        TypeCount(
            f"{len(rest)} other types",
            sum(c.added for c in rest),
            sum(c.removed for c in rest),
            sum(c.changed for c in rest),
        )
        if rest
        else None
    )
    return macro(
        module,
        "head",
        title,
        d,
        contract,
        foreign[:FOREIGN_TYPE_ROWS],
        foreign_rest,
        sum(a for a, _ in relation_counts.values()),
        sum(r for _, r in relation_counts.values()),
        _finding_counts(d),
        len([i for i in d.items if i.slug]),
        relation_counts,
        lines,
        causes[:ATTENTION_NAMES],
        max(0, len(causes) - ATTENTION_NAMES),
        size_line(d.size_before, d.size_after),
    )


def _evidence_sections(module: TemplateModule, d: GraphDiff, evidence: Evidence) -> list[Section]:
    links = list(evidence_rows(d, evidence))
    # A review aid: the head already quotes every new contradiction, so it may go with the index.
    return [Section("evidence", macro(module, "evidence_links", chunk, number == 0, len(links)), len(chunk),
                    priority=5 if number == 0 else 7)
            for number, chunk in enumerate(_chunks(links) if links else [])]


def _finding_sections(module: TemplateModule, d: GraphDiff) -> list[Section]:
    """What this change brings first (errors, then the rest); what the base graph had already, folded after it."""
    listed = [f for f in d.findings if not _in_pairs(f, d.near_duplicates)]
    rows = [finding_row(f) for f in listed if d.is_new(f)]
    known = [finding_row(f) for f in listed if not d.is_new(f)]
    errors = [r for r in rows if r.severity == "error"]
    others = [r for r in rows if r.severity != "error"]
    sections = []
    first = True
    for chunk in _chunks(errors) if errors else []:
        text = macro(module, "findings", chunk, first, len(rows), len(known))
        sections.append(Section("findings", text, len(chunk), priority=1))
        first = False
    for number, chunk in enumerate(_chunks(others) if others else []):
        text = macro(module, "findings", chunk, first, len(rows), len(known))
        sections.append(Section("findings", text, len(chunk), priority=3 if number == 0 else 7))
        first = False
    for number, chunk in enumerate(_chunks(known) if known else []):
        text = macro(module, "known_findings", chunk, number == 0 and first, len(known))
        sections.append(Section("findings", text, len(chunk), priority=7))
    return sections


def _near_duplicate_sections(module: TemplateModule, d: GraphDiff) -> list[Section]:
    pairs = list(d.near_duplicates)
    return [Section("near_duplicates", macro(module, "near_duplicates", chunk, number == 0, len(pairs)), len(chunk),
                    priority=2 if number == 0 else 7)
            for number, chunk in enumerate(_chunks(pairs, 2 * CHUNK_ROWS) if pairs else [])]


def _index_sections(module: TemplateModule, views: Sequence[ItemView], ordered: Sequence[ItemDiff]) -> list[Section]:
    if len(views) <= 1:  # one item needs no index
        return []
    chunks = _chunks(list(zip(views, ordered, strict=True)), 2 * CHUNK_ROWS)
    return [Section("index", macro(module, "index", chunk, number == 0, len(views), number + 1, len(chunks)),
                    len(chunk), priority=5)
            for number, chunk in enumerate(chunks)]


SIDE_EFFECTS = "Side effects (other items)"


def _item_sections(module: TemplateModule, views: Sequence[ItemView], ordered: Sequence[ItemDiff], merged: frozenset[str],
                   events: Sequence[VocabularyGroup]) -> list[Section]:
    """One section per item: the merged items first, then each side effect under the first
    vocabulary event that lists it, then the side effects no event names."""
    def group_of(view: ItemView) -> tuple[int, str]:
        if view.slug in merged:
            return (0, f"Merged items ({sum(1 for v in views if v.slug in merged)})")
        for number, event in enumerate(events):
            if view.slug in event.items:
                return (1 + number, f"Side effects: {event.label}")
        return (1 + len(events), SIDE_EFFECTS)

    pairs = sorted(zip(views, ordered, strict=True), key=lambda pair: group_of(pair[0])[0])  # stable
    sections = []
    heading = ""
    for view, item in pairs:
        label = group_of(view)[1]
        # Sections that remove or change nodes outlive the index; new items' sections go first.
        keep_longer = review_rank(item) in (0, 1) or not item.slug
        text = macro(module, "item", view, label if label != heading else "")
        heading = label
        sections.append(Section("item", text, 1, view.slug or "(no item)", priority=4 if keep_longer else 6))
    return sections


def _changed_claim_sections(module: TemplateModule, d: GraphDiff) -> list[Section]:
    """A claim that kept its name through a rewording or re-rating: its word diff and confidence change."""
    rows = [changed_claim_row(c) for c in changed_claims(d)]
    return [Section("changed_claims", macro(module, "changed_claims", chunk, number == 0, len(rows)), len(chunk),
                    priority=5 if number == 0 else 7)  # a review aid: the item sections hold the same change
            for number, chunk in enumerate(_chunks(rows) if rows else [])]


def _in_pairs(finding: Finding, pairs: Sequence[tuple[str, str]]) -> bool:
    """A near-duplicate-name finding whose pair the near-duplicates section lists already."""
    if finding.code != "near-duplicate-name":
        return False
    other = finding.message.removeprefix("near-duplicate of ")
    return tuple(sorted((finding.entity, other))) in set(pairs)


def _finding_counts(d: GraphDiff) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for finding in d.findings:  # already sorted errors first
        severity = severity_of(finding) or "finding"
        counts[severity] = counts.get(severity, 0) + 1
    return list(counts.items())
