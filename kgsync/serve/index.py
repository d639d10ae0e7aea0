"""A ranked full-text index over a graph file (read by ``kgsync.serve.snapshot``, the way the reference
memory server reads it).

Pure: no MCP, no I/O.  ``Index`` ranks with SQLite FTS5 (standard library, built
in memory, or a stored index file opened read-only: ``store``) and BM25 over weighted columns; an item's claims and the names and aliases of the
concepts and methods it addresses (and, for a theme that is a tag only, the tag's words once more, as a
linked node's name) are indexed with the item (one document an item), which finds
the item an agent is after more often than the claims on their own (bench/bench_serve.py).
"""

from __future__ import annotations

import re
import sqlite3
import threading
from itertools import islice
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from kgsync.serve.snapshot import Node, Snapshot, is_claim, is_item, slug_of


# Observation keys that carry no words a searcher types: indexed nowhere.
_UNSEARCHED = frozenset({"provenance", "source", "section", "confidence", "completed", "status"})


def _words(name: str) -> str:
    """A node name's words: prefix dropped, hyphens and underscores as spaces."""
    _, sep, rest = name.partition(":")
    return (rest if sep else name).replace("-", " ").replace("_", " ")


# A claim's unsearched observations, as whole lines of its joined observations: one C call a claim
# (a 10,000-item graph has ~40,000 claims).  The keys of the rest ("title", "summary") stay in the
# text: every claim has them, so BM25 gives them no weight.
_UNSEARCHED_LINES = re.compile(r"^(?:provenance|source|section|confidence|completed|status):.*$", re.M)


def _fields(entity: Node) -> tuple[list[str], list[str], list[str], list[str]]:
    """One pass over the observations: titles, aliases, tags, and the other searchable text (keys dropped)."""
    titles: list[str] = []
    aliases: list[str] = []
    tags: list[str] = []
    free: list[str] = []
    for observation in entity.observations:
        head, sep, rest = observation.partition(":")
        if sep and len(head) <= 20 and head.isidentifier():
            if head == "title":
                titles.append(rest.strip())
            elif head == "alias":
                aliases.append(rest.strip())
            elif head == "tag":
                tags.append(rest.strip())
            elif head not in _UNSEARCHED:
                free.append(rest.strip())
        else:
            free.append(observation)
    return titles, aliases, tags, free


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
QUERY_CHARS = 200_000  # of a query, read for words: a bound on the work an agent's paste costs
_TOKEN = re.compile(r"[^\W_]+")


def query_tokens(query: str) -> list[str]:
    """The words of ``query`` as FTS5 will see them: lower case, letters and digits only, stopwords
    dropped, at most ``MAX_TOKENS`` distinct ones (first come).  Quotes, operators (``NEAR(``, ``*``,
    ``-``, ``:``), control characters never reach the engine as syntax."""
    return list(islice(_distinct_words(query), MAX_TOKENS))


def words_past_cap(query: str) -> bool:
    """Whether ``query`` has more distinct words than the ``MAX_TOKENS`` searched (its later ones are
    not searched: an answer says so, else "no node matches" hides a topic word written late)."""
    if len(query) > QUERY_CHARS and _TOKEN.search(query, QUERY_CHARS):  # a word past what is read for words
        return True
    return next(islice(_distinct_words(query), MAX_TOKENS, None), None) is not None


def _distinct_words(query: str) -> Iterator[str]:
    """``query_tokens``' words in order, uncapped (the first ``QUERY_CHARS`` characters read)."""
    seen: set[str] = set()
    for match in _TOKEN.finditer(query[:QUERY_CHARS].lower()):
        token = match.group()
        if len(token) > MAX_TOKEN_CHARS or token in STOPWORDS or token in seen:
            continue
        seen.add(token)
        yield token


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
_KIND_SHIFT = 32  # rowid = kind << 32 | (position in _names + 1)
_ROW_MASK = (1 << _KIND_SHIFT) - 1


#: SQLite's largest integer: a LIMIT or OFFSET beyond it cannot be bound (OverflowError).
_SQLITE_MAX = 2**63 - 1


class Index:
    """An in-memory FTS5 index of one ``Snapshot``: one document an item (its node, claims, and the
    names and aliases of what it addresses), one for every other node that is not an item's claim."""

    def __init__(self, snapshot: Snapshot, weights: Weights | None = None, stored: sqlite3.Connection | None = None):
        """Index ``snapshot``; or, with ``stored`` (a connection to the ``docs`` table an index of this very
        file and code built and ``store`` kept), take that table as it is: nothing is indexed again."""
        self.snapshot = snapshot
        self.weights = weights or Weights()
        self.claims_of: dict[str, list[str]] = {}  # item name -> its claim names (states, else the name's slug)
        self.item_of: dict[str, str] = {}  # claim name -> item name
        self._claim_stems: dict[str, frozenset[str]] = {}
        self._lock = threading.Lock()  # one query at a time on the connection (tool calls may run in threads)
        self._names: list[str] = []  # rowid - 1 -> node name
        self._neighbour_words: dict[str, str] = {}  # concept or method -> its name's words and aliases
        self._link_claims()
        self.stored = stored is not None
        if stored is not None:
            self._db = stored
            self._names = [name for name in snapshot.by_name if name not in self.item_of]  # the order _build gave
        else:
            self._db = sqlite3.connect(":memory:", check_same_thread=False)
            self._build()
        self._scratch()

    # -- construction
    def _link_claims(self) -> None:
        """Which item each claim belongs to (its ``states`` relation, else the item its name carries)."""
        if not self.weights.claims_in_item:
            return
        by_name = self.snapshot.by_name
        items = [e for e in by_name.values() if is_item(e)]
        item_names = {e.name for e in items}
        # The ``states`` relations, file order kept, picked in one tight loop: a sixth of the relations.
        for relation in [r for r in self.snapshot.relations if r.relation_type == "states"]:
            if relation.source in item_names:
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

    def _build(self) -> None:
        # Contentless (the text is never read back) and the kind of a document in its rowid's high bits:
        # scoring reads nothing but the index (a column read would load every matching row).
        self._db.execute(f"CREATE VIRTUAL TABLE docs USING fts5(name, title, aliases, body, content='', "
                         f"tokenize = '{self.weights.tokenizer}')")
        by_name = self.snapshot.by_name
        rows: list[tuple[int, str, str, str, str]] = []
        for entity in by_name.values():
            if entity.name in self.item_of:
                continue
            self._names.append(entity.name)
            if is_item(entity):
                rows.append((len(self._names), *self._item_row(entity)))  # kind 0
            else:
                kind = _KIND_CONCEPT if entity.entity_type in ("concept", "method") else _KIND_OTHER
                titles, aliases, _tags, free = _fields(entity)
                rows.append(((kind << _KIND_SHIFT) + len(self._names), _words(entity.name), " ".join(titles), " ".join(aliases),
                             " ".join(free)))
        self._db.executemany("INSERT INTO docs (rowid, name, title, aliases, body) VALUES (?, ?, ?, ?, ?)", rows)
        self._db.commit()

    def _scratch(self) -> None:
        """In the connection's temp schema (writable when the index file is opened read-only): the index's
        terms with their document counts, and a scratch table with the same tokenizer that turns a query's
        words into indexed terms (porter stems): see ``_selective``."""
        self._db.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, docs, 'row')")
        self._db.execute(f"CREATE VIRTUAL TABLE temp.scratch USING fts5(t, tokenize = '{self.weights.tokenizer}')")
        self._db.execute("CREATE VIRTUAL TABLE temp.scratch_terms USING fts5vocab(temp, scratch, 'instance')")

    def database(self) -> sqlite3.Connection:
        """The connection holding the ``docs`` table (``store`` writes it to a file)."""
        return self._db

    def _item_row(self, item: Node) -> tuple[str, str, str, str]:
        snap, by_name = self.snapshot, self.snapshot.by_name
        slug = slug_of(item.name) or item.name
        # A dated slug's date is not a topic word.
        name = _words(re.sub(r"^\d{4}-\d\d-\d\d-", "", slug))
        titles, _aliases, tags, body = _fields(item)
        aliases = [t.replace("_", " ") for t in tags]
        if self.weights.with_neighbours:
            known = self._neighbour_words
            linked = set()
            for relation in snap.out.get(item.name, ()):
                if relation.relation_type in ("addresses", "uses_method"):
                    linked.add(relation.target.partition(":")[2])
                    words = known.get(relation.target)
                    if words is None:
                        target = by_name.get(relation.target)
                        words = known[relation.target] = " ".join(
                            [_words(relation.target), *(_fields(target)[1] if target is not None else ())])
                    aliases.append(words)
            # A theme that is a tag only (a category bucket: no node) is indexed as a node named by
            # its slug that the item addresses, with no alias: the item's document weighs its theme
            # as it weighs a linked node's name, whether the vocabulary makes the theme a node or not.
            aliases.extend(t.replace("_", " ") for t in tags if t.replace("_", "-") not in linked)
        for claim in self.claims_of.get(item.name, ()):
            body.append(_UNSEARCHED_LINES.sub("", "\n".join(by_name[claim].observations)))
        return name, " ".join(titles), " ".join(aliases), " ".join(body)

    # -- queries
    def search(self, query: str, limit: int = 10, offset: int = 0, claims_per_item: int = 2) -> list[Hit]:
        """Up to ``limit`` hits after the first ``offset``, best first; [] when the query has no words."""
        with self._lock:
            try:
                return self._search(query, limit, offset, claims_per_item)
            except sqlite3.DatabaseError:
                if not self.stored:
                    raise
                # A stored file damaged where opening it could not see: index in memory, and answer.
                self._db, self.stored, self._names = sqlite3.connect(":memory:", check_same_thread=False), False, []
                self._build()
                self._scratch()
                return self._search(query, limit, offset, claims_per_item)

    def ranking_sql(self) -> str:
        """The ranked query: BM25 over the four fields by ``weights``, scaled by the node's kind
        (items 1.0); parameters: the FTS5 query, LIMIT, OFFSET."""
        w = self.weights
        return (f"SELECT rowid, bm25(docs, {w.name}, {w.title}, {w.aliases}, {w.body}) * "
                f"(CASE rowid >> {_KIND_SHIFT} WHEN {_KIND_ITEM} THEN 1.0 WHEN {_KIND_CONCEPT} THEN {w.concept} ELSE {w.other} END) AS score "
                "FROM docs WHERE docs MATCH ? ORDER BY score, rowid LIMIT ? OFFSET ?")

    def _search(self, query: str, limit: int, offset: int, claims_per_item: int) -> list[Hit]:
        tokens = self._selective(query_tokens(query))
        if not tokens or limit <= 0:
            return []
        # An agent's paging is any JSON integer: beyond SQLite's largest (2**63 - 1) it is past the last row.
        page = (min(limit, _SQLITE_MAX), max(0, min(offset, _SQLITE_MAX)))
        rows = self._db.execute(self.ranking_sql(), (fts_query(tokens), *page)).fetchall()
        wanted = stems(" ".join(tokens))
        need = 1 if len(wanted) <= 2 else 2
        hits = []
        for rowid, score in rows:
            name = self._names[(rowid & _ROW_MASK) - 1]
            best: list[tuple[int, int, str]] = []
            for position, claim in enumerate(self.claims_of.get(name, ())):
                shared = len(wanted & self._stems_of(claim))
                if shared >= need:
                    best.append((-shared, position, claim))
            best.sort()
            hits.append(Hit(name, -float(score), tuple(c for _, _, c in best[:claims_per_item])))
        return hits

    def _selective(self, tokens: list[str]) -> list[str]:
        """``tokens`` without those no document holds and those more than half the documents hold.

        BM25 gives a term in more than half the documents an IDF of ~0 (FTS5 floors it at 1e-6), so
        dropping it leaves the ranking as it was, and spares scoring most of the graph's documents;
        when every word is that common, they are all kept."""
        if not tokens:
            return tokens
        kept: list[str] = []
        common: list[str] = []
        documents = len(self._names)
        for token, counts in zip(tokens, self._document_counts(tokens), strict=True):
            if not counts or min(counts) == 0:
                continue  # no document holds it
            (common if min(counts) * 2 > documents else kept).append(token)
        return kept or common

    def absent(self, query: str) -> list[str]:
        """The words of ``query`` (``query_tokens``) that no document holds, in query order: a search
        answers with the others, and says so (``tools.search_nodes``)."""
        tokens = query_tokens(query)
        with self._lock:
            counts = self._document_counts(tokens) if tokens else []
        return [token for token, found in zip(tokens, counts, strict=True) if not found or min(found) == 0]

    def _document_counts(self, tokens: list[str]) -> list[list[int]]:
        """For each of ``tokens``, how many documents hold each indexed term it makes ([]: it makes none)."""
        db = self._db
        with db:
            db.executemany("INSERT INTO scratch (rowid, t) VALUES (?, ?)", enumerate(tokens, 1))
            found = db.execute("SELECT doc, term FROM scratch_terms").fetchall()
            db.execute("DELETE FROM scratch")
            wanted = {term for _, term in found}
            df = dict(db.execute(f"SELECT term, doc FROM terms WHERE term IN ({','.join('?' * len(wanted))})",
                                 sorted(wanted))) if wanted else {}
        stems_of: dict[int, list[str]] = {}
        for row, term in found:
            stems_of.setdefault(row, []).append(term)
        return [[df.get(term, 0) for term in stems_of.get(row, ())] for row in range(1, len(tokens) + 1)]

    def _stems_of(self, claim: str) -> frozenset[str]:
        found = self._claim_stems.get(claim)
        if found is None:
            found = self._claim_stems[claim] = stems(" ".join(self.snapshot.by_name[claim].observations))
        return found

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
