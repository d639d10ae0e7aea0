"""The near-duplicate rule, shared by canonicalisation (merge) and lint (report).

Reference: the theme vocabulary's growth policy.  Two names are *distinct*
only when their Levenshtein edit distance is > 2 **and** their token Jaccard
similarity is < 0.6; otherwise they are candidate duplicates.  Both limits are
configurable (``merge:`` in kgsync.yml).  Very short names (acronyms) are
compared exactly, because "rag" and "rlhf" are 2 edits apart and distinct.

The edit-distance half is meant for spelling variants of one name, and two
edits turn many English words into others ("testing"/"letting",
"connector"/"connects", "routing"/"hosting").  So a close pair is a duplicate
only when the edits are a variant, not a different word: the names are equal
without their separators ("fine-tuning"/"finetuning", "data-set"/"dataset"),
or they have the same words but one, and that one is the other's plural
("rag-eval"/"rag-evals") or differs by derivation from a shared stem of at
least 5 letters ("agent-memory"/"agentic-memory").

The reports (``near_duplicate_pairs``: lint, ``kgsync duplicates``, the review PR) add the pairs a
reader merges though they share no written word (``same_idea_pairs``: "agentic artificial
intelligence" / "ai agent"); canonicalisation never merges those by itself.
"""

from __future__ import annotations

import math
import re
import sys
from collections import defaultdict
from collections.abc import Container, Iterable
from itertools import chain, combinations

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from kgsync.extract.canonical import term_key
from kgsync.read.config import Merge

_TOKEN = re.compile(r"[a-z0-9]+")

#: Below this length, names are too short for edit distance to mean anything.
MIN_LENGTH_FOR_EDIT_DISTANCE = 6


def tokens(name: str) -> frozenset[str]:
    return frozenset(_TOKEN.findall(name.lower()))


def token_jaccard(a: str, b: str) -> float:
    ta, tb = tokens(a), tokens(b)
    if not ta and not tb:
        return 1.0
    return len(ta & tb) / len(ta | tb)


def _edit_limit(rule: Merge) -> int:
    """``rule.min_edit_distance`` as rapidfuzz takes a score cutoff (a C ``size_t``): kgsync.yml may hold
    any whole number, and no two names are ``sys.maxsize`` edits apart, so a larger one means the same."""
    return min(rule.min_edit_distance, sys.maxsize)


def is_near_duplicate(a: str, b: str, rule: Merge = Merge()) -> bool:
    """True when ``a`` and ``b`` fail the distinctness test of ``rule``."""
    if a == b:
        return True
    short = min(len(a), len(b)) < MIN_LENGTH_FOR_EDIT_DISTANCE
    limit = _edit_limit(rule)
    close = not short and Levenshtein.distance(a, b, score_cutoff=limit) < limit
    if close and spelling_variant(a, b):
        # Different numbers are different things ("gpt-4" / "gpt-5", "llm01" / "llm02").
        return _digits(a) == _digits(b)
    return len(tokens(a)) > 1 and len(tokens(b)) > 1 and token_jaccard(a, b) >= rule.max_token_jaccard


#: "AI-assisted", "LLM-based", "agent-driven": a word and a past participle, hyphenated.
_PARTICIPLE_COMPOUND = re.compile(r"([A-Za-z0-9]+)-([a-z]+ed)\b")


def compound_readings(surface: str) -> list[str]:
    """A surface's keys with each hyphenated participle compound that is not its last word read as
    its first word ("AI-assisted coding" -> "ai coding": an AI-assisted practice is the AI one, the
    participle says how, not what); nothing when it has none.  Both merges read it
    (``groups._merge_near_duplicates``, ``topic_join``): a name's ``-`` hides the compound."""
    out = []
    for match in _PARTICIPLE_COMPOUND.finditer(surface):
        if match.end() >= len(surface.rstrip()):
            continue  # the head itself ("human-supervised"): no modifier to read
        key = term_key(surface[: match.start()] + match.group(1) + surface[match.end():])
        if key:
            out.append(key)
    return out


def compound_names(surfaces: Iterable[str]) -> set[str]:
    """The node names (hyphen-joined keys) that ``surfaces`` read as by ``compound_readings``: what
    both merges compare a term's names with."""
    return {reading.replace(" ", "-") for surface in surfaces for reading in compound_readings(surface)}


def spelling_variant(a: str, b: str) -> bool:
    """Are close names spelling variants (see the module doc) rather than different words?  Also what
    the review reads as one name whatever the words' heads (``kin.two_things``: "fine-tuning" / "finetuning")."""
    if "".join(_TOKEN.findall(a.lower())) == "".join(_TOKEN.findall(b.lower())):
        return True
    wa, wb = _TOKEN.findall(a.lower()), _TOKEN.findall(b.lower())
    if len(wa) != len(wb) or len(wa) < 2:
        return False
    differing = [(x, y) for x, y in zip(wa, wb) if x != y]
    if len(differing) != 1:
        return False
    x, y = differing[0]
    if plural_of(x, y) or plural_of(y, x):
        return True
    stem = 0
    while stem < min(len(x), len(y)) and x[stem] == y[stem]:
        stem += 1
    return stem >= 5


def plural_of(word: str, other: str) -> bool:
    """"evals" / "eval", "analyses" / "analysis": the same word in number."""
    return other in (word + "s", word + "es") or (word.endswith("is") and other == word[:-2] + "es")


def _digits(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\d+", name))


#: A block (shared token or 3-letter prefix) larger than this is a hub: its pairs are not compared.
MAX_BLOCK = 400


def near_duplicate_pairs(names: Iterable[str], rule: Merge = Merge()) -> list[tuple[str, str]]:
    """Sorted candidate duplicate pairs among ``names``.

    Blocking keeps this far below quadratic: a pair can only be near when the
    names share a token or have similar length and a common 3-letter prefix.
    A pair is reported when ``is_near_duplicate`` holds and the two names share
    a block of at most ``MAX_BLOCK`` names (a hub token: pairs there are found
    through their other tokens).

    Speed (lint runs this on every build): instead of testing every pair of a
    block in Python, edit-distance neighbours are found by rapidfuzz in C within
    each block, and token-Jaccard neighbours by prefix filtering (two sets with
    Jaccard >= t share some of their rarest tokens); only those candidates are
    tested.  The result is the same as testing every pair of every small block.
    """
    unique = sorted(set(names))
    token_sets = [tokens(name) for name in unique]
    blocks: dict[str, list[int]] = defaultdict(list)
    for index, name in enumerate(unique):
        for token in token_sets[index]:
            blocks["t:" + token].append(index)
        blocks["p:" + name[:3]].append(index)
    if rule.max_token_jaccard <= 0:  # every multi-token pair is near: no filter helps
        return sorted(set(_pairs_in_blocks(unique, blocks, rule)) | same_idea_pairs(unique))
    small = [members for members in blocks.values() if 1 < len(members) <= MAX_BLOCK]
    candidates = _edit_distance_candidates(unique, small, rule)
    small_keys = _SmallBlocks(unique, token_sets, blocks)
    for pair in _jaccard_candidates(token_sets, blocks, rule, small_keys):
        if pair not in candidates and not small_keys[pair[0]].isdisjoint(small_keys[pair[1]]):
            candidates.add(pair)
    pairs = {(unique[i], unique[j]) for i, j in candidates if is_near_duplicate(unique[i], unique[j], rule)}
    return sorted(pairs | same_idea_pairs(unique))


#: An adjective made from a noun by "-ic" ("agentic" of "agent", "algorithmic" of "algorithm"),
#: when the noun left has at least this many letters ("public" is no "publ").
_MIN_STEM = 5

#: The longest run of words an acronym contracts ("artificial intelligence" -> "ai").
_MAX_RUN = 4


def same_idea_pairs(names: Iterable[str]) -> set[tuple[str, str]]:
    """Sorted pairs of names (``a < b``) with the same content words once an acronym's long form
    is contracted to its initials and an "-ic" adjective is read as its noun: "agentic artificial
    intelligence" / "ai agent" (both "agent" + "ai").  The distinctness rule never pairs them
    (no word in common as written), but a reader merges them.  Only reported (lint, ``kgsync
    duplicates``, the review PR), never merged by the build: whether the adjective and the
    noun name one idea ("agentic system" / "agent system") is a maintainer's call, made once in
    the vocabulary file (``merge_line``).  Grouped by signature: linear in the names."""
    by_signature: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for name in names:
        for signature in _signatures(_TOKEN.findall(name.lower())):
            by_signature[signature].add(name)
    pairs: set[tuple[str, str]] = set()
    for group in by_signature.values():
        for a, b in combinations(sorted(group), 2):
            if _digits(a) == _digits(b):
                pairs.add((a, b))
    return pairs


def _signatures(words: list[str]) -> set[tuple[str, ...]]:
    """The name's content words read as nouns (sorted), and the same with each run of 2 to
    ``_MAX_RUN`` words contracted to its initials: a long form and its acronym meet.  A name of
    one word (or one contracted) has none: a single word pairs by spelling only."""
    if len(words) < 2:
        return set()
    stems = [_noun_of(word) for word in words]
    out = {tuple(sorted(stems))}
    for size in range(2, min(_MAX_RUN, len(words)) + 1):
        for start in range(len(words) - size + 1):
            run = words[start:start + size]
            if all(word.isalpha() for word in run):
                contracted = stems[:start] + ["".join(word[0] for word in run)] + stems[start + size:]
                if len(contracted) > 1:
                    out.add(tuple(sorted(contracted)))
    return out


def _noun_of(word: str) -> str:
    """"agentic" -> "agent": an "-ic" adjective's noun (``_MIN_STEM``); any other word as it is."""
    return word[:-2] if word.endswith("ic") and len(word) - 2 >= _MIN_STEM else word


def merge_line(a: str, b: str, themes: Container[str] = frozenset()) -> tuple[str, str]:
    """(variant, canonical name) of the ``merges:`` line of kgsync-vocab.yml that would merge two
    candidate duplicates: the shorter name (fewer words, then fewer letters, then the first in
    order) stands, as the broader or the abbreviated one; the other is written as its words.  A
    name with an initial for a word ("h-neuron-activation") stands over none that spells its
    words out ("hallucination-associated-neurons"): its initial abbreviates that one's word, so
    it is the narrower or a facet, whatever its length.  A name of ``themes`` (a theme's node,
    ``kin.theme_nodes``) stands whatever its length: a line joins mined terms, so one whose
    variant is a theme's node does nothing (``agentic ai: ai-agent`` leaves ``agentic-ai``); the
    caller offers no line for two themes' nodes."""
    canonical, variant = sorted((a, b), key=lambda n: (n not in themes, _has_initial(n), len(_TOKEN.findall(n)),
                                                       len(n), n))
    return " ".join(_TOKEN.findall(variant.lower())), canonical


def _has_initial(name: str) -> bool:
    """A word of one letter in a name: an initial ("h-neuron"), not a word spelled out."""
    return any(len(word) == 1 and word.isalpha() for word in _TOKEN.findall(name.lower()))


class _SmallBlocks:
    """index -> keys of the small blocks holding that name (computed on demand)."""

    def __init__(self, unique: list[str], token_sets: list[frozenset[str]], blocks: dict[str, list[int]]):
        self.unique, self.token_sets, self.blocks = unique, token_sets, blocks
        self.cache: dict[int, set[str]] = {}

    def __getitem__(self, index: int) -> set[str]:
        keys = self.cache.get(index)
        if keys is None:
            names = ["t:" + token for token in self.token_sets[index]] + ["p:" + self.unique[index][:3]]
            keys = self.cache[index] = {key for key in names if len(self.blocks[key]) <= MAX_BLOCK}
        return keys


def _pairs_in_blocks(unique: list[str], blocks: dict[str, list[int]], rule: Merge) -> list[tuple[str, str]]:
    """The definition: test every pair of every small block."""
    pairs: set[tuple[int, int]] = set()
    for members in blocks.values():
        if len(members) > MAX_BLOCK:
            continue
        for i, j in combinations(members, 2):
            if (i, j) not in pairs and is_near_duplicate(unique[i], unique[j], rule):
                pairs.add((i, j))
    return sorted((unique[i], unique[j]) for i, j in pairs)


def _edit_distance_candidates(unique: list[str], small: list[list[int]], rule: Merge) -> set[tuple[int, int]]:
    """Pairs of long names within one small block whose edit distance is below the limit."""
    found: set[tuple[int, int]] = set()
    cutoff = _edit_limit(rule) - 1  # "close" means distance < min_edit_distance
    if cutoff < 1:
        return found  # only identical names would be close, and names are unique
    for members in small:
        long = [i for i in members if len(unique[i]) >= MIN_LENGTH_FOR_EDIT_DISTANCE]
        choices = [unique[i] for i in long]
        for position in range(len(long) - 1):
            rest = choices[position + 1 :]
            for _, _, offset in process.extract(
                choices[position], rest, scorer=Levenshtein.distance, score_cutoff=cutoff, limit=None
            ):
                found.add((long[position], long[position + 1 + offset]))
    return found


def _jaccard_candidates(
    token_sets: list[frozenset[str]], blocks: dict[str, list[int]], rule: Merge, small_keys: _SmallBlocks
) -> set[tuple[int, int]]:
    """Pairs of multi-token names sharing a small block whose token Jaccard reaches the limit.

    Prefix filtering: with tokens ordered rarest first, two sets that share at
    least o tokens share k of them (k <= o) among the first |A| - o + k of each.
    Jaccard >= t needs o >= t*|A| (as |A u B| >= |A|); above t = 0.5 every
    multi-token pair needs o >= 2, so keys are token pairs (far fewer candidates).
    """
    frequency = {token: len(blocks["t:" + token]) for token in set(chain.from_iterable(token_sets))}
    threshold = rule.max_token_jaccard
    k = 2 if threshold > 0.5 else 1
    by_key: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for index, token_set in enumerate(token_sets):
        if len(token_set) < 2:
            continue
        # The -1e-9 keeps float error on the safe side (a smaller o only adds candidates).
        overlap = max(k, math.ceil(threshold * len(token_set) - 1e-9))
        rarest = sorted(token_set, key=lambda token: (frequency[token], token))
        for key in combinations(rarest[: len(token_set) - overlap + k], k):
            by_key[key].append(index)
    found: set[tuple[int, int]] = set()
    for key, members in by_key.items():
        if len(members) < 2:
            continue
        if min(frequency[token] for token in key) <= MAX_BLOCK:
            groups: Iterable[list[int]] = (members,)  # a shared token's block is small: every pair counts
        else:
            # Hub tokens' blocks are skipped: only pairs that share some other small block count.
            buckets: dict[str, list[int]] = defaultdict(list)
            for index in members:
                for block in small_keys[index]:
                    buckets[block].append(index)
            groups = buckets.values()
        for group in groups:
            for i, j in combinations(group, 2):
                if (i, j) not in found:
                    a, b = token_sets[i], token_sets[j]
                    if len(a & b) >= threshold * len(a | b) - 1e-9:
                        found.add((i, j))
    return found
