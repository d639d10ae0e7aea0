"""Topics: the single words many items are about, as nodes each item links by its own text (the corpus half).

Mining never takes a plain single word as a term, so a word like "guardrails" or "provenance"
(named by a fifth and a sixth of the real corpus, mostly in research logs) was no node however
many items studied it.  ``kgsync.extract.topics`` scans each item whole for *topic words*
(WordNet's one-sense nouns that general English hardly needs: ``wordnet.is_rare``) and records
how often it names each, and how often in its title, question, summary and findings.

Which topic words are the vocabulary's *topics* is a corpus decision (``select_topics``), made
like a hub's, with the same locality (docs/LOCALITY.md):

* a word *enters* when at least ``TOPIC_SHARE`` of the items name it (its spread: the
  research log counts) and at least ``ADDRESS_SHARE`` of them, ``mining.min_links`` and more
  than ``mining.min_items`` (the hub rule's floor), address
  it (``extract.topics.addresses``: named three times, once where the item concludes), and the
  items that address it are not so many that it separates nothing (``choice.is_hub``, the hub
  share); a hub or a stopped term of the mined vocabulary is never a topic;
* a topic of the last build (the manifest's ``"topics"``) *stays* while one item addresses it:
  a merge elsewhere never retires a topic that items still use, and no count near a limit
  makes it flip;
* each item links every topic it addresses (``addresses``), beyond its caps: by its own
  mentions and the shared topic list alone, never by a corpus count.  A topic entering or
  leaving is a vocabulary event (``kgsync.diff.vocab_events``) the PR names.

A topic is a node when ``mining.min_links`` items link it, like any term (``graph.terms``).
"""

from __future__ import annotations

import dataclasses
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from kgsync.extract import lexicon, wordnet
from kgsync.extract.canonical import prune_aliases, word_key
from kgsync.extract.mining import ItemCandidates
from kgsync.extract.topics import addresses
from kgsync.read.config import Mining
from kgsync.vocabulary.choice import is_hub
from kgsync.vocabulary.terms import ItemTerms, Term, TermKind, TermUse, Vocabulary

#: A topic word enters when at least this share of the items name it (anywhere in their text) ...
TOPIC_SHARE = 0.10
#: ... and at least this share of them address it (``extract.topics.addresses``).
ADDRESS_SHARE = 0.05


@dataclass(frozen=True)
class TopicChoice:
    """The corpus's topics (topic-word keys) and, per topic, the items that address it (sorted)."""

    topics: frozenset[str] = frozenset()
    addressers: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)


def item_topics(item: ItemCandidates) -> tuple[frozenset[str], frozenset[str]]:
    """(the topic words an item names, those it addresses): all the corpus decision reads of it."""
    named = frozenset(key for key, _n, _dense in item.topic_words)
    return named, frozenset(key for key, n, dense in item.topic_words if addresses(n, dense))


def select_topics(cands: Sequence[ItemCandidates], mining: Mining, previous: frozenset[str] | None = None,
                  stop: Set[str] = frozenset()) -> TopicChoice:
    """The topics of a corpus (see the module doc); ``previous``: the last manifest's topics."""
    n_items = len(cands)
    spread: dict[str, int] = defaultdict(int)
    addressing: dict[str, list[str]] = defaultdict(list)
    for item in sorted(cands, key=lambda c: c.slug):
        named, addressed = item_topics(item)
        for key in named:
            spread[key] += 1
        for key in addressed:
            addressing[key].append(item.slug)
    enter_named = max(1, math.ceil(TOPIC_SHARE * n_items))
    # Like a hub, a topic is a corpus status: never on ``min_items`` items or fewer.
    enter_addressed = max(mining.min_links, mining.min_items + 1, math.ceil(ADDRESS_SHARE * n_items))
    kept = set()
    for key, slugs in addressing.items():
        if key in stop:
            continue
        if key in (previous or ()):
            kept.add(key)  # stays while an item addresses it
        elif (spread[key] >= enter_named and len(slugs) >= enter_addressed
              and not is_hub(key, len(slugs), n_items, mining, None)):
            kept.add(key)
    return TopicChoice(frozenset(kept), {key: tuple(addressing[key]) for key in sorted(kept)})


def with_topics(vocabulary: Vocabulary, choice: TopicChoice) -> Vocabulary:
    """``vocabulary`` with each topic a term (the term of its key when the vocabulary has one) that
    every item addressing it uses, beyond its caps (``ItemTerms.beyond``), and found by ``mentions``."""
    if not choice.topics:
        return vocabulary
    terms = dict(vocabulary.terms)
    per_item = dict(vocabulary.per_item)
    index = dict(vocabulary._index)
    lengths = {word: set(ns) for word, ns in vocabulary._lengths.items()}
    beyond: dict[str, list[str]] = defaultdict(list)
    for key in sorted(choice.topics):
        name = index.get(key) or key.replace(" ", "-")
        old = terms.get(name)
        slugs = choice.addressers[key]
        if old is None:
            kind = topic_kind(key)
            terms[name] = Term(name, kind, key, prune_aliases(name, [key, *_plurals(key)]), slugs)
        else:
            kind = old.kind
            terms[name] = dataclasses.replace(old, items=tuple(sorted(set(old.items) | set(slugs))))
        index.setdefault(key, name)
        lengths.setdefault(key.split(" ")[0], set()).add(key.count(" ") + 1)
        for slug in slugs:
            uses = per_item.get(slug) or ItemTerms(slug, (), ())
            if any(use.name == name for use in uses.concepts + uses.methods):
                continue  # the item chose it within its caps already
            use = TermUse(name, tuple(dict.fromkeys((terms[name].label, *terms[name].aliases))))
            if kind is TermKind.CONCEPT:
                uses = dataclasses.replace(uses, concepts=uses.concepts + (use,))
            else:
                uses = dataclasses.replace(uses, methods=uses.methods + (use,))
            per_item[slug] = uses
            beyond[slug].append(name)
    for slug, names in beyond.items():
        per_item[slug] = dataclasses.replace(per_item[slug], beyond=tuple(names))
    return dataclasses.replace(vocabulary, terms=dict(sorted(terms.items())), per_item=dict(sorted(per_item.items())),
                               _index=index, _lengths={w: tuple(sorted(ns, reverse=True)) for w, ns in lengths.items()},
                               topics=choice.topics)


def _plurals(key: str) -> tuple[str, ...]:
    """The regular plural of a topic word, when it reads back as the word ("guardrails"): the
    reference server's search is a substring test, so the singular alone misses a query for the
    plural that most items write; a word that has no such plural gets none."""
    plural = key[:-1] + "ies" if key.endswith("y") and key[-2:-1] not in "aeiou" else (
        key + "es" if key.endswith(("s", "x", "z", "ch", "sh")) else key + "s")
    return (plural,) if word_key(plural) == key else ()


def topic_kind(key: str) -> TermKind:
    """A topic word is a concept unless it names a way of doing (WordNet's activity, a method
    head): ``classify``'s "-ing" rule is for mined phrases, and a topic word is a noun of one
    sense ("substring" is no process)."""
    return TermKind.METHOD if wordnet.is_activity(key) or key in lexicon.METHOD_HEADS else TermKind.CONCEPT


def topic_keys(vocabulary: Vocabulary) -> tuple[str, ...]:
    """The vocabulary's topics, sorted: what the manifest records."""
    return tuple(sorted(vocabulary.topics))


def items_addressing(vocabulary: Vocabulary) -> Mapping[str, tuple[str, ...]]:
    """Topic term name -> the items that link it beyond their caps."""
    out: dict[str, list[str]] = defaultdict(list)
    for slug, uses in vocabulary.per_item.items():
        for name in uses.beyond:
            out[name].append(slug)
    return {name: tuple(slugs) for name, slugs in sorted(out.items())}
