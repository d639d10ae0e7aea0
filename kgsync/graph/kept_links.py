"""The claim→claim links other items made to a kept item's findings, as the committed manifest records them.

An item that fails to parse now (or whose file is gone while another fails:
``pipeline.committed.kept_items``) keeps its last facts, but its findings are not read, so the
evidence plan cannot resolve a sentence citing them ("Key Finding 2 of `a`").  Planned from the
text alone, those links went and came back with the kept item's failure: one item's broken file
changed another's output.  What the plan needs of the kept item (each finding's whole text, how
many findings it has) is in no committed file, so its links are not planned again: each citing
item's link to a kept item's claim is the one the manifest records, with its sentence, line and
stance (``evidence.plan`` keeps it while the item still writes that sentence at that line).
"""

from __future__ import annotations

from collections.abc import Collection

from kgsync.contract.model import RelationType
from kgsync.extract.evidence_model import PlannedLink
from kgsync.graph.merge import Manifest

_SECTION = "section:key-finding-"


def links_to_kept(manifest: Manifest | None, kept: Collection[str]) -> dict[str, tuple[PlannedLink, ...]]:
    """Citing slug -> the links its recorded facts make to the claims of the ``kept`` items, as
    planned links (the source by its finding's number), in the plan's order (``PlannedLink.key``)."""
    if manifest is None or not kept:
        return {}
    out: dict[str, tuple[PlannedLink, ...]] = {}
    for slug, facts in manifest.by_item.items():
        if slug in kept or not facts.evidence:
            continue
        links = []
        numbers: dict[str, int] | None = None
        for entry in facts.evidence:
            if len(entry) < 5:
                continue
            source, target, relation, sentence, where = entry[:5]
            target_slug = _slug_of(target)
            line = where.rsplit(":", 1)[-1]
            if target_slug not in kept or not line.isdigit() or relation not in _RELATIONS:
                continue
            if numbers is None:  # this item's claims by name -> their finding's number
                numbers = {name: int(text[len(_SECTION):]) for name, text in facts.observations
                           if text.startswith(_SECTION) and text[len(_SECTION):].isdigit()}
            number = numbers.get(source)
            if number is not None:
                links.append(PlannedLink(number, RelationType(relation), target, target_slug, sentence, int(line), "kept"))
        if links:
            out[slug] = tuple(sorted(links, key=PlannedLink.key))
    return out


_RELATIONS = frozenset(relation.value for relation in (RelationType.SUPPORTS, RelationType.CONTRADICTS,
                                                          RelationType.EXTENDS))


def _slug_of(claim: str) -> str:
    """The slug of a claim's name (``claim:<slug>:<key>``; "" for another name)."""
    parts = claim.split(":", 2)
    return parts[1] if len(parts) == 3 and parts[0] == "claim" else ""
