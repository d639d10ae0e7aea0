"""Names that stay put: a term the last build wrote keeps its name while items still use it.

Issue 21 item 3: once the graph has named a term, a delete renames nothing.  A term is named by the
earliest item that writes it out (``groups._choose_name``), and a near-duplicate joins the oldest
term (``groups._merge_near_duplicates``); both read which items are in the corpus, so deleting the
one that named a term, or the only one that chose a merge's target, would move the other items'
links to a new name.  The last build's manifest records the mined terms it wrote (``"terms"``) and
its merges; ``standing_names`` reads them after the selection, so the selection itself (and its
cache) stays a function of the items alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from kgsync.extract.canonical import term_key
from kgsync.vocabulary.terms import Vocabulary
from kgsync.vocabulary.vocab_file import PinnedVocabulary


def standing_names(vocabulary: Vocabulary, terms: Iterable[str], merges: Iterable[tuple[str, str]] = (),
                   pinned: PinnedVocabulary | None = None) -> tuple[Vocabulary, Mapping[str, str]]:
    """``vocabulary`` with a term the last build wrote under another name renamed back to it, and
    the renames (this selection's name -> the standing one; none without a manifest):

    - a term whose name the last build did not write, while one it wrote has the same term key (the
      same words in another number or spelling: "prediction-machines" for "prediction-machine",
      after the item that spelled it so went), takes that name;
    - a term the last build merged into another (``merges``: source name -> target name) that stands
      alone now, its target written last time and no term any more (the items that chose the target
      went), takes the target's name: its items keep their node, and the vocabulary keeps recording
      the merge (the next build reads it again; no "no longer merged" event).

    A name another term holds is never taken; hubs keep their names (``hubs``).  The maintainers'
    vocabulary file (``pinned``) always wins: a pinned term or a target of its merges keeps the name
    the selection gave it, and a standing name the file stops, merges into another term or makes
    another pinned name's alias is given to no term (a pinned name itself may be).
    """
    standing = frozenset(terms)
    if not standing:
        return vocabulary, {}
    by_key: dict[str, str] = {}
    for name in sorted(standing):
        by_key.setdefault(term_key(name), name)
    merged_into = dict(merges)
    taken = set(vocabulary.terms)
    pinned = pinned or PinnedVocabulary()
    merging = frozenset({*pinned.merges, *pinned.merges.values()})
    renames: dict[str, str] = {}
    kept_merges: set[tuple[str, str]] = set()
    for name in sorted(vocabulary.terms):
        if name in standing:
            continue
        key = term_key(name)
        if key in vocabulary.hub_keys or vocabulary.terms[name].pinned or key in merging:
            continue
        target, merged = by_key.get(key), False
        if target is None and merged_into.get(name) in standing:
            target, merged = merged_into[name], True
        if target is not None and target not in taken and not _elsewhere(pinned, term_key(target)):
            renames[name] = target
            taken.add(target)
            if merged:
                kept_merges.add((name, target))
    renamed = vocabulary.renamed(renames)
    if kept_merges:
        renamed = dataclasses.replace(renamed, merges=tuple(sorted({*renamed.merges, *kept_merges})))
    return renamed, renames


def _elsewhere(pinned: PinnedVocabulary, key: str) -> bool:
    """Whether the maintainers' file puts ``key`` elsewhere: stops it, merges it into another term or
    makes it another pinned name's alias."""
    return key in pinned.stop_keys or pinned.resolve(key) != key
