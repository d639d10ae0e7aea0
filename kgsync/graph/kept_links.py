"""The claim→claim links to and from a kept item's claims, as the committed manifest records them.

An item that fails to parse now (or whose file is gone while another fails:
``pipeline.committed.kept_items``) keeps its last facts, but its text is not read.  Planned from
the text alone, two kinds of link changed with its failure: another item's link to its findings
went (the plan cannot resolve "Key Finding 2 of `a`" without a's findings), and its own kept link
to another item's finding beyond that item's claim cap dangled (nothing required the finding as a
claim any more), failing the build.  What the plan reads of a kept item (each finding's whole text,
how many findings it has, its sentences) is in no committed file, so neither is planned again: each
is the link the manifest records (``evidence.plan`` keeps an incoming one while the citing item still
writes its sentence at its line, and a kept item's link keeps requiring the finding it names).
"""

from __future__ import annotations

from collections.abc import Collection

from kgsync.contract.model import Facts, RelationType
from kgsync.extract.evidence_model import KeptLinks, PlannedLink
from kgsync.graph.claim_identity import finding_numbers
from kgsync.graph.manifest import Manifest

def kept_item_nodes(manifest: Manifest | None, kept: Collection[str]) -> frozenset[str]:
    """The concept and method nodes the ``kept`` items' last facts link (their ``addresses`` and
    ``uses_method``): a theme one of them links stays a node while it fails (``graph.assemble.context``),
    though no item read now writes it; its text, which said so, is not read."""
    if manifest is None or not kept:
        return frozenset()
    linking = (RelationType.ADDRESSES.value, RelationType.USES_METHOD.value)
    return frozenset(r.target for slug in sorted(kept) if slug in manifest.by_item
                     for r in manifest.by_item[slug].relations
                     if r.relation_type in linking and r.source == f"item:{slug}")


_RELATIONS = frozenset(relation.value for relation in (RelationType.SUPPORTS, RelationType.CONTRADICTS,
                                                          RelationType.EXTENDS))


def links_of_kept(manifest: Manifest | None, kept: Collection[str]) -> KeptLinks:
    """The links ``manifest`` records to the claims of the ``kept`` items, as planned links per citing
    item (the source by its finding's number, in the plan's order: ``PlannedLink.key``), the
    claims of other items the kept items' links name, with their findings' numbers, and each kept
    item's claims by their findings' numbers (a new ``cites:`` entry or marker naming one links it)."""
    if manifest is None or not kept:
        return KeptLinks()
    to_kept: dict[str, tuple[PlannedLink, ...]] = {}
    from_kept: dict[str, dict[str, int]] = {}
    numbers: dict[str, dict[str, int]] = {}  # slug -> its claims' finding numbers (``finding_numbers``), read once

    def number_of(slug: str, claim: str) -> int | None:
        if slug not in numbers:
            numbers[slug] = finding_numbers(manifest.by_item[slug])
        return numbers[slug].get(claim)

    for slug, facts in manifest.by_item.items():
        links = []
        for source, target, relation, sentence, line in recorded(facts):
            target_slug = slug_of(target)
            if slug in kept and target_slug not in kept and target_slug in manifest.by_item:
                number = number_of(target_slug, target)
                if number is not None:
                    from_kept.setdefault(target_slug, {})[target] = number
            elif slug not in kept and target_slug in kept and (number := number_of(slug, source)) is not None:
                links.append(PlannedLink(number, RelationType(relation), target, target_slug, sentence, line, "kept"))
        if links:
            to_kept[slug] = tuple(sorted(links, key=PlannedLink.key))
    claims = {slug: {number: name for name, number in sorted(finding_numbers(manifest.by_item[slug]).items(),
                                                             reverse=True)}
              for slug in sorted(kept) if slug in manifest.by_item}
    return KeptLinks(to_kept, from_kept, claims)


def recorded(facts: Facts) -> list[tuple[str, str, str, str, int]]:
    """(source claim, target claim, relation, sentence, line) of each evidence link ``facts`` record."""
    out = []
    for entry in facts.evidence:
        if len(entry) >= 5 and entry[2] in _RELATIONS and (line := entry[4].rsplit(":", 1)[-1]).isdigit():
            out.append((entry[0], entry[1], entry[2], entry[3], int(line)))
    return out


def slug_of(claim: str) -> str:
    """The slug of a claim's name (``claim:<slug>:<key>``; "" for another name)."""
    parts = claim.split(":", 2)
    return parts[1] if len(parts) == 3 and parts[0] == "claim" else ""
