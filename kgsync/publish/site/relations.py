"""The relations pages: which findings support, contradict or extend which, each entry with both
findings (their whole text folded), their items and the sentences that state the link, each
quote linked to its line in the item's file.

``relations/index.md`` lists contradicts then supports; ``relations/contradicts.md``,
``relations/supports.md`` and ``relations/extends.md`` are its filters (plain pages: no script).
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

from kgsync.contract.model import EntityType, RelationType
from kgsync.publish.site.links import Page, html_list
from kgsync.publish.site.node import Node
from kgsync.publish.site.renderer import Listing, Renderer
from kgsync.publish.site.text import counted

#: (relation, filter page, the verb's plural noun)
KINDS = (
    (RelationType.CONTRADICTS, "relations/contradicts.md", "contradictions"),
    (RelationType.SUPPORTS, "relations/supports.md", "supports"),
    (RelationType.EXTENDS, "relations/extends.md", "extensions"),
)
INDEX = "relations/index.md"

Pair = tuple[Node, Node]


def pairs(r: Renderer, relation: RelationType) -> list[Pair]:
    """Every claim-to-claim link of ``relation``, the newer item's claim first."""
    data = r.data
    found = [(claim, other) for claim in data.of(EntityType.CLAIM)
             for other in data.targets(claim.name, relation) if other.kind is EntityType.CLAIM]

    def order(pair: Pair) -> tuple[object, ...]:
        item = data.item_of(pair[0])
        return ((item.newest_first if item else ("",)), pair[0].finding_order, pair[1].sort_key)
    return sorted(found, key=order)


def relation_entry(r: Renderer, claim: Node, relation: RelationType, other: Node) -> Callable[[Page], Markup]:
    """One link: the finding, the verb, the other finding, then the sentences stating it."""
    verb = relation.value

    def finding(p: Page, node: Node) -> str:
        item = r.data.item_of(node)
        parts: list[str] = [p.link(node)]
        if node.inactive:
            parts.append(f" {p.em(Markup('(not current)'))}")
        if item is not None:
            parts.append(f" — from {p.link(item)}")
            if item.completed:
                parts.append(f" ({p.text(item.completed)})")
        parts.append(r.whole_details(node, p))
        return f'<div class="kg-rel-finding">{"".join(parts)}</div>'

    def entry(p: Page) -> Markup:
        quotes = r.quotes(claim.name, verb, other.name, p)
        said = (f'<div class="kg-rel-quotes">{html_list(Markup(f"“{p.text(q.sentence)}” — {q.where}") for q in quotes)}'
                '</div>') if quotes else ""
        return Markup(f'<div class="kg-relation kg-rel-{verb}">{finding(p, claim)}'
                      f'<div class="kg-rel-verb">{p.strong(p.text(verb))}</div>{finding(p, other)}{said}</div>')
    return entry


def render_relations(r: Renderer) -> None:
    """The index (contradicts, then supports) and one filter page per relation."""
    found = {relation: pairs(r, relation) for relation, _, _ in KINDS}
    counts = {relation: len(found[relation]) for relation, _, _ in KINDS}

    def filters(here: str) -> tuple[tuple[str, str], ...]:
        shown = [(f"Contradicts and supports ({counts[RelationType.CONTRADICTS] + counts[RelationType.SUPPORTS]})",
                  INDEX)]
        shown += [(f"{relation.value.capitalize()} ({counts[relation]})", page) for relation, page, _ in KINDS]
        return tuple((text, page) for text, page in shown if page != here)

    both = [(relation, pair) for relation in (RelationType.CONTRADICTS, RelationType.SUPPORTS)
            for pair in found[relation]]
    r.listing(Listing(
        "Relations between findings", INDEX,
        f"{counted(counts[RelationType.CONTRADICTS], 'finding')} contradicting another and "
        f"{counted(counts[RelationType.SUPPORTS], 'finding')} supporting another, each with both findings and "
        "the sentences that say so (linked to their line in the item's file). Newest item first.",
        tuple(relation_entry(r, a, relation, b) for relation, (a, b) in both),
        see_also=filters(INDEX), see_also_label="Show",
        groups=tuple(f"{relation.value.capitalize()}" for relation, _ in both)))
    for relation, page, noun in KINDS:
        r.listing(Listing(
            f"Relations: {relation.value}", page,
            f"Findings that {relation.value.removesuffix('s')} another finding: {counts[relation]} {noun}, "
            "each with both findings and the sentences that say so. Newest item first.",
            tuple(relation_entry(r, a, relation, b) for a, b in found[relation]),
            see_also=filters(page), see_also_label="Show"))
