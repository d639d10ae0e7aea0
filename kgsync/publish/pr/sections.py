"""The PR body as cuttable sections, in reading order (the head first, never cut)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import takewhile
from typing import TypeVar, cast

from jinja2.environment import TemplateModule
from markupsafe import Markup

from kgsync.diff.item_attribution import cited_claims, merged_slugs
from kgsync.diff.model import TYPE_ORDER, GraphDiff, ItemDiff, ItemRename, TypeCount
from kgsync.publish.pr.attention import (
    ATTENTION_NAMES,
    NOTHING,
    AttentionLine,
    Evidence,
    attention,
    evidence_rows,
    in_pairs,
)
from kgsync.publish.pr.item_views import (
    BodyContext,
    ChangeRow,
    Group,
    ItemView,
    VocabularyGroup,
    finding_row,
    item_view,
    item_links,
    ordered_items,
    review_rank,
    size_line,
)
from kgsync.publish.pr.hand_made import split_by_hand
from kgsync.publish.pr.item_index import index_chunks
from kgsync.publish.pr.merge_proposals import merge_block
from kgsync.publish.pr.pr_template import macro, template_module
from kgsync.publish.pr.renamed_items import renamed_items, renamed_view
from kgsync.publish.site.text import counted
from kgsync.publish.pr.side_effects import Explanation, SideEffect, explain

DEFAULT_TITLE = "Knowledge graph update"


#: Rows per table chunk: the unit the truncation can cut at.
CHUNK_ROWS = 50
#: Entity types outside the contract listed one by one in the summary; the rest are summed.
FOREIGN_TYPE_ROWS = 10


@dataclass(frozen=True)
class Section:
    """One cuttable unit of the body."""

    kind: str  # head | findings | near_duplicates | evidence | index | heading | item | item_reference
    text: str
    count: int = 0  # rows / pairs / 1 item
    label: str = ""  # for an item: its slug
    #: Cut order when the body is too long: highest first, later sections first within
    #: a priority.  0 never goes (the head, with its "needs attention" list).  Later pages of
    #: warnings and pairs (7, in the full report anyway) go first, then the sections of items
    #: that only gained nodes or whose changes are all shown above (6), the item index and the evidence links (5), then
    #: the sections of items that lost or changed nodes (4), the first page of warnings (3), of near-duplicates (2),
    #: errors (1).
    priority: int = 0
    #: The items a section of several names (``_Bystanders``): what a cut of it leaves out, each by its slug.
    members: tuple[str, ...] = ()
    #: The nodes a section of several items shows as their only change (``_Bystanders.names``).
    about: tuple[str, ...] = ()


_Row = TypeVar("_Row")


def _chunks(rows: Sequence[_Row], size: int = CHUNK_ROWS) -> list[Sequence[_Row]]:
    return [rows[i : i + size] for i in range(0, len(rows), size)] or [[]]


def build_sections(d: GraphDiff, *, title: str = DEFAULT_TITLE, evidence: Evidence | None = None,
                   context: BodyContext | None = None, cap: int = ATTENTION_NAMES, heading: bool = True,
                   full_report_hint: str = "") -> list[Section]:
    """The body as cuttable sections, in reading order: the head, the merged items, the side
    effects (under the event that explains them), then evidence, lint, pairs and the index.

    ``cap``: entries per list in the head (0: all, the full report); a capped list ends with
    "and N more", and ``full_report_hint`` (trusted Markdown) says where the rest is, so the
    head has a fixed budget whatever one item holds.  ``heading``: open with ``title`` as a
    heading (the full report; a PR shows its title above the body already).
    """
    evidence = evidence or {}
    context = context or BodyContext()
    module = template_module()
    # What no build wrote (the manifests say) is read apart, under its own heading, never as a merge's side effect.
    ordered, by_hand_items = split_by_hand(renamed_items(d, ordered_items(d)), context.hand_made)
    moved = {r.old for r in d.renames}  # a renamed item's old slug: neither merged nor a side effect
    merged = (context.merged if context.merged is not None else merged_slugs(d)) - moved
    views = [renamed_view(replace(item_view(i, context.statements),
                                  links=item_links(i.slug, context.links) if i.slug in merged else ()),
                          d, context.statements)
             for i in ordered]
    causes = [v for v in views if v.slug in merged]
    lines = attention(d, evidence, context.dangling, context.lost, cap, context.hand_added, context.citing,
                      context.failed, context.held, context.warned)
    if not lines and not d.near_duplicates:  # the near-duplicate pairs are the head's last attention line
        lines = (NOTHING,)
    # Read from two bare graphs (no build said which items merged) with no item's own nodes changed: no
    # merge moved the other items, a person or an agent did (a vocabulary edit comes with the PR flow's events).
    by_hand = context.merged is None and not merged
    others = [] if by_hand else [v.slug for v in views if v.slug and v.slug not in merged | moved]
    head = _head(module, d, title if heading else "", lines, causes, (len(others), len(context.vetoed & set(others))),
                 cap, full_report_hint, context.recorded, context.rewritten)
    sections = [Section("head", head)]
    sections += _item_sections(module, views, ordered, merged, context.events, frozenset(moved), by_hand,
                               cited_claims(d))
    sections += _by_hand_sections(module, by_hand_items, context)
    sections += _evidence_sections(module, d, evidence)
    sections += _finding_sections(module, d)
    sections += _near_duplicate_sections(module, d)
    # Each group of items one shared node moved (``_Bystanders``), with the heading it is filed under.
    folds = [(s.members, s.about, next(h.label for h in reversed(sections[:at]) if h.kind == "heading"))
             for at, s in enumerate(sections) if s.kind == "item" and len(s.members) > 1]
    sections += [Section("index", text, count, priority=5)
                 for text, count in index_chunks(module, d, views, ordered, merged, 2 * CHUNK_ROWS, folds)]
    return sections


def _capped(rows: Sequence[_Row], cap: int) -> tuple[Sequence[_Row], int]:
    shown = rows if cap <= 0 else rows[:cap]
    return shown, len(rows) - len(shown)


def _head(module: TemplateModule, d: GraphDiff, title: str, lines: tuple[AttentionLine, ...],
          causes: Sequence[ItemView], side_effects: tuple[int, int], cap: int, hint: str,
          recorded: Sequence[tuple[str, str]] = (), rewritten: str = "") -> str:
    """Needs attention, the merged and the removed items, the counts per type (foreign types
    past ``FOREIGN_TYPE_ROWS`` summed), what the manifest alone records anew: every list capped at
    ``cap``, so the head always fits.  ``side_effects``: the other items moved, and how many of
    them by a veto.  ``rewritten``: the graph file a change with no fact changed rewrites."""
    relation_counts = list(d.relation_counts().items())
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
    merged, more_merged = _capped([v for v in causes if v.status != "removed item"], cap)
    removed, more_removed = _capped([v for v in causes if v.status == "removed item"], cap)
    relations_shown, more_relations = _capped(relation_counts, cap)
    renamed, more_renamed = _capped([(f"item:{r.old}", f"item:{r.new}", _rename_note(r)) for r in d.renames], cap)
    recorded_shown, more_recorded = _capped(recorded, cap)
    capped = (any(line.more and line.listed for line in lines) or more_merged or more_removed or more_relations
              or more_renamed or more_recorded)
    return macro(
        module,
        "head",
        title,
        d,
        contract,
        foreign[:FOREIGN_TYPE_ROWS],
        foreign_rest,
        sum(a for _, (a, _) in relation_counts),
        sum(r for _, (_, r) in relation_counts),
        len(causes),
        *side_effects,
        dict(relations_shown),
        more_relations,
        lines,
        merged,
        more_merged,
        removed,
        more_removed,
        size_line(d.size_before, d.size_after),
        Markup(hint) if capped and hint else Markup(""),
        cap,
        renamed,
        more_renamed,
        recorded_shown,
        more_recorded,
        rewritten,
    )


def _rename_note(rename: ItemRename) -> str:
    """Why the two items are one, and what of the old one is carried over."""
    return f"{rename.rule}; {counted(len(rename.claims), 'claim')} carried over"


def _evidence_sections(module: TemplateModule, d: GraphDiff, evidence: Evidence) -> list[Section]:
    links = list(evidence_rows(d, evidence))
    # A review aid: the head already quotes every new contradiction, so it may go with the index.
    return [Section("evidence", macro(module, "evidence_links", chunk, number == 0, len(links)), len(chunk),
                    priority=5 if number == 0 else 7)
            for number, chunk in enumerate(_chunks(links) if links else [])]


def _finding_sections(module: TemplateModule, d: GraphDiff) -> list[Section]:
    """What this change brings first (errors, then the rest); what the base graph had already, folded after it."""
    listed = [f for f in d.findings if not in_pairs(f, d.near_duplicates)]
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
    # The pairs the same items address come first, with their counts: the firmest evidence a
    # name pair has (``kin.same_items``); the others follow in name order.
    shared = {(a, b): (both, first, second) for a, b, both, first, second in d.same_items}
    rows = sorted(((a, b, shared.get((a, b))) for a, b in pairs), key=lambda row: (row[2] is None, row[0], row[1]))
    sections = [Section("near_duplicates", macro(module, "near_duplicates", chunk, number == 0, len(rows)), len(chunk),
                        priority=2 if number == 0 else 7)
                for number, chunk in enumerate(_chunks(rows, 2 * CHUNK_ROWS) if rows else [])]
    block = merge_block(pairs, shared, d.theme_nodes)  # the vocabulary-file lines that would merge them, with the evidence
    return sections + ([Section("near_duplicates", block, 0, priority=7)] if block else [])


def _by_hand_sections(module: TemplateModule, items: Sequence[ItemDiff], context: BodyContext) -> list[Section]:
    """The changes no build made (``hand_made``), one section per item, under one heading that says so;
    then those already in the base graph since the last build (``context.landed``), with their own why."""
    landed = context.landed
    groups = ((BY_HAND, explain(SideEffect.BY_HAND), items),
              (f"{BY_HAND} {SINCE_BUILD}" if items else BY_HAND, explain(SideEffect.LANDED, landed.since[:7]),
               landed.items))
    return [Section("item", macro(module, "item", item_view(item, context.statements), heading if number == 0 else "",
                                  True, why if number == 0 else None, ()),
                    1, item.slug or "(no item)", priority=4)
            for heading, why, group in groups for number, item in enumerate(group)]


SIDE_EFFECTS = "Side effects (other items)"
BY_HAND = "Changes by hand"
SINCE_BUILD = "already in the base graph"
NO_ITEM = "Changes no research item explains"
HAND_EDITED = "Changes with no item merged"


def _re_judged(item: ItemDiff) -> bool:
    return any(o.startswith("status:") for c in item.changed for o in c.observations_added)


def _owners_only(item: ItemDiff) -> bool:
    return bool(item.changed) and not (item.added or item.removed or item.relations_added or item.relations_removed) \
        and all(o.startswith("provenance:") for c in item.changed for o in c.observations_added + c.observations_removed)


def _cited(item: ItemDiff, cited: frozenset[str]) -> bool:
    """A claim of its own came or went because another item's link cites it (``cited_claims``)."""
    return any(e.name in cited for e in item.added + item.removed if e.name.startswith(f"claim:{item.slug}:"))


#: Why another item moved when no re-judged claim, cited finding, vocabulary event or lost node explains it
#: (first that applies), then the side effect every other one is: a node a merged item created, changed or removed.
_SIDE_EFFECT_REASONS: tuple[tuple[SideEffect, Callable[[ItemDiff], bool]], ...] = (
    (SideEffect.SHARED_NODE_OWNERS, _owners_only),
)


def _item_sections(module: TemplateModule, views: Sequence[ItemView], ordered: Sequence[ItemDiff], merged: frozenset[str],
                   events: Sequence[VocabularyGroup], moved: frozenset[str] = frozenset(),
                   by_hand: bool = False, cited: frozenset[str] = frozenset()) -> list[Section]:
    """One section per item: the merged items first, then the side effects under every
    vocabulary event that lists them, then the side effects no event names; each side-effect
    heading says why its items moved and the fix (``side_effects``).

    An item several events moved is listed under each of them, so that every event names all
    the items it moved (a reviewer judges one event at a time: "should this term become a
    hub?").  Its changes are shown once, under the first; each later event lists it in one line
    pointing there, and its full section names the later events: the body does not grow with
    the number of events, and no event reads as if it moved fewer items than it did."""
    removed = {v.slug for v in views if v.slug in merged and v.status == "removed item"}
    items = {view.slug: item for view, item in zip(views, ordered, strict=True)}

    def groups_of(view: ItemView) -> list[tuple[int, str, Explanation | None]]:
        """The headings that list ``view``, in reading order: removed, merged, then a re-judged
        claim (a trust change outweighs a vocabulary move, so the item's changes are shown
        there), a claim another item's link made or unmade (``cited``), the vocabulary events, the
        other reasons, the rest.  ``moved``: the old slugs of
        renamed items, read right after the merged items (the new ones); ``by_hand``: no item
        merged, so the other items' changes are hand-made."""
        if view.slug in moved:
            return [(2, f"Renamed items ({len(moved)})", explain(SideEffect.RENAMED))]
        if view.slug in removed:  # a deleted item is removed, never "merged"; what a change loses first
            return [(0, f"Removed items ({len(removed)})", None)]
        if view.slug in merged:
            return [(1, f"Merged items ({sum(1 for v in views if v.slug in merged) - len(removed)})", None)]
        later = 5 + len(events)  # after the re-judged claims, the cited findings and the events
        if not view.slug:
            return [(later + len(_SIDE_EFFECT_REASONS) + 1, NO_ITEM, explain(SideEffect.NO_ITEM))]
        found: list[tuple[int, str, Explanation | None]] = []
        if _re_judged(items[view.slug]):  # a cause of its own beside any event
            why = explain(SideEffect.RE_JUDGED)
            found.append((3, f"{_EVENT}{why.reason}", why))
        if _cited(items[view.slug], cited):  # a claim another item's link made or unmade: its own cause too
            why = explain(SideEffect.CITED_FINDING)
            found.append((4, f"{_EVENT}{why.reason}", why))
        found += [(5 + number, f"{_EVENT}{event.label}", Explanation(event.reason, event.fix, event.places))
                  for number, event in enumerate(events) if view.slug in event.items]
        if found:
            return found
        for number, (kind, applies) in enumerate(_SIDE_EFFECT_REASONS):  # only for an item no event names
            if applies(items[view.slug]):
                why = explain(kind)
                return [(later + number, f"{_EVENT}{why.reason}", why)]
        if by_hand:  # no merge moved it: a person or an agent did (``build_sections``)
            return [(later + len(_SIDE_EFFECT_REASONS), HAND_EDITED, explain(SideEffect.NOTHING_MERGED))]
        return [(later + len(_SIDE_EFFECT_REASONS), SIDE_EFFECTS, explain(SideEffect.THROUGH_MERGED_NODE))]

    # (group order, heading, why, the view, its item, the heading its changes are under ("": here),
    # the other headings that list it)
    entries = []
    for view, item in zip(views, ordered, strict=True):
        groups = groups_of(view)
        first = groups[0][1]
        for number, (order, label, why) in enumerate(groups):
            also = tuple(other.removeprefix(_EVENT) for _o, other, _w in groups[1:]) if number == 0 else ()
            entries.append((order, label, why, view, item, "" if number == 0 else first, also))
    entries.sort(key=lambda entry: entry[0])  # stable: the reviewer's order within a group
    sections: list[Section] = []
    heading = ""
    shown: dict[str, int] = {}  # changed node -> the priority of the section that shows its diff
    placed: dict[str, int] = {}  # item -> the priority of the section that shows its changes
    # The bystanders under one heading, one section each group (``_Bystanders``): at the first one's place.
    bystanders: dict[tuple[str, str, tuple[str, ...]], _Bystanders] = {}
    linking = Counter(r.name for v in views for g in v.groups if g.kind == "changes" for r in cast(tuple[ChangeRow, ...], g.rows))
    for _order, label, why, view, item, shown_under, also in entries:
        if label != heading:  # a section of its own: it goes only with the last section under it (below)
            sections.append(Section("heading", macro(module, "group_heading", label, why), 0, label))
        heading = label
        # Sections that remove or change nodes outlive the index; new items' sections go first.
        keep_longer = review_rank(item) in (0, 1) or not item.slug
        priority = 4 if keep_longer else 6
        if shown_under:
            # As long-lived as the changes it points to, and later: cut first, never pointing at nothing.
            _bystander(sections, bystanders, (label, shown_under, ()), view,
                       Section("item_reference", macro(module, "item_reference", view, "", None,
                                                       shown_under.removeprefix(_EVENT)),
                               0, view.slug, priority=placed.get(view.slug, priority)))
            continue
        view = _changes_shown_once(view, shown, priority, linking)
        if priority == 4 and item.slug and not _loses_or_changes(view):
            priority = 6  # its changes are all shown above: it weighs what an item that only gained nodes does
        placed[view.slug] = priority
        # A merged or removed item's title is in the head's lists already; a side effect's is not.
        text = macro(module, "item", view, "", view.slug not in merged, None, also)
        section = Section("item", text, 1, view.slug or "(no item)", priority=priority)
        if view.slug and view.slug not in merged and not also and (names := _only_shown_above(view)):
            _bystander(sections, bystanders, (label, "", names), view, section)
        else:
            sections.append(section)
    for group in bystanders.values():
        sections[group.at] = group.section(module)
    return _headings_last(sections)


@dataclass(frozen=True)
class _Bystanders:
    """The items under one heading moved by one thing shown above, and nothing of their own: the nodes a
    merged item changed that they link (``names``), or the event they are listed under first (``shown_under``).
    One alias given to a node 107 items link filed 107 sections, each naming the node
    again (qa142); one section says it once and names every item, so a reviewer still sees each.  A group
    of one keeps its own section (``alone``), as before."""

    at: int  # its place among the sections: the first item's
    alone: Section
    shown_under: str
    names: tuple[str, ...]
    slugs: tuple[str, ...]
    priority: int  # the longest any of its items' sections would wait to be cut: it points at their changes

    def section(self, module: TemplateModule) -> Section:
        if len(self.slugs) == 1:
            return self.alone
        text = macro(module, "bystanders", self.slugs, self.names, self.shown_under.removeprefix(_EVENT))
        kind = "item_reference" if self.shown_under else "item"
        return Section(kind, text, 0 if self.shown_under else len(self.slugs), self.slugs[0], priority=self.priority,
                       members=self.slugs, about=self.names)


def _bystander(sections: list[Section], groups: dict[tuple[str, str, tuple[str, ...]], _Bystanders],
               key: tuple[str, str, tuple[str, ...]], view: ItemView, section: Section) -> None:
    """File ``view`` (its own ``section``) in the group ``key`` of ``groups``, a place in ``sections`` kept for a new
    group.  The group takes the highest priority of its items' sections (cut no later than any of them)."""
    if key not in groups:
        groups[key] = _Bystanders(len(sections), section, key[1], key[2], (), section.priority)
        sections.append(section)
    group = groups[key]
    groups[key] = replace(group, slugs=(*group.slugs, view.slug), priority=max(group.priority, section.priority))


def _only_shown_above(view: ItemView) -> tuple[str, ...]:
    """The nodes ``view`` names as changed and shown above, when that is all it shows (else ())."""
    if not view.groups or any(g.kind != "changes" or g.label != _SHOWN_ABOVE for g in view.groups):
        return ()
    return tuple(sorted(cast(ChangeRow, r).name for g in view.groups for r in g.rows))


def _headings_last(sections: list[Section]) -> list[Section]:
    """Each heading with the priority of the longest-lived section under it: it comes before them, so
    within that priority it is cut after them, and a section kept never reads under another heading."""
    out = list(sections)
    for at, section in enumerate(out):
        if section.kind == "heading":
            under = list(takewhile(lambda s: s.kind != "heading", out[at + 1:]))
            out[at] = replace(section, priority=min((s.priority for s in under), default=6))
    return out


_EVENT = "Side effects: "
_SHOWN_ABOVE = "changed nodes, shown above"


def _loses_or_changes(view: ItemView) -> bool:
    """``view`` shows a node or a relation removed, or a change of its own (not one shown above)."""
    return any((g.kind == "changes" and g.label != _SHOWN_ABOVE) or (g.kind == "nodes" and g.label.startswith("removed "))
               or (g.kind == "relations" and g.sign == "-") for g in view.groups)


def _changes_shown_once(view: ItemView, shown: dict[str, int], priority: int,
                        linking: Mapping[str, int] = {}) -> ItemView:  # noqa: B006 (read only)
    """``view`` with the diff of a node an earlier section showed already left out: its node is
    named under "changed nodes, shown above".  One shared node's change (an alias a merged item
    brings) is attributed to every item that links the node, and read 13 times over in a 3-item
    PR.  Only a section cut no sooner than this one counts (``truncate`` cuts the highest
    priority first, later first within one), so the diff outlives every pointer to it.
    ``shown`` collects the nodes this view shows.  ``linking``: how many sections list each node's change; a
    shared node's diff says so (``ChangeRow.shared``): the first section in review order shows it, which reads as
    that item's change when another item brought it (a new item's words made an alias, shown under an edited item)."""
    groups: list[Group] = []
    for group in view.groups:
        if group.kind != "changes":
            groups.append(group)
            continue
        rows = cast(tuple[ChangeRow, ...], group.rows)
        fresh = tuple(replace(r, shared=linking.get(r.name, 0) if linking.get(r.name, 0) > 1 else 0)
                      for r in rows if shown.get(r.name, priority + 1) > priority)
        repeated = tuple(replace(r, type_changed=None, added=(), removed=(), reordered=False, reworded=None, finding="")
                         for r in rows if shown.get(r.name, priority + 1) <= priority)
        if fresh:
            groups.append(replace(group, rows=fresh))
        if repeated:
            groups.append(replace(group, label=_SHOWN_ABOVE, rows=repeated))
        shown.update((r.name, priority) for r in fresh if r.name not in shown or shown[r.name] > priority)
    return replace(view, groups=tuple(groups))
