"""A PR title that says what changed, Dependabot-style: what happened, to which item, how much.

"Add Knowledge graphs for agents (+5 claims)", "Update Retrieval at scale (+1 claim, -2,
1 reworded)", "Remove Old survey (-4 claims)", "Rename Old survey" (a ``git mv``: the claims it
carries over are no change; ``renames``); several items: "Update graph: 3 items (+12
claims, -2)" ("Add 3 items (...)" when each is new, "Add 2, update 1, remove 1 item (...)" when
they differ and it fits).  Only the merged items count (side effects
on other items do not: ``merged_slugs``, nor the claims a merged item's evidence link makes of another
item's finding: docs/PR_BODY.md says why the table may count more); a change no item explains (hand-added content, a
vocabulary or code change) keeps the configured title; a change of the manifest alone (a finding reworded past
the stored cut, a new cite of a missing item) says so: "Record 1 finding reworded past the cut (no graph change)".

At most ``MAX_TITLE`` characters and never cut inside a word: the item's title is shortened
at a word boundary with an ellipsis, and left out when not even its first word fits.  Control
and format characters (bidi overrides, zero-width) never reach the title, nor a reference GitHub acts
on: the title is the bot's commit subject, and a merged commit saying "Fixes #1" closes issue 1
(``inert_references``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from kgsync.contract.model import EntityType, item_name
from kgsync.diff.item_attribution import merged_slugs
from kgsync.diff.model import GraphDiff, ItemDiff
from kgsync.publish.pr.renamed_items import renamed_items

MAX_TITLE = 72  # what GitHub's lists and `git log --oneline` show without cutting
ELLIPSIS = "…"
# Invisible or reordering characters: controls, format (bidi overrides, zero-width), surrogates, separators.
_DROP = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
_KEYED = re.compile(r"^[a-z_]+\s*:")
# The sign that makes an issue reference ("#1", "owner/repo#1", "GH-1"), a mention ("@octocat",
# "@org/team") or an issue URL ("https://github.com/o/r/issues/1"), each as GitHub reads it.
_REFERENCE = re.compile(r"(?i)#(?=[0-9])|@(?=[a-z0-9])|(?<=\bgh)-(?=[0-9])|(?<=[a-z0-9+.\-]):(?=//)")
# Its full-width form: read the same, and by GitHub as no reference (a zero-width space, as the
# body uses, would be a format character in a commit subject).
_FULL_WIDTH = {"#": "\uff03", "@": "\uff20", "-": "\uff0d", ":": "\uff1a"}


def cause_title(diff: GraphDiff, fallback: str, merged: frozenset[str] | None = None) -> str:
    """The title for ``diff`` (when no item explains it: the renames, ``_moved_title``, else
    ``fallback``, shortened at a word).

    ``merged``: the items whose files this change touched (the PR flow knows them from git);
    None: ``merged_slugs`` infers them from the diff."""
    added_items = {e.name for e in diff.added if e.entity_type == EntityType.RESEARCH_ITEM}
    removed_items = {e.name for e in diff.removed if e.entity_type == EntityType.RESEARCH_ITEM}
    merged = merged if merged is not None else merged_slugs(diff)
    touched = [i for i in diff.items if i.slug in merged]  # no item, or a side effect: left out
    renamed = {r.new for r in diff.renames}
    old_slugs = {r.old for r in diff.renames}
    items = [i for i in touched if i.slug not in old_slugs]  # a rename is its new item, once
    if not items:
        return _moved_title(diff) or shorten(plain_text(fallback), MAX_TITLE) or "Knowledge graph update"
    # What a rename explains is no change: its carried-over claims and relations, its item node.
    beyond = [replace(i, added=tuple(e for e in i.added if e.name != item_name(i.slug))) if i.slug in renamed else i
              for i in renamed_items(diff, touched)]
    size = change_size(diff, beyond, _reworded_in_renames(diff))

    def _verb(i: ItemDiff) -> str:
        if i.slug in renamed:
            return "rename"
        return "add" if item_name(i.slug) in added_items else "remove" if item_name(i.slug) in removed_items else "update"

    verbs = {_verb(i) for i in items}
    verb = next(iter(verbs)).capitalize() if len(verbs) == 1 else "Update"
    tail = f" ({size})" if size else ""
    if len(items) == 1:
        head = f"{verb} "
        name = shorten(inert_references(plain_text(items[0].title)) or items[0].slug, MAX_TITLE - len(head) - len(tail))
        if name:
            return head + name + tail
        return f"{verb} 1 item{tail}"
    whole = f"Update graph: {len(items)} items" if verb == "Update" else f"{verb} {len(items)} items"
    if len(verbs) == 1:
        return whole + tail
    # Mixed: what happened to how many, in the order add, update, rename, remove ("Add 2, remove 1 item").
    counts = [(v, n) for v in ("add", "update", "rename", "remove") if (n := sum(1 for i in items if _verb(i) == v))]
    mixed = ", ".join(f"{v} {n}" for v, n in counts).capitalize() + (" item" if counts[-1][1] == 1 else " items")
    return (mixed if len(mixed + tail) <= MAX_TITLE else whole) + tail


def _moved_title(diff: GraphDiff) -> str | None:
    """The title of a change no item explains whose only removed nodes are concepts or methods renamed
    or retyped (``GraphDiff.term_moves``: another kgsync version or vocabulary names them so), in the
    mixed titles' form ("Rename 5, retype 1 concept or method"); None for any other change."""
    moved = {name: into for name, into, _ in diff.term_moves}
    if not moved or any(e.name not in moved for e in diff.removed):
        return None
    retyped = sum(1 for name, into in moved.items() if into.split(":", 1)[1] == name.split(":", 1)[1])
    counts = [(verb, n) for verb, n in (("rename", len(moved) - retyped), ("retype", retyped)) if n]
    return (", ".join(f"{verb} {n:,}" for verb, n in counts).capitalize()
            + (" concept or method" if counts[-1][1] == 1 else " concepts or methods"))


def manifest_only_title(reworded: int, linked: int) -> str | None:
    """The title of a change to the manifest alone (the graph the same): ``reworded`` findings whose whole
    statement it records anew (reworded past the stored cut), ``linked`` items whose links to other items
    (``cites:``, ...) it records anew; None when neither (another record moved: the configured title)."""
    parts = ([f"{reworded:,} finding{'s' * (reworded != 1)} reworded past the cut"] if reworded else []) + (
        [f"{linked:,} item{chr(39) + 's' if linked == 1 else 's' + chr(39)} links"] if linked else [])
    if not parts:
        return None
    said = f"Record {', '.join(parts)}"
    return next((title for title in (f"{said} (no graph change)", said) if len(title) <= MAX_TITLE),
                "Record findings and links anew (no graph change)")


def rewritten_title(graph_name: str) -> str:
    """The title of a change that rewrites the graph file with no fact changed (lines added by hand
    in another order or JSON form): the file, and that the graph stays."""
    return next((title for title in (f"Rewrite {graph_name} as kgsync writes it (no graph change)",
                                     f"Rewrite {graph_name} (no graph change)") if len(title) <= MAX_TITLE),
                "Rewrite the graph file as kgsync writes it (no graph change)")


def vetoed_title(links: int) -> str:
    """The title of a change no item explains that removes ``links`` evidence links a reviewer vetoed
    (``kgsync-veto.yml``): the veto is its cause."""
    return f"Veto {links:,} evidence link{'s' * (links != 1)}"


def _reworded_in_renames(diff: GraphDiff) -> int:
    """The claims a rename carries over whose statement its new item words otherwise."""
    old = {e.name: e for e in diff.removed}
    new = {e.name: e for e in diff.added}
    return sum(1 for r in diff.renames for a, b in r.claims
               if a in old and b in new and _statement(old[a].observations) != _statement(new[b].observations))


def change_size(diff: GraphDiff, items: list[ItemDiff], reworded_elsewhere: int = 0) -> str:
    """"+3 claims, -2, 1 reworded" over ``items`` (and ``reworded_elsewhere``, claims a rename carries over
    reworded); nodes when no claim changed; "" when nothing did."""
    claim = EntityType.CLAIM.value
    added = sum(1 for i in items for e in i.added if e.entity_type == claim)
    removed = sum(1 for i in items for e in i.removed if e.entity_type == claim)
    reworded = reworded_elsewhere + sum(
        1 for i in items for c in i.changed
        if c.entity_type == claim and _statement(c.observations_added) and _statement(c.observations_removed))
    parts: list[str] = []
    for count, sign in ((added, "+"), (removed, "-")):
        if count:
            parts.append(f"{sign}{count}" + ("" if parts else f" claim{'s' if count != 1 else ''}"))
    if reworded:
        parts.append(f"{reworded} reworded" if parts else f"{reworded} claim{'s' if reworded != 1 else ''} reworded")
    if parts:
        return ", ".join(parts)
    nodes = sum(len(i.added) + len(i.removed) + len(i.changed) for i in items)
    return f"{nodes} node{'s' if nodes != 1 else ''} changed" if nodes else ""


def _statement(observations: tuple[str, ...]) -> list[str]:
    """A claim's statement observations: ``title:``/``summary:``, or unkeyed text (no ``key:`` prefix)."""
    return [o for o in observations if o.startswith(("title:", "summary:")) or not _KEYED.match(o)]


def plain_text(text: str) -> str:
    """``text`` on one line, without control or format characters."""
    return " ".join("".join(c for c in text if unicodedata.category(c) not in _DROP).split())


def inert_references(text: str) -> str:
    """``text`` with each issue reference, mention and URL's sign written full-width ("Fixes \uff031"):
    an item's title in the bot's commit subject must not close, or write into, an issue when the PR
    merges, nor ping anyone."""
    return _REFERENCE.sub(lambda m: _FULL_WIDTH[m.group()], text)


def shorten(text: str, limit: int) -> str:
    """``text`` when it fits in ``limit``, else its first whole words and an ellipsis ("" if none fit)."""
    if len(text) <= limit:
        return text
    words = text.split(" ")
    kept = ""
    for word in words:
        candidate = f"{kept} {word}" if kept else word
        if len(candidate.rstrip(",;:.-—–")) + len(ELLIPSIS) > limit:
            break
        kept = candidate
    kept = kept.rstrip(",;:.-—– ")
    return kept + ELLIPSIS if kept else ""
