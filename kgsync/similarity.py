"""The near-duplicate rule, shared by canonicalisation (merge) and lint (report).

Reference: the theme vocabulary's growth policy.  Two names are *distinct*
only when their Levenshtein edit distance is > 2 **and** their token Jaccard
similarity is < 0.6; otherwise they are candidate duplicates.  Both limits are
configurable (``merge:`` in kgsync.yml).  Very short names (acronyms) are
compared exactly, because "rag" and "rlhf" are 2 edits apart and distinct.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from itertools import combinations

from rapidfuzz.distance import Levenshtein

from kgsync.config import Merge

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


def is_near_duplicate(a: str, b: str, rule: Merge = Merge()) -> bool:
    """True when ``a`` and ``b`` fail the distinctness test of ``rule``."""
    if a == b:
        return True
    short = min(len(a), len(b)) < MIN_LENGTH_FOR_EDIT_DISTANCE
    close = not short and Levenshtein.distance(a, b, score_cutoff=rule.min_edit_distance) < rule.min_edit_distance
    if close:
        # Different numbers are different things ("gpt-4" / "gpt-5", "llm01" / "llm02").
        return _digits(a) == _digits(b)
    return len(tokens(a)) > 1 and len(tokens(b)) > 1 and token_jaccard(a, b) >= rule.max_token_jaccard


def _digits(name: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\d+", name))


def near_duplicate_pairs(names: Iterable[str], rule: Merge = Merge()) -> list[tuple[str, str]]:
    """Sorted candidate duplicate pairs among ``names``.

    Blocking keeps this far below quadratic: a pair can only be near when the
    names share a token or have similar length and a common 3-letter prefix.
    """
    unique = sorted(set(names))
    blocks: dict[str, list[int]] = defaultdict(list)
    for index, name in enumerate(unique):
        for token in tokens(name):
            blocks["t:" + token].append(index)
        blocks["p:" + name[:3]].append(index)
    pairs: set[tuple[int, int]] = set()
    for members in blocks.values():
        if len(members) > 400:  # a hub token: pairs there are found through their other tokens
            continue
        for i, j in combinations(members, 2):
            if (i, j) not in pairs and is_near_duplicate(unique[i], unique[j], rule):
                pairs.add((i, j))
    return sorted((unique[i], unique[j]) for i, j in pairs)
