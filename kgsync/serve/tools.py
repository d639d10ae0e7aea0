"""What each tool of ``kgsync serve`` answers: pure functions of the graph file, bounded in size.

No MCP here (``server.py`` wires these to the SDK); the graph file behind them is a ``Service``
(``service.py``: re-read when it changed).  Every
answer is a JSON text of at most ``HARD_LIMIT`` characters: observations are shortened (an
ellipsis) and low-value ones dropped before results are cut, and a cut answer says how to page on.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from kgsync.contract.errors import ServeError
from kgsync.serve.graph_facts import graph_counts, superseded_item
from kgsync.serve.index import MAX_TOKENS, QUERY_CHARS, Hit, Index, query_tokens, words_past_cap
from kgsync.serve.service import Service
from kgsync.serve.snapshot import Link, Node, Snapshot, obs_key, values

HARD_LIMIT = 20_000  # characters, any answer, any corpus
TARGET = 8_000  # what a search page aims at before it compacts observations further
MAX_LIMIT = 50
TRUST_SHOWN = 10  # contradictions and superseded items read_graph lists on its first page
ELLIPSIS = "…"

#: Per compaction level: the longest observation kept whole, the keys dropped, the most observations kept.
_LEVELS: tuple[tuple[int, frozenset[str], int], ...] = (
    (400, frozenset(), 1000),
    (240, frozenset({"provenance", "source", "section", "completed"}), 1000),
    (160, frozenset({"provenance", "source", "section", "completed", "tag", "alias", "summary"}), 4),
    (100, frozenset({"provenance", "source", "section", "completed", "tag", "alias", "summary", "confidence"}), 2),
)
LEVELS = len(_LEVELS)
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: Characters of ``HARD_LIMIT`` kept for what the server adds to an answer (a warning): ``room``.
_ROOM: ContextVar[int] = ContextVar("room", default=0)


# ------------------------------------------------------------------------ answer shaping


def dumps(answer: dict[str, Any]) -> str:
    """Compact JSON, non-ASCII kept; a lone surrogate (the server writes them back) escaped as JSON does."""
    text = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


@contextmanager
def room(size: int) -> Iterator[None]:
    """Answers made inside keep ``size`` characters of the bound free (the server's warning goes there)."""
    token = _ROOM.set(size)
    try:
        yield
    finally:
        _ROOM.reset(token)


def bound() -> int:
    """The most characters an answer made now may have: ``HARD_LIMIT`` less the ``room`` kept."""
    return HARD_LIMIT - _ROOM.get()


def cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1].rstrip() + ELLIPSIS


def compact(entity: Node, level: int) -> list[str]:
    """``entity``'s observations at compaction ``level`` (0: whole up to 400 characters each)."""
    most, dropped, count = _LEVELS[min(level, LEVELS - 1)]
    kept = [cut(o, most) for o in entity.observations if obs_key(o) not in dropped]
    return kept[:count]


def entity_json(entity: Node, level: int = 0, whole: bool = False) -> dict[str, Any]:
    observations = list(entity.observations) if whole else compact(entity, level)
    return {"name": entity.name, "entityType": entity.entity_type, "observations": observations}


def relation_json(relation: Link) -> dict[str, str]:
    return {"from": relation.source, "to": relation.target, "relationType": relation.relation_type}


def relations_among(snapshot: Snapshot, names: Sequence[str]) -> list[Link]:
    """Links with both ends in ``names`` (file order)."""
    inside = set(names)
    found = [r for name in dict.fromkeys(names) for r in snapshot.out.get(name, ()) if r.target in inside]
    position = snapshot.position
    return sorted(found, key=lambda r: position[id(r)])


def bounded_answer(make: Callable[[int], dict[str, Any]], trim: str) -> str:
    """The least compacted answer ``make(level)`` that meets ``TARGET`` (as a search page does: topic's
    20 claims whole reached 11,346 characters), else that fits the ``bound()``; failing both, the most
    compact one with list ``trim`` shortened from the end (a note says how much was left out)."""
    limit = bound()
    answer: dict[str, Any] = {}
    fitting = ""  # the least compacted answer within the bound, made on the way to the target
    for level in range(LEVELS):
        answer = make(level)
        text = dumps(answer)
        if len(text) <= min(TARGET, limit):
            return text
        if len(text) <= limit and not fitting:
            fitting = text
    if fitting:
        return fitting
    items = list(answer.get(trim, []))
    total = len(items)
    low = most_that_fit(total, lambda count: len(dumps(
        {**answer, trim: items[:count], "note": _cut_note(trim, count, total)})) <= limit)
    answer = {**answer, trim: items[:low], "note": _cut_note(trim, low, total)}
    text = dumps(answer)
    if len(text) > limit:  # names alone too long (hand-written names of 20,000 characters)
        text = dumps({"entities": [], "relations": [], "note": "the answer would exceed the size bound even with "
                      "every observation dropped; ask for fewer or shorter names"})
    return text


def filled(make: Callable[[int, int], dict[str, Any]], total: int) -> str | None:
    """The answer ``make(0, count)`` holding the most whole entries, of ``total``, that meets ``TARGET`` (and the
    ``bound()``), entries left as they are (compaction level 0): the rest are paged on, and ``make`` says so
    (its note and ``next_offset``) when ``count`` is less than ``total``.  None when not one entry fits."""
    fill = most_that_fit(total, lambda count: len(dumps(make(0, count))) <= min(TARGET, bound()))
    return dumps(make(0, fill)) if fill else None


def most_that_fit(total: int, fits: Callable[[int], bool]) -> int:
    """The most list entries, of ``total``, an answer can show: the largest count ``fits`` holds for, by
    bisection (fewer entries never make an answer longer); 0 when none fits."""
    low, high = 0, total
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low


def _cut_note(key: str, shown: int, total: int) -> str:
    return (f"{key}: {shown} of {total} shown (answers are bounded to {HARD_LIMIT:,} characters); "
            "ask for less, or page with offset")


def paged(limit: int, offset: int) -> tuple[int, int]:
    """``limit`` (shown as at most ``MAX_LIMIT``) and ``offset`` as a tool's page; a limit under 1 or an
    offset under 0 is refused, naming it (they were read as 1 and 0, and an agent took one result for all)."""
    limit = int(limit)
    if limit < 1:
        raise ServeError(f"limit is {limit}: it must be 1 or more (a page shows at most {MAX_LIMIT} results)",
                         hint=f"ask with limit from 1 to {MAX_LIMIT}; an answer with next_offset has more: "
                              "call again with offset=next_offset")
    return min(limit, MAX_LIMIT), first(offset)


def first(offset: int) -> int:
    """``offset`` as the first result a page shows (0: the first); under 0 is refused, naming it."""
    offset = int(offset)
    if offset < 0:
        raise ServeError(f"offset is {offset}: it must be 0 or more (the place of the page's first result)",
                         hint="start at offset=0; an answer's next_offset is the next page's")
    return offset


# ------------------------------------------------------------------------------- tools


def holds(snapshot: Snapshot, claim: Node) -> bool:
    """A claim still held: no status contested or superseded, and no claim contradicts it (topic's rule)."""
    status = values(claim, "status")
    return ("contested" not in status and "superseded" not in status
            and claim.name not in snapshot.contradicted)


def named_node(snapshot: Snapshot, query: str) -> Node | None:
    """The node ``query`` names exactly (a node's name, or an item's slug without ``item:``), else None.

    Agents search by a name an earlier answer showed them (with the reference server a name finds its
    node: it is a substring of itself); ranked by its words alone, other items outrank it."""
    text = query.strip()
    return snapshot.by_name.get(text) or snapshot.by_name.get(f"item:{text}") if text else None


def _page_hits(index: Index, query: str, limit: int, offset: int, named: Node | None) -> tuple[list[Hit], bool]:
    """The ranked hits after ``offset`` up to the ``limit``-th one a page shows (a superseded item, left out
    unless named, takes no place in it: the search goes on past it), and whether a shown one comes after."""
    def shown(hit: Hit) -> bool:
        return not superseded_item(index.snapshot.by_name[hit.name]) or (named is not None and hit.name == named.name)

    wanted = limit + 1
    while True:
        hits = index.search(query, wanted, offset)
        at = [k for k, hit in enumerate(hits) if shown(hit)]
        if len(at) > limit:
            return hits[:at[limit]], True
        if len(hits) < wanted:
            return hits, False
        wanted *= 4


#: A query's words past those searched are said, never dropped in silence (an agent pasting a paragraph).
_CAPPED = (f"only the first {MAX_TOKENS} distinct words of the query (within its first {QUERY_CHARS:,} characters) "
           "were searched, the rest left out: ask with the topic's words first")


#: The words no node holds that a search's note names; the rest are counted.
_ABSENT_NAMED = 5


def _absent_note(words: list[str]) -> str:
    named = " ".join(words[:_ABSENT_NAMED]) + (f" (and {len(words) - _ABSENT_NAMED} more)" if len(words) > _ABSENT_NAMED else "")
    return f"no node holds {named}: the results match the other words"


def search_nodes(service: Service, query: str, limit: int = 10, offset: int = 0) -> str:
    """Ranked entities (items with their best matching claims), relations among them, bounded."""
    limit, offset = paged(limit, offset)
    index = service.index()
    snap = index.snapshot
    named = named_node(snap, query)
    hits, more = _page_hits(index, query, limit, offset, named)
    if not hits and (named is None or offset):
        answer: dict[str, Any] = {"entities": [], "relations": []}
        if not query_tokens(query):
            answer["note"] = ("the query has no words to search for (letters or digits; common words like 'the' and "
                              "words over 40 characters are left out); ask with topic words")
        else:
            answer["note"] = f"no results after offset {offset}" if offset else "no node matches these words"
            if words_past_cap(query):
                answer["note"] = f"{answer['note']}; {_CAPPED}"
        return dumps(answer)
    # (position in the ranking, group): an item with its best claims, or a node alone.
    # An item's best claims that still hold: contested and superseded ones are left out as topic()
    # leaves them out (item and evidence show them, and a search by the claim's name finds it).
    best = [[snap.by_name[c] for c in h.claims] for h in hits]
    held = [[c for c in claims if holds(snap, c) or (named is not None and c.name == named.name)] for claims in best]
    left_out = sum(len(a) - len(b) for a, b in zip(best, held, strict=True))
    groups: list[tuple[int | None, list[Node]]] = [
        (position, [snap.by_name[h.name], *claims]) for position, (h, claims) in enumerate(zip(hits, held, strict=True))]
    # A superseded item is left out as its claims are (a trust state excludes by default); its name
    # finds it, and read_graph lists the superseded items.
    kept = [(p, g) for p, g in groups if not superseded_item(g[0]) or (named is not None and g[0].name == named.name)]
    superseded_out = len(groups) - len(kept)
    groups = kept
    if named is not None:
        # The node the query names comes first on the first page and never again (its ranked place, on
        # whichever page, is dropped), so paging neither repeats it nor skips a ranked result.
        own = [g for _, g in groups if g[0].name == named.name]
        groups = [(p, [e for e in g if e.name != named.name]) for p, g in groups if g[0].name != named.name]
        if not offset:
            groups.insert(0, (None, own[0] if own else [named]))

    capped = words_past_cap(query)
    # A word no node holds is dropped from the search: said, else the agent reads the results the other
    # words found ("counts" for "heartbeat counting") as an answer to it.
    absent = index.absent(query)

    def page(count: int, level: int) -> dict[str, Any]:
        shown = [g for _, g in groups[:count]]
        entities = [e for group in shown for e in (group if level < LEVELS - 1 else group[:1])]
        names = [e.name for e in entities]
        answer: dict[str, Any] = {"entities": [entity_json(e, level) for e in entities],
                                  "relations": [relation_json(r) for r in relations_among(snap, names)]}
        if count < len(groups) or more:
            # Ranked results consumed: up to the last one shown (a dropped named node is skipped with them).
            consumed = max((p + 1 for p, _ in groups[:count] if p is not None), default=0)
            if count == len(groups):
                consumed = len(hits)
            answer["next_offset"] = offset + consumed
        notes = []
        if level:
            notes.append("observations shortened; item(slug) or open_nodes(names) gives them whole")
        if left_out:
            notes.append(f"{left_out} contested or superseded claim{'s' if left_out > 1 else ''} left out "
                         "(item(slug) or evidence(claim) shows them)")
        if superseded_out:
            notes.append(f"{superseded_out} superseded item{'s' if superseded_out > 1 else ''} left out "
                         "(search by its name, or read_graph's list)")
        if count < len(groups):
            notes.append(f"{count} of {len(groups)} results fit the size bound")
        if "next_offset" in answer:
            notes.append(f"more results: call again with offset={answer['next_offset']}")
        if absent:
            notes.append(_absent_note(absent))
        if capped:
            notes.append(_CAPPED)
        if notes:
            answer["note"] = "; ".join(notes)
        return answer

    for level in range(LEVELS):  # the least compaction that meets the target
        text = dumps(page(len(groups), level))
        if len(text) <= TARGET:
            return text
    for count in range(len(groups), 0, -1):  # then fewer results, within the hard bound
        text = dumps(page(count, LEVELS - 1))
        if len(text) <= bound():
            return text
    return bounded_answer(lambda level: page(1, level), "entities")


_KINDS_OF_PREFIX = {"item": ("research_item",), "claim": ("claim",), "concept": ("concept", "method"),
                    "method": ("concept", "method")}


def _folded(text: str) -> str:
    """Lower case, words only, each word's plural 's' off: 'Knowledge-Graphs' and 'knowledge graph' meet."""
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                    for w in re.split(r"[^0-9a-z]+", text.lower()) if w)


def closest_names(index: Index, name: str, most: int = 3) -> list[str]:
    """Node names ``name`` may mean: names it begins (a slug cut short), then the best-ranked nodes of
    the kind its prefix says (any kind without one) for its words (a plural guessed wrong, plain words).
    Each is shown as ``shown_name`` shows it: an agent may add a node of any name."""
    text = name.strip()[:200]
    if not text:
        return []
    snap = index.snapshot
    found = [n for n in snap.by_name if n.startswith(text)][:most]
    # The prefix in any case or form ("CONCEPT:", full-width): else it was searched as a word of the name.
    plain = unicodedata.normalize("NFKC", text)
    prefix = plain.partition(":")[0].lower() if ":" in plain else ""
    text = prefix + ":" + plain.partition(":")[2] if prefix in _KINDS_OF_PREFIX else text
    kinds = _KINDS_OF_PREFIX.get(prefix, ("research_item", "claim", "concept", "method"))
    words = text.partition(":")[2] if prefix in _KINDS_OF_PREFIX else text
    if "concept" in kinds:  # a concept or method written as its items write it, plural or not
        wanted = _folded(words)
        found += [e.name for e in snap.by_name.values() if e.entity_type in ("concept", "method") and wanted in
                  {_folded(e.name.partition(":")[2]), *(_folded(a) for a in values(e, "alias"))}]
    found += index.search_kind(words.replace("-", " "), kinds, most)
    return [shown_name(n) for n in list(dict.fromkeys(found))[:most]]


_MISSES_SHOWN = 20  # unknown names open_nodes lists (with their closest names); the rest counted
NAME_SHOWN = 200  # characters of a name a miss shows: the unknown name echoed, and each closest name


def shown_name(name: str) -> str:
    """A name as a miss shows it (the unknown name, a suggestion): cut at ``NAME_SHOWN`` characters, ending
    in "…" when cut.  kgsync's names are shorter (129 at most in the 273-item graph), so only a name an
    agent added can be cut; whole, three suggestions of 100,000 characters for each of 20 misses passed
    the answer's bound."""
    return cut(name, NAME_SHOWN)


def open_nodes(service: Service, names: Sequence[str], offset: int = 0) -> str:
    """The reference server's open_nodes: the entities named (file order, duplicates kept) and every
    relation with either end among them (file order); relations paged past the size bound."""
    snap = service.index().snapshot
    wanted = set(names)
    entities = [e for e in snap.entities if e.name in wanted]
    found = {e.name for e in entities}
    relations = [r for r in snap.relations if r.source in found or r.target in found]
    offset = first(offset)
    # The reference server answers an unknown name with nothing: say which names missed and what
    # they may mean (entities and relations stay the reference's; the key is there only on a miss).
    # Bounded (the first misses, each name cut), so that misses never crowd out the nodes found.
    misses = [name for name in dict.fromkeys(names) if name not in found]
    extra: dict[str, Any] = {"not_found": [{"name": shown_name(name), "closest": closest_names(service.index(), name)}
                                           for name in misses[:_MISSES_SHOWN]]} if misses else {}
    if len(misses) > _MISSES_SHOWN:
        extra["not_found_more"] = len(misses) - _MISSES_SHOWN
    base = {"entities": [entity_json(e, whole=True) for e in entities]}
    shown = [relation_json(r) for r in relations[offset:]]
    whole = dumps({**base, "relations": shown, **extra} if not offset
                  else {**base, "relations": shown, "offset": offset, **extra})
    if len(whole) <= bound():
        return whole

    def make(level: int) -> dict[str, Any]:
        ents = [entity_json(e, level) for e in entities]
        answer: dict[str, Any] = {"entities": ents, "relations": [], **extra}
        budget = bound() - len(dumps(answer)) - 300
        rels: list[dict[str, str]] = []
        used = 0
        for r in shown:
            size = len(dumps(r)) + 1
            if used + size > budget:
                break
            rels.append(r)
            used += size
        answer["relations"] = rels
        if len(rels) < len(shown):
            answer["next_offset"] = offset + len(rels)
            answer["note"] = (f"relations {offset}-{offset + len(rels)} of {len(relations)} shown (answers are bounded to "
                              f"{HARD_LIMIT:,} characters); call again with offset={offset + len(rels)} for more")
        if level:
            answer["note"] = answer.get("note", "") + ("; " if "note" in answer else "") + "observations shortened"
        return answer

    return bounded_answer(make, "entities")


def read_graph(service: Service, offset: int = 0, limit: int = 20) -> str:
    """Counts, and the concepts (and methods) most items address, paged: never the whole file."""
    limit, offset = paged(limit, offset)
    index = service.index()
    snap = index.snapshot
    counts = graph_counts(index)  # the whole graph's, once a version of the file
    types, rel_types, reach, ranked = counts.entity_types, counts.relation_types, counts.reach, counts.ranked
    page = ranked[offset: offset + limit]
    # Where the graph disagrees with itself (first page): the claims that contradict one another and
    # the items something superseded; the counts alone left an agent no way to find them.
    contradictions, superseded = counts.contradictions, counts.superseded

    def make(level: int) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "counts": {"entities": len(snap.by_name), "relations": len(snap.relations),
                       "entityTypes": dict(sorted(types.items())), "relationTypes": dict(sorted(rel_types.items()))},
            "entities": [entity_json(snap.by_name[n], level) for n in page],
            "relations": [],
            "items_per_concept": {n: reach[n] for n in page},
            "note": ("read_graph never returns the whole graph: these are the concepts and methods most items "
                     "address, with counts; use search_nodes, topic, item or open_nodes for the rest"),
        }
        if not offset and contradictions:
            answer["contradictions"] = [relation_json(r) for r in contradictions[:TRUST_SHOWN]]
        if not offset and superseded:
            answer["superseded"] = superseded[:TRUST_SHOWN]
        if not offset and (len(contradictions) > TRUST_SHOWN or len(superseded) > TRUST_SHOWN):
            answer["note"] += (f"; the first {TRUST_SHOWN} of {len(contradictions)} contradictions and "
                               f"{len(superseded)} superseded items: topic(concept, include_contested=true) "
                               "lists them by concept")
        if offset + limit < len(ranked):
            answer["next_offset"] = offset + limit
        if snap.skipped:
            answer["counts"]["skipped_lines"] = snap.skipped
        return answer

    return bounded_answer(make, "entities")
