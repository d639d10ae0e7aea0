"""kgsync.graph.veto_names: a veto's claims by the plan's names and the graph's (a reworded finding keeps
its claim's previous name, ``kgsync.graph.claim_identity``).  Through a build: ``tests/extract/test_evidence.py``."""

from __future__ import annotations

import time

from kgsync.contract.model import Facts
from kgsync.extract.evidence_model import ClaimText, EvidenceText
from kgsync.graph.manifest import Manifest
from kgsync.graph.veto_names import VetoNames, veto_names
from kgsync.read.veto_file import Vetoes, renamed_vetoes, unmatched_vetoes

SLUG, OTHER = "2026-03-01-alpha", "2026-02-01-beta"
KEPT, FRESH = f"claim:{SLUG}:caching-halves-latency", f"claim:{SLUG}:caching-cuts-latency"
TARGET = f"claim:{OTHER}:graphs-need-caches"
# The committed manifest: finding 1 of alpha was "Caching halves ..."; it now reads "Caching cuts ...".
BEFORE = Manifest({SLUG: Facts(((KEPT, "claim"),), ((KEPT, "title: Caching halves the latency of graph reads"),
                                                     (KEPT, "section:key-finding-1")))})
TEXTS = {SLUG: EvidenceText(SLUG, (), (ClaimText(1, "caching-cuts-latency", "Caching cuts the latency of graph reads by half"),)),
         OTHER: EvidenceText(OTHER, (), (ClaimText(1, "graphs-need-caches", "Graphs need caches"),))}


def _names(*pairs: tuple[str, str], reads: list[int] | None = None) -> VetoNames:
    def previous() -> Manifest:
        if reads is not None:
            reads.append(1)
        return BEFORE
    return veto_names(Vetoes(frozenset(pairs)), TEXTS, previous, str)


# The graph built: the reworded finding's claim under its kept name, stating the finding's words now.
BUILT = Manifest({SLUG: Facts(((KEPT, "claim"),), ((KEPT, "title: Caching cuts the latency of graph reads by half"),
                                                    (KEPT, "section:key-finding-1"))),
                  OTHER: Facts(((TARGET, "claim"),), ((TARGET, "title: Graphs need caches"),
                                                      (TARGET, "section:key-finding-1")))})


def test_a_veto_by_the_name_the_graph_shows_vetoes_the_plan_s_pair_and_is_no_stale_veto() -> None:
    names = _names((TARGET, KEPT))
    assert (TARGET, FRESH) in names.pairs and (TARGET, KEPT) in names.pairs
    assert KEPT in names.claims_of(BUILT)(SLUG)


def test_a_veto_by_the_name_the_finding_s_words_make_is_its_claim_s_too() -> None:
    names = _names((FRESH, TARGET))
    assert names.pairs == {(FRESH, TARGET)}  # the plan's names already
    assert FRESH in names.claims_of(BUILT)(SLUG) and TARGET in names.claims_of(BUILT)(OTHER)


def test_a_name_no_claim_has_stays_absent_so_the_build_warns() -> None:
    typo = KEPT + "x"
    names = _names((typo, TARGET))
    assert names.pairs == {(typo, TARGET)}
    assert typo not in names.claims_of(BUILT)(SLUG)


def test_the_committed_manifest_is_read_only_for_a_name_the_findings_make_no_more() -> None:
    # (the warning's lookup reads the built manifest, which the build holds: no file is read after the write)
    reads: list[int] = []
    names = _names((FRESH, TARGET), reads=reads)
    assert names.claims_of(BUILT)(OTHER) == {TARGET} and FRESH in names.claims_of(BUILT)(SLUG) and not reads
    assert not _names(reads=reads).pairs and not reads  # no veto file: nothing read
    _names((KEPT, TARGET), reads=reads)
    assert reads == [1]


def test_a_veto_file_of_thousands_of_entries_is_checked_in_time_linear_in_its_size() -> None:
    # Each veto's claims were looked up by scanning every veto's names again: 10,000 entries took 127 s of a
    # 14 s build of the 273-item corpus.  5,000 names no claim has, each warned of, within a second's CPU.
    pairs = frozenset((f"claim:{SLUG}:gone-{n}", TARGET) for n in range(5000))
    vetoes = Vetoes(pairs, "kgsync-veto.yml", (), {pair: line for line, pair in enumerate(sorted(pairs), 2)})
    started = time.process_time()
    names = veto_names(vetoes, TEXTS, lambda: BEFORE, str)
    stale = unmatched_vetoes(vetoes, names.claims_of(BUILT))
    assert len(stale) == 5000 and time.process_time() - started < 1.0


MOVED = "2026-03-09-alpha-moved"
# ``git mv`` of alpha: the same finding under a new slug, alpha gone from the items.
MOVED_TEXTS = {MOVED: EvidenceText(MOVED, (), (ClaimText(1, "caching-halves-latency", "Caching halves the latency of graph reads"),)),
               OTHER: TEXTS[OTHER]}
MOVED_BUILT = Manifest({MOVED: Facts(((f"claim:{MOVED}:caching-halves-latency", "claim"),)), OTHER: BUILT.by_item[OTHER]})


def test_a_veto_of_a_renamed_item_s_claim_holds_for_its_new_claim_and_is_warned_with_the_new_name() -> None:
    new = f"claim:{MOVED}:caching-halves-latency"
    pairs = frozenset({(KEPT, TARGET)})
    vetoes = Vetoes(pairs, "kgsync-veto.yml", (), {(KEPT, TARGET): 2})
    names = veto_names(vetoes, MOVED_TEXTS, lambda: BEFORE, str)
    assert (new, TARGET) in names.pairs and (KEPT, TARGET) in names.pairs
    assert not unmatched_vetoes(vetoes, names.claims_of(MOVED_BUILT)), "no 'vetoes nothing': it holds"
    [warning] = renamed_vetoes(vetoes, names.renamed_in(MOVED_BUILT))
    assert warning.location.line == 2 and SLUG in warning.message and MOVED in warning.message
    assert new in warning.hint


def test_no_renamed_item_when_two_new_items_hold_the_same_findings() -> None:
    twin = "2026-03-10-alpha-twin"
    texts = {**MOVED_TEXTS, twin: EvidenceText(twin, (), MOVED_TEXTS[MOVED].claims)}
    names = veto_names(Vetoes(frozenset({(KEPT, TARGET)})), texts, lambda: BEFORE, str)
    assert names.pairs == {(KEPT, TARGET)}, "ambiguous: the old names only, and the build warns"
