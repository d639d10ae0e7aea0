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
  it (``extract.topics.addresses``: named three times, once where the item concludes); a phrase
  only while the items that address it are not so many that it separates nothing (``choice.is_hub``,
  the hub share): a single word more items address is a node all the same, as a mined hub is
  (``_separates_nothing``); a hub or a stopped term of the mined vocabulary is never a topic;
* a topic of the last build (the manifest's ``"topics"``) *stays* while one item addresses it:
  a merge elsewhere never retires a topic that items still use, and no count near a limit
  makes it flip;
* each item that addresses a topic links it, beyond its caps; a name (an organisation, a product)
  or a convention file only where the item *states* it: addressed (``addresses``) with the mention
  where it concludes in its title, research question or executive summary, where the item
  template has it state its own subject (``flags.STATED``), not in its findings alone: a finding
  also cites its evidence ("GraphRAG, from Microsoft"; "the google-genai library"), and readers
  found two of three items that named a vendor or a format only there passing by it
  (``_linked_where_stated``).  By its own mentions and the shared topic list alone, never by a
  corpus count.  An item does
  not address a phrase it writes as the tail of a term it defines, after that term ("language
  models" after "large language model (LLM)": ``kgsync.extract.topic_links.item_ellipses``): there it is that term.  A
  phrase every such item wrote ("language model" over the 273 items: 39 items addressed it, 34
  of them after defining LLM) is no topic of its own.  A topic
  entering or leaving is a vocabulary event (``kgsync.diff.vocab_events``) the PR names.
  Whether a topic enters or stays still reads every item that addresses it where it concludes
  (findings too): that the corpus shares a topic is one question, which items are about it another.

A topic is a node when ``mining.min_links`` items link it, like any term (``graph.terms``).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass

from kgsync.extract import compounds, files, idea, lexicon, names, plurals, wordnet
from kgsync.extract.canonical import prune_aliases
from kgsync.extract.mining import ItemCandidates
from kgsync.extract.topic_links import item_topics
from kgsync.extract.topics import phrase_marks, read_marks
from kgsync.read.config import Mining
from kgsync.vocabulary.choice import is_hub
from kgsync.vocabulary.terms import Growth, Term, TermKind, TermUse, Vocabulary, classify

#: A topic word enters when at least this share of the items name it (anywhere in their text) ...
TOPIC_SHARE = 0.10
#: ... and at least this share of them address it (``extract.topics.addresses``).
ADDRESS_SHARE = 0.05


@dataclass(frozen=True)
class TopicChoice:
    """The corpus's topics (topic-word keys) and, per topic, the items that link it (sorted): those
    that address it; for a name or a convention file, those that address it where they state their
    subject (``item_topics``' third set, ``_linked_where_stated``)."""

    topics: frozenset[str] = frozenset()
    addressers: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)
    #: the phrases whose spread was counted (they may enter), each with its marks
    #: (``extract.topics.phrase_marks``): an edit that writes or drops none of them moves no topic
    phrases: Mapping[str, frozenset[int]] = dataclasses.field(default_factory=dict)
    #: per topic, the items that address it and write its plural (``ItemCandidates.plurals``): the
    #: plural is an alias of its node only as they give it (``with_topics``), never a made-up form
    plural_writers: Mapping[str, frozenset[str]] = dataclasses.field(default_factory=dict)


def select_topics(cands: Sequence[ItemCandidates], mining: Mining, previous: frozenset[str] | None = None,
                  stop: Set[str] = frozenset(), known: Set[str] = frozenset()) -> TopicChoice:
    """The topics of a corpus (see the module doc); ``previous``: the last manifest's topics;
    ``known``: the mined vocabulary's keys, of which a topic phrase may not be a fragment (``is_gap``)."""
    n_items = len(cands)
    spread: dict[str, int] = defaultdict(int)
    addressing: dict[str, list[str]] = defaultdict(list)
    linking: dict[str, list[str]] = defaultdict(list)
    own = sorted(cands, key=lambda c: c.slug)
    # Whether the corpus shares a topic reads each item's text whole, the names of the items it cites
    # in ("`2026-03-02-agent-memory-management-context-injection`": the phrase is in use); which items
    # link it, their own text alone (``ItemCandidates.whole``, ``cited_text``).
    ordered = [item.with_cited_names() for item in own]
    for item in ordered:
        named, addressed, stated = item_topics(item)
        for key in named:
            spread[key] += 1
        for key in addressed:
            addressing[key].append(item.slug)
        for key in stated:
            linking[key].append(item.slug)
    enter_named = max(1, math.ceil(TOPIC_SHARE * n_items))
    # Like a hub, a topic is a corpus status: never on ``min_items`` items or fewer.
    floor = max(mining.min_links, mining.min_items + 1)
    enter_addressed = max(floor, math.ceil(ADDRESS_SHARE * n_items))
    spaced = spaced_keys(known)
    # A kind ("operational risk": ``idea.names_a_kind``) is no item's own term, so no item's caps can show
    # it whole ("operational risk literature" known beside it): the items addressing it whole do.
    phrases = [key for key, slugs in addressing.items() if " " in key and not compounds.is_compound_key(key)
               and key not in stop and key not in (previous or ())
               and len(slugs) >= floor and (is_gap(key, known, spaced) or idea.names_a_kind(key, 0))]
    written = _written(ordered, phrases)
    marks = {key: phrase_marks(key, written[key]) for key in sorted(phrases) if is_topic_phrase(key, written[key])}
    spread.update(_phrase_spread(ordered, marks))
    # A phrase most items that write it pass by (fewer than ``ADDRESS_SHARE`` of them address it: a
    # heading of the item format, "Evidence Map", that every item writes) is no topic.
    passed_by = {key for key in marks if len(addressing[key]) < ADDRESS_SHARE * spread[key]}
    in_frames = framed(ordered, marks, floor)
    modifying = _modifying(own)
    kept = set()
    for key, slugs in addressing.items():
        if key in stop:
            continue
        if key in (previous or ()):
            kept.add(key)  # stays while an item addresses it
        elif (spread[key] >= enter_named and len(slugs) >= _enter_addressed(key, enter_addressed, floor)
              and not _separates_nothing(key, len(slugs), n_items, mining)
              and (not compounds.is_prefixed_key(key) or sum(slug not in modifying[key] for slug in slugs) >= floor)
              and (" " not in key or (key in marks and key not in in_frames and key not in passed_by)
                   or (compounds.is_compound_key(key) and is_gap(key, known, spaced)))):
            kept.add(key)
    if any(item.whole is not None for item in own):
        addressing, linking = defaultdict(list), defaultdict(list)
        for item in own:
            _named, addressed, stated = item_topics(item)
            for key in addressed:
                addressing[key].append(item.slug)
            for key in stated:
                linking[key].append(item.slug)
    linkers = {key: tuple(linking.get(key, ()) if _linked_where_stated(key) else addressing.get(key, ()))
               for key in sorted(kept)}
    in_plural = {item.slug: item.plurals for item in own if item.plurals}
    writers = {key: frozenset(slug for slug in slugs if key in in_plural.get(slug, ())) for key, slugs in linkers.items()}
    return TopicChoice(frozenset(kept), linkers, marks, {key: slugs for key, slugs in writers.items() if slugs})


def _modifying(items: Iterable[ItemCandidates]) -> Mapping[str, frozenset[str]]:
    """Prefixed compound key -> the items that write it only as a modifier (``ItemCandidates.modifiers``,
    ``compounds.modifiers_only``).  A prefixed compound enters only where the node floor of the items that
    address it also write it as a head ("single-agent versus multi-agent", "a multi-agent"): where
    they all write it before a noun ("multi-hop reasoning", "multi-hop delegation chains"), the noun
    phrases are the ideas and the bare modifier joins them whatever the noun, no idea of its own
    (blind readers of a new repository judged `multi-hop` and `multi-agent` fragments so).  Those
    items still link it where it enters: the compound is the thing their phrases are of."""
    out: dict[str, set[str]] = defaultdict(set)
    for item in items:
        for key in item.modifiers:
            if compounds.is_prefixed_key(key):
                out[key].add(item.slug)
    return defaultdict(frozenset, {key: frozenset(slugs) for key, slugs in out.items()})


def _separates_nothing(key: str, addressers: int, n_items: int, mining: Mining) -> bool:
    """Is a topic phrase addressed by so many items that it separates nothing (``choice.is_hub``, the
    hub share)?  Never a single word (a topic word, a name, a derived noun, a file): one that more
    items address is the corpus's most shared idea, and a mined term on that share is a node its
    addressers link (a hub, ``kgsync.vocabulary.hubs``); so is the word ("provenance", addressed by
    12 of the 53 later items, ``bench/bench_topic_gate.py ../shared/corpus/later --key provenance``: no
    node while this held it out, a node in the 220 it is shared less in).  A phrase that many items
    address is mining's term in each (its addressers mined it), so a hub of the mined vocabulary, which is
    no topic (``stop``), and a node as a hub is."""
    return " " in key and is_hub(key, addressers, n_items, mining, None)


def _linked_where_stated(key: str) -> bool:
    """Is a topic linked only by the items that name it where they state their subject (title,
    question, summary)?  A name (``extract.names``: an organisation, a product) or a convention
    file is cited as a source, a vendor or a rule followed as often as it is studied, and three
    mentions do not tell the two apart (the blind readings of the items opened:
    CHANGELOG, "Names and files linked where an item states its subject"); an idea an item names three
    times, once where it concludes, it uses."""
    return names.is_name_key(key) or files.is_file_key(key)


def _enter_addressed(key: str, share: int, floor: int) -> int:
    """How many items must address a topic for it to enter: ``ADDRESS_SHARE`` of them for a topic
    word; the node floor for a phrase mining found an idea in each item that addresses it, and for
    a name each of them writes as one (``extract.names``) or a convention file (``extract.files``):
    the item's own writing shows the unit.  A phrase with a vague head (``lexicon.GENERIC``:
    "operating model", "governance framework") is held to the topic word's share: its head shows
    no unit, so the corpus must show it shared as a subject (21 items address "operating model",
    3 "governance framework").  Not a method's head (``lexicon.METHOD_HEADS``: "review",
    "assessment", "analysis"): a procedure named by its object ("code review") is one unit, as
    ``mining.names_an_idea`` already reads it (topics17: "code review", named by 30 of the 273
    items and addressed by 4, was held to 14: ``bench/bench_topic_gate.py`` over both folders,
    ``--key "code review"``)."""
    head = key.rsplit(" ", 1)[-1]
    if " " in key and not compounds.is_compound_key(key) and head in lexicon.GENERIC and head not in lexicon.METHOD_HEADS:
        return share
    return floor if " " in key or names.is_name_key(key) or files.is_file_key(key) else share


def edit_moves_phrases(phrases: Mapping[str, frozenset[int]], old: ItemCandidates, new: ItemCandidates) -> bool:
    """May an edit of one item change which phrases are topics (``TopicChoice.phrases``: those
    counted)?  When it writes or drops one of their marks, or writes one of them otherwise where
    it concludes (its forms make the marks); what it addresses is compared apart (``item_topics``)."""
    if not phrases:
        return False
    if old.pairs != new.pairs:
        moved = read_marks(old.pairs) ^ read_marks(new.pairs)
        if any(not moved.isdisjoint(own) for own in phrases.values()):
            return True
    forms_old = {c.key: c.surfaces for c in old.terms if c.key in phrases}
    if forms_old != {c.key: c.surfaces for c in new.terms if c.key in phrases}:
        return True
    # whether a phrase is written in a frame (``framed``) reads its mentions and their frames
    return ({w for w in old.topic_words if w[0] in phrases} != {w for w in new.topic_words if w[0] in phrases}
            or {f for f in old.frames if f[0] in phrases} != {f for f in new.frames if f[0] in phrases})


#: A topic phrase is *written in a frame* when at least this share of its mentions, over the items
#: that mine it, follow one and the same preposition ("*at* machine speed", "*at* inference time":
#: ``extract.topics.phrase_frames``).
FRAME_SHARE = 1 / 3


def framed(ordered: Sequence[ItemCandidates], phrases: Set[str] | Mapping[str, object], floor: int = 1) -> frozenset[str]:
    """The ``phrases`` the items write in a frame: termhood by context, as the NC-value reads it.  A
    term is a unit met in varied contexts: subject, object, after any determiner or preposition
    ("technical debt accumulates", "hidden technical debt", "reduce technical debt").  A phrase whose
    mentions keep to one preposition is the object of an adverbial idiom ("at machine speed", "at
    query time"): a manner or a moment, no idea of its own.  A determiner is no frame: a name or a
    theory is written with "the" by nature ("the invisible hand").  The frame is the items' shared
    usage, not one writer's habit: at least ``floor`` items (the node floor) write the phrase after
    that preposition ("with delegated authority" in one item of a small corpus is no idiom).  Read
    from the items that mine the phrase, each by its own text."""
    if not phrases:
        return frozenset()
    totals: dict[str, int] = defaultdict(int)
    by_word: dict[tuple[str, str], int] = defaultdict(int)
    writers: dict[tuple[str, str], int] = defaultdict(int)
    for item in ordered:
        for key, n, _dense, _stated in item.topic_words:
            if key in phrases:
                totals[key] += n
        for key, word, n in item.frames:
            if key in phrases:
                by_word[(key, word)] += n
                writers[(key, word)] += 1
    return frozenset(key for (key, word), n in by_word.items()
                     if n >= FRAME_SHARE * totals[key] and writers[(key, word)] >= floor)


def _written(ordered: Sequence[ItemCandidates], phrases: Sequence[str]) -> dict[str, list[str]]:
    """Each phrase -> the forms the items that name it where they conclude write it (sorted)."""
    wanted = set(phrases)
    out: dict[str, set[str]] = {key: set() for key in wanted}
    for item in ordered:
        for c in item.terms:
            if c.key in wanted:
                out[c.key].update(surface for surface, _n in c.surfaces)
    return {key: sorted(forms) for key, forms in out.items()}


def is_topic_phrase(key: str, written: Sequence[str]) -> bool:
    """May a two-word phrase be a topic?  Mining found it an idea in each item that names it
    (``mining.names_an_idea``); a topic is linked beyond the caps, so stricter: not a phrase that
    holds a number as written ("GPT-4": a number makes a version; an acronym may be in it: "AI
    governance", "AI RMF", "generative AI" are among the corpus's most shared topics), not one of
    the item format's words (``idea.is_bookkeeping``'s:
    "prior repository"), and not a compound WordNet lists ("decision making"): like a word
    general English needs (``wordnet.is_rare``), it is no topic of a research corpus."""
    modifier, head = key.split(" ")
    if not {modifier, head}.isdisjoint(idea.LAYOUT_WORDS):
        return False
    if wordnet.is_noun_compound(key):
        return False  # a dictionary compound ("decision making") is general English, as a common word is
    if not _written_plainly(written):
        return False
    return not written or not all(_name_extension(form) for form in written)


def _written_plainly(forms: Iterable[str]) -> bool:
    """Does no written form of a phrase hold a number ("GPT-4")?  A number makes a version: no topic
    phrase.  An acronym does not (topics13: "AI governance", named by 50 of the 220 items, addressed
    by 14: ``bench/bench_topic_gate.py ../shared/corpus/research --key "AI governance"``, was no node; the
    phrase is the items' own key, the slug keeps the acronym)."""
    return not any(any(ch.isdigit() for ch in part)
                   for form in forms for part in re.split(r"[\s-]+", form) if part)


def _name_extension(form: str) -> bool:
    """Is a written form a name's word with a common noun ("GitHub website", "Actions workflow"): its
    first word capitalised, its last in lower case?  A phrase every item writes so is part of the
    name's product or a thing of it, no idea of its own; a name is capitalised throughout ("Copilot
    Studio"), an idea is written in lower case somewhere ("coding agent").  An acronym opening it is
    no name's word ("AI coding", "AI adoption"): an acronym in capitals is written so whatever it
    stands for, as ``extract.nesting`` reads a name's part."""
    words = re.split(r"[\s-]+", form.strip())
    return len(words) >= 2 and words[0][:1].isupper() and not _in_capitals(words[0]) and words[-1][:1].islower()


def _in_capitals(word: str) -> bool:
    """An acronym written in capitals throughout, a plural "s" aside ("AI", "LLMs"); not a name with
    a capital inside ("GitHub"), which ``_name_extension`` reads as a name's word."""
    stem = word[:-1] if word.endswith("s") else word
    return len(stem) >= 2 and stem.isalpha() and stem.isupper()


def _phrase_spread(ordered: Sequence[ItemCandidates], marks: Mapping[str, frozenset[int]]) -> dict[str, int]:
    """How many items write each phrase anywhere (``extract.topics.pair_marks``), in any form an
    item that names it where it concludes writes it (``marks``)."""
    # Each item's marks looked up in one index (mark -> the phrases it stands for), not each
    # phrase's marks tested against each item's (items x phrases set tests: most of the stage).
    by_mark: dict[int, list[int]] = defaultdict(list)
    keys = list(marks)
    for position, own in enumerate(marks.values()):
        for mark in own:
            by_mark[mark].append(position)
    counts = [0] * len(keys)
    first: list[int] = []  # positions in the order they were first counted (the dict's order, as it was)
    wanted = frozenset(by_mark)  # an item's marks met with it in C (a lookup each: most of this loop)
    for item in ordered:
        hit: set[int] = set()
        for mark in read_marks(item.pairs) & wanted:
            hit.update(by_mark[mark])
        for position in sorted(hit):
            if not counts[position]:
                first.append(position)
            counts[position] += 1
    return {keys[position]: counts[position] for position in first}


def is_gap(phrase: str, known: Set[str], spaced: str | None = None) -> bool:
    """May a topic phrase enter beside the mined vocabulary's keys ``known``?  Not when it is a longer
    known key's words without that key's head ("large language" of "large language model"): a
    fragment; unless an item chose it whole within its caps (it is in ``known``: "coding agent"
    beside "coding agent harness").  A phrase mining took may enter: a term that items address
    beyond their caps is no node while fewer than ``mining.min_links`` of them choose it within
    ("operating model": 21 items address it, one chose it), and a node the items address is
    linked by each of them, as a topic word's is.  ``spaced``: ``spaced_keys(known)``, when the
    caller asks for many phrases (one search in C rules out nearly all of them)."""
    if phrase in known:
        return True
    padded = f" {phrase} "
    if spaced is not None and padded not in spaced:
        return True
    return not any(padded in f" {key} " and not key.endswith(f" {phrase}") for key in known if " " in key)


def spaced_keys(known: Set[str]) -> str:
    """Every key of two words or more of ``known`` as " key ", NUL apart (in no key): a phrase
    written whole words inside one of them is found in this text, and only then."""
    return "\0".join(f" {key} " for key in known if " " in key)


def with_topics(vocabulary: Vocabulary, choice: TopicChoice, joins: Mapping[str, str] | None = None) -> Vocabulary:
    """``vocabulary`` with each topic a term (the term of its key when the vocabulary has one) that
    every item addressing it uses, beyond its caps (``ItemTerms.beyond``), and found by ``mentions``.
    Its plural is an alias only when an item writes it (``TopicChoice.plural_writers``), and each
    item gives it to the node only when that item writes it: its use depends on it alone.
    ``joins``: topic key -> the mined term it is (``topic_join.topic_targets``), where the index
    does not know the key."""
    joins = joins or {}
    if not choice.topics:
        return vocabulary
    growth = Growth.of(vocabulary)
    terms, index = growth.terms, growth.index
    beyond: dict[str, list[str]] = defaultdict(list)
    for key in sorted(choice.topics):
        name = index.get(key) or joins.get(key) or (files.node_name(key) if files.is_file_key(key) else key.replace(" ", "-"))
        old = terms.get(name)
        slugs = choice.addressers[key]
        label, forms = _label_forms(key)
        writers = choice.plural_writers.get(key, frozenset())
        # its own aliases too: whether mining also took it must not change what the node is found by
        base = [*(old.aliases if old is not None else ()), *(form for form in forms if form != plurals.plural(key))]
        # the plural is an alias as the items write it: the term's when one does, an item's use when it does
        found_by = {False: prune_aliases(name, base), True: prune_aliases(name, [*base, *forms])}
        # an item that links it beyond its caps gives the node the topic's own forms only: a mined
        # term's aliases are the forms its choosers write ("GHC"), not every addresser's
        spelled = {form.lower() for form in forms}
        own = {plural: tuple(alias for alias in aliases if alias.lower() in spelled)
               for plural, aliases in found_by.items()} if old is not None else found_by
        if old is None:
            kind = topic_kind(key)
            terms[name] = Term(name, kind, label, found_by[bool(writers)], slugs)
        else:
            kind = old.kind
            terms[name] = dataclasses.replace(old, items=tuple(sorted(set(old.items) | set(slugs))),
                                              aliases=found_by[bool(writers)])
        growth.index_key(key, name)
        for slug in slugs:
            uses = growth.with_use(slug, TermUse(name, tuple(dict.fromkeys((terms[name].label, *own[slug in writers])))),
                                   kind)
            if uses is not None:  # else the item chose it within its caps already
                growth.per_item[slug] = uses
                beyond[slug].append(name)
    for slug, linked in beyond.items():
        growth.per_item[slug] = dataclasses.replace(growth.per_item[slug], beyond=tuple(linked))
    return growth.grown(topics=choice.topics)


def _label_forms(key: str) -> tuple[str, list[str]]:
    """A topic's label and the forms it may be found by: a name's capitalised, with no plural
    (``extract.names``: "Microsoft"), a topic word's or phrase's as its key and its plural
    (``extract.plurals``: an alias only where the items write it, ``with_topics``)."""
    if names.is_name_key(key):
        return names.label(key), [names.label(key)]
    if files.is_file_key(key):  # as the convention writes it: "AGENTS.md"
        return files.label(key), [files.label(key)]
    if compounds.is_compound_key(key):  # written as one word: "human-in-the-loop"
        return compounds.hyphenated(key), [compounds.hyphenated(key), key]
    if compounds.is_prefixed_key(key):  # as its key: "multi-agent", never a plural ("multi-agents" is its key's too)
        return key, [key]
    plural = plurals.plural(key)  # "guardrails", "technical debts": the search is a substring test
    return key, [key, *([plural] if plural is not None else [])]


def topic_kind(key: str) -> TermKind:
    """A topic word is a concept unless it names a way of doing (WordNet's activity, a method
    head): ``classify``'s "-ing" rule is for mined phrases, and a topic word is a noun of one
    sense ("substring" is no process).  A topic phrase is of the kind its head gives a mined one."""
    if " " in key:
        return classify(key)
    if names.is_name_key(key) or files.is_file_key(key):
        return TermKind.CONCEPT  # an organisation, a product or a standard (README)
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
