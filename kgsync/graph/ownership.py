"""What a manifest entry can prove an item wrote (``anchored``), and what it cannot (``disowned``).

The manifest is a committed file: anyone can edit it, so listing an agent's facts under an
item would make the next build delete them as that item's.  What it can prove is only what an
item's build could ever have written: facts anchored on the item (its node, its claims, the
concepts and methods it links, relations from its node or claims) and, on its node and the
terms, only the observation keys kgsync writes.  Anything else listed under an item is kept
as hand-added content and reported (``disowned``).  A fact of exactly that shape cannot be
told from one the item wrote before its last edit, so it stays the item's to remove.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from kgsync.contract.model import OBSERVATION_KEYS, TERM_LINKS, TERM_TYPES, EntityType, Facts, RelationType

_RELATION_TYPES = frozenset(t.value for t in RelationType)
_WRITTEN_KEYS = frozenset(OBSERVATION_KEYS)


def anchored(slug: str, facts: Facts) -> tuple[Facts, Facts]:
    """(the facts an item named ``slug`` can have written, the rest) of its manifest entry."""
    item, claim_prefix = f"item:{slug}", f"claim:{slug}:"
    own_provenance = f"provenance:item={slug}"

    def from_item(name: str) -> bool:
        return name == item or name.startswith(claim_prefix)

    outgoing = [r for r in facts.relations if from_item(r.source)]  # each relation's source tested once
    linked = {r.target for r in outgoing if r.relation_type in TERM_LINKS}
    # A claim this item's claims support or contradict: the item may mark it (status:contested).
    judged = {r.target for r in outgoing if r.target.startswith("claim:")}
    types = dict(facts.entities)

    def own_entity(name: str, entity_type: str | None) -> bool:
        if name == item:
            return entity_type in (None, EntityType.RESEARCH_ITEM.value)
        if name.startswith(claim_prefix):
            return entity_type in (None, EntityType.CLAIM.value)
        return name in linked and (entity_type is None or entity_type in TERM_TYPES)

    def written(text: str) -> bool:  # an observation key kgsync writes (its own provenance only)
        key = text.partition(":")[0].strip()
        return key in _WRITTEN_KEYS and (key != "provenance" or text == own_provenance)

    def verdict(name: str) -> bool | Callable[[str], bool]:
        """Whether the observations on ``name`` can be the item's: all, none, or those a test passes."""
        if name in judged and not name.startswith(claim_prefix):
            return _is_status
        if not own_entity(name, types.get(name)):
            return False
        return True if name.startswith(claim_prefix) else written  # a claim's statement is its one unkeyed observation

    # Each name judged once, not at each of its observations (an item lists ~40 of them).
    verdicts = {name: verdict(name) for name in {name for name, _ in facts.observations}}

    def own_observation(name: str, text: str) -> bool:
        seen = verdicts[name]
        return seen if isinstance(seen, bool) else seen(text)

    entities = [e for e in facts.entities if own_entity(*e)]
    observations = [o for o in facts.observations if own_observation(*o)]
    relations = [r for r in outgoing if r.relation_type in _RELATION_TYPES]
    if len(entities) + len(observations) + len(relations) == (
            len(facts.entities) + len(facts.observations) + len(facts.relations)):
        return facts, Facts()
    rest = Facts(tuple(e for e in facts.entities if not own_entity(*e)),
                 tuple(o for o in facts.observations if not own_observation(*o)),
                 tuple(r for r in facts.relations if not (from_item(r.source) and r.relation_type in _RELATION_TYPES)))
    return Facts(tuple(entities), tuple(observations), tuple(relations), facts.evidence), rest


def _is_status(text: str) -> bool:
    return text.startswith("status:")


def disowned(owned: Mapping[str, tuple[Facts, Facts]]) -> dict[str, Facts]:
    """slug -> the facts its manifest entry lists that no build of the item can have written (``owned``:
    slug -> ``anchored`` of its entry, as ``Manifest.owned`` holds them)."""
    out = {}
    for slug, (_own, rest) in owned.items():
        if rest.entities or rest.observations or rest.relations:
            out[slug] = rest
    return out


def describe_facts(facts: Facts) -> list[str]:
    """One line per fact, for a message: ``name``, ``name: observation``, ``from -[type]-> to``."""
    lines = [f"{name} ({entity_type})" for name, entity_type in facts.entities]
    lines += [f"{name}: {text if len(text) <= 120 else text[:119] + '…'}" for name, text in facts.observations]
    lines += [f"{r.source} -[{r.relation_type}]-> {r.target}" for r in facts.relations]
    return lines
