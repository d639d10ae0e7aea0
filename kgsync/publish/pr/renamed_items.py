"""A renamed item (``kgsync.diff.renames``) as the body shows it: once, as a rename.

The new item's section lists the claims it carries over from the old slug as changes (the words
a reworded finding changed), not as new claims; the relations the old item node had and the new
one has again are left out of both sections; the old item's section keeps only what the rename
does not explain (a finding dropped, content added by hand left on its nodes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from kgsync.contract.model import Relation
from kgsync.diff.model import EntityChange, GraphDiff, ItemDiff, ItemRename
from kgsync.publish.pr.item_views import ChangeRow, Group, ItemView, StatementChange, change_rows


def renamed_items(d: GraphDiff, items: Sequence[ItemDiff]) -> list[ItemDiff]:
    """``items`` with the changes every rename of ``d`` explains taken out (see the module docstring)."""
    if not d.renames:
        return list(items)
    carried = _carried_relations(d)
    old_nodes = {name for r in d.renames for name in (f"item:{r.old}", *(old for old, _ in r.claims))}
    new_claims = {new for r in d.renames for _, new in r.claims}
    return [replace(i,
                    added=tuple(e for e in i.added if e.name not in new_claims),
                    removed=tuple(e for e in i.removed if e.name not in old_nodes),
                    changed=tuple(c for c in i.changed if c.name not in old_nodes),
                    relations_added=tuple(r for r in i.relations_added if r not in carried),
                    relations_removed=tuple(r for r in i.relations_removed if r not in carried))
            for i in items]


def _carried_relations(d: GraphDiff) -> frozenset[Relation]:
    """The relations an old node loses and its renamed node gains, both sides."""
    added = set(d.relations_added)
    found: set[Relation] = set()
    for rename in d.renames:
        for r in d.relations_removed:
            moved = Relation(rename.renamed(r.source), rename.renamed(r.target), r.relation_type)
            if moved != r and moved in added:
                found |= {r, moved}
    return frozenset(found)


def renamed_view(view: ItemView, d: GraphDiff, statements: Mapping[str, StatementChange]) -> ItemView:
    """The new item's ``view`` of a rename: its status says so and it lists the claims it carries over;
    the old item's says where it went (the facts it moved are the new item's, so it showed none and read
    "changed" in the item index)."""
    for rename in d.renames:
        if view.slug == rename.old:
            return replace(view, status=f"renamed to item:{rename.new}")
        if view.slug == rename.new:
            rows = carried_claims(d, rename, statements)
            # A claim carried over as it was is no row (a name with nothing under it): counted, and the
            # rename's own line says how many claims it carries over.
            changed = tuple(r for r in rows if r.added or r.removed or r.reworded or r.type_changed or r.reordered)
            unchanged = len(rows) - len(changed)
            also = f"; {unchanged} other{'s' if unchanged != 1 else ''} carried over unchanged" if unchanged else ""
            label = f"claims carried over from item:{rename.old} (what changed in each{also})"
            groups = (Group(label, "changes", changed),) if changed else ()
            return replace(view, status="renamed item", groups=groups + view.groups)
    return view


def carried_claims(d: GraphDiff, rename: ItemRename, statements: Mapping[str, StatementChange]) -> tuple[ChangeRow, ...]:
    """The claims ``rename`` carries over, as change rows of the new claim: what differs from the
    old one but its name and provenance (a reworded finding word by word)."""
    old_facts = {e.name: e.observations for e in d.removed} | {c.name: c.observations_removed for c in d.changed}
    new_facts = {e.name: e.observations for e in d.added}
    changes = []
    for old, new in rename.claims:
        before = Counter(o for o in old_facts.get(old, ()) if not o.startswith("provenance:"))
        after = Counter(o for o in new_facts.get(new, ()) if not o.startswith("provenance:"))
        changes.append(EntityChange(new, "claim", tuple(sorted((after - before).elements())),
                                    tuple(sorted((before - after).elements()))))
    return tuple(change_rows(changes, statements))


def left_on_old_nodes(rename: ItemRename) -> str:
    """The fix for the facts left on the old nodes of ``rename``."""
    return (f"(fix: move it to item:{rename.new}, a claim's to the new claim of the same key, in the graph file: "
            "no build writes the old nodes any more)")
