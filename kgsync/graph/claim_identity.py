"""A finding reworded in place keeps its claim name.

A claim's name ``claim:<slug>:<key>`` takes its key from the statement's first content
words (``extract.findings.claim_key``), so rewording a finding would rename its claim: the PR would
show one claim removed and another added, and what an agent attached to the claim would be
left on a name nothing states any more.  So when an item is rebuilt, its previous claims
(the manifest records each item's facts) are matched to its new ones, and a matched claim
keeps its previous name:

1. a new claim whose name the item stated before keeps it (nothing to match);
2. else the previous claim of the same finding number (``section:key-finding-N``) whose
   statement is still similar (``SAME_PLACE_SCORE``);
3. else the previous claim whose statement is closest (``MOVED_SCORE``, stricter: the
   finding also moved), ties broken by name.

Each previous name is given at most once.  The match reads only the item and its own
previous facts, so it is local and deterministic: same item, same manifest -> same names.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rapidfuzz import fuzz, utils

from kgsync.graph.manifest import manifest_item_texts
from kgsync.contract.model import EntityType, Facts, Relation

_json_string = json.encoder.encode_basestring  # = json.dumps(a_string, ensure_ascii=False)
_V = TypeVar("_V")

#: token_sort_ratio (0..100) a reworded finding at the same number must still reach.
SAME_PLACE_SCORE = 50.0
#: ... and one that moved to another number (only the wording can tell it is the same finding).
MOVED_SCORE = 75.0

_SECTION = "section:key-finding-"
_STATEMENT_KEYS = ("title:", "summary:")


@dataclass(frozen=True)
class _Claim:
    name: str
    number: int | None
    statement: str


def claim_renames(slug: str, new: Facts, previous: Facts) -> dict[str, str]:
    """new claim name -> the previous name it keeps, for the claims of item ``slug``."""
    return _matched(_claims(slug, new), _claims(slug, previous))


def finding_renames(slug: str, findings: Iterable[tuple[str, int, str]], previous: Facts) -> dict[str, str]:
    """``claim_renames`` read before the facts are: each finding of item ``slug`` as the claim it would be
    (its name, number and statement as the claim's title writes it) -> the previous name it would keep.
    Every finding stands in for a claim (which findings become claims is decided later, by the links),
    so a finding that becomes none may take a name (veto_names: only a veto's claims are asked for)."""
    return _matched([_Claim(name, number, statement) for name, number, statement in findings], _claims(slug, previous))


def _matched(new_claims: Sequence[_Claim], old_claims: Sequence[_Claim]) -> dict[str, str]:
    """``claim_renames`` of these claims: each new claim's previous name, where one matches."""
    old_names = {c.name for c in old_claims}
    new_names = {c.name for c in new_claims}
    pending = sorted((c for c in new_claims if c.name not in old_names),
                     key=lambda c: (c.number is None, c.number or 0, c.name))
    pool = {c.name: c for c in old_claims if c.name not in new_names}
    renames: dict[str, str] = {}
    for claim in pending:  # same place, still similar
        same_place = [old for old in pool.values() if old.number is not None and old.number == claim.number]
        if same_place and _score(claim, same_place[0]) >= SAME_PLACE_SCORE:
            renames[claim.name] = same_place[0].name
            del pool[same_place[0].name]
    for claim in pending:  # moved: the closest statement
        if claim.name in renames or not pool:
            continue
        score, old_name = min((-_score(claim, old), old.name) for old in pool.values())
        if -score >= MOVED_SCORE:
            renames[claim.name] = old_name
            del pool[old_name]
    return renames


def keep_claim_names(by_item: Mapping[str, Facts], previous: Mapping[str, Facts],
                     encoded: Mapping[str, str] | None = None,
                     holding: Callable[[Sequence[str]], Container[str]] | None = None,
                     ) -> tuple[dict[str, Facts], dict[str, str]]:
    """Every item's facts with its matched claims renamed to their previous names (and the
    renames, new name -> kept name).  A relation another item's facts hold to a renamed claim
    (an evidence link citing it) is renamed too, so it still points at the claim.
    ``encoded``: slug -> ``facts_json`` of its facts, where the caller has it: facts whose JSON
    names no renamed claim are kept as they are without a scan (the JSON spells every name).
    ``holding(quoted)``: the slugs whose facts may spell one of these names (JSON strings, as
    ``facts_json`` spells them): the facts of any other slug spell none, unread (the build finds
    them in the last manifest's bytes, ``LastLines.holding``)."""
    renames: dict[str, str] = {}
    for slug, facts in by_item.items():
        before = previous.get(slug)
        if before is not None and before is not facts and not _names_kept(facts, {n for n, _ in before.entities}):
            renames.update(claim_renames(slug, facts, before))
    if not renames:
        return dict(by_item), renames
    quoted = [_json_string(name) for name in renames]
    encoded = encoded or {}
    maybe = holding(quoted) if holding is not None else None

    def names_none(slug: str) -> bool:
        if maybe is not None and slug not in maybe:
            return True
        text = encoded.get(slug)
        if text is None:
            return False
        for name in quoted:  # most often one: a loop, not a generator per item (10,000 items)
            if name in text:
                return False
        return True

    return {slug: facts if names_none(slug) else _renamed(facts, renames) for slug, facts in by_item.items()}, renames


def renamed_sources(sources: Mapping[str, _V], renames: Mapping[str, str]) -> dict[str, _V]:
    """``{renames.get(name, name): where for name, where in sources.items()}`` (equal as a mapping,
    the lookups' only use): a copy with the renamed names moved, unless a renamed name lands on a
    name ``sources`` holds or on another one's (then that comprehension, whose later entry wins).
    A one-item edit renames a claim or two among ~5·10^4 names (the comprehension copies them all)."""
    moved = {name: renames[name] for name in renames if name in sources}
    targets = set(moved.values())
    if len(targets) != len(moved) or any(target in sources for target in targets):
        return {renames.get(name, name): where for name, where in sources.items()}
    out = dict(sources)
    for name, target in moved.items():
        out[target] = out.pop(name)
    return out


def previous_facts_to_match(by_item: Mapping[str, Facts], manifest_text: str | Mapping[str, str],
                            encoded: Mapping[str, str] | None = None) -> dict[str, Facts]:
    """The previous facts of the items that state a claim name their manifest line lacks (the
    only ones ``keep_claim_names`` can rename), decoding just those lines of the manifest.
    ``encoded``: slug -> ``facts_json`` of its facts now, where the caller has it: a line that
    is exactly that states every claim name of the facts (nothing to look for).  ``manifest_text``:
    the manifest, or its item texts (``manifest_item_texts``, ``kgsync.graph.manifest_lines``)."""
    texts = manifest_item_texts(manifest_text) if isinstance(manifest_text, str) else manifest_text
    encoded = encoded or {}
    previous: dict[str, Facts] = {}
    for slug, facts in by_item.items():
        text = texts.get(slug)
        if text is None or text == encoded.get(slug):
            continue
        if not _names_kept(facts, lambda name: _json_string(name) in text):
            previous[slug] = Facts.from_json(json.loads(text))
    return previous


def _names_kept(facts: Facts, stated_before: Container[str] | Callable[[str], bool]) -> bool:
    """Does every claim of ``facts`` have a name the item stated before (nothing to match)?"""
    seen = stated_before if callable(stated_before) else stated_before.__contains__
    return all(seen(name) for name, kind in facts.entities if kind == EntityType.CLAIM.value)


def _renamed(facts: Facts, renames: Mapping[str, str]) -> Facts:
    def name(value: str) -> str:
        return renames.get(value, value)

    if not any(n in renames for n, _ in facts.entities) and not any(
            r.source in renames or r.target in renames for r in facts.relations):
        return facts
    return Facts(
        tuple((name(n), t) for n, t in facts.entities),
        tuple((name(n), o) for n, o in facts.observations),
        tuple(Relation(name(r.source), name(r.target), r.relation_type) for r in facts.relations),
        tuple((name(e[0]), name(e[1]), *e[2:]) for e in facts.evidence),
    )


def finding_numbers(facts: Facts) -> dict[str, int]:
    """Each claim of ``facts`` by name -> the number of the Key Finding it states (its first
    ``section:key-finding-N`` observation)."""
    numbers: dict[str, int] = {}
    for name, text in facts.observations:
        if text.startswith(_SECTION) and text[len(_SECTION):].isdigit():
            numbers.setdefault(name, int(text[len(_SECTION):]))
    return numbers


def _claims(slug: str, facts: Facts) -> list[_Claim]:
    prefix = f"claim:{slug}:"
    names = [n for n, t in facts.entities if t == EntityType.CLAIM.value and n.startswith(prefix)]
    wanted = set(names)
    numbers = finding_numbers(facts)
    statements: dict[str, str] = {}
    for name, text in facts.observations:
        if name not in wanted:
            continue
        for key in _STATEMENT_KEYS:
            if text.startswith(key):
                statements.setdefault(name, text[len(key):].strip())
    return [_Claim(n, numbers.get(n), statements.get(n, "")) for n in names]


def _score(a: _Claim, b: _Claim) -> float:
    return float(fuzz.token_sort_ratio(a.statement, b.statement, processor=utils.default_process))

