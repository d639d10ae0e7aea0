"""The corpus's acronym map and what it does to the vocabulary: which group a key resolves to, the
acronym entries the manifest records, and the mention index with acronym variants."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence

from kgsync.extract import wordnet
from kgsync.extract.acronyms import LINKING_WORDS
from kgsync.extract.canonical import term_key
from kgsync.extract.idea import in_capitals
from kgsync.extract.mining import DEFINED, ItemCandidates
from kgsync.vocabulary.groups import CandidateGroup, is_lone_acronym
from kgsync.vocabulary.terms import Term, phrase_lengths_by_first_word
from kgsync.vocabulary.vocab_file import PinnedVocabulary


#: First word -> (words, their replacement): an acronym and its expansion (``acronym_swaps``).
AcronymSwaps = Mapping[str, Sequence[tuple[tuple[str, ...], tuple[str, ...]]]]


#: acronym key -> its expansion keys, the earliest definer's first (``acronym_map``).
Expansions = Mapping[str, tuple[str, ...]]


def resolved_group_key(key: str, local: Mapping[str, str], pinned: PinnedVocabulary, global_acronyms: Mapping[str, str]) -> str:
    """The group a candidate key joins: pinned merges and names first, then the item's
    acronym map (``item_acronyms``), then ``global_acronyms`` (only for the stoplist)."""
    target = pinned.resolve(key)
    if target != key or target in pinned.key_to_name:
        return target
    expansion = local.get(key) or global_acronyms.get(key)
    return pinned.resolve(expansion) if expansion else key


def is_ordinary_in_capitals(key: str, surfaces: Sequence[tuple[str, int]], flags: int) -> bool:
    """"RUN" in "RUN vs BUILD", "URL": an ordinary English word or an everyday thing's abbreviation
    (``wordnet.is_ordinary``) written in capitals that neither this item nor the shared acronym map
    expands (the caller asks only for a key that kept its letters).  Capitals emphasise the word or
    spell a dictionary thing; with no definition there is no research acronym to name."""
    return (" " not in key and not flags & DEFINED and wordnet.is_ordinary(key)
            and all(in_capitals(surface) for surface, _count in surfaces))


def acronym_map(cands: Sequence[ItemCandidates],
                 previous: Sequence[tuple[str, str]] = ()) -> dict[str, tuple[str, ...]]:
    """acronym key -> the expansion keys items define it as, the earliest item's (slug order:
    slugs start with their date) first, then those the last build's manifest recorded
    (``previous``) for an acronym some item still writes: a vocabulary that stays put, so
    deleting the one item that spells an acronym out renames no other item's term, and an
    entry retires only when no item writes the acronym.  Not a majority: a vote flips when
    items come and go."""
    out: dict[str, list[str]] = {}
    for item in sorted(cands, key=lambda c: c.slug):
        for short, long in sorted(item.acronyms):
            found = out.setdefault(short, [])
            if long not in found:
                found.append(long)
    if previous:
        written = {candidate.key for item in cands for candidate in item.terms} | set(out)
        for short, long in sorted(previous):
            if short in written:
                found = out.setdefault(short, [])
                if long not in found:
                    found.append(long)
    return {short: tuple(longs) for short, longs in out.items()}


def place_expansions(expansions: Expansions, pinned: PinnedVocabulary) -> frozenset[str]:
    """The map's expansions that name a place ("NZ": New Zealand; ``wordnet.is_place``), as the
    group they resolve to: stopped like the stoplist's.  A place is no concept (README): mining
    refuses the place written out (``idea.names_an_idea``), and an acronym of it, which passes as an
    acronym, would name the place's node through the map.  A body that governs a place ("EU") is
    an organisation and stays; a place the vocabulary file pins (or merges into a pinned name) wins."""
    out = set()
    for longs in expansions.values():
        for long in longs:
            target = pinned.resolve(long)
            if target not in pinned.key_to_name and wordnet.is_place(target):
                out.add(target)
    return frozenset(out)


def first_expansions(expansions: Expansions) -> dict[str, str]:
    """acronym key -> its first expansion (the stoplist and the mention index's acronym variants)."""
    return {short: longs[0] for short, longs in expansions.items() if longs}


def item_acronyms(item: ItemCandidates, expansions: Expansions) -> dict[str, str]:
    """The acronyms one item's terms stand for.  An expansion comes only from a definition whose
    letters match its words (``kgsync.extract.acronyms.letters_match``): the item's own, else
    one of the shared map (``acronym_map``: the corpus's definitions and the last manifest's)
    that the item writes out somewhere (``ItemCandidates.spelled``), else the map's only
    expansion when it has one.  An acronym the map gives two meanings ("IP": intellectual
    property and Internet Protocol; "DORA") keeps its letters in an item that spells out
    neither: which one it means is not written there.  Depends on this item and the map.

    A plural or a product's use follows the item's own definition: the item on "custom GPTs"
    defines "custom Generative Pre-trained Transformer (GPT)" itself, so its GPT is that
    expansion.  Measured for issue 21 and left out as signals that it should not be: a plural
    (the 273 items write the plural of an acronym they define 68 times, "LLMs", "APIs", "ADRs":
    GPT once), and a definition written inside a compound the item names ("custom ...",
    "agentic Artificial Intelligence (AI)", "remote Model Context Protocol (MCP)", "shadow AI":
    66 (item, acronym, compound) over the 273 items, nearly all of the ordinary sense)."""
    local = dict(item.acronyms)
    spelled: dict[str, set[str]] = {}
    for short, long in item.spelled:
        spelled.setdefault(short, set()).add(long)
    for candidate in item.terms:
        short = candidate.key
        longs = expansions.get(short)
        if not longs or short in local:
            continue
        mine = spelled.get(short, set())
        found = next((long for long in longs if long in mine), None)
        if found is None and len(longs) == 1 and not any(_brand_spelling(s) for s, _n in candidate.surfaces):
            found = longs[0]
        if found is not None:
            local[short] = found
    return local


def _brand_spelling(surface: str) -> bool:
    """"xAI", "iOS": a lower-case letter before capitals is a brand's spelling; the company xAI
    is not explainable AI (XAI) unless the item says so."""
    return len(surface) > 1 and surface[0].islower() and any(c.isupper() for c in surface[1:])


def acronym_entries(ordered: Sequence[ItemCandidates], expansions: Expansions,
                     local: Sequence[Mapping[str, str]] | None = None) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Each (acronym, expansion) of the map with the items that take the expansion from it: they
    write the acronym as a term without defining it (``item_acronyms``; ``local``: those of
    ``ordered``, already found).  The manifest records them all: the next build keeps an entry
    while an item writes the acronym."""
    users: dict[tuple[str, str], list[str]] = {}
    for number, item in enumerate(ordered):
        own = dict(item.acronyms)
        for short, long in (local[number] if local is not None else item_acronyms(item, expansions)).items():
            if short not in own:
                users.setdefault((short, long), []).append(item.slug)
    return tuple((short, long, tuple(sorted(set(users.get((short, long), ())))))
                 for short, longs in sorted(expansions.items()) for long in sorted(longs))


def ambiguous_acronyms(expansions: Expansions, same: Callable[[str, str], bool]) -> frozenset[str]:
    """The acronyms the shared map gives two meanings ("DORA": DevOps Research and Assessment and
    the Digital Operational Resilience Act; "ACL": access control list and the Association for
    Computational Linguistics).  Two spellings of one meaning are one ("architecture" /
    "architectural decision record", "mean time to recovery" / "resolution" by ``same``, the
    near-duplicate rule; "technical" / "technology reference model": ``_same_words``)."""
    return frozenset(short for short, longs in expansions.items()
                     if any(not same(a, b) and not _same_words(a, b) for i, a in enumerate(longs) for b in longs[i + 1:]))


def _same_words(a: str, b: str) -> bool:
    """The same words but for their endings ("site reliability engineer" / "engineering",
    "best match" / "matching 25"), linking words ("and", "of") left out."""
    first = [w for w in a.split(" ") if w not in LINKING_WORDS]
    second = [w for w in b.split(" ") if w not in LINKING_WORDS]
    return len(first) == len(second) and all(x[:4] == y[:4] for x, y in zip(first, second))


def _shared_acronyms(groups: Mapping[str, CandidateGroup], kept: set[str]) -> frozenset[str]:
    """The lone acronyms that two kept groups both write ("DORA" on the DevOps programme's node and
    on the EU Act's): each group's items read it their own way, so the letters alone name neither."""
    owners: dict[str, set[str]] = defaultdict(set)
    for g in kept:
        for surface in groups[g].surfaces:
            if is_lone_acronym(surface):
                owners[term_key(surface)].add(g)
    return frozenset(key for key, found in owners.items() if len(found) > 1)


def mention_index(groups: Mapping[str, CandidateGroup], kept: set[str], by_key: Mapping[str, str],
                   pinned: PinnedVocabulary, swaps: AcronymSwaps | None = None, ambiguous: frozenset[str] = frozenset(),
                   ) -> tuple[dict[str, str], frozenset[str], dict[str, tuple[int, ...]]]:
    """Key -> the name a text that writes it names.  An acronym of two meanings (``ambiguous``, or
    written by two kept groups: ``_shared_acronyms``) names only its own node (the group of its
    letters, where items kept them), never the first of its expansions in name order: a claim
    that writes "DORA" without saying which names neither the programme nor the Act."""
    index: dict[str, str] = {}
    acronym_only: set[str] = set()
    swaps = swaps or {}
    unsure = ambiguous | _shared_acronyms(groups, kept)
    for g in sorted(kept):
        name = by_key[g]
        keys = {g} | groups[g].keys | {term_key(s) for s in groups[g].surfaces}
        pinned_keys = {term_key(a) for a in pinned.aliases.get(name, ())}  # the vocabulary file's word wins
        keys |= pinned_keys
        for surface in groups[g].surfaces:
            if is_lone_acronym(surface):
                acronym_only.add(term_key(surface))
        for key in sorted(k for k in keys if k):
            if key in unsure and key != g and key not in pinned_keys:
                continue
            index.setdefault(key, name)
        for key in sorted(k for k in keys if k):  # after the written keys: a written key always wins
            for variant in acronym_variants(key, swaps):
                if variant not in index:
                    index[variant] = name
                    if " " not in variant:
                        acronym_only.add(variant)  # a lone acronym matches only in capitals
    acronym_only |= ambiguous  # looked up for an item's own reading of it (``item_readings``), in capitals
    return index, frozenset(acronym_only), phrase_lengths_by_first_word(set(index) | ambiguous)


def item_readings(ordered: Sequence[ItemCandidates], expansions: Expansions, ambiguous: frozenset[str],
                  index: Mapping[str, str], pinned: PinnedVocabulary,
                  local: Sequence[Mapping[str, str]] | None = None) -> dict[str, dict[str, str]]:
    """slug -> acronym -> name, for each acronym of two meanings (``ambiguous``) an item reads one
    way (``item_acronyms``: its own definition, or the expansion it writes out; ``local``: those
    of ``ordered``, already found) when that expansion is a term: the name its claims' "DORA"
    stands for.  Depends on the item and the shared map only, like the item's own terms."""
    out: dict[str, dict[str, str]] = {}
    for number, item in enumerate(ordered):
        mine = {}
        mapped = local[number] if local is not None else item_acronyms(item, expansions)
        for short, long in sorted(mapped.items()):
            name = index.get(pinned.resolve(long)) if short in ambiguous else None
            if name is not None:
                mine[short] = name
        if mine:
            out[item.slug] = mine
    return out


def unread_acronym_aliases(terms: Mapping[str, Term], readings: Mapping[str, Mapping[str, str]],
                           ambiguous: frozenset[str], min_links: int) -> dict[str, frozenset[str]]:
    """Term name -> its lone-acronym aliases ("FS", "GHC") of an acronym the shared map gives two meanings
    (``ambiguous``) that fewer than ``min_links`` of the term's own items read as the term (``readings``:
    each item's own definition, or the expansion it writes out; ``item_readings``).  One item's shorthand
    for a thing whose letters other items define as something else ("GitHub Copilot (GHC)" beside the
    Glasgow Haskell Compiler; "Financial Services (FS)" beside the regulators' Feedback Statements) is too
    broad for the node: a search for the letters would land there for every meaning (issue 21).  The bar is
    the one a node needs (``mining.min_links`` items), so each sense its items define alike keeps its
    letters ("DORA" on both the DevOps programme's node and the Act's).  The mention index keeps the keys,
    so no link moves.  Read from the term's items and the shared map only, never from a corpus count."""
    out: dict[str, frozenset[str]] = {}
    for name, term in terms.items():
        if term.pinned:
            continue
        readers = [readings.get(slug, {}) for slug in term.items]
        gone = frozenset(alias for alias in term.aliases
                         if is_lone_acronym(alias) and term_key(alias) in ambiguous
                         and sum(reading.get(term_key(alias)) == name for reading in readers) < min_links)
        if gone:
            out[name] = gone
    return out


def acronym_swaps(acronyms: Mapping[str, str]) -> AcronymSwaps:
    """First word -> (words, their replacement), both ways for the corpus's acronyms: ("ai",) <->
    ("artificial", "intelligence").  An expansion several acronyms share contracts to the first."""
    pairs: dict[tuple[str, ...], tuple[str, ...]] = {}
    for short, long in sorted(acronyms.items()):
        if " " in short or " " not in long:
            continue
        pairs.setdefault((short,), tuple(long.split(" ")))
        pairs.setdefault(tuple(long.split(" ")), (short,))
    out: dict[str, list[tuple[tuple[str, ...], tuple[str, ...]]]] = defaultdict(list)
    for old, new in sorted(pairs.items()):
        out[old[0]].append((old, new))
    return out


def contracted(key: str, swaps: AcronymSwaps) -> str:
    """``key`` with every expansion of the shared map written as its acronym ("enterprise
    artificial intelligence" -> "enterprise ai"): the form two acronym twins share."""
    words_ = key.split(" ")
    out: list[str] = []
    i = 0
    while i < len(words_):
        for old, new in swaps.get(words_[i], ()):
            if len(old) > 1 and tuple(words_[i : i + len(old)]) == old:
                out.extend(new)
                i += len(old)
                break
        else:
            out.append(words_[i])
            i += 1
    return " ".join(out)


def acronym_variants(key: str, swaps: AcronymSwaps) -> list[str]:
    """``key`` with one acronym spelled out or one expansion contracted: a text that writes
    "enterprise AI" names "enterprise artificial intelligence", one that writes "artificial
    intelligence agents" names "AI agent".  The acronym map is the shared vocabulary's (the
    earliest item's definition), so this reads no corpus statistic."""
    words_ = tuple(key.split(" "))
    if len(words_) < 2:
        return []
    out: list[str] = []
    for i, word in enumerate(words_):
        for old, new in swaps.get(word, ()):
            if words_[i : i + len(old)] == old:
                out.append(" ".join(words_[:i] + new + words_[i + len(old) :]))
    return out
