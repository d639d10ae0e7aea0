"""The vocabulary's model: terms, each item's choice of them, and the mention index that finds them in text.

Split from ``vocab`` (which builds a ``Vocabulary``), so that ``vocab_file`` dumps one without importing ``vocab``."""

from __future__ import annotations

import dataclasses
import hashlib
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Set
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from itertools import chain

from kgsync.extract import lexicon, wordnet
from kgsync.extract.designations import MAX_DESIGNATION_ACRONYMS
from kgsync.extract.canonical import CLOSED_PREFIXES, is_acronym, key_of_words, without_prefix
from kgsync.extract.phrases import segments, token_keys


class TermKind(StrEnum):
    CONCEPT = "concept"
    METHOD = "method"


@dataclass(frozen=True)
class Term:
    name: str  # canonical name (after "concept:" / "method:")
    kind: TermKind
    label: str  # the display form most items write
    aliases: tuple[str, ...]  # every variant people type, minus those another alias already matches
    items: tuple[str, ...]  # slugs of the items it occurs in
    pinned: bool = False
    #: the kind an item's caps counted it under (its head's, ``classify``), where the node's type
    #: differs (``kgsync.vocabulary.node_kinds``): the graph's caps do not count it again
    slot: TermKind | None = None


@dataclass(frozen=True)
class TermUse:
    name: str
    aliases: tuple[str, ...]  # the variants this item wrote (as Term.aliases entries), plus the label


@dataclass(frozen=True)
class ItemTerms:
    slug: str
    concepts: tuple[TermUse, ...]  # most salient first, within caps.concepts
    methods: tuple[TermUse, ...]  # most salient first, within caps.methods
    subjects: tuple[str, ...] = ()  # names of Vocabulary.subjects its findings open with (beyond the caps)
    #: the item's own concept names within the caps, before ``mining.min_links`` (``graph.terms.connective_terms``
    #: sets it): what ``graph.claims.topic_finding`` looks for in its findings
    topics: tuple[str, ...] = ()
    #: names of the vocabulary's topics it addresses, beyond the caps (``kgsync.vocabulary.topics``)
    beyond: tuple[str, ...] = ()
    #: each of ``subjects`` with the variants this item wrote of it: its node's aliases when the
    #: item links it as a subject (an acronym the item writes stays a search key of the node)
    subject_uses: tuple[TermUse, ...] = ()
    #: names of ``concepts`` and ``methods`` it defines as acronyms and states, linked beyond the caps
    #: (``kgsync.vocabulary.choice.defined_and_stated``): they take none of its slots
    defined: tuple[str, ...] = ()


@dataclass(frozen=True)
class Vocabulary:
    terms: Mapping[str, Term]  # name -> term, sorted by name
    per_item: Mapping[str, ItemTerms]  # slug -> the item's chosen terms
    hubs: tuple[tuple[str, int], ...] = ()  # (label, items): corpus stopwords found by mining
    item_count: int = 0
    _index: Mapping[str, str] = field(default_factory=dict, repr=False, compare=False)  # key -> name
    _acronym_keys: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    _lengths: Mapping[str, tuple[int, ...]] = field(default_factory=dict, repr=False, compare=False)
    hub_keys: frozenset[str] = frozenset()  # the hubs' group keys (the next build's hysteresis)
    merges: tuple[tuple[str, str], ...] = ()  # (name a chosen term would have, the name it merged into)
    #: name -> the terms whose key is its key with one acronym spelled out or contracted
    #: ("enterprise-ai" / "enterprise-artificial-intelligence"): where ``mentions`` may not
    #: take a term, it takes its twin (``acronym_index.acronym_variants``).
    acronym_twins: Mapping[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    #: concept names that open key findings of ``mining.min_links`` items (``_subject_groups``):
    #: nodes by their findings, whether or not an item's capped choice holds them.
    subjects: frozenset[str] = frozenset()
    #: the corpus's acronym map, (acronym key, expansion key, the items that write the acronym
    #: without defining it), each from its earliest definer: an entry that comes or goes
    #: regroups those items' candidates, a vocabulary event (``kgsync.diff.vocab_events``), so the
    #: manifest records it.
    acronyms: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    #: the topic-word keys that are topics (``kgsync.vocabulary.topics``): the manifest records them
    topics: frozenset[str] = frozenset()
    #: slug -> acronym key -> name, for the acronyms of two meanings (``acronym_index.ambiguous_acronyms``)
    #: the index gives to no expansion: the meaning the item itself defines or writes out
    #: (``acronym_index.item_acronyms``), which its claims' mentions name (``mentions``' ``reading``).
    readings: Mapping[str, Mapping[str, str]] = field(default_factory=dict, repr=False, compare=False)

    def mentions(self, text: str, words: set[str] | None = None,
                 allowed: Callable[[str], bool] | None = None,
                 reading: Mapping[str, str] | None = None, modifiers: Set[str] = frozenset()) -> tuple[str, ...]:
        """Names of terms whose variants occur in ``text``, in order of first mention.

        Longest match first; an acronym-only variant ("ACE") matches only when
        written in capitals, so the word "ace" does not.  ``words``, when given,
        receives ``mention_words(text)``.  ``allowed``: only names it accepts match (an
        item's claims look for the item's own terms, so a longer term another item brings
        never shadows one of them: locality).  ``reading``: the stating item's meaning of the
        acronyms of two meanings (``readings``), where the index names none.  ``modifiers``: keys
        the stating item writes only as another word's modifier (``ItemCandidates.modifiers``): such
        a key, where it matches, names nothing, nor do the shorter keys inside it.
        """
        found: dict[str, None] = {}
        for joined, cased in _mention_runs(text):
            if words is not None:
                words.update(joined)
            i = 0
            while i < len(joined):
                step = 1
                for n in self._lengths.get(joined[i], ()):
                    if i + n > len(joined):
                        continue
                    key = joined[i] if n == 1 else " ".join(joined[i : i + n])
                    if key in modifiers and key in self._index:
                        step = n  # "human approval signals": a kind of signals, in this item's words
                        break
                    name = self._index.get(key)
                    if reading and n == 1:
                        name = reading.get(key, name)
                    if name is not None and allowed is not None and not allowed(name):
                        name = next((t for t in self.acronym_twins.get(name, ()) if allowed(t)), None)
                    if name is None:
                        continue
                    if key in self._acronym_keys and n == 1 and not is_acronym(cased[i]) and not cased[i].isupper():
                        continue
                    if n == 1 and _in_designation(joined, cased, i):
                        continue
                    found.setdefault(name, None)
                    step = n
                    break
                i += step
        return tuple(found)


    def mention_words(self, text: str) -> frozenset[str]:
        """The key words ``mentions(text)`` looks keys up from.  Its result depends on the
        vocabulary only through the index keys whose first word is one of these (their
        names, lengths and acronym marks); see ``mention_digests``."""
        return frozenset(word for joined, _cased in _mention_runs(text) for word in joined)

    def mention_digests(self) -> dict[str, str]:
        """First key word -> a digest of every index entry starting with it (key, name, acronym
        mark, the name's acronym twins)."""
        by_first: dict[str, list[tuple[str, str, bool, tuple[str, ...]]]] = defaultdict(list)
        for key, name in self._index.items():
            by_first[key.split(" ", 1)[0]].append((key, name, key in self._acronym_keys,
                                                   self.acronym_twins.get(name, ())))
        for slug, acronyms in self.readings.items():  # an item's reading of an acronym, where the index has none
            for key, name in acronyms.items():
                by_first[key.split(" ", 1)[0]].append((key, name, True, (slug,)))
        return {word: hashlib.sha1(repr(sorted(entries)).encode()).hexdigest()
                for word, entries in by_first.items()}


    def without_aliases(self, dropped: Mapping[str, frozenset[str]]) -> Vocabulary:
        """This vocabulary with the aliases ``dropped`` (term name -> aliases) taken off their terms and off
        each item's uses of them (``topic_join.head_aliases``).  The mention index keeps their keys: what a
        text names does not change, only the forms the node lists as its own."""
        if not any(dropped.values()):
            return self

        def kept(use: TermUse) -> TermUse:
            gone = dropped.get(use.name)
            return TermUse(use.name, tuple(a for a in use.aliases if a not in gone)) if gone else use

        def uses(chosen: tuple[TermUse, ...]) -> tuple[TermUse, ...]:
            return tuple(map(kept, chosen))

        terms = {name: dataclasses.replace(term, aliases=tuple(a for a in term.aliases if a not in dropped[name]))
                 if dropped.get(name) else term for name, term in self.terms.items()}
        per_item = {slug: dataclasses.replace(chosen, concepts=uses(chosen.concepts), methods=uses(chosen.methods),
                                              subject_uses=uses(chosen.subject_uses))
                    for slug, chosen in self.per_item.items()}
        return dataclasses.replace(self, terms=terms, per_item=per_item)

    def renamed(self, names: Mapping[str, str]) -> Vocabulary:
        """This vocabulary with each term of ``names`` (old name -> new name) under its new name, wherever
        a name is written: the terms, each item's uses, the mention index, merges, twins, subjects and
        readings (``topic_join.acronym_names``)."""
        if not names:
            return self

        def name_of(name: str) -> str:
            return names.get(name, name)

        def uses(chosen: tuple[TermUse, ...]) -> tuple[TermUse, ...]:
            return tuple(TermUse(name_of(use.name), use.aliases) if use.name in names else use for use in chosen)

        terms = {name_of(name): dataclasses.replace(term, name=name_of(name)) if name in names else term
                 for name, term in self.terms.items()}
        per_item = {slug: dataclasses.replace(chosen, concepts=uses(chosen.concepts), methods=uses(chosen.methods),
                                              subjects=tuple(map(name_of, chosen.subjects)),
                                              topics=tuple(map(name_of, chosen.topics)),
                                              beyond=tuple(map(name_of, chosen.beyond)),
                                              defined=tuple(map(name_of, chosen.defined)),
                                              subject_uses=uses(chosen.subject_uses))
                    for slug, chosen in self.per_item.items()}
        return dataclasses.replace(
            self, terms=dict(sorted(terms.items())), per_item=per_item,
            _index={key: name_of(name) for key, name in self._index.items()},
            merges=tuple((source, name_of(target)) for source, target in self.merges),
            acronym_twins={name_of(name): tuple(map(name_of, twins)) for name, twins in self.acronym_twins.items()},
            subjects=frozenset(map(name_of, self.subjects)),
            readings={slug: {short: name_of(name) for short, name in read.items()}
                      for slug, read in self.readings.items()})


@dataclass(frozen=True)
class Growth:
    """A vocabulary being grown by terms its items link beyond their caps (``hubs.with_hubs``,
    ``topics.with_topics``): copies of what such a term changes, to add to, and ``grown()``, the
    vocabulary they make.  Kept beside ``Vocabulary`` so that its index fields are opened here only."""

    vocabulary: Vocabulary
    terms: dict[str, Term]
    per_item: dict[str, ItemTerms]
    index: dict[str, str]  # key -> name, as ``Vocabulary._index``
    acronym_keys: set[str]
    lengths: dict[str, set[int]]  # a key's first word -> the key lengths it opens (``Vocabulary._lengths``)

    @classmethod
    def of(cls, vocabulary: Vocabulary) -> Growth:
        return cls(vocabulary, dict(vocabulary.terms), dict(vocabulary.per_item), dict(vocabulary._index),
                   set(vocabulary._acronym_keys), {word: set(ns) for word, ns in vocabulary._lengths.items()})

    def index_key(self, key: str, name: str) -> None:
        """``mentions`` finds ``name`` by ``key`` (unless the key names a term already)."""
        self.index.setdefault(key, name)
        self.lengths.setdefault(key.split(" ")[0], set()).add(key.count(" ") + 1)

    def with_use(self, slug: str, use: TermUse, kind: TermKind) -> ItemTerms | None:
        """The item's terms with ``use`` added under ``kind``, or None when it links a term of that
        name already (chosen within its caps, or by another key)."""
        uses = self.per_item.get(slug) or ItemTerms(slug, (), ())
        if any(chosen.name == use.name for chosen in uses.concepts + uses.methods):
            return None
        if kind is TermKind.CONCEPT:
            return dataclasses.replace(uses, concepts=uses.concepts + (use,))
        return dataclasses.replace(uses, methods=uses.methods + (use,))

    def grown(self, topics: frozenset[str] | None = None) -> Vocabulary:
        """The vocabulary with what was added (terms and items in name and slug order); ``topics``,
        when given, its topic keys."""
        return dataclasses.replace(self.vocabulary, terms=dict(sorted(self.terms.items())),
                                   per_item=dict(sorted(self.per_item.items())), _index=self.index,
                                   _acronym_keys=frozenset(self.acronym_keys),
                                   _lengths={w: tuple(sorted(ns, reverse=True)) for w, ns in self.lengths.items()},
                                   topics=self.vocabulary.topics if topics is None else topics)


def _in_designation(joined: list[str], cased: list[str], i: int) -> bool:
    """Is the word at ``i`` an acronym inside a designation: followed, in its run, by more acronyms
    and then a number ("IEC 42001", "NIST SP 800-53", "GPT-4o", "ACL 2024")?  The designation names
    one standard, model, release or edition, not the acronym's expansion
    (``kgsync.extract.designations.in_designation``, the same rule on an item's text)."""
    if not _acronym_cased(cased[i]) or "'" in cased[i] or "\u2019" in cased[i]:
        return False  # "BCG's 2024 survey": the body's survey, not a designation
    j = i + 1
    while (j < len(joined) and j - i <= MAX_DESIGNATION_ACRONYMS and not joined[j][:1].isdigit()
           and cased[j] != cased[j - 1] and _acronym_cased(cased[j])):
        j += 1
    return j < len(joined) and joined[j][:1].isdigit()


def _acronym_cased(token: str) -> bool:
    return is_acronym(token) or (len(token) > 1 and token.isupper())


def _mention_runs(text: str) -> Iterator[tuple[list[str], list[str]]]:
    """Each word run of ``text`` as (key words, the token each came from; "" when a prefix closed up).
    A run's keys are joined (``key_of_words``) only where a prefix may close up: most runs hold no
    ``CLOSED_PREFIXES`` word, and their keys are then the words' own (no key word is empty or holds a
    space), found in C (every claim of 10,000 items is read).  A run of no key word joins to one, "",
    as before."""
    for run in segments(text):
        keyed = list(map(token_keys, run))
        kws = list(chain.from_iterable(keyed))
        # mostly one key a token: the run's own tokens (a token of two keys, or of none, is repeated or left out)
        cased = run if set(map(len, keyed)) == _ONE else [token for token, keys in zip(run, keyed) for _key in keys]
        if kws and CLOSED_PREFIXES.isdisjoint(kws):
            yield kws, cased
            continue
        joined = key_of_words(kws).split(" ")
        if len(joined) != len(kws):  # a prefix closed up: case no longer aligns, be strict
            cased = [""] * len(joined)
        yield joined, cased


_ONE = {1}


def phrase_lengths_by_first_word(keys: Iterable[str]) -> dict[str, tuple[int, ...]]:
    """First word -> the word counts of the keys that open with it, longest first: where a scan looks
    for a key, the lengths to try."""
    lengths: dict[str, set[int]] = defaultdict(set)
    for key in keys:
        parts = key.split(" ")
        lengths[parts[0]].add(len(parts))
    return {k: tuple(sorted(v, reverse=True)) for k, v in lengths.items()}


#: Words after which a noun phrase's head is done: "reinforcement learning from human feedback"
#: is a kind of learning, "theory of mind" a theory.
POSTMODIFIER = frozenset({"from", "of", "for", "with", "in", "on", "over", "via", "using", "under"})
#: A modifier that says how something is done ("test-driven development", "model-based testing").
_MANNER = lexicon.MANNER | {"first"}


def _method_head(words: list[str]) -> bool:
    head = words[-1]
    return head in lexicon.METHOD_HEADS or (head.endswith("ing") and len(head) >= 5 and head not in lexicon.ING_NOUNS
                                            and head not in lexicon.ING_EVENTS)


def _coordinated(words: list[str]) -> bool:
    """Is the head a coordination ("DevOps Research and Assessment", "identity and access
    management")?  Two activities joined name a field, a programme or the body that runs it, not
    one procedure: a concept.  Only before a postmodifier: "evaluation of retrieval and generation"
    is an evaluation."""
    cut = next((i for i, w in enumerate(words) if i and w in POSTMODIFIER), len(words))
    return "and" in words[1 : cut - 1]


@lru_cache(maxsize=100_000)
def classify(key: str) -> TermKind:
    """Concept or method by the head word (see the module doc).

    The head is the last word before a postmodifier ("from", "of": ``POSTMODIFIER``); "X as
    (a) Y" with Y a person's role is a technique ("LLM as judge": WordNet's noun.person).  When the
    head is a coordination ("research and assessment": ``_coordinated``), the term is a concept.  A
    head is a method's when ``lexicon.METHOD_HEADS`` holds it, when it is a process in "-ing",
    or when WordNet's first sense of it is a deliberate activity or a way of doing ("trial" in
    "randomised controlled trial"), or an act qualified by a manner ("test-driven development").
    A gerund WordNet lexicalises with the word before it ("money laundering", "problem solving",
    "language processing") is no procedure one applies but a field, a task or a deed named as a
    noun of its own: a concept ("anti-money laundering" is a compliance domain, not a technique)."""
    words = key.split(" ")
    if "as" in words[1:-1]:
        role = words[-1]
        if wordnet.is_role(role):
            return TermKind.METHOD
        words = words[: words.index("as")]
    if _coordinated(words):
        return TermKind.CONCEPT
    if not _method_head(words):  # "reinforcement learning from human feedback": learning's kind
        cut = next((i for i, w in enumerate(words) if i and w in POSTMODIFIER), len(words))
        words = words[:cut]
    head = words[-1]
    if head.endswith("ing") and any(wordnet.is_noun_compound(" ".join([without_prefix(words[i]), *words[i + 1:]]))
                                    for i in range(len(words) - 1)):
        return TermKind.CONCEPT  # "(anti-)money laundering", "natural language processing": a field or a deed
    if len(words) > 1 and (wordnet.is_activity(head) or (wordnet.is_act(head) and not _MANNER.isdisjoint(words))):
        return TermKind.METHOD
    if head in lexicon.METHOD_HEADS:
        return TermKind.METHOD
    if head.endswith("ing") and len(head) >= 5 and head not in lexicon.ING_NOUNS and head not in lexicon.ING_EVENTS:
        return TermKind.METHOD
    return TermKind.CONCEPT
