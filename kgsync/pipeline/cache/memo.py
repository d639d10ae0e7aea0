"""Reusing an item's assembled facts: what they depend on, digested (``AssemblyMemo``, ``context_key``).

The graph stage is a function from values to values (``kgsync.graph.assemble``: ``context``, then
``item_facts`` per item, then ``collect``); this module is the memo around its per-item part,
used by the pipeline (``memoised_assembly``): no stage imports the cache."""

from __future__ import annotations

import hashlib
import pickle
from collections import Counter
from typing import NamedTuple, Protocol

import msgspec
from collections.abc import Callable, Collection, Mapping, MutableMapping, Sequence
from dataclasses import astuple

from kgsync.contract.lazy_mapping import LazyMapping
from kgsync.contract.model import Facts, Relation
from kgsync.extract.findings import Extraction
from kgsync.graph.assemble import Assembly, AssemblyContext, collect, item_facts
from kgsync.graph.claims import ItemEvidence
from kgsync.graph.facts_builder import ItemAssembly
from kgsync.graph.manifest_lines import facts_digest
from kgsync.graph.terms import TermChoice
from kgsync.graph.manifest import facts_json
from kgsync.read.config import Caps
from kgsync.read.items import ResearchItem
from kgsync.vocabulary.vocab import ItemTerms


# One ``AssemblyMemo`` entry: ((record key, the item's terms' digest, its evidence links key), the key
# words, their digest, (sources writes, the facts as their manifest JSON, ``facts_json``, and that
# JSON's ``facts_digest``: what the record of the manifest's lines compares, ``manifest_lines``)).  The
# facts are stored once, as that JSON text (it goes into the manifest as is): reading a file
# decodes one string per item, and an entry's facts are decoded from it (and validated) only when
# the entry is reused, so the facts and their manifest line cannot disagree.  An entry read from
# the facts store holds that text as its JSON string's bytes (``msgspec.Raw``), decoded only when
# read (``FactsTexts``): a one-item rebuild reads a few of 10,000.  The store keeps those texts in files
# of their own, so an entry read from it holds None there, and the memo hands out its ``StoredTexts``
# in its place: the texts are not even skipped over by a build that reads none of them.
MemoEntry = tuple[tuple[str, "str | None", "str | None"], tuple[str, ...], str,
                  tuple[tuple[tuple[str, "int | None", bool], ...], "str | msgspec.Raw | None", str]]


class StoredTexts:
    """Where the facts' JSON of the entries a store read is kept (``kgsync.pipeline.cache.facts``):
    asked for one entry's text only when it is read.  This one keeps none."""

    def raw(self, slug: str) -> msgspec.Raw | None:
        """The JSON string of ``slug``'s facts' JSON (None: lost; ``_text`` raises ``InvalidStoredFacts``)."""
        return None



class _StoredFacts(msgspec.Struct, frozen=True):
    """``Facts.as_json`` as ``facts_json`` writes it (the manifest's encoding), decoded and validated."""

    entities: tuple[tuple[str, str], ...]
    observations: tuple[tuple[str, str], ...]
    relations: tuple[tuple[str, str, str], ...]
    evidence: tuple[tuple[str, ...], ...] = ()


_FACTS_DECODER = msgspec.json.Decoder(_StoredFacts)
_STRING_DECODER = msgspec.json.Decoder(str)


class InvalidStoredFacts(Exception):
    """A reused item's stored facts did not validate when first read (``StoredFacts``): the build
    runs again without that entry (``kgsync.pipeline.stages.build``).  Never leaves the build."""

    def __init__(self, slug: str) -> None:
        super().__init__(slug)
        self.slug = slug


_Fields = tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...], tuple[Relation, ...], tuple[tuple[str, ...], ...]]


def _text(slug: str, text: str | msgspec.Raw | StoredTexts) -> str:
    """An entry's facts' JSON: ``text`` itself, or the string its raw JSON spells, read from the store
    that keeps it when that is what ``text`` is (``InvalidStoredFacts``: none, or a text lost)."""
    if isinstance(text, str):
        return text
    raw = text.raw(slug) if isinstance(text, StoredTexts) else text
    if raw is None:
        raise InvalidStoredFacts(slug)
    try:
        return _STRING_DECODER.decode(raw)
    except msgspec.DecodeError:
        raise InvalidStoredFacts(slug) from None


class FactsTexts(LazyMapping[str, str]):
    """slug -> ``facts_json`` of the facts the memo gave or took (``AssemblyMemo.json``).  A stored
    entry's text stays its JSON string's raw bytes until it is read (decoding the 10,000 strings of
    the facts store cost a one-item rebuild ~0.06 s of CPU and ~17,000 page faults:
    ``bench/bench_build.py --count 10000 --skip-real``, speed14f); one that is no
    JSON string raises ``InvalidStoredFacts`` when read, as ``StoredFacts`` does.  Read with
    ``get``, ``in`` and ``[]``: iterating its items decodes every text (``only`` keeps them unread)."""

    def __init__(self, texts: dict[str, str | msgspec.Raw | StoredTexts] | None = None) -> None:
        self._texts: dict[str, str | msgspec.Raw | StoredTexts] = {} if texts is None else texts
        self._keys = self._texts

    def __setitem__(self, slug: str, text: str | msgspec.Raw | StoredTexts) -> None:
        self._texts[slug] = text

    def __getitem__(self, slug: str) -> str:
        decoded = self._texts[slug] = _text(slug, self._texts[slug])  # kept decoded: read once
        return decoded

    def only(self, keep: Callable[[str], bool]) -> FactsTexts:
        """The texts of the slugs ``keep`` says, none of them decoded."""
        return FactsTexts({slug: text for slug, text in self._texts.items() if keep(slug)})


def texts_only(texts: Mapping[str, str], keep: Callable[[str], bool]) -> Mapping[str, str]:
    """``{slug: text for slug, text in texts.items() if keep(slug)}``, without decoding a ``FactsTexts``."""
    if isinstance(texts, FactsTexts):
        return texts.only(keep)
    return {slug: text for slug, text in texts.items() if keep(slug)}


class StoredFacts(Facts):
    """An item's facts reused from the memo, decoded (and validated) from their stored JSON on
    first use: a rebuild after a one-item edit reads the facts of the items it splices only
    (``kgsync.pipeline.incremental``), and the manifest keeps the others' lines as their JSON.
    Equal to, and hashed as, the ``Facts`` of the same content.  JSON that does not validate
    raises ``InvalidStoredFacts`` at that first use, before anything is written (the build then
    assembles the item again): it is never taken for facts."""

    _slug: str
    _text: str | msgspec.Raw | StoredTexts  # the JSON, its JSON string's bytes, or where it is kept (``FactsTexts``)
    _fields: _Fields | None

    def __init__(self, slug: str, text: str | msgspec.Raw | StoredTexts) -> None:  # the dataclass's fields are properties here
        object.__setattr__(self, "_slug", slug)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "_fields", None)

    def _decoded(self) -> _Fields:
        fields = self._fields
        if fields is None:
            try:
                stored = _FACTS_DECODER.decode(_text(self._slug, self._text))
            except msgspec.DecodeError:
                raise InvalidStoredFacts(self._slug) from None
            relations = stored.relations
            fields = (stored.entities, stored.observations,
                      tuple(map(Relation, *zip(*relations))) if relations else (), stored.evidence)
            object.__setattr__(self, "_fields", fields)
        return fields

    @property
    def entities(self) -> tuple[tuple[str, str], ...]:
        return self._decoded()[0]

    @property
    def observations(self) -> tuple[tuple[str, str], ...]:
        return self._decoded()[1]

    @property
    def relations(self) -> tuple[Relation, ...]:
        return self._decoded()[2]

    @property
    def evidence(self) -> tuple[tuple[str, ...], ...]:
        return self._decoded()[3]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Facts):
            return NotImplemented
        return (self.entities, self.observations, self.relations, self.evidence) == (
            other.entities, other.observations, other.relations, other.evidence)

    def __hash__(self) -> int:
        return hash((self.entities, self.observations, self.relations, self.evidence))

    def __repr__(self) -> str:
        return f"StoredFacts({self.entities!r}, {self.observations!r}, {self.relations!r}, {self.evidence!r})"


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
        self.texts = StoredTexts()  # where the texts of entries that hold none are kept (the store's, ``FactsStore.memo``)
        self.keys = keys  # slug -> the content key of the item's record now (only slugs with one record)
        # The items whose entries' mention digests the store vouches for, by the digest of the whole
        # mention index they were checked against (``mentions_digest``): under that same index the
        # per-item check is skipped, since it could only agree.
        self.vouched_by: Mapping[str, Collection[str]] = {}
        self.vouched: Collection[str] = ()
        self.mentions: str | None = None  # ``mentions_digest`` of this build's index (``check_mentions``)
        # The same for the items' terms: the items whose entries' terms keys the store vouches for, by
        # the ``choice_key`` they were checked under; under that same key each item's terms are the
        # same (``kgsync.graph.terms.ChosenTerms``), so they are neither chosen nor digested again.
        self.terms_vouched_by: Mapping[str, Collection[str]] = {}
        self.terms_vouched: Collection[str] = ()
        self.choice: str | None = None  # ``choice_key`` of this build (``check_choice``)
        self.verified: set[str] = set()  # the items whose entry was checked or made now (all valid now)
        self.json = FactsTexts()  # slug -> manifest.facts_json of the facts given or taken now
        self.digests: dict[str, str] = {}  # slug -> ``facts_digest`` of that JSON

    def get(self, slug: str, uses: ItemTerms | None | Callable[[str], ItemTerms | None], digests: Mapping[str, str],
            links: ItemEvidence | None = None) -> ItemAssembly | None:
        """The stored facts of ``slug`` when nothing they were built from changed; ``uses``: the item's
        terms, or what gives them for a slug (asked only when the store does not vouch for its terms key)."""
        entry = self.entries.get(slug)
        if entry is None or slug not in self.keys:
            return None
        (record_key, terms_key, links_key) = entry[0]
        if record_key != self.keys[slug] or links_key != _links_key(links):
            return None
        if slug not in self.terms_vouched and terms_key != _terms_key(uses(slug) if callable(uses) else uses):
            return None
        words, digest, (ops, text, text_digest) = entry[1:]
        if slug not in self.vouched and digest != _words_digest(words, digests):  # an index key its claims could match changed
            return None
        self.verified.add(slug)
        stored = text if text is not None else self.texts  # kept apart (``StoredTexts``): read when asked
        self.json[slug] = stored
        self.digests[slug] = text_digest
        return StoredFacts(slug, stored), ops, frozenset(words)

    def misses(self, slug: str) -> bool:
        """Whether ``get`` surely gives nothing for ``slug``, which the memo keys: no entry, or one of
        another record (a cheap test: asking changes nothing; ``get`` may miss for other reasons too)."""
        entry = self.entries.get(slug)
        return entry is None or entry[0][0] != self.keys[slug]

    def check_choice(self, key: str | None) -> None:
        """This build's ``choice_key`` (None: unknown): the store's vouching for terms holds under it only."""
        self.choice = key
        self.terms_vouched = self.terms_vouched_by.get(key, ()) if key else ()

    def check_mentions(self, digests: Mapping[str, str]) -> None:
        """This build's mention index (``Vocabulary.mention_digests``): the store's vouching holds under it only."""
        self.mentions = mentions_digest(digests)
        self.vouched = self.vouched_by.get(self.mentions, ())

    def put(self, slug: str, uses: ItemTerms | None, done: ItemAssembly, digests: Mapping[str, str],
            links: ItemEvidence | None = None, observation_cap: int | None = None) -> None:
        """Keep ``done`` for the next build; ``observation_cap``: facts that put more observations on
        one node are not kept (a reused item's facts are within the cap, so the build counts only
        the items assembled now, ``kgsync.read.item_caps.observation_cap_problems``)."""
        if slug not in self.keys:
            return  # no record key to check a later build against: not reusable
        facts, ops, words = done
        text = facts_json(facts)  # the manifest's encoding, stored as the facts
        self._keep(slug, uses, MadeFacts(ops, words, text, facts_digest(text),
                                         observation_cap is not None and _over_cap(facts, observation_cap)),
                   digests, links)

    def put_made(self, slug: str, uses: ItemTerms | None, made: MadeFacts, digests: Mapping[str, str],
                 links: ItemEvidence | None = None) -> ItemAssembly:
        """``put`` of facts made in another process (``made_facts``), and the facts as this build
        reads them: decoded from their JSON on first use (``StoredFacts``; an item kept only in the
        memo's keys).  Facts over the observation cap come whole (``made.over_cap``): the build counts them."""
        self._keep(slug, uses, made, digests, links)
        facts = made.facts if made.facts is not None else StoredFacts(slug, made.text)
        return facts, made.ops, made.words

    def _keep(self, slug: str, uses: ItemTerms | None, made: MadeFacts, digests: Mapping[str, str],
              links: ItemEvidence | None) -> None:
        self.verified.add(slug)
        self.json[slug] = made.text
        self.digests[slug] = made.text_digest
        if made.over_cap:
            self.entries.pop(slug, None)
            return
        ordered = tuple(sorted(made.words))
        self.entries[slug] = ((self.keys[slug], _terms_key(uses), _links_key(links)), ordered,
                              _words_digest(ordered, digests), (made.ops, made.text, made.text_digest))


class MadeFacts(NamedTuple):
    """One item's facts as another process made them (``made_facts``) and hands them back: what
    the memo keeps of them, its JSON (the manifest's encoding, ``facts_json``) and that JSON's
    ``facts_digest``; the facts themselves only when over the observation cap (``facts``): the
    build counts those (``kgsync.read.item_caps``), and a ``StoredFacts`` says "within the cap"."""

    ops: tuple[tuple[str, int | None, bool], ...]
    words: frozenset[str]
    text: str
    text_digest: str
    over_cap: bool
    facts: Facts | None = None


def made_facts(shared: AssemblyContext, item: ResearchItem, extraction: Extraction,
               observation_cap: int | None) -> MadeFacts:
    """``item_facts``, in the form another process hands back (``MadeFacts``): a string per item
    instead of its facts' ~100 objects, which a pipe would pickle and unpickle one by one."""
    facts, ops, words = item_facts(shared, item, extraction)
    text = facts_json(facts)
    over = observation_cap is not None and _over_cap(facts, observation_cap)
    return MadeFacts(ops, words, text, facts_digest(text), over, facts if over else None)


def _over_cap(facts: Facts, cap: int) -> bool:
    """Whether ``facts`` put more than ``cap`` observations on one node."""
    return len(facts.observations) > cap and max(Counter(name for name, _ in facts.observations).values()) > cap


def mentions_digest(digests: Mapping[str, str]) -> str:
    """A digest of the whole mention index (``Vocabulary.mention_digests``)."""
    return hashlib.sha1("\n".join([f"{w}\t{d}" for w, d in sorted(digests.items())]).encode()).hexdigest()


def _words_digest(words: Sequence[str], digests: Mapping[str, str]) -> str:
    """What the mention index says about keys starting with these words (``Vocabulary.mention_digests``)."""
    return hashlib.sha1("\n".join([f"{w}\t{digests.get(w, '')}" for w in words]).encode()).hexdigest()



_ENCODE = msgspec.json.Encoder().encode


def _links_key(links: ItemEvidence | None) -> str | None:
    """A digest of what the item reads of the evidence plan (a string: the memo is JSON): the JSON of
    its required findings and its links' fields, in order (``PlannedLink.key``).  JSON, not ``repr``:
    the same text for the same values, made in C (``repr`` of every link's sentence was most of
    ``AssemblyMemo.get`` for an item that states links)."""
    if links is None or (not links.required and not links.links):
        return None
    return hashlib.sha1(_ENCODE((sorted(links.required), [link.key() for link in links.links]))).hexdigest()


def _terms_key(uses: ItemTerms | None) -> str | None:
    """A digest of what the item's facts read of its chosen terms (their JSON: every field a tuple
    of strings, encoded in order).  A digest, not the tuples: decoding every entry's terms cost a
    third of reading the facts store (10,000 items)."""
    if uses is None:
        return None
    return hashlib.sha1(_ENCODE((uses.slug, [(u.name, u.aliases) for u in uses.concepts],
                                 [(u.name, u.aliases) for u in uses.methods], uses.subjects, uses.topics, uses.beyond,
                                 [(u.name, u.aliases) for u in uses.subject_uses]))).hexdigest()


def choice_key(selection: str | None, items: Sequence[ResearchItem], caps: Caps,
               merged_into_theme: Mapping[str, str], min_links: int,
               renames: Mapping[str, str] | None = None) -> str | None:
    """A digest of every input of ``kgsync.graph.terms.term_choice`` (None: cannot tell): the vocabulary,
    by ``selection`` (the id the selection store gives one selection: the same id, the same
    vocabulary) and the ``renames`` applied to it since (``kgsync.vocabulary.standing``), the items'
    slugs in order, the caps, the mined names themes stand for and ``min_links``.  The code is the
    facts store's fingerprint."""
    if not selection:
        return None
    digest = hashlib.sha1()
    for part in (selection, [item.slug for item in items], astuple(caps), sorted(merged_into_theme.items()),
                 min_links, *([sorted(renames.items())] if renames else [])):
        digest.update(pickle.dumps(part, protocol=4))
    return digest.hexdigest()


def cut_key(key: str | None, choice: TermChoice) -> str | None:
    """``key`` (``choice_key``) with what the last build's terms decided of ``choice`` (the terms cut
    and held, ``kgsync.graph.terms.TermChoice.holds_for``): an item's terms are the same under the same
    cut key, which the facts memo checks (None: cannot tell)."""
    if not key:
        return None
    digest = hashlib.sha1(key.encode("ascii"))
    for names in (choice.concepts_cut, choice.methods_cut, choice.held):
        digest.update(pickle.dumps(sorted(names), protocol=4))
    return digest.hexdigest()


def context_key(shared: AssemblyContext, items: Sequence[ResearchItem]) -> str | None:
    """A digest of every corpus-wide input one item's facts depend on (None: cannot tell).

    Besides its own record, its terms and the mention index entries its claims could
    match (both checked per item by ``AssemblyMemo``), an item reads (``shared``): the mined
    names merged into themes, the theme map (with its words and bucket phrases), caps,
    tag style, the folding rules, the theme concepts, the mined concepts that are
    nodes (its claims are ``about`` them), and each item's slug and
    completion date (``items``, the kept ones too: extends edges: which targets exist, are prior, rank first),
    and which same-day items it cites (a same-day cite is earlier work unless cited back).
    """
    fold = shared.fold
    completed = {item.slug: item.completed for item in items}
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
        sorted(themes.bucket_keys.items()),  # a bucket's row tags the ideas it names
        sorted(themes.facets.items()),  # and an item of the bucket links each one it addresses
        sorted(themes.field_acts.items()),  # "AI adoption" is the theme enterprise-adoption
        sorted(themes.names.items()),  # a theme's node name (from its Scope, which nothing above digests)
        sorted(themes.methods),  # a theme's kind: its head's, or the maintainers' pin (``with_pinned_kinds``)
        astuple(shared.caps),
        shared.tag_style,
        tuple(rules),
        sorted(shared.theme_concepts),
        sorted((slug, astuple(theme)) for slug, theme in shared.own_theme_nodes.items()),  # the node a theme no vocabulary lists is written as
        shared.only_written,  # an item links only the unlisted themes it writes (its record says which)
        sorted((item.slug, item.completed, _same_day_cites(item, completed)) for item in items),
    ):
        digest.update(pickle.dumps(part, protocol=4))
    return digest.hexdigest()


def _same_day_cites(item: ResearchItem, completed: Mapping[str, str]) -> tuple[str, ...]:
    """The items ``item`` cites that were completed the same day: whether it cites one back decides
    that one's extends edge to it (``ResearchItem.cited_as_earlier_by``)."""
    return tuple(c for c in item.cites if c in completed and completed[c] == item.completed)


def memoised_assembly(items: Sequence[ResearchItem], extractions: Mapping[str, Extraction], shared: AssemblyContext,
                      memo: AssemblyMemo | None, beside: Spread | None = None) -> Assembly:
    """``kgsync.graph.assemble.assemble`` with each item's facts taken from ``memo`` when nothing they
    were built from changed, and given to it when assembled now (``memo`` is valid only for the
    ``context_key`` of ``shared``; ``extractions`` is read only for the items assembled now).
    ``beside``: where the items to assemble are many, the later half of them assembled in another
    process (``Spread``; None: all here); each item's facts, and the memo, are the same either way."""
    digests = shared.vocabulary.mention_digests() if memo is not None else {}
    if memo is not None:
        memo.check_mentions(digests)
    done: dict[str, ItemAssembly] = {}
    terms_of = shared.terms_of  # read for an item only when the memo must check its terms
    handed, other = _handed(items, extractions, shared, memo, beside)
    handing = frozenset(handed)
    made: dict[str, MadeFacts] = {}
    try:
        for item in items:
            links = shared.links_of(item.slug)
            if item.slug in handing and memo is not None and other is not None:
                if not made:  # the first handed item: the other process's work is needed from here on
                    made = dict(zip(handed, other.result(), strict=True))
                done[item.slug] = memo.put_made(item.slug, terms_of(item.slug), made[item.slug], digests, links)
                continue
            found = memo.get(item.slug, terms_of, digests, links) if memo is not None else None
            if found is None:
                found = item_facts(shared, item, extractions[item.slug])
                if memo is not None:
                    memo.put(item.slug, terms_of(item.slug), found, digests, links, shared.caps.observations)
            done[item.slug] = found
    finally:
        if other is not None:
            other.abandon()  # after ``result``: nothing; on an error before it, the child ended
    return collect(items, done)


def _handed(items: Sequence[ResearchItem], extractions: Mapping[str, Extraction], shared: AssemblyContext,
            memo: AssemblyMemo | None, beside: Spread | None) -> tuple[list[str], Started | None]:
    """The later half (in item order: the loop meets them last) of the items the memo keeps and
    surely misses (``AssemblyMemo.misses``), and the process assembling them (``beside``), or none.
    Only items the memo keeps are handed: their facts come back as the memo's JSON (``MadeFacts``)."""
    if memo is None or beside is None:
        return [], None
    missed = [item for item in items if item.slug in memo.keys and memo.misses(item.slug)]
    handed = missed[len(missed) // 2:]
    cap = shared.caps.observations
    other = beside(lambda: [made_facts(shared, item, extractions[item.slug], cap) for item in handed],
                   len(handed)) if handed else None
    return ([item.slug for item in handed], other) if other is not None else ([], None)


class Started(Protocol):
    """A value being made elsewhere (``kgsync.pipeline.behind.Beside``)."""

    def result(self) -> list[MadeFacts]: ...

    def abandon(self) -> None: ...


#: Given what makes the handed items' facts and how many items are to assemble: that started in
#: another process, or None (too few to be worth one, or no process to start): all made here.
Spread = Callable[[Callable[[], list[MadeFacts]], int], "Started | None"]


def reused(by_item: Mapping[str, Facts]) -> frozenset[str]:
    """The items whose facts the memo gave (``StoredFacts``): within the observation cap (``put``)."""
    return frozenset(slug for slug, facts in by_item.items() if isinstance(facts, StoredFacts))
