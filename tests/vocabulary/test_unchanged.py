"""kgsync.vocabulary.unchanged: reusing the last vocabulary (``selection_unchanged``, ``same_hubs``).

The caches' effect on whole builds (every shortcut gives a fresh build's bytes) is tested
end to end in tests/pipeline/test_stages.py.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kgsync.vocabulary import unchanged
from kgsync.vocabulary.node_kinds import ItemRoles
from kgsync.vocabulary.terms import TermKind
from kgsync.vocabulary.unchanged import selection_unchanged
from kgsync.read.config import Mining, VocabularyOptions
from kgsync.read.items import read_item_bytes
from kgsync.extract.mining import ItemCandidates, candidates
from kgsync.vocabulary.vocab import load_pinned, select, select_with_stats
from tests.item_corpus import corpus, make_item
from tests.vocabulary.vocab_setup import OPTIONS, write


def _generated_candidates(tmp_path: Path, count: int) -> dict[str, bytes]:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import gen_corpus

    return {p.stem: p.read_bytes() for p in gen_corpus.generate(tmp_path / "items", count, seed=3)}


def _candidates_of(slug: str, raw: bytes) -> ItemCandidates:
    item, issues = read_item_bytes(raw, f"Research/completed/{slug}.md", slug)
    assert item is not None, issues
    return candidates(item)


_EDITS = (
    # a finding in words the corpus already has: scores move, the selection does not
    lambda raw: raw.replace(b"## Key Findings\n", b"## Key Findings\n\n1. **Incremental rebuilds touch only the "
                            b"changed item's nodes.** (high confidence)\n", 1),
    # a new phrase in the title: a new salient singleton of that item
    lambda raw: raw.replace(b"\ntitle: \"", b"\ntitle: \"Zorblax Quux Engines: ", 1),
    # an item leaves the hub "high confidence" (the hub's item count moves)
    lambda raw: raw.replace(b"high confidence", b"medium certainty"),
    # a kept term gained: its items and the item's ranking change
    lambda raw: raw.replace(b"## Research Question\n\n", b"## Research Question\n\nRetrieval augmented generation "
                            b"and knowledge graphs. ", 1),
    # the summary repeats itself: only that item's scores change
    lambda raw: raw.replace(b"### Executive Summary\n\n", b"### Executive Summary\n\nSeveral sources agree. ", 1),
    # a phrase no other item has (pinned: a pinned term on no item so far)
    lambda raw: raw.replace(b"## Research Question\n\n", b"## Research Question\n\nZorblax quux again. ", 1),
    # a phrase mining does not cut out (pinned: found only through the item's dense text)
    lambda raw: raw.replace(b"## Research Question\n\n", b"## Research Question\n\nA theory of mind? ", 1),
)


# Pinned: a term on many items, one on a few (as a merge target), a stop term and a phrase
# mining does not cut out (found through the items' dense text).
_PINNED = """
terms:
  model-context-protocol: {kind: concept, aliases: [MCP]}
  knowledge-index: {kind: method}
  the-same-mechanism: {kind: concept}
  zorblax-quux: {kind: concept}
  theory-of-mind: {kind: concept}
merges:
  offline guardrail: knowledge index
stoplist:
  - agentic prompt
"""


@pytest.mark.slow
@pytest.mark.parametrize("pinned_text", ["", _PINNED], ids=["mined", "pinned"])
def test_selection_unchanged_only_when_select_gives_the_same_vocabulary(tmp_path: Path, pinned_text: str) -> None:
    """Whenever ``selection_unchanged`` vouches for an edit, selecting again gives the very
    same vocabulary (mention index included) and the stats it returns; edits that change
    the vocabulary are refused, and harmless ones are accepted."""
    raws = _generated_candidates(tmp_path, 150)
    slugs = sorted(raws)
    base = {slug: _candidates_of(slug, raws[slug]) for slug in slugs}
    options = VocabularyOptions(mining=Mining(min_items=2, max_item_share=0.2))
    pinned = load_pinned(write(tmp_path, pinned_text)) if pinned_text else None
    vocab, stats = select_with_stats([base[s] for s in slugs], options, pinned)
    if pinned is not None:
        assert {"model-context-protocol", "the-same-mechanism"} <= set(vocab.terms)
    rng = random.Random(4)
    outcomes: dict[int, list[bool]] = {}
    for round_ in range(42):
        edit = round_ % len(_EDITS)
        victims = rng.sample(slugs, 1 + round_ % 2)
        changed = {slug: _candidates_of(slug, _EDITS[edit](raws[slug])) for slug in victims}
        proof = selection_unchanged(stats, [(base[s], changed[s]) for s in victims], options.caps, pinned)
        again, fresh_stats = select_with_stats([changed.get(s, base[s]) for s in slugs], options, pinned)
        same = (again == vocab and again._index == vocab._index and again._acronym_keys == vocab._acronym_keys
                and again._lengths == vocab._lengths)
        if proof is not None:
            assert same, (edit, victims)
            assert proof == fresh_stats, (edit, victims)
        outcomes.setdefault(edit, []).append(proof is not None)
    if pinned is None:  # edits the items' choices ignore: the shortcut is taken
        assert any(outcomes[0] + outcomes[1] + outcomes[4]), outcomes
    assert not all(outcomes[1]) and not all(outcomes[2]) and not any(outcomes[3])
    if pinned is not None:
        assert not any(outcomes[5]) and not any(outcomes[6])  # a pinned term gains an item


def test_selection_unchanged_refuses_what_it_cannot_prove() -> None:
    items = [candidates(item) for item in corpus()]
    _vocab, stats = select_with_stats(items, OPTIONS)
    assert selection_unchanged(stats, [], OPTIONS.caps) == stats  # nothing changed
    renamed = ItemCandidates(items[0].slug, items[0].terms, (("kg", "knowledge graph"),), items[0].dense)
    assert selection_unchanged(stats, [(items[0], renamed)], OPTIONS.caps) is None  # an acronym definition changed


def test_selection_unchanged_refuses_an_edit_that_moves_the_items_own_terms() -> None:
    """A louder finding moves the item's own ranking: refused; a change the item's choice
    does not see is vouched for."""
    quux = make_item("2026-01-09-quux", "Zorblax quux engines for research agents", "Are zorblax quux engines fast?")
    louder = make_item("2026-01-09-quux", "Zorblax quux engines for research agents", "Are zorblax quux engines fast?",
                       "Blorbic wumpus frames beat zorblax quux engines; blorbic wumpus frames win.")
    items = [candidates(item) for item in corpus()] + [candidates(quux)]
    vocab, stats = select_with_stats(items, OPTIONS)
    assert any(name.startswith("zorblax-quux") for name in vocab.terms)
    assert selection_unchanged(stats, [(items[-1], candidates(quux))], OPTIONS.caps) == stats
    proof = selection_unchanged(stats, [(items[-1], candidates(louder))], OPTIONS.caps)
    if proof is not None:
        assert select(items[:-1] + [candidates(louder)], OPTIONS) == vocab


def test_selection_unchanged_refuses_an_edit_that_names_a_method_as_a_theory() -> None:
    """"The predictive processing framework" written into an item retypes the method's node
    (``node_kinds.item_frames``): the shortcut is refused."""
    items = [candidates(make_item(f"2026-01-0{n}-pp-{n}", "Predictive processing for research agents",
                                  "What does predictive processing predict?",
                                  "Predictive processing minimises prediction error.")) for n in range(1, 4)]
    _vocab, stats = select_with_stats(items, OPTIONS)
    framed = candidates(make_item("2026-01-01-pp-1", "Predictive processing for research agents",
                                  "What does predictive processing predict?",
                                  "The predictive processing framework minimises prediction error."))
    assert selection_unchanged(stats, [(items[0], framed)], OPTIONS.caps) is None


def _generation_item(n: int, summary: str) -> ItemCandidates:
    """Two items on code generation (no hub: half the items), two on vector search."""
    if n <= 2:
        return candidates(make_item(f"2026-01-0{n}-m-{n}", "Code generation for research agents",
                                    "How good is code generation?", summary))
    return candidates(make_item(f"2026-01-0{n}-m-{n}", "Vector search for research agents",
                                "How good is vector search?", "Vector search finds notes by meaning."))


def test_selection_unchanged_refuses_an_edit_that_writes_a_method_as_a_task(monkeypatch: pytest.MonkeyPatch) -> None:
    """"Code generation benchmarks" written into an item retypes the method's node: the shortcut is
    refused, and by ``node_kinds.item_roles`` (with it blind, the same edit takes the shortcut)."""
    items = [_generation_item(n, "Code generation writes programs from specifications.") for n in range(1, 5)]
    vocab, stats = select_with_stats(items, OPTIONS)
    tasked = _generation_item(1, "Code generation writes programs from specifications; code generation benchmarks.")
    assert vocab.terms["code-generation"].kind is TermKind.METHOD
    assert select([tasked, *items[1:]], OPTIONS).terms["code-generation"].kind is TermKind.CONCEPT
    assert selection_unchanged(stats, [(items[0], tasked)], OPTIONS.caps) is None
    monkeypatch.setattr(unchanged, "item_roles", lambda _dense: ItemRoles(frozenset(), frozenset()))
    assert selection_unchanged(stats, [(items[0], tasked)], OPTIONS.caps) is not None
