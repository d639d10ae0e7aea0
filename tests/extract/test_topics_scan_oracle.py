"""``topics.phrase_scan_cut`` reads the relation words after its phrases' mentions (fifth value) from
the hits it reads their frames from: the same as ``relation_mentions``, the second pass over the
whole text's pairs it replaced in ``mining`` (speed18), kept in ``topics`` as the oracle."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgsync.extract import topics
from kgsync.extract.canonical import term_key
from kgsync.extract.record import parse_record
from kgsync.extract.topics import topic_tokens, phrase_scan_cut, relation_mentions

RESEARCH = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "research"  # ../shared beside the repo


def test_the_research_items_get_what_the_oracle_gives(monkeypatch: pytest.MonkeyPatch,
                                                     require_shared: Callable[[Path], Path]) -> None:
    calls = []
    real = topics.phrase_scan_cut

    def spy(whole: list[bytes], dense: list[bytes], stated: list[bytes],
            phrases: Mapping[str, Iterable[str]], *, marks: bytes | None = None) -> tuple[object, ...]:
        got = real(whole, dense, stated, phrases, marks=marks)
        assert got[4] == (relation_mentions(whole, phrases) if phrases else {})
        calls.append(got[4])
        return got

    monkeypatch.setattr(topics, "phrase_scan_cut", spy)
    paths = sorted(p for p in require_shared(RESEARCH).glob("*.md") if p.name != "README.md")
    for path in paths:
        parse_record(path.read_bytes(), str(path), path.stem)
    # at least once per item: an item whose concluding zones name another item (``cited_text``) is mined
    # twice, its own words and as written (``mining.candidates``)
    assert len(paths) == 220 and len(paths) <= len(calls) <= 2 * len(paths)
    assert any(calls)  # some items write a phrase before "from" or "between": not only empty counts


_WORDS = st.sampled_from(["causal", "chain", "chains", "from", "between", "gap", "the", "to", "and", "of",
                          "Causal-Chain", "gaps", "é"])
_TEXTS = st.lists(st.one_of(_WORDS, st.sampled_from(list(" .,;:()-_\n")), st.text(max_size=3)),
                  max_size=40).map("".join)


@given(_TEXTS, st.lists(st.sampled_from(["causal chain", "Causal Chains", "chain gap", "causal-chain", "gap from",
                                         "from between"]), max_size=4))
@settings(max_examples=300, deadline=None)
def test_random_texts_get_what_the_oracle_gives(text: str, written: list[str]) -> None:
    phrases = {key: [w for w in written if term_key(w) == key] for key in {term_key(w) for w in written} if key}
    whole = topic_tokens(text)
    got = phrase_scan_cut(whole, whole, whole, phrases)[4]
    assert got == (relation_mentions(whole, phrases) if phrases else {})


def _old_token_pair_marks(words: list[bytes]) -> bytes:
    """``topics._token_pair_marks`` before its positions were ANDed as one integer (speed18), word for word."""
    import sys
    import zlib
    from array import array
    from itertools import compress, islice, repeat
    from operator import add, and_

    from kgsync.extract.topics import _STOP

    usable = set(words)
    usable -= _STOP
    usable.discard(b".")
    prefix = dict(zip(usable, map(zlib.crc32, map(add, usable, repeat(b" ")))))
    in_pair = list(map(prefix.__contains__, words))
    kept = list(map(and_, in_pair, islice(in_pair, 1, None)))
    marks = array("I", sorted(set(map(zlib.crc32, compress(islice(words, 1, None), kept),
                                      map(prefix.__getitem__, compress(words, kept))))))
    if sys.byteorder == "big":
        marks.byteswap()
    return marks.tobytes()


def test_the_research_items_pair_marks_are_the_oracle_s(require_shared: Callable[[Path], Path]) -> None:
    from kgsync.extract.topics import _token_pair_marks, pair_marks

    paths = sorted(p for p in require_shared(RESEARCH).glob("*.md") if p.name != "README.md")
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        words = topic_tokens(text)
        assert _token_pair_marks(words) == _old_token_pair_marks(words)
        assert pair_marks(text) == _old_token_pair_marks(words)
    assert len(paths) == 220


@given(_TEXTS)
@settings(max_examples=300, deadline=None)
def test_random_texts_pair_marks_are_the_oracle_s(text: str) -> None:
    from kgsync.extract.topics import _token_pair_marks

    words = topic_tokens(text)
    assert _token_pair_marks(words) == _old_token_pair_marks(words)
    assert _token_pair_marks([]) == _old_token_pair_marks([]) == b""
