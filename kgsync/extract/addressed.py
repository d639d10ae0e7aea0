"""The phrases one item addresses, whatever they are: what a later stage may ask of it by name.

Which phrases matter is the repository's vocabulary's (a bucket theme's Scope: ``vocabulary.facets``),
read after the per-file stage; a record depends on its file alone.  So each item keeps the keys of every
phrase it addresses by the address rule of topics (``topics.addresses``: three mentions in its whole
text, one where it concludes), and the vocabulary's phrases are looked up in them afterwards:

* every run of two or three adjacent words, none a stopword, no clause mark between them ("memory
  management", "supply-chain risk": a hyphen is a space), keyed as a term is (``canonical.term_key``:
  singular, British spelling; the mentions of every spelling of a key added up); not inside a chain
  of four or more words joined by hyphens, which is a name, not prose (an item's slug,
  "2026-03-02-agent-memory-management-context-injection", is no mention of memory management);
* every word written like an acronym ("MLOps", "MCP": capitals inside), keyed likewise.

A plain single word is never kept: no vocabulary phrase this serves is one (``vocabulary.facets``).
Only the words the dense zones write (and their plural or singular) are read, each keyed once, so
that every spelling of a run counts as one; the runs are cut and counted in C (``Counter`` over
``zip``, a byte per word marking where one may start).  About 0.6 s of CPU over the 220 research
items, 3 ms an item (facets65).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import compress, filterfalse, repeat

from kgsync.extract import lexicon
from kgsync.extract.canonical import key_of_words, word_key
from kgsync.extract.topics import _lowered_tokens, addresses

_STOP = frozenset(word.encode() for word in lexicon.STOPWORDS) | {b"."}
#: Four or more words joined by hyphens: a slug or a file's name, no prose (a clause mark in its place).
#: Its tail after the first word: led by a literal hyphen, which the regex finds fast (a pattern led by
#: a class is tried at every character: a hundred times slower); the first word is read back from it.
_CHAIN = re.compile(r"-[a-z0-9]+-[a-z0-9]+-[a-z0-9]+(?:-[a-z0-9]+)*")
_WORD_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


def addressed_phrases(lower: str, dense: str, runs: Counter[bytes], dense_runs: Counter[bytes]) -> tuple[str, ...]:
    """The keys of the phrases and acronyms an item addresses (sorted; see the module doc).
    ``lower``: its whole text in lower case; ``dense``: where it concludes (title, question, summary,
    findings); ``runs``, ``dense_runs``: ``names.letter_runs`` of the two."""
    dense_tokens = _lowered_tokens(_without_chains(dense.lower()))
    # Only the runs of words the dense zones write (or a plural or singular of one) can be addressed:
    # each such word is read as its key (``word_key``) before the runs are cut, so that every spelling
    # of a run is counted as one, and the runs are cut and counted in C (a byte per word marks it).
    keys = {word: word_key(word.decode("utf-8", "replace")) for word in _with_variants(set(dense_tokens) - _STOP)}
    found: set[str] = set()
    if keys:
        whole = _runs(_lowered_tokens(_without_chains(lower)), keys)
        for run, n in _runs(dense_tokens, keys).items():  # a few hundred: the whole text's are thousands
            if addresses(whole[run], n) and all(map(str.isalpha, run)):
                found.add(key_of_words(run))
    dense_acronyms = _acronyms(dense_runs)
    if dense_acronyms:
        found.update(key for key, n in _acronyms(runs).items() if addresses(n, dense_acronyms.get(key, 0)))
    return tuple(sorted(found))


def _runs(tokens: list[bytes], keys: dict[bytes, str]) -> Counter[tuple[str, ...]]:
    """How often ``tokens`` write each run of two and of three adjacent words of ``keys``, by their keys."""
    wanted = int.from_bytes(bytes(map(keys.__contains__, tokens)), "little")
    pairs = wanted & (wanted >> 8)  # a byte 1 where this word and the next are wanted
    triples = pairs & (wanted >> 16)
    size = len(tokens)
    keyed: list[str] = list(map(keys.get, tokens, repeat("")))  # a word not wanted starts no run
    found: Counter[tuple[str, ...]] = Counter(compress(zip(keyed, keyed[1:]), pairs.to_bytes(size, "little")))
    found.update(compress(zip(keyed, keyed[1:], keyed[2:]), triples.to_bytes(size, "little")))
    return found


def _with_variants(words: set[bytes]) -> set[bytes]:
    """The words and their regular plural or singular: "window" / "windows", "policy" / "policies"."""
    out = set(words)
    for word in words:
        out.add(word + b"s")
        if word.endswith(b"s"):
            out.add(word[:-1])
        if word.endswith(b"y"):
            out.add(word[:-1] + b"ies")
        elif word.endswith(b"ies"):
            out.add(word[:-3] + b"y")
    return out


def _without_chains(text: str) -> str:
    """``text`` with each chain of four or more words joined by hyphens (a slug, a file's name) a clause
    mark (``_CHAIN``)."""
    if text.count("-") < 3:
        return text
    pieces, last = [], 0
    for match in _CHAIN.finditer(text):
        start = match.start()
        while start > last and text[start - 1] in _WORD_CHARACTERS:
            start -= 1  # back over the chain's first word
        pieces += [text[last:start], " . "]
        last = match.end()
    if not pieces:
        return text
    pieces.append(text[last:])
    return "".join(pieces)


def _acronyms(runs: Counter[bytes]) -> Counter[str]:
    """Mentions of each word written like an acronym (a capital inside: "MLOps", "MCP"), by ``word_key``."""
    out = Counter[str]()
    for run in filterfalse(bytes.istitle, filterfalse(bytes.islower, runs)):  # most runs: skipped in C
        if len(run) > 1:
            out[word_key(run.decode("ascii").lower())] += runs[run]
    return out

