"""Needs attention: the changes that lose or re-judge knowledge, shown in the head, never cut."""

from __future__ import annotations

import re
from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass

from kgsync.contract.model import Graph, Relation
from kgsync.diff.claim_changes import changed_claims
from kgsync.diff.finding_order import severity_of
from kgsync.diff.model import GraphDiff
from kgsync.lint.rules import Finding
from kgsync.publish.pr.markdown_escape import TEXT_LIMIT, clean, with_fix
from kgsync.publish.pr.renamed_items import left_on_old_nodes
from kgsync.publish.pr.side_effects import VETO_FILE, SideEffect, explain
from kgsync.read.item_model import Issue

#: Relation types whose change alters what the graph claims about other work.
_EPISTEMIC = frozenset({"supports", "contradicts"})
ATTENTION_NAMES = 10  # entries listed per attention line in the PR body (the full report lists all)


@dataclass(frozen=True)
class AttentionEntry:
    name: str  # a node, a link "a —contradicts→ b", or the build's "path:line: what"
    note: str = ""  # why, or the sentence stating it ("" none)
    #: A link as (from, type, to): shown as two names, each whole (one span of both would be cut).
    link: tuple[str, str, str] | None = None


def _link_entry(r: Relation, note: str = "") -> AttentionEntry:
    return AttentionEntry(f"{r.source} —{r.relation_type}→ {r.target}", note, (r.source, r.relation_type, r.target))


@dataclass(frozen=True)
class AttentionLine:
    """One thing a reviewer must weigh: how many, then each on its own line (at most ``cap``)."""

    noun: str  # singular: "new contradiction"
    plural: str  # "new contradictions"
    entries: tuple[AttentionEntry, ...]  # the ones shown
    more: int  # the ones left out (in the full report)
    suffix: str = ""  # e.g. "(4 already in the base graph)"
    listed: bool = True  # False: a count only (its own section below lists them)
    text: str = ""  # a line that counts nothing ("nothing needs attention"): said as is

    @property
    def total(self) -> int:
        return len(self.entries) + self.more

    @property
    def label(self) -> str:
        return self.text or f"{self.total:,} {self.noun if self.total == 1 else self.plural}"


#: The head's one line when no line counts anything (and no near-duplicate pair is listed).
NOTHING = AttentionLine("", "", (), 0, text="nothing needs attention")


def _line(noun: str, plural: str, entries: Sequence[AttentionEntry], cap: int, suffix: str = "",
          listed: bool = True) -> AttentionLine:
    shown = tuple(entries if cap <= 0 else entries[:cap]) if listed else ()
    return AttentionLine(noun, plural, shown, len(entries) - len(shown), suffix, listed)


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
                rows.append(EvidenceRow(sign, r.source, r.relation_type, r.target, _stated(sentence), at))
    return tuple(rows)


#: A Markdown list item's marker (``- ``, ``* ``, ``+ ``, ``3. ``, ``3) ``), which the manifest keeps with the line.
_LIST_MARKER = re.compile(r"(?:[-*+]|\d{1,9}[.)])[ \t]+")


def _stated(sentence: str) -> str:
    """A link's sentence as a reviewer reads it: without the list marker it was written under, and
    an opening bracketed note (its kind and sources, "[fact; source: https://…]"; no link) moved
    after the words, so that a quote's cut keeps the words.  A sentence that is only a note, or
    opens with a link, keeps its order."""
    text = sentence[marker.end():] if (marker := _LIST_MARKER.match(sentence)) else sentence
    note = _opening_brackets(text)
    rest = text[len(note):]
    if note and rest.strip() and not rest.startswith(("(", "[")):  # "[a](url)" and "[a][ref]" are links
        return f"{rest.strip()} {note}"
    return text if text.strip() else sentence


def _opening_brackets(text: str) -> str:
    """The bracketed span ``text`` opens with, brackets inside it matched ("" none, or unclosed)."""
    depth = 0
    for index, char in enumerate(text if text.startswith("[") else ""):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if depth == 0:
            return text[:index + 1]
    return ""


def citing_reworded(d: GraphDiff, graph: Graph) -> tuple[Relation, ...]:
    """The evidence links of ``graph`` from another item's claim to a claim whose finding ``d``
    rewords: unchanged, so in no diff, yet they now rest on the new words."""
    reworded = {c.name for c in changed_claims(d) if c.statement_changed}
    if not reworded:
        return ()
    return tuple(sorted((r for r in graph.relations if r.target in reworded and r.relation_type in _EVIDENCE_TYPES
                         and r.source.startswith("claim:") and r.source.split(":")[1] != r.target.split(":")[1]),
                        key=lambda r: (r.target, r.source, r.relation_type)))


def _renamed_note(name: str, rename: tuple[str, int] | None, moves: Container[str] = frozenset()) -> str:
    """A removed node that was only renamed (``GraphDiff.renamed``): what it is called now; a move
    (``GraphDiff.term_moves``) says how the new node keeps the old name."""
    if rename is None:
        return ""
    into, moved = rename
    relations = f"{moved:,} relation{'s' if moved != 1 else ''}"
    if name not in moves:
        return f"renamed to {into}: its observations and {relations} kept"
    if into.split(":", 1)[1] == name.split(":", 1)[1]:
        return f"retyped to {into}: its {relations} moved there"
    return f"renamed to {into}, which keeps its name as an alias: its {relations} moved there"


def attention(d: GraphDiff, evidence: Evidence = {},  # noqa: B006 (read only)
              dangling: Sequence[Issue] = (), lost: Mapping[str, str] = {},  # noqa: B006
              cap: int = ATTENTION_NAMES,
              hand_added: Sequence[tuple[str, str, Sequence[str]]] = (),
              citing: Sequence[Relation] = (), failed: Sequence[Issue] = (),
              held: Sequence[str] = (), warned: Sequence[Issue] = ()) -> tuple[AttentionLine, ...]:
    """What loses or re-judges knowledge, for the head (never cut), one entry per line.

    First the item files that fail in this build (``failed``: the build's errors) and the
    items kept though their files are gone (``held``: while a file fails, a delete or a rename waits):
    the graph proposed is then not main's items, and the diff cannot show what it leaves out.
    The merged items' own warnings (``warned``, each at its file and line, in file order) come with the
    dangling cites: a build reads past a warning, so only the body shows the reviewer what it read past.

    Removed items, removed concepts and methods (each with why, from ``lost``), trust
    changes, new contradictions (each with the sentence stating it), new dangling cites, new
    lint errors (each named) and warnings (counted; what the base graph had already is only
    counted, apart), changed supports/contradicts, type changes: each only when this change
    brings any.  A line saying 0 carried nothing a reviewer must weigh (five of nine lines of a
    3-item PR did) and hid the ones that do; the head says "nothing needs attention" once
    instead (``NOTHING``).  Each line lists at most ``cap`` entries (0: all) and says how many
    more there are.
    """
    renamed, moves = d.renamed(), {name for name, _, _ in d.term_moves}
    moved = {f"item:{r.old}" for r in d.renames}  # a renamed item is said once, as a rename (the head)
    one = len({i.location.path if i.location.line is not None else i.located for i in failed}) == 1  # files
    lines = [
        _line("item file failed", "item files failed", [_cited_at(issue) for issue in failed], cap,
              f"({'it keeps its' if one else 'each keeps its'} previous nodes, so this PR holds none of "
              f"{'its' if one else 'their'} changes; fix: correct {'it' if one else 'each'} at its line, and the "
              "next run proposes them)" if failed else ""),
        _line("item kept though its file is gone", "items kept though their files are gone",
              [AttentionEntry(f"item:{slug}") for slug in held], cap,
              "(while an item file fails, a deleted or renamed item keeps its nodes; fix: correct the failing "
              "file, and the next run removes them, or reads the rename)" if held else ""),
        _line("removed research item", "removed research items",
              [AttentionEntry(e.name) for e in d.removed if e.entity_type == "research_item" and e.name not in moved],
              cap),
        _line("removed concept or method", "removed concepts or methods",
              [AttentionEntry(e.name, _renamed_note(e.name, renamed.get(e.name), moves) or lost.get(e.name, ""))
               for e in d.removed if e.entity_type in ("concept", "method")],
              cap),
        _line("trust change", "trust changes",
              [AttentionEntry(c.name, f"now {status}: {_trust_reason(d, c.name, status)}") for c in d.changed
               for status in ("superseded", "contested", "contradicted") if f"status:{status}" in c.observations_added],
              cap),
    ]
    # Every new contradiction, in the item's own words (the evidence links section lists the rest).
    contradictions = [row for row in evidence_rows(d, evidence) if row.sign == "+" and row.relation == "contradicts"]
    quoted = {(r.source, r.target): _quote(r.sentence, r.at) if r.sentence else "" for r in contradictions}
    new_contradictions = [r for r in d.relations_added if r.relation_type == "contradicts"]
    lines.append(_line("new contradiction", "new contradictions",
                       [_link_entry(r, quoted.get((r.source, r.target), "")) for r in new_contradictions], cap))
    # The graph cannot show a cite of a missing item: the build's own words.
    # One fix for all (said once): the build's words name the field and the missing slug.
    fix = f"(fix: {explain(SideEffect.DANGLING_CITE).fix})" if dangling else ""
    lines.append(_line("new dangling cite", "new dangling cites", [_cited_at(issue) for issue in dangling], cap, fix))
    lines.append(_line("build warning of a merged item", "build warnings of merged items",
                       [_cited_at(issue, with_hint=True) for issue in warned], cap,
                       "(the build read past it: correct it at its line, or merge it as it is)" if len(warned) == 1
                       else "(the build read past each: correct each at its line, or merge them as they are)"))
    # Another item's link to a reworded finding: unchanged, so in no diff; the reviewer checks it still holds.
    check = "it still holds; if not" if len(citing) == 1 else "each still holds; if one does not"
    lines.append(_line("evidence link citing a reworded finding", "evidence links citing a reworded finding",
                       [_link_entry(r, _quote(_stated(sentence), at) if (sentence, at) != ("", "") else "")
                        for r in citing for sentence, at in [evidence.get((r.source, r.target, r.relation_type), ("", ""))]],
                       cap, f"(check that {check}, veto it in {VETO_FILE})"))
    for rename in d.renames:  # what an agent or a person wrote on the old nodes is lost with them
        lines.append(_line(f"fact left on item:{rename.old}'s nodes", f"facts left on item:{rename.old}'s nodes",
                           [*map(AttentionEntry, rename.left), *map(_link_entry, rename.left_relations)], cap,
                           left_on_old_nodes(rename)))
    for noun, plural, facts in hand_added:  # removing what an agent or a person wrote is always said
        if facts:
            lines.append(_line(noun, plural, [AttentionEntry(fact) for fact in facts], cap))
    # A near-duplicate-name warning whose pair the body lists as a candidate pair is counted there, once.
    listed = [f for f in d.findings if not in_pairs(f, d.near_duplicates)]
    new_findings = [f for f in listed if d.is_new(f)]
    for severity in ("error", "warning"):
        found = [f for f in new_findings if severity_of(f) == severity]
        known = sum(1 for f in listed if severity_of(f) == severity and not d.is_new(f))
        # Errors block the merge: each is named.  Warnings are counted; the lint section lists them.
        lines.append(_line(f"new lint {severity}", f"new lint {severity}s",
                           [AttentionEntry(f"{f.code}: {f.entity}", with_fix(f.message, f.hint))
                            for f in found], cap,
                           f"({known:,} already in the base graph)" if known else "", listed=severity == "error"))
    removed_epistemic = [_link_entry(r) for r in d.relations_removed if r.relation_type in _EPISTEMIC]
    if removed_epistemic:
        lines.append(_line("removed supports / contradicts link", "removed supports / contradicts links",
                           removed_epistemic, cap))
    type_changes = [AttentionEntry(c.name, f"{c.type_changed[0]} → {c.type_changed[1]}") for c in d.changed if c.type_changed]
    if type_changes:
        lines.append(_line("type change", "type changes", type_changes, cap))
    return tuple(line for line in lines if line.total)


def _cited_at(issue: Issue, with_hint: bool = False) -> AttentionEntry:
    """An item problem (a dangling cite, a failing file) as its place (a code span, whole: the file to open) and
    the build's words apart (they name the missing slug): one code span of both was cut before the slug at a long
    path.  A problem of no line is said whole ("path: what").  ``with_hint``: the build's fix after its words (a
    warning's line says what was ignored; its hint, what to write instead)."""
    if issue.location.line is None:
        return AttentionEntry(issue.located, f"fix: {issue.hint}" if with_hint and issue.hint else "")
    return AttentionEntry(str(issue.location),
                          with_fix(issue.message, issue.hint) if with_hint else issue.message)


def _quote(sentence: str, at: str) -> str:
    """“sentence” (path:line) within the note's cap: the sentence is shortened (at a word), never
    the place it is stated, which the reviewer opens to judge it."""
    room = max(TEXT_LIMIT - len(at) - len("“” ()"), TEXT_LIMIT // 3)
    return f"“{clean(sentence, room)}” ({at})"


def _trust_reason(d: GraphDiff, name: str, status: str) -> str:
    """Why a node's trust changed, and the fix (``side_effects``)."""
    if status == "superseded":
        return str(explain(SideEffect.SUPERSEDED))
    by = sorted(r.source for r in d.relations_added if r.target == name and r.relation_type == "contradicts")
    return str(explain(SideEffect.CONTESTED, by[0] if len(by) == 1 else ""))


def in_pairs(finding: Finding, pairs: Sequence[tuple[str, str]]) -> bool:
    """A near-duplicate-name finding whose pair (``Finding.other``) the near-duplicates section lists already."""
    if finding.code != "near-duplicate-name":
        return False
    return tuple(sorted((finding.entity, finding.other))) in set(pairs)
