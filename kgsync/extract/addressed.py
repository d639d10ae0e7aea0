"""The keys of the phrases and acronyms one item addresses: what a bucket theme's ideas are looked up in.

Which phrases matter is the repository's vocabulary's (a bucket theme's Scope: ``vocabulary.facets``),
read after the per-file stage; a record depends on its file alone.  So each item keeps the keys of
what it addresses by the address rule of topics (``topics.addresses``: three mentions in its whole
text, one where it concludes), from counts the per-file stage has made already; no text is read
again (facets65's own scan of every run of two or three words cost the read stage a whole pass, issue 24):

* each two-word phrase among its topic words (``ItemCandidates.topic_words``: the two-word terms mining
  keeps, counted in the whole text and the dense zones by ``topics.phrase_scan_cut``; hyphenated
  compounds, "low-code", by ``compounds``), keyed as a term is (``canonical.term_key``);
* each word written like an acronym ("MLOps", "MCP": capitals inside), from the letter runs of the
  whole text and the dense zones (``item_text``), keyed by ``canonical.word_key``.

A phrase mining keeps no two-word term of (one written only inside a longer term or as a modifier,
"agent memory management"; a three-word phrase, "supply-chain risk") is not kept: what the record holds
decides.  A plain single word is never kept: no vocabulary phrase this serves is one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import filterfalse

from kgsync.extract.canonical import word_key
from kgsync.extract.topics import addresses


def addressed_keys(topic_words: Iterable[tuple[str, int, int, int]], runs: Counter[bytes],
                   dense_runs: Counter[bytes]) -> tuple[str, ...]:
    """The keys of the two-word phrases of ``topic_words`` (key, whole-text mentions, dense mentions,
    stated mentions) and the acronyms of ``runs`` (the whole text's letter runs; ``dense_runs``: the
    dense zones') the item addresses, sorted (see the module doc)."""
    found = {key for key, n, dense, _stated in topic_words if " " in key and addresses(n, dense)}
    dense_acronyms = _acronyms(dense_runs)
    if dense_acronyms:  # most items write none where they conclude: the whole text's runs are not read
        found.update(key for key, n in _acronyms(runs).items() if addresses(n, dense_acronyms.get(key, 0)))
    return tuple(sorted(found))


def _acronyms(runs: Counter[bytes]) -> Counter[str]:
    """Mentions of each word written like an acronym (a capital inside: "MLOps", "MCP"), by ``word_key``."""
    out = Counter[str]()
    for run in filterfalse(bytes.istitle, filterfalse(bytes.islower, runs)):  # most runs: skipped in C
        if len(run) > 1:
            out[word_key(run.decode("ascii").lower())] += runs[run]
    return out
