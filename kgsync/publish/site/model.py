"""What the site shows, computed once from the graph and the items' metadata.

``SiteData`` is a read-only view the page templates walk: every node with its
page file, display text and trust state, and the relations indexed both ways,
so that rendering every page is one pass over prepared lists (the page
generation must stay a small share of the site build; see bench/bench_site.py).
Everything is sorted here, so the templates emit byte-identical pages.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from operator import attrgetter, itemgetter

import networkx as nx

from kgsync.read.items import ResearchItem
from kgsync.contract.model import EntityType, Graph, RelationType, type_of_name
from kgsync.publish.site.node import Link, Node
from kgsync.publish.site.text import file_stems, one_line
from kgsync.publish.site.titles import TERM_KINDS, Observations, respells, spell_as_written, spelled_out

#: Folder of each node type's pages inside docs/.
FOLDER: dict[EntityType, str] = {
    EntityType.RESEARCH_ITEM: "items",
    EntityType.CONCEPT: "concepts",
    EntityType.CLAIM: "claims",
    EntityType.METHOD: "methods",
}
CONFIDENCES = ("high", "medium", "low")
#: The prefix of a claim's anchor on its item's page (no heading id the toc makes from the page's
#: fixed section titles starts with it).
CLAIM_ANCHOR = "claim-"
RELATED_LIMIT = 12  # related concepts listed on a concept page
DIAGRAM_LIMIT = 8  # neighbours drawn in the neighbourhood diagram


@dataclass
class SiteData:
    nodes: dict[str, Node]
    out: Mapping[str, Mapping[str, tuple[Node, ...]]]  # name -> relation type -> targets
    into: Mapping[str, Mapping[str, tuple[Node, ...]]]  # name -> relation type -> sources
    tags: Mapping[str, tuple[Node, ...]]  # tag -> items (newest first)
    tag_pages: Mapping[str, str]  # tag -> docs-relative page
    cooccurrence: nx.Graph[str] = field(repr=False)
    # Look-ups the pages repeat, filled as they are asked (the index itself never changes).
    _item_of: dict[str, Node | None] = field(default_factory=dict, repr=False)
    _claim_links: dict[str, tuple[Link, ...]] = field(default_factory=dict, repr=False)
    _theme_nodes: dict[str, Node | None] | None = field(default=None, repr=False)
    _hosted: dict[str, tuple[Node, ...]] | None = field(default=None, repr=False)

    def of(self, kind: EntityType) -> list[Node]:
        return sorted((n for n in self.nodes.values() if n.kind is kind), key=lambda n: n.sort_key)

    def targets(self, name: str, relation: RelationType) -> tuple[Node, ...]:
        return self.out.get(name, {}).get(relation.value, ())

    def sources(self, name: str, relation: RelationType) -> tuple[Node, ...]:
        return self.into.get(name, {}).get(relation.value, ())

    def theme_node(self, tag: str) -> Node | None:
        """The node of the theme ``tag``: named by its slug (``concept:``, or ``method:`` for a
        technique), or, when the slug restates an acronym's expansion and the node is named by the
        expansion ("rag-retrieval" -> ``method:retrieval-augmented-generation``), the concept or method
        that keeps the slug's words as an alias (the first by name when several do)."""
        if self._theme_nodes is None:
            by_alias: dict[str, Node] = {}
            for node in sorted(self.nodes.values(), key=attrgetter("name"), reverse=True):
                if node.kind in (EntityType.CONCEPT, EntityType.METHOD):
                    by_alias.update((alias.casefold(), node) for alias in node.search_names)
            self._theme_nodes = {t: self.nodes.get(f"concept:{t}") or self.nodes.get(f"method:{t}")
                                 or by_alias.get(tag_label(t).casefold()) for t in self.tag_pages}
        return self._theme_nodes.get(tag)

    def hosted_claims(self, page: str) -> tuple[Node, ...]:
        """The claims that are sections of ``page`` (``_host_claims``), by name: those its item states,
        and a claim no item states hosted by its ``provenance:item=`` (added by hand or by an agent)."""
        if self._hosted is None:
            hosted: dict[str, list[Node]] = defaultdict(list)
            for node in self.nodes.values():
                if node.kind is EntityType.CLAIM and "#" in node.page:
                    hosted[node.page.partition("#")[0]].append(node)
            self._hosted = {key: tuple(sorted(claims, key=attrgetter("name"))) for key, claims in hosted.items()}
        return self._hosted.get(page, ())

    def item_of(self, node: Node) -> Node | None:
        """The research item a claim (or other node) came from (looked up once per node: a claim
        is listed on its item's page, its concepts' pages, its methods' pages and the claim lists)."""
        try:
            return self._item_of[node.name]
        except KeyError:
            found = self._item_of[node.name] = self._find_item_of(node)
            return found

    def _find_item_of(self, node: Node) -> Node | None:
        stating = self.sources(node.name, RelationType.STATES)
        if stating:
            return stating[0]
        for slug in node.items:
            found = self.nodes.get(f"item:{slug}")
            if found is not None:
                return found
        return None

    def claim_links(self, name: str) -> Sequence[Link]:
        """supports / contradicts / extends, both ways, active claims first (once per claim)."""
        try:
            return self._claim_links[name]
        except KeyError:
            found = self._claim_links[name] = self._find_claim_links(name)
            return found

    def _find_claim_links(self, name: str) -> tuple[Link, ...]:
        return tuple(
            Link(verb, node)
            for relation, verb_out, verb_in in (
                (RelationType.SUPPORTS, "supports", "supported by"),
                (RelationType.CONTRADICTS, "contradicts", "contradicted by"),
                (RelationType.EXTENDS, "extends", "extended by"),
            )
            for verb, nodes in ((verb_out, self.targets(name, relation)), (verb_in, self.sources(name, relation)))
            for node in nodes
            if node.kind is EntityType.CLAIM
        )

    def related_concepts(self, name: str, limit: int = RELATED_LIMIT) -> list[tuple[Node, int]]:
        """Concepts sharing the most (active) items with ``name``: weight desc, then title."""
        if name not in self.cooccurrence:
            return []
        pairs = [(self.nodes[other], data["weight"]) for other, data in self.cooccurrence[name].items()]
        pairs.sort(key=lambda p: (-p[1], p[0].sort_key))
        return pairs[:limit]

    @cached_property
    def degree(self) -> dict[str, int]:
        """Relations touching each node, counting only active endpoints."""
        counts: dict[str, int] = defaultdict(int)
        for name, by_type in self.out.items():
            if self.nodes[name].inactive:
                continue
            for targets in by_type.values():
                for target in targets:
                    if not target.inactive:
                        counts[name] += 1
                        counts[target.name] += 1
        return counts


def collect(graph: Graph, items: Sequence[ResearchItem]) -> SiteData:
    """Index ``graph`` (contract types only) enriched with the items' metadata."""
    by_slug = {item.slug: item for item in items}
    # The canonical entity order (``Graph.canonical``), without sorting the relations too.
    kinds = [(e, kind) for e in sorted(graph.entities, key=_ENTITY_ORDER)
             if (kind := _kind(e.entity_type, e.name)) is not None]
    keys_of: dict[EntityType, set[str]] = {kind: set() for kind in FOLDER}
    for entity, kind in kinds:
        keys_of[kind].add(entity.name.split(":", 1)[1])
    stems = {kind: file_stems(sorted(keys)) for kind, keys in keys_of.items()}
    nodes: dict[str, Node] = {}
    for entity, kind in kinds:
        if entity.name in nodes:
            continue  # the first entity of a name wins, as in Graph
        key = entity.name.split(":", 1)[1]
        page = f"{FOLDER[kind]}/{stems[kind][key]}.md"
        nodes[entity.name] = _node(entity.name, kind, key, page, entity.observations, by_slug.get(key))
    spell_as_written(nodes, graph, by_slug)

    # A claim of a superseded item is as superseded as its item.
    for name, node in list(nodes.items()):
        if node.kind is EntityType.CLAIM and not node.inactive:
            owners = [nodes.get(f"item:{slug}") for slug in node.items]
            if any(o is not None and o.inactive for o in owners):
                nodes[name] = replace(node, states=node.states | {"superseded"})
    _host_claims(nodes, graph)

    # Every list of related nodes sorts by one key (items newest first, other nodes by title); the
    # keys are distinct and totally ordered, so ranking all nodes once and appending the relations
    # in rank order gives each list the order sorting it would (one sort, not one per list).
    ranked = sorted(nodes.values(), key=lambda n: n.newest_first if n.kind is EntityType.RESEARCH_ITEM else n.sort_key)
    rank = {n.name: i for i, n in enumerate(ranked)}
    resolved = [(rank[r.source], rank[r.target], r.relation_type) for r in set(graph.relations)
                if r.source in rank and r.target in rank]  # dangling: lint reports it; the site shows what resolves
    out = _index(ranked, sorted(resolved, key=itemgetter(1, 0, 2)))
    into = _index(ranked, sorted(((t, s, rel) for s, t, rel in resolved), key=itemgetter(1, 0, 2)))

    tags: dict[str, list[Node]] = defaultdict(list)
    for node in nodes.values():
        if node.kind is EntityType.RESEARCH_ITEM:
            for tag in node.tags:
                tags[tag].append(node)
    tag_stems = file_stems(sorted(tags))
    return SiteData(
        nodes=nodes,
        out=out,
        into=into,
        tags={t: tuple(sorted(ns, key=lambda n: rank[n.name])) for t, ns in sorted(tags.items())},
        tag_pages={t: f"tags/{tag_stems[t]}.md" for t in sorted(tags)},
        cooccurrence=_cooccurrence(nodes, out),
    )


def _index(ranked: Sequence[Node], relations: Iterable[tuple[int, int, str]]) -> dict[str, dict[str, tuple[Node, ...]]]:
    """name -> relation type -> the related nodes, in the order ``relations`` lists them
    (``relations``: (rank of the node, rank of the related node, relation type))."""
    # One flat look-up per relation (then nested once per list): a nested setdefault per relation
    # was most of the index's cost.  Dicts keep the order each key was first met, as before.
    lists: dict[tuple[int, str], list[Node]] = {}
    for here, other, relation_type in relations:
        key = (here, relation_type)
        if key in lists:
            lists[key].append(ranked[other])
        else:
            lists[key] = [ranked[other]]
    found: dict[str, dict[str, tuple[Node, ...]]] = {}
    for (here, relation_type), nodes in lists.items():
        found.setdefault(ranked[here].name, {})[relation_type] = tuple(nodes)
    return found


def _host_claims(nodes: dict[str, Node], graph: Graph) -> None:
    """A claim is a section of its item's page, not a page of its own: ``page`` becomes
    ``items/<item>.md#claim-<key>``.  A site of one page per claim spent most of its build on
    pages of a few lines; on the item's page a finding reads in its context, and the anchor
    (the claim's key, never its text) stays put when the finding is reworded.

    The host is the item ``SiteData.item_of`` names (the newest stating item, else the
    provenance); a claim no item of the graph holds keeps its own page under ``claims/``."""
    stating: dict[str, list[Node]] = defaultdict(list)
    states = RelationType.STATES.value  # a plain str: the relation's type is one (cheaper than the enum's ==)
    for relation in graph.relations:
        if relation.relation_type != states:
            continue
        source = nodes.get(relation.source)
        if source is not None and relation.target in nodes and source.kind is EntityType.RESEARCH_ITEM:
            stating[relation.target].append(source)
    hosted: dict[str, list[tuple[str, Node]]] = defaultdict(list)  # item name -> (anchor key, claim)
    for node in nodes.values():
        if node.kind is not EntityType.CLAIM:
            continue
        candidates = sorted(set(stating.get(node.name, ())), key=lambda n: n.newest_first) or [
            nodes[f"item:{slug}"] for slug in node.items if f"item:{slug}" in nodes]
        if candidates:
            host = candidates[0]
            # Within its own item a claim is known by its key; a claim of another item by its whole name.
            hosted[host.name].append((node.key.removeprefix(f"{host.key}:"), node))
    for host_name, claims in hosted.items():
        stems = file_stems(sorted({key for key, _ in claims}))
        page = nodes[host_name].page
        for key, claim in claims:
            nodes[claim.name] = replace(claim, page=f"{page}#{CLAIM_ANCHOR}{stems[key]}")


def tag_slug(tag: str) -> str:
    """One spelling per theme: the vocabulary's slug, whichever ``tag_style`` wrote it
    (``tag:memory_context`` is the search-safe form of ``memory-context``)."""
    return one_line(tag).replace("_", "-")


def tag_label(tag: str) -> str:
    """The readable form of a theme slug, for text: "memory context"."""
    return tag.replace("-", " ")


def _kind(entity_type: str, name: str) -> EntityType | None:
    """The contract type of a node whose name prefix agrees with it; else None (not shown)."""
    try:
        kind = EntityType(entity_type)
    except ValueError:
        return None
    return kind if type_of_name(name) is kind else None


_ENTITY_ORDER = attrgetter("name", "entity_type")  # Graph.canonical's entity order


def _by_key(observations: Iterable[str]) -> dict[str, list[str]]:
    """Every ``key:value`` observation's value (stripped) under its key, in order: one pass, where
    ``model.observations_with`` per key would read them all again for each key a node needs."""
    found: dict[str, list[str]] = {}
    for observation in observations:
        key, colon, value = observation.partition(":")
        if colon:
            found.setdefault(key, []).append(value.strip())
    return found


def _first(observations: Observations, *keys: str) -> str:
    for key in keys:
        values = observations.get(key)
        if values:
            return one_line(values[0])
    return ""



def _node(name: str, kind: EntityType, key: str, page: str, observations: tuple[str, ...],
          item: ResearchItem | None) -> Node:
    obs = _by_key(observations)
    states = frozenset(v.casefold() for v in obs.get("status", ()))
    provenance = tuple(sorted({v.removeprefix("item=") for v in obs.get("provenance", ())
                               if v.startswith("item=")}))
    title = _first(obs, "title", "claim") or spelled_out(key, obs) if kind in TERM_KINDS else (
        _first(obs, "title", "claim") or key)
    completed = _first(obs, "completed")
    confidence = _first(obs, "confidence").casefold()
    summary = _first(obs, "summary")
    path = ""
    tags = tuple(sorted({tag_slug(t) for t in obs.get("tag", ()) if one_line(t)}))
    if kind is EntityType.RESEARCH_ITEM and item is not None:
        title = one_line(item.title) or title
        completed = completed or item.completed
        confidence = confidence or item.confidence
        summary = summary or one_line(item.executive_summary)
        path = item.path
        if item.is_superseded:
            states |= {"superseded"}
    # Case-folded, then as written: "KG" and "kg" sort the same on every run (a set's order is the hash seed's).
    aliases = tuple(sorted({one_line(a) for a in obs.get("alias", ())} - {"", title}, key=lambda a: (a.casefold(), a)))
    return Node(
        name=name,
        kind=kind,
        key=key,
        title=title,
        page=page,
        aliases=tuple(a for a in aliases if not respells(a, title)) if kind in TERM_KINDS else aliases,
        search_names=aliases,
        tags=tags,
        confidence=confidence,
        completed=completed,
        summary=summary,
        section=_first(obs, "section"),
        sources=tuple(dict.fromkeys(one_line(s) for s in obs.get("source", ()))),
        items=provenance,
        states=states,
        path=path,
    )


def _cooccurrence(nodes: Mapping[str, Node], out: Mapping[str, Mapping[str, tuple[Node, ...]]]) -> nx.Graph[str]:
    """Concepts linked by the active items they share (directly or through the item's claims)."""
    graph: nx.Graph[str] = nx.Graph()
    weights: Counter[tuple[str, str]] = Counter()
    for node in nodes.values():
        if node.kind is EntityType.CONCEPT:
            graph.add_node(node.name)
    for node in nodes.values():
        if node.kind is not EntityType.RESEARCH_ITEM or node.inactive:
            continue
        concepts = {c.name for c in out.get(node.name, {}).get(RelationType.ADDRESSES.value, ())}
        for claim in out.get(node.name, {}).get(RelationType.STATES.value, ()):
            if not claim.inactive:
                concepts |= {c.name for c in out.get(claim.name, {}).get(RelationType.ABOUT.value, ())}
        ordered = sorted(concepts)
        for i, a in enumerate(ordered):
            for b in ordered[i + 1 :]:
                weights[a, b] += 1
    # Counted first, added once: the same edges in the same order as adding each as it was met.
    graph.add_weighted_edges_from(((a, b, weight) for (a, b), weight in weights.items()), weight="weight")
    return graph
