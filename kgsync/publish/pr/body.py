"""The pull-request body: a ``GraphDiff`` as Markdown a reviewer reads in a minute.

Layout (templates/pr_body.md.j2): a summary table of counts per entity type,
lint findings (errors first), candidate near-duplicates, an index of the items
touched, then one section per item, newest first.

Safety: everything taken from the graph is hostile input (an item's author, or
an agent, wrote it).  The template environment used here escapes every
``{{ value }}`` with ``md_escape`` unless the value is already ``Markup``
(what ``md_code``/``plain``/``md_escape`` return), so forgetting to escape in
the template is impossible rather than a review item.

Size: GitHub rejects a PR body over 65,536 characters.  The report is built as
a list of sections; when it is too long, whole sections are dropped (second
pages of warnings first, then the oldest items' sections, ..., errors last) and a
notice at the end says what was cut and where the full report is.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TypeVar

import jinja2
from jinja2.environment import TemplateModule
from markupsafe import Markup

from kgsync.diff.graph_diff import (
    TYPE_ORDER,
    ClaimChange,
    EntityChange,
    GraphDiff,
    GraphSize,
    ItemDiff,
    TypeCount,
    changed_claims,
    merged_slugs,
    severity_of,
    type_sort_key,
)
from kgsync.lint.rules import Finding
from kgsync.contract.model import OBSERVATION_KEYS, Entity, Relation
from kgsync.publish.limits import GITHUB_BODY_LIMIT
from kgsync.publish.site.text import counted, one_line
from kgsync.publish.templating import environment

TEMPLATE = "pr_body.md.j2"
DEFAULT_TITLE = "Knowledge graph update"
#: A whole trusted Markdown sentence (callers pass their own, e.g. with a link to the run).
DEFAULT_FULL_REPORT_HINT = (
    "The full report is in the workflow run's job summary; `kgsync diff OLD NEW --limit 0` prints it too."
)

#: Per-string caps (characters, before escaping): a reviewer needs the gist, not the essay.
NAME_LIMIT = 160
TEXT_LIMIT = 240
#: A group longer than this folds into a <details> block.
DETAILS_AFTER = 5
#: Key observations shown under a new node.
KEY_OBSERVATIONS = 3
#: Rows per table chunk: the unit the truncation can cut at.
CHUNK_ROWS = 50
#: Entity types outside the contract listed one by one in the summary; the rest are summed.
FOREIGN_TYPE_ROWS = 10

# --------------------------------------------------------------------------- escaping

# Invisible, non-printing, in the way of a safe rendering: format characters (bidi
# overrides can make text read differently from what it is), controls, lone surrogates
# (cannot be encoded).  ZWJ/ZWNJ stay: scripts and emoji need them.
_KEEP_FORMAT = {"\u200c", "\u200d"}
_DROP_CATEGORIES = {"Cc", "Cf", "Cs"}

#: Zero-width space, as Renovate and Dependabot use it: GitHub's mention and issue-ref
#: filters need the name/number right after ``@``/``#``, so ``@\u200boctocat`` does not
#: ping anyone and ``#\u200b12`` links nothing, yet it reads as ``@octocat``/``#12``.
#: A code span would also stop the ping, but changes the look of every sentence.
ZWSP = "\u200b"
_MENTION = re.compile(r"@(?=[A-Za-z0-9])")
_ISSUE_REF = re.compile(r"#(?=[0-9])")
_GH_REF = re.compile(r"(?i)\b(GH-)(?=[0-9])")
# GFM autolinks ``scheme://`` and ``www.``: break both so a hostile URL is not a link.
_SCHEME = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*:)(?=//)")
_WWW = re.compile(r"(?i)\b(www)(?=\.)")

# Characters with a Markdown or HTML meaning anywhere in a line, written as numeric
# character references: CommonMark treats a reference as literal text (never as
# syntax), it works the same in Markdown text, GFM table cells (no raw ``|`` left
# to split a row) and raw HTML such as <summary>, where backslash escapes do not.
_ALWAYS = {c: f"&#{ord(c)};" for c in "&<>\\`*_[]|#!~$"}
# Characters that only mean something at the start of a block (list, setext, quote).
_LEADING = {c: f"&#{ord(c)};" for c in "-+=:"}
_ORDERED = re.compile(r"^(\d{1,9})([.)])(?=\s|$)")


def clean(text: str, limit: int = TEXT_LIMIT) -> str:
    """Drop control/format characters, collapse whitespace and newlines, cap the length."""
    kept = "".join(
        c for c in text if c in _KEEP_FORMAT or unicodedata.category(c) not in _DROP_CATEGORIES or c.isspace()
    )
    # What is left of the site's control characters is whitespace: one_line only collapses it.
    flat = one_line(kept)
    if limit > 0 and len(flat) > limit:
        flat = flat[: max(limit - 1, 0)].rstrip() + "…"
    return flat


def _escape_char(text: str, i: int) -> str:
    c = text[i]
    # "_" between two letters/digits can neither open nor close emphasis (CommonMark
    # flanking rules), and names such as research_item stay readable in the source.
    if c == "_" and 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum():
        return c
    return _ALWAYS.get(c, c)


def md_escape(text: str, limit: int = TEXT_LIMIT) -> Markup:
    """``text`` as inert Markdown: safe in text, list items, headings, table cells and HTML.

    No markup, no HTML, no link, no @mention, no issue reference survives; the
    rendered text reads like the original (minus control characters and newlines).
    """
    flat = clean(text, limit)
    flat = _MENTION.sub("@" + ZWSP, flat)
    flat = _ISSUE_REF.sub("#" + ZWSP, flat)
    flat = _GH_REF.sub(r"\1" + ZWSP, flat)
    flat = _SCHEME.sub(r"\1" + ZWSP, flat)
    flat = _WWW.sub(r"\1" + ZWSP, flat)
    out = "".join(_escape_char(flat, i) for i in range(len(flat)))
    ordered = _ORDERED.match(out)
    if ordered:
        out = ordered.group(1) + f"&#{ord(ordered.group(2))};" + out[ordered.end() :]
    elif out[:1] in _LEADING:
        out = _LEADING[out[0]] + out[1:]
    return Markup(out)


_ANGLE = re.compile(r"[<>]")


def md_code(text: str, limit: int = NAME_LIMIT) -> Markup:
    """``text`` as a GFM code span: literal, never a link, a mention or HTML.

    The fence is one backtick longer than any run inside, so the content cannot
    close it.  Not for table cells (GFM splits a row at ``|`` before it sees code
    spans) nor raw HTML such as <summary> (no Markdown there): use ``md_escape``.
    Text with ``<`` or ``>`` is written with ``md_escape`` instead.
    """
    flat = clean(text, limit)
    if not flat:
        return Markup("*(empty)*")
    if _ANGLE.search(flat):
        # Inert in a code span, but a raw "<script" in the body source alarms readers and
        # scanners, and other renderers (mail, chat previews) may be less careful.
        return md_escape(flat, limit)
    longest = max((len(run) for run in re.findall(r"`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return Markup(f"{fence}{pad}{flat}{pad}{fence}")


def plain(text: str, limit: int = TEXT_LIMIT) -> Markup:
    """For a line inside a fenced code block we open: cleaned, one line, nothing escaped.

    Safe because every such line starts with our own ``+ ``/``- `` marker: a fence
    can only close at the start of a line.  Refuses ``<``/``>`` (see ``fits_code_block``).
    """
    flat = clean(text, limit)
    if _ANGLE.search(flat):
        raise ValueError("plain() text must not hold '<' or '>': use md_escape")
    return Markup(flat)


def fits_code_block(texts: Sequence[str]) -> bool:
    """True when every text may go into a fenced block as is (no ``<``/``>``, see md_code)."""
    return not any(_ANGLE.search(t) for t in texts)


def _finalize(value: object) -> object:
    if isinstance(value, Markup):
        return value
    if isinstance(value, bool) or value is None:
        raise TypeError(f"refusing to print {value!r} in a PR body template")  # a template bug
    if isinstance(value, int):
        return Markup(str(value))
    return md_escape(str(value))


@cache
def _environment() -> jinja2.Environment:
    # An overlay with its own cache: autoescape + finalize change the compiled code,
    # so a template compiled by the shared environment must not be reused here.
    return environment().overlay(autoescape=True, finalize=_finalize, cache_size=50)


# --------------------------------------------------------------------------- view model


@dataclass(frozen=True)
class RenderedBody:
    text: str  # what fits in ``limit`` characters
    truncated: bool
    full_text: str  # the whole report


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


@dataclass(frozen=True)
class BodyContext:
    """What the body needs beyond the diff; the PR flow fills it in (``proposal.prepare``)."""

    #: Slugs whose own file changed; None: ``merged_slugs`` infers them from the diff.
    merged: frozenset[str] | None = None
    links: Mapping[str, ItemLinks] = field(default_factory=dict)
    #: Item problems this change brings that the graph cannot show (a dangling cite), "path:line: what".
    dangling: tuple[str, ...] = ()
    events: tuple[VocabularyGroup, ...] = ()
    #: Needs-attention lines the build knows and the diff cannot show, (label, facts): content added
    #: by hand or by an agent that this change removes, manifest credits kept as hand-added.
    hand_added: tuple[tuple[str, tuple[str, ...]], ...] = ()


_PLURAL = {"research_item": "research items", "concept": "concepts", "claim": "claims", "method": "methods"}
# Shown first, in this order; an unkeyed observation (a claim's statement) comes first of all.
# Aliases: what people type for a concept or method, the best cue to judge its name.
_KEY_ORDER = ("title", "summary", "kind", "confidence", "status", "alias", "completed")
_KNOWN_KEYS = re.compile(rf"^({'|'.join(OBSERVATION_KEYS)})\s*:")


def _plural(entity_type: str) -> str:
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


def _node_rows(entities: Sequence[Entity]) -> tuple[NodeRow, ...]:
    rows = []
    for e in entities:
        notes, more = key_observations(e)
        rows.append(NodeRow(e.name, e.entity_type, notes, more))
    return tuple(rows)


def _change_rows(changes: Sequence[EntityChange]) -> tuple[ChangeRow, ...]:
    rows = []
    for c in changes:
        added, removed = _where_they_differ(c.observations_added, c.observations_removed)
        rows.append(ChangeRow(c.name, c.entity_type, c.type_changed, added, removed, c.reordered,
                              fits_code_block(added + removed), _reworded(c)))
    return tuple(rows)


def _reworded(change: EntityChange) -> Markup | None:
    """A claim's statement (its one unkeyed observation) changed in place: the words that changed."""
    old = [o for o in change.observations_removed if not _KNOWN_KEYS.match(o)]
    new = [o for o in change.observations_added if not _KNOWN_KEYS.match(o)]
    return word_diff(old[0], new[0]) if len(old) == len(new) == 1 else None


def word_diff(old: str, new: str, limit: int = 2 * TEXT_LIMIT) -> Markup:
    """``old`` → ``new`` word by word: removed words ~~struck~~, added ones **bold**, each escaped."""
    a, b = clean(old, 0).split(), clean(new, 0).split()
    parts: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            parts.append(md_escape(" ".join(a[i1:i2]), 0))
            continue
        if i2 > i1:
            parts.append(f"~~{md_escape(' '.join(a[i1:i2]), 0)}~~")
        if j2 > j1:
            parts.append(f"**{md_escape(' '.join(b[j1:j2]), 0)}**")
    text = " ".join(parts)
    if len(text) > limit:  # a whole rewrite: the diff lines below say it in full
        return Markup("*(reworded throughout)*")
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


def _item_view(item: ItemDiff) -> ItemView:
    groups: list[Group] = []
    for entity_type, entities in _by_type(item.added):
        groups.append(Group(f"new {_plural(entity_type)}", "nodes", _node_rows(entities)))
    for entity_type, entities in _by_type(item.removed):
        groups.append(Group(f"removed {_plural(entity_type)}", "nodes", _node_rows(entities)))
    if item.changed:
        groups.append(Group("changed nodes", "changes", _change_rows(item.changed)))
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


_URL = re.compile(r"https?://[^\s<>()\[\]`\\\"']+")


def md_link(text: str, url: str) -> Markup:
    """A Markdown link to a URL we built (config + quoted path); anything else stays plain text."""
    if not _URL.fullmatch(url):
        return md_escape(text)
    return Markup(f"[{md_escape(text)}]({url})")


def _links(slug: str, links: Mapping[str, ItemLinks]) -> tuple[Markup, ...]:
    found = links.get(slug, ItemLinks())
    return tuple(md_link(text, url) for text, url in (("item file", found.file_url), ("site page", found.page_url))
                 if url and _URL.fullmatch(url))


def size_line(before: GraphSize | None, after: GraphSize | None) -> str:
    """"Graph: 10 → 12 entities, 4 → 6 relations, 1,024 → 1,300 JSONL bytes" ("" unknown)."""
    if before is None or after is None:
        return ""
    parts = [(before.entities, after.entities, "entities"), (before.relations, after.relations, "relations"),
             (before.jsonl_bytes, after.jsonl_bytes, "JSONL bytes")]
    return "Graph: " + ", ".join(f"{a:,} → {b:,} {what}" + (f" ({b - a:+,})" if b != a else "")
                                 for a, b, what in parts)


def _ordered_items(d: GraphDiff) -> list[ItemDiff]:
    """What a reviewer must weigh first: removed items, then existing items that lost or
    changed nodes, then the rest of the existing ones, then new items; newest first within
    each (slugs start with the date); changes without an item last."""
    named = sorted((i for i in d.items if i.slug), key=lambda i: i.slug, reverse=True)
    return sorted(named, key=_review_rank) + [i for i in d.items if not i.slug]


def _review_rank(item: ItemDiff) -> int:
    own = f"item:{item.slug}"
    if any(e.name == own for e in item.removed):
        return 0
    if any(e.name == own for e in item.added):
        return 3
    return 1 if item.removed or item.changed or item.relations_removed else 2


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
              dangling: Sequence[str] = (),
              hand_added: Sequence[tuple[str, Sequence[str]]] = ()) -> tuple[AttentionLine, ...]:
    """The changes that lose or re-judge knowledge, for the head (never cut): removed items,
    concepts and methods, nodes newly superseded, contested or contradicted, changed
    supports/contradicts, type changes; every added contradiction with its quoted sentence."""
    lines: list[tuple[str, list[str]]] = []
    for entity_type in ("research_item", "concept", "method"):
        lines.append((f"removed {_plural(entity_type)}", [e.name for e in d.removed if e.entity_type == entity_type]))
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
    for label, facts in hand_added:  # removing what an agent or a person wrote is always said
        if facts:
            out.append(AttentionLine(label, tuple(facts[:ATTENTION_NAMES]), max(0, len(facts) - ATTENTION_NAMES)))
    return tuple(out)


_Row = TypeVar("_Row")


def _chunks(rows: Sequence[_Row], size: int = CHUNK_ROWS) -> list[Sequence[_Row]]:
    return [rows[i : i + size] for i in range(0, len(rows), size)] or [[]]


# --------------------------------------------------------------------------- render


def render_markdown(
    d: GraphDiff,
    *,
    title: str = DEFAULT_TITLE,
    limit: int = GITHUB_BODY_LIMIT,
    full_report_hint: str = DEFAULT_FULL_REPORT_HINT,
    evidence: Evidence | None = None,
    context: BodyContext | None = None,
) -> RenderedBody:
    """The PR body for ``d``; ``limit <= 0`` means no limit.

    ``title`` is escaped; ``full_report_hint`` is trusted Markdown, one or more whole
    sentences of the caller's own (e.g. a link to the run), ending the truncation notice
    as is.  ``evidence``: the sentences stating evidence links (from the manifests).
    """
    sections = build_sections(d, title=title, evidence=evidence or {}, context=context)
    full_text = "".join(s.text for s in sections)
    if limit <= 0 or body_length(full_text) <= limit:
        return RenderedBody(full_text, False, full_text)
    return RenderedBody(_truncate(sections, limit, full_report_hint), True, full_text)


def body_length(text: str) -> int:
    """Length as GitHub may count it: UTF-16 code units (an emoji counts 2).

    Never less than the number of characters, so a body within ``limit`` by this
    count is within it however GitHub counts characters.
    """
    return len(text.encode("utf-16-le")) // 2


def _module() -> TemplateModule:
    return _environment().get_template(TEMPLATE).make_module(
        {"code": md_code, "esc": md_escape, "plain": plain, "details_after": DETAILS_AFTER}
    )


def _macro(module: TemplateModule, name: str, *args: object) -> str:
    # A template's macros are the module's attributes, looked up by their name in the template.
    return str(getattr(module, name)(*args))


def build_sections(d: GraphDiff, *, title: str = DEFAULT_TITLE, evidence: Evidence | None = None,
                   context: BodyContext | None = None) -> list[Section]:
    """The body as cuttable sections, in reading order: the head, the merged items, the side
    effects (under the vocabulary event that explains them), then lint, pairs and the index."""
    evidence = evidence or {}
    context = context or BodyContext()
    module = _module()
    ordered = _ordered_items(d)
    merged = context.merged if context.merged is not None else merged_slugs(d)
    views = [replace(_item_view(i), links=_links(i.slug, context.links) if i.slug in merged else ())
             for i in ordered]
    causes = [v for v in views if v.slug in merged]
    sections = [Section("head", _head(module, d, title, attention(d, evidence, context.dangling, context.hand_added), causes))]
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
    return _macro(
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
    return [Section("evidence", _macro(module, "evidence_links", chunk, number == 0, len(links)), len(chunk),
                    priority=5 if number == 0 else 7)
            for number, chunk in enumerate(_chunks(links) if links else [])]


def _finding_sections(module: TemplateModule, d: GraphDiff) -> list[Section]:
    """What this change brings first (errors, then the rest); what the base graph had already, folded after it."""
    listed = [f for f in d.findings if not _in_pairs(f, d.near_duplicates)]
    rows = [_finding_row(f) for f in listed if d.is_new(f)]
    known = [_finding_row(f) for f in listed if not d.is_new(f)]
    errors = [r for r in rows if r.severity == "error"]
    others = [r for r in rows if r.severity != "error"]
    sections = []
    first = True
    for chunk in _chunks(errors) if errors else []:
        text = _macro(module, "findings", chunk, first, len(rows), len(known))
        sections.append(Section("findings", text, len(chunk), priority=1))
        first = False
    for number, chunk in enumerate(_chunks(others) if others else []):
        text = _macro(module, "findings", chunk, first, len(rows), len(known))
        sections.append(Section("findings", text, len(chunk), priority=3 if number == 0 else 7))
        first = False
    for number, chunk in enumerate(_chunks(known) if known else []):
        text = _macro(module, "known_findings", chunk, number == 0 and first, len(known))
        sections.append(Section("findings", text, len(chunk), priority=7))
    return sections


def _near_duplicate_sections(module: TemplateModule, d: GraphDiff) -> list[Section]:
    pairs = list(d.near_duplicates)
    return [Section("near_duplicates", _macro(module, "near_duplicates", chunk, number == 0, len(pairs)), len(chunk),
                    priority=2 if number == 0 else 7)
            for number, chunk in enumerate(_chunks(pairs, 2 * CHUNK_ROWS) if pairs else [])]


def _index_sections(module: TemplateModule, views: Sequence[ItemView], ordered: Sequence[ItemDiff]) -> list[Section]:
    if len(views) <= 1:  # one item needs no index
        return []
    chunks = _chunks(list(zip(views, ordered, strict=True)), 2 * CHUNK_ROWS)
    return [Section("index", _macro(module, "index", chunk, number == 0, len(views), number + 1, len(chunks)),
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
        keep_longer = _review_rank(item) in (0, 1) or not item.slug
        text = _macro(module, "item", view, label if label != heading else "")
        heading = label
        sections.append(Section("item", text, 1, view.slug or "(no item)", priority=4 if keep_longer else 6))
    return sections


@dataclass(frozen=True)
class ChangedClaimRow:
    name: str
    confidence: Markup  # "medium → high", or "" when it did not change
    words: Markup  # the statement's word diff: ~~removed~~ **added**, or "" when it did not change


def _changed_claim_sections(module: TemplateModule, d: GraphDiff) -> list[Section]:
    """A claim that kept its name through a rewording or re-rating: its word diff and confidence change."""
    rows = [_changed_claim_row(c) for c in changed_claims(d)]
    return [Section("changed_claims", _macro(module, "changed_claims", chunk, number == 0, len(rows)), len(chunk),
                    priority=5 if number == 0 else 7)  # a review aid: the item sections hold the same change
            for number, chunk in enumerate(_chunks(rows) if rows else [])]


def _changed_claim_row(change: ClaimChange) -> ChangedClaimRow:
    confidence = Markup("")
    if change.confidence:
        old, new = change.confidence
        confidence = md_escape(old or "none") + Markup(" → ") + md_escape(new or "none")
    marks = {"-": Markup("~~{}~~"), "+": Markup("**{}**"), "=": Markup("{}")}
    words = Markup(" ").join(marks[op].format(md_escape(text)) for op, text in change.words)
    return ChangedClaimRow(change.name, confidence, words)


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


@dataclass(frozen=True)
class FindingRow:
    severity: str
    code: str
    entity: str
    message: str
    location: str


def _finding_row(finding: Finding) -> FindingRow:
    message = f"{finding.message} (fix: {finding.hint})" if finding.hint else finding.message
    location = str(finding.location) if finding.location is not None else ""
    return FindingRow(severity_of(finding), finding.code, finding.entity, message, location)


@dataclass(frozen=True)
class CutItems:
    shown: tuple[str, ...]  # the first item sections left out, in reading order
    more: int


CUT_ITEMS_NAMED = 5


#: What the notice calls a cut section's rows, by section kind (``counted`` makes the plural).
_CUT_NAMES = {
    "findings": "lint finding",
    "near_duplicates": "near-duplicate pair",
    "index": "item index row",
    "evidence": "evidence link",
    "changed_claims": "changed claim",
    "item": "item section",
}


def _truncate(sections: list[Section], limit: int, hint: str) -> str:
    """Drop whole sections, lowest priority and latest first, until the rest and the notice fit."""
    module = _module()

    def notice(cut: list[Section]) -> str:
        parts = []
        for kind, noun in _CUT_NAMES.items():
            count = sum(s.count for s in cut if s.kind == kind)
            if count:
                parts.append(counted(count, noun))
        items = [s.label for s in cut if s.kind == "item"]
        span = CutItems(tuple(items[:CUT_ITEMS_NAMED]), max(0, len(items) - CUT_ITEMS_NAMED)) if items else None
        return _macro(module, "notice", f"{limit:,}", limit == GITHUB_BODY_LIMIT, ", ".join(parts), span, Markup(hint))

    cut_order = sorted(
        (i for i, s in enumerate(sections) if s.priority > 0),
        key=lambda i: (sections[i].priority, i),
        reverse=True,
    )
    kept = set(range(len(sections)))
    size = sum(body_length(s.text) for s in sections)
    for index in cut_order:
        kept.discard(index)
        size -= body_length(sections[index].text)
        cut = [s for i, s in enumerate(sections) if i not in kept]
        closing = notice(cut)
        if size + body_length(closing) <= limit:
            return "".join(s.text for i, s in enumerate(sections) if i in kept) + closing
    # Not even the summary fits (an absurdly small limit): the notice alone, cut hard.
    closing = notice([s for s in sections if s.priority > 0])[:limit]
    while body_length(closing) > limit:  # astral characters count 2
        closing = closing[:-1]
    return closing
