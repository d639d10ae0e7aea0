"""The corpus's acronym map and what it does to the vocabulary: which group a key resolves to, the
acronym entries the manifest records, and the mention index with acronym variants."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from kgsync.extract.canonical import term_key
from kgsync.extract.mining import ItemCandidates
from kgsync.vocabulary.groups import _Group, _is_short
from kgsync.vocabulary.terms import _lengths_of
from kgsync.vocabulary.vocab_file import PinnedVocabulary


#: First word -> (words, their replacement): an acronym and its expansion (``_acronym_swaps``).
_Swaps = Mapping[str, Sequence[tuple[tuple[str, ...], tuple[str, ...]]]]


def _resolve(key: str, local: Mapping[str, str], pinned: PinnedVocabulary, global_acronyms: Mapping[str, str]) -> str:
    """The group a candidate key joins: pinned merges and names first, then the item's
    own acronym definition, then the corpus's."""
    target = pinned.resolve(key)
    if target != key or target in pinned.key_to_name:
        return target
    expansion = local.get(key) or global_acronyms.get(key)
    return pinned.resolve(expansion) if expansion else key


def _acronym_map(cands: Sequence[ItemCandidates]) -> dict[str, str]:
    """acronym key -> the expansion key the earliest item (slug order: slugs start with their
    date) defines it as.  Not a majority: a vote flips when items come and go, the first
    definition does not when later work is added (locality)."""
    out: dict[str, str] = {}
    for item in sorted(cands, key=lambda c: c.slug):
        for short, long in sorted(item.acronyms):
            out.setdefault(short, long)
    return out


def _acronym_entries(ordered: Sequence[ItemCandidates],
                     global_acronyms: Mapping[str, str]) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The acronym map with, per acronym, the items that take its expansion from it: they
    write the acronym as a term and do not define it themselves (``_resolve``)."""
    users: dict[str, list[str]] = {}
    for item in ordered:
        own = {short for short, _long in item.acronyms}
        for candidate in item.terms:
            if candidate.key in global_acronyms and candidate.key not in own:
                users.setdefault(candidate.key, []).append(item.slug)
    return tuple((short, long, tuple(sorted(set(users.get(short, ())))))
                 for short, long in sorted(global_acronyms.items()))


def _mention_index(groups: Mapping[str, _Group], kept: set[str], by_key: Mapping[str, str],
                   pinned: PinnedVocabulary, swaps: _Swaps | None = None,
                   ) -> tuple[dict[str, str], frozenset[str], dict[str, tuple[int, ...]]]:
    index: dict[str, str] = {}
    acronym_only: set[str] = set()
    swaps = swaps or {}
    for g in sorted(kept):
        name = by_key[g]
        keys = {g} | groups[g].keys | {term_key(s) for s in groups[g].surfaces}
        keys |= {term_key(a) for a in pinned.aliases.get(name, ())}
        for surface in groups[g].surfaces:
            if _is_short(surface):
                acronym_only.add(term_key(surface))
        for key in sorted(k for k in keys if k):
            index.setdefault(key, name)
        for key in sorted(k for k in keys if k):  # after the written keys: a written key always wins
            for variant in _acronym_variants(key, swaps):
                if variant not in index:
                    index[variant] = name
                    if " " not in variant:
                        acronym_only.add(variant)  # a lone acronym matches only in capitals
    return index, frozenset(acronym_only), _lengths_of(index)


def _acronym_swaps(acronyms: Mapping[str, str]) -> _Swaps:
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


def _acronym_variants(key: str, swaps: _Swaps) -> list[str]:
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
