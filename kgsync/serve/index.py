"""A graph file, read the way the reference memory server reads it, and a ranked full-text index over it.

Pure: no MCP, no I/O beyond reading the graph file.  ``read_text`` accepts every line the
reference server keeps (any entity type, unknown observation keys, duplicates, blank lines) and
skips, counting them, the lines it would ignore or choke on, so a file an agent wrote through the
reference server is always served.  ``Index`` ranks with SQLite FTS5 (standard library, in
memory) and BM25 over weighted columns; an item's claims and the names and aliases of the
concepts and methods it addresses are indexed with the item (one document an item), which finds
the item an agent is after more often than the claims on their own (bench/bench_serve.py).
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from kgsync.model import Entity, Relation

# ---------------------------------------------------------------------------------- the file


@dataclass(frozen=True)
class Snapshot:
    """Everything one version of the graph file holds, in file order (duplicates kept, as the server does)."""

    entities: tuple[Entity, ...] = ()
    relations: tuple[Relation, ...] = ()
    skipped: int = 0  # lines the reference server would ignore (another "type") or fail on (not JSON)
    by_name: dict[str, Entity] = field(default_factory=dict, compare=False, repr=False)
    out: dict[str, list[Relation]] = field(default_factory=dict, compare=False, repr=False)
    into: dict[str, list[Relation]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for entity in self.entities:
            self.by_name.setdefault(entity.name, entity)  # the first wins, like the server's find()
        for relation in self.relations:
            self.out.setdefault(relation.source, []).append(relation)
            self.into.setdefault(relation.target, []).append(relation)


def read_text(text: str) -> Snapshot:
    """Parse server JSONL tolerantly: what the server keeps is kept, anything else is counted in ``skipped``."""
    entities: list[Entity] = []
    relations: list[Relation] = []
    skipped = 0
    loads = json.loads
    for line in text.removeprefix("\ufeff").split("\n"):
        if not line.strip():
            continue
        try:
            obj = loads(line)
        except (ValueError, RecursionError):
            skipped += 1
            continue
        if not isinstance(obj, dict):
            skipped += 1
            continue
        kind = obj.get("type")
        if kind == "entity":
            name, entity_type, observations = obj.get("name"), obj.get("entityType"), obj.get("observations")
            if not isinstance(name, str):
                skipped += 1
                continue
            if not isinstance(observations, list):
                observations = []
            entities.append(Entity(name, entity_type if isinstance(entity_type, str) else "",
                                   tuple(o for o in observations if isinstance(o, str))))
        elif kind == "relation":
            source, target, relation_type = obj.get("from"), obj.get("to"), obj.get("relationType")
            if isinstance(source, str) and isinstance(target, str) and isinstance(relation_type, str):
                relations.append(Relation(source, target, relation_type))
            else:
                skipped += 1
        else:
            skipped += 1
    return Snapshot(tuple(entities), tuple(relations), skipped)


# ------------------------------------------------------------------------- observations


def value(entity: Entity, key: str) -> str | None:
    """The first ``key:value`` / ``key: value`` observation's value (stripped), or None."""
    prefix = key + ":"
    for observation in entity.observations:
        if observation.startswith(prefix):
            return observation[len(prefix):].strip()
    return None


def values(entity: Entity, key: str) -> list[str]:
    prefix = key + ":"
    return [o[len(prefix):].strip() for o in entity.observations if o.startswith(prefix)]


def obs_key(observation: str) -> str:
    """``title`` of ``title: ...``; "" for free text (an agent's note)."""
    head, sep, _ = observation.partition(":")
    return head if sep and head.isidentifier() and len(head) <= 20 else ""


def is_item(entity: Entity) -> bool:
    return entity.entity_type == "research_item" or (entity.entity_type == "" and entity.name.startswith("item:"))


def is_claim(entity: Entity) -> bool:
    return entity.entity_type == "claim"


def slug_of(name: str) -> str | None:
    """The item slug a kgsync item or claim name carries (``item:<slug>``, ``claim:<slug>:<key>``)."""
    if name.startswith("item:"):
        return name[5:]
    if name.startswith("claim:"):
        slug, sep, _ = name[6:].rpartition(":")
        return slug if sep else None
    return None


# Observation keys that carry no words a searcher types: indexed nowhere.
_UNSEARCHED = frozenset({"provenance", "source", "section", "confidence", "completed", "status"})


def _words(name: str) -> str:
    """A node name's words: prefix dropped, hyphens and underscores as spaces."""
    _, sep, rest = name.partition(":")
    return (rest if sep else name).replace("-", " ").replace("_", " ")


def _free_text(entity: Entity, skip: frozenset[str] = _UNSEARCHED) -> list[str]:
    """Observation text worth indexing, key dropped (``summary: x`` -> ``x``)."""
    out = []
    for observation in entity.observations:
        key = obs_key(observation)
        if key in skip or key in ("title", "alias"):
            continue
        out.append(observation[len(key) + 1:].strip() if key else observation)
    return out


# --------------------------------------------------------------------------------- queries

#: Words that carry no topic; the query keeps the rest (BM25 would weigh them near zero anyway,
#: but each costs a posting-list scan on a large graph).
STOPWORDS = frozenset("""
a an and are as at be but by can do does for from has have how i if in into is it its of on or
should so than that the their there these this to was were what when where which while who why will
with would not no we our you your they them he she his her
""".split())
MAX_TOKENS = 48
MAX_TOKEN_CHARS = 40
_TOKEN = re.compile(r"[^\W_]+")


def query_tokens(query: str) -> list[str]:
    """The words of ``query`` as FTS5 will see them: lower case, letters and digits only, stopwords
    dropped, at most ``MAX_TOKENS`` distinct ones (first come).  Quotes, operators (``NEAR(``, ``*``,
    ``-``, ``:``), control characters never reach the engine as syntax."""
    seen: dict[str, None] = {}
    for match in _TOKEN.finditer(query[:200_000].lower()):
        token = match.group()
        if len(token) > MAX_TOKEN_CHARS or token in STOPWORDS or token in seen:
            continue
        seen[token] = None
        if len(seen) >= MAX_TOKENS:
            break
    return list(seen)


def fts_query(tokens: Sequence[str]) -> str:
    """Each token quoted (an FTS5 string, never syntax), any of them may match: ``"a" OR "b"``."""
    return " OR ".join(f'"{t}"' for t in tokens)


def stems(text: str) -> frozenset[str]:
    """Crude word stems (first 5 letters) for picking which of an item's claims match a query."""
    return frozenset(t[:5] for t in _TOKEN.findall(text.lower()) if t not in STOPWORDS)


# ---------------------------------------------------------------------------------- ranking


@dataclass(frozen=True)
class Weights:
    """BM25 column weights and per-kind multipliers (bench/bench_serve.py measured them)."""

    name: float = 4.0
    title: float = 3.0
    aliases: float = 2.0
    body: float = 1.0
    concept: float = 0.6  # a concept or method document's score, relative to an item's
    other: float = 0.8  # any other document (an agent's own entities, orphan claims)
    tokenizer: str = "porter unicode61 remove_diacritics 2"
    claims_in_item: bool = True  # claims indexed with their item (else each claim is its own document)
    with_neighbours: bool = True  # the names and aliases of what an item addresses, with the item


@dataclass(frozen=True)
class Hit:
    """One ranked result: a node, and for an item the names of its claims that match the query best."""

    name: str
    score: float
    claims: tuple[str, ...] = ()


_KIND_ITEM, _KIND_CONCEPT, _KIND_OTHER = 0, 1, 2


class Index:
    """An in-memory FTS5 index of one ``Snapshot``: one document an item (its node, claims, and the
    names and aliases of what it addresses), one for every other node that is not an item's claim."""

    def __init__(self, snapshot: Snapshot, weights: Weights | None = None):
        self.snapshot = snapshot
        self.weights = weights or Weights()
        self.claims_of: dict[str, list[str]] = {}  # item name -> its claim names (states, else the name's slug)
        self.item_of: dict[str, str] = {}  # claim name -> item name
        self._claim_stems: dict[str, frozenset[str]] = {}
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(f"CREATE VIRTUAL TABLE docs USING fts5(name, title, aliases, body, kind UNINDEXED, "
                         f"tokenize = '{self.weights.tokenizer}')")
        self._names: list[str] = []  # rowid - 1 -> node name
        self._build()

    # -- construction
    def _build(self) -> None:
        snap, w = self.snapshot, self.weights
        by_name = snap.by_name
        items = [e for e in by_name.values() if is_item(e)]
        item_names = {e.name for e in items}
        if w.claims_in_item:
            for relation in snap.relations:
                if relation.relation_type == "states" and relation.source in item_names:
                    target = by_name.get(relation.target)
                    if target is not None and is_claim(target) and relation.target not in self.item_of:
                        self.item_of[relation.target] = relation.source
            for entity in by_name.values():
                if is_claim(entity) and entity.name not in self.item_of:
                    slug = slug_of(entity.name)
                    if slug is not None and f"item:{slug}" in item_names:
                        self.item_of[entity.name] = f"item:{slug}"
            for claim, item in self.item_of.items():
                self.claims_of.setdefault(item, []).append(claim)
        rows: list[tuple[int, str, str, str, str, int]] = []
        for entity in by_name.values():
            if entity.name in self.item_of:
                continue
            self._names.append(entity.name)
            if is_item(entity):
                rows.append((len(self._names), *self._item_row(entity)))
            else:
                kind = _KIND_CONCEPT if entity.entity_type in ("concept", "method") else _KIND_OTHER
                rows.append((len(self._names), _words(entity.name), " ".join(values(entity, "title")),
                             " ".join(values(entity, "alias")), " ".join(_free_text(entity)), kind))
        for claims in self.claims_of.values():
            for claim in claims:
                self._claim_stems[claim] = stems(" ".join(by_name[claim].observations))
        self._db.executemany("INSERT INTO docs (rowid, name, title, aliases, body, kind) VALUES (?, ?, ?, ?, ?, ?)", rows)

    def _item_row(self, item: Entity) -> tuple[str, str, str, str, int]:
        snap, by_name = self.snapshot, self.snapshot.by_name
        slug = slug_of(item.name) or item.name
        # A dated slug's date is not a topic word.
        name = _words(re.sub(r"^\d{4}-\d\d-\d\d-", "", slug))
        aliases: list[str] = [t.replace("_", " ") for t in values(item, "tag")]
        if self.weights.with_neighbours:
            for relation in snap.out.get(item.name, ()):
                if relation.relation_type in ("addresses", "uses_method"):
                    aliases.append(_words(relation.target))
                    target = by_name.get(relation.target)
                    if target is not None:
                        aliases += values(target, "alias")
        body = _free_text(item)
        for claim in self.claims_of.get(item.name, ()):
            entity = by_name[claim]
            body += values(entity, "title")
            body += _free_text(entity)
        return name, " ".join(values(item, "title")), " ".join(aliases), " ".join(body), _KIND_ITEM

    # -- queries
    def search(self, query: str, limit: int = 10, offset: int = 0, claims_per_item: int = 2) -> list[Hit]:
        """Up to ``limit`` hits after the first ``offset``, best first; [] when the query has no words."""
        tokens = query_tokens(query)
        if not tokens or limit <= 0:
            return []
        w = self.weights
        sql = (f"SELECT rowid, bm25(docs, {w.name}, {w.title}, {w.aliases}, {w.body}) * "
               f"(CASE kind WHEN {_KIND_ITEM} THEN 1.0 WHEN {_KIND_CONCEPT} THEN {w.concept} ELSE {w.other} END) AS score "
               "FROM docs WHERE docs MATCH ? ORDER BY score, rowid LIMIT ? OFFSET ?")
        rows = self._db.execute(sql, (fts_query(tokens), limit, max(0, offset))).fetchall()
        wanted = stems(" ".join(tokens))
        need = 1 if len(wanted) <= 2 else 2
        hits = []
        for rowid, score in rows:
            name = self._names[rowid - 1]
            best: list[tuple[int, int, str]] = []
            for position, claim in enumerate(self.claims_of.get(name, ())):
                shared = len(wanted & self._claim_stems[claim])
                if shared >= need:
                    best.append((-shared, position, claim))
            best.sort()
            hits.append(Hit(name, -float(score), tuple(c for _, _, c in best[:claims_per_item])))
        return hits

    def search_kind(self, query: str, kinds: Iterable[str], limit: int = 5) -> list[str]:
        """Names of the best-matching nodes of these entity types (for suggestions)."""
        wanted = set(kinds)
        found = []
        for hit in self.search(query, limit=200):
            entity = self.snapshot.by_name.get(hit.name)
            if entity is not None and entity.entity_type in wanted:
                found.append(hit.name)
                if len(found) >= limit:
                    break
        return found
