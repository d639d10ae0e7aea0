"""Content added by hand or by an agent: the facts of a graph that no entry of its manifest can have
written (``ownership.anchored``), and those of them a new graph lacks (what a PR says it removes)."""

from __future__ import annotations

from kgsync.contract.model import Facts, Graph
from kgsync.graph.manifest import RELATION_KEY, Manifest
from kgsync.graph.merge import union_of_facts


def hand_added(graph: Graph, manifest: Manifest) -> Facts:
    """The facts of ``graph`` that no entry of ``manifest`` can have written (``anchored``), and those it
    records as held by hand before a build wrote them too (``Manifest.held``): content added by hand or by an agent."""
    entities, observations, relations = union_of_facts(own for own, _rest in manifest.owned.values())
    held = manifest.held  # generated too, but the graph's by hand first (``Manifest.held``)
    entities.difference_update(held.entities)
    observations.difference_update(held.observations)
    for relation in held.relations:
        relations.pop(RELATION_KEY(relation), None)
    return Facts(tuple((e.name, e.entity_type) for e in graph.entities if (e.name, e.entity_type) not in entities),
                 tuple((e.name, o) for e in graph.entities for o in e.observations if (e.name, o) not in observations),
                 tuple(r for r in graph.relations if RELATION_KEY(r) not in relations))


def removed_hand_added(old: Graph, base: Manifest, new: Graph) -> Facts:
    """The content added by hand or by an agent in ``old`` (by ``base``, its manifest) that ``new`` lacks."""
    foreign = hand_added(old, base)
    types = {(e.name, e.entity_type) for e in new.entities}
    observations = {(e.name, o) for e in new.entities for o in e.observations}
    relations = set(map(RELATION_KEY, new.relations))
    return Facts(tuple(e for e in foreign.entities if e not in types),
                 tuple(o for o in foreign.observations if o not in observations),
                 tuple(r for r in foreign.relations if RELATION_KEY(r) not in relations))


def kept_by_hand(base: Manifest, manifest: Manifest, new: Graph) -> Facts:
    """The facts ``base`` records as held by hand (``Manifest.held``: in the graph by hand before a build
    wrote them too) that ``new`` keeps though no entry of ``manifest``, new's, writes them any more."""
    entities, observations, relations = union_of_facts(own for own, _rest in manifest.owned.values())
    held = base.held
    types = {(e.name, e.entity_type) for e in new.entities}
    kept = {(e.name, o) for e in new.entities for o in e.observations}
    keys = set(map(RELATION_KEY, new.relations))
    return Facts(tuple(e for e in held.entities if e in types and e not in entities),
                 tuple(o for o in held.observations if o in kept and o not in observations),
                 tuple(r for r in held.relations if RELATION_KEY(r) in keys and RELATION_KEY(r) not in relations))


#: The PR's line for ``kept_by_hand`` (singular, plural): a fact a deleted item wrote stays, and says why.
KEPT_BY_HAND = ("fact kept: added by hand before an item wrote it too, and no item writes it now",
                "facts kept: added by hand before an item wrote them too, and no item writes them now")
