"""Content added by hand or by an agent: the facts of a graph that no entry of its manifest can have
written (``ownership.anchored``), and those of them a new graph lacks (what a PR says it removes)."""

from __future__ import annotations

from kgsync.contract.model import Facts, Graph
from kgsync.graph.merge import RELATION_KEY, Manifest, union_of_facts


def hand_added(graph: Graph, manifest: Manifest) -> Facts:
    """The facts of ``graph`` that no entry of ``manifest`` can have written (``anchored``):
    content added by hand or by an agent."""
    entities, observations, relations = union_of_facts(own for own, _rest in manifest.owned.values())
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
