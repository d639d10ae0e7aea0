"""Merge a rebuild into the committed graph without losing anything.

Ownership is exact, by set algebra over facts (entity existence, one
observation, one relation):

    foreign = committed facts - what kgsync generated last time (the manifest)
    result  = foreign + what kgsync generates now

So content an agent or a human added through an MCP server survives every
rebuild unchanged, and what kgsync generated from an edited or deleted item is
updated or removed exactly — a concept shared by two items loses only the
removed item's provenance and aliases.  An item that fails to parse now keeps
its previous facts (``keep``).  The manifest is committed beside the graph
(``memory.jsonl`` -> ``memory.kgsync.json``): the server's format has no room
for ownership, and must not be given any.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter, not_
from pathlib import Path

from kgsync.contract.errors import GraphFormatError, Location
from kgsync.contract.model import Entity, Facts, Graph, Relation

MANIFEST_VERSION = 1
_json_string = json.encoder.encode_basestring  # json.dumps(a_string, ensure_ascii=False)

# Observation order on a node: what a reader needs first comes first.
_ORDER = ("title", "summary", "confidence", "completed", "status", "tag", "alias", "section", "source", "provenance")


def manifest_path(graph_path: Path) -> Path:
    return graph_path.with_name(graph_path.stem + ".kgsync.json")


@dataclass(frozen=True)
class Manifest:
    by_item: Mapping[str, Facts]
    # slug -> ``facts_json(by_item[slug])`` where the caller already has it (facts reused
    # from an earlier build, see pipeline); only spares the encoding, never changes bytes.
    known_json: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    # The vocabulary's hubs when it was written (their group keys): the next build's hysteresis
    # (a hub leaves only well below the hub share, ``vocab.HUB_LEAVE_RATIO``).  On the first line,
    # so that a build reads them without parsing the items (``manifest_hubs``).
    hubs: tuple[str, ...] = ()
    # The rest of the vocabulary state its events compare (``kgsync.diff.vocab_events``), so that the
    # PR names each event against the base commit's manifest: the discriminating themes (concept
    # nodes) and the near-duplicate merges of chosen terms, (source, target).
    themes: tuple[str, ...] = ()
    merges: tuple[tuple[str, str], ...] = ()
    # (acronym key, expansion key, the items that take it from the map): ``Vocabulary.acronyms``
    acronyms: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    def dumps(self) -> str:
        # One item a line: a reviewer's diff of the manifest shows which items moved.
        head = "".join(f'"{key}": {json.dumps(value, ensure_ascii=False)}, ' for key, value in (
            ("hubs", sorted(self.hubs)), ("themes", sorted(self.themes)),
            ("merges", [list(pair) for pair in sorted(self.merges)]),
            ("acronyms", [[short, long, list(users)] for short, long, users in sorted(self.acronyms)])) if value)
        lines = [f'{{"kgsync_manifest": {MANIFEST_VERSION}, {head}"items": {{']
        slugs = sorted(self.by_item)
        known = self.known_json
        for index, slug in enumerate(slugs):
            comma = "," if index < len(slugs) - 1 else ""
            facts_text = known.get(slug) or facts_json(self.by_item[slug])
            lines.append(f"{_json_string(slug)}: {facts_text}{comma}")
        lines.append("}}")
        return "\n".join(lines) + "\n"

    @classmethod
    def loads(cls, text: str, source: str) -> Manifest:
        try:
            data = json.loads(text)
            if data.get("kgsync_manifest") != MANIFEST_VERSION:
                raise ValueError(f"unsupported manifest version {data.get('kgsync_manifest')!r}")
            hubs, themes, merges = data.get("hubs", []), data.get("themes", []), data.get("merges", [])
            for key, value in (("hubs", hubs), ("themes", themes)):
                if not isinstance(value, list) or not all(isinstance(h, str) for h in value):
                    raise ValueError(f"{key} must be a list of strings")
            acronyms = data.get("acronyms", [])
            return cls({slug: Facts.from_json(facts) for slug, facts in data["items"].items()}, hubs=tuple(hubs),
                       themes=tuple(themes), merges=_pairs("merges", merges, "[term, term]"),
                       acronyms=_acronym_entries(acronyms))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            raise _unreadable(exc, source) from None


def facts_json(facts: Facts) -> str:
    """``json.dumps(facts.as_json(), ensure_ascii=False, separators=(",", ":"))``, built directly from the strings (the
    manifest of a 10,000-item graph holds ~10^6 of them; the lists were only scaffolding)."""
    s = _json_string
    entities = ",".join([f"[{s(name)},{s(kind)}]" for name, kind in facts.entities])
    observations = ",".join([f"[{s(name)},{s(text)}]" for name, text in facts.observations])
    relations = ",".join([f"[{s(r.source)},{s(r.target)},{s(r.relation_type)}]" for r in facts.relations])
    if not facts.evidence:  # most items state none: their line stays as before
        return f'{{"entities":[{entities}],"observations":[{observations}],"relations":[{relations}]}}'
    evidence = ",".join(["[" + ",".join(map(s, e)) + "]" for e in facts.evidence])
    return f'{{"entities":[{entities}],"observations":[{observations}],"relations":[{relations}],"evidence":[{evidence}]}}'


def manifest_item_texts(text: str) -> dict[str, str]:
    """slug -> the JSON text of its facts, from a manifest ``Manifest.dumps`` wrote (one item a
    line), without decoding the facts: a build that needs a few items' previous facts decodes
    only theirs (``Facts.from_json(json.loads(...))``)."""
    decode = json.JSONDecoder().raw_decode
    texts: dict[str, str] = {}
    for line in text.split("\n")[1:]:
        if line.startswith('"'):
            slug, end = decode(line)
            texts[slug] = line[end:].lstrip(": ").rstrip(",")
    return texts


def load_manifest(path: Path) -> Manifest | None:
    try:
        return Manifest.loads(path.read_bytes().decode("utf-8"), str(path))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise _unreadable(exc, str(path)) from None


def manifest_acronyms(path: Path) -> tuple[tuple[str, str], ...]:
    """The (acronym, expansion) pairs a manifest records, from its first line only (none when it is
    missing or unreadable): the next build keeps them while an item writes the acronym."""
    try:
        with path.open("rb") as handle:
            first = handle.readline(1 << 20).decode("utf-8")
        data = json.loads(first.rstrip().removesuffix("{").rstrip().removesuffix('"items":').rstrip().rstrip(",")
                         + "}")
        return tuple(sorted({(short, long) for short, long, _users in _acronym_entries(data.get("acronyms", []))}))
    except (OSError, UnicodeDecodeError, ValueError, AttributeError, TypeError):
        return ()


def manifest_hubs(path: Path) -> frozenset[str] | None:
    """The hubs a manifest records, from its first line only (None when it records none, is
    missing or unreadable: a build then has no hysteresis to apply; the manifest is checked
    when it is read whole)."""
    try:
        with path.open("rb") as handle:
            first = handle.readline(1 << 20).decode("utf-8")
        data = json.loads(first.rstrip().removesuffix("{").rstrip().removesuffix('"items":').rstrip().rstrip(",")
                          + "}")
        hubs = data.get("hubs")
        return frozenset(h for h in hubs if isinstance(h, str)) if isinstance(hubs, list) else None
    except (OSError, UnicodeDecodeError, ValueError, AttributeError):
        return None


def _pairs(key: str, value: object, shape: str) -> tuple[tuple[str, str], ...]:
    """A manifest head list of string pairs, checked (``ValueError`` names the key)."""
    if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(isinstance(t, str) for t in p) for p in value):
        raise ValueError(f"{key} must be a list of {shape} pairs")
    return tuple((p[0], p[1]) for p in value)


def _acronym_entries(value: object) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The manifest head's acronym map, checked (``ValueError`` names the key)."""
    if not isinstance(value, list) or not all(
            isinstance(e, list) and len(e) == 3 and isinstance(e[0], str) and isinstance(e[1], str)
            and isinstance(e[2], list) and all(isinstance(s, str) for s in e[2]) for e in value):
        raise ValueError("acronyms must be a list of [acronym, expansion, [item, ...]] entries")
    return tuple((e[0], e[1], tuple(e[2])) for e in value)


def _unreadable(exc: Exception, source: str) -> GraphFormatError:
    return GraphFormatError(f"kgsync manifest is unreadable: {exc}", Location(source), "restore it from git")


def merge(
    committed: Graph,
    manifest: Manifest | None,
    generated: Mapping[str, Facts],
    keep: frozenset[str] = frozenset(),
) -> tuple[Graph, Manifest]:
    """The new graph (canonical order) and the manifest that describes it."""
    graph, new_manifest, _foreign = merge_with_foreign(committed, manifest, generated, keep)
    return graph, new_manifest


def merge_with_foreign(
    committed: Graph,
    manifest: Manifest | None,
    generated: Mapping[str, Facts],
    keep: frozenset[str] = frozenset(),
) -> tuple[Graph, Manifest, bool]:
    """``merge``, and whether the committed graph added anything (an entity, an
    observation or a relation) to the generated facts.  When it did not, the new
    graph holds only facts of the new manifest, so merging it next time equals
    merging into an empty graph (the pipeline's shortcut; see ``kgsync.build.state``)."""
    previous = manifest.by_item if manifest else {}
    owned_now = dict(generated)
    for slug in keep:  # failed to parse: its old contribution stays as it was
        if slug in previous and slug not in owned_now:
            owned_now[slug] = previous[slug]

    # The previous facts only sort the committed graph's content; an empty one needs none.
    empty = not committed.entities and not committed.relations
    old_entities, old_observations, old_relations = _union(() if empty else previous.values())
    new_entities, new_observations, new_relations = _union(owned_now.values())

    types: dict[str, str] = {}
    observations: dict[str, list[str]] = {}
    for name, entity_type in sorted(new_entities):
        types.setdefault(name, entity_type)
        observations.setdefault(name, [])
    for name, observation in new_observations:
        observations.setdefault(name, []).append(observation)
    for mine in observations.values():
        # = sorting all (name, rank, observation) triples, one small list at a time:
        # by observation (C string order), then stably by rank.
        mine.sort()
        mine.sort(key=_rank_of)

    extra_entities: list[Entity] = []
    foreign = False
    for entity in committed.entities:
        foreign_obs = [o for o in entity.observations if (entity.name, o) not in old_observations]
        if (entity.name, entity.entity_type) in old_entities and entity.name in types:
            # kgsync's node: keep the hand-added observations after the generated ones
            mine = observations[entity.name]
            foreign = _extend_new(mine, foreign_obs) or foreign
        elif (entity.name, entity.entity_type) in old_entities and not foreign_obs:
            continue  # generated, and no longer generated by anything
        elif entity.name in types and types[entity.name] == entity.entity_type:
            mine = observations[entity.name]
            foreign = _extend_new(mine, foreign_obs) or foreign
        else:
            foreign = True
            # foreign entity (or a generated one that still carries hand-added content)
            extra_entities.append(Entity(entity.name, entity.entity_type, tuple(foreign_obs)))

    entities = [Entity(n, types[n], tuple(observations[n])) for n in types]
    entities.extend(extra_entities)
    # Relations are compared as (from, to, type) tuples: hashed in C, not by the
    # dataclass's Python __hash__ (a 10,000-item graph has ~150k relations).
    relations = dict(new_relations)
    committed_keys = map(_RELATION_KEY, committed.relations)
    foreign_relations = compress(committed.relations, map(not_, map(old_relations.__contains__, committed_keys)))
    generated_count = len(relations)
    for relation in foreign_relations:
        relations.setdefault(_RELATION_KEY(relation), relation)
    foreign = foreign or len(relations) != generated_count
    graph = Graph(tuple(entities), tuple(relations.values())).canonical()
    return graph, Manifest({slug: owned_now[slug] for slug in sorted(owned_now)}), foreign


def _extend_new(mine: list[str], extra: list[str]) -> bool:
    """Append the observations of ``extra`` that ``mine`` lacks; did any?"""
    before = len(mine)
    mine.extend(o for o in extra if o not in mine)
    return len(mine) != before


_RELATION_KEY = attrgetter("source", "target", "relation_type")


def _union(all_facts: Iterable[Facts]) -> tuple[set[tuple[str, str]], set[tuple[str, str]], dict[tuple[str, str, str], Relation]]:
    entities: set[tuple[str, str]] = set()
    observations: set[tuple[str, str]] = set()
    relations: dict[tuple[str, str, str], Relation] = {}
    for facts in all_facts:
        entities.update(facts.entities)
        observations.update(facts.observations)
        relations.update(zip(map(_RELATION_KEY, facts.relations), facts.relations))
    return entities, observations, relations


_RANK = {key: rank for rank, key in enumerate(_ORDER)}


def _rank_of(observation: str, _get: Callable[[str, int], int] = _RANK.get, _unknown: int = len(_ORDER)) -> int:
    """The rank of the observation's key in _ORDER (file order: title first)."""
    return _get(observation.partition(":")[0], _unknown)
