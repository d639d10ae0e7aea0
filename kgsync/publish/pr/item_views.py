"""The view model of the PR body: what each item's section, row and link shows."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from markupsafe import Markup

from kgsync.contract.model import OBSERVATION_KEYS, Entity, Relation
from kgsync.diff.finding_order import severity_of
from kgsync.diff.model import EntityChange, GraphDiff, GraphSize, ItemDiff, type_sort_key
from kgsync.lint.rules import Finding
from kgsync.publish.pr.hand_made import HandMade, Landed
from kgsync.publish.pr.markdown_escape import HTTP_URL, TEXT_LIMIT, clean, fits_code_block, md_escape, md_link, with_fix
from kgsync.publish.site.text import counted
from kgsync.read.item_model import Issue

#: Key observations shown under a new node.
KEY_OBSERVATIONS = 3


@dataclass(frozen=True)
class NodeRow:
    name: str
    entity_type: str
    notes: tuple[str, ...]  # key observations
    more: int  # observations not shown


@dataclass(frozen=True)
class ChangeRow:
    name: str
    entity_type: str
    type_changed: tuple[str, str] | None
    added: tuple[str, ...]
    removed: tuple[str, ...]
    reordered: bool
    as_diff: bool  # a ```diff block; else a list of escaped lines
    reworded: Markup | None = None  # a statement reworded in place, word by word (``word_diff``)
    finding: str = ""  # "Key Finding 2": which finding of its item a reworded claim states
    #: The items of this change whose sections list this node's change (0: one): shown once, under the first, which
    #: need not be the item that brought it.
    shared: int = 0


@dataclass(frozen=True)
class Group:
    label: str  # e.g. "new claims"
    kind: str  # nodes | changes | relations
    rows: tuple[NodeRow, ...] | tuple[ChangeRow, ...] | tuple[Relation, ...]
    sign: str = ""  # "+" or "-" for relations


@dataclass(frozen=True)
class ItemView:
    slug: str
    title: str
    status: str  # "new item", "removed item", "" (changed), "no item"
    groups: tuple[Group, ...] = field(default=())
    links: tuple[Markup, ...] = ()  # the item file at the merge commit, its site page


@dataclass(frozen=True)
class ItemLinks:
    """Where a reviewer reads a merged item: its file at the merge commit, its site page ("" none)."""

    file_url: str = ""
    page_url: str = ""


@dataclass(frozen=True)
class VocabularyGroup:
    """A vocabulary event (``kgsync.diff.vocab_events``) as the body shows it: what, and the items it touches."""

    label: str  # e.g. "hub entered: retrieval"
    items: tuple[str, ...]
    reason: str = ""  # why it moved these items (``side_effects``)
    fix: str = ""  # what a maintainer edits to keep the vocabulary as it was
    places: tuple[tuple[str, str], ...] = ()  # where the fix is made, ("path:line", what is there)


@dataclass(frozen=True)
class BodyContext:
    """What the body needs beyond the diff; the PR flow fills it in (``proposal.prepare``)."""

    #: Slugs whose own file changed; None: ``merged_slugs`` infers them from the diff.
    merged: frozenset[str] | None = None
    links: Mapping[str, ItemLinks] = field(default_factory=dict)
    #: Item problems this change brings that the graph cannot show (a dangling cite: ``Issue.dangling``).
    dangling: tuple[Issue, ...] = ()
    #: The item files that fail in this build (each error): each keeps its previous nodes, so
    #: the PR holds none of their changes; and the items kept though their files are gone (while a file fails).
    failed: tuple[Issue, ...] = ()
    held: tuple[str, ...] = ()
    #: The warnings of the items this change touches (their file:line problems, no dangling cite: ``dangling``):
    #: an annotation on main's run only, which the reviewer of the graph PR never sees.
    warned: tuple[Issue, ...] = ()
    events: tuple[VocabularyGroup, ...] = ()
    #: Claim name -> its reworded finding, whole (the graph stores statements cut short).
    statements: Mapping[str, StatementChange] = field(default_factory=dict)
    #: Removed concept or method -> why it went and how to keep it ("1 linking item left (min 2); pin ...").
    lost: Mapping[str, str] = field(default_factory=dict)
    #: Needs-attention lines the build knows and the diff cannot show, (noun, plural, facts): content
    #: added by hand or by an agent that this change removes, manifest credits kept as hand-added.
    hand_added: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    #: The facts no build wrote, by the manifests: the changes filed under "Changes by hand" (``hand_made``).
    hand_made: HandMade = field(default_factory=HandMade)
    #: The base graph's facts added or removed by hand since the last build (``hand_made.Landed``): also "Changes by hand".
    landed: Landed = field(default_factory=Landed)
    #: Other items' evidence links to a finding this change rewords (``attention.citing_reworded``).
    citing: tuple[Relation, ...] = ()
    #: The items whose evidence links a veto removed (filed under the veto file, not under a merge).
    vetoed: frozenset[str] = frozenset()
    #: What a change to the manifest alone records anew (the graph the same), (slug, what) in order: a finding
    #: reworded past the stored cut, an item's links to other items (``body_context.recorded_anew``).
    recorded: tuple[tuple[str, str], ...] = ()
    #: The graph file's name when the change rewrites it with no fact changed (lines added by hand in
    #: another order or JSON form, sorted in); "" otherwise.
    rewritten: str = ""


@dataclass(frozen=True)
class StatementChange:
    """A reworded finding: its Key Finding number (0: unknown) and its whole statement before and after."""

    number: int
    old: str
    new: str


_PLURAL = {"research_item": "research items", "concept": "concepts", "claim": "claims", "method": "methods"}
# Shown first, in this order; an unkeyed observation (a claim's statement) comes first of all.
# Aliases: what people type for a concept or method, the best cue to judge its name.
_KEY_ORDER = ("title", "summary", "kind", "confidence", "status", "alias", "completed")
_KNOWN_KEYS = re.compile(rf"^({'|'.join(OBSERVATION_KEYS)})\s*:")


def plural(entity_type: str) -> str:
    return _PLURAL.get(entity_type, f"{entity_type} nodes")


def key_observations(entity: Entity, limit: int = KEY_OBSERVATIONS) -> tuple[tuple[str, ...], int]:
    """The observations a reviewer needs (statement, title, summary, confidence...) and how many are left."""
    unkeyed = [o for o in entity.observations if not _KNOWN_KEYS.match(o)]
    keyed = sorted(
        (o for o in entity.observations if _KNOWN_KEYS.match(o) and o.split(":", 1)[0].strip() in _KEY_ORDER),
        key=lambda o: _KEY_ORDER.index(o.split(":", 1)[0].strip()),
    )
    shown = (unkeyed + keyed)[:limit]
    return tuple(shown), len(entity.observations) - len(shown)


def _node_rows(entities: Sequence[Entity], own: str = "") -> tuple[NodeRow, ...]:
    """``own``: the item node whose title the section heading or the Merged list shows already."""
    rows = []
    for e in entities:
        if e.name == own:
            e = Entity(e.name, e.entity_type, tuple(o for o in e.observations if not o.startswith("title:")))
        notes, more = key_observations(e)
        rows.append(NodeRow(e.name, e.entity_type, notes, more))
    return tuple(rows)


def change_rows(changes: Sequence[EntityChange], statements: Mapping[str, StatementChange]) -> tuple[ChangeRow, ...]:
    rows = []
    for c in changes:
        reworded, finding, said = _reworded(c, statements.get(c.name))
        # The word diff says the statement in full: its stored (cut) lines would say it again.
        added = tuple(o for o in c.observations_added if o not in said)
        removed = tuple(o for o in c.observations_removed if o not in said)
        added, removed = _where_they_differ(added, removed)
        rows.append(ChangeRow(c.name, c.entity_type, c.type_changed, added, removed, c.reordered,
                              fits_code_block(added + removed), reworded, finding))
    return tuple(rows)


_STATEMENT_KEYS = ("title:", "summary:")


def _statement(observations: Sequence[str]) -> list[str]:
    """A node's statement observations: unkeyed (a claim's text), else its ``title:``/``summary:``."""
    unkeyed = [o for o in observations if not _KNOWN_KEYS.match(o)]
    return unkeyed or [o for o in observations if o.startswith(_STATEMENT_KEYS)]


def _reworded(change: EntityChange, whole: StatementChange | None) -> tuple[Markup | None, str, frozenset[str]]:
    """A claim's statement changed in place: (the words that changed, "Key Finding N", the stored
    observations the word diff stands for).  ``whole``: the finding before and after, uncut."""
    if change.entity_type != "claim":
        return None, "", frozenset()
    old, new = _statement(change.observations_removed), _statement(change.observations_added)
    # No stored line changed: a finding reworded past the stored cut (a renamed item's claim), whole only.
    stored = len(old) == len(new) == 1
    if not stored and (whole is None or old or new):
        return None, "", frozenset()
    if whole is not None:
        words = word_diff(whole.old, whole.new)
    else:
        words = word_diff(_value(old[0]), _value(new[0]))
    label = f"Key Finding {whole.number}" if whole is not None and whole.number else ""
    if words is None:
        return None, label, frozenset()
    return words, label, frozenset((old[0], new[0])) if stored else frozenset()


def _value(observation: str) -> str:
    return observation.split(":", 1)[1].strip() if _KNOWN_KEYS.match(observation) else observation


#: Punctuation that ends a word: its own token, so "reads." -> "reads by half." marks only "by half".
_TRAILING = ".,;:!?…)]\"'’”"


def _tokens(text: str) -> list[tuple[str, bool]]:
    """``text``'s words, each with its trailing punctuation apart: (token, a space before it)."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        core = word.rstrip(_TRAILING)
        if core:
            out.append((core, True))
        if len(core) < len(word):
            out.append((word[len(core):], not core))
    return out


def word_diff(old: str, new: str, limit: int = 8 * TEXT_LIMIT) -> Markup | None:
    """``old`` → ``new`` word by word: removed words ~~struck~~, added ones **bold**, each escaped.

    A word's trailing punctuation is a token of its own, written back against its word, so a
    sentence that only grows reads "graph reads **by half**." rather than "~~reads.~~ **reads by
    half.**".  A changed run always opens after a space: "~~" or "**" right after a letter and
    before punctuation would not open (GFM's flanking rule) and would show as typed."""
    a, b = _tokens(clean(old, 0)), _tokens(clean(new, 0))
    parts: list[str] = []

    def run(tokens: list[tuple[str, bool]], mark: str) -> None:
        text = "".join((" " if space and i else "") + token for i, (token, space) in enumerate(tokens))
        glued = not tokens[0][1] and not mark and parts
        parts.append(("" if glued or not parts else " ") + (f"{mark}{md_escape(text, 0)}{mark}" if mark
                                                             else md_escape(text, 0)))

    matcher = difflib.SequenceMatcher(a=[t for t, _ in a], b=[t for t, _ in b], autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            run(b[j1:j2], "")
            continue
        if i2 > i1:
            run(a[i1:i2], "~~")
        if j2 > j1:
            run(b[j1:j2], "**")
    text = "".join(parts)
    if len(text) > limit:  # a very long rewrite: the observation lines say it instead
        return None
    return Markup(text)


def _where_they_differ(added: tuple[str, ...], removed: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A long observation changed within its first ``TEXT_LIMIT`` characters reads the same
    on both lines once cut: show each from a little before the first difference instead."""
    old_by_key = {o.partition(":")[0]: o for o in removed}
    new_by_key = {o.partition(":")[0]: o for o in added}
    windows: dict[str, str] = {}
    for key in old_by_key.keys() & new_by_key.keys():
        old, new = old_by_key[key], new_by_key[key]
        if clean(old) != clean(new):
            continue  # the cut lines differ already
        start = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        skip = max(len(key) + 1, start - TEXT_LIMIT // 3)
        for text in (old, new):
            windows[text] = f"{key}: …{text[skip:]}"
    return tuple(windows.get(o, o) for o in added), tuple(windows.get(o, o) for o in removed)


def _by_type(entities: Sequence[Entity]) -> list[tuple[str, list[Entity]]]:
    types = sorted({e.entity_type for e in entities}, key=type_sort_key)
    return [(t, [e for e in entities if e.entity_type == t]) for t in types]


def item_view(item: ItemDiff, statements: Mapping[str, StatementChange] | None = None) -> ItemView:
    groups: list[Group] = []
    own = f"item:{item.slug}" if item.slug else ""
    for entity_type, entities in _by_type(item.added):
        groups.append(Group(f"new {plural(entity_type)}", "nodes", _node_rows(entities, own)))
    for entity_type, entities in _by_type(item.removed):
        groups.append(Group(f"removed {plural(entity_type)}", "nodes", _node_rows(entities, own)))
    if item.changed:
        groups.append(Group("changed nodes", "changes", change_rows(item.changed, statements or {})))
    # An item's `states` links to the claims listed just above repeat that list: counted, not listed.
    for sign, relations, claims in (("+", item.relations_added, item.added), ("-", item.relations_removed, item.removed)):
        listed = {e.name for e in claims if e.entity_type == "claim"}
        own = f"item:{item.slug}"
        implied = [r for r in relations if r.source == own and r.relation_type == "states" and r.target in listed]
        rest = tuple(r for r in relations if r not in implied)
        label = "relations added" if sign == "+" else "relations removed"
        if implied:
            label += f" (besides {counted(len(implied), 'states link')} to the claims above)"
        if rest:
            groups.append(Group(label, "relations", rest, sign))
    if not item.slug:
        status = "no item"
    elif any(e.name == f"item:{item.slug}" for e in item.added):
        status = "new item"
    elif any(e.name == f"item:{item.slug}" for e in item.removed):
        status = "removed item"
    else:
        status = ""
    return ItemView(item.slug, item.title, status, tuple(groups))


def item_links(slug: str, links: Mapping[str, ItemLinks]) -> tuple[Markup, ...]:
    found = links.get(slug, ItemLinks())
    return tuple(md_link(text, url) for text, url in (("item file", found.file_url), ("site page", found.page_url))
                 if url and HTTP_URL.fullmatch(url))


def size_line(before: GraphSize | None, after: GraphSize | None) -> str:
    """"Graph: 10 → 12 entities, 4 → 6 relations, 1,024 → 1,300 JSONL bytes" ("" unknown)."""
    if before is None or after is None:
        return ""
    parts = [(before.entities, after.entities, "entities"), (before.relations, after.relations, "relations"),
             (before.jsonl_bytes, after.jsonl_bytes, "JSONL bytes")]
    return "Graph: " + ", ".join(f"{a:,} → {b:,} {what}" + (f" ({b - a:+,})" if b != a else "")
                                 for a, b, what in parts)


def ordered_items(d: GraphDiff) -> list[ItemDiff]:
    """What a reviewer must weigh first: removed items, then existing items that lost or
    changed nodes, then the rest of the existing ones, then new items; newest first within
    each (slugs start with the date); changes without an item last."""
    named = sorted((i for i in d.items if i.slug), key=lambda i: i.slug, reverse=True)
    return sorted(named, key=review_rank) + [i for i in d.items if not i.slug]


def review_rank(item: ItemDiff) -> int:
    own = f"item:{item.slug}"
    if any(e.name == own for e in item.removed):
        return 0
    if any(e.name == own for e in item.added):
        return 3
    return 1 if item.removed or item.changed or item.relations_removed else 2


@dataclass(frozen=True)
class FindingRow:
    severity: str
    code: str
    entity: str
    message: str
    location: str


def finding_row(finding: Finding) -> FindingRow:
    message = with_fix(finding.message, finding.hint)  # the fix whole within the cell's cap
    location = str(finding.location) if finding.location is not None else ""
    return FindingRow(severity_of(finding), finding.code, finding.entity, message, location)
