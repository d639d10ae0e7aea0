"""Needs attention: the changes that lose or re-judge knowledge, shown in the head, never cut."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kgsync.diff.model import GraphDiff
from kgsync.publish.pr.item_views import plural

#: Relation types whose change alters what the graph claims about other work.
_EPISTEMIC = frozenset({"supports", "contradicts"})
ATTENTION_NAMES = 10  # names listed per attention line


@dataclass(frozen=True)
class AttentionLine:
    label: str
    names: tuple[str, ...]
    more: int
    quotes: tuple[str, ...] = ()  # for each name, the sentence that states it ("" none)


#: Evidence of a link: (from, to, relation) -> (the sentence stating it, "path:line").
Evidence = Mapping[tuple[str, str, str], tuple[str, str]]
_EVIDENCE_TYPES = frozenset({"supports", "contradicts", "extends"})


@dataclass(frozen=True)
class EvidenceRow:
    sign: str  # "+" added, "−" removed
    source: str
    relation: str
    target: str
    sentence: str
    at: str


def evidence_rows(d: GraphDiff, evidence: Evidence) -> tuple[EvidenceRow, ...]:
    """Added and removed claim→claim evidence links, each with the sentence stating it where known."""
    rows = []
    for sign, relations in (("+", d.relations_added), ("−", d.relations_removed)):
        for r in relations:
            if r.relation_type in _EVIDENCE_TYPES and r.source.startswith("claim:") and r.target.startswith("claim:"):
                sentence, at = evidence.get((r.source, r.target, r.relation_type), ("", ""))
                rows.append(EvidenceRow(sign, r.source, r.relation_type, r.target, sentence, at))
    return tuple(rows)


def attention(d: GraphDiff, evidence: Evidence = {},  # noqa: B006 (read only)
              dangling: Sequence[str] = ()) -> tuple[AttentionLine, ...]:
    """The changes that lose or re-judge knowledge, for the head (never cut): removed items,
    concepts and methods, nodes newly superseded, contested or contradicted, changed
    supports/contradicts, type changes; every added contradiction with its quoted sentence."""
    lines: list[tuple[str, list[str]]] = []
    for entity_type in ("research_item", "concept", "method"):
        lines.append((f"removed {plural(entity_type)}", [e.name for e in d.removed if e.entity_type == entity_type]))
    for status in ("superseded", "contested", "contradicted"):
        lines.append((f"now {status}", [c.name for c in d.changed if f"status:{status}" in c.observations_added]))
    for sign, relations in (("+", d.relations_added), ("−", d.relations_removed)):
        lines.append((f"{'added' if sign == '+' else 'removed'} supports / contradicts",
                      [f"{r.source} —{r.relation_type}→ {r.target}" for r in relations if r.relation_type in _EPISTEMIC]))
    lines.append(("type changed", [f"{c.name} ({c.type_changed[0]} → {c.type_changed[1]})"
                                   for c in d.changed if c.type_changed]))
    out = [AttentionLine(label, tuple(names[:ATTENTION_NAMES]), max(0, len(names) - ATTENTION_NAMES))
           for label, names in lines if names]
    # Every new contradiction, in the item's own words: a reviewer must read each one.
    contradictions = [row for row in evidence_rows(d, evidence) if row.sign == "+" and row.relation == "contradicts"]
    if contradictions:
        out.append(AttentionLine("new contradictions, as the items state them",
                                 tuple(f"{r.source} —contradicts→ {r.target}" for r in contradictions), 0,
                                 tuple(f"“{r.sentence}” ({r.at})" if r.sentence else "" for r in contradictions)))
    if dangling:  # the graph cannot show a cite of a missing item: the build's own words
        out.append(AttentionLine("new dangling cites", tuple(dangling[:ATTENTION_NAMES]),
                                 max(0, len(dangling) - ATTENTION_NAMES)))
    return tuple(out)
