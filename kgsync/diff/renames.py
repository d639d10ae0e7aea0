"""Items renamed: a removed item and an added one that are the same research.

Slug is identity in the graph (a ``git mv`` of an item file makes a new item node and new
claims, and the build keeps nothing of the old ones but what was added by hand), so the graph
itself reads a rename as one item removed and one added.  A reviewer reads it as what it is.

The rule (a reviewer can check it by eye): an item node that loses its ``title:`` (the node is
gone, or only content added by hand is left on it) and one that gains it are the same research
when

1. they have the same title (the item's question), or else
2. at least two thirds of the claims of each, and at least two, have the same statement.

Each side is paired once: a removed item two added items match (or the reverse) is no rename.
Within a rename, an old claim pairs with the new claim of the same key (the key is made from the
finding's words), else with the one of the same statement.
"""

from __future__ import annotations

from collections import Counter

from kgsync.contract.model import Entity, Graph, Relation, observations_with, slug_of_item_name
from kgsync.diff.model import ItemRename


def item_renames(old: Graph, new: Graph) -> tuple[ItemRename, ...]:
    """The renames from ``old`` to ``new`` (see the module docstring), sorted by old slug.

    Only pairs that can match are judged: the same title, or two claim statements in common (found
    through indexes), so a diff that removes and adds thousands of items stays linear."""
    old_titles, new_titles = _titled(old), _titled(new)
    gone = [s for s in old_titles if s not in new_titles]
    came = [s for s in new_titles if s not in old_titles]
    if not gone or not came:
        return ()
    old_claims, new_claims = _claims(old, gone), _claims(new, came)
    by_title: dict[str, list[str]] = {}
    by_statement: dict[str, list[str]] = {}
    for b in came:
        by_title.setdefault(new_titles[b], []).append(b)
        for text in set(new_claims[b].values()) - {""}:
            by_statement.setdefault(text, []).append(b)
    matches = {}
    for a in gone:
        shared = Counter(b for text in set(old_claims[a].values()) - {""} for b in by_statement.get(text, ()))
        candidates = {b for b, count in shared.items() if count >= 2}
        candidates.update(by_title.get(old_titles[a], ()) if old_titles[a] else ())
        for b in sorted(candidates):
            if rule := _same_research(old_titles[a], new_titles[b], old_claims[a], new_claims[b]):
                matches[a, b] = rule
    once_old = Counter(a for a, _ in matches)
    once_new = Counter(b for _, b in matches)
    return tuple(
        ItemRename(a, b, rule, _paired(a, b, old_claims[a], new_claims[b]), *_left(new, a))
        for (a, b), rule in sorted(matches.items()) if once_old[a] == 1 and once_new[b] == 1
    )


def _titled(graph: Graph) -> dict[str, str]:
    """Item slug -> its title, for every item node that has one."""
    found = {}
    for entity in graph.of_type("research_item"):
        slug, titles = slug_of_item_name(entity.name), observations_with(entity.observations, "title")
        if slug is not None and titles and slug not in found:
            found[slug] = titles[0]
    return found


def _claims(graph: Graph, slugs: list[str]) -> dict[str, dict[str, str]]:
    """For each of ``slugs``: claim key -> its statement, of the claims named after it
    (``claim:<slug>:<key>``), in one pass over the graph's claims."""
    found: dict[str, dict[str, str]] = {slug: {} for slug in slugs}
    for entity in graph.of_type("claim"):
        if not entity.name.startswith("claim:"):
            continue
        rest = entity.name[len("claim:"):]
        at = rest.find(":")
        while at >= 0:  # every wanted slug the name starts with (a slug may hold ":")
            if (claims := found.get(rest[:at])) is not None:
                claims[rest[at + 1:]] = _statement(entity)
            at = rest.find(":", at + 1)
    return found


def _statement(claim: Entity) -> str:
    titles = observations_with(claim.observations, "title")
    return titles[0] if titles else next((o for o in claim.observations if ":" not in o), "")


def _same_research(old_title: str, new_title: str, old: dict[str, str], new: dict[str, str]) -> str:
    """Why the two items are one ("" when they are not)."""
    if old_title and old_title == new_title:
        return "the same title"
    same = len(set(old.values()) & set(new.values()) - {""})
    if same >= 2 and 3 * same >= 2 * max(len(old), len(new)):
        return f"{same} of {max(len(old), len(new))} claim statements equal"
    return ""


def _paired(a: str, b: str, old: dict[str, str], new: dict[str, str]) -> tuple[tuple[str, str], ...]:
    pairs = {key: key for key in old if key in new}
    by_statement = {text: key for key, text in new.items() if key not in pairs.values() and text}
    for key, text in old.items():
        if key not in pairs and text in by_statement:
            pairs[key] = by_statement.pop(text)
    return tuple(sorted((f"claim:{a}:{k}", f"claim:{b}:{v}") for k, v in pairs.items()))


def _left(new: Graph, slug: str) -> tuple[tuple[str, ...], tuple[Relation, ...]]:
    """The facts the new graph still holds on the old item's nodes: what the build kept (added by
    hand or by an agent), which goes with those nodes unless someone moves it."""
    names = {f"item:{slug}"} | {e.name for e in new.entities if e.name.startswith(f"claim:{slug}:")}
    facts = [f"{e.name}: {o}" for e in new.entities if e.name in names for o in e.observations]
    facts += [f"{e.name} ({e.entity_type})" for e in new.entities if e.name in names and not e.observations]
    return tuple(facts), tuple(r for r in new.relations if r.source in names or r.target in names)
