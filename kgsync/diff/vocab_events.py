"""Vocabulary events: the named, rare corpus-level changes that may reach items a merge did not touch.

Locality (docs/LOCALITY.md): one item's generated facts depend on the item and on the shared
vocabulary.  So when a merge changes the facts of an item whose file did not change (a
*bystander*), the change must go through a shared node the merged items create, link or
retire, or through a vocabulary event listed here:

* ``hub entered`` / ``hub left``: a term crossed the hub limit (with hysteresis, see
  ``vocab.HUB_LEAVE_RATIO``); the items that chose it within their caps lose or regain it, the
  items that address it link its hub node beyond their caps or no longer
  (``kgsync.vocabulary.hubs``), and its long form is folded in their text (``economy.hub_folding``).
* ``merged into`` / ``no longer merged into``: a chosen term joins a near-duplicate (oldest
  first, ``groups._merge_near_duplicates``) that a merge brought or took away; the items that
  chose it now link the other node.
* ``acronym defined`` / ``acronym no longer defined``: the corpus's acronym map (each acronym's
  earliest definer, ``acronym_index.acronym_map``) gained or lost an entry, because its only or
  earliest definer came or went; the items that write the acronym without defining it (recorded
  with the map) group it with its expansion, or no longer, so their choice of terms may move.
* ``topic entered`` / ``topic left``: a single word became one of the vocabulary's topics
  (enough items name and address it, ``kgsync.vocabulary.topics``) or was retired (no item
  addresses it any more); the items that address it link its node, or no longer.
* ``theme entered`` / ``theme left``: a theme became a node or stopped being one (``Manifest.themes``); with
  no vocabulary of ideas, a theme no vocabulary lists is a node when ``mining.min_links`` items write it
  (``kgsync.graph.assemble.written_theme_nodes``), so the item that brings its second writer links it
  for the first: the items that carry it link its node, or no longer, and their first claim drops or
  takes the slug's ``tag:`` that stands in for the node.
* ``retyped``: a term's node changed type, concept to method or back: its type is read from how
  the corpus's items write it (``kgsync.vocabulary.node_kinds``), so one merge can tip it; every item
  that links it (mines it, or carries a theme no vocabulary lists that names it,
  ``kgsync.graph.terms.own_theme_nodes``) links the node of the new type.

Each event lists only the items whose facts moved: an item alike before and after was moved by none.
``explain`` sorts bystanders into explained and unexplained; the locality benchmark and the
property test require no unexplained one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, replace
from enum import StrEnum

from kgsync.extract.canonical import term_key
from kgsync.contract.model import TERM_TYPES, Facts


class EventKind(StrEnum):
    HUB_ENTERED = "hub entered"
    HUB_LEFT = "hub left"
    MERGED = "merged into"
    UNMERGED = "no longer merged into"
    ACRONYM_DEFINED = "acronym defined"
    ACRONYM_UNDEFINED = "acronym no longer defined"
    TOPIC_ENTERED = "topic entered"
    TOPIC_LEFT = "topic left"
    THEME_ENTERED = "theme entered"
    THEME_LEFT = "theme left"
    RETYPED = "retyped"


@dataclass(frozen=True)
class VocabularyEvent:
    """One event, its parts as fields: a reader (the PR's reason and fix, ``publish.pr.side_effects``)
    takes the term, its merge target or expansion, and a retype's two types from here, never apart
    from the printed ``subject``."""

    kind: EventKind
    #: The term's key (a hub, a topic), the theme's slug, the term merged (or no longer) into
    #: ``other``, the acronym ``other`` spells out, or the term ``retyped``.
    term: str
    items: tuple[str, ...]  # slugs whose generated facts it may change, sorted
    other: str = ""  # merged into: the term it joins; acronym: its expansion; "" for the other kinds
    was: str = ""  # retyped: the node's type before ("concept", "method"); "" for the other kinds
    now: str = ""  # retyped: its type after

    @property
    def subject(self) -> str:
        """What the event is about, as the PR and the reports print it after its kind:
        ``source -> target``, ``short = expansion``, ``term: was -> now``, else the term."""
        if self.kind in (EventKind.MERGED, EventKind.UNMERGED):
            return f"{self.term} -> {self.other}"
        if self.kind in (EventKind.ACRONYM_DEFINED, EventKind.ACRONYM_UNDEFINED):
            return f"{self.term} = {self.other}"
        if self.kind is EventKind.RETYPED:
            return f"{self.term}: {self.was} -> {self.now}"
        return self.term

    def __str__(self) -> str:
        return f"{self.kind.value}: {self.subject} ({len(self.items)} items)"


def vocabulary_events(hubs_before: Set[str], hubs_after: Set[str], before: Mapping[str, Facts],
                      after: Mapping[str, Facts], merges_before: Iterable[tuple[str, str]] = (),
                      merges_after: Iterable[tuple[str, str]] = (),
                      acronyms_before: Iterable[tuple[str, str, tuple[str, ...]]] = (),
                      acronyms_after: Iterable[tuple[str, str, tuple[str, ...]]] = (),
                      topics_before: Set[str] = frozenset(),
                      topics_after: Set[str] = frozenset(), themes_before: Set[str] = frozenset(),
                      themes_after: Set[str] = frozenset()) -> tuple[VocabularyEvent, ...]:
    """The events between two builds: hub keys, near-duplicate merges
    (``Vocabulary.merges``), the acronym map (``Vocabulary.acronyms``), the topics
    (``Vocabulary.topics``) and the themes that are nodes (``Manifest.themes``) before and after, and
    each build's facts per item (which items an event touches)."""
    events: list[VocabularyEvent] = []
    old_merges, new_merges = set(merges_before), set(merges_after)
    for kind, pairs in ((EventKind.MERGED, new_merges - old_merges), (EventKind.UNMERGED, old_merges - new_merges)):
        for source, target in sorted(pairs):
            names = {f"{prefix}:{term}" for prefix in ("concept", "method") for term in (source, target)}
            events.append(VocabularyEvent(kind, source, tuple(sorted({
                slug for facts_by_item in (before, after) for slug, facts in facts_by_item.items()
                if _touched(facts) & names})), other=target))
    for kind, subjects in ((EventKind.HUB_ENTERED, hubs_after - hubs_before),
                           (EventKind.HUB_LEFT, hubs_before - hubs_after)):
        for key in sorted(subjects):
            events.append(VocabularyEvent(kind, key, _items_naming(key, before, after)))
    users: dict[str, set[str]] = {}
    for short, _long, slugs in (*acronyms_before, *acronyms_after):
        users.setdefault(short, set()).update(slugs)
    old_acronyms = {(short, long) for short, long, _users in acronyms_before}
    new_acronyms = {(short, long) for short, long, _users in acronyms_after}
    for kind, pairs in ((EventKind.ACRONYM_DEFINED, new_acronyms - old_acronyms),
                        (EventKind.ACRONYM_UNDEFINED, old_acronyms - new_acronyms)):
        for short, expansion in sorted(pairs):
            items = set(_items_with_node_words((short, expansion), before, after)) | users.get(short, set())
            events.append(VocabularyEvent(kind, short, tuple(sorted(items)), other=expansion))
    for kind, subjects in ((EventKind.TOPIC_ENTERED, set(topics_after) - set(topics_before)),
                           (EventKind.TOPIC_LEFT, set(topics_before) - set(topics_after))):
        for key in sorted(subjects):
            events.append(VocabularyEvent(kind, key, _items_naming(key, before, after)))
    for kind, subjects in ((EventKind.THEME_ENTERED, set(themes_after) - set(themes_before)),
                           (EventKind.THEME_LEFT, set(themes_before) - set(themes_after))):
        for slug in sorted(subjects):
            events.append(VocabularyEvent(kind, slug, _items_tagged(slug, before, after)))
    events.extend(_retyped(before, after))
    # An item whose facts are alike before and after was not moved by any event, whatever node or
    # word it holds (qa121 for hubs; qa164: "acronym defined: lm = language model" listed 44 items of
    # a 3-item merge holding ``concept:large-language-model``, none of them changed). ``explain``
    # reads changed items only, so this leaves it as it was.
    moved = {slug for slug in before.keys() | after.keys() if before.get(slug) != after.get(slug)}
    return tuple(dict.fromkeys(replace(event, items=tuple(slug for slug in event.items if slug in moved))
                               for event in events))


def _retyped(before: Mapping[str, Facts], after: Mapping[str, Facts]) -> list[VocabularyEvent]:
    """A term whose node is of one type in every item before and of the other after (``retyped``)."""
    def types(facts_by_item: Mapping[str, Facts]) -> dict[str, set[str]]:
        found: dict[str, set[str]] = {}
        for facts in facts_by_item.values():
            for name, _type in facts.entities:
                prefix, _, term = name.partition(":")
                if prefix in TERM_TYPES:
                    found.setdefault(term, set()).add(prefix)
        return found
    old, new = types(before), types(after)
    events: list[VocabularyEvent] = []
    for term in sorted(old.keys() & new.keys()):
        if len(old[term]) == len(new[term]) == 1 and old[term] != new[term]:
            (was,), (now,) = old[term], new[term]
            names = {f"{prefix}:{term}" for prefix in TERM_TYPES}
            items = sorted({slug for facts_by_item in (before, after) for slug, facts in facts_by_item.items()
                            if _touched(facts) & names})
            events.append(VocabularyEvent(EventKind.RETYPED, term, tuple(items), was=was, now=now))
    return events


def _items_with_node_words(keys: Iterable[str], before: Mapping[str, Facts],
                           after: Mapping[str, Facts]) -> tuple[str, ...]:
    """Items that hold a node whose key has one of ``keys`` as whole words ("dia" names
    ``concept:dia`` and ``concept:dia-funding``, not ``concept:media``)."""
    wanted = [f" {key} " for key in keys]
    found: set[str] = set()
    for facts_by_item in (before, after):
        for slug, facts in facts_by_item.items():
            node_keys = (f" {_node_key(name)} " for name in _touched(facts))
            if any(key in node_key for node_key in node_keys for key in wanted):
                found.add(slug)
    return tuple(sorted(found))


def _node_key(name: str) -> str:
    """The key of a node's name, its hyphens read as spaces: ``concept:dia-funding`` -> "dia funding"."""
    return term_key(name.split(":", 1)[-1].replace("-", " "))


def _items_naming(key: str, before: Mapping[str, Facts], after: Mapping[str, Facts]) -> tuple[str, ...]:
    """Items the event on the term moved: a fact that came or went names it, as a node of that key
    or its words in the item's own text (an observation of anything but a concept or method node,
    whose aliases are that node's: ``alias:reciprocal rank fusion`` is no "rank fusion").  An item
    that names the term alike before and after was not moved by it (qa121: "hub left: bm25" listed
    two items whose facts moved through another hub's node only).

    A prefixed compound's topic key keeps its hyphen ("multi-agent"), as names and texts are
    compared here with hyphens read as spaces: the key is read the same way."""
    keys = {key, term_key(key.replace("-", " "))}
    found: set[str] = set()
    for slug in before.keys() | after.keys():
        if before.get(slug) == after.get(slug):
            continue
        for fact in _difference(before.get(slug), after.get(slug)):
            named = any(_node_key(node) in keys for node in _fact_nodes(fact))
            if named or (fact[0] == "observation" and not fact[1].startswith(_TERM_PREFIXES)
                         and any(k in term_key(fact[2].split(":", 1)[-1]) for k in keys)):
                found.add(slug)
                break
    return tuple(sorted(found))


_TERM_PREFIXES = tuple(f"{prefix}:" for prefix in TERM_TYPES)


def _items_tagged(slug: str, before: Mapping[str, Facts], after: Mapping[str, Facts]) -> tuple[str, ...]:
    """Items whose facts carry the theme: a ``tag:`` of it (the item's, in any tag style, or its first
    claim's), or a node whose name has its words (the theme's node: ``concept:regulatory-compliance``).
    An item whose facts are alike before and after was not moved by it (as ``_items_naming``)."""
    key = _tag_key(slug)
    found: set[str] = set()
    for facts_by_item in (before, after):
        for slug_of, facts in facts_by_item.items():
            if before.get(slug_of) == after.get(slug_of):
                continue
            if any(text.startswith("tag:") and _tag_key(text[4:]) == key for _n, text in facts.observations) or any(
                    _tag_key(name.split(":", 1)[-1]) == key for name in _touched(facts)):
                found.add(slug_of)
    return tuple(sorted(found))


def _tag_key(text: str) -> str:
    return term_key(text.replace("_", " ").replace("-", " "))


@dataclass(frozen=True)
class Bystanders:
    changed: tuple[str, ...]  # items whose file did not change but whose generated facts did
    explained: tuple[str, ...]  # ...each change through a merged item's node or a listed event
    unexplained: Mapping[str, tuple[str, ...]]  # slug -> the facts no node or event explains

    @property
    def unexplained_count(self) -> int:
        return len(self.unexplained)


def explain(before: Mapping[str, Facts], after: Mapping[str, Facts], merged: Set[str],
            events: Iterable[VocabularyEvent]) -> Bystanders:
    """Bystanders of merging the items ``merged`` (added, edited or deleted), and why they moved.

    A changed fact of a bystander is explained when it touches (names, or relates to) a node
    that a merged item's facts hold before or after: the merged item created, linked or
    retired that shared node.  A bystander listed by a vocabulary event is explained whole,
    and so is a change through a node that such a bystander's changes touch.
    """
    nodes: set[str] = set()
    for slug in merged:
        for facts in (before.get(slug), after.get(slug)):
            if facts is not None:
                nodes.update(_touched(facts))
    listed = {slug for event in events for slug in event.items}
    # An event reaches past the items it lists through the nodes their changes touch (a node
    # that falls below mining.min_links linkers leaves every item): those count as its nodes.
    for slug in listed:
        nodes.update(n for fact in _difference(before.get(slug), after.get(slug)) for n in _fact_nodes(fact))
    changed, explained = [], []
    unexplained: dict[str, tuple[str, ...]] = {}
    for slug in sorted((before.keys() | after.keys()) - set(merged)):
        old, new = before.get(slug), after.get(slug)
        if old == new:
            continue
        changed.append(slug)
        if slug in listed:
            explained.append(slug)
            continue
        loose = tuple(sorted(_describe(fact) for fact in _unexplained_facts(slug, _difference(old, new), nodes)))
        if loose:
            unexplained[slug] = loose
        else:
            explained.append(slug)
    return Bystanders(tuple(changed), tuple(explained), unexplained)


def _unexplained_facts(slug: str, changed: set[tuple[str, ...]], nodes: Set[str]) -> list[tuple[str, ...]]:
    """The changed facts of one bystander that no node of the merge explains.

    Besides a fact touching such a node directly, two follow from one: the bystander's own claim
    that links a merged claim (an evidence link makes its finding a claim beyond the cap: it
    comes and goes with the claim it cites, with its observations and relations), and a node
    the bystander holds only through such an explained relation (the node's entity leaves the
    item's facts with its last link there)."""
    own_claim = f"claim:{slug}:"
    moved = set(nodes)
    moved.update(node for fact in changed if fact[0] == "relation" and (fact[1] in nodes or fact[2] in nodes)
                 for node in fact[1:3] if node.startswith(own_claim))
    explained_relations = [fact for fact in changed if fact[0] == "relation" and _fact_nodes(fact) & moved]
    came_or_went = {fact[1] for fact in changed if fact[0] == "entity"} - {f"item:{slug}"}
    carried = {node for fact in explained_relations for node in fact[1:3]} & came_or_went
    return [fact for fact in changed if not (_fact_nodes(fact) & moved)
            and not (fact[0] != "relation" and fact[1] in carried)]


def _touched(facts: Facts) -> set[str]:
    out = {name for name, _type in facts.entities}
    for relation in facts.relations:
        out.update((relation.source, relation.target))
    out.update(name for name, _text in facts.observations)
    return out


def _difference(old: Facts | None, new: Facts | None) -> set[tuple[str, ...]]:
    def facts_of(facts: Facts | None) -> set[tuple[str, ...]]:
        if facts is None:
            return set()
        return ({("entity", n, t) for n, t in facts.entities} | {("observation", n, t) for n, t in facts.observations}
                | {("relation", r.source, r.target, r.relation_type) for r in facts.relations})
    return facts_of(old) ^ facts_of(new)


def _fact_nodes(fact: tuple[str, ...]) -> set[str]:
    return {fact[1], fact[2]} if fact[0] == "relation" else {fact[1]}


def _describe(fact: tuple[str, ...]) -> str:
    return " ".join(fact)
