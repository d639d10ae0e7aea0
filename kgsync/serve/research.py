"""The research tools of ``kgsync serve`` (what the reference server lacks): what the repository
knows about a topic (``topic``), the evidence of a claim (``evidence``), an item with its
findings (``item``).  Pure functions of the graph file, bounded like every answer (``tools``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any

from kgsync.contract.errors import ServeError
from kgsync.serve.graph_facts import claim_facts, finding_number, named
from kgsync.serve.index import Index
from kgsync.serve.snapshot import Link, Node, Snapshot, is_claim, is_item, slug_of, value, values
from kgsync.serve.service import Service
from kgsync.serve.tools import (TARGET, bounded_answer, cut, entity_json, filled, first, paged, relation_json,
                                shown_name)


# A word break in a name: the hyphen, the underscore, white space, and the typographic hyphens and
# dashes (U+2010-U+2015) and the minus sign (U+2212) an editor or a model writes for "-".
_BREAK = re.compile("[-_\\s\u2010-\u2015\u2212]+")


def _plain(text: str) -> str:
    """``text`` in its compatibility form (NFKC: full-width letters and colon as ASCII ones)."""
    return unicodedata.normalize("NFKC", text)


def _norm(text: str) -> str:
    return " ".join(_BREAK.sub(" ", _plain(text).lower()).split())


def _singular(text: str) -> str:
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
                    for w in _norm(text).split())


def _resolve(index: Index, name: str, kinds: tuple[str, ...], prefixes: tuple[str, ...]) -> tuple[Node | None, list[str]]:
    """The node ``name`` means (exact name, name with a prefix, alias), else None and suggestions."""
    snap = index.snapshot
    name = name.strip()
    for candidate in (name, *(p + name for p in prefixes)):
        entity = snap.by_name.get(candidate)
        if entity is not None and entity.entity_type in kinds:
            return entity, []
    # The prefix in any case or form ("CONCEPT:", "Item:"): else it was read as a word of the name.
    prefix, tail = _prefix_of(name)
    entity = _folded(index, kinds, tail if prefix in prefixes else name)
    if entity is not None:
        return entity, []
    return None, index.search_kind(name, kinds) if name else []


def _prefix_of(name: str) -> tuple[str, str]:
    """``name``'s prefix read in any case or Unicode form, lower-cased with its colon ("concept:"; "" when it
    has no colon), and the rest of it."""
    head, colon, tail = _plain(name).partition(":")
    return (head.lower() + ":", tail) if colon else ("", name)


def _folded(index: Index, kinds: tuple[str, ...], bare: str) -> Node | None:
    """The node of ``kinds`` whose name, folded, is ``bare`` folded.  Exact spelling first, then with each
    word's plural folded: a name keeps the spelling most items use, and an alias its name holds is not
    repeated ("knowledge graph" finds concept:knowledge-graphs).  serve reads only the contract, not the
    build's canonical keys."""
    for norm in (_norm, _singular):
        wanted = norm(bare)
        entity = named(index, kinds, norm).get(wanted) if wanted else None  # the first node with it, as a scan finds
        if entity is not None:
            return entity
    return None


# The tool that takes a node of each type, and what each type is called in a message.
_TOOL_OF = {"concept": "topic", "method": "topic", "claim": "evidence", "research_item": "item"}
_CALLED = {"research_item": "research item"}
_TOOL_FOR = {"concept or method": "topic", "claim": "evidence", "item": "item"}


def _resolved(index: Index, name: str, kinds: tuple[str, ...], prefixes: tuple[str, ...], what: str,
              more: Callable[[], list[str]] | None = None) -> Node:
    """``_resolve``'s node, else a ``ServeError`` with its suggestions (or ``more()`` when it has none).

    A node of another type (a concept passed to evidence) exists: the error names its type and the
    tool that takes it, not the closest nodes of the wanted type that share a word with it (qa164)."""
    tool = _TOOL_FOR[what]
    article = "an" if what[0] in "aeiou" else "a"
    if not name.strip():
        raise ServeError(f"the name is empty: it must name {article} {what} (fix: pass one; "
                         "search_nodes finds names)")
    node, suggestions = _resolve(index, name, kinds, prefixes)
    if node is None:
        other = index.snapshot.by_name.get(name.strip()) or _of_other_kind(index, name, kinds)
        if other is not None and other.entity_type in _TOOL_OF:
            called = _CALLED.get(other.entity_type, other.entity_type)
            raise ServeError(f"{shown_name(other.name)} is a {called}, not {article} {what}: "
                             f"{_TOOL_OF[other.entity_type]} takes it (fix: call {_TOOL_OF[other.entity_type]} with "
                             f"it, or {tool} with {article} {what}'s name)")
        raise _not_found(what, name, suggestions or (more() if more is not None else []))
    return node


#: The kinds each prefix names, as the research tools look them up.
_KINDS_OF_PREFIX = {"concept:": ("concept", "method"), "method:": ("concept", "method"), "claim:": ("claim",),
                    "item:": ("research_item",)}


def _of_other_kind(index: Index, name: str, kinds: tuple[str, ...]) -> Node | None:
    """The node of another kind ``name``'s prefix names, folded as ``_resolve`` folds (case, Unicode
    form, word breaks, plurals): 'CONCEPT:KNOWLEDGE-GRAPHS' passed to item is the concept (qa218)."""
    prefix, tail = _prefix_of(name.strip())
    others = _KINDS_OF_PREFIX.get(prefix)
    if others is None or set(others) & set(kinds):
        return None
    return _folded(index, others, tail)


def _not_found(what: str, name: str, suggestions: list[str]) -> ServeError:
    hint = f"; closest: {', '.join(map(shown_name, suggestions))}" if suggestions else "; search_nodes finds names"
    return ServeError(f"no {what} named {shown_name(name)!r}{hint}")


def _status(entity: Node | None) -> list[str]:
    return values(entity, "status") if entity is not None else []


def _claim_row(index: Index, claim: Node, level: int) -> dict[str, Any]:
    snap = index.snapshot
    item_name = index.item_of.get(claim.name) or (f"item:{slug_of(claim.name)}" if slug_of(claim.name) else "")
    item = snap.by_name.get(item_name)
    into = snap.into.get(claim.name, ())
    row: dict[str, Any] = {
        "claim": claim.name,
        "statement": cut(value(claim, "title") or value(claim, "summary") or "", (400, 300, 200, 140)[level]),
        "confidence": value(claim, "confidence"),
        "supports": sum(r.relation_type == "supports" for r in into),
        "contradicted_by": sum(r.relation_type == "contradicts" for r in into),
        "item": item_name or None,
    }
    status = _status(claim) + [f"item {s}" for s in _status(item)]
    if status:
        row["status"] = ", ".join(status)
    if item is not None and level < 2:
        row["item_title"] = cut(value(item, "title") or "", (200, 140)[level])
    return row


TOPIC_LIMIT = 20  # claims on topic's default page


def topic(service: Service, concept: str, include_contested: bool = False, include_superseded: bool = False,
          offset: int = 0, limit: int = TOPIC_LIMIT) -> str:
    limit, offset = paged(limit, offset)
    index = service.index()
    snap = index.snapshot
    node = _resolved(index, concept, ("concept", "method"), ("concept:", "method:"), "concept or method")
    about: dict[str, str] = {}
    for r in snap.into.get(node.name, ()):
        source = snap.by_name.get(r.source)
        if source is None:
            continue
        if is_claim(source):
            about.setdefault(source.name, "about")
        elif is_item(source):
            for stated in index.claims_of.get(source.name, ()):
                about.setdefault(stated, f"its item {r.relation_type} it")
    excluded = {"contested": 0, "superseded": 0}
    kept: list[str] = []
    facts = claim_facts(index)  # each claim's status and order, read once a version of the file
    for name in about:
        fact = facts[name]
        if fact.superseded and not include_superseded:
            excluded["superseded"] += 1
        elif fact.contested and not include_contested:
            excluded["contested"] += 1
        else:
            kept.append(name)
    # Newest first: an item's slug begins with its date; then finding order within the item.
    kept.sort(key=lambda name: facts[name].order, reverse=True)
    page = [snap.by_name[name] for name in kept[offset: offset + limit]]
    items = {r.source for r in snap.into.get(node.name, ()) if r.source.startswith("item:")}

    def make(level: int, count: int = len(page)) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "concept": node.name,
            "aliases": values(node, "alias")[: (20, 10, 5, 3)[level]],
            "items_addressing": len(items),
            "claims_total": len(kept),
            "claims": [{**_claim_row(index, c, level), "via": about[c.name]} for c in page[:count]],
            "excluded": {k: v for k, v in excluded.items() if v},
        }
        notes = []
        if any(excluded.values()):
            notes.append("contested or superseded claims left out; include_contested / include_superseded shows them")
        if count < len(page):
            notes.append(f"{count} of the page's {len(page)} claims fit the {TARGET:,}-character page")
        if offset + count < len(kept):
            answer["next_offset"] = offset + count
            if count < len(page):
                notes.append(f"more claims: call again with offset={offset + count}")
        if notes:
            answer["note"] = "; ".join(notes)
        return answer

    # The page filled to the target with whole rows (the search page's goal), the rest paged on:
    # 20 rows of the 273-item graph's knowledge-graphs reached 11,346 characters, and shortening
    # every statement still left it over.  Only a row alone over the target is shortened.  A limit
    # over the default asks for a longer answer: compacted within the hard bound, as search's is.
    if limit <= TOPIC_LIMIT and (text := filled(make, len(page))) is not None:
        return text
    return bounded_answer(make, "claims")


def evidence(service: Service, claim: str, offset: int = 0) -> str:
    offset = first(offset)
    index = service.index()
    snap = index.snapshot
    node = _resolved(index, claim, ("claim",), ("claim:",), "claim",
                     lambda: [c for h in index.search(claim, limit=5) for c in h.claims][:5])
    sentences = service.evidence_sentences()
    kinds = ("supports", "contradicts", "extends")

    def link(r: Link, direction: str, level: int) -> dict[str, Any]:
        other = snap.by_name.get(r.target if direction == "out" else r.source)
        row: dict[str, Any] = {"relation": r.relation_type, "direction": direction,
                               "claim": r.target if direction == "out" else r.source}
        if other is not None:
            row["statement"] = cut(value(other, "title") or "", (300, 200, 140, 100)[level])
        said = sentences.get((r.source, r.target, r.relation_type))
        if said is not None:
            row["sentence"], row["where"] = cut(said[0], (600, 400, 240, 160)[level]), said[1]
        return row

    item_name = index.item_of.get(node.name, "")
    item_links = [(r, "out") for r in snap.out.get(item_name, ()) if r.relation_type == "extends"]
    item_links += [(r, "in") for r in snap.into.get(item_name, ()) if r.relation_type == "extends"]
    links = [(r, "out") for r in snap.out.get(node.name, ()) if r.relation_type in kinds]
    links += [(r, "in") for r in snap.into.get(node.name, ()) if r.relation_type in kinds]
    page = links[offset:]

    def make(level: int, count: int = len(page)) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "claim": _claim_row(index, node, level),
            "links": [link(r, direction, level) for r, direction in page[:count]],
            "item_links": [{"relation": "extends", "direction": d, "item": r.target if d == "out" else r.source}
                           for r, d in item_links],
        }
        notes = []
        if not service.manifest_found:  # not "no sentences": a build with no evidence link records none
            notes.append("no kgsync manifest beside the graph: links are shown without their sentences")
        notes += _paged_notes(answer, "links", "the claim's", len(links), offset, count, level)
        if notes:
            answer["note"] = "; ".join(notes)
        return answer

    return filled(make, len(page)) or bounded_answer(make, "links")


def _paged_notes(answer: dict[str, Any], key: str, whose: str, total: int, offset: int, count: int,
                 level: int) -> list[str]:
    """What a page of ``total`` entries (``key``) from ``offset`` says when it holds ``count`` of them or
    shortened them (compaction ``level``), as topic says it; ``next_offset`` set in ``answer`` when more."""
    notes = []
    if level:
        notes.append(f"{key} shortened to fit the answer (observations and statements cut, sources left out); "
                     "open_nodes(names) gives them whole")
    if offset + count < total:
        answer["next_offset"] = offset + count
        notes.append(f"{count} of {whose} {total} {key}{f' after offset {offset}' if offset else ''} fit the "
                     f"{TARGET:,}-character page; more {key}: call again with offset={offset + count}")
    return notes


#: An item's file, as a path (any folders) with an optional ":line": group 1 is the slug.
_ITEM_FILE = re.compile(r"(?:.*[/\\])?([^/\\]+)\.md(?::\d+)?", re.IGNORECASE)


def item(service: Service, slug: str, offset: int = 0) -> str:
    offset = first(offset)
    index = service.index()
    snap = index.snapshot
    # The item's file as kgsync's messages name it ("Research/completed/<slug>.md:12"): its slug.
    if (named := _ITEM_FILE.fullmatch(slug.strip())) and f"item:{named[1]}" in snap.by_name:
        slug = named[1]
    node = _resolved(index, slug, ("research_item",), ("item:",), "item",
                     lambda: [h.name for h in index.search(slug, limit=5) if h.name.startswith("item:")])
    claims = sorted((snap.by_name[c] for c in index.claims_of.get(node.name, ())), key=finding_number)
    page = claims[offset:]
    out = snap.out.get(node.name, [])
    into = snap.into.get(node.name, [])

    def targets(kind: str, rels: Iterable[Link], end: str) -> list[str]:
        return [getattr(r, end) for r in rels if r.relation_type == kind]

    def make(level: int, count: int = len(page)) -> dict[str, Any]:
        answer: dict[str, Any] = {
            "item": entity_json(node, level),
            "findings": [{**entity_json(c, level), **_counts(snap, c)} for c in page[:count]],
            "addresses": targets("addresses", out, "target"),
            "uses_method": targets("uses_method", out, "target"),
            "extends": targets("extends", out, "target"),
            "extended_by": targets("extends", into, "source"),
        }
        other = [relation_json(r) for r in (*out, *into)
                 if r.relation_type not in ("addresses", "uses_method", "extends", "states")]
        if other:
            answer["other_relations"] = other
        notes = _paged_notes(answer, "findings", "the item's", len(claims), offset, count, level)
        if notes:
            answer["note"] = "; ".join(notes)
        return answer

    # As topic's page: the whole findings that meet the target, the rest paged on; compacted (and said)
    # only when not one finding fits beside the item's own node.
    return filled(make, len(page)) or bounded_answer(make, "findings")


def _counts(snap: Snapshot, claim: Node) -> dict[str, int]:
    into = snap.into.get(claim.name, ())
    return {"supports": sum(r.relation_type == "supports" for r in into),
            "contradicted_by": sum(r.relation_type == "contradicts" for r in into)}
