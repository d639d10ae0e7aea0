"""item_shares (kgsync.vocabulary.shares): one item's share of each group, as ``select`` adds it up;
a stop group is no share; pinned phrases are found in the item's text through ``pinned_lookup``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from kgsync.extract.mining import candidates
from kgsync.vocabulary.shares import item_shares, pinned_lookup
from kgsync.vocabulary.vocab import PinnedVocabulary, load_pinned, select_with_stats
from tests.item_corpus import corpus
from tests.vocabulary.vocab_setup import OPTIONS



def test_a_stop_group_is_no_share_and_the_others_are_untouched() -> None:
    cands = [candidates(item) for item in corpus()]
    _vocab, stats = select_with_stats(cands, OPTIONS)
    item = next(c for c in cands if c.slug == "2026-01-01-kg-basics")
    shares = item_shares(item, PinnedVocabulary(), stats, None)
    assert "knowledge graph" in shares and shares["knowledge graph"].focus
    assert not set(shares) & stats.stop
    stopped = item_shares(item, PinnedVocabulary(), replace(stats, stop=stats.stop | {"knowledge graph"}), None)
    assert "knowledge graph" not in stopped
    assert stopped == {g: s for g, s in shares.items() if g != "knowledge graph"}


def test_a_pinned_phrase_the_item_writes_is_a_share(tmp_path: Path) -> None:
    assert pinned_lookup(PinnedVocabulary()) is None
    path = tmp_path / "kgsync-vocab.yml"
    path.write_text("terms:\n  zorblax-engine: {kind: concept}\n", encoding="utf-8")
    pinned = load_pinned(path)
    lookup = pinned_lookup(pinned)
    assert lookup is not None
    item = replace(candidates(corpus()[0]), dense="We cooled the zorblax engine twice.")
    _vocab, stats = select_with_stats([candidates(i) for i in corpus()], OPTIONS, pinned)
    share = item_shares(item, pinned, stats, lookup)[pinned.resolve("zorblax engine")]
    assert share.focus and share.score == 1.0


def test_an_item_s_vocabulary_share_keeps_the_others_terms_as_its_candidates_did() -> None:
    # The share (its rows of what it chooses, opens findings with or writes as a hub, its acronym pairs)
    # is what the selection reads in the place of a failing item: every other item keeps its terms,
    # their names and aliases; the item's own rows outside it are fewer.
    from kgsync.vocabulary.shares import vocabulary_share

    cands = [candidates(item) for item in corpus()]
    vocabulary, stats = select_with_stats(cands, OPTIONS)
    lookup = pinned_lookup(PinnedVocabulary())
    for index, item in enumerate(cands):
        share = vocabulary_share(item, PinnedVocabulary(), stats, OPTIONS.caps, lookup)
        assert set(share.terms) <= set(item.terms) and (share.acronyms, share.spelled) == (item.acronyms, item.spelled)
        assert not share.dense and not share.topic_words
        again = select_with_stats([*cands[:index], share, *cands[index + 1:]], OPTIONS, previous_topics=vocabulary.topics)[0]
        others = [c.slug for c in cands if c.slug != item.slug]
        assert [again.per_item[s] for s in others] == [vocabulary.per_item[s] for s in others], item.slug
        assert {n: t.aliases for n, t in again.terms.items()} == {n: t.aliases for n, t in vocabulary.terms.items()}, item.slug


def test_the_share_of_what_select_made_is_the_share_made_again(tmp_path: Path) -> None:
    # ``select`` hands each item's groups and choice to ``vocabulary_share`` (not made twice): the same
    # share as made from the stats alone (a reused selection), with a pinned term and with none.
    from kgsync.vocabulary.shares import ItemChoice, vocabulary_share

    cands = [candidates(item) for item in corpus()]
    vocab_file = tmp_path / "kgsync-vocab.yml"
    vocab_file.write_text("terms:\n  retrieval-augmented-generation: {kind: method}\n", encoding="utf-8")
    for pinned in (PinnedVocabulary(), load_pinned(vocab_file)):
        made: dict[str, ItemChoice] = {}
        _vocabulary, stats = select_with_stats(cands, OPTIONS, pinned, made=made)
        assert set(made) == {c.slug for c in cands}
        lookup = pinned_lookup(pinned)
        for item in cands:
            assert (vocabulary_share(item, pinned, stats, OPTIONS.caps, lookup, made[item.slug])
                    == vocabulary_share(item, pinned, stats, OPTIONS.caps, lookup)), item.slug
