"""Reusing an item's assembled facts: what they depend on, digested (``AssemblyMemo``, ``context_key``).

The graph stage is a function from values to values (``kgsync.graph.assemble``: ``context``, then
``item_facts`` per item, then ``collect``); this module is the memo around its per-item part,
used by the pipeline (``memoised_assembly``): no stage imports the cache."""

from __future__ import annotations

import hashlib
import pickle

import msgspec
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import astuple

from kgsync.contract.model import Facts, Relation
from kgsync.extract.findings import Extraction
from kgsync.graph.assemble import Assembly, AssemblyContext, collect, item_facts
from kgsync.graph.claims import ItemEvidence
from kgsync.graph.facts_builder import ItemAssembly
from kgsync.graph.merge import facts_json
from kgsync.read.items import ResearchItem
from kgsync.vocabulary.vocab import ItemTerms


# One ``AssemblyMemo`` entry: ((record key, the item's terms, its evidence links key), the key
# words, their digest, (sources writes, the facts as their manifest JSON, ``facts_json``)).  The
# facts are stored once, as that JSON text (it goes into the manifest as is): reading a file
# decodes one string per item, and an entry's facts are decoded from it (and validated) only when
# the entry is reused, so the facts and their manifest line cannot disagree.
MemoEntry = tuple[tuple[str, object, "str | None"], tuple[str, ...], str,
                  tuple[tuple[tuple[str, "int | None", bool], ...], str]]


class _StoredFacts(msgspec.Struct, frozen=True):
    """``Facts.as_json`` as ``facts_json`` writes it (the manifest's encoding), decoded and validated."""

    entities: tuple[tuple[str, str], ...]
    observations: tuple[tuple[str, str], ...]
    relations: tuple[tuple[str, str, str], ...]
    evidence: tuple[tuple[str, ...], ...] = ()


_FACTS_DECODER = msgspec.json.Decoder(_StoredFacts)


class AssemblyMemo:
    """Items' facts from an earlier build, reused when nothing they were built from changed.

    An item's facts are a function of its own record (the caller keys the memo by the
    record's content hash), of its chosen terms (``per_item``, checked here), of the
    mention index entries whose first word its claims hold (their digest, checked here:
    ``mentions`` only looks up keys made of the text's own words), and of the corpus-wide
    inputs that ``context_key`` digests; the caller drops the whole memo when that digest
    differs.  So a reused entry is exactly what assembling would produce.
    """

    def __init__(self, entries: MutableMapping[str, MemoEntry], keys: Mapping[str, str]) -> None:
        self.entries = entries  # slug -> ((record key, the item's terms as tuples), packed facts and sources writes)
        self.keys = keys  # slug -> the content key of the item's record now (only slugs with one record)
        self.json: dict[str, str] = {}  # slug -> merge.facts_json of the facts given or taken now
        self.invalid: list[str] = []  # slugs whose stored facts did not validate

    def get(self, slug: str, uses: ItemTerms | None, digests: Mapping[str, str],
            links: ItemEvidence | None = None) -> ItemAssembly | None:
        entry = self.entries.get(slug)
        if entry is None or slug not in self.keys or entry[0] != (self.keys[slug], _terms_key(uses), _links_key(links)):
            return None
        words, digest, (ops, text) = entry[1:]
        if digest != _words_digest(words, digests):  # an index key its claims could match changed
            return None
        try:
            stored = _FACTS_DECODER.decode(text)
        except msgspec.DecodeError:
            self.invalid.append(slug)  # the store says so (a notice); assembled again
            return None
        self.json[slug] = text
        relations = stored.relations
        facts = Facts(stored.entities, stored.observations,
                      tuple(map(Relation, *zip(*relations))) if relations else (), stored.evidence)
        return facts, ops, frozenset(words)

    def put(self, slug: str, uses: ItemTerms | None, done: ItemAssembly, digests: Mapping[str, str],
            links: ItemEvidence | None = None) -> None:
        if slug not in self.keys:
            return  # no record key to check a later build against: not reusable
        facts, ops, words = done
        text = self.json[slug] = facts_json(facts)  # the manifest's encoding, stored as the facts
        ordered = tuple(sorted(words))
        self.entries[slug] = ((self.keys[slug], _terms_key(uses), _links_key(links)), ordered,
                              _words_digest(ordered, digests), (ops, text))


def _words_digest(words: Sequence[str], digests: Mapping[str, str]) -> str:
    """What the mention index says about keys starting with these words (``Vocabulary.mention_digests``)."""
    return hashlib.sha1("\n".join([f"{w}\t{digests.get(w, '')}" for w in words]).encode()).hexdigest()



def _links_key(links: ItemEvidence | None) -> str | None:
    """A digest of what the item reads of the evidence plan (a string: the memo is JSON)."""
    if links is None or (not links.required and not links.links):
        return None
    return hashlib.sha1(repr((sorted(links.required), [link.key() for link in links.links])).encode()).hexdigest()


def _terms_key(uses: ItemTerms | None) -> object:
    if uses is None:
        return None
    return (uses.slug, tuple((u.name, u.aliases) for u in uses.concepts),
            tuple((u.name, u.aliases) for u in uses.methods), uses.subjects, uses.topics)


def context_key(shared: AssemblyContext, items: Sequence[ResearchItem]) -> str | None:
    """A digest of every corpus-wide input one item's facts depend on (None: cannot tell).

    Besides its own record, its terms and the mention index entries its claims could
    match (both checked per item by ``AssemblyMemo``), an item reads (``shared``): the mined
    names merged into themes, the theme map (with its words), caps,
    tag style, the folding rules, the discriminating themes, the mined concepts that are
    nodes (its claims are ``about`` them), and each item's slug and
    completion date (``items``, the kept ones too: extends edges: which targets exist, are prior, rank first).
    """
    fold = shared.fold
    rules = getattr(fold, "rules", None) if fold is not str else ()
    if rules is None:
        return None  # an unknown fold function: its behaviour cannot be digested
    digest = hashlib.sha1()
    themes = shared.themes
    for part in (
        sorted(shared.merged_into_theme.items()),
        sorted(shared.nodes),
        sorted(themes.canonical),
        sorted(themes.alias_to_canonical.items()),
        sorted(themes.words.items()),
        sorted(themes.topic_keys.items()),
        sorted(themes.acronyms.items()),
        sorted((slug, sorted(own)) for slug, own in themes.own_words.items()),
        astuple(shared.caps),
        shared.tag_style,
        tuple(rules),
        sorted(shared.theme_concepts),
        sorted(shared.hub_themes),
        sorted((item.slug, item.completed) for item in items),
    ):
        digest.update(pickle.dumps(part, protocol=4))
    return digest.hexdigest()


def memoised_assembly(items: Sequence[ResearchItem], extractions: Mapping[str, Extraction], shared: AssemblyContext,
                      memo: AssemblyMemo | None) -> Assembly:
    """``kgsync.graph.assemble.assemble`` with each item's facts taken from ``memo`` when nothing they
    were built from changed, and given to it when assembled now (``memo`` is valid only for the
    ``context_key`` of ``shared``; ``extractions`` is read only for the items assembled now)."""
    digests = shared.vocabulary.mention_digests() if memo is not None else {}
    done: dict[str, ItemAssembly] = {}
    for item in items:
        uses = shared.terms_of(item.slug)
        links = shared.links_of(item.slug)
        found = memo.get(item.slug, uses, digests, links) if memo is not None else None
        if found is None:
            found = item_facts(shared, item, extractions[item.slug])
            if memo is not None:
                memo.put(item.slug, uses, found, digests, links)
        done[item.slug] = found
    return collect(items, done)
